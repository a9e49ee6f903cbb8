//! The engine's state (position, game history, options, tables, the running search) and what
//! each command does to it. A command that fails changes nothing and gets one
//! `info string error: …` line; the engine then waits for the next command as before.
//!
//! While a search runs, `isready`, `stop`, `ponderhit`, `position`, `d` and `quit` are obeyed
//! at once; a new `go` (or `go perft`) first stops the running search, which still sends its
//! own `bestmove`; `setoption` and `ucinewgame` are refused, since they would change the
//! tables under the search.

use super::command::{Command, GoParams, PositionSpec, StartingPoint};
use super::display::display_lines;
use super::error::UciError;
use super::info::Output;
use super::job::{Job, Running, Tables, Task};
use super::options::{Effect, Options};
use super::parse_line;
use crate::board::{fen::parse_fen, Color, FenError, History, Move, Position, Validation};
use crate::notation::{parse_uci, Notation, ParseMoveError};
use crate::search::{ClockState, Limits, TimeBudget};
use std::sync::Arc;
use std::time::Duration;

/// How long `quit` waits for a running search to wind down before the process ends anyway.
const QUIT_GRACE: Duration = Duration::from_millis(200);

/// Whether the command loop goes on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Flow {
    Continue,
    Quit,
}

/// One engine process's state.
pub struct Engine {
    out: Output,
    position: Position,
    history: History,
    options: Options,
    /// Made at the first search (so `setoption name Hash` right after `uci` costs nothing).
    tables: Option<Arc<Tables>>,
    job: Option<Running>,
    debug: bool,
}

impl Engine {
    pub fn new(out: Output) -> Engine {
        let position = Position::startpos();
        let mut history = History::new();
        history.push(&position);
        Engine {
            out,
            position,
            history,
            options: Options::default(),
            tables: None,
            job: None,
            debug: false,
        }
    }

    /// Reads and obeys one line from the GUI.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        let result = parse_line(line).and_then(|command| match command {
            Some(command) => self.execute(command),
            None => Ok(Flow::Continue),
        });
        result.unwrap_or_else(|e| {
            self.report_error(&e);
            Flow::Continue
        })
    }

    /// Answers a bad line.
    pub fn report_error(&self, e: &UciError) {
        self.out.info_string(&format!("error: {e}"));
    }

    /// Stops any search and gives it a moment to finish (end of input, `quit`).
    pub fn shutdown(&mut self) {
        if let Some(job) = self.job.take() {
            job.stop();
            job.wait(QUIT_GRACE);
        }
    }

    /// True while a search has not sent its `bestmove`. A job that has sent it is joined here
    /// (its thread is ending), so the GUI may follow `bestmove` with anything at once.
    fn searching(&mut self) -> bool {
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

    fn execute(&mut self, command: Command) -> Result<Flow, UciError> {
        match command {
            Command::Uci => self.handshake(),
            Command::Debug(on) => self.debug = on,
            Command::IsReady => self.out.line("readyok"),
            Command::Register => {}
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref())?,
            Command::UciNewGame => {
                if self.searching() {
                    return Err(UciError::Busy("ucinewgame"));
                }
                if let Some(tables) = &self.tables {
                    tables.clear();
                }
            }
            Command::Position(spec) => self.set_position(&spec)?,
            Command::Go(params) => self.go(&params)?,
            Command::Perft(depth) => {
                self.start(Task::Perft(depth), Limits::default(), None, false, false)
            }
            Command::Stop => {
                if let Some(job) = &self.job {
                    job.stop();
                }
            }
            Command::PonderHit => {
                if !self.job.as_ref().is_some_and(|j| j.ponderhit()) {
                    return Err(UciError::NotPondering);
                }
            }
            Command::Quit => {
                self.shutdown();
                return Ok(Flow::Quit);
            }
            Command::Display => self.out.lines(&display_lines(&self.position)),
        }
        Ok(Flow::Continue)
    }

    fn handshake(&self) {
        let mut lines = vec![
            format!("id name Mateproof {}", env!("CARGO_PKG_VERSION")),
            "id author the Mateproof developers".to_owned(),
        ];
        lines.extend(Options::uci_lines());
        lines.push("uciok".to_owned());
        self.out.lines(&lines);
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), UciError> {
        if self.searching() {
            return Err(UciError::Busy("setoption"));
        }
        match self.options.set(name, value)? {
            // Rebuilt at the next search. The old tables are given back on a thread of their
            // own: unmapping gigabytes of resident pages takes the kernel a while, and the
            // command loop must answer at once. The new tables are mapped lazily, so the two
            // overlap in memory only by what the next search touches meanwhile.
            Effect::ResizeHash => {
                if let Some(old) = self.tables.take() {
                    let _ = std::thread::Builder::new()
                        .name("mateproof-free-hash".into())
                        .spawn(move || drop(old));
                }
            }
            Effect::ClearHash => {
                if let Some(tables) = &self.tables {
                    tables.clear();
                }
            }
            Effect::None => {}
        }
        Ok(())
    }

    /// `position …`: all or nothing; a bad FEN or move leaves the old position in place.
    fn set_position(&mut self, spec: &PositionSpec) -> Result<(), UciError> {
        let (mut pos, warning) = match &spec.start {
            StartingPoint::StartPos => (Position::startpos(), None),
            StartingPoint::Fen(text) => read_fen(text)?,
        };
        let mut history = History::new();
        history.push(&pos);
        for (i, text) in spec.moves.iter().enumerate() {
            let m = parse_uci(&pos, text).map_err(|e| UciError::IllegalMove {
                ply: i + 1,
                text: text.clone(),
                reason: move_problem(&e),
            })?;
            if m.is_null() {
                pos.play_null();
            } else {
                pos.play(m);
            }
            history.push(&pos);
        }
        self.position = pos;
        self.history = history;
        if let Some(warning) = warning {
            self.out.info_string(&format!("warning: {warning}"));
        }
        Ok(())
    }

    fn go(&mut self, p: &GoParams) -> Result<(), UciError> {
        let searchmoves = p
            .searchmoves
            .iter()
            .map(|text| match parse_uci(&self.position, text) {
                Ok(m) if m.is_null() => Err(UciError::SearchMove(ParseMoveError::Illegal {
                    notation: Notation::Uci,
                    text: text.clone(),
                })),
                Ok(m) => Ok(m),
                Err(e) => Err(UciError::SearchMove(e)),
            })
            .collect::<Result<Vec<Move>, UciError>>()?;
        let (time, increment) = match self.position.turn() {
            Color::White => (p.wtime, p.winc),
            Color::Black => (p.btime, p.binc),
        };
        let budget = if p.infinite {
            None
        } else if let Some(t) = p.movetime {
            Some(TimeBudget::fixed(t))
        } else {
            time.map(|remaining| {
                TimeBudget::from_clock(ClockState {
                    remaining,
                    increment: increment.unwrap_or_default(),
                    moves_to_go: p.movestogo,
                })
            })
        };
        let task = match p.mate {
            Some(n) => Task::Mate(n),
            None => Task::Game,
        };
        let limits = Limits {
            depth: p.depth,
            nodes: p.nodes,
            multipv: self.options.multipv,
            searchmoves,
        };
        self.start(task, limits, budget, p.ponder, p.infinite);
        Ok(())
    }

    fn start(
        &mut self,
        task: Task,
        limits: Limits,
        budget: Option<TimeBudget>,
        ponder: bool,
        infinite: bool,
    ) {
        if self.searching() {
            self.out.info_string("warning: new search requested while searching; the running search was stopped first");
        }
        if let Some(job) = self.job.take() {
            job.finish();
        }
        if self.debug {
            self.out.info_string(&format!(
                "debug: task {task:?}, budget {budget:?}, depth {:?}, nodes {:?}, ponder {ponder}, infinite {infinite}",
                limits.depth, limits.nodes
            ));
        }
        let mb = self.options.hash_mb;
        let tables = Arc::clone(self.tables.get_or_insert_with(|| Arc::new(Tables::new(mb))));
        let job = Job {
            task,
            position: self.position,
            game_keys: self.history.keys().to_vec(),
            limits,
            budget,
            ponder,
            infinite,
            threads: self.options.threads,
            tries: self.options.tries,
            problem_report: self.options.problem_report,
            composer_suggestions: self.options.composer_suggestions,
        };
        self.job = Running::start(job, tables, self.out.clone());
    }
}

/// A FEN of 4 to 6 fields. Positions no game can reach (nine pawns, an impossible double
/// check) are common in problems and still searchable: they are accepted with a warning. What
/// the search cannot handle (no king, the side not to move in check, …) is refused.
fn read_fen(text: &str) -> Result<(Position, Option<String>), UciError> {
    let setup = parse_fen(text).map_err(|e| UciError::Fen(FenError::Syntax(e)))?;
    match setup.into_position(Validation::Strict) {
        Ok(pos) => Ok((pos, None)),
        Err(strict) => match setup.into_position(Validation::Lenient) {
            Ok(pos) => Ok((
                pos,
                Some(format!(
                    "position accepted for search, though no game can reach it: {strict}"
                )),
            )),
            Err(e) => Err(UciError::Fen(FenError::Illegal(e))),
        },
    }
}

/// Why a `position … moves` entry was refused, without repeating the move text.
fn move_problem(e: &ParseMoveError) -> String {
    match e {
        ParseMoveError::Syntax { reason, .. } => format!("not a UCI move ({reason})"),
        ParseMoveError::Illegal { .. } => "not a legal move in the position reached".to_owned(),
        ParseMoveError::Ambiguous { .. } => "ambiguous".to_owned(),
    }
}
