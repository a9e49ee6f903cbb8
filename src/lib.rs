//! Mateproof: a chess-problem solving engine.
//!
//! Data flows one way: input front ends build a problem, the solver produces a solution, and
//! writers print it. This crate's modules follow that flow; [`board`] underlies them all.

pub mod board;
pub mod perft;
pub mod problem;
pub mod solution;
pub mod solver;
pub mod output;
pub mod cli;
pub mod popeye;
pub mod notation;
pub mod formats;
pub mod composer;
pub mod search;
pub mod uci;
pub mod util;
pub mod suite;
