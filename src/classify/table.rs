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
use crate::util::prefetch::prefetch;
use std::marker::PhantomData;

/// Bounds proven for positions of the rules `R` under one [`LineQuestion`]. A slot is two
/// words side by side: the full key, and the packed bounds — the smallest bound proven to hold
/// in the low byte, the largest proven to fail in the next (0: none; both 0: an empty slot).
/// The words start as zeros, which the allocator hands out untouched: a large table costs only
/// the pages the search writes.
pub struct LineTable<R: Rules> {
    words: Vec<u64>,
    pub(super) mask: usize,
    question: LineQuestion,
    rules: PhantomData<fn() -> R>,
}

/// Bytes per slot.
const SLOT_BYTES: usize = 2 * std::mem::size_of::<u64>();

impl<R: Rules> LineTable<R> {
    /// A table of at most `mb` megabytes (at least 1024 entries) for `question`.
    pub fn for_question(mb: usize, question: LineQuestion) -> LineTable<R> {
        let wanted = (mb.max(1) << 20) / SLOT_BYTES;
        // The largest power of two that fits.
        let len = (wanted.max(1024) + 1).next_power_of_two() / 2;
        LineTable {
            words: vec![0; 2 * len],
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
        let slot = 2 * (key as usize & self.mask);
        let bounds = self.words[slot + 1];
        if self.words[slot] != key || bounds == 0 {
            return None;
        }
        let plies = u64::from(plies);
        let (holds_within, fails_within) = (bounds & 0xff, bounds >> 8);
        if holds_within != 0 && holds_within <= plies {
            Some(true)
        } else if fails_within >= plies {
            Some(false)
        } else {
            None
        }
    }

    /// Asks the cache for `key`'s slot ahead of its probe.
    #[inline]
    pub(super) fn prefetch(&self, key: u64) {
        prefetch(&self.words[2 * (key as usize & self.mask)]);
    }

    /// Records that the question holds (or fails) within `plies` at `key`.
    #[inline]
    pub(super) fn store(&mut self, key: u64, plies: u32, holds: bool) {
        let plies = u64::from(plies.min(u32::from(u8::MAX)));
        let slot = 2 * (key as usize & self.mask);
        if self.words[slot] != key {
            self.words[slot] = key;
            self.words[slot + 1] = 0;
        }
        let bounds = &mut self.words[slot + 1];
        let (holds_within, fails_within) = (*bounds & 0xff, *bounds >> 8);
        if holds {
            if holds_within == 0 || plies < holds_within {
                *bounds = fails_within << 8 | plies;
            }
        } else if plies > fails_within {
            *bounds = plies << 8 | holds_within;
        }
    }
}
