//! The `popeye` integration tests, one binary: each file below is a module of its own.

#[path = "../common/mod.rs"]
mod common;

mod battle;
mod cli;
mod dropin;
mod move_range;
mod order;
mod random_pairs;
mod reading;
mod robust;
mod suite;
mod transcript;
mod usability;
mod writer;
