//! The command line, in one place: the subcommands' arguments (clap is used only here and in
//! `main.rs`) and what each runs. Each subcommand is one file that holds its argument struct
//! and a `run` that calls the library, prints the result and returns the process exit status;
//! [`Command`] lists them and [`run`] dispatches, so `main.rs` only parses and calls [`run`].
//! A new subcommand is a file here plus its line in [`Command`] and in [`run`].
//!
//! Library code never prints for a subcommand: reading, solving and writing stay in their
//! modules (`popeye`, `suite`, `composer`, `output`, `perft`, `uci`).

pub mod args;
pub mod classify;
pub mod composer;
pub mod exit;
pub mod fairy_keys;
pub mod grundy;
pub mod perft;
pub mod piece_info;
pub mod pieces;
pub mod popeye;
pub mod solve;
pub mod solve_lines;
pub mod stdin;
pub mod suite;
pub mod uci;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// `mateproof [SUBCOMMAND]`.
#[derive(Parser)]
#[command(
    name = "mateproof",
    version,
    about = "A chess-problem solving engine (directmates, UCI, Popeye input)"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// Every subcommand.
#[derive(Subcommand)]
pub enum Command {
    /// Count the leaves of the legal move tree (Stockfish's `go perft` output format).
    Perft(perft::PerftArgs),
    /// Solve a directmate given as FEN: keys, threats, variations, tries, cooks.
    #[command(after_help = exit::HELP)]
    Solve(solve::SolveArgs),
    /// Score a directmate by Fainshtein's quality function (two-movers) or k-move metric.
    #[command(after_help = exit::HELP)]
    Score(composer::ScoreArgs),
    /// Improve a directmate by adding, deleting and shifting pieces (the Chess Composer).
    Compose(composer::ComposeArgs),
    /// Solve Popeye input files (or stdin) and answer in Popeye's text; flags -maxmem, -maxtime, -regression.
    #[command(after_help = crate::popeye::invocation::EXIT_HELP)]
    Popeye(popeye::PopeyeArgs),
    /// Check EPD, PGN or Popeye suites: claimed mates and keys, a summary per mate length.
    Suite(suite::SuiteArgs),
    /// Merge the JSON reports of `suite --shard K/N` runs into one summary.
    SuiteMerge(suite::MergeArgs),
    /// What can happen within N plies for the side to move: help win/loss/draw, hang, forced win/loss.
    Classify(classify::ClassifyArgs),
    /// Impartial chess on a Young diagram (Sprague-Grundy values, misère, sums, custom pieces).
    Grundy(grundy::GrundyArgs),
    /// The keys of a directmate with fairy pieces (Popeye's codes, or FEN with --piece).
    FairyKeys(fairy_keys::FairyKeysArgs),
    /// List the Popeye walks Mateproof has as data (codes and names in English, German, French).
    Pieces(pieces::PiecesArgs),
    /// A piece's movement graph on the empty board: |Δ|, mobility per square, total edges.
    PieceInfo(piece_info::PieceInfoArgs),
    /// Run the UCI engine on stdin/stdout (also what `mateproof` with no arguments does).
    Uci,
}

/// Runs the parsed command line; no subcommand means Popeye input or UCI on standard input,
/// told apart by its first line ([`stdin::run`]).
pub fn run(cli: Cli) -> ExitCode {
    match cli.command {
        Some(Command::Perft(args)) => perft::run(&args),
        Some(Command::Solve(args)) => solve::run(&args),
        Some(Command::Score(args)) => composer::run_score(&args),
        Some(Command::Compose(args)) => composer::run_compose(&args),
        Some(Command::Popeye(args)) => popeye::run_command(&args),
        Some(Command::Suite(args)) => suite::run_suite(&args),
        Some(Command::SuiteMerge(args)) => suite::run_merge(&args),
        Some(Command::Classify(args)) => classify::run(&args),
        Some(Command::Grundy(args)) => grundy::run(&args),
        Some(Command::FairyKeys(args)) => fairy_keys::run(&args),
        Some(Command::Pieces(args)) => pieces::run(&args),
        Some(Command::PieceInfo(args)) => piece_info::run(&args),
        Some(Command::Uci) => uci::run(),
        None => stdin::run(),
    }
}
