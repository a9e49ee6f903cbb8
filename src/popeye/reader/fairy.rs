//! The reader's share of fairy pieces: placing a fairy man on the diagram (it replaces what
//! stood there, as a piece does), and, once a problem is read, marking as unsupported what
//! Mateproof does not do yet with fairy pieces (`MoveNumbers`, `EnPassant`,
//! `CastlingMutuallyExclusive`), so nothing of the input is silently dropped. Fairy men come
//! from the diagram or from a twin that adds or substitutes a fairy walk.

use super::{FairyMan, ProblemSpec, Reader};
use crate::board::{Color, Square};
use crate::popeye::unsupported::Feature;

/// Puts a `color` man of the catalogue's `walk` on `square`, replacing any man there.
pub(super) fn place(problem: &mut ProblemSpec, color: Color, walk: usize, square: Square) {
    problem.board[square.index()] = None;
    problem.fairy.retain(|m| m.square != square);
    problem.fairy.push(FairyMan {
        color,
        walk,
        square,
    });
}

impl ProblemSpec {
    /// Whether the diagram or one of the twins has fairy men: then every twin is solved on a
    /// fairy position.
    pub fn has_fairy_men(&self) -> bool {
        !self.fairy.is_empty()
            || self
                .twins
                .iter()
                .flat_map(|twin| &twin.changes)
                .any(|change| change.names_fairy_walk())
    }
}

/// `problem` as read, with the first thing its fairy pieces do not go with marked unsupported.
pub(super) fn checked(mut problem: ProblemSpec) -> ProblemSpec {
    if !problem.has_fairy_men() {
        return problem;
    }
    let options = &problem.options;
    let clash = if options.numbers_moves() {
        Some("MoveNumbers with fairy pieces")
    } else if options.en_passant.is_some() {
        Some("EnPassant with fairy pieces")
    } else if !options.exclusive_castlings.is_empty() {
        Some("CastlingMutuallyExclusive with fairy pieces")
    } else {
        None
    };
    if let Some(item) = clash {
        Reader::unsupported(&mut problem, Feature::FairyPiece, item);
    }
    problem
}
