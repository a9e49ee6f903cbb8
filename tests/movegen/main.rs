//! The `movegen` integration tests, one binary: each file below is a module of its own.

#[path = "../common/mod.rs"]
mod common;

mod notation_vs_shakmaty;
mod perft_suites;
mod vs_shakmaty;
mod worst_cases;
