//! The command line, in one place: the subcommands' arguments (clap is used only here and in
//! `main.rs`) and what each runs. Each subcommand is one file that holds its argument struct
//! and a `run` that calls the library, prints the result and returns the process exit status;
//! [`Command`] lists them and [`run`] dispatches, so `main.rs` only parses and calls [`run`].
//! A new subcommand is a file here (its argument struct with an `ABOUT`) plus its line in
//! [`Command`] and in [`run`].
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
pub mod solve_args;
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

/// Every subcommand. Only the subcommand run builds its arguments (`defer`): building them all
/// at each start cost a one-problem `mateproof popeye` run (half a millisecond) a tenth of its
/// time. What a subcommand does is its argument struct's `ABOUT`, named twice: on the variant
/// (the list in `mateproof --help`, built at start) and on the struct (its own `--help`, built
/// late, where clap would otherwise take the struct's doc comment).
#[derive(Subcommand)]
#[command(defer = true)]
pub enum Command {
    /// `mateproof perft`.
    #[command(about = perft::PerftArgs::ABOUT)]
    Perft(perft::PerftArgs),
    /// `mateproof solve`.
    #[command(about = solve_args::SolveArgs::ABOUT)]
    #[command(after_help = exit::HELP)]
    Solve(solve_args::SolveArgs),
    /// `mateproof score`.
    #[command(about = composer::ScoreArgs::ABOUT)]
    #[command(after_help = exit::HELP)]
    Score(composer::ScoreArgs),
    /// `mateproof compose`.
    #[command(about = composer::ComposeArgs::ABOUT)]
    Compose(composer::ComposeArgs),
    /// `mateproof popeye`.
    #[command(about = popeye::PopeyeArgs::ABOUT)]
    #[command(after_help = crate::popeye::invocation::EXIT_HELP)]
    Popeye(popeye::PopeyeArgs),
    /// `mateproof suite`.
    #[command(about = suite::SuiteArgs::ABOUT)]
    Suite(suite::SuiteArgs),
    /// `mateproof suite-merge`.
    #[command(about = suite::MergeArgs::ABOUT)]
    SuiteMerge(suite::MergeArgs),
    /// `mateproof classify`.
    #[command(about = classify::ClassifyArgs::ABOUT)]
    Classify(classify::ClassifyArgs),
    /// `mateproof grundy`.
    #[command(about = grundy::GrundyArgs::ABOUT)]
    Grundy(grundy::GrundyArgs),
    /// `mateproof fairy-keys`.
    #[command(about = fairy_keys::FairyKeysArgs::ABOUT)]
    FairyKeys(fairy_keys::FairyKeysArgs),
    /// `mateproof pieces`.
    #[command(about = pieces::PiecesArgs::ABOUT)]
    Pieces(pieces::PiecesArgs),
    /// `mateproof piece-info`.
    #[command(about = piece_info::PieceInfoArgs::ABOUT)]
    PieceInfo(piece_info::PieceInfoArgs),
    /// Run the UCI engine on stdin/stdout (also what `mateproof` with no arguments does).
    Uci,
}

/// Runs the parsed command line; no subcommand means Popeye input or UCI on standard input,
/// told apart by its first line ([`stdin::run`]). A closed output ends every command but the
/// UCI engine at once with status 141 ([`crate::util::interrupt::end_on_closed_output`]).
pub fn run(cli: Cli) -> ExitCode {
    if !matches!(cli.command, Some(Command::Uci) | None) {
        crate::util::interrupt::end_on_closed_output();
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;
    use std::collections::BTreeMap;

    /// The value name of every option of every subcommand: `(subcommand, flag) -> NAME`.
    fn value_names() -> BTreeMap<(String, String), String> {
        let mut cli = Cli::command();
        cli.build();
        let mut names = BTreeMap::new();
        for sub in cli.get_subcommands() {
            for arg in sub.get_arguments() {
                let (Some(long), Some(values)) = (arg.get_long(), arg.get_value_names()) else {
                    continue;
                };
                if !arg.get_action().takes_values() {
                    continue;
                }
                let value: Vec<&str> = values.iter().map(|v| v.as_str()).collect();
                names.insert(
                    (sub.get_name().to_owned(), long.to_owned()),
                    value.join(" "),
                );
            }
        }
        names
    }

    /// A flag name means one thing in every subcommand: the same value name wherever it is
    /// taken. Sizes of the table are `<MB>`, times `<S>`, files `<FILE>`.
    #[test]
    fn every_flag_name_means_one_thing_with_one_value_name() {
        let names = value_names();
        let mut by_flag: BTreeMap<&str, BTreeMap<&str, Vec<&str>>> = BTreeMap::new();
        for ((sub, flag), value) in &names {
            by_flag
                .entry(flag.as_str())
                .or_default()
                .entry(value.as_str())
                .or_default()
                .push(sub.as_str());
        }
        for (flag, values) in &by_flag {
            assert_eq!(
                values.len(),
                1,
                "--{flag} takes different values: {values:?}"
            );
        }
        for (flag, expected) in [
            ("hash", "MB"),
            ("time", "S"),
            ("json", "FILE"),
            ("yaml", "FILE"),
        ] {
            for ((sub, f), value) in &names {
                if f == flag {
                    assert_eq!(value, expected, "{sub} --{flag}");
                }
            }
        }
        assert_eq!(names[&("perft".into(), "piece".into())], "LETTER=BETZA");
        assert_eq!(names[&("grundy".into(), "moveset".into())], "NAME");
        assert!(!names.contains_key(&("grundy".into(), "piece".into())));
    }
}
