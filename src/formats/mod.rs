//! Text formats that carry positions together with data about them: EPD (test suites,
//! `bm`/`dm` answers, perft counts), YACPDB entries (problems with their stipulation, options
//! and stored solution), and the safe reading of YAML they and piece definitions share.
//!
//! Readers here turn a line of text into a board [`Setup`](crate::board::Setup) plus typed
//! accessors for what the line says about it; writers do the reverse. Moves inside these formats
//! are read and written through [`crate::notation`]. Nothing here validates beyond syntax
//! unless asked, and nothing here solves.

pub mod epd;
pub mod yacpdb;
pub mod yaml;

pub use epd::{BestMoves, Epd, EpdError, Operand, Operation, PerftCount};
