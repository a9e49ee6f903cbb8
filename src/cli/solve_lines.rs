//! `mateproof solve --stip h#3` (and `h#2.5`, `h=2`, `ser-#5`, `ser-h#3`, `ser-s#2`, with
//! `exact-`): help and series play from a FEN, solved by [`crate::help`]. Each solution is
//! written as it is found, in Popeye's order: as Popeye's line (shortest first), then a count;
//! or with `--json` as JSON Lines ([`crate::output::lines_json`]: one object per solution, its
//! moves in UCI with `0000` for a pass of series play, then a summary object). `--setplay`
//! writes the set play first (an empty line between, as Popeye). The side to move in the FEN
//! is ignored: the stipulation says who starts (Black in `h#N` and `ser-h#N`, White otherwise).
//! `--notation san` or `uci` writes each line's moves in that style, unnumbered
//! ([`crate::output::lines_text`]); `popeye` is the default. The battle-play options
//! (`--tries`, `--keys-only`, `--postkey`, …) and the battle tree's notations (`problemist`,
//! with its `!` and `?`, and the composer's `thesis`) are refused by name.
//!
//! Exit status: 0 at least one solution, 1 none, 2 bad input or output that could not be
//! written, 3 a limit stopped the search first.

use super::exit;
use super::solve_args::SolveArgs;
use crate::board::Position;
use crate::help::{self, Part};
use crate::notation::Language;
use crate::notation::MoveStyle;
use crate::output::chunks::Chunks;
use crate::output::lines_json::{summary_object, JsonLines};
use crate::output::lines_text::StyledLines;
use crate::popeye::line_text::{LineStyle, PopeyeLineOrder, PopeyeLines};
use crate::problem::{Problem, Stipulation};
use crate::solution::HelpOutcome;
use std::io::Write;
use std::ops::ControlFlow;
use std::process::ExitCode;

/// The battle-play options `solve` takes that mean nothing in help and series play: the first
/// one given, as the user wrote it.
fn battle_only_option(args: &SolveArgs) -> Option<&'static str> {
    [
        (args.tries.is_some(), "--tries"),
        (args.keys_only, "--keys-only"),
        (args.no_threat, "--no-threat"),
        (args.no_short_variations, "--no-short-variations"),
        (args.postkey, "--postkey"),
        (args.threat_max.is_some(), "--threat-max"),
        (args.max_flights.is_some(), "--max-flights"),
        (
            args.notation == Some(MoveStyle::Problemist),
            "--notation problemist",
        ),
        (
            args.notation == Some(MoveStyle::Thesis),
            "--notation thesis",
        ),
    ]
    .into_iter()
    .find_map(|(given, name)| given.then_some(name))
}

/// Standard output for the lines: each piece written at once; a failed write stops the
/// search and is kept for the exit status. (A closed pipe ends the process before that, as
/// for every command: README, "Rules every front end shares".)
struct Stdout {
    failed: bool,
}

impl Stdout {
    fn emit(&mut self, text: &str) -> ControlFlow<()> {
        let mut out = std::io::stdout().lock();
        if out
            .write_all(text.as_bytes())
            .and_then(|()| out.flush())
            .is_err()
        {
            self.failed = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }
}

/// Solves `stipulation` (help or series play) from `position` and writes the lines.
pub fn run(
    args: &SolveArgs,
    position: Position,
    stipulation: Stipulation,
    control: &crate::kernel::SearchControl,
) -> ExitCode {
    if let Some(option) = battle_only_option(args) {
        let advice = if option.starts_with("--notation") {
            "take popeye (the default), san or uci"
        } else {
            "leave it out"
        };
        eprintln!(
            "error: {option} does not apply to help and series play ({stipulation}); {advice}"
        );
        return ExitCode::from(exit::ERROR);
    }
    let mut problem = Problem::new(position, stipulation);
    if problem.position.turn() != stipulation.starter() {
        if problem.position.is_check() {
            eprintln!(
                "error: {stipulation}: {:?} starts, but {:?} to move is in check",
                stipulation.starter(),
                problem.position.turn()
            );
            return ExitCode::from(exit::ERROR);
        }
        problem.position = problem.position.after_null();
    }
    problem.options.max_solutions = args.max_solutions;
    problem.options.set_play = args.setplay;
    let parts = help::parts(&problem);
    if args.setplay {
        let set_play_starts = !problem.position.is_check();
        if !parts.contains(&Part::SetPlay) || !set_play_starts {
            let why = if set_play_starts {
                "has no set play"
            } else {
                "has no set play here: the side that would start it could take the king"
            };
            eprintln!("error: --setplay: {stipulation} {why}");
            return ExitCode::from(exit::ERROR);
        }
    }
    let style = LineStyle::of(&stipulation);
    let set_play_style =
        help::full_line_length(&problem, Part::Play).map_or(style, |full| style.for_set_play(full));
    let mut stdout = Stdout { failed: false };
    let mut outcomes: Vec<HelpOutcome> = Vec::new();
    for (index, &part) in parts.iter().enumerate() {
        if index > 0 && !args.json && stdout.emit("\n").is_break() {
            break;
        }
        let style = if part.is_set_play() {
            set_play_style
        } else {
            style
        };
        let order = PopeyeLineOrder::of(style);
        let mut emit = |text: &str| stdout.emit(text);
        let chunks = Chunks::new(&mut emit);
        let solved = if args.json {
            let mut sink = JsonLines {
                chunks,
                set_play: part.is_set_play(),
            };
            help::solve_into(&problem, part, args.hash, control, &mut sink, Some(&order))
        } else if let Some(moves @ (MoveStyle::San | MoveStyle::Uci)) = args.notation {
            let mut sink = StyledLines {
                style: moves,
                chunks,
            };
            help::solve_into(&problem, part, args.hash, control, &mut sink, Some(&order))
        } else {
            let mut sink = PopeyeLines::new(style, Language::English, chunks);
            help::solve_into(&problem, part, args.hash, control, &mut sink, Some(&order))
        };
        match solved {
            Ok(outcome) => {
                let complete = outcome.complete;
                outcomes.push(outcome);
                if !complete {
                    break;
                }
            }
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(exit::ERROR);
            }
        }
    }
    let count = outcomes.iter().map(|o| o.lines).sum();
    let summary = if args.json {
        summary_object(&stipulation, count, &outcomes)
    } else {
        let stopped = outcomes
            .iter()
            .any(|o| !o.complete || o.max_solutions_reached);
        format!(
            "{count} solution{}{}",
            if count == 1 { "" } else { "s" },
            if stopped {
                " (search stopped early)"
            } else {
                ""
            }
        )
    };
    if stdout.failed || stdout.emit(&format!("{summary}\n")).is_break() {
        return ExitCode::from(exit::ERROR);
    }
    // The verdict is the play's (set play aside), if it was reached.
    match outcomes.last().filter(|_| outcomes.len() == parts.len()) {
        Some(play) if !play.complete || (play.max_solutions_reached && play.lines == 0) => {
            ExitCode::from(exit::UNDECIDED)
        }
        Some(play) if play.lines == 0 => ExitCode::from(exit::UNSOUND),
        Some(_) => ExitCode::from(exit::SOUND),
        None => ExitCode::from(exit::UNDECIDED),
    }
}
