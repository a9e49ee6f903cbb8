//! The `fairy` integration tests, one binary: each file below is a module of its own.

#[path = "../common/mod.rs"]
mod common;
#[path = "../help_positions/mod.rs"]
mod help_positions;

mod fast_paths;
mod kingless;
mod movegen;
mod perft_ffish;
mod popeye_keys;
mod popeye_text;
