//! The Popeye front end: reads Popeye problem files (English, German or French keywords) into
//! [`Problem`](crate::problem::Problem)s and writes a [`Solution`](crate::solution::Solution)
//! in Popeye's exact text, so Mateproof can stand in for Popeye on every problem it solves
//! (battle, help and series play, fairy pieces) and refuse by name what it does not follow.
//!
//! The specification is `protocol/popeye.md`, derived from Popeye 4.104's own outputs in
//! `../shared/popeye/`. This module never searches: solving is the solver's job.
//!
//! Data flows through the modules in this order:
//! - input: [`lexer`] (tokens) → [`keywords`] (tables, abbreviations) and [`tokens`]
//!   (pieces, squares, Forsyth, stipulations) → [`reader`] (a [`reader::ProblemSpec`] per
//!   problem) → [`twin`] and [`problems`] (one [`Problem`](crate::problem::Problem) per twin);
//! - fairy pieces: the reader keeps them beside the orthodox board, [`problems`] builds a
//!   fairy position for a problem with any, and [`game`] is what the writers need from a game
//!   (move text, sibling order), for the orthodox board and, in [`fairy_game`], a fairy one;
//! - output: [`header`] (texts, diagram, stipulation line), [`tree_text`] (the play, in
//!   [`order`]'s sibling order, the variations [`shown`] picks, with [`messages`] in the file's language, [`move_numbers`]),
//!   [`help_text`] (help and series play, one solution a line, by [`line_text`]),
//!   assembled per problem by [`run`]; [`invocation`] is Popeye's own command line (the
//!   `mateproof popeye` subcommand is `crate::cli::popeye`);
//!   [`unsupported`] names a problem Mateproof skips;
//! - checking: [`transcript`] reads Popeye output back into trees, [`compare`] compares two of
//!   them as sets and in order, [`replay`] turns a transcript into a `Solution`.

pub mod compare;
pub mod condition_names;
pub mod fairy_game;
pub mod game;
pub mod header;
mod help_text;
pub mod invocation;
pub mod keywords;
pub mod lexer;
pub mod line_text;
pub mod mate_generator;
pub mod messages;
pub mod move_numbers;
mod notices;
pub mod order;
pub mod problems;
pub mod reader;
pub mod replay;
pub mod run;
pub mod shown;
pub mod streams;
pub mod tokens;
pub mod transcript;
pub mod tree_text;
pub mod twin;
pub mod unsupported;
