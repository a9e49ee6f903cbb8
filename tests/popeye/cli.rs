//! `mateproof popeye` as a command: Popeye's flags in both spellings, input from a file or
//! standard input, exit status 1 for a file without `EndProblem`, 2 for a bad flag.

use mateproof::reference::shared;
use std::io::Write;
use std::process::{Command, Stdio};

fn mateproof(args: &[&str], stdin: &str) -> (String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mateproof"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn file_argument_and_regression_flag_give_popeyes_text() {
    let Some(inp) = shared("popeye/features/f18_german.inp") else {
        return;
    };
    let expected = std::fs::read_to_string(inp.with_extension("out")).expect("Popeye's output");
    let inp = inp.to_str().expect("a UTF-8 path");
    for flag in ["-regression", "--regression"] {
        let (text, status) = mateproof(&["popeye", flag, inp], "");
        assert_eq!((text.as_str(), status), (expected.as_str(), 0), "{flag}");
    }
    let (banner, _) = mateproof(&["popeye", "-maxtime", "30", inp], "");
    assert!(
        banner.starts_with("Mateproof") && banner.contains("Loesung beendet. Zeit = "),
        "{banner}"
    );
}

#[test]
fn stdin_without_end_problem_is_solved_but_fails() {
    let (text, status) = mateproof(
        &["popeye", "-regression"],
        "BeginProblem\nPieces White Kb6 Pa7 Black Ka8 Se8\nStipulation #2\n",
    );
    assert!(text.ends_with("solution finished.\n\n\n"), "{text}");
    assert_eq!(status, 1);
}

#[test]
fn unknown_flag_is_refused() {
    assert_eq!(mateproof(&["popeye", "-fast"], "").1, 2);
}
