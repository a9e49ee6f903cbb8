//! The engine without a protocol: a position and its game history, `go` with its limits,
//! `stop` and `ponderhit`, the transposition tables, and what a search produces — iterations of
//! the game search, a proved mate from the mate solver running beside it, the full problem
//! report, the composer's verdict and suggestions, perft counts and the best move — handed out
//! as DATA through an [`EngineListener`]. No protocol text is written here: the UCI front end
//! (`crate::uci`) parses commands into calls on [`Engine`] and formats the listener's events
//! as UCI lines; another front end would format them its own way (the idea of Stockfish's
//! `engine.h` beside `uci.h`).
//!
//! [`Engine`] holds the state; [`job`] is one `go` on its own thread (game search, mate solver,
//! perft); [`signal`] is how `stop` and `ponderhit` reach a running job.

mod job;
mod problem;
mod signal;

pub use job::{Go, Task, COMPOSER_BUDGET};

use crate::board::{History, Move, Position};
use crate::classify::Classification;
use crate::composer::stream::{ComposeError, OriginalScore, Suggestions};
use crate::problem::Stipulation;
use crate::search::Iteration;
use crate::solution::{HelpOutcome, Line, Solution};
use crate::solver::{MateFound, Presentation};
use job::{Job, Running, Tables};
use std::sync::Arc;
use std::time::Duration;

/// A mate the solver proved: the keys (first with its principal variation), with the search's
/// work so far.
pub struct MateReport<'a> {
    pub found: &'a MateFound,
    /// How many keys the client asked to see (`MultiPV`).
    pub multipv: usize,
    /// Nodes of every search of this `go`.
    pub nodes: u64,
    /// Time since `go`.
    pub time: Duration,
}

/// The composer's part of a `go` (`ComposerSuggestions`): the verdict on the proved problem,
/// then its improvements; or why the composer cannot work on it.
pub enum ComposerEvent<'a> {
    Score(&'a OriginalScore),
    Suggestions(&'a Suggestions),
    Refused(&'a ComposeError),
}

/// Perft's counts: the leaves below each root move, and in all.
pub struct PerftReport {
    pub rows: Vec<(Move, u64)>,
    pub total: u64,
}

/// What the engine says in words: outcomes without data of their own and errors.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum Message {
    #[error("no mate in {0}")]
    NoMate(u32),
    #[error("mate search stopped before mate in {0} was decided")]
    MateStopped(u32),
    #[error("classify stopped before the verdict within {0} plies")]
    ClassifyStopped(u32),
    #[error("error: problem report: {0}")]
    ProblemReportFailed(String),
    /// The problem `go` was to solve (`Stipulation`) is refused by the solver.
    #[error("error: stipulation: {0}")]
    ProblemRefused(String),
    #[error("error: cannot start the search thread: {0}")]
    NoThread(String),
    #[error("error: internal error in the search; answering with the first legal move")]
    InternalError,
    #[error("error: internal error in the mate search ({0}); playing the game search's move")]
    MateHelperFailed(String),
}

/// Receives what a search produces, from the search's threads (so `Send + Sync`); each call
/// is one event, delivered whole.
pub trait EngineListener: Send + Sync {
    /// One completed iteration of the game search.
    fn on_iteration(&self, iteration: &Iteration);
    /// The game search found no legal move: `mated`, or stalemate.
    fn on_no_legal_move(&self, mated: bool);
    /// The mate solver proved a mate.
    fn on_mate(&self, report: &MateReport);
    /// The full verdict on the position as a directmate (`ProblemReport`), or as the battle
    /// problem a `go` was asked to solve.
    fn on_problem_report(&self, solution: &Solution, stipulation: &Stipulation);
    /// Solutions of help or series play, for a `go` asked to solve such a problem: a few at a
    /// time as they are found, in order, each from the position searched; ignored by default.
    fn on_help_lines(&self, lines: &[Line]) {
        let _ = lines;
    }
    /// The help or series search is over (after its last [`EngineListener::on_help_lines`]):
    /// how many lines, whether it went to its end; ignored by default.
    fn on_help_done(&self, outcome: &HelpOutcome, stipulation: &Stipulation) {
        let _ = (outcome, stipulation);
    }
    /// The composer's verdict or suggestions (`ComposerSuggestions`).
    fn on_composer(&self, event: &ComposerEvent);
    /// Perft's counts.
    fn on_perft(&self, report: &PerftReport);
    /// What can happen within N plies at `position` (`go classify`); ignored by default.
    fn on_classify(&self, classification: &Classification<Move>, position: &Position) {
        let _ = (classification, position);
    }
    fn on_message(&self, message: &Message);
    /// The search is over: the move to play (null when there is none) and the expected reply.
    fn on_bestmove(&self, best: Move, ponder: Option<Move>);
}

/// Longest mate the engine searches for: the solver's table stores lengths in a byte and its
/// search path holds 256 plies.
pub const MAX_MATE: u32 = crate::problem::MAX_MATE_MOVES;

/// What every search of the engine uses, set by the front end's options.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Both tables together, in MB.
    pub hash_mb: usize,
    pub threads: usize,
    /// Tries shown in the problem report (0: none).
    pub tries: u32,
    pub problem_report: bool,
    pub composer_suggestions: bool,
    /// How many composer improvements to deliver.
    pub composer_top: usize,
    /// The order the problem report tries and lists first moves in and the variations it
    /// shows (the front end's choice: UCI takes Popeye's).
    pub presentation: Presentation,
}

/// How long [`Engine::shutdown`] waits for a running search to wind down.
const QUIT_GRACE: Duration = Duration::from_millis(200);

/// One engine: its position, tables and running search.
pub struct Engine {
    listener: Arc<dyn EngineListener>,
    position: Position,
    history: History,
    /// Made at the first search (so a new `Hash` size right after start costs nothing).
    tables: Option<Arc<Tables>>,
    job: Option<Running>,
}

impl Engine {
    /// An engine at the start position, reporting to `listener`.
    pub fn new(listener: Arc<dyn EngineListener>) -> Engine {
        let position = Position::startpos();
        let mut history = History::new();
        history.push(&position);
        Engine {
            listener,
            position,
            history,
            tables: None,
            job: None,
        }
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Sets the position; `history` holds every position of the game up to it (for
    /// repetitions), ending with `position`.
    pub fn set_position(&mut self, position: Position, history: History) {
        self.position = position;
        self.history = history;
    }

    /// True while a search has not delivered its best move. A job that has is joined here
    /// (its thread is ending), so the front end may follow the best move with anything at once.
    pub fn is_searching(&mut self) -> bool {
        match &self.job {
            Some(job) if job.is_done() => {
                if let Some(job) = self.job.take() {
                    job.finish();
                }
                false
            }
            Some(_) => true,
            None => false,
        }
    }

    /// Stops the running search, if any, and waits for it (it delivers its best move first).
    pub fn finish_search(&mut self) {
        if let Some(job) = self.job.take() {
            job.finish();
        }
    }

    /// Starts a search of the current position on its own thread (stopping any running one).
    pub fn go(&mut self, go: Go, settings: &Settings) {
        self.finish_search();
        let mb = settings.hash_mb;
        let tables = Arc::clone(self.tables.get_or_insert_with(|| Arc::new(Tables::new(mb))));
        let job = Job {
            go,
            position: self.position,
            game_keys: self.history.keys().to_vec(),
            settings: *settings,
        };
        self.job = Running::start(job, tables, Arc::clone(&self.listener));
    }

    /// `stop`: ends the running search now; it then delivers its best move.
    pub fn stop(&self) {
        if let Some(job) = &self.job {
            job.stop();
        }
    }

    /// The time budget of a pondering search starts now; false when no search is pondering.
    pub fn ponderhit(&self) -> bool {
        self.job.as_ref().is_some_and(|j| j.ponderhit())
    }

    /// Empties both tables (a new game).
    pub fn clear_tables(&self) {
        if let Some(tables) = &self.tables {
            tables.clear();
        }
    }

    /// Drops the tables; the next search makes them at its size. The old tables are given back
    /// on a thread of their own: unmapping gigabytes of resident pages takes the kernel a
    /// while, and the caller (a protocol loop) must answer at once. New tables are mapped
    /// lazily, so old and new overlap in memory only by what the next search touches meanwhile.
    pub fn drop_tables(&mut self) {
        if let Some(old) = self.tables.take() {
            let _ = std::thread::Builder::new()
                .name("mateproof-free-hash".into())
                .spawn(move || drop(old));
        }
    }

    /// Stops any search and gives it a moment to finish (end of input, `quit`).
    pub fn shutdown(&mut self) {
        if let Some(job) = self.job.take() {
            job.stop();
            job.wait(QUIT_GRACE);
        }
    }
}
