//! Writes help and series play as Popeye prints it: one solution a line, shortest first, in
//! Popeye's order (each move's siblings ranked by [`super::order`], the mating move by the
//! mate generator's order), e.g. `  1.Kf5-g5 Sh5-f6   2.Kg5-h4 Qe6-g4 #`; a line with an odd
//! number of half-moves (`h#N.5`, set play) starts `  1...`; in series play each series move
//! is numbered and the other side's closing move follows after one space. Check marks ` +`
//! on the way, the goal's mark (` #`, ` =`) on the last move.
//!
//! It walks the lines with [`crate::solution::walk::walk_lines`]; it never searches.

use super::order::{sibling_key, Lister};
use crate::board::{Move, Position};
use crate::notation::{to_popeye, Language};
use crate::problem::{Goal, Stipulation};
use crate::solution::walk::{walk_lines, LineVisitor};
use crate::solution::{HelpSolution, Line};
use std::fmt::Write;

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
}

impl LineStyle {
    pub fn of(stipulation: &Stipulation) -> LineStyle {
        use crate::problem::{PlayKind, SeriesEnd};
        let (series, reply) = match stipulation.play {
            PlayKind::Series(SeriesEnd::Direct) => (true, false),
            PlayKind::Series(_) => (true, true),
            _ => (false, false),
        };
        let forced = stipulation.play == PlayKind::Series(SeriesEnd::SelfPlay);
        let last = if stipulation.goal == Goal::Mate && !forced {
            Lister::Mating
        } else {
            Lister::Ordinary
        };
        LineStyle {
            goal: stipulation.goal,
            series,
            reply,
            last,
        }
    }
}

/// The lines of `solution`, sorted into Popeye's order, one text line each.
pub fn write_lines(solution: &HelpSolution, style: LineStyle, language: Language) -> String {
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

/// Popeye's order: shorter lines first, then move by move in sibling order (the last move by
/// `last`'s order).
pub fn sort_lines(root: &Position, lines: &mut [Line], last: Lister) {
    let mut keyed: Vec<(usize, Vec<u32>, Line)> = lines
        .iter()
        .map(|line| (line.moves.len(), sort_key(root, line, last), line.clone()))
        .collect();
    keyed.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
    for (slot, (_, _, line)) in lines.iter_mut().zip(keyed) {
        *slot = line;
    }
}

fn sort_key(root: &Position, line: &Line, last_lister: Lister) -> Vec<u32> {
    let mut pos = *root;
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
            let key = sibling_key(&pos, m, lister);
            pos = if m.is_null() {
                pos.after_null()
            } else {
                pos.after(m)
            };
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

impl LineVisitor for LineWriter {
    fn start_line(&mut self, _line: &Line) {
        self.out.push_str("  ");
    }

    fn line_move(&mut self, pos: &Position, line: &Line, index: usize) {
        let m: Move = line.moves[index];
        if m.is_null() {
            return;
        }
        let len = line.moves.len();
        let prefix = self.prefix(index, len);
        let mark = if index + 1 == len {
            match self.style.goal {
                Goal::Stalemate => " =",
                _ => " #",
            }
        } else if pos.after(m).is_check() {
            " +"
        } else {
            ""
        };
        let _ = write!(
            self.out,
            "{prefix}{}{mark}",
            to_popeye(pos, m, self.language)
        );
    }

    fn end_line(&mut self, _line: &Line) {
        self.out.push('\n');
    }
}
