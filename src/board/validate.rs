//! Legality checks that turn a [`Setup`] into a [`Position`], each rejection with its own
//! typed reason.
//!
//! Two levels: `Lenient` is what the search needs to be sound (one king each, the side not to
//! move not in check, pawns off the back ranks, consistent castling and e.p.); `Strict` adds
//! what a game could have reached (material counts, impossible checks). Problem front ends use
//! `Lenient`, game front ends (UCI, EPD) `Strict` with a lenient fallback where they choose.
//! A side may lack its king only where the caller says so ([`KinglessSides`]): Popeye's
//! `NoWk`/`NoBk` problems; every other entry asks for both kings.

use super::attacks;
use super::castling::geometry;
use super::{Color, Piece, Position, Role, Setup, Square, Validation, Wing};

/// Why a setup is not a legal position.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum PositionError {
    #[error("{0} has no king")]
    MissingKing(Color),
    #[error("{0} has more than one king")]
    TooManyKings(Color),
    #[error("pawn on the first or last rank ({0})")]
    PawnOnBackRank(Square),
    #[error("the side not to move ({0}) is in check")]
    OppositeCheck(Color),
    #[error("impossible check: {0}")]
    ImpossibleCheck(ImpossibleCheck),
    #[error("invalid en-passant square {0}: no pawn can just have made a double step past it")]
    InvalidEpSquare(Square),
    #[error("castling right without king and rook on their home squares ({0} {1})")]
    InvalidCastlingRights(Color, &'static str),
    #[error("{0} has {1} pieces; a game allows at most 16")]
    TooManyPieces(Color, u32),
    #[error("{0} has {1} pawns; a game allows at most 8")]
    TooManyPawns(Color, u32),
    #[error("{0} has more promoted pieces than missing pawns")]
    TooManyPromotedPieces(Color),
}

/// The kinds of check that no legal move can produce.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ImpossibleCheck {
    /// Three or more pieces give check.
    TooManyCheckers,
    /// Two sliders on one line through the king.
    AlignedSliders,
    /// Two checkers of kinds that no single move uncovers together (e.g. two pawns, two knights).
    UncoverablePair,
    /// With an e.p. square set, the check must come from the pawn that just moved or be
    /// uncovered by it.
    NotFromDoubleStep,
}

impl std::fmt::Display for ImpossibleCheck {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ImpossibleCheck::TooManyCheckers => "three or more checkers",
            ImpossibleCheck::AlignedSliders => "two sliders check along one line",
            ImpossibleCheck::UncoverablePair => "no single move gives this double check",
            ImpossibleCheck::NotFromDoubleStep => {
                "the check is not from the pawn that just double-stepped"
            }
        })
    }
}

/// The sides that may have no king (Popeye's `NoWk` and `NoBk`): such a side is never in
/// check, so it cannot be mated, and is stalemated when it has no move.
///
/// ```
/// use mateproof::board::{parse_fen, Color, KinglessSides, PositionError, Validation};
/// let setup = parse_fen("8/8/8/8/8/8/2p5/K7 w - - 0 1").unwrap();
/// assert_eq!(
///     setup.into_position(Validation::Lenient),
///     Err(PositionError::MissingKing(Color::Black))
/// );
/// let kingless = KinglessSides::NONE.with(Color::Black);
/// assert!(setup.into_kingless_position(Validation::Lenient, kingless).is_ok());
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct KinglessSides([bool; 2]);

impl KinglessSides {
    /// Both sides need their king.
    pub const NONE: KinglessSides = KinglessSides([false; 2]);

    /// These sides, and `color` too.
    pub const fn with(self, color: Color) -> KinglessSides {
        let mut sides = self.0;
        sides[color.index()] = true;
        KinglessSides(sides)
    }

    /// True when `color` may have no king.
    pub const fn allows(self, color: Color) -> bool {
        self.0[color.index()]
    }
}

pub(super) fn build(
    setup: &Setup,
    validation: Validation,
    kingless: KinglessSides,
) -> Result<Position, PositionError> {
    for color in Color::ALL {
        let kings = setup.squares_of(Piece::new(color, Role::King)).count();
        if kings == 0 && !kingless.allows(color) {
            return Err(PositionError::MissingKing(color));
        }
        if kings > 1 {
            return Err(PositionError::TooManyKings(color));
        }
    }
    for sq in Square::all() {
        if setup.piece_at(sq).is_some_and(|p| p.role == Role::Pawn)
            && (sq.rank() == 0 || sq.rank() == 7)
        {
            return Err(PositionError::PawnOnBackRank(sq));
        }
    }
    check_castling(setup)?;
    check_ep_square(setup)?;
    if validation == Validation::Strict {
        check_material(setup)?;
    }

    let mut pos = Position::empty();
    for sq in Square::all() {
        if let Some(p) = setup.piece_at(sq) {
            pos.put(p, sq);
        }
    }
    pos.set_turn(setup.turn);
    pos.set_castling(setup.castling);
    pos.set_castling_exclusions(setup.castling_exclusions);
    pos.set_ep_square(setup.ep_square);
    pos.set_clocks(setup.halfmove_clock, setup.fullmove_number);

    let them = !setup.turn;
    if let Some(king) = pos.king(them) {
        if pos.is_attacked(king, setup.turn, pos.occupied()) {
            return Err(PositionError::OppositeCheck(them));
        }
    }
    if validation == Validation::Strict {
        check_checkers(&pos, setup.ep_square)?;
    }
    Ok(pos)
}

fn check_castling(setup: &Setup) -> Result<(), PositionError> {
    for color in Color::ALL {
        for wing in Wing::ALL {
            if !setup.castling.has(color, wing) {
                continue;
            }
            let g = geometry(color, wing);
            if setup.piece_at(g.king_from) != Some(Piece::new(color, Role::King))
                || setup.piece_at(g.rook_from) != Some(Piece::new(color, Role::Rook))
            {
                let side = match wing {
                    Wing::KingSide => "king side",
                    Wing::QueenSide => "queen side",
                };
                return Err(PositionError::InvalidCastlingRights(color, side));
            }
        }
    }
    Ok(())
}

/// The e.p. square must be on the third rank from the mover's view, behind a pawn of the side
/// not to move, with it and the square the pawn came from empty.
fn check_ep_square(setup: &Setup) -> Result<(), PositionError> {
    let Some(ep) = setup.ep_square else {
        return Ok(());
    };
    let mover = !setup.turn;
    let expected_rank = match mover {
        Color::White => 2,
        Color::Black => 5,
    };
    let ok = ep.rank() == expected_rank
        && setup.piece_at(ep).is_none()
        && ep
            .offset(0, -mover.forward())
            .is_some_and(|origin| setup.piece_at(origin).is_none())
        && ep
            .offset(0, mover.forward())
            .is_some_and(|pawn| setup.piece_at(pawn) == Some(Piece::new(mover, Role::Pawn)));
    if ok {
        Ok(())
    } else {
        Err(PositionError::InvalidEpSquare(ep))
    }
}

fn check_material(setup: &Setup) -> Result<(), PositionError> {
    for color in Color::ALL {
        let count = |role| setup.squares_of(Piece::new(color, role)).count() as i32;
        let total: i32 = Role::ALL.iter().map(|&r| count(r)).sum();
        if total > 16 {
            return Err(PositionError::TooManyPieces(color, total as u32));
        }
        let pawns = count(Role::Pawn);
        if pawns > 8 {
            return Err(PositionError::TooManyPawns(color, pawns as u32));
        }
        // Pieces beyond the initial set must be promotions, each costing a pawn.
        let extra = (count(Role::Queen) - 1).max(0)
            + (count(Role::Rook) - 2).max(0)
            + (count(Role::Bishop) - 2).max(0)
            + (count(Role::Knight) - 2).max(0);
        if extra > 8 - pawns {
            return Err(PositionError::TooManyPromotedPieces(color));
        }
    }
    Ok(())
}

fn check_checkers(pos: &Position, ep_square: Option<Square>) -> Result<(), PositionError> {
    let Some(ksq) = pos.king(pos.turn()) else {
        return Ok(());
    };
    let checkers = pos.checkers();
    let impossible = |why| Err(PositionError::ImpossibleCheck(why));
    if checkers.count() > 2 {
        return impossible(ImpossibleCheck::TooManyCheckers);
    }
    if let Some(ep) = ep_square {
        // The double-stepped pawn stands in front of the e.p. square.
        let pushed_to = Square::new(ep.to_u8() ^ 8);
        let pushed_from = Square::new(ep.to_u8() ^ 24);
        for checker in checkers {
            let from_pawn = checker == pushed_to;
            let uncovered = attacks::aligned(checker, pushed_from, ksq)
                && !attacks::aligned(checker, pushed_to, ksq);
            if !from_pawn && !uncovered {
                return impossible(ImpossibleCheck::NotFromDoubleStep);
            }
        }
    }
    let mut it = checkers.into_iter();
    if let (Some(a), Some(b)) = (it.next(), it.next()) {
        let role = |sq| pos.role_at(sq);
        let sliders = pos.rooks_queens() | pos.bishops_queens();
        if sliders.contains(a) && sliders.contains(b) && attacks::aligned(a, b, ksq) {
            return impossible(ImpossibleCheck::AlignedSliders);
        }
        // A double check needs a discovering slider; two leapers/pawns never arise together,
        // except a pawn capturing e.p. or promoting (covered by the slider rule above).
        let is_slider = |sq| role(sq).is_some_and(Role::is_slider);
        if !is_slider(a) && !is_slider(b) {
            return impossible(ImpossibleCheck::UncoverablePair);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::fen::parse_fen;

    fn reject(fen: &str, validation: Validation) -> PositionError {
        match parse_fen(fen).map(|s| s.into_position(validation)) {
            Ok(Err(e)) => e,
            other => panic!("{fen}: expected a position error, got {other:?}"),
        }
    }

    #[test]
    fn every_reason_is_reported() {
        use PositionError::*;
        let strict = Validation::Strict;
        assert_eq!(
            reject("8/8/8/8/8/8/8/4K3 w - - 0 1", strict),
            MissingKing(Color::Black)
        );
        assert_eq!(
            reject("4k3/8/8/8/8/8/8/8 w - - 0 1", strict),
            MissingKing(Color::White)
        );
        assert_eq!(
            reject("4k2k/8/8/8/8/8/8/4K3 w - - 0 1", strict),
            TooManyKings(Color::Black)
        );
        assert_eq!(
            reject("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", strict),
            PawnOnBackRank(Square::A1)
        );
        assert_eq!(
            reject("4k2R/8/8/8/8/8/8/4K3 w - - 0 1", Validation::Lenient),
            OppositeCheck(Color::Black)
        );
        assert_eq!(
            reject("4k3/8/8/8/8/8/8/4K3 w K - 0 1", strict),
            InvalidCastlingRights(Color::White, "king side")
        );
        assert_eq!(
            reject("4k3/8/8/8/8/8/8/R3K3 w q - 0 1", strict),
            InvalidCastlingRights(Color::Black, "queen side")
        );
        assert_eq!(
            reject("4k3/8/8/8/4P3/8/8/4K3 b - e6 0 1", strict),
            InvalidEpSquare(Square::new(44))
        );
        assert_eq!(
            reject("4k3/8/8/8/8/8/8/4K3 b - e3 0 1", strict),
            InvalidEpSquare(Square::new(20))
        );
        assert_eq!(
            reject("4k3/8/8/8/8/8/PPPPPPPP/PNBQKBNR w - - 0 1", strict),
            PawnOnBackRank(Square::A1)
        );
        assert_eq!(
            reject("4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", strict),
            TooManyPawns(Color::Black, 9)
        );
        assert_eq!(
            reject(
                "QQQk4/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
                Validation::Strict
            ),
            TooManyPieces(Color::White, 19)
        );
        assert_eq!(
            reject("3k4/8/8/8/8/8/PPPPPPP1/QQQQK3 w - - 0 1", strict),
            TooManyPromotedPieces(Color::White)
        );
    }

    #[test]
    fn only_the_sides_named_may_lack_their_king() {
        use PositionError::*;
        let black_pawn_only = parse_fen("8/8/8/8/8/8/2p5/K7 w - - 0 1").unwrap();
        let white = KinglessSides::NONE.with(Color::White);
        let black = KinglessSides::NONE.with(Color::Black);
        assert_eq!(
            black_pawn_only.into_kingless_position(Validation::Strict, white),
            Err(MissingKing(Color::Black))
        );
        let pos = black_pawn_only
            .into_kingless_position(Validation::Strict, black)
            .unwrap();
        assert_eq!(
            (pos.king(Color::Black), pos.has_both_kings()),
            (None, false)
        );
        // The side not to move may not stand in check; a side without a king never does.
        let rook_on_a8 = parse_fen("r7/8/8/8/8/8/8/K7 b - - 0 1").unwrap();
        assert_eq!(
            rook_on_a8.into_kingless_position(Validation::Lenient, black),
            Err(OppositeCheck(Color::White))
        );
        let no_kings = parse_fen("r7/8/8/8/8/8/8/R7 w - - 0 1").unwrap();
        let both = white.with(Color::Black);
        let pos = no_kings
            .into_kingless_position(Validation::Strict, both)
            .unwrap();
        assert!(!pos.is_check() && pos.checkers().is_empty());
        assert_eq!(pos.legal_moves().len(), 14);
    }

    #[test]
    fn impossible_checks_are_strict_only() {
        let fen = "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1";
        assert_eq!(
            reject(fen, Validation::Strict),
            PositionError::ImpossibleCheck(ImpossibleCheck::AlignedSliders)
        );
        assert!(parse_fen(fen)
            .unwrap()
            .into_position(Validation::Lenient)
            .is_ok());
        assert_eq!(
            reject("4k3/3P1P2/8/8/8/8/8/4K3 b - - 0 1", Validation::Strict),
            PositionError::ImpossibleCheck(ImpossibleCheck::UncoverablePair)
        );
        assert_eq!(
            reject("4k3/2N3N1/8/8/8/8/8/4K3 b - - 0 1", Validation::Strict),
            PositionError::ImpossibleCheck(ImpossibleCheck::UncoverablePair)
        );
        assert_eq!(
            reject("3R4/8/8/8/3k4/8/8/3R1K2 b - - 0 1", Validation::Strict),
            PositionError::ImpossibleCheck(ImpossibleCheck::AlignedSliders)
        );
        // Rook check with an e.p. square that the double step cannot explain.
        assert_eq!(
            reject("4k2R/8/8/3pP3/8/8/8/4K3 w - d6 0 1", Validation::Strict),
            PositionError::OppositeCheck(Color::Black)
        );
        assert_eq!(
            reject("R3k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1", Validation::Strict),
            PositionError::ImpossibleCheck(ImpossibleCheck::NotFromDoubleStep)
        );
        assert_eq!(
            reject("4k3/8/5N2/1B6/8/8/8/4Q1K1 b - - 0 1", Validation::Strict),
            PositionError::ImpossibleCheck(ImpossibleCheck::TooManyCheckers)
        );
    }
}
