//! The help search's table of dead ends: positions (by key) from which no line of exactly
//! `r` more half-moves reaches the end. One table serves one plan, so entries of different
//! goals or kinds of play never meet.
//!
//! The table is a fixed array of buckets of four slots, sized in megabytes (`Hash`), so a long
//! search never stops remembering: when a bucket is full the entry with the fewest remaining
//! half-moves (the cheapest to find again) makes room. A slot keeps the key mixed with the
//! remaining length, its low six bits replaced by that length: an entry is found only for the
//! same position (58 bits of its key) and exactly the same length.

/// Positions known to have no solution of exactly the remaining length.
pub(super) struct DeadEnds {
    /// On huge pages where the system has them: the table is probed at random addresses,
    /// and with small pages most probes would miss the TLB as well as the cache.
    slots: BigTable<u64>,
    /// Buckets minus one (a power of two minus one).
    mask: usize,
}

use crate::util::big_table::BigTable;
use crate::util::prefetch::prefetch;

const BUCKET: usize = 4;
const LENGTH_BITS: u64 = 0x3F;

impl DeadEnds {
    /// A table of about `megabytes` (at least one bucket; the memory is zeroed lazily by the
    /// system, so a small search touches little of it).
    pub(super) fn with_megabytes(megabytes: usize) -> DeadEnds {
        let slots = (megabytes.max(1) << 20) / std::mem::size_of::<u64>();
        let buckets = (slots / BUCKET).max(1);
        let buckets = if buckets.is_power_of_two() {
            buckets
        } else {
            buckets.next_power_of_two() / 2
        };
        DeadEnds {
            slots: BigTable::new(buckets * BUCKET),
            mask: buckets - 1,
        }
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
        bucket[victim] = entry;
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
    fn a_full_bucket_gives_up_its_shortest_entry() {
        let mut table = DeadEnds::with_megabytes(1);
        table.mask = 0; // one bucket: every entry meets in it
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
