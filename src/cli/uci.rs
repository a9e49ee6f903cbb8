//! `mateproof uci`: the UCI engine on standard input and output ([`crate::uci::run_stdio`]),
//! with no look at the first line (plain `mateproof` does that: [`super::stdin`]).

use std::process::ExitCode;

/// Runs `mateproof uci`: exit status 1 only when standard input cannot be read.
pub fn run() -> ExitCode {
    match crate::uci::run_stdio() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: reading stdin: {e}");
            ExitCode::FAILURE
        }
    }
}
