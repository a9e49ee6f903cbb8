//! Writes help and series play as Popeye prints it: one solution a line, shortest first, in
//! Popeye's order (each move's siblings ranked by [`super::order`], the mating move by the
//! mate generator's order), e.g. `  1.Kf5-g5 Sh5-f6   2.Kg5-h4 Qe6-g4 #`; a line with an odd
//! number of half-moves (`h#N.5`, set play of `h#N`) starts `  1...`, set play of `h#N.5`
//! `  1...  ...  2.`; in series play each series move is numbered and the other side's
//! closing move follows after one space. Check marks ` +` on the way, the goal's mark (` #`,
//! ` =`) on the last move.
//!
//! It walks the lines with [`crate::solution::walk::walk_lines`]; it never searches. The help
//! search delivers lines already in Popeye's order when given [`PopeyeLineOrder`], and
//! [`PopeyeLines`] writes each as it comes; [`write_lines`] sorts a collected list.

use super::game::PopeyeGame;
use super::order::Lister;
use crate::help::{LineOrder, LineSink};
use crate::notation::Language;
use crate::output::chunks::Chunks;
use crate::problem::{Goal, Stipulation};
use crate::rules::RuleMove;
use crate::solution::walk::{walk_lines, LineVisitor};
use crate::solution::{HelpSolution, Line};
use std::ops::ControlFlow;

/// How the lines of one part are numbered and marked.
#[derive(Clone, Copy, Debug)]
pub struct LineStyle {
    pub goal: Goal,
    /// Series play: the series side's moves are numbered one by one.
    pub series: bool,
    /// Series play ending with the other side's move (`ser-h#`, `ser-s#`).
    pub reply: bool,
    /// Which of Popeye's generators lists the last move: the mate generator where the goal
    /// is mate and the move is chosen (not `ser-s#`'s forced reply).
    pub last: Lister,
    /// Set play of a play with an odd number of half-moves (`h#N.5`): its lines lack the
    /// first half-move, written `...` after `1...`, and go on in the full play's numbers:
    /// `  1...  ...  2.Kb5-a6 Qd1-a4 #`.
    pub skipped_first: bool,
}

impl LineStyle {
    /// The style of `stipulation`'s lines on the orthodox board.
    pub fn of(stipulation: &Stipulation) -> LineStyle {
        Self::in_game(stipulation, true)
    }

    /// [`LineStyle::of`] for a game whose mating moves Popeye lists by its orthodox mate
    /// generator (`mating_lister`) or by the ordinary one.
    pub fn in_game(stipulation: &Stipulation, mating_lister: bool) -> LineStyle {
        use crate::problem::{PlayKind, SeriesEnd};
        let (series, reply) = match stipulation.play {
            PlayKind::Series(SeriesEnd::Direct) => (true, false),
            PlayKind::Series(_) => (true, true),
            _ => (false, false),
        };
        let forced = stipulation.play == PlayKind::Series(SeriesEnd::SelfPlay);
        let last = if stipulation.goal == Goal::Mate && !forced && mating_lister {
            Lister::Mating
        } else {
            Lister::Ordinary
        };
        LineStyle {
            goal: stipulation.goal,
            series,
            reply,
            last,
            skipped_first: false,
        }
    }

    /// The style of set play whose full play has `full_plies` half-moves: an odd number
    /// skips the first ([`LineStyle::skipped_first`]). The set play of an `h#1`, one move,
    /// is listed by the ordinary generator (Popeye 4.104 puts its mate generator on the last
    /// move of longer set play only: `1...Rc6-c7 #` before `1...Rd6-d7 #`, where its `h#0.5`
    /// lists them the other way round).
    pub fn for_set_play(self, full_plies: usize) -> LineStyle {
        let one_move = !self.series && full_plies == 2;
        LineStyle {
            skipped_first: !self.series && full_plies % 2 == 1,
            last: if one_move {
                Lister::Ordinary
            } else {
                self.last
            },
            ..self
        }
    }
}

/// The lines of `solution`, sorted into Popeye's order, one text line each.
pub fn write_lines<P: PopeyeGame>(
    solution: &HelpSolution<P>,
    style: LineStyle,
    language: Language,
) -> String {
    let mut lines = solution.lines.clone();
    sort_lines(&solution.position, &mut lines, style.last);
    let mut writer = LineWriter {
        style,
        language,
        out: String::new(),
    };
    walk_lines(&mut writer, &solution.position, &lines);
    writer.out
}

/// `MaxSolutions n` as Popeye applies it: the first `n` lines in Popeye's order (it prints
/// lines as it finds them, in that order), the list marked partial once `n` are found. The
/// caller solved the play without the limit: the solver's own order may differ.
pub fn keep_first_lines<P: PopeyeGame>(solution: &mut HelpSolution<P>, n: usize, last: Lister) {
    sort_lines(&solution.position, &mut solution.lines, last);
    if solution.lines.len() >= n {
        solution.lines.truncate(n);
        solution.max_solutions_reached = true;
    }
}

/// Popeye's order for the help search ([`crate::help::LineOrder`]): each move ranked by its
/// sibling key, a line's last move by `last`'s generator — the order [`sort_lines`] sorts
/// into, so lines delivered in it need no sorting.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PopeyeLineOrder {
    pub last: Lister,
}

impl PopeyeLineOrder {
    /// The order of `style`'s lines.
    pub fn of(style: LineStyle) -> PopeyeLineOrder {
        PopeyeLineOrder { last: style.last }
    }
}

impl<P: PopeyeGame> LineOrder<P> for PopeyeLineOrder {
    fn rank(&self, pos: &P, m: P::Move, last: bool) -> u32 {
        pos.sibling_key(m, if last { self.last } else { Lister::Ordinary })
    }
}

/// Popeye's order of `stipulation`'s lines in the game `P` (a
/// [`crate::solver::HelpLineOrder`]: the UCI engine's order of help and series solutions).
pub fn popeye_line_order<P: PopeyeGame>(
    stipulation: &Stipulation,
) -> Option<&'static (dyn LineOrder<P> + Sync)> {
    static MATING: PopeyeLineOrder = PopeyeLineOrder {
        last: Lister::Mating,
    };
    static ORDINARY: PopeyeLineOrder = PopeyeLineOrder {
        last: Lister::Ordinary,
    };
    Some(
        match LineStyle::in_game(stipulation, P::MATING_LISTER).last {
            Lister::Mating => &MATING,
            Lister::Ordinary => &ORDINARY,
        },
    )
}

/// Writes each line handed on by the help search as Popeye prints it (a
/// [`crate::help::LineSink`]), into `chunks`. The caller gives the lines in Popeye's order
/// ([`PopeyeLineOrder`]).
pub struct PopeyeLines<'a, M> {
    writer: LineWriter,
    line: Line<M>,
    chunks: Chunks<'a>,
}

impl<'a, M> PopeyeLines<'a, M> {
    pub fn new(style: LineStyle, language: Language, chunks: Chunks<'a>) -> PopeyeLines<'a, M> {
        PopeyeLines {
            writer: LineWriter {
                style,
                language,
                out: String::new(),
            },
            line: Line { moves: Vec::new() },
            chunks,
        }
    }
}

impl<P: PopeyeGame> LineSink<P> for PopeyeLines<'_, P::Move> {
    fn line(&mut self, start: &P, moves: &[P::Move]) -> ControlFlow<()> {
        self.line.moves.clear();
        self.line.moves.extend_from_slice(moves);
        self.writer.out.clear();
        walk_lines(&mut self.writer, start, std::slice::from_ref(&self.line));
        self.chunks.push(&self.writer.out)
    }

    fn flush(&mut self) -> ControlFlow<()> {
        self.chunks.flush()
    }
}

/// Popeye's order: shorter lines first, then move by move in sibling order (the last move by
/// `last`'s order).
pub fn sort_lines<P: PopeyeGame>(root: &P, lines: &mut [Line<P::Move>], last: Lister) {
    let mut keyed: Vec<(usize, Vec<u32>, Line<P::Move>)> = lines
        .iter()
        .map(|line| (line.moves.len(), sort_key(root, line, last), line.clone()))
        .collect();
    keyed.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
    for (slot, (_, _, line)) in lines.iter_mut().zip(keyed) {
        *slot = line;
    }
}

fn sort_key<P: PopeyeGame>(root: &P, line: &Line<P::Move>, last_lister: Lister) -> Vec<u32> {
    let mut pos = root.clone();
    let last = line.moves.len().saturating_sub(1);
    line.moves
        .iter()
        .enumerate()
        .map(|(i, &m)| {
            let lister = if i == last {
                last_lister
            } else {
                Lister::Ordinary
            };
            let key = pos.sibling_key(m, lister);
            pos = if m.is_null() { pos.pass() } else { pos.play(m) };
            key
        })
        .collect()
}

struct LineWriter {
    style: LineStyle,
    language: Language,
    out: String,
}

impl LineWriter {
    /// What comes before move `index` of a line of `len` moves: the move number or a space.
    fn prefix(&self, index: usize, len: usize) -> String {
        if self.style.series {
            let is_reply = self.style.reply && index + 1 == len;
            return match (is_reply, index) {
                (true, 0) => "1...".to_owned(),
                (true, _) => " ".to_owned(),
                (false, _) => numbered(index, index / 2 + 1),
            };
        }
        if self.style.skipped_first {
            // After `1...  ...`: White's moves numbered from 2, the first after two blanks.
            return match (index % 2, index) {
                (0, 0) => "  2.".to_owned(),
                (0, _) => numbered(index, index / 2 + 2),
                _ => " ".to_owned(),
            };
        }
        let half = index + len % 2;
        match (half % 2, index) {
            (0, _) => numbered(index, half / 2 + 1),
            (_, 0) => "1...".to_owned(),
            _ => " ".to_owned(),
        }
    }
}

/// A move number as Popeye writes it: right-aligned in three places after the previous
/// move's space (`   2.`, `  10.`), bare at the start of the line (after its two blanks).
fn numbered(index: usize, number: usize) -> String {
    if index == 0 {
        format!("{number}.")
    } else {
        format!(" {number:>3}.")
    }
}

impl<P: PopeyeGame> LineVisitor<P> for LineWriter {
    fn start_line(&mut self, _line: &Line<P::Move>) {
        self.out.push_str(if self.style.skipped_first {
            "  1...  ..."
        } else {
            "  "
        });
    }

    fn line_move(&mut self, pos: &P, line: &Line<P::Move>, index: usize) {
        let m = line.moves[index];
        // In series play a null move is the other side's pass, not written; in help play
        // (`NullMoves`) it is a side's pass, written `...`, which checks nothing.
        if m.is_null() && self.style.series {
            return;
        }
        let len = line.moves.len();
        let prefix = self.prefix(index, len);
        let mark = if index + 1 == len {
            match self.style.goal {
                Goal::Stalemate => " =",
                _ => " #",
            }
        } else if !m.is_null() && pos.play(m).is_check() {
            " +"
        } else {
            ""
        };
        self.out.push_str(&prefix);
        if m.is_null() {
            self.out.push_str(" ...");
        } else {
            pos.write_move_text(m, self.language, &mut self.out);
        }
        self.out.push_str(mark);
    }

    fn end_line(&mut self, _line: &Line<P::Move>) {
        self.out.push('\n');
    }
}
