//! Move ordering for the game search, the single biggest lever of alpha-beta: the table's move
//! first, then captures by MVV-LVA (most valuable victim, least valuable attacker) and
//! promotions, then the two killer moves of the ply, then quiet moves by their history score.
//! Moves are handed out one at a time by selection, so a cutoff after the first move costs no
//! full sort.

use super::eval::role_value;
use crate::board::{Color, Move, MoveList, Position, Role, StackList, INLINE_MOVES};

const TABLE_MOVE: i32 = 1 << 30;
const GOOD_TACTIC: i32 = 1 << 24;
const KILLER: [i32; 2] = [1 << 22, (1 << 22) - 1];
/// History scores stay below the killers.
const HISTORY_MAX: i32 = 1 << 20;

/// How often each quiet move (by colour, origin, destination) caused a cutoff, weighted by
/// depth. Kept across iterations, halved between searches.
pub struct History {
    scores: Box<[[[i32; 64]; 64]; 2]>,
}

impl History {
    pub fn new() -> History {
        History {
            scores: Box::new([[[0; 64]; 64]; 2]),
        }
    }

    #[inline]
    fn get(&self, color: Color, m: Move) -> i32 {
        self.scores[color.index()][m.from().index()][m.to().index()]
    }

    /// Rewards a quiet move that refuted the opponent's play at this depth.
    pub fn reward(&mut self, color: Color, m: Move, depth: i32) {
        let cell = &mut self.scores[color.index()][m.from().index()][m.to().index()];
        *cell = (*cell + depth * depth).min(HISTORY_MAX);
    }

    /// Old knowledge counts half in the next search.
    pub fn age(&mut self) {
        for v in self.scores.iter_mut().flatten().flatten() {
            *v /= 2;
        }
    }
}

impl Default for History {
    fn default() -> Self {
        History::new()
    }
}

/// True for moves the quiescence search and the ordering treat as tactical.
#[inline]
pub fn is_tactical(pos: &Position, m: Move) -> bool {
    pos.is_capture(m) || m.promotion().is_some()
}

/// The moves of one node, handed out best-first.
pub struct MovePicker {
    moves: MoveList,
    scores: StackList<i32, INLINE_MOVES>,
    next: usize,
}

impl MovePicker {
    /// Orders `moves` of `pos`. `table_move` and `killers` may be null or illegal here; they
    /// only raise the score of a matching legal move.
    pub fn new(
        pos: &Position,
        moves: MoveList,
        table_move: Move,
        killers: [Move; 2],
        history: &History,
    ) -> MovePicker {
        let mut scores = StackList::new();
        for &m in moves.iter() {
            scores.push(if m == table_move {
                TABLE_MOVE
            } else if is_tactical(pos, m) {
                GOOD_TACTIC + tactical_score(pos, m)
            } else if m == killers[0] {
                KILLER[0]
            } else if m == killers[1] {
                KILLER[1]
            } else {
                history.get(pos.turn(), m)
            });
        }
        MovePicker {
            moves,
            scores,
            next: 0,
        }
    }

    /// The best remaining move.
    pub fn next_move(&mut self) -> Option<Move> {
        let len = self.moves.len();
        if self.next >= len {
            return None;
        }
        let mut best = self.next;
        for i in self.next + 1..len {
            if self.scores[i] > self.scores[best] {
                best = i;
            }
        }
        self.scores.swap(self.next, best);
        self.moves.as_mut_slice().swap(self.next, best);
        let m = self.moves.as_slice().get(self.next).copied();
        self.next += 1;
        m
    }
}

/// MVV-LVA with promotions: capturing a queen with a pawn first, a pawn with a queen last;
/// a queen promotion counts as winning a queen's worth minus the pawn.
#[inline]
fn tactical_score(pos: &Position, m: Move) -> i32 {
    let victim = pos.captured_role(m).map_or(0, role_value);
    let attacker = pos.moved_piece(m).map_or(0, |p| role_value(p.role));
    let promotion = m
        .promotion()
        .map_or(0, |r| role_value(r) - role_value(Role::Pawn));
    (victim + promotion) * 16 - attacker / 16
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Validation;

    fn uci(pos: &Position, text: &str) -> Move {
        *pos.legal_moves()
            .iter()
            .find(|m| m.to_string() == text)
            .unwrap()
    }

    #[test]
    fn order_table_move_captures_killers_history() {
        // White can take the queen with the pawn or the rook, or the knight with the rook.
        let pos = Position::from_fen("4k3/8/2n5/3q4/4P3/8/8/2R1K3 w - - 0 1", Validation::Strict)
            .unwrap();
        let table_move = uci(&pos, "e1f2");
        let killer = uci(&pos, "e1f1");
        let mut history = History::new();
        history.reward(Color::White, uci(&pos, "c1b1"), 6);
        let mut picker = MovePicker::new(
            &pos,
            pos.legal_moves(),
            table_move,
            [killer, Move::NULL],
            &history,
        );
        let order: Vec<String> = std::iter::from_fn(|| picker.next_move())
            .map(|m| m.to_string())
            .collect();
        assert_eq!(order.len(), pos.legal_moves().len());
        assert_eq!(&order[..5], ["e1f2", "e4d5", "c1c6", "e1f1", "c1b1"]);
    }
}
