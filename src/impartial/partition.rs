//! Integer partitions as Young diagrams: the board of an impartial chess game (seed 002, §2).
//!
//! A partition λ = (λ₁ ≥ λ₂ ≥ … > 0) is drawn with row i holding λ_{i+1} cells, left-justified;
//! cell (i, j) is row i (counted down from 0) and column j (counted right from 0). Every cell
//! names a subpartition λ_(i,j) = (λ_{i+1} − j, λ_{i+2} − j, …) with non-positive parts
//! dropped, the position reached when the piece stands on that cell. This module parses and
//! validates partitions and indexes their cells; it knows nothing of pieces or values.

use std::fmt;

/// Largest number of cells a partition may have; larger inputs are refused. The value table
/// holds a few words per cell, and riders look along whole rows and columns, so the worst case
/// is a queen on a square: `bench/benches/impartial.rs` times it at this size.
pub const MAX_CELLS: u64 = 100_000;

/// Why a text or a list of parts is not a partition this module accepts.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PartitionError {
    #[error("the partition is empty; give parts such as 5,3,2,2")]
    Empty,
    #[error("'{0}' is not a part (expected a whole number from 1 up)")]
    BadPart(String),
    #[error("parts must not increase: {0} is followed by {1}")]
    Increasing(u64, u64),
    #[error("the partition has {0} cells; at most {MAX_CELLS} are allowed")]
    TooLarge(u64),
}

/// A non-empty partition, stored as its parts with row offsets into a flat cell table.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Partition {
    parts: Vec<u32>,
    /// `offsets[i]` is the index of cell (i, 0) in a row-major table; the last entry is the
    /// number of cells.
    offsets: Vec<usize>,
}

impl Partition {
    /// The partition with these parts, which must be positive and non-increasing.
    ///
    /// ```
    /// use mateproof::impartial::Partition;
    /// let p = Partition::new(&[5, 3, 2, 2]).unwrap();
    /// assert_eq!(p.cells(), 12);
    /// assert!(Partition::new(&[2, 3]).is_err());
    /// ```
    pub fn new(parts: &[u64]) -> Result<Partition, PartitionError> {
        if parts.is_empty() {
            return Err(PartitionError::Empty);
        }
        let mut total: u64 = 0;
        for (k, &part) in parts.iter().enumerate() {
            if part == 0 {
                return Err(PartitionError::BadPart("0".to_owned()));
            }
            if k > 0 && part > parts[k - 1] {
                return Err(PartitionError::Increasing(parts[k - 1], part));
            }
            total = total.saturating_add(part);
        }
        if total > MAX_CELLS {
            return Err(PartitionError::TooLarge(total));
        }
        // Every part is at most MAX_CELLS here, so it fits u32 and the offsets fit usize.
        let parts: Vec<u32> = parts.iter().map(|&p| p as u32).collect();
        let mut offsets = Vec::with_capacity(parts.len() + 1);
        let mut at = 0usize;
        for &p in &parts {
            offsets.push(at);
            at += p as usize;
        }
        offsets.push(at);
        Ok(Partition { parts, offsets })
    }

    /// Parses "5,3,2,2" (spaces around parts allowed).
    ///
    /// ```
    /// use mateproof::impartial::Partition;
    /// assert_eq!("4, 4,1".parse::<Partition>().unwrap().parts(), &[4, 4, 1]);
    /// assert!("5,x".parse::<Partition>().is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Partition, PartitionError> {
        if text.trim().is_empty() {
            return Err(PartitionError::Empty);
        }
        let mut parts = Vec::new();
        for word in text.split(',') {
            let word = word.trim();
            match word.parse::<u64>() {
                Ok(p) if p > 0 => parts.push(p),
                _ => return Err(PartitionError::BadPart(word.to_owned())),
            }
        }
        Partition::new(&parts)
    }

    /// The parts λ₁ ≥ λ₂ ≥ … (row lengths from the top).
    pub fn parts(&self) -> &[u32] {
        &self.parts
    }

    /// ℓ(λ), the number of rows.
    pub fn rows(&self) -> usize {
        self.parts.len()
    }

    /// The length of row `i` (0 below the last row).
    pub fn row_len(&self, i: usize) -> u32 {
        self.parts.get(i).copied().unwrap_or(0)
    }

    /// |λ|, the number of cells.
    pub fn cells(&self) -> usize {
        self.offsets[self.parts.len()]
    }

    /// Whether cell (i, j) exists, i.e. λ_(i,j) is well-defined.
    pub fn has_cell(&self, i: usize, j: usize) -> bool {
        (j as u64) < u64::from(self.row_len(i))
    }

    /// The row-major index of an existing cell.
    pub fn index(&self, i: usize, j: usize) -> usize {
        debug_assert!(self.has_cell(i, j));
        self.offsets[i] + j
    }

    /// λ_(i,j), the subpartition of an existing cell.
    pub fn sub(&self, i: usize, j: usize) -> Partition {
        let parts: Vec<u64> = self.parts[i..]
            .iter()
            .map(|&p| u64::from(p))
            .take_while(|&p| p > j as u64)
            .map(|p| p - j as u64)
            .collect();
        Partition::new(&parts).expect("a subpartition of a valid partition is valid")
    }

    /// The conjugate λ′ (rows and columns exchanged).
    pub fn conjugate(&self) -> Partition {
        let parts: Vec<u64> = (0..self.parts[0])
            .map(|j| self.parts.iter().take_while(|&&p| p > j).count() as u64)
            .collect();
        Partition::new(&parts).expect("the conjugate has as many cells")
    }
}

impl std::str::FromStr for Partition {
    type Err = PartitionError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Partition::parse(text)
    }
}

impl fmt::Display for Partition {
    /// "5,3,2,2", the form `parse` reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, p) in self.parts.iter().enumerate() {
            if k > 0 {
                f.write_str(",")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_refuses() {
        assert_eq!(Partition::parse("5,3,2,2").unwrap().parts(), &[5, 3, 2, 2]);
        assert_eq!(
            Partition::parse("5,x"),
            Err(PartitionError::BadPart("x".into()))
        );
        assert_eq!(
            Partition::parse("5,,2"),
            Err(PartitionError::BadPart("".into()))
        );
        assert_eq!(
            Partition::parse("2,3"),
            Err(PartitionError::Increasing(2, 3))
        );
        assert_eq!(
            Partition::parse("3,0"),
            Err(PartitionError::BadPart("0".into()))
        );
        assert_eq!(
            Partition::parse("-1"),
            Err(PartitionError::BadPart("-1".into()))
        );
        assert_eq!(Partition::parse(" "), Err(PartitionError::Empty));
        assert_eq!(
            Partition::parse("99999999999999999999"),
            Err(PartitionError::BadPart("99999999999999999999".into()))
        );
        assert_eq!(
            Partition::parse("60000,50000"),
            Err(PartitionError::TooLarge(110_000))
        );
        assert_eq!(
            Partition::parse("18446744073709551615,18446744073709551615"),
            Err(PartitionError::TooLarge(u64::MAX))
        );
    }

    #[test]
    fn subpartitions_and_conjugates() {
        let p = Partition::parse("5,3,2,2").unwrap();
        assert_eq!(p.sub(0, 0), p);
        assert_eq!(p.sub(1, 1).to_string(), "2,1,1");
        assert_eq!(p.sub(0, 3).to_string(), "2");
        assert!(p.has_cell(3, 1) && !p.has_cell(3, 2) && !p.has_cell(4, 0));
        assert_eq!(p.conjugate().to_string(), "4,4,2,1,1");
        assert_eq!(p.index(2, 1), 9);
        assert_eq!(p.cells(), 12);
    }
}
