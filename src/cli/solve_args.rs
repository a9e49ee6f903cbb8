//! The arguments of `mateproof solve` (one problem as FEN, its stipulation, limits and what to
//! show), read by clap and shared by the two runs behind it: battle play ([`super::solve`]) and
//! help and series play ([`super::solve_lines`]). It holds data only.

use crate::notation::MoveStyle;

/// Arguments of `mateproof solve`.
#[derive(clap::Args, Debug)]
#[command(about = Self::ABOUT)]
// One of --mate and --stip, named together in the usage line when both are missing.
#[command(group(clap::ArgGroup::new("problem").required(true).args(["mate", "stip"])))]
pub struct SolveArgs {
    /// The position (4 or 6 FEN fields). The side to move is the attacker.
    #[arg(long)]
    pub fen: String,
    /// Mate in this many moves (1 to 127, as in every front end): `--stip '#N'`.
    #[arg(long, value_name = "N")]
    pub mate: Option<u32>,
    /// The stipulation as Popeye writes it, instead of `--mate`: battle play `#3`, `s#2`,
    /// `r#2`, `=2`, `s=3`, `r=2` (the side to move is the attacker); help or series play
    /// `h#3`, `h#2.5`, `h=2`, `ser-#5`, `ser-h#3`, `ser-s#2`, `exact-…` (the stipulation says
    /// who starts; lines in Popeye's form).
    #[arg(long, value_name = "STIPULATION")]
    pub stip: Option<String>,
    /// Report tries with up to K refutations.
    #[arg(long, value_name = "K")]
    pub tries: Option<u32>,
    /// Also show set play.
    #[arg(long)]
    pub setplay: bool,
    /// Keys only: no threats or variations.
    #[arg(long)]
    pub keys_only: bool,
    /// Do not compute threats; show every Black reply.
    #[arg(long)]
    pub no_threat: bool,
    /// Omit variations shorter than the full length.
    #[arg(long)]
    pub no_short_variations: bool,
    /// The position is the one after the key: show Black's play.
    #[arg(long)]
    pub postkey: bool,
    /// Popeye's `Threat n`: quiet White moves must threaten mate within n moves.
    #[arg(long, value_name = "N")]
    pub threat_max: Option<u32>,
    /// Popeye's `MaxFlightsquares n`.
    #[arg(long, value_name = "N")]
    pub max_flights: Option<u32>,
    /// Stop after this many keys (in help and series play: solutions), at least 1.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub max_solutions: Option<u32>,
    /// Search threads (default: all cores, as `suite` and `compose`).
    #[arg(long, value_name = "N", value_parser = crate::util::threads::parse_threads)]
    pub threads: Option<usize>,
    /// Transposition table size in MB (1 to 16384, as the UCI `Hash` option); by default sized
    /// to the stipulation (32 KB for a two-mover up to 128 MB from seven moves on).
    #[arg(long, value_name = "MB", value_parser = crate::cli::args::parse_hash_mb)]
    pub hash: Option<usize>,
    /// Give up after this many seconds (a positive number; fractions allowed).
    #[arg(long, value_name = "S", value_parser = crate::cli::args::parse_seconds)]
    pub time: Option<f64>,
    /// Print the documented JSON object instead of the text tree (its moves are always UCI).
    #[arg(long)]
    pub json: bool,
    /// How moves are written: the problemist's form (`1.Qc4! threat:`, `1...Bd5 2.Qxd5#`),
    /// Popeye's (`1.Qb5-c4 !`), SAN without numbers, or UCI squares (default: problemist).
    /// Help and series play take popeye (their default), san or uci: one line a solution.
    #[arg(long, value_enum)]
    pub notation: Option<MoveStyle>,
}

impl SolveArgs {
    /// What `mateproof solve` does, in its help and in `mateproof --help`.
    pub const ABOUT: &'static str = "Solve a problem given as FEN: directmates and other battle \
         play (keys, threats, tries, cooks), help and series play";
}
