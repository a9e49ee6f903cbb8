//! `mateproof solve --stip h#3` (and `h#2.5`, `h=2`, `ser-#5`, `ser-h#3`, `ser-s#2`, with
//! `exact-`): help and series play from a FEN, solved by [`crate::help`]. The text is Popeye's
//! lines (one solution a line, shortest first), or with `--notation` other than `popeye` the
//! same lines in that style ([`crate::output::lines`]); `--json` gives
//! `{"stipulation", "solutions": [[uci…]…], "complete", "max_solutions_reached", "nodes",
//! "time_ms"}`, each solution its moves in UCI with `0000` for a pass of series play, in
//! Popeye's order. The side to move in the FEN is ignored: the stipulation says who starts
//! (Black in `h#N` and `ser-h#N`, White otherwise).
//!
//! Exit status: 0 at least one solution, 1 none, 3 a limit stopped the search first.

use super::exit;
use crate::board::Position;
use crate::help::{self, Part};
use crate::kernel::SearchControl;
use crate::notation::{Language, MoveStyle};
use crate::popeye::line_text::{sort_lines, write_lines, LineStyle};
use crate::problem::{Problem, Stipulation};
use std::io::Write;
use std::process::ExitCode;

/// Solves `stipulation` (help or series play) from `position` and prints the lines.
pub fn run(
    position: Position,
    stipulation: Stipulation,
    max_solutions: Option<u32>,
    table_mb: Option<usize>,
    control: &SearchControl,
    json: bool,
    notation: Option<MoveStyle>,
) -> ExitCode {
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
    problem.options.max_solutions = max_solutions;
    let solution = match help::solve(&problem, Part::Play, table_mb, control) {
        Ok(solution) => solution,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(exit::ERROR);
        }
    };
    let mut out = std::io::stdout().lock();
    let written = if json {
        let mut lines = solution.lines.clone();
        sort_lines(
            &solution.position,
            &mut lines,
            LineStyle::of(&stipulation).last,
        );
        let solutions: Vec<Vec<String>> = lines
            .iter()
            .map(|line| line.moves.iter().map(|m| m.to_string()).collect())
            .collect();
        let value = serde_json::json!({
            "stipulation": stipulation.to_string(),
            "solutions": solutions,
            "complete": solution.complete,
            "max_solutions_reached": solution.max_solutions_reached,
            "nodes": solution.stats.nodes,
            "time_ms": solution.stats.time.as_millis() as u64,
        });
        writeln!(out, "{value}")
    } else {
        let text = match notation {
            None | Some(MoveStyle::Popeye) => {
                write_lines(&solution, LineStyle::of(&stipulation), Language::English)
            }
            Some(style) => crate::output::lines::help_lines_text(&solution, &stipulation, style),
        };
        write!(out, "{text}").and_then(|()| {
            writeln!(
                out,
                "{} solution{}{}",
                solution.lines.len(),
                if solution.lines.len() == 1 { "" } else { "s" },
                if solution.complete && !solution.max_solutions_reached {
                    ""
                } else {
                    " (search stopped early)"
                }
            )
        })
    };
    if written.is_err() {
        return ExitCode::from(exit::ERROR);
    }
    if !solution.complete || (solution.max_solutions_reached && solution.lines.is_empty()) {
        ExitCode::from(exit::UNDECIDED)
    } else if solution.lines.is_empty() {
        ExitCode::from(exit::UNSOUND)
    } else {
        ExitCode::from(exit::SOUND)
    }
}
