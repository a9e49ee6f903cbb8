//! df-pn's working table: the proof and disproof numbers of nodes not yet settled, keyed by
//! position and moves left, with the work each node has cost so far.
//!
//! Two-way buckets: a node replaces the entry of its bucket that cost less work, so the
//! numbers of expensive subtrees (the ones worth not searching again) outlive the many cheap
//! nodes near the leaves. Its size comes from the caller (the engine's `Hash`, see
//! [`super::table_size::dfpn_entries`]) and is a ceiling: the table uses [`START_ENTRIES`] at
//! first and doubles whenever half of the entries in use hold a node, so a short run touches
//! a few pages of a working table of hundreds of megabytes (the restricted lanes' beside a
//! large `Hash`). Plain zeroed heap memory, not huge pages: most df-pn runs are short, and a
//! fresh table should cost only the pages they touch.

/// Proof and disproof numbers of one node.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Numbers {
    pub pn: u32,
    pub dn: u32,
}

/// Stands for infinity in proof and disproof numbers (sums saturate here).
pub(super) const INF: u32 = u32::MAX / 4;

impl Numbers {
    pub const PROVEN: Numbers = Numbers { pn: 0, dn: INF };
    pub const DISPROVEN: Numbers = Numbers { pn: INF, dn: 0 };
    pub const UNKNOWN: Numbers = Numbers { pn: 1, dn: 1 };
}

/// Words per entry: check word, packed numbers, work.
const WORDS: usize = 3;

pub(super) struct NumberTable {
    words: Vec<u64>,
    /// Mask of the bucket index of the buckets in use (a bucket is two entries).
    mask: usize,
    /// Mask of every bucket.
    full_mask: usize,
    /// Entries that hold a node.
    filled: usize,
}

/// Entries in use at first: 96 KB.
const START_ENTRIES: usize = 1 << 12;

impl NumberTable {
    /// A table of at most about `entries` entries (a power of two, at least two).
    pub fn new(entries: usize) -> NumberTable {
        let count = entries.next_power_of_two().max(2);
        NumberTable {
            words: vec![0; WORDS * count],
            mask: count.min(START_ENTRIES) / 2 - 1,
            full_mask: count / 2 - 1,
            filled: 0,
        }
    }

    /// Doubles the buckets in use: an entry stays or moves to its bucket in the new half (to
    /// the same place in it), as the new bit of its bucket number says.
    #[cold]
    fn grow(&mut self) {
        let half = self.mask + 1;
        let offset = 2 * WORDS * half;
        for at in (0..offset).step_by(WORDS) {
            let check = self.words[at];
            if check != 0 && (check >> 7) as usize & half != 0 {
                self.words.copy_within(at..at + WORDS, at + offset);
                self.words[at..at + WORDS].fill(0);
            }
        }
        self.mask = 2 * self.mask + 1;
    }

    /// The node's own hash: the position key mixed with the moves left.
    #[inline]
    fn check(key: u64, n: u32) -> u64 {
        (key ^ (u64::from(n) + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15)) | 1
    }

    /// First word of the bucket's first entry.
    #[inline]
    fn bucket(&self, check: u64) -> usize {
        2 * WORDS * ((check >> 7) as usize & self.mask)
    }

    #[inline]
    fn find(&self, check: u64) -> Option<usize> {
        let b = self.bucket(check);
        [b, b + WORDS].into_iter().find(|&i| self.words[i] == check)
    }

    /// The node's numbers and the work (nodes) spent on it so far.
    pub fn get(&self, key: u64, n: u32) -> Option<(Numbers, u64)> {
        let i = self.find(Self::check(key, n))?;
        let packed = self.words[i + 1];
        Some((
            Numbers {
                pn: packed as u32,
                dn: (packed >> 32) as u32,
            },
            self.words[i + 2],
        ))
    }

    /// Stores the node, over its own entry or over the cheaper entry of its bucket.
    pub fn insert(&mut self, key: u64, n: u32, numbers: Numbers, work: u64) {
        // Half of the entries in use (two a bucket) hold a node: grow first.
        if self.filled > self.mask && self.mask != self.full_mask {
            self.grow();
        }
        let check = Self::check(key, n);
        let i = self.find(check).unwrap_or_else(|| {
            let b = self.bucket(check);
            if self.words[b + WORDS + 2] < self.words[b + 2] {
                b + WORDS
            } else {
                b
            }
        });
        if self.words[i] == 0 {
            self.filled += 1;
        }
        self.words[i] = check;
        self.words[i + 1] = u64::from(numbers.pn) | u64::from(numbers.dn) << 32;
        self.words[i + 2] = work;
    }

    /// Forgets the node (it is settled in the bounds table now).
    pub fn remove(&mut self, key: u64, n: u32) {
        if let Some(i) = self.find(Self::check(key, n)) {
            self.words[i..i + WORDS].fill(0);
            self.filled -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_node_replaces_the_cheaper_entry_of_its_bucket() {
        let mut table = NumberTable::new(2); // one bucket: every key collides
        let numbers = |pn| Numbers { pn, dn: 1 };
        // Keys as a hash gives them (the check word's low bit is not the key's).
        const A: u64 = 0x1111_0000_0000_0002;
        const B: u64 = 0x2222_0000_0000_0004;
        const C: u64 = 0x3333_0000_0000_0008;
        table.insert(A, 5, numbers(1), 1_000);
        table.insert(B, 5, numbers(2), 10);
        assert_eq!(table.get(A, 5), Some((numbers(1), 1_000)));
        assert_eq!(table.get(B, 5), Some((numbers(2), 10)));
        table.insert(C, 5, numbers(3), 20);
        assert_eq!(
            table.get(A, 5),
            Some((numbers(1), 1_000)),
            "the expensive node stays"
        );
        assert_eq!(table.get(B, 5), None, "the cheaper node went");
        assert_eq!(table.get(C, 5), Some((numbers(3), 20)));
        // Same position, other moves left: another node.
        assert_eq!(table.get(A, 4), None);
        table.remove(A, 5);
        assert_eq!(table.get(A, 5), None);
    }

    #[test]
    fn the_table_grows_as_nodes_fill_it_and_keeps_them() {
        let mut table = NumberTable::new(1 << 20);
        assert_eq!(table.mask + 1, START_ENTRIES / 2);
        let key = |i: u64| i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let numbers = |i: u64| Numbers {
            pn: i as u32 + 1,
            dn: 7,
        };
        for i in 0..20_000 {
            table.insert(key(i), 3, numbers(i), i);
        }
        assert_eq!(2 * (table.mask + 1), 1 << 16, "twice the nodes, rounded up");
        let kept = (0..20_000)
            .filter(|&i| table.get(key(i), 3) == Some((numbers(i), i)))
            .count();
        assert!(kept > 19_000, "{kept} of 20000 nodes kept through growing");
        let mut small = NumberTable::new(1 << 20);
        for i in 0..100 {
            small.insert(key(i), 3, numbers(i), i);
        }
        assert_eq!(small.mask + 1, START_ENTRIES / 2, "a short run stays small");
    }
}
