//! `mateproof perft DEPTH [--fen FEN] [--piece L=BETZA]…`: the leaves of the legal move tree
//! below each root move and in all, in Stockfish's `go perft` format
//! ([`crate::perft::write_report`]). `--piece a=NN` declares the FEN letter `a` (white `A`,
//! black `a`) as a fairy piece in Betza notation, Fairy-Stockfish's `customPiece` convention;
//! with any `--piece` the position is a [`FairyPosition`], where pawns also promote to the
//! declared pieces.

use crate::board::{fen::STARTPOS_FEN, Position, Validation};
use crate::fairy::{FairyPosition, Walks};
use crate::pieces::{betza, PieceDefinition};
use crate::rules::Rules;
use std::io::Write;
use std::process::ExitCode;
use std::sync::Arc;

/// Arguments of `mateproof perft`.
#[derive(clap::Args, Debug)]
#[command(about = Self::ABOUT)]
pub struct PerftArgs {
    /// Depth in plies.
    pub depth: u32,
    /// Position to start from (default: the start position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Accepted for scripts written for other perft tools: the count below each root move
    /// is always printed, as Stockfish does.
    #[arg(long)]
    pub divide: bool,
    /// A fairy piece: its FEN letter, `=`, its Betza notation (`a=NN`, `g=gQ`); repeatable.
    #[arg(long = "piece", value_name = "LETTER=BETZA")]
    pub pieces: Vec<String>,
}

impl PerftArgs {
    /// What `mateproof perft` does, in its help and in `mateproof --help`.
    pub const ABOUT: &'static str =
        "Count the leaves of the legal move tree (Stockfish's `go perft` output format)";
}

/// The game of `--piece` declarations: each `L=BETZA` as a piece under the letter `L`.
pub fn fairy_game(declarations: &[String]) -> Result<Walks, String> {
    let mut pieces = Vec::new();
    for text in declarations {
        let (letter, notation) = text
            .split_once('=')
            .ok_or_else(|| format!("--piece '{text}': expected LETTER=BETZA, such as a=NN"))?;
        let mut chars = letter.chars();
        let (Some(letter), None) = (chars.next(), chars.next()) else {
            return Err(format!("--piece '{text}': '{letter}' is not one letter"));
        };
        let components = betza::parse(notation).map_err(|e| format!("--piece '{text}': {e}"))?;
        pieces.push((
            letter,
            PieceDefinition {
                name: format!("Betza_{}", letter.to_ascii_lowercase()),
                symbol: Some(letter),
                popeye: None,
                components,
                royal: false,
                promotable: true,
            },
        ));
    }
    Walks::new(&pieces).map_err(|e| format!("--piece: {e}"))
}

/// Writes the report for any game; the exit status as [`run`] says.
fn report<R: Rules>(pos: &R, depth: u32) -> ExitCode {
    match crate::perft::write_report(&mut std::io::stdout().lock(), pos, depth) {
        Ok(_) => ExitCode::SUCCESS,
        // A reader that closed the output (`| head`) ends the count quietly, as SIGPIPE would.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
            ExitCode::from(super::suite::EXIT_OUTPUT_CLOSED)
        }
        Err(e) => {
            // Not eprintln!: it panics when standard error is closed too.
            let _ = writeln!(std::io::stderr(), "error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn fail(message: &str) -> ExitCode {
    let _ = writeln!(std::io::stderr(), "error: {message}");
    ExitCode::from(2)
}

/// Runs `mateproof perft`: exit status 2 on a bad FEN or piece, 1 when the output cannot be
/// written.
pub fn run(args: &PerftArgs) -> ExitCode {
    let fen = args.fen.as_deref().unwrap_or(STARTPOS_FEN);
    if !args.pieces.is_empty() {
        let walks = match fairy_game(&args.pieces) {
            Ok(walks) => Arc::new(walks),
            Err(message) => return fail(&message),
        };
        return match FairyPosition::from_fen(fen, walks) {
            Ok(pos) => report(&pos, args.depth),
            Err(e) => fail(&e.to_string()),
        };
    }
    match Position::from_fen(fen, Validation::Lenient) {
        Ok(pos) => report(&pos, args.depth),
        Err(e) => fail(&e.to_string()),
    }
}
