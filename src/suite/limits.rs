//! The limits of each entry's search in a suite run (`--time`, `--nodes`, `--hash`) and what
//! follows from them: the search's [`SearchControl`] and its fresh transposition table, sized
//! as measured for the mate length or grown under the `--hash` ceiling. Read by the checker
//! ([`super::verify`]) and the stored-solution comparison ([`super::stored`]); it asks neither.

use crate::kernel::SearchControl;
use crate::solver::{DirectMate, TableSize, TranspositionTable};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// Limits on each entry's search.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Limits {
    pub time: Option<Duration>,
    pub nodes: Option<u64>,
    /// Table size per search in MB; by default it grows with the mate length.
    pub hash_mb: Option<usize>,
}

impl Limits {
    pub(super) fn control(&self, stop: Arc<AtomicBool>) -> SearchControl {
        let mut control = SearchControl::unlimited().with_stop_flag(stop);
        if let Some(time) = self.time {
            control = control.with_time_limit(time);
        }
        if let Some(nodes) = self.nodes {
            control = control.with_node_limit(nodes);
        }
        control
    }

    /// A fresh table costs its zeroing (page faults), which for a 64 MB table is more than a
    /// median dm4 search; sizes follow what the dm1–dm5 suites need (a 16 MB table solves dm5
    /// as fast as a 256 MB one). Longer, time-limited searches get 128 MB.
    fn measured_mb(moves: u32) -> usize {
        match moves {
            0..=1 => 1,
            2 => 2,
            3 => 4,
            4 => 8,
            5 => 32,
            _ => 128,
        }
    }

    /// A fresh table for a mate in `moves`: the measured size above, or under `--hash` (a
    /// ceiling) a table that starts as the measured one and grows as it fills (so a large
    /// `--hash` costs a short search nothing, and a longer one solves as with the default).
    pub(super) fn table<M: crate::rules::RuleMove>(
        &self,
        moves: u32,
    ) -> TranspositionTable<DirectMate, M> {
        let measured = TableSize::fixed_mb(Self::measured_mb(moves));
        TranspositionTable::sized(TableSize::under_ceiling(measured, self.hash_mb), DirectMate)
    }
}
