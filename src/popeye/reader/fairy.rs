//! The reader's share of fairy pieces: placing a fairy man on the diagram (it replaces what
//! stood there, as a piece does), and, once a problem is read, marking as unsupported what
//! Mateproof does not do yet on fairy positions (`MoveNumbers`, `EnPassant`,
//! `CastlingMutuallyExclusive`), so nothing of the input is silently dropped. Fairy positions
//! also hold the problems with a pawn on the first or last rank. Fairy men come
//! from the diagram or from a twin that adds or substitutes a fairy walk.

use super::{FairyMan, ProblemSpec, Reader};
use crate::board::{Color, Square};
use crate::notation::Language;
use crate::popeye::keywords::{option_name, OptionWord};
use crate::popeye::unsupported::{Feature, Together};

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

impl ProblemSpec {
    /// Whether the problem is solved on fairy positions: it has fairy men, or a pawn on the
    /// first or last rank ([`crate::popeye::problems::has_back_rank_pawns`]).
    pub fn needs_fairy_position(&self) -> bool {
        self.has_fairy_men() || crate::popeye::problems::has_back_rank_pawns(self)
    }
}

/// `problem` as read, with the first thing its fairy positions do not go with marked
/// unsupported (named for its fairy pieces or its pawns on the back ranks).
pub(super) fn checked(mut problem: ProblemSpec, language: Language) -> ProblemSpec {
    let (feature, cause) = if problem.has_fairy_men() {
        (Feature::FairyPiece, Together::FairyPieces)
    } else if crate::popeye::problems::has_back_rank_pawns(&problem) {
        (Feature::Option, Together::BackRankPawn)
    } else {
        return problem;
    };
    let options = &problem.options;
    let clash = if options.numbers_moves() {
        Some(OptionWord::MoveNumbers)
    } else if options.en_passant.is_some() {
        Some(OptionWord::EnPassant)
    } else if !options.exclusive_castlings.is_empty() {
        Some(OptionWord::CastlingMutuallyExclusive)
    } else {
        None
    };
    if let Some(option) = clash {
        let name = option_name(language, option);
        Reader::unsupported_with(&mut problem, feature, name, Some(cause));
    }
    problem
}
