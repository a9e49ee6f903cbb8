//! The Popeye front end: reads Popeye problem files (English, German or French keywords) into
//! [`Problem`](crate::problem::Problem)s and writes a [`Solution`](crate::solution::Solution)
//! in Popeye's exact text, so Mateproof can stand in for Popeye on directmates.
//!
//! The specification is `protocol/popeye.md`, derived from Popeye 4.104's own outputs in
//! `testsuites/popeye/`. This module never searches: solving is the solver's job.

pub mod compare;
pub mod order;
pub mod transcript;
