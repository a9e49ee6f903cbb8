//! The inner game search: principal variation search (alpha-beta with null windows for every
//! move after the first), check extension, mate-distance pruning, draws by repetition, the
//! 50-move rule and dead material, the transposition table, killers and history, and a
//! quiescence search over captures (and every evasion when in check) so that leaves are
//! quiet before they are evaluated.
//!
//! There is no forward pruning (no null move, no reductions): a mate score this search returns
//! comes from a full-width tree and is a real forced mate. It polls its limits every few
//! thousand nodes and unwinds at once when told to stop; the caller ignores the unwound value.

use super::ordering::{is_tactical, History, MovePicker};
use super::table::{Bound, Entry, SearchTable};
use super::{evaluate, Clock, Score, MAX_PLY};
use crate::board::{Move, Position};
use crate::kernel::{PollPace, SearchControl};

/// Nodes between two looks at the clock and the stop flag (fewer under a node limit, so the
/// limit is honoured to within 1 %); see [`crate::kernel::MAX_POLL_INTERVAL`] for why
/// so few.
const POLL_INTERVAL: u64 = crate::kernel::MAX_POLL_INTERVAL;

/// The principal variation of every ply (a triangular table, kept on the heap).
struct PvTable {
    moves: Box<[[Move; MAX_PLY]; MAX_PLY]>,
    len: [usize; MAX_PLY],
}

impl PvTable {
    fn new() -> PvTable {
        PvTable {
            moves: Box::new([[Move::NULL; MAX_PLY]; MAX_PLY]),
            len: [0; MAX_PLY],
        }
    }

    #[inline]
    fn clear(&mut self, ply: usize) {
        if let Some(len) = self.len.get_mut(ply) {
            *len = 0;
        }
    }

    /// `m` followed by the line found below it.
    #[inline]
    fn update(&mut self, ply: usize, m: Move) {
        if ply + 1 >= MAX_PLY {
            return;
        }
        let child_len = self.len[ply + 1].min(MAX_PLY - 1 - ply);
        let (head, tail) = self.moves.split_at_mut(ply + 1);
        let row = &mut head[ply];
        row[0] = m;
        row[1..=child_len].copy_from_slice(&tail[0][..child_len]);
        self.len[ply] = child_len + 1;
    }

    fn line(&self, ply: usize) -> &[Move] {
        match (self.moves.get(ply), self.len.get(ply)) {
            (Some(row), Some(&len)) => &row[..len],
            _ => &[],
        }
    }
}

/// One search's working state over the caller's table and history.
pub(super) struct Searcher<'a> {
    table: &'a mut SearchTable,
    history: &'a mut History,
    control: &'a SearchControl,
    clock: &'a Clock,
    killers: Box<[[Move; 2]; MAX_PLY]>,
    /// Keys of the game since its last irreversible move, then of the search path.
    keys: Vec<u64>,
    pv: PvTable,
    nodes: u64,
    unreported: u64,
    pace: PollPace,
    pub(super) seldepth: usize,
    stopped: bool,
    /// False until the first root move of the first iteration is searched: it always completes,
    /// so there is a move to play.
    pub(super) may_stop: bool,
}

impl<'a> Searcher<'a> {
    pub(super) fn new(
        table: &'a mut SearchTable,
        history: &'a mut History,
        control: &'a SearchControl,
        clock: &'a Clock,
        game_keys: &[u64],
        node_limit: Option<u64>,
    ) -> Searcher<'a> {
        let mut keys = Vec::with_capacity(game_keys.len() + MAX_PLY);
        keys.extend_from_slice(game_keys);
        Searcher {
            table,
            history,
            control,
            clock,
            killers: Box::new([[Move::NULL; 2]; MAX_PLY]),
            keys,
            pv: PvTable::new(),
            nodes: 0,
            unreported: 0,
            pace: PollPace::new(
                node_limit.map_or(POLL_INTERVAL, |n| (n / 100).clamp(1, POLL_INTERVAL)),
                node_limit.is_none(),
            ),
            seldepth: 0,
            stopped: false,
            may_stop: false,
        }
    }

    pub(super) fn stopped(&self) -> bool {
        self.stopped
    }

    /// Nodes searched by every thread sharing the control, this one's unreported ones included.
    pub(super) fn total_nodes(&self) -> u64 {
        self.control.nodes() + self.unreported
    }

    pub(super) fn flush_nodes(&mut self) {
        self.control.add_nodes(self.unreported);
        self.unreported = 0;
    }

    pub(super) fn hashfull(&self) -> u32 {
        self.table.hashfull()
    }

    /// The principal variation below the root move (ply 1 onwards).
    pub(super) fn line_below_root(&self) -> &[Move] {
        self.pv.line(1)
    }

    pub(super) fn push_key(&mut self, key: u64) {
        self.keys.push(key);
    }

    pub(super) fn pop_key(&mut self) {
        self.keys.pop();
    }

    /// Counts a node and, every `pace.interval()` nodes, checks the limits. Once stopped, stays
    /// stopped; a hard time limit also stops every other search sharing the control.
    #[inline]
    fn count_node_and_poll(&mut self) -> bool {
        self.nodes += 1;
        self.unreported += 1;
        if self.unreported >= self.pace.interval() {
            self.pace.polled();
            self.flush_nodes();
            if self.may_stop && (self.control.should_stop() || self.clock.hard_passed()) {
                self.control.stop();
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// Repetition of a position since the last irreversible move, the 50-move rule, or
    /// material with which nobody can mate. Inside the search one repetition is enough.
    fn is_draw(&self, pos: &Position) -> bool {
        if pos.halfmove_clock() >= 100 || pos.is_dead_position() {
            return true;
        }
        let key = pos.key();
        let window = (pos.halfmove_clock() as usize).min(self.keys.len().saturating_sub(1));
        // keys[len-1] is this position; the same side was to move 2, 4, … plies ago.
        let start = self.keys.len().saturating_sub(1 + window);
        let Some(before) = self.keys.get(start..self.keys.len().saturating_sub(1)) else {
            return false;
        };
        before.iter().rev().skip(1).step_by(2).any(|&k| k == key)
    }

    /// Negamax alpha-beta with null windows; `depth` in plies, `ply` from the root.
    pub(super) fn negamax(
        &mut self,
        pos: &Position,
        depth: i32,
        mut alpha: Score,
        beta: Score,
        ply: usize,
        pv_node: bool,
    ) -> Score {
        self.pv.clear(ply);
        if ply > 0 {
            if self.is_draw(pos) {
                return Score::DRAW;
            }
            // No line from here can beat a mate already found nearer the root.
            let alpha_floor = alpha.max(Score::mated_in(ply));
            let beta_ceiling = beta.min(Score::mate_in(ply + 1));
            if alpha_floor >= beta_ceiling {
                return alpha_floor;
            }
        }
        let in_check = pos.is_check();
        let depth = if in_check { depth + 1 } else { depth };
        if depth <= 0 || ply + 2 >= MAX_PLY {
            return self.quiescence(pos, alpha, beta, ply);
        }
        if self.count_node_and_poll() {
            return Score::DRAW;
        }
        self.seldepth = self.seldepth.max(ply + 1);

        let key = pos.key();
        let stored = self.table.probe(key);
        if let Some(e) = stored.filter(|e| !pv_node && e.depth >= depth) {
            let score = e.score.from_table(ply);
            let usable = match e.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if usable {
                return score;
            }
        }

        let moves = pos.legal_moves();
        if moves.is_empty() {
            return if in_check {
                Score::mated_in(ply)
            } else {
                Score::DRAW
            };
        }
        let table_move = stored.map_or(Move::NULL, |e| e.best);
        let killers = self.killers.get(ply).copied().unwrap_or([Move::NULL; 2]);
        let mut picker = MovePicker::new(pos, moves, table_move, killers, self.history);

        let original_alpha = alpha;
        let mut best_score = -Score::INFINITE;
        let mut best_move = Move::NULL;
        let mut first = true;
        while let Some(m) = picker.next_move() {
            let child = pos.after(m);
            self.keys.push(child.key());
            let score = if first {
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, pv_node)
            } else {
                let probe =
                    -self.negamax(&child, depth - 1, -alpha.plus_one(), -alpha, ply + 1, false);
                if pv_node && probe > alpha && probe < beta && !self.stopped {
                    -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, true)
                } else {
                    probe
                }
            };
            self.keys.pop();
            if self.stopped {
                return Score::DRAW;
            }
            first = false;
            if score > best_score {
                best_score = score;
                best_move = m;
                if score > alpha {
                    alpha = score;
                    self.pv.update(ply, m);
                    if score >= beta {
                        if !is_tactical(pos, m) {
                            self.remember_killer(ply, m);
                            self.history.reward(pos.turn(), m, depth);
                        }
                        break;
                    }
                }
            }
        }

        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let best = if bound == Bound::Upper {
            Move::NULL
        } else {
            best_move
        };
        self.table.store(
            key,
            Entry {
                best,
                score: best_score.to_table(ply),
                depth,
                bound,
            },
        );
        best_score
    }

    fn remember_killer(&mut self, ply: usize, m: Move) {
        if let Some(slot) = self.killers.get_mut(ply) {
            if slot[0] != m {
                slot[1] = slot[0];
                slot[0] = m;
            }
        }
    }

    /// Captures only (every legal move when in check, so mates are seen), with the static
    /// evaluation as a floor the side to move may settle for ("stand pat").
    fn quiescence(&mut self, pos: &Position, mut alpha: Score, beta: Score, ply: usize) -> Score {
        self.pv.clear(ply);
        if self.count_node_and_poll() {
            return Score::DRAW;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply + 1 >= MAX_PLY {
            return evaluate(pos);
        }
        let in_check = pos.is_check();
        let (moves, mut best_score) = if in_check {
            let evasions = pos.legal_moves();
            if evasions.is_empty() {
                return Score::mated_in(ply);
            }
            (evasions, -Score::INFINITE)
        } else {
            let stand_pat = evaluate(pos);
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            (pos.capture_moves(), stand_pat)
        };
        let mut picker = MovePicker::new(pos, moves, Move::NULL, [Move::NULL; 2], self.history);
        while let Some(m) = picker.next_move() {
            let score = -self.quiescence(&pos.after(m), -beta, -alpha, ply + 1);
            if self.stopped {
                return Score::DRAW;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    self.pv.update(ply, m);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best_score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Validation;

    fn searcher_score(fen: &str, depth: i32) -> Score {
        let pos = Position::from_fen(fen, Validation::Lenient).unwrap();
        let mut table = SearchTable::new(1);
        let mut history = History::new();
        let control = SearchControl::unlimited();
        let clock = Clock::new(None, false);
        let mut s = Searcher::new(
            &mut table,
            &mut history,
            &control,
            &clock,
            &[pos.key()],
            None,
        );
        s.negamax(&pos, depth, -Score::INFINITE, Score::INFINITE, 0, true)
    }

    #[test]
    fn finds_mates_and_stalemates() {
        // Back-rank mate in one, and a mate in two with a quiet first move.
        assert_eq!(
            searcher_score("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 2),
            Score::mate_in(1)
        );
        assert_eq!(
            searcher_score("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", 4),
            Score::mate_in(3)
        );
        // Mated and stalemated at the root.
        assert_eq!(
            searcher_score("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", 3),
            Score::mated_in(0)
        );
        assert_eq!(
            searcher_score("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 3),
            Score::DRAW
        );
    }

    #[test]
    fn quiescence_sees_the_recapture() {
        // Qxd5 wins a pawn but loses the queen to exd5... the search must not take it.
        let greedy = searcher_score("4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1", 1);
        assert!(
            greedy.get() < 700,
            "queen for a pawn looked good: {greedy:?}"
        );
    }

    #[test]
    fn repetition_is_a_draw() {
        // Two pieces down, White has a perpetual: Qh5+ Kg8 Qe8+ Kh7 Qh5+ … (Stockfish: 0.00).
        let perpetual = searcher_score("8/6pk/8/8/8/r7/1q3PPP/3Q2K1 w - - 0 1", 6);
        assert_eq!(perpetual, Score::DRAW);
    }

    #[test]
    fn game_history_counts_for_repetitions() {
        let pos =
            Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 10 20", Validation::Strict).unwrap();
        let (mut table, mut history) = (SearchTable::new(1), History::new());
        let (control, clock) = (SearchControl::unlimited(), Clock::new(None, false));
        let other = pos.after_null().key();
        let repeated = Searcher::new(
            &mut table,
            &mut history,
            &control,
            &clock,
            &[pos.key(), other, pos.key()],
            None,
        );
        assert!(repeated.is_draw(&pos));
        let fresh = Searcher::new(
            &mut table,
            &mut history,
            &control,
            &clock,
            &[other, pos.key()],
            None,
        );
        assert!(!fresh.is_draw(&pos));
        // After a pawn move or capture (halfmove clock 0) nothing before it can recur.
        let reset =
            Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 20", Validation::Strict).unwrap();
        let after_reset = Searcher::new(
            &mut table,
            &mut history,
            &control,
            &clock,
            &[reset.key(), other, reset.key()],
            None,
        );
        assert!(!after_reset.is_draw(&reset));
    }
}
