//! The text of a help or series twin: its parts (set play, the play, the duplex half and
//! its set play, as the options ask) solved by [`crate::help`] one after another and written
//! one solution a line, with Popeye's numbering, cuts and messages between them. The lines are
//! written as the search finds them, in Popeye's order ([`PopeyeLines`]); only Popeye's
//! numbered first moves (`MoveNumbers`, `StartMoveNumber`/`UpToMoveNumber`) are written from
//! the whole list.

use super::game::PopeyeGame;
use super::line_text::{self, write_lines, LineStyle, PopeyeLineOrder, PopeyeLines};
use super::messages::{message, Message};
use super::move_numbers::{self, Numbering};
use super::reader::PopeyeOptions;
use super::run::{control_for, Ending, RunOptions, Sink};
use super::streams::push_error_line;
use crate::help;
use crate::notation::Language;
use crate::output::chunks::Chunks;
use crate::problem::Problem;
use std::ops::ControlFlow;

/// Solves and writes a help or series twin ([`crate::help`]): set play, the play and the
/// duplex half as its options ask, one part after another with an empty line between.
/// `numbered` counts the first moves `MoveNumbers` has numbered so far in the problem (its
/// count goes on through the twins).
pub(super) fn help_twin_text<P: PopeyeGame>(
    problem: &Problem<P>,
    options: &PopeyeOptions,
    language: Language,
    run: &RunOptions,
    numbered: &mut u32,
    out: &mut Sink,
) -> Ending {
    let mut numbering = Numbering::of(options);
    numbering.counter = *numbered;
    let ending = help_parts_text(problem, options, language, run, &mut numbering, out);
    *numbered = numbering.counter;
    ending
}

/// [`help_twin_text`]'s parts, numbered on by `numbering`.
fn help_parts_text<P: PopeyeGame>(
    problem: &Problem<P>,
    options: &PopeyeOptions,
    language: Language,
    run: &RunOptions,
    numbering: &mut Numbering,
    out: &mut Sink,
) -> Ending {
    let control = control_for(problem.options.max_time, run);
    // Under NullMoves Popeye generates every move with its ordinary generator, the mating
    // move too.
    let mating_lister = P::MATING_LISTER && !problem.options.null_moves;
    let style = LineStyle::in_game(&problem.stipulation, mating_lister);
    // StartMoveNumber/UpToMoveNumber: Popeye tries the full length only.
    let restricted = Numbering::restricts(options);
    // MoveNumbers numbers the first moves Popeye tries (not under Intelligent: its counts;
    // but the range of StartMoveNumber/UpToMoveNumber holds there too, unnumbered): that text
    // is written from the whole list. Otherwise each line is written as it is found.
    let numbered = options.move_numbers && (!options.intelligent || restricted);
    let streamed = !restricted && !numbered;
    let mut solved = problem.clone();
    if restricted {
        solved.stipulation.length.min = solved.stipulation.length.max;
    }
    // MaxSolutions keeps the first lines in Popeye's order: the streamed search stops there;
    // the whole list is cut below.
    let max_solutions = if streamed {
        None
    } else {
        solved.options.max_solutions.take()
    };
    let problem = &solved;
    // Where set play has nothing to show (ser-#, ser-=, h#0.5) Popeye says so under the
    // stipulation, before the empty line that opens the play.
    let asked = help::parts(problem);
    let set_play_ignored = problem.options.set_play && !asked.iter().any(|part| part.is_set_play());
    if set_play_ignored {
        out.pop();
        out.push_str(message(language, Message::SetPlayNotApplicable));
        out.push_str("\n\n");
    }
    // Popeye solves the second half of a `Duplex` as a problem of its own and says it again
    // there, after the play's lines, whether or not that half can start (`HalfDuplex` has
    // that half alone, and the one notice).
    let duplex_notice = set_play_ignored
        && asked.contains(&help::Part::Play)
        && asked.contains(&help::Part::Duplex);
    // A part may start with a side that could take the king, and Popeye leaves it out: set
    // play and the duplex half (the other side starting) where the diagram's side is in
    // check, the play and the duplex half's set play where the other side is (such a diagram
    // is built only for the parts the other side starts, `problems::other_side_starts`).
    // Popeye writes each part in turn: one that can start opens with an empty line, one left
    // out is its message on standard error (a line break and the text) in its place. In the
    // text such a message stands after the line break that follows it in Popeye's streams
    // ([`super::streams::in_order`]): the next part's opening line, or the problem's closing
    // one (the twin then ends as aborted, that line written).
    let play_illegal = problem.position.pass().is_check();
    let diagram_side_starts = |part| matches!(part, help::Part::Play | help::Part::DuplexSetPlay);
    let starts = |part| {
        if diagram_side_starts(part) {
            !play_illegal
        } else {
            !problem.position.is_check()
        }
    };
    let parts: Vec<help::Part> = asked.iter().copied().filter(|&part| starts(part)).collect();
    // `play_text` wrote the first part's opening empty line; each part writes its own here.
    out.pop();
    // Where the line break a message left out stands before is (it is not written yet).
    let mut line_break_owed: Option<usize> = None;
    let set_play_style = help::full_line_length(problem, help::Part::Play)
        .map_or(style, |full| style.for_set_play(full));
    let mut cut = false;
    let mut solved_parts = 0;
    for &part in &asked {
        if part == help::Part::Duplex && duplex_notice {
            // Before a line break still owed, so standard output keeps Popeye's order.
            let notice = format!("{}\n", message(language, Message::SetPlayNotApplicable));
            match line_break_owed {
                Some(at) => {
                    out.insert_str(at, &notice);
                    line_break_owed = Some(at + notice.len());
                }
                None => out.push_str(&notice),
            }
        }
        if !starts(part) {
            if line_break_owed.is_none() {
                line_break_owed = Some(out.len());
                out.push('\n');
            }
            push_error_line(out, message(language, Message::SideToPlayCanCaptureKing));
            continue;
        }
        let index = solved_parts;
        solved_parts += 1;
        if line_break_owed.take().is_none() {
            out.push('\n');
        }
        let style = if part.is_set_play() {
            set_play_style
        } else {
            style
        };
        let full = help::full_line_length(problem, part);
        let ended = if streamed {
            let order = PopeyeLineOrder::of(style);
            // Each chunk of lines reaches the reader as soon as it is written.
            let mut emit = |text: &str| {
                out.push_str(text);
                out.flush();
                ControlFlow::Continue(())
            };
            let mut sink = PopeyeLines::new(style, language, Chunks::new(&mut emit));
            help::solve_into(
                problem,
                part,
                run.hash_mb,
                &control,
                &mut sink,
                Some(&order),
            )
            .map(|outcome| (outcome.complete, outcome.max_solutions_reached))
        } else {
            help::solve(problem, part, run.hash_mb, &control).map(|mut solution| {
                if let (true, Some(full)) = (restricted, full) {
                    numbering.keep_in_range(&mut solution, full, part.is_set_play(), style);
                }
                if let Some(n) = max_solutions {
                    line_text::keep_first_lines(&mut solution, n as usize, style.last);
                }
                match full {
                    Some(full) if numbered => out.push_str(&move_numbers::numbered_help_lines(
                        &solution,
                        full,
                        part.is_set_play(),
                        style,
                        language,
                        numbering,
                    )),
                    _ => out.push_str(&write_lines(&solution, style, language)),
                }
                (solution.complete, solution.max_solutions_reached)
            })
        };
        let (complete, max_solutions_reached) = match ended {
            Ok(ended) => ended,
            Err(error) => {
                out.push_str(&error.to_string());
                out.push('\n');
                return Ending::Normal;
            }
        };
        if max_solutions_reached || !complete {
            // `MaxSolutions` counts each part's lines: a part cut short is followed by the
            // next, cut in turn (a time limit stops everything).
            if max_solutions_reached && index + 1 < parts.len() {
                cut = true;
                continue;
            }
            // A part cut before the next one: Popeye still writes the empty line between.
            if index + 1 < parts.len() {
                out.push('\n');
            }
            return Ending::Partial;
        }
    }
    if cut {
        Ending::Partial
    } else if line_break_owed.is_some() {
        // The owed line break is the problem's closing line.
        Ending::Aborted
    } else {
        Ending::Normal
    }
}
