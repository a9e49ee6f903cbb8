//! `mateproof` with no arguments: Popeye input or UCI on standard input. The first line
//! decides: Popeye's first keyword (`BeginProblem`, `AnfangProblem`, `DebutProbleme` or a
//! unique prefix of one) makes it a Popeye run over all of standard input; anything else is
//! the UCI engine, which then also receives that first line.
//!
//! On a terminal it first names itself in one line, as Stockfish does; through a pipe (a GUI,
//! python-chess, a script) it writes nothing of its own, so every client sees only answers.

use std::io::{self, BufRead, Cursor, IsTerminal, Read, Write};

/// The line a person at a terminal sees first.
pub fn banner() -> String {
    format!(
        "Mateproof {} by the Mateproof developers (GPL-3.0-or-later): UCI, or Popeye input from BeginProblem",
        env!("CARGO_PKG_VERSION")
    )
}
use std::process::ExitCode;

/// Reads the first line of standard input and serves Popeye or UCI accordingly.
pub fn run() -> ExitCode {
    let mut stdin = io::stdin().lock();
    if stdin.is_terminal() {
        let mut out = io::stdout().lock();
        // A closed stdout shows up at the first answer; the banner itself is a courtesy.
        let _ = writeln!(out, "{}", banner()).and_then(|()| out.flush());
    }
    let mut first = Vec::new();
    if let Err(e) = stdin.read_until(b'\n', &mut first) {
        eprintln!("error: reading standard input: {e}");
        return ExitCode::from(2);
    }
    let first_text = String::from_utf8_lossy(&first).into_owned();
    if crate::popeye::cli::looks_like_popeye(&first_text) {
        let mut rest = String::new();
        if let Err(e) = stdin.read_to_string(&mut rest) {
            eprintln!("error: reading standard input: {e}");
            return ExitCode::from(2);
        }
        let invocation = crate::popeye::cli::Invocation::default();
        return crate::popeye::cli::run_texts(&[first_text + &rest], &invocation);
    }
    match crate::uci::run(Cursor::new(first).chain(stdin), io::stdout()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
