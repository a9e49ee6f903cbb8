//! The Chess Composer's search (thesis Figure 2, digest §1.3): iterative deepening over
//! transformations where the iteration with bound `d` regenerates the tree down to level `d`
//! and examines only the positions on level `d`, so each position is judged once and no inner
//! node is pruned for being illegal or unsound ("most of the finest improvements were found
//! after sequences of two and three transformations, while each independent transformation
//! gives illegal positions", L743).
//!
//! A position is an improvement when it is legal, a sound directmate of the original's length
//! and scores strictly more than the original (`q(new) > q(original)`). Work is split over
//! threads by the first transformation; each thread owns a prover and a small transposition
//! table. This module reports improvements through a callback and never prints.

use super::enumerate::{successors, PathState};
use super::kmove::{kmove_metric, material_balance, KMoveSettings};
use super::score::evaluate;
use super::settings::ScoreSettings;
use super::soundness::{legal_position, SoundnessTest, Unsound};
use super::transform::{settle_rights, Transformation};
use crate::board::{Move, Position, Setup};
use crate::kernel::SearchControl;
use crate::solver::{Prover, TranspositionTable};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// How the improver searches and what it counts as better.
#[derive(Clone, Debug)]
pub struct ComposeOptions {
    /// The deepest level of the iterative deepening (the thesis' MaxDepth, 3).
    pub depth: u32,
    /// The thesis' fallback: when levels 1..=depth found nothing, search level depth + 1 too.
    /// Off by default, since level 4 took the thesis 47 hours a problem.
    pub fallback: bool,
    /// Worker threads.
    pub threads: usize,
    /// Transposition table per worker, in MB (small: positions rarely repeat between nodes).
    pub hash_mb: usize,
    /// The two-mover quality function's settings.
    pub settings: ScoreSettings,
    /// The metric for three-movers and longer.
    pub kmove: KMoveSettings,
}

impl Default for ComposeOptions {
    fn default() -> ComposeOptions {
        ComposeOptions {
            depth: 3,
            fallback: false,
            threads: 1,
            hash_mb: 1,
            settings: ScoreSettings::default(),
            kmove: KMoveSettings::default(),
        }
    }
}

/// A better problem found by the improver.
#[derive(Clone, Debug)]
pub struct Improvement {
    /// The improved diagram, White to move.
    pub position: Position,
    /// The transformations from the original, in canonical order.
    pub path: Vec<Transformation>,
    pub key: Move,
    pub score: i32,
    /// Score minus the original's.
    pub gain: i32,
}

/// The problem being improved and the score an improvement must beat.
#[derive(Clone, Debug)]
pub struct Original {
    pub position: Position,
    pub moves: u32,
    /// The unique key, or why the original is not sound (then the bar is 0, "severe
    /// deficiency", and any sound problem with a positive score improves it).
    pub verdict: Result<Move, Unsound>,
    pub score: i32,
}

/// Counters the workers update as they go (the thesis' Figure 14 outcome histogram).
#[derive(Debug, Default)]
pub struct ComposeStats {
    /// Positions examined (the leaves of the current and past iterations).
    pub positions: AtomicU64,
    pub illegal: AtomicU64,
    /// Legal but not sound: White mates sooner, cannot mate in time, or has several keys.
    pub short_mate: AtomicU64,
    pub no_solution: AtomicU64,
    pub cooked: AtomicU64,
    pub worse: AtomicU64,
    pub improved: AtomicU64,
    /// The bound of the running iteration.
    pub depth: AtomicU64,
    /// First-level subtrees finished and in all, for the running iteration.
    pub subtrees_done: AtomicU64,
    pub subtrees: AtomicU64,
}

/// What one iteration did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelReport {
    pub depth: u32,
    pub positions: u64,
    pub improvements: u64,
    pub time: Duration,
    /// False when stopped before the level was finished.
    pub complete: bool,
}

/// The verdict on the original problem and the bar it sets.
pub fn judge_original(
    position: &Position,
    moves: u32,
    options: &ComposeOptions,
    control: &SearchControl,
) -> Original {
    let tt = TranspositionTable::new(options.hash_mb.max(16));
    let mut test = SoundnessTest::new(Prover::new(&tt, control));
    let verdict = test.sound_key(position, moves);
    let score = match verdict {
        Ok(key) => problem_score(&mut test.prover, position, key, moves, options, None),
        Err(_) => 0,
    };
    Original {
        position: *position,
        moves,
        verdict,
        score,
    }
}

/// The quality of a sound problem: the thesis' function for two-movers, the k-move metric for
/// longer ones.
fn problem_score(
    prover: &mut Prover,
    position: &Position,
    key: Move,
    moves: u32,
    options: &ComposeOptions,
    original_balance: Option<i32>,
) -> i32 {
    if moves == 2 {
        evaluate(position, key, &options.settings).total
    } else {
        kmove_metric(
            prover,
            position,
            key,
            moves,
            &options.kmove,
            original_balance,
        )
        .total
    }
}

/// Runs iterations 1..=depth (and the fallback) and calls `found` for every improvement as it
/// is found. Stops early when `control` says so or `cancel` is raised.
pub fn run(
    original: &Original,
    options: &ComposeOptions,
    control: &SearchControl,
    cancel: &AtomicBool,
    stats: &ComposeStats,
    found: &(dyn Fn(Improvement) + Sync),
) -> Vec<LevelReport> {
    let mut reports = Vec::new();
    let mut bounds: Vec<u32> = (1..=options.depth).collect();
    let mut next = 0;
    while let Some(&bound) = bounds.get(next) {
        next += 1;
        let report = iterate(original, bound, options, control, cancel, stats, found);
        let stopped = !report.complete;
        reports.push(report);
        if stopped {
            break;
        }
        let nothing_yet = reports.iter().all(|r| r.improvements == 0);
        if next == bounds.len() && options.fallback && nothing_yet && bound == options.depth {
            bounds.push(options.depth + 1);
        }
    }
    reports
}

/// One iteration of Figure 2: every position exactly `bound` transformations away.
fn iterate(
    original: &Original,
    bound: u32,
    options: &ComposeOptions,
    control: &SearchControl,
    cancel: &AtomicBool,
    stats: &ComposeStats,
    found: &(dyn Fn(Improvement) + Sync),
) -> LevelReport {
    let started = Instant::now();
    let root = Setup::from_position(&original.position);
    let root_state = PathState::root(&root, options.settings.composition_rules);
    let firsts = successors(&root, &root_state);
    stats.depth.store(bound as u64, Ordering::Relaxed);
    stats.subtrees.store(firsts.len() as u64, Ordering::Relaxed);
    stats.subtrees_done.store(0, Ordering::Relaxed);
    let positions_before = stats.positions.load(Ordering::Relaxed);
    let improved_before = stats.improved.load(Ordering::Relaxed);
    let next_item = AtomicU64::new(0);
    let stopped = AtomicBool::new(false);
    std::thread::scope(|scope| {
        for _ in 0..options.threads.max(1) {
            scope.spawn(|| {
                let tt = TranspositionTable::new(options.hash_mb);
                let mut worker = Worker {
                    test: SoundnessTest::new(Prover::new(&tt, control)),
                    original,
                    options,
                    balance: material_balance(&original.position),
                    control,
                    cancel,
                    stats,
                    found,
                    since_poll: 0,
                };
                loop {
                    let i = next_item.fetch_add(1, Ordering::Relaxed) as usize;
                    let Some(&first) = firsts.get(i) else { break };
                    let mut setup = root.clone();
                    if !first.apply(&mut setup) {
                        continue;
                    }
                    let state = root_state.after(first, &setup);
                    let mut path = vec![first];
                    if worker
                        .descend(&setup, &state, bound - 1, &mut path)
                        .is_break()
                    {
                        stopped.store(true, Ordering::Relaxed);
                        break;
                    }
                    stats.subtrees_done.fetch_add(1, Ordering::Relaxed);
                }
            });
        }
    });
    LevelReport {
        depth: bound,
        positions: stats.positions.load(Ordering::Relaxed) - positions_before,
        improvements: stats.improved.load(Ordering::Relaxed) - improved_before,
        time: started.elapsed(),
        complete: !stopped.load(Ordering::Relaxed),
    }
}

/// How often (in positions) a worker looks at the stop flags and the clock.
const POLL_EVERY: u32 = 64;

struct Worker<'a> {
    test: SoundnessTest<'a>,
    original: &'a Original,
    options: &'a ComposeOptions,
    balance: i32,
    control: &'a SearchControl,
    cancel: &'a AtomicBool,
    stats: &'a ComposeStats,
    found: &'a (dyn Fn(Improvement) + Sync),
    since_poll: u32,
}

impl Worker<'_> {
    fn descend(
        &mut self,
        setup: &Setup,
        state: &PathState,
        remaining: u32,
        path: &mut Vec<Transformation>,
    ) -> ControlFlow<()> {
        if remaining == 0 {
            return self.examine(setup, state, path);
        }
        for t in successors(setup, state) {
            let mut child = setup.clone();
            if !t.apply(&mut child) {
                continue;
            }
            let next = state.after(t, &child);
            path.push(t);
            let flow = self.descend(&child, &next, remaining - 1, path);
            path.pop();
            flow?;
        }
        ControlFlow::Continue(())
    }

    /// The thesis' `ImprovedMateProblem`: legal, sound, and better than the original.
    fn examine(
        &mut self,
        setup: &Setup,
        state: &PathState,
        path: &[Transformation],
    ) -> ControlFlow<()> {
        self.since_poll += 1;
        if self.since_poll >= POLL_EVERY {
            self.since_poll = 0;
            if self.cancel.load(Ordering::Relaxed) || self.control.should_stop() {
                return ControlFlow::Break(());
            }
        }
        let stats = self.stats;
        stats.positions.fetch_add(1, Ordering::Relaxed);
        // "In this model, we keep to these rules" (L581): an original with, say, two White
        // queens is improved only by versions that lose one.
        if self.options.settings.composition_rules && state.composition_violation().is_some() {
            stats.illegal.fetch_add(1, Ordering::Relaxed);
            return ControlFlow::Continue(());
        }
        let mut setup = setup.clone();
        settle_rights(&mut setup);
        let Ok(position) = legal_position(&setup) else {
            stats.illegal.fetch_add(1, Ordering::Relaxed);
            return ControlFlow::Continue(());
        };
        let moves = self.original.moves;
        let key = match self.test.sound_key(&position, moves) {
            Ok(key) => key,
            Err(Unsound::Stopped) => return ControlFlow::Break(()),
            Err(reason) => {
                let counter = match reason {
                    Unsound::ShortMate(_) => &stats.short_mate,
                    Unsound::Cooked => &stats.cooked,
                    _ => &stats.no_solution,
                };
                counter.fetch_add(1, Ordering::Relaxed);
                return ControlFlow::Continue(());
            }
        };
        let score = problem_score(
            &mut self.test.prover,
            &position,
            key,
            moves,
            self.options,
            Some(self.balance),
        );
        if self.test.prover.aborted() {
            return ControlFlow::Break(());
        }
        if score <= self.original.score {
            stats.worse.fetch_add(1, Ordering::Relaxed);
            return ControlFlow::Continue(());
        }
        stats.improved.fetch_add(1, Ordering::Relaxed);
        (self.found)(Improvement {
            position,
            path: path.to_vec(),
            key,
            score,
            gain: score - self.original.score,
        });
        ControlFlow::Continue(())
    }
}
