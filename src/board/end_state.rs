//! How a game ends on the board: checkmate, stalemate, dead position (FIDE's material cases),
//! and the bookkeeping game mode needs for repetition and the 50-move rule.

use super::{Bitboard, Position, Role};

/// The outcome the board itself decides, if any.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EndState {
    /// The side to move is mated.
    Checkmate,
    Stalemate,
    /// Neither side can ever mate (K v K, K+minor v K, kings with bishops all on one colour).
    DeadPosition,
}

impl Position {
    #[inline]
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_move()
    }

    #[inline]
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_move()
    }

    /// FIDE's dead positions by material alone (Article 5.2.2's common cases).
    pub fn is_dead_position(&self) -> bool {
        let heavy = self.by_role(Role::Pawn) | self.by_role(Role::Rook) | self.by_role(Role::Queen);
        if heavy.any() {
            return false;
        }
        let knights = self.by_role(Role::Knight);
        let bishops = self.by_role(Role::Bishop);
        let minors = knights | bishops;
        match minors.count() {
            0 | 1 => true,
            _ => {
                // Only bishops, all on one square colour, however many and whoever owns
                // them: every king has a flight of the other colour that no bishop can cover
                // or block, so nobody can ever mate.
                knights.is_empty()
                    && ((bishops & Bitboard::DARK_SQUARES).is_empty()
                        || (bishops - Bitboard::DARK_SQUARES).is_empty())
            }
        }
    }

    /// The board's verdict, if the game is over here.
    pub fn end_state(&self) -> Option<EndState> {
        if !self.has_legal_move() {
            Some(if self.is_check() {
                EndState::Checkmate
            } else {
                EndState::Stalemate
            })
        } else if self.is_dead_position() {
            Some(EndState::DeadPosition)
        } else {
            None
        }
    }

    /// True when the 50-move rule (100 plies without capture or pawn move) can be claimed.
    pub fn is_fifty_move_draw(&self) -> bool {
        self.halfmove_clock() >= 100
    }
}

/// Keys of the positions of a game since the last irreversible move, for repetition checks.
#[derive(Clone, Default, Debug)]
pub struct History {
    keys: Vec<u64>,
}

impl History {
    pub fn new() -> History {
        History::default()
    }

    /// Records the position reached; a capture or pawn move (halfmove clock 0) forgets the past,
    /// since no earlier position can recur.
    pub fn push(&mut self, pos: &Position) {
        if pos.halfmove_clock() == 0 {
            self.keys.clear();
        }
        self.keys.push(pos.key());
    }

    /// How often the position with this key occurred (including the current one, if pushed).
    pub fn count(&self, key: u64) -> usize {
        self.keys.iter().filter(|&&k| k == key).count()
    }

    /// Threefold repetition of the latest position.
    pub fn is_threefold(&self) -> bool {
        self.keys.last().is_some_and(|&k| self.count(k) >= 3)
    }

    pub fn keys(&self) -> &[u64] {
        &self.keys
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{fen::parse_fen, Validation};

    fn pos(fen: &str) -> Position {
        parse_fen(fen)
            .unwrap()
            .into_position(Validation::Strict)
            .unwrap()
    }

    #[test]
    fn mate_stalemate_dead() {
        assert_eq!(
            pos("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").end_state(),
            Some(EndState::Checkmate)
        );
        assert_eq!(
            pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").end_state(),
            Some(EndState::Stalemate)
        );
        assert_eq!(
            pos("8/8/4k3/8/8/3K4/8/8 w - - 0 1").end_state(),
            Some(EndState::DeadPosition)
        );
        assert_eq!(
            pos("8/8/4k3/8/8/3K4/8/6N1 w - - 0 1").end_state(),
            Some(EndState::DeadPosition)
        );
        assert_eq!(
            pos("8/8/4kb2/8/8/3K4/8/6B1 w - - 0 1").end_state(),
            Some(EndState::DeadPosition)
        );
        assert_eq!(pos("8/8/4k1b1/8/8/3K4/8/6B1 w - - 0 1").end_state(), None);
        assert_eq!(pos("8/8/4k3/8/8/3K4/8/5NN1 w - - 0 1").end_state(), None);
        // Several bishops on one colour are dead too (python-chess agrees); a knight against
        // a bishop or a knight is not: a helpmate exists.
        assert_eq!(
            pos("8/8/4k3/8/8/3K4/8/5B1B w - - 0 1").end_state(),
            Some(EndState::DeadPosition)
        );
        assert_eq!(
            pos("8/8/4k3/8/b7/3K4/8/5B1B w - - 0 1").end_state(),
            Some(EndState::DeadPosition)
        );
        assert_eq!(pos("8/8/4kn2/8/8/3K4/8/6N1 w - - 0 1").end_state(), None);
        assert_eq!(pos("8/8/4kn2/8/8/3K4/8/5B2 w - - 0 1").end_state(), None);
        assert_eq!(Position::startpos().end_state(), None);
    }

    #[test]
    fn repetition_by_keys() {
        let mut p = Position::startpos();
        let mut history = History::new();
        history.push(&p);
        for uci in [
            "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
        ] {
            let m = *p
                .legal_moves()
                .iter()
                .find(|m| m.to_string() == uci)
                .unwrap();
            p.play(m);
            history.push(&p);
        }
        assert!(history.is_threefold());
        assert_eq!(history.count(Position::startpos().key()), 3);
    }
}
