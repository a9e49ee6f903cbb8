//! Checks a help or series entry (`h#N`, `h#N.5`, `h=N`, `ser-#N`, `ser-h#N`, `ser-s#N` …)
//! with [`crate::help`]: every solution of every part its options ask for (set play, the
//! play, the duplex half), written as Popeye writes them ([`crate::popeye::line_text`]), then
//! compared with the claim:
//!
//! - Popeye's own solution lines ([`KeyClaim::Lines`]): the same set of lines, each as Popeye
//!   printed it (under `Intelligent` Popeye's order is its own, so only the set counts; a
//!   different order is noted);
//! - the first moves a PGN game names ([`KeyClaim::Exactly`]): the first moves of the
//!   solutions of the play, as a set;
//! - a problem without its solution ([`KeyClaim::Unique`]): exactly one solution of the play.
//!
//! Shorter solutions than the stipulated length are noted (they are solutions unless
//! `exact-`, which the search itself honours). This module never reads input and never prints.

use super::case::{Case, KeyClaim};
use super::record::Status;
use super::verify::Outcome;
use crate::board::Move;
use crate::help::{self, Part};
use crate::kernel::SearchControl;
use crate::notation::Language;
use crate::popeye::line_text::{write_lines, LineStyle};

/// Solves `case`'s help or series play and checks it against the claim.
pub(super) fn check_lines(
    case: &Case,
    table_mb: Option<usize>,
    control: &SearchControl,
) -> Outcome {
    let problem = &case.problem;
    let language = match &case.keys {
        KeyClaim::Lines { language, .. } => *language,
        _ => Language::English,
    };
    let style = LineStyle::of(&problem.stipulation);
    let mut found = Found::default();
    for part in help::parts(problem) {
        let solution = match help::solve(problem, part, table_mb, control) {
            Ok(solution) => solution,
            Err(e) => return Outcome::unsupported(e.to_string()),
        };
        found.nodes += solution.stats.nodes;
        if !solution.complete {
            return Outcome::stopped(found.nodes);
        }
        if part == Part::Play {
            found.play = solution.lines.len();
            found.short = solution
                .lines
                .iter()
                .filter(|line| line.moves.len() < problem.stipulation.length.max as usize)
                .count();
            for line in &solution.lines {
                if let Some(&first) = line.moves.first() {
                    if !found.first_moves.contains(&first) {
                        found.first_moves.push(first);
                    }
                }
            }
        }
        let text = write_lines(&solution, style, language);
        found
            .lines
            .extend(text.lines().map(|line| line.trim().to_owned()));
    }
    judge(case, found)
}

/// What the solver found, over all parts.
#[derive(Default)]
struct Found {
    /// Every solution line in Popeye's text, parts in order.
    lines: Vec<String>,
    /// Solutions of the play (not set play, not the duplex half).
    play: usize,
    /// Of those, shorter than the stipulated length.
    short: usize,
    /// The first moves of the play's solutions, each once.
    first_moves: Vec<Move>,
    nodes: u64,
}

fn judge(case: &Case, found: Found) -> Outcome {
    let mut notes = Vec::new();
    let mut wrong = false;
    match &case.keys {
        KeyClaim::Lines { lines: listed, .. } => {
            let missing: Vec<&String> =
                listed.iter().filter(|l| !found.lines.contains(l)).collect();
            let extra: Vec<&String> = found.lines.iter().filter(|l| !listed.contains(l)).collect();
            if listed.is_empty() && found.lines.is_empty() {
                notes.push("no solution, as expected".to_owned());
            }
            if !missing.is_empty() {
                wrong = true;
                notes.push(format!("listed but not found: {}", join(&missing)));
            }
            if !extra.is_empty() {
                wrong = true;
                notes.push(format!("found but not listed: {}", join(&extra)));
            }
            if missing.is_empty() && extra.is_empty() && *listed != found.lines {
                notes.push("the same solutions in another order".to_owned());
            }
        }
        KeyClaim::Exactly(keys) => {
            let missing = keys
                .iter()
                .filter(|m| !found.first_moves.contains(m))
                .count();
            let extra = found
                .first_moves
                .iter()
                .filter(|m| !keys.contains(m))
                .count();
            if missing > 0 || extra > 0 {
                wrong = true;
                notes.push(format!(
                    "first moves differ: {missing} listed not found, {extra} found not listed"
                ));
            }
        }
        KeyClaim::Unique => match found.play {
            0 => {
                wrong = true;
                notes.push("no solution".to_owned());
            }
            1 => {}
            n => {
                wrong = true;
                notes.push(format!("cooked: {n} solutions"));
            }
        },
        KeyClaim::Any => {}
    }
    if found.short > 0 {
        notes.push(format!("short solutions: {}", found.short));
    }
    Outcome {
        status: if wrong { Status::Wrong } else { Status::Solved },
        mate: None,
        keys: found.first_moves,
        solutions: Some(found.lines),
        notes,
        nodes: found.nodes,
    }
}

fn join(lines: &[&String]) -> String {
    lines
        .iter()
        .map(|l| l.as_str())
        .collect::<Vec<_>>()
        .join(" | ")
}
