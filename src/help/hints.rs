//! What the rules can tell the help search about the last move before it is played:
//! [`Hints::stalemate_candidates`] names the only moves that can stalemate the other side at
//! once, so a stalemate search skips the last ply where no move can. The default knows
//! nothing (every move is tried); the orthodox rules know the argument below.
//!
//! A man of the stalemated side other than its king that stands on no line (rank, file or
//! diagonal) of its own king cannot be pinned, so after a move of the other side that does not
//! check it keeps its moves but for what that move changes on the board. A knight, bishop,
//! rook or queen with a square next to it on one of its lines (a knight: a knight's step)
//! free of its own men and of the other king keeps a legal move unless captured: the square
//! stays empty or holds a man to capture. A pawn with a free push square or a man to capture
//! loses its moves only if captured, or if the move lands on its push square and leaves the
//! one square it could capture on. A stalemating move meets the condition of every such man.

use crate::board::attacks::{
    bishop_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
};
use crate::board::{Bitboard, Color, Move, Position, Role, Square};
use crate::fairy::FairyPosition;
use crate::rules::{Moves, Rules};

/// Knowledge of the rules the help search may use to skip moves.
pub trait Hints: Rules {
    /// The only moves of the side to move that may stalemate the other side (`None`: any
    /// move may). Every move that stalemates is among them.
    fn stalemate_candidates(&self) -> Option<Moves<Self>> {
        None
    }
}

impl Hints for FairyPosition {}

impl Hints for Position {
    fn stalemate_candidates(&self) -> Option<Moves<Self>> {
        let units = free_units(self);
        if units.is_empty() {
            return None;
        }
        // One move captures one man: two pieces to take leave nothing to try.
        let pieces = units.iter().filter(|u| matches!(u, FreeUnit::Piece(_)));
        if pieces.count() >= 2 {
            return Some(Moves::<Self>::new());
        }
        let mut moves = self.legal_moves();
        moves.retain(|m| units.iter().all(|unit| unit.may_lose_its_moves(m)));
        Some(moves)
    }
}

/// A man of the side not to move that has a move now, stands on no line of its king (so it
/// cannot be pinned), and loses every move through the other side's move only as told.
enum FreeUnit {
    /// A knight, bishop, rook or queen: only a capture takes its moves.
    Piece(Square),
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
            FreeUnit::Piece(at) => m.to() == at,
            FreeUnit::Pawn { at, push, captures } => {
                m.to() == at
                    || (push.is_none_or(|p| m.to() == p)
                        && (captures.is_empty() || captures == Bitboard::from_square(m.from())))
            }
        }
    }
}

/// The free units ([`FreeUnit`]) of the side not to move in `pos`.
fn free_units(pos: &Position) -> Vec<FreeUnit> {
    let us = pos.turn();
    let them = !us;
    let king = pos.king(them);
    let lines = queen_attacks(king, Bitboard::EMPTY);
    let blocked = pos.by_color(them).with(pos.king(us));
    let mut units = Vec::new();
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        for sq in pos.pieces(them, role) - lines {
            let next = match role {
                Role::Knight => knight_attacks(sq),
                Role::Bishop => bishop_attacks(sq, Bitboard::FULL),
                Role::Rook => rook_attacks(sq, Bitboard::FULL),
                _ => queen_attacks(sq, Bitboard::FULL),
            };
            if (next - blocked).any() {
                units.push(FreeUnit::Piece(sq));
            }
        }
    }
    let forward = if them == Color::White { 1 } else { -1 };
    for at in pos.pieces(them, Role::Pawn) - lines {
        let push = at
            .offset(0, forward)
            .filter(|&p| !pos.occupied().contains(p));
        // The other king is no man to capture (leaving it out only widens the condition).
        let captures = pawn_attacks(them, at) & pos.by_color(us).without(pos.king(us));
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

    fn candidates(fen: &str) -> Option<usize> {
        let pos = Position::from_fen(fen, Validation::Lenient).expect("fen");
        pos.stalemate_candidates().map(|moves| moves.len())
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

    #[test]
    fn a_pawn_with_a_push_must_be_blocked_or_taken() {
        // The pawn d4 (off a8's lines) pushes to d3: only Rh3-d3 may stalemate.
        assert_eq!(candidates("k7/8/8/8/3p4/7R/8/K7 w - - 0 1"), Some(1));
        // Two pawns with two push squares: no stalemate in one.
        assert_eq!(candidates("k7/8/8/8/3p1p2/7R/8/K7 w - - 0 1"), Some(0));
    }
}
