//! A suite run that is cut short — by a signal (what Slurm sends at a time limit), by a reader
//! that closes the output, or by a careless `--json` that names an input — never loses data:
//! the input is untouched, the report path holds a whole JSON report (the old one until the
//! run ends), and the report of an interrupted run says so. `suite-merge` accepts interrupted
//! shards and says so, and refuses a shard whose positions were removed.

use mateproof::suite::report::{merge, read_report};
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A mate in one, then positions that take far longer than the test waits (K+R against K,
/// claimed `dm 14`: the search runs for seconds).
const SLOW_SUITE: &str = "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; dm 1; id \"quick\";\n\
    8/8/8/4k3/8/8/8/KR6 w - - dm 14; id \"slow 1\";\n\
    8/8/8/3k4/8/8/8/KR6 w - - dm 14; id \"slow 2\";\n\
    8/8/8/4k3/8/8/8/K1R5 w - - dm 14; id \"slow 3\";\n";

fn dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "mateproof-suite-interrupt-{}-{name}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).expect("temporary folder");
    dir
}

fn mateproof() -> Command {
    Command::new(env!("CARGO_BIN_EXE_mateproof"))
}

#[test]
fn the_report_may_not_overwrite_an_input() {
    let dir = dir("same");
    let input = dir.join("mine.epd");
    std::fs::write(&input, SLOW_SUITE).unwrap();
    let link = dir.join("link.epd");
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink(&input, &link).unwrap();
    for json in [&input, &link] {
        let out = mateproof()
            .args(["suite", "-q", "--threads", "1"])
            .arg(&input)
            .arg("--json")
            .arg(json)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{json:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("that is the input file"), "{err}");
        assert_eq!(std::fs::read_to_string(&input).unwrap(), SLOW_SUITE);
    }
}

/// Runs the slow suite, waits for the quick entry's line, then lets `interrupt` end the run;
/// returns the exit status and the report.
type Output = std::io::Lines<BufReader<std::process::ChildStdout>>;

fn interrupted_run(
    name: &str,
    interrupt: impl FnOnce(&mut std::process::Child, Output) -> Option<Output>,
) -> (Option<i32>, serde_json::Value) {
    let dir = dir(name);
    let input = dir.join("suite.epd");
    std::fs::write(&input, SLOW_SUITE).unwrap();
    let json = dir.join("report.json");
    std::fs::write(&json, "{\"old\": true}").unwrap();
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
    let first = lines.next().expect("a line").unwrap();
    assert!(first.starts_with("solved"), "{first}");
    // The old report stays whole while the run goes.
    assert_eq!(std::fs::read_to_string(&json).unwrap(), "{\"old\": true}");
    let rest = interrupt(&mut child, lines);
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the run did not end"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    drop(rest);
    let text = std::fs::read_to_string(&json).unwrap();
    let value: serde_json::Value = serde_json::from_str(&text).expect("a whole JSON report");
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().contains("partial"))
        .collect();
    assert!(leftovers.is_empty(), "temporary file left behind");
    (status.code(), value)
}

fn kill(child: &std::process::Child, signal: &str) {
    let ok = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(ok.success());
}

#[test]
fn sigterm_finishes_the_report_as_interrupted() {
    for (signal, status) in [("-TERM", 143), ("-INT", 130), ("-HUP", 129)] {
        let (code, report) = interrupted_run(&signal[1..], |child, output| {
            kill(child, signal);
            Some(output)
        });
        assert_eq!(code, Some(status), "{signal}");
        assert_eq!(report["interrupted"], true, "{signal}");
        let positions = report["positions"].as_array().unwrap();
        assert_eq!(
            positions.len(),
            1,
            "{signal}: only the quick entry was finished"
        );
        assert_eq!(report["summary"]["total"]["count"], 1);
    }
}

#[test]
fn a_closed_output_finishes_the_report_as_interrupted() {
    let (code, report) = interrupted_run("closed", |_, output| {
        drop(output);
        None
    });
    // The reader is gone; the next line (or the summary) meets a closed pipe.
    assert_eq!(code, Some(141));
    assert_eq!(report["interrupted"], true);
}

/// `mateproof suite-merge FIRST OTHER`, with `report` written to OTHER.
fn merge_command(
    first: &std::path::Path,
    other: &std::path::Path,
    report: &mateproof::suite::report::Report,
) -> std::process::Output {
    let file = std::fs::File::create(other).unwrap();
    mateproof::suite::report::write_report(file, report).unwrap();
    mateproof()
        .arg("suite-merge")
        .args([first, other])
        .output()
        .unwrap()
}

#[test]
fn merge_accepts_interrupted_shards_and_refuses_edited_ones() {
    let dir = dir("merge");
    let input = dir.join("quick.epd");
    let line = "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; dm 1;\n";
    std::fs::write(&input, line.repeat(6)).unwrap();
    let mut shards = Vec::new();
    for k in 1..=2 {
        let json = dir.join(format!("shard{k}.json"));
        let out = mateproof()
            .args([
                "suite",
                "-q",
                "--threads",
                "1",
                "--shard",
                &format!("{k}/2"),
            ])
            .arg(&input)
            .arg("--json")
            .arg(&json)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        shards.push(json);
    }
    let whole = merge(
        shards
            .iter()
            .map(|p| (p.display().to_string(), read_report(p).unwrap()))
            .collect(),
    )
    .expect("whole shards merge");
    assert_eq!(whole.positions.len(), 6);

    // An interrupted shard (its last entry never reported) is merged, and said to be.
    let mut cut = read_report(&shards[1]).unwrap();
    cut.positions.pop();
    cut.interrupted = true;
    cut.summary = cut
        .positions
        .iter()
        .collect::<mateproof::suite::summary::Summary>()
        .json();
    let out = merge_command(&shards[0], &dir.join("cut.json"), &cut);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("cut.json: interrupted; its 2 positions"),
        "{text}"
    );
    assert_eq!(out.status.code(), Some(0));

    // A shard whose positions were removed (not marked interrupted) is refused.
    let mut edited = read_report(&shards[1]).unwrap();
    edited.positions.remove(1);
    let out = merge_command(&shards[0], &dir.join("edited.json"), &edited);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("positions were removed"), "{err}");
    // Even with its summary rebuilt to match, the gap is seen.
    edited.summary = edited
        .positions
        .iter()
        .collect::<mateproof::suite::summary::Summary>()
        .json();
    let value = merge(vec![
        ("a".into(), read_report(&shards[0]).unwrap()),
        ("b".into(), edited),
    ]);
    assert!(value
        .unwrap_err()
        .to_string()
        .contains("positions were removed"));
}
