//! The `suite` integration tests, one binary: each file below is a module of its own.

mod cli;
mod destinations;
mod fairy;
mod interrupt;
mod outcomes;
mod report;
mod yacpdb;
