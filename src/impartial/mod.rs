//! Impartial chess on Young diagrams (seed 002, "Impartial Chess on Integer Partitions";
//! digest §2): one piece on the top-left cell of a partition's diagram moves only down and
//! right by its moveset; who cannot move loses (normal play) or wins (misère play).
//!
//! A small exact sub-solver beside the chess engine, sharing nothing with its search:
//! [`partition`] is the board, [`moveset`] the piece, [`grundy`] the values of every
//! subposition by one dynamic-programming pass, [`sums`] disjunctive sums by nim-sum,
//! [`classify`] the CGH properties of §2.10 for one game and [`family`] for a family,
//! and [`grid`] the paper's Figure 3 as text.
//! `mateproof grundy` (src/cli/grundy.rs) is the command line over it.

pub mod classify;
pub mod family;
pub mod grid;
pub mod grundy;
pub mod moveset;
pub mod partition;
pub mod sums;

pub use grundy::{Play, Values};
pub use moveset::{Moveset, MovesetError, Ride, Step};
pub use partition::{Partition, PartitionError, MAX_CELLS};
