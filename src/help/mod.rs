//! Help and series play: every line of cooperative play that reaches the goal (`h#N`,
//! `h#N.5`, `h=N`, `ser-#N`, `ser-=N`, `ser-h#N`, `ser-s#N`, with `exact-`), as Popeye finds
//! them. The search ([`search`]) is generic over [`Rules`](crate::rules::Rules) and hands each
//! solution, as it is found, to a [`LineSink`] as a list of moves, passes (the other side's
//! null move in series play) included, in the caller's [`LineOrder`] ([`sink`]); [`solve_into`]
//! runs it for a problem's position (orthodox or fairy) and says how it ended
//! ([`HelpOutcome`]), and [`solve`] collects the lines into a [`HelpSolution`] for the
//! callers that need them all at once.
//!
//! What a line is, in half-moves, follows Popeye: help play alternates, the side not starting
//! makes the last move (`h#N` is 2N half-moves from Black, `h#N.5` 2N+1 from White); shorter
//! lines of the same parity are solutions too unless `exact-`, found first (iterative
//! deepening, as Popeye prints them: shortest first). In series play the series side moves
//! alone while the other passes, so no move of the series but the last may give check (the
//! passing side would stand in check); a `ser-s#` ends at once where every reply of the other
//! side mates, while `ser-=` and `ser-h#` go on past a stalemate or a possible mate, as Popeye's
//! do. Under `Duplex` the play is solved a second time with the other side
//! starting, under `HalfDuplex` only so; `SetPlay` first solves the play with one half-move
//! less, the other side starting, in each half (the duplex half's set play starts with the
//! diagram's side). Under `NullMoves` either side of help play may pass instead of
//! moving (Popeye's `...`), never twice in a row and never in check.

mod goal_reach;
mod hints;
mod intelligent;
mod mate_preparations;
mod orthodox_hints;
mod plan;
mod search;
mod sink;
mod stalemate_men;
mod table;

pub use hints::{Hints, MovesLeft};
pub use plan::{End, Found, HelpOptions, Outcome, Plan};
pub use search::{search_lines, search_lines_into};
pub use sink::{LineOrder, LineSink};

use crate::kernel::SearchControl;
use crate::problem::{Problem, Stipulation};
use crate::solution::{HelpOutcome, HelpSolution, Line, SearchStats};

/// True for the stipulations [`solve`] answers: the supported help and series play.
pub fn solves(stipulation: &Stipulation) -> bool {
    stipulation.is_supported() && stipulation.is_help_or_series()
}

/// Why a problem cannot be solved here.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HelpError {
    #[error("not a help or series stipulation solved here: {0}")]
    Unsupported(Stipulation),
}

/// One part of a help problem's output: set play, the play, or the duplex half.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Part {
    /// `SetPlay`: one half-move less, the other side starting.
    SetPlay,
    /// The stipulated play from the diagram.
    Play,
    /// `Duplex`/`HalfDuplex`: the play with the other side starting.
    Duplex,
    /// `SetPlay` of the duplex half: one half-move less, the diagram's side starting.
    DuplexSetPlay,
}

impl Part {
    /// True for the set play of either half.
    pub fn is_set_play(self) -> bool {
        matches!(self, Part::SetPlay | Part::DuplexSetPlay)
    }
}

/// The parts a problem's options ask for, in Popeye's order.
pub fn parts<P>(problem: &Problem<P>) -> Vec<Part> {
    let options = &problem.options;
    let set_play = options.set_play && set_play_plan(&problem.stipulation).is_some();
    let mut parts = Vec::new();
    if !options.half_duplex {
        if set_play {
            parts.push(Part::SetPlay);
        }
        parts.push(Part::Play);
    }
    // The duplex half is a problem of its own, with its own set play.
    if options.duplex || options.half_duplex {
        if set_play {
            parts.push(Part::DuplexSetPlay);
        }
        parts.push(Part::Duplex);
    }
    parts
}

/// The plan of set play: the same end with one half-move less and the other side starting;
/// `None` where there is nothing shorter (`h#0.5`, `ser-#N`).
fn set_play_plan(stipulation: &Stipulation) -> Option<Plan> {
    let plan = Plan::of(stipulation)?;
    plan.set_play()
}

/// The plan of one part of a help or series problem.
fn part_plan<P>(problem: &Problem<P>, part: Part) -> Option<Plan> {
    let plan = match part {
        Part::SetPlay | Part::DuplexSetPlay => set_play_plan(&problem.stipulation),
        Part::Play | Part::Duplex => Plan::of(&problem.stipulation),
    }?;
    Some(Plan {
        null_moves: problem.options.null_moves && !plan.series,
        ..plan
    })
}

/// The number of moves, passes included, of a line of `part` at its full length (the length
/// `MoveNumbers` numbers the first moves of); `None` where the problem is no help play.
pub fn full_line_length<P>(problem: &Problem<P>, part: Part) -> Option<usize> {
    let plan = part_plan(problem, part)?;
    let longest = plan.longest() as usize;
    Some(if plan.series {
        (2 * longest).saturating_sub(1) + usize::from(plan.end != End::Goal)
    } else {
        longest
    })
}

/// Solves one part of a help or series problem: every line, shortest first, within the
/// control's limits and `MaxSolutions`, with a dead-end table of `table_mb` MB (by default
/// sized to the length), collected in the order the search meets them.
pub fn solve<R: Hints>(
    problem: &Problem<R>,
    part: Part,
    table_mb: Option<usize>,
    control: &SearchControl,
) -> Result<HelpSolution<R>, HelpError> {
    let mut lines = Vec::new();
    let outcome = solve_into(problem, part, table_mb, control, &mut lines, None)?;
    Ok(HelpSolution {
        position: outcome.position,
        lines: lines.into_iter().map(|moves| Line { moves }).collect(),
        complete: outcome.complete,
        max_solutions_reached: outcome.max_solutions_reached,
        stats: outcome.stats,
    })
}

/// Solves one part of a help or series problem as [`solve`] does, handing each line to
/// `sink` as it is found, in `order` (with none, the order the search meets them; under
/// `Intelligent` the plain search's, a length at a time). `MaxSolutions` keeps the first
/// lines in that order. Nothing but a count is kept.
pub fn solve_into<R: Hints>(
    problem: &Problem<R>,
    part: Part,
    table_mb: Option<usize>,
    control: &SearchControl,
    sink: &mut dyn LineSink<R>,
    order: Option<&dyn LineOrder<R>>,
) -> Result<HelpOutcome<R>, HelpError> {
    let stipulation = problem.stipulation;
    if !solves(&stipulation) {
        return Err(HelpError::Unsupported(stipulation));
    }
    let plan = part_plan(problem, part).ok_or(HelpError::Unsupported(stipulation))?;
    let position = part_position(problem, part);
    let limits = plan::HelpOptions {
        max_lines: problem.options.max_solutions.map(|n| n as usize),
        stop_on_short: problem.options.stop_on_short_solutions,
        table_mb,
    };
    let intelligent = if problem.options.intelligent {
        position.intelligent_lines_into(&plan, &limits, control, sink, order)
    } else {
        None
    };
    let outcome = intelligent
        .unwrap_or_else(|| search_lines_into(&position, &plan, &limits, control, sink, order));
    Ok(HelpOutcome {
        position,
        lines: outcome.lines,
        complete: outcome.complete,
        max_solutions_reached: outcome.max_lines_reached || outcome.stopped_on_short,
        stats: SearchStats {
            nodes: outcome.nodes,
            time: control.elapsed(),
        },
    })
}

/// The position a part's play starts in: the diagram, or after a pass where the other side
/// starts (set play, the duplex half).
pub fn part_position<R: crate::rules::Rules>(problem: &Problem<R>, part: Part) -> R {
    match part {
        Part::Play | Part::DuplexSetPlay => problem.position.clone(),
        Part::SetPlay | Part::Duplex => problem.position.pass(),
    }
}
