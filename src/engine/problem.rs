//! `go` with a problem's stipulation (UCI's `Stipulation` option): the position is solved as
//! the problem `s#2`, `r#3`, `=2` (battle play: keys, threats, variations, tries as the
//! `Tries` setting asks) or `h#3`, `h#2.5`, `ser-#5` (help and series play: every solution of
//! the play, shortest first, each handed to the listener as it is found, in the front end's
//! order, then how the search ended), and the verdict goes to the [`EngineListener`] as data.
//!
//! The best move is the first key (battle play) or the first solution's first move (help
//! and series play); the null move when there is none. `stop` and the limits cut the solving
//! short: what was found is still delivered, marked incomplete.

use super::{EngineListener, Message, Settings};
use crate::board::{Move, Position};
use crate::help::{self, LineSink, Part};
use crate::kernel::SearchControl;
use crate::problem::{Problem, Stipulation, TryMode};
use crate::solution::Line;
use crate::solver::{solve_with_table, TranspositionTable};
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

/// Solves `position` as the problem `stipulation`; returns the move to play.
pub(super) fn run_problem(
    position: &Position,
    stipulation: Stipulation,
    settings: &Settings,
    control: &SearchControl,
    table: &TranspositionTable,
    listener: &dyn EngineListener,
) -> Move {
    let mut problem = Problem::new(*position, stipulation);
    if stipulation.is_help_or_series() {
        let order = (settings.presentation.help_lines)(&stipulation);
        let mut sink = ToListener {
            listener,
            held: Vec::new(),
            first: None,
            sent: Instant::now(),
        };
        let solved = help::solve_into(
            &problem,
            Part::Play,
            Some(settings.hash_mb),
            control,
            &mut sink,
            order.map(|o| o as &dyn help::LineOrder<Position>),
        );
        sink.hand_on();
        return match solved {
            Ok(outcome) => {
                listener.on_help_done(&outcome, &stipulation);
                sink.first.unwrap_or(Move::NULL)
            }
            Err(e) => refused(listener, e.to_string()),
        };
    }
    problem.options.variations = true;
    problem.options.tries = match settings.tries {
        0 => TryMode::Off,
        k => TryMode::Refutations(k),
    };
    match solve_with_table(&problem, control, table, settings.presentation) {
        Ok(solution) => {
            listener.on_problem_report(&solution, &stipulation);
            solution.keys().next().map_or(Move::NULL, |key| key.mv)
        }
        Err(e) => refused(listener, e.to_string()),
    }
}

/// Longest a found line waits in [`ToListener`] (the search offers its lines every 1024
/// nodes, a fraction of a millisecond).
const HAND_ON_EVERY: Duration = Duration::from_millis(4);
/// Most lines [`ToListener`] holds before it hands them on whatever the time.
const MOST_HELD: usize = 4096;

/// Hands the lines to the listener in batches: on the search's flushes, once
/// [`HAND_ON_EVERY`] has passed since the last batch or [`MOST_HELD`] lines wait (each batch
/// is one write of the UCI output), and at the end; keeps the first line's first move (the
/// best move).
struct ToListener<'a> {
    listener: &'a dyn EngineListener,
    held: Vec<Line>,
    first: Option<Move>,
    /// When the last batch went.
    sent: Instant,
}

impl ToListener<'_> {
    /// Hands on what is held.
    fn hand_on(&mut self) {
        if !self.held.is_empty() {
            self.listener.on_help_lines(&self.held);
            self.held.clear();
        }
        self.sent = Instant::now();
    }
}

impl LineSink<Position> for ToListener<'_> {
    fn line(&mut self, _start: &Position, moves: &[Move]) -> ControlFlow<()> {
        if self.first.is_none() {
            self.first = moves.first().copied();
        }
        self.held.push(Line {
            moves: moves.to_vec(),
        });
        if self.held.len() >= MOST_HELD {
            self.hand_on();
        }
        ControlFlow::Continue(())
    }

    fn flush(&mut self) -> ControlFlow<()> {
        if !self.held.is_empty() && self.sent.elapsed() >= HAND_ON_EVERY {
            self.hand_on();
        }
        ControlFlow::Continue(())
    }
}

fn refused(listener: &dyn EngineListener, reason: String) -> Move {
    listener.on_message(&Message::ProblemRefused(reason));
    Move::NULL
}
