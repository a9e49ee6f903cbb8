//! The transposition table shared by every search thread: per position, the proven bounds of
//! "the attacker mates within n of its moves" and the move that proved or refuted it.
//!
//! Entries are two atomics written with the XOR trick (the stored check word is
//! `key ^ data`), so threads share the table without locks and a torn write reads as a miss.
//! Size is given in MB and never grows.

use crate::board::Move;
use crate::util::big_table::BigTable;
use std::sync::atomic::{AtomicU64, Ordering};

/// What the table knows of one position (side to move included in the key).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Bounds {
    /// Smallest `n` for which "attacker mates within n" is proven (0 = none proven).
    pub win_within: u8,
    /// Largest `n` for which "attacker mates within n" is disproven (0 = nothing known).
    pub no_win_within: u8,
    /// The attacker's proving move, or the defender's refutation / longest defence.
    pub best: Move,
}

impl Bounds {
    #[inline]
    pub fn proves_win(self, n: u32) -> bool {
        self.win_within != 0 && self.win_within as u32 <= n
    }

    #[inline]
    pub fn proves_no_win(self, n: u32) -> bool {
        self.no_win_within as u32 >= n
    }

    #[inline]
    fn pack(self) -> u64 {
        self.win_within as u64
            | (self.no_win_within as u64) << 8
            | (self.best.to_u16() as u64) << 16
    }

    #[inline]
    fn unpack(data: u64) -> Bounds {
        Bounds {
            win_within: data as u8,
            no_win_within: (data >> 8) as u8,
            best: Move::from_u16((data >> 16) as u16),
        }
    }
}

/// One entry: the check word (`key ^ data`) and the packed bounds, side by side.
struct Slot<'t> {
    check: &'t AtomicU64,
    data: &'t AtomicU64,
}

/// A fixed-size, lock-free table of [`Bounds`].
pub struct TranspositionTable {
    /// Entry `i` is words `2i` (check) and `2i + 1` (data).
    words: BigTable<AtomicU64>,
    mask: usize,
}

impl TranspositionTable {
    /// A table of at most `mb` megabytes (at least one slot pair).
    pub fn new(mb: usize) -> TranspositionTable {
        let bytes = mb.max(1) * 1024 * 1024;
        let count = (bytes / 16).next_power_of_two() / 2;
        let count = count.max(2);
        TranspositionTable {
            words: BigTable::new(2 * count),
            mask: count - 1,
        }
    }

    #[inline]
    fn slot(&self, i: usize) -> Slot<'_> {
        Slot {
            check: &self.words[2 * i],
            data: &self.words[2 * i + 1],
        }
    }

    /// Forgets everything (new game / new problem); at once whatever the size (see
    /// [`BigTable::clear`]). Only between searches.
    pub fn clear(&self) {
        self.words.clear();
    }

    /// Bytes held by the slots.
    pub fn size_bytes(&self) -> usize {
        self.words.len() * 8
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        // Two-way bucket: the even slot and its odd neighbour.
        (key as usize) & self.mask & !1
    }

    #[inline]
    fn read(slot: &Slot<'_>, key: u64) -> Option<Bounds> {
        let data = slot.data.load(Ordering::Relaxed);
        let check = slot.check.load(Ordering::Relaxed);
        if check ^ data == key && data != 0 {
            Some(Bounds::unpack(data))
        } else {
            None
        }
    }

    /// Asks the CPU to start loading the entry of `key`, so a probe a little later finds it in
    /// cache. A hint only: it changes no state.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let word = &self.words[2 * self.index(key)];
            // SAFETY: prefetching a valid address has no effect beyond the cache.
            unsafe {
                std::arch::x86_64::_mm_prefetch(
                    (word as *const AtomicU64).cast::<i8>(),
                    std::arch::x86_64::_MM_HINT_T0,
                );
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// What is known of the position with this key.
    #[inline]
    pub fn probe(&self, key: u64) -> Bounds {
        let i = self.index(key);
        Self::read(&self.slot(i), key)
            .or_else(|| Self::read(&self.slot(i + 1), key))
            .unwrap_or_default()
    }

    /// Merges new knowledge into the entry: the smaller win bound and the larger no-win bound
    /// are kept; `best` replaces the old move when given.
    #[inline]
    pub fn store(&self, key: u64, update: Bounds) {
        let i = self.index(key);
        let (first, second) = (self.slot(i), self.slot(i + 1));
        let (slot, old) = if let Some(old) = Self::read(&first, key) {
            (first, old)
        } else if let Some(old) = Self::read(&second, key) {
            (second, old)
        } else {
            // Replace the entry with less knowledge in it; the first slot on ties.
            let weight = |s: &Slot<'_>| {
                let b = Bounds::unpack(s.data.load(Ordering::Relaxed));
                b.win_within.max(b.no_win_within)
            };
            (
                if weight(&second) < weight(&first) {
                    second
                } else {
                    first
                },
                Bounds::default(),
            )
        };
        let merged = Bounds {
            win_within: match (old.win_within, update.win_within) {
                (0, w) | (w, 0) => w,
                (a, b) => a.min(b),
            },
            no_win_within: old.no_win_within.max(update.no_win_within),
            best: if update.best.is_null() {
                old.best
            } else {
                update.best
            },
        };
        let data = merged.pack();
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(key ^ data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_merge() {
        let tt = TranspositionTable::new(1);
        let key = 0x1234_5678_9abc_def0;
        assert_eq!(tt.probe(key), Bounds::default());
        tt.store(
            key,
            Bounds {
                win_within: 5,
                ..Bounds::default()
            },
        );
        tt.store(
            key,
            Bounds {
                win_within: 3,
                no_win_within: 2,
                best: Move::NULL,
            },
        );
        tt.store(
            key,
            Bounds {
                win_within: 4,
                ..Bounds::default()
            },
        );
        let b = tt.probe(key);
        assert_eq!((b.win_within, b.no_win_within), (3, 2));
        assert!(b.proves_win(3) && !b.proves_win(2) && b.proves_no_win(2) && !b.proves_no_win(3));
        tt.clear();
        assert_eq!(tt.probe(key), Bounds::default());
    }
}
