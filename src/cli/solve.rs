//! `mateproof solve`: the full verdict on one problem given as FEN: a directmate (`--mate N`),
//! any battle stipulation the solver takes (`--stip s#2`, `r#3`, `=2`, …), or help and series
//! play (`--stip h#3`, `ser-#5`, …), handed to [`super::solve_lines`].

use super::solve_args::SolveArgs;
use crate::board::{Position, Validation};
use crate::cli::exit;
use crate::notation::MoveStyle;
use crate::popeye::shown::PRESENTATION;
use crate::problem::{ParseStipulationError, Problem, Stipulation, TryMode};
use crate::solver::solve_under_ceiling;
use std::io::Write;
use std::process::ExitCode;

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
