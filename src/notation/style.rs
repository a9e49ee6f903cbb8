//! How the command line writes moves: one choice (`--notation`) for every command that prints
//! moves, so `solve`, `suite`, `score` and `compose` read alike.
//!
//! - [`MoveStyle::Problemist`] (the default): short algebraic as problem books print it —
//!   `Qc4`, `Qxd5#`, `e8=Q+` — with move numbers (`1.Qc4!`, `1...Bd5 2.Qxd5#`);
//! - [`MoveStyle::Popeye`]: Popeye's long form, `Qb5-c4`, `Qc4*d5 #` (English letters);
//! - [`MoveStyle::San`]: SAN with `+`/`#`, no move numbers (as EPD and PGN write it);
//! - [`MoveStyle::Uci`]: UCI squares, `b5c4` (what GUIs and scripts exchange);
//! - [`MoveStyle::Thesis`]: the composer thesis' Appendix E form, `Qb5-c4`, `Qc4:d5`, Black's
//!   men in lower case (`pc7-c6`) — the default of `score` and `compose`, whose printouts are
//!   compared with the thesis'.
//!
//! This module writes one move, and the number before it; the layout around moves is the
//! writers'. JSON output never depends on it.

use super::{to_popeye, to_san_plus, CheckMark, Language};
use crate::board::{Color, Move, MoveKind, Position};
use std::fmt::Write;

/// How moves are written: the five styles of the list above (the command line offers them as
/// `--notation`, named in `crate::cli::args`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum MoveStyle {
    #[default]
    Problemist,
    Popeye,
    San,
    Uci,
    Thesis,
}

impl MoveStyle {
    /// The text of legal move `m` in `pos` (a null move, Black's pass before a threat, is `--`).
    ///
    /// ```
    /// use mateproof::board::{Position, Validation};
    /// use mateproof::notation::{parse_uci, MoveStyle};
    /// let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", Validation::Strict).unwrap();
    /// let m = parse_uci(&pos, "a1a8").unwrap();
    /// assert_eq!(MoveStyle::Problemist.move_text(&pos, m), "Ra8#");
    /// assert_eq!(MoveStyle::Popeye.move_text(&pos, m), "Ra1-a8 #");
    /// assert_eq!(MoveStyle::Uci.move_text(&pos, m), "a1a8");
    /// ```
    pub fn move_text(self, pos: &Position, m: Move) -> String {
        if m.is_null() {
            return "--".to_owned();
        }
        match self {
            MoveStyle::Problemist | MoveStyle::San => to_san_plus(pos, m),
            MoveStyle::Popeye => {
                let mark = CheckMark::of(pos, m);
                let mut text = to_popeye(pos, m, Language::English);
                if mark.is_check() {
                    text.push(' ');
                    text.push_str(mark.symbol());
                }
                text
            }
            MoveStyle::Uci => m.to_string(),
            MoveStyle::Thesis => thesis_move(pos, m),
        }
    }

    /// Whether this style numbers moves.
    pub fn numbered(self) -> bool {
        matches!(self, MoveStyle::Problemist | MoveStyle::Popeye)
    }

    /// The move with its number when the style numbers moves: `ply` counts half-moves from the
    /// diagram, 0 = White's first (`1.Qc4`), 1 = Black's reply (`1...Bd5`).
    pub fn numbered_text(self, pos: &Position, m: Move, ply: usize) -> String {
        let text = self.move_text(pos, m);
        if !self.numbered() {
            return text;
        }
        let number = ply / 2 + 1;
        if ply.is_multiple_of(2) {
            format!("{number}.{text}")
        } else {
            format!("{number}...{text}")
        }
    }

    /// The key's `!` or a try's `?`: attached in problemist form (`1.Qc4!`), after a space
    /// elsewhere (`1.Qb5-c4 !`, `b5c4 !`).
    pub fn verdict_mark(self, is_try: bool) -> &'static str {
        match (self, is_try) {
            (MoveStyle::Problemist, false) => "!",
            (MoveStyle::Problemist, true) => "?",
            (_, false) => " !",
            (_, true) => " ?",
        }
    }
}

/// A move as the composer thesis' printouts write it (Appendix E): the piece letter (lower case
/// for Black, `P`/`p` for pawns), from square, `-` or `:` for a capture, to square, `=Q` for a
/// promotion; castling `0-0` / `0-0-0`. The thesis marks a mate with a separate ` X`.
///
/// ```
/// use mateproof::board::{Position, Validation};
/// use mateproof::notation::{parse_uci, style::thesis_move};
/// let pos = Position::from_fen("b2K4/2p5/3k4/1Q6/5P2/1B6/8/8 w - - 0 1", Validation::Strict).unwrap();
/// assert_eq!(thesis_move(&pos, parse_uci(&pos, "b5c4").unwrap()), "Qb5-c4");
/// ```
pub fn thesis_move(pos: &Position, m: Move) -> String {
    let Some(piece) = pos.moved_piece(m) else {
        return m.to_string();
    };
    if m.is_castle() {
        return if m.to().file() == 6 { "0-0" } else { "0-0-0" }.to_owned();
    }
    let mut s = String::new();
    let letter = piece.role.upper_char();
    s.push(match piece.color {
        Color::White => letter,
        Color::Black => letter.to_ascii_lowercase(),
    });
    let joint = if pos.is_capture(m) { ':' } else { '-' };
    let _ = write!(s, "{}{}{}", m.from(), joint, m.to());
    if let MoveKind::Promotion(role) = m.kind() {
        let _ = write!(s, "={}", role.upper_char());
    }
    s
}
