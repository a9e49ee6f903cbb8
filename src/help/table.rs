//! The help search's table of dead ends: positions (by key) from which no line of exactly
//! `r` more half-moves reaches the end. One table serves one plan, so entries of different
//! goals or kinds of play never meet; it is a plain set, cleared by dropping it.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

/// Positions known to have no solution of exactly the remaining length.
#[derive(Default)]
pub(super) struct DeadEnds {
    set: HashSet<u64, BuildHasherDefault<KeyHasher>>,
}

/// Most entries kept; past it the table stops growing (it only ever saves work).
const MAX_ENTRIES: usize = 1 << 24;

impl DeadEnds {
    fn entry(key: u64, remaining: u32) -> u64 {
        key ^ u64::from(remaining).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    pub(super) fn contains(&self, key: u64, remaining: u32) -> bool {
        self.set.contains(&Self::entry(key, remaining))
    }

    pub(super) fn insert(&mut self, key: u64, remaining: u32) {
        if self.set.len() < MAX_ENTRIES {
            self.set.insert(Self::entry(key, remaining));
        }
    }
}

/// Zobrist keys are random already: the hash is the key.
#[derive(Default)]
pub(super) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}
