//! Writers that turn a [`crate::solution::Solution`] (and a bounded classification, `classify`)
//! into text for people and programs.
//! They read the solution only; they never search.

pub mod classify;
pub mod json;
pub mod lines;
pub mod text;
