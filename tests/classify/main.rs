//! The `classify` integration tests, one binary: each file below is a module of its own.

#[path = "../classify_positions/mod.rs"]
mod classify_positions;
#[path = "../common/mod.rs"]
mod common;

mod bounds;
mod brute;
mod game_rules;
mod oracles;
mod pruning;
mod vs_help;
