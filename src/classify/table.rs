//! The line search's table: per position, the bounds proven for one [`LineQuestion`].
//!
//! A line question's answer grows with the bound (a line ending within n plies ends within
//! n+1), so an entry keeps, like the directmate table, the smallest bound proven to hold and
//! the largest proven to fail; a probe at any remaining ply count reads both. The table holds
//! the answers of the one question it was made for and hands that question to the search
//! ([`LineTable::question`]), so answers of different quantifiers, goals or sides cannot mix;
//! it is its own type, apart from the solver's tables. Replace-always: a lost entry costs
//! time, never a verdict. Its size (`classify --hash`, the suite's, UCI's) is a ceiling: the
//! table uses [`START_SLOTS`] slots at first and doubles the slots in use whenever half of
//! them hold an entry, so a short question touches a few pages and a long one the memory it
//! fills, up to the ceiling.

use super::LineQuestion;
use crate::rules::Rules;
use crate::util::big_table::BigTable;
use crate::util::prefetch::prefetch;
use std::marker::PhantomData;

/// Bounds proven for positions of the rules `R` under one [`LineQuestion`]. A slot is two
/// words side by side: the full key, and the packed bounds — the smallest bound proven to hold
/// in the low byte, the largest proven to fail in the next (0: none; both 0: an empty slot).
/// The words start as zeros, mapped as they are touched ([`BigTable::growing`]: small pages
/// first, huge ones beyond), so a large ceiling costs only the slots in use.
pub struct LineTable<R: Rules> {
    words: BigTable<u64>,
    /// Slots in use, less one (a power of two, less one).
    pub(super) mask: usize,
    /// Every slot, less one.
    full_mask: usize,
    /// Slots holding a key (entries are replaced, never removed).
    filled: usize,
    question: LineQuestion,
    rules: PhantomData<fn() -> R>,
}

/// Bytes per slot.
const SLOT_BYTES: usize = 2 * std::mem::size_of::<u64>();

/// Slots in use at first: 64 KB.
const START_SLOTS: usize = 1 << 12;

impl<R: Rules> LineTable<R> {
    /// A table of at most `mb` megabytes (at least 1024 entries) for `question`, of which it
    /// uses [`START_SLOTS`] at first.
    pub fn for_question(mb: usize, question: LineQuestion) -> LineTable<R> {
        let wanted = mb.max(1).saturating_mul(1 << 20) / SLOT_BYTES;
        // The largest power of two that fits.
        let len = (wanted.max(1024) + 1).next_power_of_two() / 2;
        LineTable {
            words: BigTable::growing(2 * len),
            mask: len.min(START_SLOTS) - 1,
            full_mask: len - 1,
            filled: 0,
            question,
            rules: PhantomData,
        }
    }

    /// Bytes of the slots in use now.
    pub fn bytes_in_use(&self) -> usize {
        (self.mask + 1) * SLOT_BYTES
    }

    /// Doubles the slots in use: the entry of slot `i` stays or moves to `i + half`, as the
    /// new bit of its key says (the new slots are empty).
    #[cold]
    fn grow(&mut self) {
        let half = self.mask + 1;
        for i in 0..half {
            let key = self.words[2 * i];
            if key as usize & half != 0 {
                let to = 2 * (i + half);
                self.words[to] = key;
                self.words[to + 1] = self.words[2 * i + 1];
                self.words[2 * i] = 0;
                self.words[2 * i + 1] = 0;
            }
        }
        self.mask = 2 * self.mask + 1;
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
        if self.mask != self.full_mask && 2 * self.filled > self.mask + 1 {
            self.grow();
        }
        let plies = u64::from(plies.min(u32::from(u8::MAX)));
        let slot = 2 * (key as usize & self.mask);
        if self.words[slot] != key {
            if self.words[slot] == 0 {
                self.filled += 1;
            }
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
