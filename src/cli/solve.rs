//! `mateproof solve`: the full verdict on one problem given as FEN: a directmate (`--mate N`),
//! any battle stipulation the solver takes (`--stip s#2`, `r#3`, `=2`, …), or help and series
//! play (`--stip h#3`, `ser-#5`, …), handed to [`super::solve_lines`].

use crate::board::{Position, Validation};
use crate::cli::exit;
use crate::notation::MoveStyle;
use crate::popeye::shown::PRESENTATION;
use crate::problem::{ParseStipulationError, Problem, Stipulation, TryMode};
use crate::solver::solve_under_ceiling;
use std::io::Write;
use std::process::ExitCode;

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

/// Runs `mateproof solve`. The exit status says sound, unsound, error or undecided
/// ([`crate::cli::exit`]).
pub fn run(args: &SolveArgs) -> ExitCode {
    let position = match Position::from_fen(&args.fen, Validation::Lenient) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(exit::ERROR);
        }
    };
    let stipulation = match stipulation(args) {
        Ok(stipulation) => stipulation,
        Err(e) => {
            eprintln!("error: {e}");
            eprintln!("{}", accepted_forms());
            return ExitCode::from(exit::ERROR);
        }
    };
    if stipulation.is_help_or_series() {
        return run_lines(args, position, stipulation);
    }
    let mut problem = Problem::new(position, stipulation);
    problem.options.variations = !args.keys_only;
    problem.options.set_play = args.setplay;
    problem.options.no_threat = args.no_threat;
    problem.options.no_short_variations = args.no_short_variations;
    problem.options.post_key_play = args.postkey;
    problem.options.max_threat_length = args.threat_max;
    problem.options.max_flights = args.max_flights;
    problem.options.max_solutions = args.max_solutions;
    if let Some(k) = args.tries {
        problem.options.tries = TryMode::Refutations(k);
    }
    let control = crate::cli::args::time_control(args.time).with_threads(
        args.threads
            .unwrap_or_else(crate::cli::args::default_threads),
    );
    // The table is sized to the stipulation exactly as for Popeye input (a #2's 32 KB: a
    // table of megabytes costs a two-mover a fresh page per entry); --hash is its ceiling.
    let solved = solve_under_ceiling(&problem, &control, args.hash, PRESENTATION);
    let solution = match solved {
        Ok(s) => s,
        Err(e) => {
            let unsupported = matches!(e, crate::solver::SolveError::Unsupported(_));
            eprintln!("error: {e}");
            if unsupported {
                eprintln!("{}", accepted_forms());
            }
            return ExitCode::from(exit::ERROR);
        }
    };
    let mut out = std::io::stdout().lock();
    let written = if args.json {
        let value = crate::output::json::solution_json(&solution, &problem.stipulation);
        writeln!(out, "{value}")
    } else {
        write!(
            out,
            "{}",
            crate::output::text::solution_text(
                &solution,
                &problem.stipulation,
                args.notation.unwrap_or(MoveStyle::Problemist),
            )
        )
    };
    if written.is_err() {
        return ExitCode::from(exit::ERROR);
    }
    if args.postkey {
        // The diagram is the position after the key: there is no key to count.
        return ExitCode::from(if solution.complete {
            exit::SOUND
        } else {
            exit::UNDECIDED
        });
    }
    exit::for_soundness(solution.soundness(stipulation.moves()))
}

/// The stipulation `--mate` or `--stip` gives; an error message for one out of range,
/// unreadable, or one of Popeye's that is not solved yet (`hs#2`; one that reads but is not
/// solved, `#=2`, is the solver's error).
fn stipulation(args: &SolveArgs) -> Result<Stipulation, String> {
    let max_mate = crate::problem::MAX_MATE_MOVES;
    match (&args.stip, args.mate) {
        (Some(text), _) => text.parse::<Stipulation>().map_err(|e| match e {
            ParseStipulationError::NotSupported(form) => {
                format!("--stip {form}: stipulation not supported yet")
            }
            e => e.to_string(),
        }),
        (None, Some(n)) if (1..=max_mate).contains(&n) => Ok(Stipulation::direct_mate(n)),
        (None, _) => Err(format!("--mate must be between 1 and {max_mate}")),
    }
}

/// The line after a refused stipulation: what `--stip` and `--mate` take.
fn accepted_forms() -> String {
    let forms = crate::problem::stipulation_forms::SOLVED_FORMS.replace("; ", ";\n    ");
    format!("  --stip takes {forms}\n  (--mate N is #N)")
}

/// Help and series play: lines, by [`super::solve_lines`].
fn run_lines(args: &SolveArgs, position: Position, stipulation: Stipulation) -> ExitCode {
    if stipulation.is_too_long() {
        eprintln!(
            "error: --stip {stipulation}: longer than the {} moves every front end takes",
            crate::problem::MAX_MATE_MOVES
        );
        return ExitCode::from(exit::ERROR);
    }
    if !stipulation.is_supported() {
        eprintln!("error: --stip {stipulation}: stipulation not supported yet");
        eprintln!("{}", accepted_forms());
        return ExitCode::from(exit::ERROR);
    }
    let control = crate::cli::args::time_control(args.time);
    super::solve_lines::run(args, position, stipulation, &control)
}
