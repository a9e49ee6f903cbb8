//! The Popeye front end: reads Popeye problem files (English, German or French keywords) into
//! [`Problem`](crate::problem::Problem)s and writes a [`Solution`](crate::solution::Solution)
//! in Popeye's exact text, so Mateproof can stand in for Popeye on directmates.
//!
//! The specification is `protocol/popeye.md`, derived from Popeye 4.104's own outputs in
//! `testsuites/popeye/`. This module never searches: solving is the solver's job.

pub mod cli;
pub mod compare;
pub mod header;
pub mod keywords;
pub mod lexer;
pub mod messages;
pub mod move_numbers;
pub mod order;
pub mod problems;
pub mod reader;
pub mod replay;
pub mod run;
pub mod transcript;
pub mod tree_text;
pub mod twin;
