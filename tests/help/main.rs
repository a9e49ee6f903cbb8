//! The `help` integration tests, one binary: each file below is a module of its own.

#[path = "../common/mod.rs"]
mod common;
#[path = "../help_positions/mod.rs"]
mod help_positions;

mod brute;
mod goal_reach;
mod intelligent;
mod notation;
mod popeye;
mod stream;
