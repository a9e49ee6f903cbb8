//! The `solver` integration tests, one binary: each file below is a module of its own.

#[path = "../common/mod.rs"]
mod common;

mod deep;
mod dfpn;
mod listing;
mod refutations;
mod solve_battle;
mod suites;
mod tables;
mod thesis;
