//! The game search: an ordinary alpha-beta engine (iterative deepening, principal variation
//! search, quiescence on captures, a transposition table, MVV-LVA/killer/history ordering, a
//! material and piece-square evaluation) that gives a position without a forced mate a
//! sensible score, principal variation and move.
//!
//! It is separate from the mate solver ([`crate::solver`]): the solver *proves* mates; this
//! *estimates*. The UCI engine runs both and prefers a proven mate. It reports progress through
//! a callback and prints nothing; time and stop requests reach it through [`Clock`] and
//! [`crate::kernel::SearchControl`]. Unlike the solver it is orthodox-only: it works on
//! [`crate::board::Position`] (its evaluation knows the six roles), not on
//! [`crate::rules::Rules`].

mod alphabeta;
mod eval;
mod ordering;
mod root;
mod score;
mod table;
mod time;

pub use eval::evaluate;
pub use root::{search, MAX_DEPTH};
pub use score::{Score, MAX_PLY};
pub use table::{Bound, Entry, SearchTable};
pub use time::{Clock, ClockState, TimeBudget};

use crate::board::Move;
use ordering::History;
use std::time::Duration;

/// What the UCI `go` command limits beyond time (which the [`Clock`] carries) and the stop
/// flag: depth, nodes, `MultiPV`, `searchmoves`.
#[derive(Clone, Debug, Default)]
pub struct GoLimits {
    /// Deepest iteration in plies (clamped to [`MAX_DEPTH`]).
    pub depth: Option<u32>,
    /// Node budget, shared with every search on the same [`crate::kernel::SearchControl`].
    pub nodes: Option<u64>,
    /// Number of principal variations to report (UCI `MultiPV`); 0 counts as 1.
    pub multipv: usize,
    /// Only these root moves (UCI `searchmoves`); empty = all.
    pub searchmoves: Vec<Move>,
}

/// The report after each completed iteration (one per `MultiPV` line).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Iteration {
    pub depth: u32,
    pub seldepth: u32,
    /// 1-based line number.
    pub multipv: usize,
    pub score: Score,
    /// Nodes of every search sharing the control.
    pub nodes: u64,
    pub time: Duration,
    /// Permille of the table written in this search.
    pub hashfull: u32,
    pub pv: Vec<Move>,
}

/// The outcome of a search.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SearchResult {
    /// The move to play; [`Move::NULL`] only when there is no legal move.
    pub best: Move,
    /// The expected reply, if the principal variation has one.
    pub ponder: Option<Move>,
    pub score: Score,
    /// The last iteration that completed (0 when there was no legal move).
    pub depth: u32,
}

/// What the game search keeps from one search to the next: its table and the move-ordering
/// history. Its memory is fixed when it is made.
pub struct SearchMemory {
    table: SearchTable,
    history: History,
}

impl SearchMemory {
    /// Memory with a table of at most `table_mb` megabytes.
    pub fn new(table_mb: usize) -> SearchMemory {
        SearchMemory {
            table: SearchTable::new(table_mb),
            history: History::new(),
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.table.clear();
        self.history = History::new();
    }

    /// Bytes held by the table.
    pub fn size_bytes(&self) -> usize {
        self.table.size_bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Position, Validation};
    use crate::kernel::SearchControl;

    fn run(fen: &str, limits: GoLimits) -> (SearchResult, Vec<Iteration>) {
        let pos = Position::from_fen(fen, Validation::Lenient).unwrap();
        let mut memory = SearchMemory::new(4);
        let mut lines = Vec::new();
        let result = search(
            &pos,
            &[pos.key()],
            &limits,
            &Clock::new(None, false),
            &SearchControl::unlimited(),
            &mut memory,
            &mut |it| lines.push(it.clone()),
        );
        (result, lines)
    }

    fn depth(d: u32) -> GoLimits {
        GoLimits {
            depth: Some(d),
            ..GoLimits::default()
        }
    }

    #[test]
    fn every_iteration_is_reported_with_a_legal_pv() {
        let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
        let (result, lines) = run(fen, depth(4));
        assert_eq!(
            lines.iter().map(|l| l.depth).collect::<Vec<_>>(),
            [1, 2, 3, 4]
        );
        assert_eq!(result.depth, 4);
        let mut pos = Position::from_fen(fen, Validation::Strict).unwrap();
        let last = lines.last().unwrap();
        assert_eq!(last.pv.first(), Some(&result.best));
        for &m in &last.pv {
            assert!(pos.is_legal(m), "{m} illegal in pv {:?}", last.pv);
            pos.play(m);
        }
        assert!(!result.score.is_mate());
    }

    #[test]
    fn wins_hanging_material() {
        // The black queen on d5 is en prise to the pawn.
        let (result, _) = run("4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1", depth(3));
        assert_eq!(result.best.to_string(), "e4d5");
        assert!(
            result.score.get() > 50,
            "a pawn up after winning the queen: {:?}",
            result.score
        );
    }

    #[test]
    fn mate_scores_come_in_moves() {
        let (won, _) = run("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", depth(5));
        assert_eq!(won.score.mate_moves(), Some(2));
        assert_eq!(won.best.to_string(), "a1a6");
        let (mated, _) = run("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", depth(3));
        assert_eq!(
            (mated.best, mated.depth, mated.score.mate_moves()),
            (Move::NULL, 0, Some(0))
        );
    }

    #[test]
    fn multipv_and_searchmoves_shape_the_root() {
        let start = crate::board::STARTPOS_FEN;
        let (_, lines) = run(
            start,
            GoLimits {
                depth: Some(2),
                multipv: 3,
                ..GoLimits::default()
            },
        );
        let last_three: Vec<&Iteration> = lines.iter().filter(|l| l.depth == 2).collect();
        assert_eq!(
            last_three.iter().map(|l| l.multipv).collect::<Vec<_>>(),
            [1, 2, 3]
        );
        let firsts: std::collections::HashSet<Move> = last_three.iter().map(|l| l.pv[0]).collect();
        assert_eq!(firsts.len(), 3, "three different moves");
        assert!(last_three.windows(2).all(|w| w[0].score >= w[1].score));

        let pos = Position::startpos();
        let only = *pos
            .legal_moves()
            .iter()
            .find(|m| m.to_string() == "a2a3")
            .unwrap();
        let (result, _) = run(
            start,
            GoLimits {
                depth: Some(3),
                searchmoves: vec![only],
                ..GoLimits::default()
            },
        );
        assert_eq!(result.best, only);
    }

    #[test]
    fn node_limits_hold_to_one_percent() {
        let pos = Position::startpos();
        for budget in [5_000u64, 50_000, 400_000] {
            let control = SearchControl::unlimited().with_node_limit(budget);
            let limits = GoLimits {
                nodes: Some(budget),
                ..GoLimits::default()
            };
            let mut memory = SearchMemory::new(1);
            let mut last_reported = 0;
            let result = search(
                &pos,
                &[pos.key()],
                &limits,
                &Clock::new(None, false),
                &control,
                &mut memory,
                &mut |it| last_reported = it.nodes,
            );
            assert!(pos.is_legal(result.best));
            let used = control.nodes();
            assert!(
                used >= budget && used <= budget + budget / 100,
                "{used} nodes for a budget of {budget}"
            );
            // The search was cut short: its last report carries the final count.
            assert_eq!(last_reported, used, "budget {budget}");
        }
    }

    #[test]
    fn a_stopped_search_still_has_a_move() {
        let pos = Position::startpos();
        let control = SearchControl::unlimited();
        control.stop();
        let mut memory = SearchMemory::new(1);
        let result = search(
            &pos,
            &[pos.key()],
            &GoLimits::default(),
            &Clock::new(None, false),
            &control,
            &mut memory,
            &mut |_| {},
        );
        assert_eq!(result.depth, 1);
        assert!(pos.is_legal(result.best));
    }
}
