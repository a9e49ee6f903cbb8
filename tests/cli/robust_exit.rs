//! How the process ends when its caller loses patience (protocol/errors.md, "Ending the
//! process"): `quit` while the solver works, end of input while a search runs, SIGTERM in every
//! mode, and a reader that closes the engine's output.
//!
//! Each case starts work that would run for minutes or forever, ends it from outside, and checks
//! that the process is gone with the stated status and left no half-written line. Nothing is
//! timed: the only clock is a hang guard far above what a prompt exit needs and far below what
//! the interrupted work would take (the elapsed time is printed for the curious).

use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::ExitStatusExt;
use std::process::{Child, ChildStdout, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use mateproof::reference::shared_text;

const HANG_GUARD: Duration = Duration::from_secs(20);

/// The first position of the classic long-mate suite (#10 or longer) with its mate length:
/// proving it takes the solver far longer than the hang guard. `None`: the shared reference
/// data is absent and the test skips.
fn long_mate() -> Option<(String, u32)> {
    let text = shared_text("suites/classic280.epd")?;
    let line = text
        .lines()
        .find(|l| !l.trim().is_empty())
        .expect("a position");
    let fields: Vec<&str> = line.split_whitespace().collect();
    let moves = line
        .split_once("bm #")
        .and_then(|(_, after)| after.split(';').next())
        .and_then(|n| n.trim().parse().ok())
        .expect("a bm #N operation");
    Some((fields[..4].join(" "), moves))
}

fn engine(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_mateproof"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cannot start the mateproof binary")
}

fn send(child: &mut Child, line: &str) {
    let stdin = child.stdin.as_mut().expect("stdin open");
    writeln!(stdin, "{line}")
        .and_then(|_| stdin.flush())
        .expect("the engine reads");
}

/// Reads stdout lines until one starts with `prefix` (the reader is handed back for later use).
fn wait_for(stdout: &mut BufReader<ChildStdout>, prefix: &str) {
    let mut line = String::new();
    loop {
        line.clear();
        let n = stdout.read_line(&mut line).expect("readable output");
        assert!(
            n > 0,
            "the engine ended before a line starting with '{prefix}'"
        );
        if line.starts_with(prefix) {
            return;
        }
    }
}

/// Waits for the process to end (within the hang guard) and returns its status, the rest of
/// its output, and how long it took.
fn ended(
    mut child: Child,
    stdout: Option<BufReader<ChildStdout>>,
) -> (ExitStatus, Vec<u8>, Duration) {
    let started = Instant::now();
    let reader = std::thread::spawn(move || {
        let mut rest = Vec::new();
        if let Some(mut stdout) = stdout {
            let _ = stdout.read_to_end(&mut rest);
        }
        rest
    });
    loop {
        if let Some(status) = child.try_wait().expect("waitable") {
            let rest = reader.join().expect("reader thread");
            return (status, rest, started.elapsed());
        }
        if started.elapsed() > HANG_GUARD {
            let _ = child.kill();
            panic!("the process did not end within {HANG_GUARD:?}");
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

fn sigterm(child: &Child) {
    let pid = libc::pid_t::try_from(child.id()).expect("a pid fits pid_t");
    // SAFETY: kill(2) on our own child's pid; no memory is touched.
    let result = unsafe { libc::kill(pid, libc::SIGTERM) };
    assert_eq!(result, 0, "kill failed");
}

fn assert_whole_lines(rest: &[u8]) {
    assert!(
        rest.is_empty() || rest.ends_with(b"\n"),
        "a half-written line was left: {:?}",
        String::from_utf8_lossy(&rest[rest.len().saturating_sub(80)..])
    );
}

#[test]
fn quit_while_the_solver_works_ends_the_process() {
    let Some((fen, moves)) = long_mate() else {
        return;
    };
    let mut child = engine(&[]);
    let mut stdout = BufReader::new(child.stdout.take().expect("piped"));
    send(&mut child, &format!("position fen {fen}"));
    send(&mut child, &format!("go mate {moves}"));
    send(&mut child, "isready");
    wait_for(&mut stdout, "readyok"); // the search is running now
    std::thread::sleep(Duration::from_millis(300));
    send(&mut child, "quit");
    let (status, rest, took) = ended(child, Some(stdout));
    println!("quit during go mate {moves}: exited after {took:?}");
    assert_eq!(status.code(), Some(0), "{status}");
    assert_whole_lines(&rest);
}

#[test]
fn end_of_input_while_searching_ends_the_process() {
    let mut child = engine(&["uci"]);
    let mut stdout = BufReader::new(child.stdout.take().expect("piped"));
    send(&mut child, "position startpos");
    send(&mut child, "go infinite");
    wait_for(&mut stdout, "info depth 3 ");
    drop(child.stdin.take());
    let (status, rest, took) = ended(child, Some(stdout));
    println!("end of input during go infinite: exited after {took:?}");
    assert_eq!(status.code(), Some(0), "{status}");
    assert_whole_lines(&rest);
}

#[test]
fn sigterm_ends_the_uci_engine_mid_search() {
    let mut child = engine(&[]);
    let mut stdout = BufReader::new(child.stdout.take().expect("piped"));
    send(&mut child, "position startpos");
    send(&mut child, "go infinite");
    wait_for(&mut stdout, "info depth 3 ");
    sigterm(&child);
    let (status, rest, took) = ended(child, Some(stdout));
    println!("SIGTERM during go infinite: ended after {took:?}");
    assert_eq!(status.signal(), Some(libc::SIGTERM), "{status}");
    assert_whole_lines(&rest);
}

#[test]
fn sigterm_ends_a_popeye_run_keeping_finished_problems() {
    // A quick problem, then the #6 that takes seconds: the first one's solution is on stdout
    // before the signal arrives, and stays there.
    let Some(slow) = shared_text("popeye/timing/T09_m6_chestuci_l301.inp") else {
        return;
    };
    let quick = "BeginProblem\nPieces White Kg6 Rb1 Black Kh8\nStipulation #1\nOption NoBoard\nNextProblem\n";
    let input = format!(
        "{quick}{}",
        slow.trim_start().trim_start_matches("BeginProblem")
    );
    let dir = std::env::temp_dir().join(format!("mateproof-robust-exit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary folder");
    let file = dir.join("two.inp");
    std::fs::write(&file, input).expect("temporary file");
    let mut child = engine(&["popeye", "-regression", file.to_str().expect("UTF-8 path")]);
    let mut stdout = BufReader::new(child.stdout.take().expect("piped"));
    wait_for(&mut stdout, "solution finished.");
    sigterm(&child);
    let (status, rest, took) = ended(child, Some(stdout));
    println!("SIGTERM during a Popeye #6: ended after {took:?}");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(status.signal(), Some(libc::SIGTERM), "{status}");
    assert_whole_lines(&rest);
}

#[test]
fn sigterm_ends_solve() {
    let Some((fen, moves)) = long_mate() else {
        return;
    };
    let mut child = engine(&["solve", "--fen", &fen, "--mate", &moves.to_string()]);
    drop(child.stdin.take());
    let stdout = BufReader::new(child.stdout.take().expect("piped"));
    std::thread::sleep(Duration::from_millis(300));
    sigterm(&child);
    let (status, rest, _) = ended(child, Some(stdout));
    assert_eq!(status.signal(), Some(libc::SIGTERM), "{status}");
    assert_whole_lines(&rest);
}

#[test]
fn a_closed_output_ends_the_engine() {
    let mut child = engine(&[]);
    drop(child.stdout.take()); // the GUI went away
    let started = Instant::now();
    // Each line answered is a write into the closed pipe; the engine must notice and leave.
    let mut status = None;
    while started.elapsed() < HANG_GUARD {
        let stdin = child.stdin.as_mut().expect("stdin open");
        if writeln!(stdin, "isready")
            .and_then(|_| stdin.flush())
            .is_err()
        {
            break; // it has closed its input: it is gone or going
        }
        if let Some(s) = child.try_wait().expect("waitable") {
            status = Some(s);
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let status = match status {
        Some(s) => s,
        None => {
            drop(child.stdin.take());
            ended(child, None).0
        }
    };
    assert_eq!(status.code(), Some(0), "{status}");
}

/// `mateproof perft 6 2>&1 | true`: the reader is gone before the count is written, so the
/// first write meets a closed pipe, and the process ends quietly (no panic message on the
/// closed stderr either) with 128 + SIGPIPE, as `| head -1` ends it mid-output.
#[test]
fn a_closed_output_ends_perft_quietly() {
    let out = Command::new("bash")
        .args([
            "-c",
            "\"$0\" perft 6 2>&1 | true; echo \"status ${PIPESTATUS[0]}\"",
            env!("CARGO_BIN_EXE_mateproof"),
        ])
        .output()
        .expect("bash runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.trim(), "status 141", "{text}");
}
