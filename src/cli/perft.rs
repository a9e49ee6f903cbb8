//! `mateproof perft DEPTH [--fen FEN]`: the leaves of the legal move tree below each root move
//! and in all, in Stockfish's `go perft` format ([`crate::perft::write_report`]).

use crate::board::{fen::STARTPOS_FEN, Position, Validation};
use std::io::Write;
use std::process::ExitCode;

/// Arguments of `mateproof perft`.
#[derive(clap::Args, Debug)]
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
}

/// Runs `mateproof perft`: exit status 2 on a bad FEN, 1 when the output cannot be written.
pub fn run(args: &PerftArgs) -> ExitCode {
    let fen = args.fen.as_deref().unwrap_or(STARTPOS_FEN);
    let pos = match Position::from_fen(fen, Validation::Lenient) {
        Ok(pos) => pos,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    match crate::perft::write_report(&mut std::io::stdout().lock(), &pos, args.depth) {
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
