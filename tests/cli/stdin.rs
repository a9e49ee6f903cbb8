//! `mateproof` with no arguments tells Popeye input from UCI by the first line of stdin.

use mateproof::reference::shared_text;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

fn run_with_stdin(input: &str) -> (String, i32) {
    run_with_bytes(&[], input.as_bytes())
}

fn run_with_bytes(args: &[&str], input: &[u8]) -> (String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mateproof"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input)
        .expect("input written");
    let out = child.wait_with_output().expect("the binary ends");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn popeye_input_on_stdin_is_solved_as_popeye() {
    // German keywords, abbreviated, select Popeye too.
    let (out, _) = run_with_stdin("anfang\nsteine weiss ka6 tc6 schwarz kb8 bc5\nford #2\nende\n");
    assert!(out.contains("1.Tc6*c5 !"), "{out}");
    let Some(input) = shared_text("popeye/features/f01_2mover_keys_only.inp") else {
        return;
    };
    let (out, status) = run_with_stdin(&input);
    assert_eq!(status, 0);
    assert!(out.contains("   1.Ba8-h1 !\n"), "{out}");
    assert!(out.contains("solution finished."), "{out}");
}

#[test]
fn anything_else_is_uci() {
    let (out, status) = run_with_stdin("uci\nisready\nquit\n");
    assert_eq!(status, 0);
    assert!(out.contains("id name Mateproof"), "{out}");
    assert!(out.trim_end().ends_with("readyok"), "{out}");
    // End of input is `quit`, which owes no `bestmove`: wait for it before closing the input.
    let mut child = Command::new(env!("CARGO_BIN_EXE_mateproof"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    stdin
        .write_all(b"position startpos moves e2e4\ngo depth 1\n")
        .expect("input written");
    let stdout = BufReader::new(child.stdout.take().expect("stdout is piped"));
    let mut seen = Vec::new();
    for line in stdout.lines() {
        let line = line.expect("a line of output");
        let done = line.starts_with("bestmove ");
        seen.push(line);
        if done {
            break;
        }
    }
    drop(stdin);
    child.wait().expect("the binary ends");
    assert!(
        seen.last().is_some_and(|l| l.starts_with("bestmove ")),
        "{seen:?}"
    );
}

/// A byte-order mark and Latin-1 bytes (an author's name) are read on stdin as they are from
/// a file, by `mateproof popeye` and by `mateproof` alone.
#[test]
fn a_byte_order_mark_and_latin1_are_read_on_stdin() {
    let problem: &[u8] =
        b"\xEF\xBB\xBFBeginProblem\nAuthor Jos\xE9\nPieces White Kg6 Rb1 Black Kh8\nStipulation #1\nEndProblem\n";
    for args in [&[][..], &["popeye"][..]] {
        let (out, status) = run_with_bytes(args, problem);
        assert!(out.contains("   1.Rb1-b8 # !"), "{args:?}: {out}");
        assert_eq!(status, 0, "{args:?}: {out}");
    }
}
