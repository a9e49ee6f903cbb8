//! Where `suite --json X` and `suite-merge --json X` write, in a scratch folder: a regular file
//! is replaced whole (also at the end of a symbolic link, which stays a link), a FIFO's reader
//! gets the report and the FIFO stays a FIFO, `/dev/stdout` prints it, a character device made
//! in the scratch folder (when this user may make one) is written into and stays a device. And
//! an interrupted run's report says the exit status the process ends with.

use std::io::{BufRead, BufReader, Read};
use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const QUICK: &str = "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; dm 1; id \"quick\";\n";

fn mateproof() -> Command {
    Command::new(env!("CARGO_BIN_EXE_mateproof"))
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mateproof-dest-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

fn suite_json(input: &Path, json: &Path) -> std::process::Output {
    mateproof()
        .args(["suite", "-q", "--threads", "1"])
        .arg(input)
        .arg("--json")
        .arg(json)
        .output()
        .unwrap()
}

fn is_report(text: &str) -> bool {
    serde_json::from_str::<serde_json::Value>(text)
        .is_ok_and(|v| v["format"] == "mateproof-suite-report")
}

#[test]
fn a_symbolic_link_is_written_through() {
    let dir = scratch("link");
    let input = dir.join("suite.epd");
    std::fs::write(&input, QUICK).unwrap();
    let target = dir.join("target.json");
    std::fs::write(&target, "old").unwrap();
    let link = dir.join("link.json");
    std::os::unix::fs::symlink("target.json", &link).unwrap();
    assert_eq!(suite_json(&input, &link).status.code(), Some(0));
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(is_report(&std::fs::read_to_string(&target).unwrap()));
    // A dangling link makes its target.
    std::fs::remove_file(&target).unwrap();
    assert_eq!(suite_json(&input, &link).status.code(), Some(0));
    assert!(is_report(&std::fs::read_to_string(&target).unwrap()));
    // suite-merge writes the same way.
    let merged = dir.join("merged-link.json");
    std::os::unix::fs::symlink("merged.json", &merged).unwrap();
    let out = mateproof()
        .arg("suite-merge")
        .arg(&target)
        .arg("--json")
        .arg(&merged)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(std::fs::symlink_metadata(&merged)
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(is_report(
        &std::fs::read_to_string(dir.join("merged.json")).unwrap()
    ));
}

#[test]
fn a_fifo_gets_the_report_and_stays_a_fifo() {
    let dir = scratch("fifo");
    let input = dir.join("suite.epd");
    std::fs::write(&input, QUICK).unwrap();
    let fifo = dir.join("report.fifo");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    for command in ["suite", "suite-merge"] {
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || {
                let mut text = String::new();
                std::fs::File::open(&fifo)
                    .unwrap()
                    .read_to_string(&mut text)
                    .unwrap();
                text
            })
        };
        let out = if command == "suite" {
            suite_json(&input, &fifo)
        } else {
            let report = dir.join("report.json");
            assert_eq!(suite_json(&input, &report).status.code(), Some(0));
            mateproof()
                .args(["suite-merge"])
                .arg(&report)
                .arg("--json")
                .arg(&fifo)
                .output()
                .unwrap()
        };
        assert_eq!(out.status.code(), Some(0), "{command}");
        assert!(is_report(&reader.join().unwrap()), "{command}");
        assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    }
}

#[test]
fn dev_stdout_prints_the_report() {
    let dir = scratch("stdout");
    let input = dir.join("suite.epd");
    std::fs::write(&input, QUICK).unwrap();
    let out = suite_json(&input, Path::new("/dev/stdout"));
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    let start = text.find("{\"format\"").expect("the report on stdout");
    let end = text[start..].find("}}\n").expect("its end") + start + 2;
    assert!(is_report(&text[start..end]), "{text}");
    // Into a file the shell opened: the report and the table both land in it, in order.
    let file = dir.join("out.txt");
    let status = mateproof()
        .args(["suite", "-q", "--threads", "1"])
        .arg(&input)
        .args(["--json", "/dev/stdout"])
        .stdout(std::fs::File::create(&file).unwrap())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(0));
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.contains("mateproof-suite-report") && text.contains(" total "),
        "{text}"
    );
}

#[test]
fn a_character_device_is_written_into_never_replaced() {
    let dir = scratch("device");
    let input = dir.join("suite.epd");
    std::fs::write(&input, QUICK).unwrap();
    let device = dir.join("null");
    // A null device of our own (major 1, minor 3), never the machine's /dev/null.
    let made = Command::new("mknod")
        .arg(&device)
        .args(["c", "1", "3"])
        .stderr(Stdio::null())
        .status();
    if !made.is_ok_and(|s| s.success()) {
        println!(
            "skipped: cannot make a character device here (needs root, a mount without nodev)"
        );
        return;
    }
    let out = suite_json(&input, &device);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(std::fs::metadata(&device)
        .unwrap()
        .file_type()
        .is_char_device());
    let leftovers = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().contains("partial"))
        .count();
    assert_eq!(leftovers, 0);
}

#[test]
fn an_interrupted_report_says_the_exit_status_of_the_process() {
    let dir = scratch("interrupted");
    let input = dir.join("suite.epd");
    std::fs::write(
        &input,
        format!("{QUICK}8/8/8/4k3/8/8/8/KR6 w - - dm 14; id \"slow\";\n"),
    )
    .unwrap();
    let json = dir.join("report.json");
    let mut child = mateproof()
        .args(["suite", "-q", "-v", "--threads", "1"])
        .arg(&input)
        .arg("--json")
        .arg(&json)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    assert!(lines.next().unwrap().unwrap().starts_with("solved"));
    let ok = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(ok.success());
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the run did not end"
        );
        std::thread::sleep(Duration::from_millis(10));
    };
    assert_eq!(status.code(), Some(130));
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(report["interrupted"], true);
    assert_eq!(report["summary"]["exit_status"], 130);
}
