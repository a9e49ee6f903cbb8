//! The `mateproof` binary: parses the command line and hands it to [`mateproof::cli::run`],
//! where every subcommand lives.

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    mateproof::cli::run(mateproof::cli::Cli::parse())
}
