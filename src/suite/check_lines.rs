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
//! - a problem without its solution ([`KeyClaim::Unique`]): exactly one solution of the play;
//! - a sound problem ([`KeyClaim::Intended`], a YACPDB entry): the intended number of
//!   solutions of the play (and, where `intended-solutions` gives its shape, noted when the
//!   solutions branch otherwise), none shorter than the stipulation.
//!
//! Every board is served ([`SuiteGame`]): the solutions are written as Popeye writes them on
//! it.
//!
//! Shorter solutions than the stipulated length are noted (they are solutions unless
//! `exact-`, which the search itself honours). This module never reads input and never prints.

use super::case::{Case, Intended, KeyClaim};
use super::game::SuiteGame;
use super::outcome::{verdict_of, Outcome};
use super::record::Status;
use crate::help::{self, Part};
use crate::kernel::SearchControl;
use crate::notation::Language;
use crate::popeye::line_text::{write_lines, LineStyle};

/// Solves `case`'s help or series play and checks it against the claim.
pub(super) fn check_lines<G: SuiteGame>(
    case: &Case<G>,
    table_mb: Option<usize>,
    control: &SearchControl,
) -> Outcome<G::Move> {
    let problem = &case.problem;
    let language = match &case.keys {
        KeyClaim::Lines { language, .. } => *language,
        _ => Language::English,
    };
    // Popeye's styles, as `mateproof popeye` writes them: its mate generator lists the last
    // move on the orthodox board (not under NullMoves), set play of `h#N.5` skips a half-move.
    let mating_lister = G::MATING_LISTER && !problem.options.null_moves;
    let style = LineStyle::in_game(&problem.stipulation, mating_lister);
    let set_play_style =
        help::full_line_length(problem, Part::Play).map_or(style, |full| style.for_set_play(full));
    let mut found = Found {
        lines: Vec::new(),
        play: 0,
        short: 0,
        first_moves: Vec::new(),
        branching: Vec::new(),
        nodes: 0,
    };
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
            found.branching = branching(&solution.lines);
        }
        let part_style = if part.is_set_play() {
            set_play_style
        } else {
            style
        };
        let text = write_lines(&solution, part_style, language);
        found
            .lines
            .extend(text.lines().map(|line| line.trim().to_owned()));
    }
    judge(case, found)
}

/// What the solver found, over all parts.
struct Found<M> {
    /// Every solution line in Popeye's text, parts in order.
    lines: Vec<String>,
    /// Solutions of the play (not set play, not the duplex half).
    play: usize,
    /// Of those, shorter than the stipulated length.
    short: usize,
    /// The first moves of the play's solutions, each once.
    first_moves: Vec<M>,
    /// Per half-move of the play, the most ways any line branches there (what
    /// `intended-solutions`' shape says, `2.2.1.1`).
    branching: Vec<u64>,
    nodes: u64,
}

/// Per half-move, the largest number of different moves that follow one same beginning.
fn branching<M: PartialEq + Copy>(lines: &[crate::solution::Line<M>]) -> Vec<u64> {
    let longest = lines.iter().map(|l| l.moves.len()).max().unwrap_or(0);
    (0..longest)
        .map(|ply| {
            let mut most = 0;
            for line in lines.iter().filter(|l| l.moves.len() > ply) {
                let prefix = &line.moves[..ply];
                let mut next: Vec<M> = Vec::new();
                for other in lines
                    .iter()
                    .filter(|o| o.moves.len() > ply && o.moves[..ply] == *prefix)
                {
                    if !next.contains(&other.moves[ply]) {
                        next.push(other.moves[ply]);
                    }
                }
                most = most.max(next.len() as u64);
            }
            most
        })
        .collect()
}

fn judge<G: SuiteGame>(case: &Case<G>, found: Found<G::Move>) -> Outcome<G::Move> {
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
        KeyClaim::Intended(intended) => {
            if found.play as u64 != intended.count && found.play > 0 {
                wrong = true;
                notes.push(format!(
                    "{} solutions where {} intended",
                    found.play, intended.count
                ));
            } else if found.play == 0 {
                wrong = true;
                notes.push("no solution".to_owned());
            }
            if found.short > 0 {
                wrong = true;
            }
            if let Some(note) = shape_note(intended, &found.branching) {
                notes.push(note);
            }
        }
        KeyClaim::Any => {}
    }
    if found.short > 0 {
        notes.push(format!("short solutions: {}", found.short));
    }
    Outcome {
        status: if wrong { Status::Wrong } else { Status::Solved },
        verdict: Some(verdict_of(
            found.play,
            found.short > 0,
            case.keys.intended_count(),
        )),
        mate: None,
        keys: found.first_moves,
        solutions: Some(found.lines),
        notes,
        nodes: found.nodes,
    }
}

/// A note when the solutions branch otherwise than `intended-solutions`' shape says (the
/// count may still be right: `2.1.1.1` against `1.2.1.1`).
fn shape_note(intended: &Intended, branching: &[u64]) -> Option<String> {
    let shape = intended.shape.as_ref()?;
    let differs = branching
        .iter()
        .enumerate()
        .any(|(ply, &found)| found != shape.get(ply).copied().unwrap_or(1));
    differs.then(|| {
        let found: Vec<String> = branching.iter().map(u64::to_string).collect();
        format!(
            "the solutions branch {} where {} is intended",
            found.join("."),
            intended.text
        )
    })
}

fn join(lines: &[&String]) -> String {
    lines
        .iter()
        .map(|l| l.as_str())
        .collect::<Vec<_>>()
        .join(" | ")
}
