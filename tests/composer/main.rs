//! The `composer` integration tests, one binary: each file below is a module of its own.

#[path = "../common/mod.rs"]
mod common;

mod improve;
mod score;
mod themes;
mod uci_composer;
