//! Small pieces of plumbing shared by several modules, with nothing chess-specific in them.

pub mod big_table;
pub mod clock;
pub mod interrupt;
pub mod prefetch;
pub mod threads;
