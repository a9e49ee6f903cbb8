//! The solution a source stores as text (YACPDB's `solution`) against the computed one: the
//! twin's play is solved again with Popeye's options as Olive asks for it (`Variation` beside
//! the entry's own options) and written as `mateproof popeye` writes it
//! ([`crate::popeye::run::twin_play_text`]); both texts are read as Popeye's move lines and
//! compared, each node's moves a set ([`crate::formats::yacpdb::solution`]).
//!
//! This second solve has the limits of the first (`--time` again, the table size, the stop
//! flag a signal raises); if it is cut short the comparison is `not checked`. A stored text
//! that is not Popeye's notation is `not comparable`, with the first word that is not.

use super::limits::Limits;
use super::record::{Record, StoredResult, Verdict};
use crate::formats::yacpdb::solution::{read, Lines};
use crate::notation::Language;
use crate::popeye::reader::ProblemSpec;
use crate::popeye::run::{twin_play_text, RunOptions};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// What is needed to compare one twin's stored solution with the computed one.
#[derive(Clone, Debug)]
pub struct StoredCheck {
    /// The problem as read, with Popeye's `Variation` on (the stored text shows variations).
    pub spec: Arc<ProblemSpec>,
    /// The twin's index in the problem (0 for the diagram).
    pub twin: usize,
    /// The stored lines of this twin, or why there are none to compare.
    pub stored: Result<Lines, String>,
}

/// Compares the stored solution with the computed one; `record` is the twin's verdict so far
/// (a twin the first search could not decide is not solved again).
pub fn compare(
    check: &StoredCheck,
    limits: &Limits,
    record: &Record,
    stop: Arc<AtomicBool>,
) -> StoredResult {
    let stored = match &check.stored {
        Ok(stored) => stored,
        Err(why) => return StoredResult::NotComparable(why.clone()),
    };
    if matches!(
        record.verdict,
        Some(Verdict::OutOfTime | Verdict::Unsupported | Verdict::Error)
    ) {
        return StoredResult::NotChecked("the problem was not solved".to_owned());
    }
    let run = RunOptions {
        regression: true,
        max_time: limits.time,
        hash_mb: limits.hash_mb,
        stop: Some(stop),
    };
    let Some((text, partial)) = twin_play_text(&check.spec, check.twin, Language::English, &run)
    else {
        return StoredResult::NotChecked("the twin is not solved".to_owned());
    };
    if partial {
        return StoredResult::NotChecked(
            "the solve was cut short (a limit or MaxSolutions)".to_owned(),
        );
    }
    let computed = match read(&text) {
        Ok(computed) => computed,
        Err(e) => return StoredResult::NotChecked(format!("Mateproof's own text not read: {e}")),
    };
    let Some((_, computed)) = computed.twins.first() else {
        return StoredResult::NotChecked("no text computed".to_owned());
    };
    match stored.difference(computed) {
        None => StoredResult::Agrees,
        Some(difference) => StoredResult::Differs(difference),
    }
}
