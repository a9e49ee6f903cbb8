//! One rule for a closed output (README, "Rules every front end shares"): every command whose
//! reader is gone ends at once and quietly with status 141 to the shell (128 + SIGPIPE) — by
//! the signal itself, or, for `suite`, which finishes its report first, by that exit status —
//! and the UCI engine ends its session with status 0, as `quit` does. Each command runs with
//! its standard output a pipe whose reading end is already closed, so its first write fails.

use std::io::Write;
use std::os::fd::{FromRawFd, OwnedFd};
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, ExitStatus, Stdio};

/// A pipe's writing end whose reading end is closed.
fn closed_pipe() -> OwnedFd {
    let mut fds = [0; 2];
    // SAFETY: `fds` has room for the two descriptors pipe() writes.
    assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0, "pipe");
    // SAFETY: both descriptors are fresh and ours; the reading end is closed at once and the
    // writing end handed to an OwnedFd that closes it.
    unsafe {
        libc::close(fds[0]);
        OwnedFd::from_raw_fd(fds[1])
    }
}

/// Runs `mateproof args` with `input` on stdin and a closed stdout; its status and stderr.
fn run_closed(args: &[&str], input: &str) -> (ExitStatus, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mateproof"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::from(closed_pipe()))
        .stderr(Stdio::piped())
        .spawn()
        .expect("mateproof starts");
    let mut stdin = child.stdin.take().expect("stdin");
    // The engine may end before it reads everything: a failed write here is no failure.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    let out = child.wait_with_output().expect("mateproof ends");
    (
        out.status,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Status 141 as the shell sees it: killed by SIGPIPE, or exited with 141.
fn is_141(status: ExitStatus) -> bool {
    status.signal() == Some(libc::SIGPIPE) || status.code() == Some(141)
}

fn example(name: &str) -> String {
    format!("{}/testsuites/{name}", env!("CARGO_MANIFEST_DIR"))
}

const TWO_MOVER: &str = "b2K4/2p5/3k4/1Q6/5P2/1B6/8/8 w - - 0 1";

#[test]
fn every_command_ends_with_141_on_a_closed_output() {
    let popeye = example("examples/composed-2mover.inp");
    let suite = example("suites-small/clean.epd");
    let report = std::env::temp_dir().join(format!("mateproof-closed-{}.json", std::process::id()));
    let report = report.to_string_lossy().into_owned();
    // A report for suite-merge to read, written with an open output.
    let made = Command::new(env!("CARGO_BIN_EXE_mateproof"))
        .args(["suite", "-q", "--json", &report, &suite])
        .stdout(Stdio::null())
        .status()
        .expect("suite runs");
    assert!(made.success(), "{made}");
    let commands: Vec<Vec<&str>> = vec![
        vec!["solve", "--fen", TWO_MOVER, "--mate", "2"],
        vec!["solve", "--fen", TWO_MOVER, "--mate", "2", "--json"],
        vec![
            "solve",
            "--fen",
            "3K4/8/8/2RP4/8/1kN5/3p4/8 b - - 0 1",
            "--stip",
            "h#2",
        ],
        vec![
            "solve",
            "--fen",
            "3K4/8/8/2RP4/8/1kN5/3p4/8 b - - 0 1",
            "--stip",
            "h#2",
            "--json",
        ],
        vec!["perft", "3"],
        vec!["popeye", &popeye],
        vec!["popeye", "-regression", &popeye],
        vec!["suite", &suite],
        vec!["suite-merge", &report],
        vec!["score", "--fen", TWO_MOVER],
        vec!["compose", "--fen", TWO_MOVER, "--depth", "1"],
        vec!["classify", "--fen", TWO_MOVER, "--plies", "3"],
        vec!["grundy", "--piece", "king", "--partition", "3,2"],
        vec!["pieces"],
        vec!["piece-info", "rook"],
        vec![
            "fairy-keys",
            "--pieces",
            "White Kg2 Rb8 Black Kh4",
            "--mate",
            "1",
        ],
    ];
    let mut failures = Vec::new();
    for args in &commands {
        let (status, stderr) = run_closed(args, "");
        if !is_141(status) || !stderr.trim().is_empty() {
            failures.push(format!("{args:?}: {status}, stderr {stderr:?}"));
        }
    }
    // Popeye input on stdin, with no subcommand.
    let input = std::fs::read_to_string(&popeye).expect("the example");
    let (status, stderr) = run_closed(&[], &input);
    if !is_141(status) || !stderr.trim().is_empty() {
        failures.push(format!("popeye on stdin: {status}, stderr {stderr:?}"));
    }
    let _ = std::fs::remove_file(&report);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_uci_engine_ends_its_session_with_0_on_a_closed_output() {
    for args in [&["uci"][..], &[]] {
        let (status, _) = run_closed(args, "uci\nisready\ngo depth 3\n");
        assert_eq!(status.code(), Some(0), "{args:?}: {status}");
    }
}
