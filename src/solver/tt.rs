//! The transposition table shared by every search thread: per position, the proven bounds of
//! "the attacker mates within n of its moves" and the move that proved or refuted it.
//!
//! A table is typed by the question its bounds answer ([`Question`]: [`DirectMate`], or
//! [`super::Restricted`] carrying Popeye's `Threat`/`MaxFlightsquares` values) and by the rules'
//! move type, so results of different questions cannot mix: a search for one question does
//! not compile with a table of another, and a restricted prover reads its restriction values
//! from the table's own tag.
//!
//! Entries are two atomics written with the XOR trick (the stored check word is
//! `key ^ data`), so threads share the table without locks and a torn write reads as a miss.
//! Size is given in MB (or bytes, [`TableSize`]). A table is either all in use from the start
//! (a size measured for a problem's length: [`super::default_table`], the suite's defaults),
//! or grows ([`TranspositionTable::growing_bytes`]; the #3's table, and every table of a size
//! the user gives: `Hash`, `--hash`, `-maxmem` are ceilings, [`TableSize::Ceiling`]): it uses
//! its first slots ([`GROWING_START_SLOTS`], or under a ceiling the size measured for the
//! search, [`TableSize::under_ceiling`]) and doubles the slots in use whenever half of them
//! are filled, up to its size, so a short search touches a few pages rather than megabytes (a
//! #3 of a millisecond spent a sixth of it on its table's fresh memory), and a large ceiling
//! costs only what the search fills. Growing moves the entries whose slot changes, and the key
//! is `check ^ data`, so nothing is lost but what a concurrent store writes meanwhile; a lost
//! entry is only a search repeated, as when one is replaced.

use super::question::{DirectMate, Question};
use crate::board::Move;
use crate::rules::RuleMove;
use crate::util::big_table::BigTable;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

/// Slots a growing table uses at first: 64 KB, sixteen pages. Measured with fixed tables on
/// T03 and T04 of the Popeye timing problems (#3, keys only, whole-process CPU): 64 KB solve
/// them 15 % faster than the 2 MB huge page (1.15 -> 0.98 ms, 1.48 -> 1.25 ms), 256 KB 8 %
/// slower than 64 KB, 16 KB no faster.
pub const GROWING_START_SLOTS: usize = 1 << 12;

/// The [`TableSize`] of [`GROWING_START_SLOTS`] slots: sizes count as
/// [`TranspositionTable::for_question_bytes`] counts them (the largest power of two of 16-byte
/// slots below the size, so 128 KB for 4,096 slots, as 4 MB for a #3's 2 MB of words).
pub const GROWING_START_BYTES: usize = 2 * GROWING_START_SLOTS * 16;

/// Words per 4 KB page.
const PAGE_WORDS: usize = 4096 / 8;

/// What the table knows of one position (side to move included in the key).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Bounds<M = Move> {
    /// Smallest `n` for which "attacker mates within n" is proven (0 = none proven).
    pub win_within: u8,
    /// Largest `n` for which "attacker mates within n" is disproven (0 = nothing known).
    pub no_win_within: u8,
    /// The attacker's proving move, or the defender's refutation / longest defence.
    pub best: M,
}

impl<M: RuleMove> Bounds<M> {
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
        self.win_within as u64 | (self.no_win_within as u64) << 8 | (self.best.pack() as u64) << 16
    }

    #[inline]
    fn unpack(data: u64) -> Bounds<M> {
        Bounds {
            win_within: data as u8,
            no_win_within: (data >> 8) as u8,
            best: M::unpack((data >> 16) as u16),
        }
    }
}

/// One entry: the check word (`key ^ data`) and the packed bounds, side by side.
struct Slot<'t> {
    check: &'t AtomicU64,
    data: &'t AtomicU64,
}

/// A fixed-size, lock-free table of [`Bounds`] answering question `Q` for moves `M`.
///
/// A search for one question does not take a table of another:
///
/// ```compile_fail
/// use mateproof::board::Position;
/// use mateproof::kernel::SearchControl;
/// use mateproof::solver::{mate_search, Restricted, Restrictions, TranspositionTable};
/// let restricted = TranspositionTable::for_question(1, Restricted(Restrictions::default()));
/// // The engine's mate search answers the unrestricted question only.
/// mate_search(&Position::startpos(), 2, &SearchControl::unlimited(), &restricted);
/// ```
pub struct TranspositionTable<Q: Question = DirectMate, M: RuleMove = Move> {
    /// Entry `i` is words `2i` (check) and `2i + 1` (data).
    words: BigTable<AtomicU64>,
    /// Slots in use, less one: it only grows between clears, so a thread that read an older
    /// value still indexes slots that exist (and may miss entries moved since).
    mask: AtomicUsize,
    /// The mask a clear starts from; `full_mask` for a table that does not grow.
    start_mask: usize,
    /// Every slot, less one.
    full_mask: usize,
    /// Slots filled since the table was made or cleared (counted while it may grow).
    filled: AtomicUsize,
    /// One thread at a time moves entries.
    growing: AtomicBool,
    question: Q,
    moves: PhantomData<M>,
}

/// How large a table is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TableSize {
    /// All of these bytes in use from the start: a size measured for the search.
    Fixed(usize),
    /// At most `max` bytes, `start` of them in use at first, growing as the table fills
    /// ([`TranspositionTable::growing_from`]): a size the user gave (`Hash`, `--hash`,
    /// `-maxmem`), which a search never pays for beyond what it stores, or the #3's table.
    Ceiling { start: usize, max: usize },
}

impl TableSize {
    /// A ceiling of `mb` megabytes (at least one), starting at [`GROWING_START_BYTES`].
    pub fn ceiling_mb(mb: usize) -> TableSize {
        TableSize::Ceiling {
            start: GROWING_START_BYTES,
            max: mb.max(1).saturating_mul(1024 * 1024),
        }
    }

    /// A fixed table of `mb` megabytes (at least one).
    pub fn fixed_mb(mb: usize) -> TableSize {
        TableSize::Fixed(mb.max(1).saturating_mul(1024 * 1024))
    }

    /// The bytes in use when the table is made (or cleared).
    pub fn start_bytes(self) -> usize {
        match self {
            TableSize::Fixed(bytes) => bytes,
            TableSize::Ceiling { start, .. } => start,
        }
    }

    /// The table a search gets when the user may have given a size (`Hash`, `--hash`,
    /// `-maxmem`, in MB): `measured` (the size measured for the search) without one; under a
    /// ceiling, a table that starts as the measured one does (no larger than the ceiling) and
    /// grows beyond it only when half full, up to the ceiling. So a large ceiling solves as
    /// the default does until the search needs more: starting at 64 KB, a dm5 search spent
    /// its time doubling its table, and `suite --hash 16384` proved fewer positions in 2 s.
    pub fn under_ceiling(measured: TableSize, ceiling_mb: Option<usize>) -> TableSize {
        let Some(mb) = ceiling_mb else {
            return measured;
        };
        let max = mb.max(1).saturating_mul(1024 * 1024);
        TableSize::Ceiling {
            start: measured.start_bytes().min(max),
            max,
        }
    }
}

impl TranspositionTable {
    /// A directmate table of orthodox moves, of `mb` megabytes (at least one slot pair), all
    /// in use from the start.
    pub fn new(mb: usize) -> TranspositionTable {
        TranspositionTable::for_question(mb, DirectMate)
    }

    /// A directmate table of orthodox moves of at most `mb` megabytes, growing as it fills.
    pub fn ceiling(mb: usize) -> TranspositionTable {
        TranspositionTable::sized(TableSize::ceiling_mb(mb), DirectMate)
    }
}

impl<Q: Question, M: RuleMove> TranspositionTable<Q, M> {
    /// A table of `mb` megabytes (at least one slot pair) for `question`, all in use from the
    /// start.
    pub fn for_question(mb: usize, question: Q) -> TranspositionTable<Q, M> {
        TranspositionTable::sized(TableSize::fixed_mb(mb), question)
    }

    /// A table of `size` for `question`.
    pub fn sized(size: TableSize, question: Q) -> TranspositionTable<Q, M> {
        match size {
            TableSize::Fixed(bytes) => TranspositionTable::for_question_bytes(bytes, question),
            TableSize::Ceiling { start, max } => {
                TranspositionTable::growing_from(start, max, question)
            }
        }
    }

    /// This table's size: its bytes, fixed or a ceiling with the bytes it starts with.
    pub fn size(&self) -> TableSize {
        if self.start_mask == self.full_mask {
            TableSize::Fixed(self.size_bytes())
        } else {
            TableSize::Ceiling {
                start: (self.start_mask + 1) * 16,
                max: self.size_bytes(),
            }
        }
    }

    /// A table of at most `bytes` bytes (at least one slot pair) for `question`, all of it in
    /// use from the start.
    pub fn for_question_bytes(bytes: usize, question: Q) -> TranspositionTable<Q, M> {
        let count = Self::slots_for(bytes);
        TranspositionTable::with_slots(BigTable::new(2 * count), count, question)
    }

    /// A table of at most `bytes` bytes for `question` that uses [`GROWING_START_SLOTS`] of
    /// them at first and doubles the slots in use whenever half are filled
    /// ([`TranspositionTable::growing_from`]).
    pub fn growing_bytes(bytes: usize, question: Q) -> TranspositionTable<Q, M> {
        TranspositionTable::growing_from(GROWING_START_BYTES, bytes, question)
    }

    /// A table of at most `max` bytes for `question` that uses `start` of them at first (at
    /// most `max`; both rounded down to a power of two of slots) and doubles the slots in use
    /// whenever half are filled. A small start is written page by page as the table grows:
    /// ordinary pages for its first megabytes, huge ones beyond ([`BigTable::growing`]); a
    /// start of megabytes (the size measured for a search, [`TableSize::under_ceiling`]) is on
    /// huge pages from the first, taken as they are touched, as a fixed table of that size is.
    pub fn growing_from(start: usize, max: usize, question: Q) -> TranspositionTable<Q, M> {
        let count = Self::slots_for(max);
        let start = Self::slots_for(start).min(count);
        let words = if start <= GROWING_START_SLOTS {
            BigTable::growing(2 * count)
        } else {
            BigTable::new(2 * count)
        };
        let table = TranspositionTable::with_slots(words, start, question);
        table.touch_start();
        table
    }

    /// Slots of a table of at most `bytes` bytes: a power of two, at least two.
    fn slots_for(bytes: usize) -> usize {
        ((bytes / 16).next_power_of_two() / 2).max(2)
    }

    fn with_slots(
        words: BigTable<AtomicU64>,
        start: usize,
        question: Q,
    ) -> TranspositionTable<Q, M> {
        TranspositionTable {
            full_mask: words.len() / 2 - 1,
            words,
            mask: AtomicUsize::new(start - 1),
            start_mask: start - 1,
            filled: AtomicUsize::new(0),
            growing: AtomicBool::new(false),
            question,
            moves: PhantomData,
        }
    }

    /// Slots in use now (all of them, for a table that does not grow).
    pub fn slots_in_use(&self) -> usize {
        self.mask.load(Ordering::Relaxed) + 1
    }

    /// Writes a zero into each page of `words` (new to the table, so not yet resident): one
    /// page fault each, where the table's first probe of a page (a read) and first store
    /// would cost two.
    fn touch(&self, words: std::ops::Range<usize>) {
        if self.start_mask == self.full_mask {
            return;
        }
        for word in self.words[words].iter().step_by(PAGE_WORDS) {
            word.store(0, Ordering::Relaxed);
        }
    }

    /// Doubles the slots in use from `mask + 1`, unless another thread is growing the table
    /// or has grown it. Entry `i`'s key decides whether it stays or moves to `i + mask + 1`;
    /// the new mask is published after the moves.
    #[cold]
    fn grow(&self, mask: usize) {
        if self.growing.swap(true, Ordering::Acquire) {
            return;
        }
        if self.mask.load(Ordering::Relaxed) == mask {
            let half = mask + 1;
            self.touch(2 * half..4 * half);
            for i in 0..half {
                let slot = self.slot(i);
                let data = slot.data.load(Ordering::Relaxed);
                let key = slot.check.load(Ordering::Relaxed) ^ data;
                if data != 0 && key as usize & half != 0 {
                    let to = self.slot(i + half);
                    to.data.store(data, Ordering::Relaxed);
                    to.check.store(key ^ data, Ordering::Relaxed);
                    slot.data.store(0, Ordering::Relaxed);
                    slot.check.store(0, Ordering::Relaxed);
                }
            }
            self.mask.store(2 * mask + 1, Ordering::Release);
        }
        self.growing.store(false, Ordering::Release);
    }

    /// The question this table's bounds answer.
    #[inline]
    pub fn question(&self) -> Q {
        self.question
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
        self.mask.store(self.start_mask, Ordering::Relaxed);
        self.filled.store(0, Ordering::Relaxed);
        self.touch_start();
    }

    /// A growing table's small start written page by page ([`Self::touch`]); a start of
    /// megabytes is left to fault in as the search touches it, as a fixed table's is.
    fn touch_start(&self) {
        if self.start_mask < GROWING_START_SLOTS {
            self.touch(0..2 * (self.start_mask + 1));
        }
    }

    /// Bytes held by the slots.
    pub fn size_bytes(&self) -> usize {
        self.words.len() * 8
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        // Two-way bucket: the even slot and its odd neighbour.
        (key as usize) & self.mask.load(Ordering::Relaxed) & !1
    }

    #[inline]
    fn read(slot: &Slot<'_>, key: u64) -> Option<Bounds<M>> {
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
        crate::util::prefetch::prefetch(&self.words[2 * self.index(key)]);
    }

    /// What is known of the position with this key.
    #[inline]
    pub fn probe(&self, key: u64) -> Bounds<M> {
        let i = self.index(key);
        Self::read(&self.slot(i), key)
            .or_else(|| Self::read(&self.slot(i + 1), key))
            .unwrap_or_default()
    }

    /// Merges new knowledge into the entry: the smaller win bound and the larger no-win bound
    /// are kept; `best` replaces the old move when given.
    #[inline]
    pub fn store(&self, key: u64, update: Bounds<M>) {
        let i = self.index(key);
        let (first, second) = (self.slot(i), self.slot(i + 1));
        let (slot, old) = if let Some(old) = Self::read(&first, key) {
            (first, old)
        } else if let Some(old) = Self::read(&second, key) {
            (second, old)
        } else {
            // Replace the entry with less knowledge in it; the first slot on ties.
            let weight = |s: &Slot<'_>| {
                let b = Bounds::<M>::unpack(s.data.load(Ordering::Relaxed));
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
        let was_empty = slot.data.load(Ordering::Relaxed) == 0;
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(key ^ data, Ordering::Relaxed);
        if was_empty {
            self.count_filled();
        }
    }

    /// One more slot filled: a growing table that has filled half its slots in use grows.
    #[inline]
    fn count_filled(&self) {
        let mask = self.mask.load(Ordering::Relaxed);
        if mask != self.full_mask && self.filled.fetch_add(1, Ordering::Relaxed) + 1 > mask / 2 {
            self.grow(mask);
        }
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
