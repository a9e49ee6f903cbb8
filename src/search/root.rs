//! Iterative deepening at the root: search depth 1, 2, 3 … re-ordering the root moves by the
//! last iteration's scores, with `MultiPV` lines (line k is the best move once the first k-1
//! are set aside), and a report after every completed line.
//!
//! The first root move of the first iteration always completes, so even `go movetime 0` or an
//! immediate `stop` has a searched move to play. An iteration cut short still counts for the
//! moves it finished: a root move that beat the previous best in full is better than that move.

use super::alphabeta::Searcher;
use super::{Clock, GoLimits, Iteration, Score, SearchMemory, SearchResult, MAX_PLY};
use crate::board::{Move, Position};
use crate::kernel::SearchControl;
use crate::solver::{Prover, TranspositionTable};

/// The deepest iteration (in plies) the game search starts.
pub const MAX_DEPTH: u32 = (MAX_PLY / 2) as u32;

struct RootMove {
    mv: Move,
    /// This iteration's score; `-INFINITE` until searched (or when it failed low).
    score: Score,
    /// The score of the last iteration that searched it in full.
    previous: Score,
    pv: Vec<Move>,
}

impl RootMove {
    fn shown_score(&self) -> Score {
        if self.score == -Score::INFINITE {
            self.previous
        } else {
            self.score
        }
    }
}

/// Searches `pos` until a limit is reached and returns the move to play.
///
/// `game_keys` are the Zobrist keys of the game's positions since its last irreversible move,
/// ending with `pos` itself (for repetition draws). Every completed iteration is passed to
/// `report`, and so is, when a limit or `stop` cuts an iteration short, the move to be played
/// with the search's final node count and time.
///
/// ```
/// use mateproof::board::{Position, Validation};
/// use mateproof::search::{search, Clock, GoLimits, SearchMemory};
/// use mateproof::kernel::SearchControl;
/// let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", Validation::Strict).unwrap();
/// let limits = GoLimits { depth: Some(3), ..GoLimits::default() };
/// let mut memory = SearchMemory::new(1);
/// let clock = Clock::new(None, false);
/// let result = search(&pos, &[pos.key()], &limits, &clock, &SearchControl::unlimited(), &mut memory, &mut |_| {});
/// assert_eq!(result.best.to_string(), "a1a8");
/// assert_eq!(result.score.mate_moves(), Some(1));
/// ```
pub fn search(
    pos: &Position,
    game_keys: &[u64],
    limits: &GoLimits,
    clock: &Clock,
    control: &SearchControl,
    memory: &mut SearchMemory,
    report: &mut dyn FnMut(&Iteration),
) -> SearchResult {
    let legal = pos.legal_moves();
    let mut root: Vec<RootMove> = legal
        .iter()
        .filter(|m| limits.searchmoves.is_empty() || limits.searchmoves.contains(m))
        .map(|&mv| RootMove {
            mv,
            score: -Score::INFINITE,
            previous: -Score::INFINITE,
            pv: vec![mv],
        })
        .collect();
    if root.is_empty() {
        // Mated or stalemated (or every searchmove illegal, which the caller rules out).
        let score = if pos.is_check() {
            Score::mated_in(0)
        } else {
            Score::DRAW
        };
        return SearchResult {
            best: Move::NULL,
            ponder: None,
            score,
            depth: 0,
        };
    }

    memory.table.new_search();
    memory.history.age();
    let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
    let lines = limits.multipv.clamp(1, root.len());
    let mut searcher = Searcher::new(
        &mut memory.table,
        &mut memory.history,
        control,
        clock,
        game_keys,
        limits.nodes,
    );
    let mut completed_depth = 0;
    let mut verified_loss = None;

    for depth in 1..=max_depth {
        searcher.may_stop = depth > 1;
        searcher.seldepth = 0;
        for line in 0..lines {
            for rm in &mut root[line..] {
                rm.score = -Score::INFINITE;
            }
            search_root(&mut searcher, pos, &mut root[line..], depth as i32);
            // Stable: unsearched and failed-low moves keep their order behind the best.
            root[line..].sort_by_key(|rm| std::cmp::Reverse(rm.score));
            if searcher.stopped() {
                break;
            }
            for rm in &mut root[line..] {
                rm.previous = rm.score;
            }
            searcher.flush_nodes();
            let rm = &root[line];
            report(&Iteration {
                depth,
                seldepth: searcher.seldepth as u32,
                multipv: line + 1,
                score: rm.score,
                nodes: searcher.total_nodes(),
                time: clock.elapsed(),
                hashfull: searcher.hashfull(),
                pv: rm.pv.clone(),
            });
        }
        if searcher.stopped() {
            break;
        }
        completed_depth = depth;
        // A winning mate from a full-width search is already the shortest one; deeper
        // iterations cannot improve it, only spend time.
        let best = root[0].score;
        if lines == 1 && best.is_mate() && best > Score::DRAW {
            break;
        }
        // A losing mate is not proven by the game search (its pruning may skip a defence), so
        // the mate prover confirms it once per score; then deeper iterations only repeat it.
        if lines == 1 && best.is_mate() && best < Score::DRAW && verified_loss != Some(best) {
            verified_loss = Some(best);
            if best
                .mate_moves()
                .is_some_and(|m| mated_for_certain(pos, m.unsigned_abs()))
            {
                break;
            }
        }
        if clock.soft_passed() || control.should_stop() {
            break;
        }
    }
    searcher.flush_nodes();
    let best = &root[0];
    if searcher.stopped() && !best.pv.is_empty() {
        // As Stockfish does: the last info line before `bestmove` counts every node searched,
        // so a GUI (or a script checking `go nodes`) sees the totals, not those of the last
        // completed iteration.
        report(&Iteration {
            depth: completed_depth.max(1),
            seldepth: (searcher.seldepth as u32).max(completed_depth.max(1)),
            multipv: 1,
            score: best.shown_score(),
            nodes: searcher.total_nodes(),
            time: clock.elapsed(),
            hashfull: searcher.hashfull(),
            pv: best.pv.clone(),
        });
    }
    SearchResult {
        best: best.mv,
        ponder: best.pv.get(1).copied(),
        score: best.shown_score(),
        depth: completed_depth,
    }
}

/// Nodes the mate prover may spend confirming that the side to move is mated: enough for the
/// short mates a game search reports, small beside any time control.
const LOSS_PROOF_NODES: u64 = 200_000;

/// True when the mate prover shows that every move of the side to move allows mate within
/// `moves` moves (false when it cannot show it within [`LOSS_PROOF_NODES`]).
fn mated_for_certain(pos: &Position, moves: u32) -> bool {
    let table = TranspositionTable::new(1);
    let control = SearchControl::unlimited().with_node_limit(LOSS_PROOF_NODES);
    let mut prover = Prover::new(&table, &control);
    prover.defender_loses(pos, moves) && !prover.aborted()
}

/// One iteration over `moves` (the first is the expected best): full window for the first,
/// null windows for the rest with a re-search when one beats the best so far.
fn search_root(searcher: &mut Searcher, pos: &Position, moves: &mut [RootMove], depth: i32) {
    let beta = Score::INFINITE;
    let mut alpha = -Score::INFINITE;
    for (i, rm) in moves.iter_mut().enumerate() {
        let child = pos.after(rm.mv);
        searcher.push_key(child.key());
        let score = if i == 0 {
            -searcher.negamax(&child, depth - 1, -beta, -alpha, 1, true)
        } else {
            let probe = -searcher.negamax(&child, depth - 1, -alpha.plus_one(), -alpha, 1, false);
            if probe > alpha && !searcher.stopped() {
                -searcher.negamax(&child, depth - 1, -beta, -alpha, 1, true)
            } else {
                probe
            }
        };
        searcher.pop_key();
        if searcher.stopped() {
            return;
        }
        // The first iteration's first move always completes, so even an instant limit plays a
        // searched move with a score; from then on limits may cut in.
        searcher.may_stop = true;
        if i == 0 || score > alpha {
            alpha = alpha.max(score);
            rm.score = score;
            rm.pv.clear();
            rm.pv.push(rm.mv);
            rm.pv.extend_from_slice(searcher.line_below_root());
        }
    }
}
