//! Search scores: centipawns from the point of view of the side to move, with forced mates
//! encoded as `MATE - plies` so that a quicker mate is simply a larger number and alpha-beta
//! needs no special cases. Only this module knows the encoding; it never prints anything.

use std::ops::Neg;

/// The deepest ply the game search ever reaches (search path plus quiescence).
pub const MAX_PLY: usize = 128;

/// A score in centipawns, or a mate encoded as described in the module documentation.
///
/// ```
/// use mateproof::search::Score;
/// assert_eq!(Score::mate_in(3).mate_moves(), Some(2)); // mate on the 3rd ply = mate in 2 moves
/// assert_eq!(Score::mated_in(4).mate_moves(), Some(-2));
/// assert_eq!(Score::cp(35).mate_moves(), None);
/// assert!(Score::mate_in(1) > Score::mate_in(3) && Score::mated_in(4) < Score::cp(-2000));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Score(i32);

const MATE: i32 = 30_000;
/// Any score beyond this (in absolute value) is a mate within [`MAX_PLY`].
const MATE_BOUND: i32 = MATE - MAX_PLY as i32;

impl Score {
    /// Greater than every real score: the initial alpha-beta window.
    pub const INFINITE: Score = Score(MATE + 1);
    pub const DRAW: Score = Score(0);

    /// A material/positional score; clamped so it can never be mistaken for a mate.
    #[inline]
    pub const fn cp(centipawns: i32) -> Score {
        let limit = MATE_BOUND - 1;
        Score(if centipawns > limit {
            limit
        } else if centipawns < -limit {
            -limit
        } else {
            centipawns
        })
    }

    /// The side to move mates, the mating move being played `ply` plies from the root.
    #[inline]
    pub const fn mate_in(ply: usize) -> Score {
        Score(MATE - ply as i32)
    }

    /// The side to move is mated `ply` plies from the root.
    #[inline]
    pub const fn mated_in(ply: usize) -> Score {
        Score(-MATE + ply as i32)
    }

    /// The raw value (for arithmetic in the evaluation and window bookkeeping).
    #[inline]
    pub const fn get(self) -> i32 {
        self.0
    }

    #[inline]
    pub const fn is_mate(self) -> bool {
        self.0 > MATE_BOUND || self.0 < -MATE_BOUND
    }

    /// UCI's `score mate N`: moves (not plies) to mate, negative when the side to move is the
    /// one being mated; `None` for an ordinary score.
    pub const fn mate_moves(self) -> Option<i32> {
        if self.0 > MATE_BOUND {
            Some((MATE - self.0 + 1) / 2)
        } else if self.0 < -MATE_BOUND {
            Some(-(MATE + self.0) / 2)
        } else {
            None
        }
    }

    /// The score as a transposition table stores it: mates counted from the stored node
    /// instead of the root, so the entry stays right wherever the position recurs.
    #[inline]
    pub const fn to_table(self, ply: usize) -> Score {
        if self.0 > MATE_BOUND {
            Score(self.0 + ply as i32)
        } else if self.0 < -MATE_BOUND {
            Score(self.0 - ply as i32)
        } else {
            self
        }
    }

    /// The inverse of [`Score::to_table`].
    #[inline]
    pub const fn from_table(self, ply: usize) -> Score {
        if self.0 > MATE_BOUND {
            Score(self.0 - ply as i32)
        } else if self.0 < -MATE_BOUND {
            Score(self.0 + ply as i32)
        } else {
            self
        }
    }

    /// Packs into 16 bits for the table (every score fits: |score| ≤ MATE + 1).
    #[inline]
    pub(crate) const fn to_i16(self) -> i16 {
        self.0 as i16
    }

    #[inline]
    pub(crate) const fn from_i16(v: i16) -> Score {
        Score(v as i32)
    }

    /// One step above, for null windows.
    #[inline]
    pub const fn plus_one(self) -> Score {
        Score(self.0 + 1)
    }
}

impl Neg for Score {
    type Output = Score;
    #[inline]
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_moves_from_plies() {
        // Mating on ply 1, 3, 5 = mate in 1, 2, 3; mated on ply 0, 2, 4 = mated in 0, 1, 2.
        for (ply, moves) in [(1, 1), (3, 2), (5, 3), (2, 1)] {
            assert_eq!(
                Score::mate_in(ply).mate_moves(),
                Some(moves),
                "mate on ply {ply}"
            );
        }
        for (ply, moves) in [(0, 0), (2, -1), (4, -2)] {
            assert_eq!(
                Score::mated_in(ply).mate_moves(),
                Some(moves),
                "mated on ply {ply}"
            );
        }
        assert_eq!((-Score::mated_in(2)), Score::mate_in(2));
    }

    #[test]
    fn centipawns_never_look_like_mates() {
        assert!(!Score::cp(i32::MAX / 2).is_mate());
        assert!(!Score::cp(-i32::MAX / 2).is_mate());
        assert!(Score::cp(i32::MAX / 2) < Score::mate_in(MAX_PLY));
        assert!(Score::mate_in(MAX_PLY - 1).is_mate() && Score::mated_in(MAX_PLY - 1).is_mate());
    }

    #[test]
    fn table_round_trip_keeps_distance_from_root() {
        // A mate 7 plies from the root seen at ply 4 is a mate 3 plies from that node.
        let s = Score::mate_in(7);
        let stored = s.to_table(4);
        assert_eq!(stored, Score::mate_in(3));
        assert_eq!(stored.from_table(2), Score::mate_in(5));
        assert_eq!(Score::cp(-40).to_table(9).from_table(3), Score::cp(-40));
        assert_eq!(
            Score::from_i16(Score::mated_in(6).to_i16()),
            Score::mated_in(6)
        );
    }
}
