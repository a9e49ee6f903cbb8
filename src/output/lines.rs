//! Help and series play as text in a [`MoveStyle`] (`mateproof solve --stip h#2 --notation
//! san`): one solution a line, in Popeye's order, numbered as Popeye numbers them where the
//! style numbers moves — `1.Kb8 Rh8#`, `1...Rd1 2.Kb8 Rd8#` (h#1.5: White's first half-move
//! is `1...`), series `1.Ra7 2.Ra8#` (the other side's passes are not written). Styles without
//! numbers write the moves alone: `Kb8 Rh8#`, `a8b8 h1h8`. Popeye's own text, spacing and all,
//! is `crate::popeye::line_text`, which the command line uses for `--notation popeye`.

use crate::board::Position;
use crate::notation::MoveStyle;
use crate::popeye::line_text::{sort_lines, LineStyle};
use crate::problem::Stipulation;
use crate::rules::Rules;
use crate::solution::{HelpSolution, Line};

/// Every line of `solution` (of `stipulation`), one a line, in `style`.
pub fn help_lines_text(
    solution: &HelpSolution,
    stipulation: &Stipulation,
    style: MoveStyle,
) -> String {
    let line_style = LineStyle::of(stipulation);
    let mut lines = solution.lines.clone();
    sort_lines(&solution.position, &mut lines, line_style.last);
    let mut out = String::new();
    for line in &lines {
        out.push_str(&line_text(&solution.position, line, line_style, style));
        out.push('\n');
    }
    out
}

/// One line: each move with the number Popeye gives it, when `style` numbers moves.
fn line_text(root: &Position, line: &Line, line_style: LineStyle, style: MoveStyle) -> String {
    let len = line.moves.len();
    let mut pos = *root;
    let mut words = Vec::with_capacity(len);
    for (index, &m) in line.moves.iter().enumerate() {
        // A null move in series play is the other side's pass, not written; in help play
        // (Popeye's `NullMoves`) it is a side's pass, written as the style writes one.
        if !(m.is_null() && line_style.series) {
            let text = style.move_text(&pos, m);
            words.push(
                match number(line_style, index, len).filter(|_| style.numbered()) {
                    Some(number) => format!("{number}{text}"),
                    None => text,
                },
            );
        }
        pos = if m.is_null() { pos.pass() } else { pos.play(m) };
    }
    words.join(" ")
}

/// The number before move `index` of a line of `len` moves, as Popeye numbers it: in series
/// play each move of the series (`1.`, `2.`, the passes between them counted) and not the
/// other side's reply; in help play each move pair from the starter's move, a line of odd
/// length (`h#N.5`) starting in the middle of the first pair (`1...`).
fn number(line_style: LineStyle, index: usize, len: usize) -> Option<String> {
    if line_style.series {
        let is_reply = line_style.reply && index + 1 == len;
        return match (is_reply, index) {
            (true, 0) => Some("1...".to_owned()),
            (true, _) => None,
            (false, _) => Some(format!("{}.", index / 2 + 1)),
        };
    }
    let half = index + len % 2;
    match (half % 2, index) {
        (0, _) => Some(format!("{}.", half / 2 + 1)),
        (_, 0) => Some("1...".to_owned()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Validation;
    use crate::notation::parse_uci;
    use crate::solution::SearchStats;

    /// Lines given in UCI (`0000` a pass) from `fen`.
    fn solution(fen: &str, lines: &[&[&str]]) -> HelpSolution {
        let position = Position::from_fen(fen, Validation::Lenient).unwrap();
        let lines = lines
            .iter()
            .map(|moves| {
                let mut pos = position;
                Line {
                    moves: moves
                        .iter()
                        .map(|&text| {
                            let m = if text == "0000" {
                                crate::board::Move::NULL
                            } else {
                                parse_uci(&pos, text).unwrap()
                            };
                            pos = if m.is_null() { pos.pass() } else { pos.play(m) };
                            m
                        })
                        .collect(),
                }
            })
            .collect();
        HelpSolution {
            position,
            lines,
            complete: true,
            max_solutions_reached: false,
            stats: SearchStats::default(),
        }
    }

    fn text(s: &HelpSolution, stipulation: &str, style: MoveStyle) -> String {
        help_lines_text(s, &stipulation.parse().unwrap(), style)
    }

    #[test]
    fn help_lines_are_numbered_by_pairs_from_the_starter() {
        let h1 = solution("k7/8/1K6/8/8/8/8/7R b - - 0 1", &[&["a8b8", "h1h8"]]);
        assert_eq!(text(&h1, "h#1", MoveStyle::Problemist), "1.Kb8 Rh8#\n");
        assert_eq!(text(&h1, "h#1", MoveStyle::San), "Kb8 Rh8#\n");
        assert_eq!(text(&h1, "h#1", MoveStyle::Uci), "a8b8 h1h8\n");
        // h#1.5: White starts, and its first move is the second half of pair 1.
        let half = solution(
            "k7/8/1K6/8/8/8/8/7R w - - 0 1",
            &[&["h1d1", "a8b8", "d1d8"], &["h1h8"]],
        );
        assert_eq!(
            text(&half, "h#1.5", MoveStyle::Problemist),
            "1...Rh8#\n1...Rd1 2.Kb8 Rd8#\n",
            "shorter lines first, as Popeye lists them"
        );
    }

    #[test]
    fn series_lines_number_the_series_and_not_the_passes_or_the_reply() {
        let ser = solution(
            "7k/8/6K1/8/8/8/8/R7 w - - 0 1",
            &[&["a1a7", "0000", "a7a8"]],
        );
        assert_eq!(
            text(&ser, "ser-#2", MoveStyle::Problemist),
            "1.Ra7 2.Ra8#\n"
        );
        assert_eq!(text(&ser, "ser-#2", MoveStyle::San), "Ra7 Ra8#\n");
        let ser_h = solution(
            "k7/8/1K6/8/8/8/8/7R b - - 0 1",
            &[&["a8b8", "0000", "b8a8", "h1h8"]],
        );
        assert_eq!(
            text(&ser_h, "ser-h#2", MoveStyle::Problemist),
            "1.Kb8 2.Ka8 Rh8#\n"
        );
        assert_eq!(text(&ser_h, "ser-h#2", MoveStyle::Uci), "a8b8 b8a8 h1h8\n");
    }
}
