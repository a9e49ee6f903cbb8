//! The game search's transposition table: per position the best move found, the score and
//! whether it is exact or a bound, and the depth it was searched to. It is owned by one search
//! thread at a time, so it needs no atomics. Its size (`Hash`) is a ceiling: it uses 64 KB at
//! first and doubles the slots in use whenever half of them are filled, so a short search on
//! a large `Hash` touches only the memory it fills (a GUI's clock is not spent faulting in
//! gigabytes of fresh pages).
//!
//! This is not the mate solver's table (`crate::solver::TranspositionTable`): that one stores
//! proven mate bounds, this one heuristic scores.

use super::Score;
use crate::board::Move;
use crate::util::big_table::{BigTable, Zeroable};

/// What a stored score means relative to the window it was searched with.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The true score.
    Exact,
    /// The true score is at least this (the search failed high).
    Lower,
    /// The true score is at most this (every move failed low).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Entry {
    pub best: Move,
    /// Score as stored (mates relative to the node; see [`Score::to_table`]).
    pub score: Score,
    pub depth: i32,
    pub bound: Bound,
}

#[derive(Clone, Copy, Default)]
#[repr(C)]
struct Slot {
    key: u64,
    best: u16,
    score: i16,
    depth: u8,
    /// Bits 0-1: bound (0 = empty); bits 2-7: generation, to prefer replacing old searches.
    flags: u8,
}

// SAFETY: every field is an integer, and the all-zero slot is `Slot::default()` (empty).
unsafe impl Zeroable for Slot {}

/// A table indexed by the Zobrist key. Its memory is a [`BigTable`]: made and cleared at once
/// whatever its size (pages are zeroed by the kernel when first touched), so a large `Hash`
/// never holds up the protocol.
pub struct SearchTable {
    slots: BigTable<Slot>,
    /// Slots in use minus one (a power of two minus one).
    mask: usize,
    /// Slots written since the table was made or cleared.
    filled: usize,
    generation: u8,
}

/// Slots in use at first: 64 KB.
const START_SLOTS: usize = 1 << 12;

impl SearchTable {
    /// A table of at most `mb` megabytes (at least 1024 slots).
    pub fn new(mb: usize) -> SearchTable {
        let bytes = mb.max(1).saturating_mul(1024 * 1024);
        let count = (bytes / std::mem::size_of::<Slot>()).max(1024);
        // A power of two so the index is a mask; round down to stay within the budget.
        let count = 1usize << (usize::BITS - 1 - count.leading_zeros());
        SearchTable {
            slots: BigTable::growing(count),
            mask: count.min(START_SLOTS) - 1,
            filled: 0,
            generation: 0,
        }
    }

    /// Bytes the table may hold (its ceiling).
    pub fn size_bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Slot>()
    }

    /// Bytes of the slots in use now.
    pub fn bytes_in_use(&self) -> usize {
        (self.mask + 1) * std::mem::size_of::<Slot>()
    }

    /// Forgets everything (`ucinewgame`).
    pub fn clear(&mut self) {
        self.slots.clear();
        self.mask = self.slots.len().min(START_SLOTS) - 1;
        self.filled = 0;
        self.generation = 0;
    }

    /// Doubles the slots in use: an entry stays or moves to its slot in the new half, as the
    /// new bit of its key says (the new half is empty).
    #[cold]
    fn grow(&mut self) {
        let half = self.mask + 1;
        for i in 0..half {
            let slot = self.slots[i];
            if slot.flags & 3 != 0 && slot.key as usize & half != 0 {
                self.slots[i + half] = slot;
                self.slots[i] = Slot::default();
            }
        }
        self.mask = 2 * self.mask + 1;
    }

    /// Marks the start of a new search: older entries become the first to be replaced.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 0x3f;
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        (key as usize) & self.mask
    }

    /// The entry for this key, if one is stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = self.slots.get(self.index(key))?;
        let bound = match slot.flags & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        (slot.key == key).then_some(Entry {
            best: Move::from_u16(slot.best),
            score: Score::from_i16(slot.score),
            depth: slot.depth as i32,
            bound,
        })
    }

    /// Stores a result, replacing the slot unless it holds a deeper result of this search for
    /// another position. A result without a best move keeps the move already known.
    #[inline]
    pub fn store(&mut self, key: u64, entry: Entry) {
        let index = self.index(key);
        let generation = self.generation;
        let Some(slot) = self.slots.get_mut(index) else {
            return;
        };
        let same_search = slot.flags >> 2 == generation;
        if slot.key != key
            && same_search
            && slot.flags & 3 != 0
            && slot.depth as i32 > entry.depth + 2
        {
            return;
        }
        let best = if entry.best.is_null() && slot.key == key {
            slot.best
        } else {
            entry.best.to_u16()
        };
        let bound = match entry.bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let was_empty = slot.flags & 3 == 0;
        *slot = Slot {
            key,
            best,
            score: entry.score.to_i16(),
            depth: entry.depth.clamp(0, u8::MAX as i32) as u8,
            flags: bound | generation << 2,
        };
        if was_empty {
            self.filled += 1;
            if 2 * self.filled > self.mask + 1 && self.mask + 1 < self.slots.len() {
                self.grow();
            }
        }
    }

    /// Permille of slots written by the current search (UCI `hashfull`), from a sample.
    pub fn hashfull(&self) -> u32 {
        let sample = self.slots.len().min(1000);
        let used = self.slots[..sample]
            .iter()
            .filter(|s| s.flags & 3 != 0 && s.flags >> 2 == self.generation)
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Square;

    #[test]
    fn stores_probes_and_respects_size() {
        let mut table = SearchTable::new(1);
        assert!(table.size_bytes() <= 1024 * 1024);
        let m = Move::normal(Square::new(12), Square::new(28));
        let entry = Entry {
            best: m,
            score: Score::cp(37),
            depth: 5,
            bound: Bound::Lower,
        };
        table.store(0xdead_beef, entry);
        assert_eq!(table.probe(0xdead_beef), Some(entry));
        assert_eq!(table.probe(0xdead_beee), None);

        // A bound-only update keeps the known move.
        table.store(
            0xdead_beef,
            Entry {
                best: Move::NULL,
                score: Score::cp(-3),
                depth: 6,
                bound: Bound::Upper,
            },
        );
        assert_eq!(table.probe(0xdead_beef).map(|e| e.best), Some(m));

        table.clear();
        assert_eq!(table.probe(0xdead_beef), None);
    }

    #[test]
    fn deep_entries_of_this_search_survive_shallow_collisions() {
        let mut table = SearchTable::new(1);
        let slots = table.size_bytes() / std::mem::size_of::<Slot>();
        let (a, b) = (7u64, 7u64 + slots as u64); // same index, different keys
        let deep = Entry {
            best: Move::NULL,
            score: Score::cp(1),
            depth: 9,
            bound: Bound::Exact,
        };
        table.store(a, deep);
        table.store(b, Entry { depth: 1, ..deep });
        assert_eq!(table.probe(a), Some(deep));
        // In the next search the old entry may go.
        table.new_search();
        table.store(b, Entry { depth: 1, ..deep });
        assert_eq!(table.probe(b).map(|e| e.depth), Some(1));
        assert_eq!(table.hashfull(), 1);
    }

    #[test]
    fn the_table_grows_with_what_it_stores_up_to_its_ceiling() {
        let mut table = SearchTable::new(64);
        assert_eq!(table.bytes_in_use(), 64 << 10);
        let entry = Entry {
            best: Move::NULL,
            score: Score::cp(1),
            depth: 3,
            bound: Bound::Exact,
        };
        let key = |i: u64| i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for i in 0..10_000 {
            table.store(key(i), entry);
        }
        assert_eq!(
            table.bytes_in_use(),
            512 << 10,
            "twice the entries, rounded up"
        );
        let kept = (0..10_000)
            .filter(|&i| table.probe(key(i)).is_some())
            .count();
        assert!(kept > 9_900, "{kept} of 10000 entries kept through growing");
        table.clear();
        assert_eq!(table.bytes_in_use(), 64 << 10);
        let mut small = SearchTable::new(1);
        for i in 0..1_000_000 {
            small.store(key(i), entry);
        }
        assert_eq!(
            small.bytes_in_use(),
            small.size_bytes(),
            "never past the ceiling"
        );
    }
}
