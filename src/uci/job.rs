//! The search thread: what one `go` does, from start to `bestmove`.
//!
//! - `go perft N`: leaf counts per root move, then the total (no `bestmove`, as in Stockfish).
//! - `go mate N`: the solver proves the shortest mate within N moves ([`mate_search_among`],
//!   first moves restricted to `searchmoves` when given); with none, `info string no mate in
//!   N` and a short alpha-beta search picks the move.
//! - any other `go`: the alpha-beta game search ([`crate::search`]), and beside it (with
//!   `Threads` ≥ 2) the solver looking for the shortest forced mate by increasing length. A
//!   proved mate ends the game search and is preferred to its result.
//!
//! With `ProblemReport` on, a proved mate is followed by the full verdict as `info string mp`
//! lines ([`super::report`]). In `go infinite` and `go ponder`, `bestmove` waits for `stop`
//! (or `ponderhit`). A `bestmove` is always sent, and it is always legal (or `0000` when there
//! is no legal move).

use super::go::MAX_MATE;
use super::info::{bestmove_line, iteration_line, mate_lines, LineWriter, Output};
use super::report::problem_report;
use super::signal::{Gate, StopSwitch};
use crate::board::{Move, Position};
use crate::composer::search::ComposeOptions;
use crate::composer::stream::uci_lines;
use crate::perft::write_report;
use crate::problem::{Problem, TryMode};
use crate::search::{search, Clock, Limits, Score, SearchMemory, TimeBudget};
use crate::solver::{
    mate_search_among, solve_with_table, MateFound, SearchControl, TranspositionTable,
};
use parking_lot::Mutex;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Depth of the alpha-beta search that picks a move when `go mate N` finds no mate.
const FALLBACK_DEPTH: u32 = 4;

/// Both transposition tables, sized together by the `Hash` option.
pub struct Tables {
    pub mate: TranspositionTable,
    pub game: Mutex<SearchMemory>,
}

impl Tables {
    /// `hash_mb` in all: a quarter for the game search, the rest for the mate solver (whose
    /// proofs are what this engine is for).
    pub fn new(hash_mb: usize) -> Tables {
        let game_mb = (hash_mb / 4).max(1);
        let mate_mb = hash_mb.saturating_sub(game_mb).max(1);
        Tables {
            mate: TranspositionTable::new(mate_mb),
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
    Game,
}

/// Everything one `go` needs, copied out of the engine so the search owns it.
pub struct Job {
    pub task: Task,
    pub position: Position,
    /// Keys since the last irreversible move, ending with `position`'s.
    pub game_keys: Vec<u64>,
    pub limits: Limits,
    pub budget: Option<TimeBudget>,
    pub ponder: bool,
    pub infinite: bool,
    pub threads: usize,
    pub tries: u32,
    pub problem_report: bool,
    /// `ComposerSuggestions`: after `go mate` proves a sound problem, score it and stream
    /// improved versions before `bestmove`.
    pub composer_suggestions: bool,
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
    out: Output,
    switch: Arc<StopSwitch>,
    clock: Arc<Clock>,
    tables: Arc<Tables>,
    done: Arc<AtomicBool>,
}

impl Running {
    /// Starts `job` on a new thread. If no thread can be made, the error is reported and a
    /// legal move is sent at once, so the GUI is never left waiting.
    pub fn start(job: Job, tables: Arc<Tables>, out: Output) -> Option<Running> {
        let switch = Arc::new(StopSwitch::new());
        let gate = Arc::new(Gate::new());
        let clock = Arc::new(Clock::new(job.budget, job.ponder));
        let release_on_ponderhit = job.ponder && !job.infinite;
        let position = job.position;
        let is_perft = matches!(job.task, Task::Perft(_));
        let done = Arc::new(AtomicBool::new(false));
        let ctx = Context {
            out: out.clone(),
            switch: Arc::clone(&switch),
            clock: Arc::clone(&clock),
            tables,
            done: Arc::clone(&done),
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
                out.info_string(&format!("error: cannot start the search thread: {e}"));
                if !is_perft {
                    out.line(&bestmove_line(first_legal_move(&position), None));
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
    let outcome = panic::catch_unwind(AssertUnwindSafe(|| match job.task {
        Task::Perft(depth) => {
            run_perft(&job.position, depth, ctx);
            None
        }
        Task::Mate(moves) => Some(run_mate(&job, moves, ctx)),
        Task::Game => Some(run_game(&job, ctx)),
    }));
    let (best, ponder) = match outcome {
        Ok(Some(moves)) => moves,
        Ok(None) => return,
        Err(_) => {
            // A bug of ours, not bad input: say so, and still answer with a legal move.
            ctx.out.info_string(
                "error: internal error in the search; answering with the first legal move",
            );
            (first_legal_move(&job.position), None)
        }
    };
    if job.infinite || ctx.clock.is_pondering() {
        gate.wait();
    }
    ctx.done.store(true, Ordering::Release);
    ctx.out.line(&bestmove_line(best, ponder));
}

/// Stockfish's `go perft` text, line by line as the counts come in. Like Stockfish's, it runs to
/// the end: `stop` does not interrupt it (`quit` does, by ending the process).
fn run_perft(pos: &Position, depth: u32, ctx: &Context) {
    let mut writer = LineWriter::new(ctx.out.clone());
    // Writing to an `Output` cannot fail; a closed pipe is noticed by the command loop.
    let _ = write_report(&mut writer, pos, depth);
    ctx.done.store(true, Ordering::Release);
    let _ = std::io::Write::flush(&mut writer);
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
    let control = solver_control(ctx, job.limits.nodes);
    let found = mate_search_among(
        &job.position,
        &job.limits.searchmoves,
        moves,
        &control,
        &ctx.tables.mate,
    );
    match found.as_ref().and_then(|f| Some((f, *f.keys.first()?))) {
        Some((found, key)) => {
            ctx.out.lines(&mate_lines(
                found,
                job.limits.multipv,
                control.nodes(),
                ctx.clock.elapsed(),
            ));
            if job.problem_report {
                report(job, found.moves, ctx);
            }
            if job.composer_suggestions {
                composer_suggestions(job, found.moves, ctx);
            }
            (key, ponder_move(found, key))
        }
        None => {
            if control.was_stopped() {
                ctx.out.info_string(&format!(
                    "mate search stopped before mate in {moves} was decided"
                ));
            } else {
                ctx.out.info_string(&format!("no mate in {moves}"));
            }
            let limits = Limits {
                depth: Some(FALLBACK_DEPTH),
                multipv: 1,
                searchmoves: job.limits.searchmoves.clone(),
                ..Limits::default()
            };
            game_search(job, &limits, &ctx.switch.control(), ctx)
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

fn run_game(job: &Job, ctx: &Context) -> (Move, Option<Move>) {
    let mut control = ctx.switch.control();
    if let Some(n) = job.limits.nodes {
        control = control.with_node_limit(n);
    }
    let helper = (job.threads >= 2 && job.position.has_legal_move())
        .then(|| MateHelper::spawn(job, ctx, control.clone()))
        .flatten();
    let from_search = game_search(job, &job.limits, &control, ctx);
    let proof = helper.and_then(|helper| match helper.finish() {
        Ok(proof) => proof,
        Err(message) => {
            // A bug of ours: the game search's move still stands, but no proof is claimed.
            ctx.out.info_string(&format!(
                "error: internal error in the mate search ({message}); playing the game search's move"
            ));
            None
        }
    });
    match proof {
        Some(found) => match found.keys.first() {
            Some(&key) => {
                if job.problem_report {
                    report(job, found.moves, ctx);
                }
                (key, ponder_move(&found, key))
            }
            None => from_search,
        },
        None => from_search,
    }
}

/// The alpha-beta search, printing every iteration; with no legal move, Stockfish's
/// `info depth 0 score mate 0` (mated) or `score cp 0` (stalemate).
fn game_search(
    job: &Job,
    limits: &Limits,
    control: &SearchControl,
    ctx: &Context,
) -> (Move, Option<Move>) {
    let mut memory = ctx.tables.game.lock();
    let out = &ctx.out;
    let result = search(
        &job.position,
        &job.game_keys,
        limits,
        &ctx.clock,
        control,
        &mut memory,
        &mut |it| out.line(&iteration_line(it)),
    );
    if result.best.is_null() {
        let score = if result.score < Score::DRAW {
            "mate 0"
        } else {
            "cp 0"
        };
        out.line(&format!("info depth 0 score {score}"));
    }
    (result.best, result.ponder)
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
        let (pos, multipv) = (job.position, job.limits.multipv);
        let root_moves = job.limits.searchmoves.clone();
        let (tables, out, clock, own) = (
            Arc::clone(&ctx.tables),
            ctx.out.clone(),
            Arc::clone(&ctx.clock),
            control.clone(),
        );
        let thread = std::thread::Builder::new()
            .name("mateproof-mate".into())
            .spawn(move || {
                let found =
                    mate_search_among(&pos, &root_moves, MAX_MATE as u32, &own, &tables.mate)?;
                out.lines(&mate_lines(&found, multipv, own.nodes(), clock.elapsed()));
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

/// The full verdict on the position as a directmate in `moves`, as `info string mp` lines.
/// The composer's lines for the proved problem: its score, then each improvement as it is
/// found, until the improver finishes or `stop` arrives. `bestmove` follows.
fn composer_suggestions(job: &Job, moves: u32, ctx: &Context) {
    let problem = Problem::directmate(job.position, moves);
    let options = ComposeOptions {
        threads: job.threads.max(1),
        ..ComposeOptions::default()
    };
    match uci_lines(&problem, options, ctx.switch.control()) {
        Ok(lines) => {
            for line in lines {
                ctx.out.lines(&[line]);
            }
        }
        Err(e) => ctx.out.info_string(&format!("composer: {e}")),
    }
}

fn report(job: &Job, moves: u32, ctx: &Context) {
    let mut problem = Problem::directmate(job.position, moves);
    problem.options.variations = true;
    problem.options.tries = if job.tries > 0 {
        TryMode::Refutations(job.tries)
    } else {
        TryMode::Off
    };
    let control = solver_control(ctx, None);
    match solve_with_table(&problem, &control, &ctx.tables.mate) {
        Ok(solution) => ctx
            .out
            .lines(&problem_report(&solution, &problem.stipulation)),
        Err(e) => ctx.out.info_string(&format!("error: problem report: {e}")),
    }
}
