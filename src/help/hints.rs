//! What the rules can tell the help search about the last move before it is played:
//! [`Hints::stalemate_candidates`] names the only moves that can stalemate the other side at
//! once, so a stalemate search skips the last ply where no move can. The default knows
//! nothing (every move is tried); the orthodox rules know the argument below.
//!
//! A man of the stalemated side other than its king and pawns that stands on no line (rank,
//! file or diagonal) of its own king and has a square next to it on one of its lines (a
//! knight: a knight's step) free of its own men and of the other king keeps a legal move after
//! any one move of the other side that does not check: it cannot be pinned, the square stays
//! empty or holds a man to capture, and a capture there is legal. So two such men mean no
//! stalemate in one, and one means only the moves capturing it may stalemate.

use crate::board::attacks::{bishop_attacks, knight_attacks, queen_attacks, rook_attacks};
use crate::board::{Bitboard, Position, Role};
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
        let them = !self.turn();
        let their_men = self.by_color(them);
        let king = self.king(them);
        let lines = queen_attacks(king, Bitboard::EMPTY);
        let blocked = their_men.with(self.king(self.turn()));
        let mut free = Bitboard::EMPTY;
        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            for sq in self.pieces(them, role) - lines {
                let next = match role {
                    Role::Knight => knight_attacks(sq),
                    Role::Bishop => bishop_attacks(sq, Bitboard::FULL),
                    Role::Rook => rook_attacks(sq, Bitboard::FULL),
                    _ => queen_attacks(sq, Bitboard::FULL),
                };
                if (next - blocked).any() {
                    free = free.with(sq);
                }
            }
        }
        match free.count() {
            0 => None,
            1 => {
                let mut moves = self.legal_moves();
                moves.retain(|m| free.contains(m.to()) && !m.is_castle());
                Some(moves)
            }
            _ => Some(Moves::<Self>::new()),
        }
    }
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
        // The bishop on h6 is hemmed in by its own pawns (g7, g5); pawns prove nothing.
        assert_eq!(candidates("k7/6p1/7b/6p1/8/8/8/K6R w - - 0 1"), None);
    }
}
