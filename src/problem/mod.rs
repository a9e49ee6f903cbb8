//! The one `Problem` type every front end builds (UCI, Popeye, EPD/PGN suites, CLI): a position,
//! a stipulation and the solving options. It holds no text and knows no front end.
//!
//! A [`Stipulation`] is three separate things, as in Popeye: the [`Goal`] the last move must
//! reach (mate, stalemate, …), the [`PlayKind`] (direct, self, reflex, help, series) and the
//! [`Length`] in half-moves with a minimum (`exact-` raises the minimum to the maximum);
//! [`Stipulation::starter`] says who moves first. [`Stipulation::is_supported`] is the one
//! place that says what the solver solves; every front end asks it.

mod goal;
mod options;
mod stipulation;
pub mod stipulation_forms;

pub use goal::Goal;
pub use options::{SolveOptions, TryMode};
pub use stipulation::{
    Length, ParseStipulationError, PlayKind, SeriesEnd, Stipulation, MAX_MATE_MOVES,
};

use crate::board::Position;

/// A chess problem: what is on the board, what must be achieved, and what to report. The
/// board is the orthodox [`Position`] unless the problem has fairy pieces (then any game of
/// [`crate::rules::Rules`], e.g. [`crate::fairy::FairyPosition`]).
#[derive(Clone, Debug)]
pub struct Problem<P = Position> {
    pub position: P,
    pub stipulation: Stipulation,
    pub options: SolveOptions,
}

impl<P> Problem<P> {
    pub fn new(position: P, stipulation: Stipulation) -> Problem<P> {
        Problem {
            position,
            stipulation,
            options: SolveOptions::default(),
        }
    }

    /// A directmate in `n` with default options.
    pub fn directmate(position: P, n: u32) -> Problem<P> {
        Problem::new(position, Stipulation::direct_mate(n))
    }
}
