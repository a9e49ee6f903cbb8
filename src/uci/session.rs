//! One UCI session: the options and `debug` flag, and what each command does to the
//! protocol-free [`Engine`] (which holds the position, the tables and the running search, and
//! reports through [`super::listener::UciListener`]). A command that fails changes nothing and
//! gets one `info string error: …` line; the engine then waits for the next command as before.
//!
//! While a search runs, `isready`, `stop`, `ponderhit`, `position`, `d` and `quit` are obeyed
//! at once; a new `go` (or `go perft`) first stops the running search, which still sends its
//! own `bestmove`; `setoption` and `ucinewgame` are refused, since they would change the
//! tables under the search.

use super::command::{Command, GoParams, PositionSpec, StartingPoint};
use super::display::display_lines;
use super::error::UciError;
use super::info::Output;
use super::listener::UciListener;
use super::options::{Effect, Options};
use super::parse_line;
use crate::board::{fen::parse_fen, Color, FenError, History, Move, Position, Validation};
use crate::engine::{Engine, Go, Settings, Task};
use crate::notation::{parse_uci, Notation, ParseMoveError};
use crate::popeye::shown::PRESENTATION;
use crate::problem::Stipulation;
use crate::search::{ClockState, GoLimits, TimeBudget};
use std::sync::Arc;

/// Whether the command loop goes on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Flow {
    Continue,
    Quit,
}

/// One engine process's state.
pub struct Session {
    out: Output,
    engine: Engine,
    options: Options,
    debug: bool,
}

impl Session {
    pub fn new(out: Output) -> Session {
        let listener = Arc::new(UciListener::new(out.clone()));
        Session {
            out,
            engine: Engine::new(listener),
            options: Options::default(),
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
        self.engine.shutdown();
    }

    /// True while a search has not sent its `bestmove` (see [`Engine::is_searching`]).
    fn searching(&mut self) -> bool {
        self.engine.is_searching()
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
                self.engine.clear_tables();
            }
            Command::Position(spec) => self.set_position(&spec)?,
            Command::Go(params) => self.go(&params)?,
            Command::Perft(depth) => {
                self.start(Task::Perft(depth), GoLimits::default(), None, false, false)
            }
            Command::Classify(plies) => self.start(
                Task::Classify(plies),
                GoLimits::default(),
                None,
                false,
                false,
            ),
            Command::Stop => self.engine.stop(),
            Command::PonderHit => {
                if !self.engine.ponderhit() {
                    return Err(UciError::NotPondering);
                }
            }
            Command::Quit => {
                self.shutdown();
                return Ok(Flow::Quit);
            }
            Command::Display => self.out.lines(&display_lines(self.engine.position())),
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
            // Dropped now, rebuilt at the next search: old and new never coexist in memory.
            Effect::ResizeHash => self.engine.drop_tables(),
            Effect::ClearHash => self.engine.clear_tables(),
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
        self.engine.set_position(pos, history);
        if let Some(warning) = warning {
            self.out.info_string(&format!("warning: {warning}"));
        }
        Ok(())
    }

    fn go(&mut self, p: &GoParams) -> Result<(), UciError> {
        let searchmoves = p
            .searchmoves
            .iter()
            .map(|text| match parse_uci(self.engine.position(), text) {
                Ok(m) if m.is_null() => Err(UciError::SearchMove(ParseMoveError::Illegal {
                    notation: Notation::Uci,
                    text: text.clone(),
                })),
                Ok(m) => Ok(m),
                Err(e) => Err(UciError::SearchMove(e)),
            })
            .collect::<Result<Vec<Move>, UciError>>()?;
        let (time, increment) = match self.engine.position().turn() {
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
        let task = match (self.options.stipulation, p.mate) {
            (Some(stipulation), _) => {
                problem_side(self.engine.position(), &stipulation)?;
                Task::Problem(stipulation)
            }
            (None, Some(n)) => Task::Mate(n),
            (None, None) => Task::Game,
        };
        let limits = GoLimits {
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
        limits: GoLimits,
        budget: Option<TimeBudget>,
        ponder: bool,
        infinite: bool,
    ) {
        if self.searching() {
            self.out.info_string("warning: new search requested while searching; the running search was stopped first");
        }
        self.engine.finish_search();
        if self.debug {
            self.out.info_string(&format!(
                "debug: task {task:?}, budget {budget:?}, depth {:?}, nodes {:?}, ponder {ponder}, infinite {infinite}",
                limits.depth, limits.nodes
            ));
        }
        let settings = Settings {
            hash_mb: self.options.hash_mb,
            threads: self.options.threads,
            tries: self.options.tries,
            problem_report: self.options.problem_report,
            composer_suggestions: self.options.composer_suggestions,
            composer_top: self.options.composer_top,
            presentation: PRESENTATION,
        };
        let go = Go {
            task,
            limits,
            budget,
            ponder,
            infinite,
        };
        self.engine.go(go, &settings);
    }
}

/// Help play starts with the side its stipulation names (Black in `h#3`, White in `h#2.5`),
/// which must be the side to move: the best move is played in this position.
fn problem_side(position: &Position, stipulation: &Stipulation) -> Result<(), UciError> {
    let starter = stipulation.starter();
    if stipulation.is_help_or_series() && position.turn() != starter {
        return Err(UciError::Syntax {
            command: "go",
            reason: format!(
                "stipulation {stipulation}: {starter} starts, but {} is to move",
                position.turn()
            ),
        });
    }
    Ok(())
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
