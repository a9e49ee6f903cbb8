//! The help search's table of dead ends: positions (by key) from which no line of exactly
//! `r` more half-moves reaches the end. One table serves one plan, so entries of different
//! goals or kinds of play never meet.
//!
//! The table is an array of buckets of four slots of at most so many megabytes (`Hash`, a
//! ceiling): it uses [`START_BUCKETS`] of them at first and doubles the buckets in use whenever
//! half their slots are filled, so a short search touches a few pages and a long one gets the
//! memory it fills, up to the ceiling. It never stops remembering: when a bucket is full the
//! entry with the fewest remaining half-moves (the cheapest to find again) makes room. A slot
//! keeps the key mixed with the remaining length, its low six bits replaced by that length:
//! an entry is found only for the same position (58 bits of its key) and exactly the same
//! length.

/// Positions known to have no solution of exactly the remaining length.
pub(super) struct DeadEnds {
    /// Small pages first, huge pages beyond ([`BigTable::growing`]): a grown table is probed
    /// at random addresses, and with small pages most probes would miss the TLB as well.
    slots: BigTable<u64>,
    /// Buckets in use minus one (a power of two minus one).
    mask: usize,
    /// Every bucket minus one.
    full_mask: usize,
    /// Slots filled (entries are replaced, never removed).
    filled: usize,
}

/// Buckets in use at first: 64 KB.
const START_BUCKETS: usize = 1 << 11;

use crate::util::big_table::BigTable;
use crate::util::prefetch::prefetch;

const BUCKET: usize = 4;
const LENGTH_BITS: u64 = 0x3F;

impl DeadEnds {
    /// A table of at most `megabytes` (at least one bucket), of which it uses 64 KB at first
    /// (the memory is zeroed lazily by the system, so only what it grows into is touched).
    pub(super) fn with_megabytes(megabytes: usize) -> DeadEnds {
        let slots = (megabytes.max(1) << 20) / std::mem::size_of::<u64>();
        let buckets = (slots / BUCKET).max(1);
        let buckets = if buckets.is_power_of_two() {
            buckets
        } else {
            buckets.next_power_of_two() / 2
        };
        DeadEnds {
            slots: BigTable::growing(buckets * BUCKET),
            mask: buckets.min(START_BUCKETS) - 1,
            full_mask: buckets - 1,
            filled: 0,
        }
    }

    /// Bytes of the slots in use now.
    #[cfg(test)]
    fn bytes_in_use(&self) -> usize {
        (self.mask + 1) * BUCKET * std::mem::size_of::<u64>()
    }

    /// Doubles the buckets in use: an entry of bucket `b` stays or moves to `b + half`, to the
    /// same slot (the new buckets are empty), as the new bit of its bucket number says.
    #[cold]
    fn grow(&mut self) {
        let half = self.mask + 1;
        for at in 0..half * BUCKET {
            let entry = self.slots[at];
            if entry != 0 && (entry >> 6) as usize & half != 0 {
                self.slots[at + half * BUCKET] = entry;
                self.slots[at] = 0;
            }
        }
        self.mask = 2 * self.mask + 1;
    }

    /// The slot value of `key` at `remaining` half-moves; `None` where it cannot be kept
    /// (a length over 63, or the empty slot's value).
    fn entry(key: u64, remaining: u32) -> Option<u64> {
        let length = u64::from(remaining);
        if length > LENGTH_BITS {
            return None;
        }
        let mixed = key ^ length.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let entry = (mixed & !LENGTH_BITS) | length;
        (entry != 0).then_some(entry)
    }

    fn bucket(&self, entry: u64) -> usize {
        ((entry >> 6) as usize & self.mask) * BUCKET
    }

    pub(super) fn contains(&self, key: u64, remaining: u32) -> bool {
        let Some(entry) = Self::entry(key, remaining) else {
            return false;
        };
        let at = self.bucket(entry);
        self.slots[at..at + BUCKET].contains(&entry)
    }

    /// Asks the CPU to start loading the bucket of `key` at `remaining`, so a probe a little
    /// later finds it in cache. A hint only: it changes no state.
    #[inline]
    pub(super) fn prefetch(&self, key: u64, remaining: u32) {
        if let Some(entry) = Self::entry(key, remaining) {
            prefetch(&self.slots[self.bucket(entry)]);
        }
    }

    pub(super) fn insert(&mut self, key: u64, remaining: u32) {
        let Some(entry) = Self::entry(key, remaining) else {
            return;
        };
        let at = self.bucket(entry);
        let bucket = &mut self.slots[at..at + BUCKET];
        if bucket.contains(&entry) {
            return;
        }
        // An empty slot (length 0 sorts first), else the shortest remaining length.
        let victim = (0..BUCKET)
            .min_by_key(|&i| (bucket[i] != 0, bucket[i] & LENGTH_BITS))
            .unwrap_or(0);
        let was_empty = bucket[victim] == 0;
        bucket[victim] = entry;
        if was_empty {
            self.filled += 1;
            if self.mask != self.full_mask && 2 * self.filled > (self.mask + 1) * BUCKET {
                self.grow();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_is_found_only_at_its_own_length() {
        let mut table = DeadEnds::with_megabytes(1);
        table.insert(0xDEAD_BEEF_1234_5678, 3);
        assert!(table.contains(0xDEAD_BEEF_1234_5678, 3));
        assert!(!table.contains(0xDEAD_BEEF_1234_5678, 5));
        assert!(!table.contains(0xDEAD_BEEF_1234_5679 ^ 0x40, 3));
    }

    #[test]
    fn the_table_grows_as_it_fills_up_to_its_ceiling_and_keeps_its_entries() {
        let mut table = DeadEnds::with_megabytes(4);
        assert_eq!(table.bytes_in_use(), 64 << 10);
        let key = |i: u64| i.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x5555;
        let length = |i: u64| (i % 7 + 1) as u32;
        for i in 0..50_000 {
            table.insert(key(i), length(i));
        }
        assert_eq!(table.bytes_in_use(), 1 << 20, "grown to twice the entries");
        // Growing moves every entry to where a probe looks for it: the same entries are found
        // before and after one more doubling (a full bucket of the small table may have
        // given up an entry earlier, as in any table).
        let found = |table: &DeadEnds| -> Vec<u64> {
            (0..50_000)
                .filter(|&i| table.contains(key(i), length(i)))
                .collect()
        };
        let before = found(&table);
        assert!(
            before.len() > 45_000,
            "{} of 50000 entries kept",
            before.len()
        );
        table.grow();
        assert_eq!(table.bytes_in_use(), 2 << 20);
        assert_eq!(found(&table), before, "growing lost entries");
        for i in 50_000..500_000 {
            table.insert(key(i), length(i));
        }
        assert_eq!(
            table.bytes_in_use(),
            4 << 20,
            "grown to the ceiling, no further"
        );
        let mut small = DeadEnds::with_megabytes(1024);
        for i in 0..1_000 {
            small.insert(key(i), 3);
        }
        assert_eq!(small.bytes_in_use(), 64 << 10, "a small search stays small");
    }

    #[test]
    fn a_full_bucket_gives_up_its_shortest_entry() {
        let mut table = DeadEnds::with_megabytes(1);
        table.mask = 0; // one bucket: every entry meets in it
        table.full_mask = 0;
        for (key, length) in [(1u64 << 40, 5), (2 << 40, 2), (3 << 40, 7), (4 << 40, 9)] {
            table.insert(key, length);
        }
        table.insert(5 << 40, 4);
        assert!(!table.contains(2 << 40, 2), "the shortest entry made room");
        for (key, length) in [(1u64 << 40, 5), (3 << 40, 7), (4 << 40, 9), (5 << 40, 4)] {
            assert!(table.contains(key, length));
        }
    }
}
