//! `mateproof fairy-keys --pieces "White Kg2 SEc4 … Black Kd1 …" --mate N`: the keys of a
//! directmate with fairy pieces, found by the generic prover on a fairy position (the
//! shortest mate within N and every first move that forces it), in Popeye's notation. A thin
//! alias: the piece list is read by the Popeye reader (English codes, `mateproof pieces`) and
//! built as `mateproof popeye` builds a problem, the moves are written by its writer; or
//! `--fen` with `--piece L=BETZA` as for perft. The full solution (threats, variations,
//! tries) is `mateproof popeye` on a problem file.

use super::perft::fairy_game;
use crate::fairy::{FairyMove, FairyPosition};
use crate::kernel::SearchControl;
use crate::notation::Language;
use crate::popeye::game::PopeyeGame;
use crate::popeye::{problems, reader};
use crate::solver::{mate_search, DirectMate, TranspositionTable};
use std::io::Write;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

/// Arguments of `mateproof fairy-keys`.
#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("position").required(true).args(["pieces", "fen"])))]
#[command(about = Self::ABOUT)]
pub struct FairyKeysArgs {
    /// Popeye's piece list in English codes: `White Kg2 SEc4 Nb4 Black Kd1 Pb7`.
    #[arg(long)]
    pub pieces: Option<String>,
    /// A FEN with the letters of `--piece` declarations.
    #[arg(long, requires = "piece")]
    pub fen: Option<String>,
    /// With --fen: a fairy piece, `LETTER=BETZA`; repeatable.
    #[arg(long = "piece", value_name = "LETTER=BETZA")]
    pub piece: Vec<String>,
    /// Mate within this many moves (1–127).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=127))]
    pub mate: u32,
    /// With --pieces: castling allowed where king and rook stand at home (Popeye's default).
    #[arg(long)]
    pub castling: bool,
    /// Transposition table size in MB.
    #[arg(long, default_value_t = 64)]
    pub hash: usize,
}

impl FairyKeysArgs {
    /// What `mateproof fairy-keys` does, in its help and in `mateproof --help`.
    pub const ABOUT: &'static str =
        "The keys of a directmate with fairy pieces (Popeye's codes, or FEN with --piece)";
}

fn position(args: &FairyKeysArgs) -> Result<FairyPosition, String> {
    if let Some(text) = &args.pieces {
        let castling = if args.castling {
            ""
        } else {
            "Option NoCastling a1e1h1a8e8h8"
        };
        let input = format!("BeginProblem Pieces {text} Stipulation #1 {castling} EndProblem");
        let file = reader::read(&input);
        let spec = file.problems.first().ok_or("no pieces")?;
        if let Some(notice) = spec.notices.first() {
            return Err(notice.clone());
        }
        if let Some(unsupported) = &spec.unsupported {
            return Err(unsupported.to_string());
        }
        return problems::fairy_problem(spec)
            .map(|problem| problem.position)
            .map_err(|fault| fault.to_string());
    }
    let walks = Arc::new(fairy_game(&args.piece)?);
    FairyPosition::from_fen(args.fen.as_deref().unwrap_or_default(), walks)
        .map_err(|e| e.to_string())
}

/// Runs `mateproof fairy-keys`: exit 0 with keys, 1 without a mate, 2 on bad input.
pub fn run(args: &FairyKeysArgs) -> ExitCode {
    let pos = match position(args) {
        Ok(pos) => pos,
        Err(message) => {
            let _ = writeln!(std::io::stderr(), "error: {message}");
            return ExitCode::from(2);
        }
    };
    let start = Instant::now();
    let tt = TranspositionTable::<DirectMate, FairyMove>::sized(
        crate::solver::TableSize::ceiling_mb(args.hash),
        DirectMate,
    );
    let found = mate_search(&pos, args.mate, &SearchControl::unlimited(), &tt);
    let seconds = start.elapsed().as_secs_f64();
    let mut out = std::io::stdout().lock();
    let written = match &found {
        Some(mate) => {
            let keys: Vec<String> = mate
                .keys
                .iter()
                .map(|&m| pos.move_text(m, Language::English))
                .collect();
            writeln!(out, "mate in {}: {}", mate.moves, keys.join(" "))
        }
        None => writeln!(out, "no mate in {}", args.mate),
    };
    let _ = writeln!(std::io::stderr(), "time {seconds:.3} s");
    match (written, found) {
        (Err(_), _) => ExitCode::FAILURE,
        (Ok(()), Some(_)) => ExitCode::SUCCESS,
        (Ok(()), None) => ExitCode::from(1),
    }
}
