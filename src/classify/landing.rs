//! The landing argument about stalemates one and two plies ahead, which needs no move
//! generated: the help search ([`crate::help::Hints`]) and the line search
//! ([`super::LineRules`]) test it before the costlier mobility bounds.
//!
//! A man of the stalemated side other than its king that stands on no
//! line (rank, file or diagonal) of its own king cannot be pinned, so after a move of the
//! other side that does not check it keeps its moves but for what that move changes on the
//! board. A knight, bishop, rook or queen with a square next to it on one of its lines (a
//! knight: a knight's step) free of its own men and of the other king keeps a legal move
//! unless captured: the square stays empty or holds a man to capture. A pawn with a free push
//! square or a man to capture loses its moves only if captured, or if the move lands on its
//! push square and leaves the one square it could capture on. A stalemating move meets the
//! condition of every such man.
//!
//! Two of these men that only a landing can stop — a piece (captured where it stands) and a
//! pawn with a free push square (captured, or blocked on that square) — ask for two landing
//! squares, and one move has one (castling and en passant aside, which move or take two men):
//! no stalemate in one. One move further back, a move of the side to be stalemated that is
//! not a king move leaves such a man free but for the man moved and the square it lands on,
//! so where two of them outlive the move, the move prepares no stalemate in one.

use crate::board::attacks::{
    bishop_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
};
use crate::board::{Bitboard, Color, Move, Position, Role, Square};
#[cfg(test)]
use crate::rules::Moves;

/// True when the other side's free `units` (of the side to be stalemated, not to move) ask
/// for more than one move can do: two pieces to capture (one move captures one man), or two
/// landings where the side to move can neither castle nor take en passant (which move or take
/// two men and may meet two landings).
pub(crate) fn landings_rule_out_a_stalemate(pos: &Position, units: &[FreeUnit]) -> bool {
    let pieces = units.iter().filter(|u| matches!(u, FreeUnit::Piece { .. }));
    let single_landings = !pos.castling().has_any(pos.turn()) && pos.ep_square().is_none();
    pieces.count() >= 2 || (single_landings && landings(units) >= 2)
}

/// The landing argument for one move: it may take every move of each unit.
pub(crate) fn may_lose_every_unit(units: &[FreeUnit], m: Move) -> bool {
    units.iter().all(|unit| unit.may_lose_its_moves(m))
}

/// The landing argument one move back: of `moves` (the side to move's), those after which
/// the other side may stalemate it at once.
#[cfg(test)]
fn landing_preparations(pos: &Position, mut moves: Moves<Position>) -> Moves<Position> {
    if let Some(units) = landing_units_to_outlive(pos) {
        moves.retain(|m| may_prepare(pos, &units, m));
    }
    moves
}

/// The free units of the side to move that need a landing, two or more of them (see
/// [`landing_units_to_outlive`]).
pub struct LandingUnits(Vec<FreeUnit>);

/// The side to move's free units, when two of them need a landing and the other side cannot
/// castle (its rook and king would land twice); `None` otherwise.
pub(crate) fn landing_units_to_outlive(pos: &Position) -> Option<LandingUnits> {
    if pos.castling().has_any(!pos.turn()) {
        return None;
    }
    let units = free_units(pos, pos.turn());
    (landings(&units) >= 2).then_some(LandingUnits(units))
}

/// False when `m`, a move of the side whose free units are `units`, leaves two of them
/// needing a landing: then no reply stalemates it.
pub(crate) fn may_prepare(pos: &Position, units: &LandingUnits, m: Move) -> bool {
    // A king move changes its lines; a double step may be taken en passant.
    let role = pos.role_at(m.from());
    role == Some(Role::King)
        || (role == Some(Role::Pawn) && m.from().rank().abs_diff(m.to().rank()) == 2)
        || units.0.iter().filter(|u| u.outlives(m)).count() < 2
}

/// How many of `units` only a landing stops.
fn landings(units: &[FreeUnit]) -> usize {
    units.iter().filter(|u| u.needs_a_landing()).count()
}

/// A man of the side to be stalemated that has a move now, stands on no line of its king (so
/// it cannot be pinned), and loses every move through the other side's move only as told.
pub(crate) enum FreeUnit {
    /// A knight, bishop, rook or queen on `at`, with `free` the squares next to it on its
    /// lines that hold none of its own men and not the other king: only a capture takes its
    /// moves.
    Piece { at: Square, free: Bitboard },
    /// A pawn on `at`: captured, or its push square (if empty) taken and the one man it can
    /// capture (if any) moved away.
    Pawn {
        at: Square,
        push: Option<Square>,
        captures: Bitboard,
    },
}

impl FreeUnit {
    /// A necessary condition for the unit to have no move after `m`. Castling and en passant
    /// (two men moved, or a man taken off another square) are never excluded.
    fn may_lose_its_moves(&self, m: Move) -> bool {
        if m.is_castle() || m.is_en_passant() {
            return true;
        }
        match *self {
            FreeUnit::Piece { at, .. } => m.to() == at,
            FreeUnit::Pawn { at, push, captures } => {
                m.to() == at
                    || (push.is_none_or(|p| m.to() == p)
                        && (captures.is_empty() || captures == Bitboard::from_square(m.from())))
            }
        }
    }

    /// True for a piece, or a pawn with a free push square: only a move landing on one of
    /// its squares (where it stands, its push square) may take its moves.
    fn needs_a_landing(&self) -> bool {
        match *self {
            FreeUnit::Piece { .. } => true,
            FreeUnit::Pawn { push, .. } => push.is_some(),
        }
    }

    /// True when a unit that needs a landing still needs one after `m`, a move of its own side
    /// that is no king move and no double step: `m` moves another man and lands neither on
    /// the unit's push square nor on its last free square (the square it leaves only frees).
    fn outlives(&self, m: Move) -> bool {
        match *self {
            FreeUnit::Piece { at, free } => at != m.from() && free.without(m.to()).any(),
            FreeUnit::Pawn { at, push, .. } => at != m.from() && push.is_some_and(|p| p != m.to()),
        }
    }
}

/// The free units ([`FreeUnit`]) of `them` in `pos`, the side to be stalemated; the other
/// side's king and men are the ones that may capture.
pub(crate) fn free_units(pos: &Position, them: Color) -> Vec<FreeUnit> {
    let us = !them;
    // A side without a king has no pins, so no line through it.
    let lines = pos
        .king(them)
        .map_or(Bitboard::EMPTY, |king| queen_attacks(king, Bitboard::EMPTY));
    let blocked = pos.by_color(them) | pos.pieces(us, Role::King);
    let mut units = Vec::new();
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        for sq in pos.pieces(them, role) - lines {
            let next = match role {
                Role::Knight => knight_attacks(sq),
                Role::Bishop => bishop_attacks(sq, Bitboard::FULL),
                Role::Rook => rook_attacks(sq, Bitboard::FULL),
                _ => queen_attacks(sq, Bitboard::FULL),
            };
            let free = next - blocked;
            if free.any() {
                units.push(FreeUnit::Piece { at: sq, free });
            }
        }
    }
    let forward = if them == Color::White { 1 } else { -1 };
    for at in pos.pieces(them, Role::Pawn) - lines {
        let push = at
            .offset(0, forward)
            .filter(|&p| !pos.occupied().contains(p));
        // The other king is no man to capture (leaving it out only widens the condition).
        let captures = pawn_attacks(them, at) & (pos.by_color(us) - pos.pieces(us, Role::King));
        if push.is_some() || captures.any() {
            units.push(FreeUnit::Pawn { at, push, captures });
        }
    }
    units
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Validation;

    /// The landing argument's candidates on the last ply, counted (`None`: no unit limits
    /// them).
    fn candidates(fen: &str) -> Option<usize> {
        let pos = Position::from_fen(fen, Validation::Lenient).expect("fen");
        let units = free_units(&pos, !pos.turn());
        if units.is_empty() {
            return None;
        }
        if landings_rule_out_a_stalemate(&pos, &units) {
            return Some(0);
        }
        let moves = pos.legal_moves();
        Some(
            moves
                .iter()
                .filter(|&&m| may_lose_every_unit(&units, m))
                .count(),
        )
    }

    #[test]
    fn two_free_men_off_the_king_lines_leave_no_stalemate_in_one() {
        // Black: Ka8, knights d4 and f6 (on no line of a8), both with free squares.
        assert_eq!(candidates("k7/8/5n2/8/3n4/8/8/K6R w - - 0 1"), Some(0));
    }

    #[test]
    fn one_free_man_must_be_captured() {
        // Only the knight on f6 is free: of White's moves only Rf1xf6 may stalemate.
        assert_eq!(candidates("k7/8/5n2/8/8/8/8/K4R2 w - - 0 1"), Some(1));
    }

    #[test]
    fn men_on_the_king_lines_or_hemmed_in_prove_nothing() {
        // The knight on c6 is on a8's diagonal: it may be pinned.
        assert_eq!(candidates("k7/8/2n5/8/8/8/8/K6R w - - 0 1"), None);
        // The bishop on h6 is hemmed in by its own pawns (g7, g5), both blocked.
        assert_eq!(candidates("k7/6p1/6Pb/6p1/6P1/8/8/K6R w - - 0 1"), None);
    }

    /// The landing argument's preparations one move back (`None`: it limits nothing).
    fn preparations(fen: &str) -> Option<Vec<String>> {
        let pos = Position::from_fen(fen, Validation::Lenient).expect("fen");
        landing_units_to_outlive(&pos)?;
        let moves = landing_preparations(&pos, pos.legal_moves());
        Some(moves.iter().map(|m| m.to_string()).collect())
    }

    #[test]
    fn three_men_that_need_landings_leave_only_king_moves_to_prepare() {
        // Black: Ka8; pawns c5 and f5 with pushes, bishop h4 — all off a8's lines. A move of
        // one leaves two that need a landing; only the king's moves change the lines.
        let kept = preparations("k7/8/8/2p2p2/7b/8/8/2K5 b - - 0 1").expect("a hint");
        let mut kept = kept;
        kept.sort();
        assert_eq!(kept, ["a8a7", "a8b7", "a8b8"]);
    }

    #[test]
    fn a_move_that_blocks_a_push_may_prepare() {
        // Pawns c5, f5 only: a pawn's own move leaves one, and so does the king; the knight
        // g6 (off a8's lines, free) is a third unit, but Ng6-f4 blocks f5's push.
        let kept = preparations("k7/8/6n1/2p2p2/8/8/8/2K5 b - - 0 1").expect("a hint");
        assert!(kept.contains(&"g6f4".to_string()), "{kept:?}");
        assert!(!kept.contains(&"g6e7".to_string()), "{kept:?}");
        // The bishop h4's only free square is g3 (g5 holds its own blocked pawn): Ne2-g3
        // takes it, so only the pawn c5 still needs a landing; Ne2-c3 leaves two.
        let kept = preparations("k7/8/8/2p3p1/6Pb/8/4n3/K7 b - - 0 1").expect("a hint");
        assert!(kept.contains(&"e2g3".to_string()), "{kept:?}");
        assert!(!kept.contains(&"e2c3".to_string()), "{kept:?}");
        // The stalemating side may castle: no hint.
        assert_eq!(preparations("k7/8/8/2p2p1b/8/8/8/4K2R b K - 0 1"), None);
    }

    #[test]
    fn a_pawn_with_a_push_must_be_blocked_or_taken() {
        // The pawn d4 (off a8's lines) pushes to d3: only Rh3-d3 may stalemate.
        assert_eq!(candidates("k7/8/8/8/3p4/7R/8/K7 w - - 0 1"), Some(1));
        // Two pawns with two push squares: no stalemate in one.
        assert_eq!(candidates("k7/8/8/8/3p1p2/7R/8/K7 w - - 0 1"), Some(0));
    }
}
