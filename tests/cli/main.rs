//! The `cli` integration tests, one binary: each file below is a module of its own.

mod closed_output;
mod examples;
mod fairy_pieces_cli;
mod grundy_cli;
mod newcomer;
mod robust_exit;
mod stdin;
mod stipulation_forms;
mod usability;
