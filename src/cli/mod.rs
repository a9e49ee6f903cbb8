//! Command-line subcommands: each takes its parsed arguments, runs on the library, prints its
//! result and returns the process exit status. `main.rs` only dispatches to these.

pub mod args;
pub mod exit;
pub mod grundy;
pub mod solve;
pub mod stdin;
