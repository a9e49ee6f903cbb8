//! `mateproof classify`: what can happen within N plies for the side to move — help win, help
//! loss, help draw, hang, forced win and forced loss ([`crate::classify`]), as text (one line
//! per verdict, in SAN) or as one JSON object; `--rules game` ends lines also by a repeated
//! position or the 50-move rule ([`DrawRules::Game`]). Bad input: a message on stderr and exit status 2;
//! a `--time` limit reached before the answer: exit status 3.

use crate::board::{Position, Validation};
use crate::classify::{classify_under, DrawRules, MAX_PLIES};
use crate::cli::exit;
use crate::output::classify::{classification_json, classification_text};
use std::io::Write;
use std::process::ExitCode;

/// Arguments of `mateproof classify`.
#[derive(clap::Args, Debug)]
#[command(about = Self::ABOUT)]
pub struct ClassifyArgs {
    /// The position (4 or 6 FEN fields). x is the side to move.
    #[arg(long)]
    pub fen: String,
    /// Look this many plies (half-moves) ahead, from 1 to 64.
    #[arg(long, value_name = "N")]
    pub plies: u32,
    /// Print one JSON object: help_win, help_loss, help_draw (plies or null), hang (true or
    /// false), forced_win, forced_loss (moves or null), witness (each field's line in SAN) and
    /// keys (the forced win's keys in SAN).
    #[arg(long)]
    pub json: bool,
    /// Which draws end a line: `problem` (stalemate and dead positions only) or `game` (also a
    /// position repeated on the line, and the halfmove clock reaching 100).
    #[arg(long, default_value = "problem", value_parser = ["problem", "game"])]
    pub rules: String,
    /// Most MB of each question's table (1 to 16384): a ceiling, the table starts at 64 KB and
    /// doubles whenever half of it is filled.
    #[arg(long, value_name = "MB", default_value_t = 64, value_parser = crate::cli::args::parse_hash_mb)]
    pub hash: usize,
    /// Give up after this many seconds (a positive number; fractions allowed): exit status 3.
    #[arg(long, value_name = "S", value_parser = crate::cli::args::parse_seconds)]
    pub time: Option<f64>,
}

impl ClassifyArgs {
    /// What `mateproof classify` does, in its help and in `mateproof --help`.
    pub const ABOUT: &'static str =
        "What can happen within N plies for the side to move: help win/loss/draw, hang, forced win/loss";
}

/// Runs `mateproof classify`.
pub fn run(args: &ClassifyArgs) -> ExitCode {
    let position = match Position::from_fen(&args.fen, Validation::Lenient) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(exit::ERROR);
        }
    };
    if args.plies == 0 || args.plies > MAX_PLIES {
        eprintln!("error: --plies must be between 1 and {MAX_PLIES}");
        return ExitCode::from(exit::ERROR);
    }
    let control = crate::cli::args::time_control(args.time);
    let draws = if args.rules == "game" {
        DrawRules::Game
    } else {
        DrawRules::Problem
    };
    let Ok(c) = classify_under(draws, &position, args.plies, args.hash, &control) else {
        eprintln!("classify: stopped by --time before the verdict");
        return ExitCode::from(exit::UNDECIDED);
    };
    let text = if args.json {
        format!("{}\n", classification_json(&c, &position))
    } else {
        classification_text(&c, &position)
    };
    if std::io::stdout().lock().write_all(text.as_bytes()).is_err() {
        return ExitCode::from(exit::ERROR);
    }
    ExitCode::from(exit::SOUND)
}
