//! Help and series play in one of `--notation`'s unnumbered styles (`mateproof solve --stip h#2
//! --notation san`, or `uci`): one solution a line, each move in the style, the moves one
//! space apart and unnumbered, as EPD and PGN tools read them: `Kd4 Rb5 Ke5 Qe7#` (SAN with its
//! `+` and `#`), `d5d4 b1b5 d4e5 e2e7` (UCI squares). The other side's passes in series play
//! are left out, as Popeye leaves them out of its lines. Popeye's own form, the default, is
//! [`crate::popeye::line_text`]'s. It writes lines handed on by the help search; it never
//! searches.

use super::chunks::Chunks;
use crate::board::{Move, Position};
use crate::help::LineSink;
use crate::notation::MoveStyle;
use std::ops::ControlFlow;

/// Writes each line handed on by the help search in `style` (a [`LineSink`]), into `chunks`.
pub struct StyledLines<'a> {
    pub style: MoveStyle,
    pub chunks: Chunks<'a>,
}

impl LineSink<Position> for StyledLines<'_> {
    fn line(&mut self, start: &Position, moves: &[Move]) -> ControlFlow<()> {
        let mut text = line_text(start, moves, self.style);
        text.push('\n');
        self.chunks.push(&text)
    }

    fn flush(&mut self) -> ControlFlow<()> {
        self.chunks.flush()
    }
}

/// The line of `moves` from `start` in `style`, without its line break.
///
/// ```
/// use mateproof::board::{Position, Validation};
/// use mateproof::notation::{parse_uci, MoveStyle};
/// use mateproof::output::lines_text::line_text;
/// let pos = Position::from_fen("k7/8/1K6/8/8/8/8/7R b - - 0 1", Validation::Lenient).unwrap();
/// let first = parse_uci(&pos, "a8b8").unwrap();
/// let mate = parse_uci(&pos.after(first), "h1h8").unwrap();
/// assert_eq!(line_text(&pos, &[first, mate], MoveStyle::San), "Kb8 Rh8#");
/// assert_eq!(line_text(&pos, &[first, mate], MoveStyle::Uci), "a8b8 h1h8");
/// ```
pub fn line_text(start: &Position, moves: &[Move], style: MoveStyle) -> String {
    let mut text = String::new();
    let mut pos = *start;
    for &m in moves {
        if m.is_null() {
            pos = pos.after_null();
            continue;
        }
        if !text.is_empty() {
            text.push(' ');
        }
        text.push_str(&style.move_text(&pos, m));
        pos = pos.after(m);
    }
    text
}
