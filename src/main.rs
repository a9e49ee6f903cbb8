//! The `mateproof` binary: argument parsing only; every subcommand lives in the library.

use clap::{Parser, Subcommand};
use mateproof::board::{fen::STARTPOS_FEN, Position, Validation};
use std::io::Write;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "mateproof",
    version,
    about = "A chess-problem solving engine (directmates, UCI, Popeye input)"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the legal move tree (Stockfish's `go perft` output format).
    Perft {
        /// Depth in plies.
        depth: u32,
        /// Position to start from (default: the start position).
        #[arg(long)]
        fen: Option<String>,
        /// Accepted for scripts written for other perft tools: the count below each root move
        /// is always printed, as Stockfish does.
        #[arg(long)]
        divide: bool,
    },
    /// Solve a directmate given as FEN: keys, threats, variations, tries, cooks.
    Solve(mateproof::cli::solve::SolveArgs),
    /// Score a directmate by Fainshtein's quality function (two-movers) or k-move metric.
    Score(mateproof::composer::cli::ScoreArgs),
    /// Improve a directmate by adding, deleting and shifting pieces (the Chess Composer).
    Compose(mateproof::composer::cli::ComposeArgs),
    /// Solve Popeye input files (or stdin) and answer in Popeye's text; flags -maxmem, -maxtime, -regression.
    Popeye(mateproof::popeye::cli::PopeyeArgs),
    /// Check EPD, PGN or Popeye suites: claimed mates and keys, a summary per mate length.
    Suite(mateproof::suite::cli::SuiteArgs),
    /// Merge the JSON reports of `suite --shard K/N` runs into one summary.
    SuiteMerge(mateproof::suite::cli::MergeArgs),
    /// Run the UCI engine on stdin/stdout (also what `mateproof` with no arguments does).
    Uci,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Perft {
            depth,
            fen,
            divide: _,
        }) => run_perft(depth, fen.as_deref()),
        Some(Command::Solve(args)) => mateproof::cli::solve::run(&args),
        Some(Command::Score(args)) => mateproof::composer::cli::run_score(&args),
        Some(Command::Compose(args)) => mateproof::composer::cli::run_compose(&args),
        Some(Command::Popeye(args)) => mateproof::popeye::cli::run_command(&args),
        Some(Command::Suite(args)) => mateproof::suite::cli::run_suite(&args),
        Some(Command::SuiteMerge(args)) => mateproof::suite::cli::run_merge(&args),
        // No arguments: Popeye input or UCI, told apart by the first line of standard input.
        None => mateproof::cli::stdin::run(),
        Some(Command::Uci) => run_uci(),
    }
}

fn run_perft(depth: u32, fen: Option<&str>) -> ExitCode {
    let pos = match Position::from_fen(fen.unwrap_or(STARTPOS_FEN), Validation::Lenient) {
        Ok(pos) => pos,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    match mateproof::perft::write_report(&mut std::io::stdout().lock(), &pos, depth) {
        Ok(_) => ExitCode::SUCCESS,
        // A reader that closed the output (`| head`) ends the count quietly, as SIGPIPE would.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
            ExitCode::from(mateproof::suite::cli::EXIT_OUTPUT_CLOSED)
        }
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run_uci() -> ExitCode {
    match mateproof::uci::run_stdio() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: reading stdin: {e}");
            ExitCode::FAILURE
        }
    }
}
