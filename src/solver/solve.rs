//! Battle play's entry points: the full verdict on a problem ([`solve`], or
//! [`solve_with_table`] on a table the caller keeps) — keys, tries and their refutations,
//! threats and variations — for every battle stipulation (`#N`, `s#N`, `r#N`, `=N`, each with
//! its `exact`, `NonTrivial` and `Quodlibet` forms), and what in a problem the solver does not
//! follow ([`refusal`]). The shortest mate of a position for engine use is
//! [`super::mate_search`]; help and series play are `crate::help`'s.
//!
//! The solver has no presentation of its own: the front end passes the order in which first
//! moves are tried and listed (`MaxSolutions` keeps the keys that come first in it) and which
//! defences are shown, as a [`Presentation`]. Everything here is generic over
//! [`crate::rules::Rules`]: a problem on the orthodox board and one on a fairy position get the
//! same kind of solution from the same code.

use super::present::{Presentation, ShownDefences};
use super::prover::Prover;
use super::question::{
    BattleGoal, BattlePlay, DirectMate, Exact, NonTrivial, Question, Quodlibet, ReflexMate,
    ReflexStalemate, Restricted, Restrictions, SelfMate, SelfStalemate, Stalemate,
};
use super::table_size::{default_hash_mb, default_table_size, dfpn_entries};
use super::tree::{Listing, TreeBudget, TreeBuilder};
use super::tt::TableSize;
use super::{Dfpn, TranspositionTable};
use crate::kernel::SearchControl;
use crate::problem::{Goal, PlayKind, Problem};
use crate::rules::Rules;
use crate::solution::{AttackNode, DefenderPlay, SearchStats, Solution};
use crate::util::threads::join_all;
use parking_lot::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// From this many moves on, a budgeted df-pn search looks for a key first.
const DFPN_MIN_MOVES: u32 = 6;
/// Nodes df-pn may spend looking for a key before the depth-first search takes over.
pub(super) const DFPN_ROOT_BUDGET: u64 = 300_000;

/// Why a problem cannot be solved.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum SolveError {
    #[error("stipulation {0} is not supported yet (#N, s#N, r#N, =N, s=N, r=N, with exact- too, N up to {max})", max = crate::problem::MAX_MATE_MOVES)]
    Unsupported(crate::problem::Stipulation),
    /// `exact-` with an option whose meaning under it is not Popeye's yet (post-key play,
    /// `Threat`, `MaxFlightsquares`), or `NonTrivial` beyond self play: refused rather than
    /// solved otherwise.
    #[error("stipulation {0} with option {1} is not supported yet")]
    ExactWithOption(crate::problem::Stipulation, &'static str),
    #[error("PostKeyPlay needs a position where Black may be to move: {0}")]
    PostKeyIllegal(String),
    /// A search thread panicked: a bug of ours. Its share of the first moves is unknown, so no
    /// verdict is given at all rather than one that silently lacks keys.
    #[error("internal error: a search thread failed ({0}); no verdict")]
    ThreadPanicked(#[from] crate::util::threads::WorkerPanicked),
}

/// Solves a problem with a fresh table sized by [`super::default_table_bytes`].
pub fn solve<R: Rules>(
    problem: &Problem<R>,
    control: &SearchControl,
    presentation: Presentation<R>,
) -> Result<Solution<R>, SolveError> {
    solve_under_ceiling(problem, control, None, presentation)
}

/// Solves a problem with fresh tables under the user's ceiling of `ceiling_mb` megabytes
/// (`--hash`, `-maxmem`), if any: each starts at the size measured for the problem and grows
/// only when half full ([`TableSize::under_ceiling`]), so a large ceiling solves as the
/// default does until the search needs more.
pub fn solve_under_ceiling<R: Rules>(
    problem: &Problem<R>,
    control: &SearchControl,
    ceiling_mb: Option<usize>,
    presentation: Presentation<R>,
) -> Result<Solution<R>, SolveError> {
    check_supported(problem)?;
    let size = TableSize::under_ceiling(TableSize::fixed_mb(default_hash_mb(problem)), ceiling_mb);
    if let Some(solved) = solve_beyond_mate(problem, control, size, presentation) {
        return solved;
    }
    let size = TableSize::under_ceiling(default_table_size(problem), ceiling_mb);
    match restricted(problem) {
        Some(question) => {
            let tt = TranspositionTable::sized(size, question);
            solve_question(problem, control, &tt, presentation)
        }
        None => {
            let tt = TranspositionTable::sized(size, super::DirectMate);
            solve_question(problem, control, &tt, presentation)
        }
    }
}

/// Solves a problem over a caller's directmate table (the UCI engine keeps one across
/// searches). A problem under `Threat`/`MaxFlightsquares` asks another question, whose answers
/// would mislead every later search sharing `tt`: it gets a table of its own, of the same size.
pub fn solve_with_table<R: Rules>(
    problem: &Problem<R>,
    control: &SearchControl,
    tt: &TranspositionTable<super::DirectMate, R::Move>,
    presentation: Presentation<R>,
) -> Result<Solution<R>, SolveError> {
    check_supported(problem)?;
    // Tables of other questions are sized as the caller's: fixed, or the same ceiling.
    let size = tt.size();
    if let Some(solved) = solve_beyond_mate(problem, control, size, presentation) {
        return solved;
    }
    match restricted(problem) {
        Some(question) => {
            let own = TranspositionTable::sized(size, question);
            solve_question(problem, control, &own, presentation)
        }
        None => solve_question(problem, control, tt, presentation),
    }
}

/// Battle play other than the directmate (`s#N`, `r#N`, `=N`, `s=N`, `r=N`), and Popeye's
/// `exact-` of each and of `#N`, each over a table of `size` answering its own question (an
/// [`Exact`] one for `exact-`); `None` for a directmate.
fn solve_beyond_mate<R: Rules>(
    problem: &Problem<R>,
    control: &SearchControl,
    size: TableSize,
    presentation: Presentation<R>,
) -> Option<Result<Solution<R>, SolveError>> {
    fn with<R: Rules, Q: Question>(
        question: Q,
        problem: &Problem<R>,
        control: &SearchControl,
        size: TableSize,
        presentation: Presentation<R>,
    ) -> Result<Solution<R>, SolveError> {
        if let Some((max, min_length)) = problem.options.nontrivial {
            let nontrivial = NonTrivial {
                question,
                max,
                min_length,
            };
            let tt = TranspositionTable::sized(size, nontrivial);
            solve_question(problem, control, &tt, presentation)
        } else if problem.stipulation.is_exact() {
            let tt = TranspositionTable::sized(size, Exact(question));
            solve_question(problem, control, &tt, presentation)
        } else if problem.options.quodlibet && problem.stipulation.play == PlayKind::SelfPlay {
            // (In reflex play the attacker that can reach the goal itself must, and fails:
            // Popeye's reflex guard stands before its Quodlibet end, which so adds nothing.)
            let tt = TranspositionTable::sized(size, Quodlibet(question));
            solve_question(problem, control, &tt, presentation)
        } else {
            let tt = TranspositionTable::sized(size, question);
            solve_question(problem, control, &tt, presentation)
        }
    }
    if let Some(refused) = option_refusal(problem) {
        return Some(Err(refused));
    }
    let stip = problem.stipulation;
    // Popeye's guards stand in every battle play (before each defence): the same values.
    let r = restrictions(problem);
    Some(match (stip.play, stip.goal) {
        (PlayKind::Direct, Goal::Mate) if stip.is_exact() => {
            with(DirectMate, problem, control, size, presentation)
        }
        (PlayKind::SelfPlay, Goal::Mate) => with(SelfMate(r), problem, control, size, presentation),
        (PlayKind::Reflex, Goal::Mate) => with(ReflexMate(r), problem, control, size, presentation),
        (PlayKind::Direct, Goal::Stalemate) => {
            with(Stalemate(r), problem, control, size, presentation)
        }
        (PlayKind::SelfPlay, Goal::Stalemate) => {
            with(SelfStalemate(r), problem, control, size, presentation)
        }
        (PlayKind::Reflex, Goal::Stalemate) => {
            with(ReflexStalemate(r), problem, control, size, presentation)
        }
        _ => return None,
    })
}

/// The option an `exact-` battle problem is refused with, if any: post-key play, `Threat`,
/// `MaxFlightsquares` and `Quodlibet`, whose meaning under `exact-` is not Popeye's yet.
fn refused_with_exact<P>(problem: &Problem<P>) -> Option<&'static str> {
    let options = &problem.options;
    [
        (options.post_key_play, "PostKeyPlay"),
        (options.max_threat_length.is_some(), "Threat"),
        (options.max_flights.is_some(), "MaxFlightsquares"),
        (options.quodlibet, "Quodlibet"),
    ]
    .into_iter()
    .find_map(|(set, option)| set.then_some(option))
}

/// The option a `NonTrivial` problem is refused with, if any: it is solved in self play
/// (`s#`, `s=`). Popeye counts in reflex and direct play too, but random `r#2`/`r#3`, `#2`/`#3`
/// and `=3` with the option differ from Popeye there (in a `#2` it shows a try whose three
/// defences all leave no mate at once as within `NonTrivial 1 0`: its counting depth differs
/// there), so those are refused, as are `exact-` and the options that restrict the attacker's
/// or defender's moves, where the count is not Popeye's yet.
fn refused_with_nontrivial<P>(problem: &Problem<P>) -> Option<&'static str> {
    let options = &problem.options;
    options.nontrivial?;
    let stip = problem.stipulation;
    let refused = stip.play != PlayKind::SelfPlay
        || stip.is_exact()
        || options.quodlibet
        || options.post_key_play
        || options.max_threat_length.is_some()
        || options.max_flights.is_some();
    refused.then_some("NonTrivial")
}

/// The refusal [`solve`] answers `problem` with, found without solving: a stipulation it does
/// not solve, or an option it cannot follow in that play (a front end names it before it
/// writes anything of the problem).
pub fn refusal<P>(problem: &Problem<P>) -> Option<SolveError> {
    check_supported(problem)
        .err()
        .or_else(|| option_refusal(problem))
}

/// An option the solver cannot follow in the problem's play, as its refusal.
fn option_refusal<P>(problem: &Problem<P>) -> Option<SolveError> {
    let stip = problem.stipulation;
    let exact = stip
        .is_exact()
        .then(|| refused_with_exact(problem))
        .flatten();
    exact
        .or_else(|| refused_with_nontrivial(problem))
        .map(|option| SolveError::ExactWithOption(stip, option))
}

fn check_supported<P>(problem: &Problem<P>) -> Result<(), SolveError> {
    let stip = problem.stipulation;
    // Help and series play is solved by `crate::help`, not by the battle-play solver.
    if !stip.is_supported() || stip.is_help_or_series() {
        return Err(SolveError::Unsupported(stip));
    }
    Ok(())
}

/// Popeye's `Threat`/`MaxFlightsquares` values of a problem.
fn restrictions<P>(problem: &Problem<P>) -> Restrictions {
    Restrictions {
        max_threat: problem.options.max_threat_length,
        max_flights: problem.options.max_flights,
    }
}

/// The restricted question of a directmate under Popeye's `Threat`/`MaxFlightsquares`, if any.
fn restricted<P>(problem: &Problem<P>) -> Option<Restricted> {
    let restrictions = restrictions(problem);
    (!restrictions.is_none()).then_some(Restricted(restrictions))
}

/// Solves a supported problem over a table of its question.
fn solve_question<R: Rules, Q: Question>(
    problem: &Problem<R>,
    control: &SearchControl,
    tt: &TranspositionTable<Q, R::Move>,
    presentation: Presentation<R>,
) -> Result<Solution<R>, SolveError> {
    let n = problem.stipulation.moves();
    let options = &problem.options;
    let mut prover = Prover::new(tt, control);
    let started = std::time::Instant::now();

    let mut root = problem.position.clone();
    let mut set_play = None;
    let mut first_moves = Vec::new();
    let mut forced_goal = Vec::new();
    let mut max_solutions_reached = false;
    let mut workers_stopped = false;
    let budget = TreeBudget::for_search(control);

    if options.post_key_play {
        // The diagram shows the position after the key: Black is to move.
        if root.is_check() {
            return Err(SolveError::PostKeyIllegal("White is in check".into()));
        }
        root = root.pass();
        let mut builder = TreeBuilder {
            prover: &mut prover,
            options,
            budget: &budget,
            shown: presentation.shown_defences,
            threats: true,
        };
        set_play = Some(builder.black_play_with(&root, n.saturating_sub(1), Listing::PostKey));
    } else {
        // In self and reflex play the defender's reply to a pass may already end the play.
        let set_moves = if Q::PLAY == BattlePlay::Direct { 2 } else { 1 };
        if options.set_play && !root.is_check() && n >= set_moves {
            let mut builder = TreeBuilder {
                prover: &mut prover,
                options,
                budget: &budget,
                shown: presentation.shown_defences,
                threats: false,
            };
            let diagram_black = root.pass();
            // Under Threat/MaxFlightsquares the diagram must pass the guards as a position a
            // key reached (Popeye's guards stand before the set defence too).
            let play = if builder.prover.reached_allowed(&diagram_black, n) {
                builder.black_play_with(&diagram_black, n - 1, Listing::SetPlay)
            } else {
                DefenderPlay {
                    threat: crate::solution::Threat::NotShown,
                    defences: Vec::new(),
                }
            };
            // Set play lists only Black moves that have a set mate; no threat line.
            set_play = Some(DefenderPlay {
                threat: crate::solution::Threat::NotShown,
                defences: play.defences,
            });
        }
        // Where the attacker could take the defender's king the play cannot start (its set
        // play, the defender moving first, still stands).
        let play_possible = !root.pass().is_check();
        if Q::PLAY == BattlePlay::Reflex && play_possible {
            // The attacker must reach the goal itself if it can: the play fails at once.
            forced_goal = Prover::<R, Q>::goal_moves(&root);
        }
        if forced_goal.is_empty() && play_possible {
            let found = solve_first_moves(
                &root,
                n,
                &mut prover,
                problem,
                control.threads(),
                presentation,
                &budget,
            )?;
            first_moves = found.nodes;
            max_solutions_reached = found.max_solutions_reached;
            workers_stopped = found.workers_stopped;
        }
    }

    prover.flush_nodes();
    // Complete only if no thread at all stopped early: a worker cut by the clock leaves its
    // first moves untested, whatever the main thread saw.
    let complete = !prover.aborted() && !workers_stopped;
    Ok(Solution {
        position: problem.position.clone(),
        first_moves,
        set_play,
        forced_goal,
        complete,
        max_solutions_reached,
        tree_cut: budget.was_cut(),
        stats: SearchStats {
            nodes: prover.nodes(),
            time: started.elapsed(),
        },
    })
}

/// What [`solve_first_moves`] found.
struct FirstMoves<M> {
    /// Keys and tries, in listing order.
    nodes: Vec<AttackNode<M>>,
    /// `MaxSolutions` ended the list early.
    max_solutions_reached: bool,
    /// A worker thread's prover was stopped by a limit (the calling prover's own flag says
    /// the same for the work it did itself).
    workers_stopped: bool,
}

/// Keys (every first move that forces mate within `n`) and tries, in the presentation's
/// listing order.
/// With several threads the first moves are shared out among them (one prover each, one shared
/// table); the result is the same as with one. A panicking thread is an error, never a gap.
fn solve_first_moves<R: Rules, Q: Question>(
    root: &R,
    n: u32,
    prover: &mut Prover<R, Q>,
    problem: &Problem<R>,
    threads: usize,
    presentation: Presentation<R>,
    budget: &TreeBudget,
) -> Result<FirstMoves<R::Move>, SolveError> {
    // Deep problems: df-pn proves a key far faster than the depth-first search, which in turn
    // is the better tool for refuting the other first moves. A budgeted df-pn run at the root
    // leaves its proof in the shared table for the loop below.
    let plain_mate = Q::PLAY == BattlePlay::Direct && Q::GOAL == BattleGoal::Mate && !Q::EXACT;
    if n >= DFPN_MIN_MOVES && plain_mate {
        let entries = dfpn_entries(prover.table());
        let _ = Dfpn::new(prover, entries)
            .with_node_budget(DFPN_ROOT_BUDGET)
            .attacker_wins(root, n);
    }
    // First moves are tested in the order they are listed, so that `MaxSolutions` stops at
    // the keys listed first.
    let mut first = root.legal_moves();
    (presentation.first_moves)(root, &mut first, n);
    let max_keys = problem.options.max_solutions.unwrap_or(u32::MAX) as usize;
    let shown = presentation.shown_defences;

    let mut workers_stopped = false;
    let results: Vec<Option<FirstMove<R::Move>>> = if threads <= 1 {
        let mut results = Vec::new();
        let mut keys = 0;
        for &m in first.iter() {
            if prover.aborted() || keys >= max_keys {
                break;
            }
            let result = first_move(prover, root, m, n, problem, (budget, shown));
            keys += usize::from(matches!(result, Some(FirstMove::Key(_))));
            results.push(result);
        }
        results
    } else {
        let next = AtomicUsize::new(0);
        let slots: Vec<Mutex<Option<FirstMove<R::Move>>>> =
            first.iter().map(|_| Mutex::new(None)).collect();
        let (tt, control) = (prover.table(), prover.control());
        let joined = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|_| {
                    scope.spawn(|| {
                        let mut own = Prover::new(tt, control);
                        loop {
                            let i = next.fetch_add(1, Ordering::Relaxed);
                            let Some(&m) = first.get(i) else { break };
                            if own.aborted() {
                                break;
                            }
                            *slots[i].lock() =
                                first_move(&mut own, root, m, n, problem, (budget, shown));
                        }
                        own.flush_nodes();
                        (own.nodes(), own.aborted())
                    })
                })
                .collect();
            join_all(workers)
        });
        for (nodes, stopped) in joined? {
            prover.add_foreign_nodes(nodes);
            workers_stopped |= stopped;
        }
        slots.into_iter().map(|slot| slot.into_inner()).collect()
    };

    // Keep everything up to the MaxSolutions-th key, in listing order.
    let mut nodes = Vec::new();
    let mut keys = 0;
    let mut kept = 0;
    for result in results {
        if keys >= max_keys {
            break;
        }
        kept += 1;
        match result {
            Some(FirstMove::Key(node)) => {
                keys += 1;
                nodes.push(node);
            }
            Some(FirstMove::Try(node)) => nodes.push(node),
            None => {}
        }
    }
    // MaxSolutions ended the list if first moves were left untested or dropped.
    Ok(FirstMoves {
        nodes,
        max_solutions_reached: keys >= max_keys && kept < first.len(),
        workers_stopped,
    })
}

/// What one first move turned out to be.
enum FirstMove<M> {
    Key(AttackNode<M>),
    Try(AttackNode<M>),
}

/// Tests one first move: a key (with its play when variations are wanted), a try (refuted by
/// at most the allowed number of Black moves, with its refutations), or neither.
fn first_move<R: Rules, Q: Question>(
    prover: &mut Prover<R, Q>,
    root: &R,
    m: R::Move,
    n: u32,
    problem: &Problem<R>,
    (budget, shown): (&TreeBudget, ShownDefences),
) -> Option<FirstMove<R::Move>> {
    let options = &problem.options;
    if !prover.move_allowed(root, m, n) {
        return None; // under Threat/MaxFlightsquares neither a key nor a try
    }
    let child = root.play(m);
    // (Not in reflex play or under Quodlibet, where either side may mate: Popeye filters
    // only where one side alone mates.)
    let one_side_mates = Q::PLAY != BattlePlay::Reflex && !Q::QUODLIBET;
    if options.keep_mating_piece && Q::GOAL == BattleGoal::Mate && one_side_mates {
        // The side that must mate: the attacker in direct play, the defender in self play.
        let mating = if Q::PLAY == BattlePlay::Direct {
            root.turn()
        } else {
            child.turn()
        };
        if !child.has_man_besides_king(mating) {
            return None; // play stops: neither a key nor a try
        }
    }
    // Most first moves are no key. Up to #3 one search at the full length refutes them, where
    // looking for the shortest mate from 0 up searched every shorter length first (T03 keys
    // only: 2501 -> 2379 nodes, dm3 1 % less CPU). From #4 on those shorter searches are the
    // iterative deepening that orders the full one (T10, #6: 26 % more nodes without them).
    let shortest = if n > 3 || prover.defender_loses(&child, n - 1) {
        prover.shortest_loss(&child, n - 1)
    } else {
        None
    };
    let mut builder = TreeBuilder {
        prover,
        options,
        budget,
        shown,
        threats: true,
    };
    match shortest {
        Some(k) => {
            let length = k + 1;
            Some(FirstMove::Key(if options.variations {
                builder.expand(root, m, length)
            } else {
                AttackNode::leaf(m, length)
            }))
        }
        None => {
            // Popeye finds tries where a defence can refute the first move: in a one-move play
            // only in self play (`s#1`, `s=1`: a defence that does not reach the goal). In
            // `#1`, `=1` the first move ends the play (Popeye's try solvers sit in the defence
            // branch, `solving/battle_play/try.c`), and in `r#1`, `r=1` no defence refutes (the
            // defender reaches the goal if it can, else the first move fails by itself).
            let max_refutations = options.max_refutations();
            if max_refutations == 0 || (Q::PLAY != BattlePlay::SelfPlay && n == 1) {
                return None;
            }
            let refutations = refutations(builder.prover, &child, n - 1, max_refutations + 1);
            (!refutations.is_empty() && refutations.len() as u32 <= max_refutations)
                .then(|| FirstMove::Try(builder.expand_try(root, m, n, refutations)))
        }
    }
}

/// Black moves in `pos` after which White cannot mate within `budget`, at most `limit` of them.
/// Under `NonTrivial` they are looked for with the count made at `pos`, as Popeye does; where
/// the count lets the defence stand, Popeye looks no further and shows no try.
fn refutations<R: Rules, Q: Question>(
    prover: &mut Prover<R, Q>,
    pos: &R,
    budget: u32,
    limit: u32,
) -> Vec<R::Move> {
    let saved = prover.enter_defence_shown(pos, budget);
    if Q::NONTRIVIAL && saved.is_none() {
        return Vec::new();
    }
    let found = prover.refutations(pos, budget, limit);
    prover.leave_defence(saved);
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Position;
    use crate::board::Validation;
    use crate::problem::Stipulation;

    /// K+R vs K, mate in 5 is impossible here: a search that gives up early has found no key
    /// and must not call that a verdict.
    fn rook_ending(threads: usize, nodes: u64) -> Solution {
        let position = Position::from_fen("8/8/8/4k3/8/8/8/KR6 w - - 0 1", Validation::Lenient)
            .expect("legal position");
        let problem = Problem::new(position, Stipulation::direct_mate(5));
        let control = SearchControl::unlimited()
            .with_threads(threads)
            .with_node_limit(nodes);
        solve_with_table(
            &problem,
            &control,
            &TranspositionTable::new(4),
            Presentation::NEUTRAL,
        )
        .expect("supported")
    }

    #[test]
    fn a_threaded_search_cut_by_a_limit_is_incomplete() {
        for threads in [1, 2, 3] {
            let solution = rook_ending(threads, 2_000);
            assert!(
                !solution.complete,
                "{threads} threads: a search stopped after 2,000 nodes called itself complete"
            );
        }
    }

    #[test]
    fn a_threaded_search_that_finishes_is_complete() {
        let solution = rook_ending(2, u64::MAX);
        assert!(solution.complete);
        assert!(solution.first_moves.is_empty(), "no mate in 5 from here");
    }
}

#[cfg(test)]
mod tree_size {
    use super::*;
    use crate::board::Position;
    use crate::board::Validation;
    use crate::problem::Stipulation;
    use crate::solution::{DefenceNode, Threat, MAX_TREE_NODES};

    /// White moves shown with the play after them.
    fn expanded(node: &AttackNode) -> usize {
        let threat = match &node.threat {
            Threat::Threats(t) => t.iter().map(expanded).sum(),
            _ => 0,
        };
        let below = |d: &DefenceNode| d.continuations.iter().map(expanded).sum::<usize>();
        let own = usize::from(!node.defences.is_empty() || threat > 0);
        own + threat + node.defences.iter().map(below).sum::<usize>()
    }

    /// K+R against K as a #16 has ten keys and a tree of hundreds of thousands of moves: it is
    /// cut at the documented size, and says so.
    #[test]
    fn a_huge_tree_is_cut_at_the_documented_size() {
        let position = Position::from_fen("8/8/8/4k3/8/8/8/KR6 w - - 0 1", Validation::Lenient)
            .expect("legal");
        let mut problem = Problem::new(position, Stipulation::direct_mate(16));
        problem.options.variations = true;
        let solution = solve_with_table(
            &problem,
            &SearchControl::unlimited(),
            &TranspositionTable::new(64),
            Presentation::NEUTRAL,
        )
        .expect("supported");
        assert_eq!(solution.keys().count(), 10);
        assert!(solution.complete && solution.tree_cut);
        let shown: usize = solution.first_moves.iter().map(expanded).sum();
        assert!(shown <= MAX_TREE_NODES, "{shown} moves expanded");
        let text = crate::output::text::solution_text(
            &solution,
            &problem.stipulation,
            crate::notation::MoveStyle::default(),
        );
        assert!(text.contains(&format!("tree cut at {MAX_TREE_NODES} White moves")));
    }
}
