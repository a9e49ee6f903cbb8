//! Mateproof: a chess-problem solving engine.
//!
//! Data flows one way: input front ends build a problem, the searches (generic over
//! [`rules::Rules`], sharing [`kernel`]'s control and lists) produce a solution, and writers
//! print it. This crate's modules follow that flow; [`board`] underlies them all. README's
//! "Architecture" section draws the picture.

pub mod board;
pub mod classify;
pub mod cli;
pub mod composer;
pub mod engine;
pub mod fairy;
pub mod formats;
pub mod help;
pub mod impartial;
pub mod kernel;
pub mod notation;
pub mod output;
pub mod perft;
pub mod pieces;
pub mod popeye;
pub mod problem;
pub mod reference;
pub mod rules;
pub mod search;
pub mod solution;
pub mod solver;
pub mod suite;
pub mod uci;
pub mod util;
