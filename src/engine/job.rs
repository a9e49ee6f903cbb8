//! The search thread: what one `go` does, from start to the best move.
//!
//! - [`Task::Perft`]: leaf counts per root move and the total (no best move, as in Stockfish).
//! - [`Task::Mate`]: the solver proves the shortest mate within N moves ([`mate_search_among`],
//!   first moves restricted to `searchmoves` when given; with `Threads` ≥ 2 its restriction
//!   lanes run in parallel); with none, [`Message::NoMate`] and a short alpha-beta search
//!   picks the move.
//! - [`Task::Classify`]: what can happen within N plies ([`crate::classify`]), as one
//!   classification; the best move is the forced win's first key, else the first legal move.
//! - [`Task::Game`]: the alpha-beta game search ([`crate::search`]), and beside it (with
//!   `threads` ≥ 2) the solver looking for the shortest forced mate by increasing length. A
//!   proved mate ends the game search and is preferred to its result.
//!
//! - [`Task::Problem`]: the position solved as a problem of another stipulation
//!   ([`super::problem`]).
//!
//! With `ProblemReport` on, a proved mate is followed by the full verdict (a solved
//! [`Solution`](crate::solution::Solution)); in a game search the mate its iterations score is
//! proved for it, whatever the thread count, and where no mate is proved within the limits the
//! listener hears [`Message::NoProblemReport`]. In `go infinite` and `go ponder`, the best move
//! waits for `stop` (or `ponderhit`). A best move is always delivered, and it is always legal
//! (or the null move when there is none). Everything goes to the [`EngineListener`] as data.

use super::problem::run_problem;
use super::signal::{Gate, StopSwitch};
use super::{ComposerEvent, EngineListener, MateReport, Message, PerftReport, Settings};
use crate::board::{Move, Position};
use crate::composer::search::ComposeOptions;
use crate::composer::stream::suggestions;
use crate::kernel::SearchControl;
use crate::perft::divide_with_total;
use crate::problem::{Problem, Stipulation, TryMode};
use crate::search::{search, Clock, GoLimits, Score, SearchMemory, SearchResult, TimeBudget};
use crate::solver::{mate_search_among, solve_with_table, MateFound, TranspositionTable};
use parking_lot::Mutex;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Depth of the alpha-beta search that picks a move when `go mate N` finds no mate.
const FALLBACK_DEPTH: u32 = 4;

/// How long `ComposerSuggestions` may improve a problem after a `go` without time limits
/// (`go mate N`, `go depth N`, `go nodes N`), so that `bestmove` follows within seconds.
pub const COMPOSER_BUDGET: Duration = Duration::from_secs(5);

/// Both transposition tables, sized together by the `Hash` option.
pub struct Tables {
    pub mate: TranspositionTable,
    pub game: Mutex<SearchMemory>,
}

impl Tables {
    /// `hash_mb` in all: a quarter for the game search, the rest for the mate solver (whose
    /// proofs are what this engine is for). Both are ceilings: each table grows from 64 KB
    /// as it fills, so a large `Hash` costs a short search nothing.
    pub fn new(hash_mb: usize) -> Tables {
        let game_mb = (hash_mb / 4).max(1);
        let mate_mb = hash_mb.saturating_sub(game_mb).max(1);
        Tables {
            mate: TranspositionTable::ceiling(mate_mb),
            game: Mutex::new(SearchMemory::new(game_mb)),
        }
    }

    pub fn clear(&self) {
        self.mate.clear();
        self.game.lock().clear();
    }
}

/// What the search thread is to do.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Task {
    Perft(u32),
    Mate(u32),
    /// Classify the position within this many plies.
    Classify(u32),
    Game,
    /// Solve the position as this problem ([`super::problem`]).
    Problem(Stipulation),
}

/// One `go`: what to search, within which limits.
#[derive(Clone, Debug)]
pub struct Go {
    pub task: Task,
    pub limits: GoLimits,
    pub budget: Option<TimeBudget>,
    /// Pondering: the budget starts at `ponderhit`, the best move waits for it.
    pub ponder: bool,
    /// No limit: the best move waits for `stop`.
    pub infinite: bool,
}

/// Everything one `go` needs, copied out of the engine so the search owns it.
pub struct Job {
    pub go: Go,
    pub position: Position,
    /// Keys since the last irreversible move, ending with `position`'s.
    pub game_keys: Vec<u64>,
    /// `composer_suggestions`: after `go mate` proves a problem, score it and deliver the best
    /// improved versions before the best move.
    pub settings: Settings,
}

/// A job running on its own thread.
pub struct Running {
    thread: JoinHandle<()>,
    switch: Arc<StopSwitch>,
    gate: Arc<Gate>,
    clock: Arc<Clock>,
    release_on_ponderhit: bool,
    stopped: AtomicBool,
    /// Set just before the final output (`bestmove`, or perft's total): from then on the GUI
    /// may rightly consider the search over, even if the thread has not quite exited.
    done: Arc<AtomicBool>,
}

/// What the thread's phases share.
struct Context {
    listener: Arc<dyn EngineListener>,
    switch: Arc<StopSwitch>,
    clock: Arc<Clock>,
    tables: Arc<Tables>,
    done: Arc<AtomicBool>,
    mate_delivery: Arc<MateDelivery>,
}

/// How the phases of a game search deliver a proved mate (the helper beside it, or the proof
/// of a mate the game search scored): once, by whichever proves it first.
struct MateDelivery {
    listener: Arc<dyn EngineListener>,
    clock: Arc<Clock>,
    multipv: usize,
    delivered: AtomicBool,
}

impl MateDelivery {
    /// True once a mate was delivered.
    fn is_done(&self) -> bool {
        self.delivered.load(Ordering::Acquire)
    }

    /// `found` to the listener, unless a mate was delivered already; `nodes` are every
    /// search's of this `go`, the time the whole `go`'s.
    fn deliver(&self, found: &MateFound, nodes: u64) {
        if !self.delivered.swap(true, Ordering::AcqRel) {
            self.listener.on_mate(&MateReport {
                found,
                multipv: self.multipv,
                nodes,
                time: self.clock.elapsed(),
            });
        }
    }
}

impl Running {
    /// Starts `job` on a new thread. If no thread can be made, the error is reported and a
    /// legal move is sent at once, so the GUI is never left waiting.
    pub fn start(
        job: Job,
        tables: Arc<Tables>,
        listener: Arc<dyn EngineListener>,
    ) -> Option<Running> {
        let switch = Arc::new(StopSwitch::new());
        let gate = Arc::new(Gate::new());
        let clock = Arc::new(Clock::new(job.go.budget, job.go.ponder));
        let release_on_ponderhit = job.go.ponder && !job.go.infinite;
        let position = job.position;
        let is_perft = matches!(job.go.task, Task::Perft(_));
        let done = Arc::new(AtomicBool::new(false));
        let ctx = Context {
            listener: Arc::clone(&listener),
            switch: Arc::clone(&switch),
            clock: Arc::clone(&clock),
            tables,
            done: Arc::clone(&done),
            mate_delivery: Arc::new(MateDelivery {
                listener: Arc::clone(&listener),
                clock: Arc::clone(&clock),
                multipv: job.go.limits.multipv,
                delivered: AtomicBool::new(false),
            }),
        };
        let thread_gate = Arc::clone(&gate);
        let spawned = std::thread::Builder::new()
            .name("mateproof-search".into())
            .spawn(move || run(job, &ctx, &thread_gate));
        match spawned {
            Ok(thread) => Some(Running {
                thread,
                switch,
                gate,
                clock,
                release_on_ponderhit,
                stopped: AtomicBool::new(false),
                done,
            }),
            Err(e) => {
                listener.on_message(&Message::NoThread(e.to_string()));
                if !is_perft {
                    listener.on_bestmove(first_legal_move(&position), None);
                }
                None
            }
        }
    }

    /// `stop`: end the search now and release `bestmove`.
    pub fn stop(&self) {
        self.stopped.store(true, Ordering::Relaxed);
        self.switch.stop();
        self.gate.open();
    }

    /// `ponderhit`: the time budget starts now; returns false when this job is not (or no
    /// longer) pondering.
    pub fn ponderhit(&self) -> bool {
        if self.is_done() || self.stopped.load(Ordering::Relaxed) || !self.clock.is_pondering() {
            return false;
        }
        self.clock.ponderhit();
        if self.release_on_ponderhit {
            self.gate.open();
        }
        true
    }

    /// True once the job has sent (or is sending) its final output.
    pub fn is_done(&self) -> bool {
        self.done.load(Ordering::Acquire) || self.thread.is_finished()
    }

    /// Waits up to `timeout` for the thread to end; true if it did.
    pub fn wait(&self, timeout: Duration) -> bool {
        let until = Instant::now() + timeout;
        while !self.thread.is_finished() {
            if Instant::now() >= until {
                return false;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        true
    }

    /// Stops the job and waits for its thread (which sends its `bestmove` first).
    pub fn finish(self) {
        self.stop();
        let _ = self.thread.join();
    }
}

fn run(job: Job, ctx: &Context, gate: &Gate) {
    let outcome = panic::catch_unwind(AssertUnwindSafe(|| match job.go.task {
        Task::Perft(depth) => {
            run_perft(&job.position, depth, ctx);
            None
        }
        Task::Mate(moves) => Some(run_mate(&job, moves, ctx)),
        Task::Classify(plies) => Some(run_classify(&job.position, plies, ctx)),
        Task::Game => Some(run_game(&job, ctx)),
        Task::Problem(stipulation) => {
            let control = solver_control(ctx, job.go.limits.nodes);
            let listener = &*ctx.listener;
            let settings = &job.settings;
            let best = run_problem(
                &job.position,
                stipulation,
                settings,
                &control,
                &ctx.tables.mate,
                listener,
            );
            Some((best, None))
        }
    }));
    let (best, ponder) = match outcome {
        Ok(Some(moves)) => moves,
        Ok(None) => return,
        Err(_) => {
            // A bug of ours, not bad input: say so, and still answer with a legal move.
            ctx.listener.on_message(&Message::InternalError);
            (first_legal_move(&job.position), None)
        }
    };
    if job.go.infinite || ctx.clock.is_pondering() {
        gate.wait();
    }
    ctx.done.store(true, Ordering::Release);
    ctx.listener.on_bestmove(best, ponder);
}

/// The leaves below each root move and in all (depth 0: the one position). Like Stockfish's,
/// it runs to the end: `stop` does not interrupt it (`quit` does, by ending the process).
fn run_perft(pos: &Position, depth: u32, ctx: &Context) {
    let (rows, total) = divide_with_total(pos, depth);
    ctx.listener.on_perft(&PerftReport { rows, total });
    ctx.done.store(true, Ordering::Release);
}

/// A control for a solver phase: the node limit, and what is left of the time budget (the
/// solver reads no [`Clock`]; while pondering only `stop` ends it).
fn solver_control(ctx: &Context, nodes: Option<u64>) -> SearchControl {
    let mut control = ctx.switch.control();
    if let Some(n) = nodes {
        control = control.with_node_limit(n);
    }
    if let Some(left) = ctx.clock.hard_remaining() {
        control = control.with_time_limit(left);
    }
    control
}

fn run_mate(job: &Job, moves: u32, ctx: &Context) -> (Move, Option<Move>) {
    // `Threads` ≥ 2: the restriction lanes race the unrestricted df-pn on threads of their own.
    let control = solver_control(ctx, job.go.limits.nodes).with_threads(job.settings.threads);
    let found = prove_mate(job, moves, &control, ctx);
    match found.as_ref().and_then(|f| Some((f, *f.keys.first()?))) {
        Some((found, key)) => {
            ctx.listener.on_mate(&MateReport {
                found,
                multipv: job.go.limits.multipv,
                nodes: control.nodes(),
                time: ctx.clock.elapsed(),
            });
            if job.settings.problem_report {
                report(job, found.moves, ctx);
            }
            if job.settings.composer_suggestions {
                composer_suggestions(job, found.moves, ctx);
            }
            (key, ponder_move(found, key))
        }
        None => {
            ctx.listener.on_message(&if control.was_stopped() {
                Message::MateStopped(moves)
            } else {
                Message::NoMate(moves)
            });
            let limits = GoLimits {
                depth: Some(FALLBACK_DEPTH),
                multipv: 1,
                searchmoves: job.go.limits.searchmoves.clone(),
                ..GoLimits::default()
            };
            let result = game_search(job, &limits, &ctx.switch.control(), ctx, &mut |_| {});
            (result.best, result.ponder)
        }
    }
}

/// The solver's shortest mate within `moves` from the job's position, its first moves those of
/// `searchmoves` when given, over the mate table.
fn prove_mate(job: &Job, moves: u32, control: &SearchControl, ctx: &Context) -> Option<MateFound> {
    mate_search_among(
        &job.position,
        &job.go.limits.searchmoves,
        moves,
        control,
        &ctx.tables.mate,
    )
}

/// The classification within `plies`, each question over a table of a quarter of the mate
/// table's size; `stop` ends it without a verdict.
fn run_classify(pos: &Position, plies: u32, ctx: &Context) -> (Move, Option<Move>) {
    let control = solver_control(ctx, None);
    let table_mb = (ctx.tables.mate.size_bytes() >> 22).max(1);
    match crate::classify::classify(pos, plies, table_mb, &control) {
        Ok(classification) => {
            ctx.listener.on_classify(&classification, pos);
            let key = classification
                .forced_win
                .and_then(|w| w.keys.first().copied());
            (key.unwrap_or_else(|| first_legal_move(pos)), None)
        }
        Err(_) => {
            ctx.listener.on_message(&Message::ClassifyStopped(plies));
            (first_legal_move(pos), None)
        }
    }
}

/// The move sent when nothing better is known (`0000` when there is none).
fn first_legal_move(pos: &Position) -> Move {
    pos.legal_moves().first().copied().unwrap_or(Move::NULL)
}

fn ponder_move(found: &MateFound, key: Move) -> Option<Move> {
    (found.pv.first() == Some(&key))
        .then(|| found.pv.get(1).copied())
        .flatten()
}

/// The game search, with the mate solver beside it (`Threads` ≥ 2). With `ProblemReport` on,
/// a mate is proved whatever the thread count: when an iteration of the game search scores a
/// forced mate the helper has not proved, the solver proves that mate there and then (within
/// what is left of the limits), so the report does not depend on which search finished first.
/// When none is proved, the listener is told why there is no report.
fn run_game(job: &Job, ctx: &Context) -> (Move, Option<Move>) {
    let mut control = ctx.switch.control();
    if let Some(n) = job.go.limits.nodes {
        control = control.with_node_limit(n);
    }
    let helper = (job.settings.threads >= 2 && job.position.has_legal_move())
        .then(|| MateHelper::spawn(job, ctx, control.clone()))
        .flatten();
    let mut seen = SeenMate::default();
    let on_mate_score = |moves: u32, seen: &mut SeenMate| {
        // Nothing to prove when the report is off or a proof is in (the helper's included).
        if !job.settings.problem_report || seen.proof.is_some() || ctx.mate_delivery.is_done() {
            return;
        }
        seen.moves = Some(moves);
        seen.proof = prove_seen_mate(job, moves, ctx, &control);
        if seen.proof.is_some() {
            // Proved: the game search has nothing to add (as when the helper proves a mate).
            control.stop();
        }
    };
    let searched = game_search(job, &job.go.limits, &control, ctx, &mut |moves| {
        on_mate_score(moves, &mut seen)
    });
    let from_search = (searched.best, searched.ponder);
    let proof = helper.and_then(|helper| match helper.finish() {
        Ok(proof) => proof,
        Err(message) => {
            // A bug of ours: the game search's move still stands, but no proof is claimed.
            ctx.listener.on_message(&Message::MateHelperFailed(message));
            None
        }
    });
    match proof.or(seen.proof) {
        Some(found) => match found.keys.first() {
            Some(&key) => {
                if job.settings.problem_report {
                    report(job, found.moves, ctx);
                }
                (key, ponder_move(&found, key))
            }
            None => from_search,
        },
        None => {
            if job.settings.problem_report && !searched.best.is_null() {
                ctx.listener
                    .on_message(&Message::NoProblemReport(seen.moves));
            }
            from_search
        }
    }
}

/// A forced mate the game search scored, and its proof when the solver gave one.
#[derive(Default)]
struct SeenMate {
    moves: Option<u32>,
    proof: Option<MateFound>,
}

/// The solver's proof of the mate within `moves` that the game search scored, within what is
/// left of the `go`'s limits, delivered to the listener as the helper delivers its own.
fn prove_seen_mate(
    job: &Job,
    moves: u32,
    ctx: &Context,
    game: &SearchControl,
) -> Option<MateFound> {
    let control = solver_control(ctx, job.go.limits.nodes);
    let found = prove_mate(job, moves, &control, ctx)?;
    ctx.mate_delivery
        .deliver(&found, control.nodes() + game.nodes());
    Some(found)
}

/// The alpha-beta search, delivering every iteration; with no legal move, says whether the side
/// to move is mated or stalemated. `on_mate_score` hears the length of each forced mate the
/// first line of an iteration scores for the side to move.
fn game_search(
    job: &Job,
    limits: &GoLimits,
    control: &SearchControl,
    ctx: &Context,
    on_mate_score: &mut dyn FnMut(u32),
) -> SearchResult {
    let mut memory = ctx.tables.game.lock();
    let listener = &ctx.listener;
    let result = search(
        &job.position,
        &job.game_keys,
        limits,
        &ctx.clock,
        control,
        &mut memory,
        &mut |it| {
            listener.on_iteration(it);
            if it.multipv == 1 && it.score.is_mate() && it.score > Score::DRAW {
                if let Some(moves) = it.score.mate_moves() {
                    on_mate_score(moves.unsigned_abs());
                }
            }
        },
    );
    if result.best.is_null() {
        listener.on_no_legal_move(result.score < Score::DRAW);
    }
    result
}

/// The solver running beside the game search, looking for the shortest forced mate.
struct MateHelper {
    thread: JoinHandle<Option<MateFound>>,
    control: SearchControl,
}

impl MateHelper {
    /// `game` is the game search's control: a proved mate stops that search.
    fn spawn(job: &Job, ctx: &Context, game: SearchControl) -> Option<MateHelper> {
        let control = ctx.switch.control();
        let pos = job.position;
        let root_moves = job.go.limits.searchmoves.clone();
        let (tables, delivery, own) = (
            Arc::clone(&ctx.tables),
            Arc::clone(&ctx.mate_delivery),
            control.clone(),
        );
        let thread = std::thread::Builder::new()
            .name("mateproof-mate".into())
            .spawn(move || {
                let found =
                    mate_search_among(&pos, &root_moves, super::MAX_MATE, &own, &tables.mate)?;
                // The time is the whole `go`'s, so the nodes are both searches' (as Stockfish
                // counts every thread's): nps then describes the work that took that time.
                delivery.deliver(&found, own.nodes() + game.nodes());
                game.stop();
                Some(found)
            })
            .ok()?;
        Some(MateHelper { thread, control })
    }

    /// Stops the helper and returns its proof, if it found one in time, or its panic message.
    fn finish(self) -> Result<Option<MateFound>, String> {
        self.control.stop();
        self.thread
            .join()
            .map_err(|payload| crate::util::threads::panic_text(&*payload))
    }
}

/// The composer on the proved problem: its score at once, then the best `composer_top`
/// improvements, best first, or why there are none. The improver
/// runs within the `go` command's own limits: what is left of `movetime` or the clock, or
/// [`COMPOSER_BUDGET`] when `go` gave none (`go infinite` and pondering: until `stop`).
fn composer_suggestions(job: &Job, moves: u32, ctx: &Context) {
    let problem = Problem::directmate(job.position, moves);
    let options = ComposeOptions {
        threads: job.settings.threads.max(1),
        ..ComposeOptions::default()
    };
    let open_ended = job.go.infinite || ctx.clock.is_pondering();
    let budget = ctx
        .clock
        .hard_remaining()
        .or((!open_ended).then_some(COMPOSER_BUDGET));
    let mut control = ctx.switch.control();
    if let Some(budget) = budget {
        control = control.with_time_limit(budget);
    }
    let deadline = budget.map(|b| Instant::now() + b);
    let listener = &ctx.listener;
    match suggestions(&problem, options, control) {
        Ok(run) => {
            listener.on_composer(&ComposerEvent::Score(run.score()));
            if let Some(found) = run.best(job.settings.composer_top, deadline) {
                listener.on_composer(&ComposerEvent::Suggestions(&found));
            }
        }
        Err(e) => listener.on_composer(&ComposerEvent::Refused(&e)),
    }
}

/// The full verdict on the position as a directmate in `moves`.
fn report(job: &Job, moves: u32, ctx: &Context) {
    let mut problem = Problem::directmate(job.position, moves);
    problem.options.variations = true;
    problem.options.tries = if job.settings.tries > 0 {
        TryMode::Refutations(job.settings.tries)
    } else {
        TryMode::Off
    };
    let control = solver_control(ctx, None);
    match solve_with_table(
        &problem,
        &control,
        &ctx.tables.mate,
        job.settings.presentation,
    ) {
        Ok(solution) => ctx
            .listener
            .on_problem_report(&solution, &problem.stipulation),
        Err(e) => ctx
            .listener
            .on_message(&Message::ProblemReportFailed(e.to_string())),
    }
}
