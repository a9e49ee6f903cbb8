//! What one search of the suite checker found ([`Outcome`]), before [`super::verify`] turns it
//! into a [`super::record::Record`], and the rule that names what a problem is from its keys
//! ([`verdict_of`]). Shared by the checkers of keys, of lines and of classifications; it asks
//! none of them.

use super::record::{Status, Verdict};
use crate::board::Move;

/// What a search found, before it becomes a record.
pub(super) struct Outcome<M = Move> {
    pub status: Status,
    /// What the problem is, where the entry claims one (keys and lines); `None` for EPD's
    /// other claims.
    pub verdict: Option<Verdict>,
    pub mate: Option<i32>,
    pub keys: Vec<M>,
    /// Help and series play: every solution in Popeye's text.
    pub solutions: Option<Vec<String>>,
    pub notes: Vec<String>,
    pub nodes: u64,
}

impl<M> Outcome<M> {
    pub fn stopped(nodes: u64) -> Outcome<M> {
        Outcome {
            status: Status::Unsolved,
            verdict: Some(Verdict::OutOfTime),
            notes: vec!["stopped by the limit before the search finished".to_owned()],
            nodes,
            ..Outcome::unsupported(String::new())
        }
    }

    /// The solver refuses the problem, for `reason`.
    pub fn unsupported(reason: String) -> Outcome<M> {
        Outcome {
            status: Status::Unsupported,
            verdict: Some(Verdict::Unsupported),
            mate: None,
            keys: Vec::new(),
            solutions: None,
            notes: vec![reason],
            nodes: 0,
        }
    }
}

/// What a problem is, from what the search found: how many keys (solutions), whether one is
/// shorter than the stipulation, and how many are intended.
pub(super) fn verdict_of(found: usize, short: bool, intended: u64) -> Verdict {
    let found = found as u64;
    if found == 0 {
        Verdict::NoSolution
    } else if short {
        Verdict::Short
    } else if found > intended {
        Verdict::Cooked
    } else if found < intended {
        Verdict::Missing
    } else {
        Verdict::Sound
    }
}
