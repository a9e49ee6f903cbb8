//! Writers that turn a [`crate::solution::Solution`] (and a bounded classification, `classify`,
//! and help play's lines as JSON Lines, `lines_json`, or in a move style, `lines_text`) into
//! text for people and programs.
//! They read the solution only; they never search.

pub mod chunks;
pub mod classify;
pub mod json;
pub mod lines_json;
pub mod lines_text;
pub mod text;
