//! The `uci` integration tests, one binary: each file below is a module of its own.

#[path = "../common/mod.rs"]
mod common;

mod engine_api;
mod fuzz;
mod problem_report_every_go;
mod python;
mod robust_errors;
mod sessions;
