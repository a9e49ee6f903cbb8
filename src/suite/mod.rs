//! The test-suite runner (`mateproof suite`, `mateproof suite-merge`): whole collections of
//! mate positions and problems — EPD, PGN, Popeye input, YACPDB entries and Olive collections
//! — checked against what they claim, in parallel, with progress, a summary per mate length and
//! per verdict, a JSON report, a streamed JSON Lines report a killed run can resume, and shards
//! for batch clusters.
//!
//! Data flows through the modules in this order: [`source`] picks each file's format by its
//! content and streams [`case::Entry`]s from [`epd`], [`pgn`], [`popeye`] or [`yacpdb`] (EPD
//! through [`lines`], a fixed buffer); [`runner`] hands them to worker threads that [`verify`]
//! each one into a [`record::Record`] (on the board [`game`] names; a stored solution compared
//! by [`stored`]); records flow, in input order, into the [`summary`], the JSON [`report`], the
//! [`jsonl`] lines and the [`progress`] display; [`destination`] is where reports are written.
//! The two commands are `crate::cli::suite`.
//!
//! The runner builds each problem through the same [`Problem`](crate::problem::Problem) every
//! front end builds and calls only the solver's public entry points; it never reaches into
//! the search, and nothing here prints to the terminal on its own.

pub mod case;
mod check_lines;
pub mod classify_claim;
pub mod destination;
pub mod epd;
pub mod format;
pub mod game;
pub mod help_text;
pub mod jsonl;
pub mod limits;
pub mod lines;
mod outcome;
pub mod pgn;
pub mod popeye;
pub mod progress;
pub mod record;
pub mod report;
pub mod runner;
pub mod source;
pub mod stored;
pub mod summary;
pub mod verify;
pub mod yacpdb;
