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

/// Reads the first line of standard input and serves Popeye or UCI accordingly. The first line
/// is read under the UCI engine's line limit like every other: of a longer line only the limit
/// is held, and the engine reads and reports the rest as it does any too-long line.
pub fn run() -> ExitCode {
    let mut stdin = io::stdin().lock();
    if stdin.is_terminal() {
        let mut out = io::stdout().lock();
        // A closed stdout shows up at the first answer; the banner itself is a courtesy.
        let _ = writeln!(out, "{}", banner()).and_then(|()| out.flush());
    }
    let mut first = Vec::new();
    let limit = crate::uci::MAX_LINE_BYTES as u64 + 1;
    if let Err(e) = stdin.by_ref().take(limit).read_until(b'\n', &mut first) {
        eprintln!("error: reading standard input: {e}");
        return ExitCode::from(2);
    }
    let first_text = crate::popeye::invocation::decode(&first);
    if crate::popeye::invocation::looks_like_popeye(&first_text) {
        // Read as `mateproof popeye` reads its input: a byte-order mark or Latin-1 is no error.
        let mut rest = Vec::new();
        if let Err(e) = stdin.read_to_end(&mut rest) {
            eprintln!("error: reading standard input: {e}");
            return ExitCode::from(2);
        }
        // A Popeye run, not a UCI session: a closed output ends it (status 141).
        crate::util::interrupt::end_on_closed_output();
        let invocation = crate::popeye::invocation::Invocation::default();
        let text = first_text + &crate::popeye::invocation::decode(&rest);
        return crate::popeye::invocation::run_texts(&[text], &invocation);
    }
    match crate::uci::run(Cursor::new(first).chain(stdin), io::stdout()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
