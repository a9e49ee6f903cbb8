//! Mateproof: a chess-problem solving engine.
//!
//! Data flows one way: input front ends build a problem, the solver produces a solution, and
//! writers print it. This crate's modules follow that flow; [`board`] underlies them all.

pub mod board;
pub mod cli;
pub mod composer;
pub mod formats;
pub mod kernel;
pub mod notation;
pub mod output;
pub mod perft;
pub mod popeye;
pub mod problem;
pub mod rules;
pub mod search;
pub mod solution;
pub mod solver;
pub mod suite;
pub mod uci;
pub mod util;
