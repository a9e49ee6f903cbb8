//! The line search's table: per position, the bounds proven for one [`LineQuestion`].
//!
//! A line question's answer grows with the bound (a line ending within n plies ends within
//! n+1), so an entry keeps, like the directmate table, the smallest bound proven to hold and
//! the largest proven to fail; a probe at any remaining ply count reads both. The table holds
//! the answers of the one question it was made for and hands that question to the search
//! ([`LineTable::question`]), so answers of different quantifiers, goals or sides cannot mix;
//! it is its own type, apart from the solver's tables. Fixed size, replace-always: a lost
//! entry costs time, never a verdict.

use super::LineQuestion;
use crate::rules::Rules;
use std::marker::PhantomData;

/// One entry: the full key and the packed bounds (0 = empty slot).
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    /// Smallest bound proven to hold (0 = none).
    holds_within: u8,
    /// Largest bound proven to fail (0 = none).
    fails_within: u8,
}

/// Bounds proven for positions of the rules `R` under one [`LineQuestion`].
pub struct LineTable<R: Rules> {
    entries: Vec<Entry>,
    pub(super) mask: usize,
    question: LineQuestion,
    rules: PhantomData<fn() -> R>,
}

impl<R: Rules> LineTable<R> {
    /// A table of at most `mb` megabytes (at least 1024 entries) for `question`.
    pub fn for_question(mb: usize, question: LineQuestion) -> LineTable<R> {
        let wanted = (mb.max(1) << 20) / std::mem::size_of::<Entry>();
        // The largest power of two that fits.
        let len = (wanted.max(1024) + 1).next_power_of_two() / 2;
        LineTable {
            entries: vec![Entry::default(); len],
            mask: len - 1,
            question,
            rules: PhantomData,
        }
    }

    /// The one question this table answers.
    pub fn question(&self) -> LineQuestion {
        self.question
    }

    /// What is known of "the question holds within `plies`" at `key`: `Some(answer)` when a
    /// stored bound decides it.
    #[inline]
    pub(super) fn probe(&self, key: u64, plies: u32) -> Option<bool> {
        let e = self.entries[key as usize & self.mask];
        if e.key != key || (e.holds_within == 0 && e.fails_within == 0) {
            return None;
        }
        if e.holds_within != 0 && u32::from(e.holds_within) <= plies {
            Some(true)
        } else if u32::from(e.fails_within) >= plies {
            Some(false)
        } else {
            None
        }
    }

    /// Records that the question holds (or fails) within `plies` at `key`.
    #[inline]
    pub(super) fn store(&mut self, key: u64, plies: u32, holds: bool) {
        let plies = plies.min(u32::from(u8::MAX)) as u8;
        let slot = &mut self.entries[key as usize & self.mask];
        if slot.key != key {
            *slot = Entry {
                key,
                ..Entry::default()
            };
        }
        if holds {
            if slot.holds_within == 0 || plies < slot.holds_within {
                slot.holds_within = plies;
            }
        } else if plies > slot.fails_within {
            slot.fails_within = plies;
        }
    }
}
