//! Writers that turn a [`crate::solution::Solution`] into text for people and programs.
//! They read the solution only; they never search.

pub mod json;
pub mod text;
