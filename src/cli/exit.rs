//! The exit statuses of `solve` and `score`, one table for both, so that a script can tell a
//! sound problem from an unsound one without reading the text:
//!
//! | status | meaning |
//! |---|---|
//! | 0 | sound: exactly one key, mating in the stipulated number of moves |
//! | 1 | unsound: no solution, cooked (several keys) or a short mate |
//! | 2 | error: bad input (FEN, flags) or output that could not be written |
//! | 3 | undecided: `--time` (or `--max-solutions`) stopped the search before the verdict |
//!
//! `--help` and README.md give the same table.

use crate::solution::Soundness;
use std::process::ExitCode;

pub const SOUND: u8 = 0;
pub const UNSOUND: u8 = 1;
pub const ERROR: u8 = 2;
pub const UNDECIDED: u8 = 3;

/// The exit status `solve` and `score` give for a verdict.
pub fn for_soundness(soundness: Soundness) -> ExitCode {
    ExitCode::from(match soundness {
        Soundness::Sound => SOUND,
        Soundness::NoSolution | Soundness::Cooked | Soundness::ShortMate => UNSOUND,
        Soundness::Undecided => UNDECIDED,
    })
}

/// The help text's paragraph on exit statuses (`solve --help`, `score --help`).
pub const HELP: &str =
    "Exit status: 0 sound (exactly one key, mating in the stipulated number of moves), \
1 unsound (no solution, cooked or a short mate), 2 error (bad input), \
3 undecided (a limit stopped the search before the verdict).";
