//! The test-suite runner (`mateproof suite`, `mateproof suite-merge`): whole collections of
//! mate positions — EPD, PGN or Popeye input — checked against what they claim, in parallel,
//! with progress, a summary per mate length, a JSON report, and shards for batch clusters.
//!
//! Data flows through the modules in this order: [`source`] picks each file's format by its
//! content and streams [`case::Entry`]s from [`epd`], [`pgn`] or [`popeye`] (EPD through
//! [`lines`], a fixed buffer); [`runner`] hands them to worker threads that [`verify`] each
//! one into a [`record::Record`]; records flow, in input order, into the [`summary`], the
//! JSON [`report`] and the [`progress`] display. The two commands are `crate::cli::suite`.
//!
//! The runner builds each problem through the same [`Problem`](crate::problem::Problem) every
//! front end builds and calls only the solver's public entry points; it never reaches into
//! the search, and nothing here prints to the terminal on its own.

pub mod case;
mod check_lines;
pub mod classify_claim;
pub mod epd;
pub mod help_text;
pub mod lines;
pub mod pgn;
pub mod popeye;
pub mod progress;
pub mod record;
pub mod report;
pub mod runner;
pub mod source;
pub mod summary;
pub mod verify;
