//! The `fuzz` integration tests, one binary: each file below is a module of its own.

#[path = "../common/mod.rs"]
mod common;
#[path = "../../fuzz/src/lib.rs"]
mod harness;

mod regressions;
mod robust_fuzz;
