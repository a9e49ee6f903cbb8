//! `mateproof` with no arguments: Popeye input or UCI on standard input. The first line
//! decides: Popeye's first keyword (`BeginProblem`, `AnfangProblem`, `DebutProbleme` or a
//! unique prefix of one) makes it a Popeye run over all of standard input; anything else is
//! the UCI engine, which then also receives that first line.

use std::io::{self, BufRead, Cursor, Read};
use std::process::ExitCode;

/// Reads the first line of standard input and serves Popeye or UCI accordingly. The first line
/// is read under the UCI engine's line limit like every other: of a longer line only the limit
/// is held, and the engine reads and reports the rest as it does any too-long line.
pub fn run() -> ExitCode {
    let mut stdin = io::stdin().lock();
    let mut first = Vec::new();
    let limit = crate::uci::MAX_LINE_BYTES as u64 + 1;
    if let Err(e) = stdin.by_ref().take(limit).read_until(b'\n', &mut first) {
        eprintln!("error: reading standard input: {e}");
        return ExitCode::from(2);
    }
    let first_text = crate::popeye::cli::decode(&first);
    if crate::popeye::cli::looks_like_popeye(&first_text) {
        // Read as `mateproof popeye` reads its input: a byte-order mark or Latin-1 is no error.
        let mut rest = Vec::new();
        if let Err(e) = stdin.read_to_end(&mut rest) {
            eprintln!("error: reading standard input: {e}");
            return ExitCode::from(2);
        }
        let invocation = crate::popeye::cli::Invocation::default();
        let text = first_text + &String::from_utf8_lossy(&rest);
        return crate::popeye::cli::run_texts(&[text], &invocation);
    }
    match crate::uci::run(Cursor::new(first).chain(stdin), io::stdout()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
