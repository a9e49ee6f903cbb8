//! Move notation shared by every front end: UCI (`e7e8q`), SAN (`Nbd7`, `exd6`, `O-O+`, for
//! EPD and PGN) and Popeye's long algebraic form (`Sb6-d5`, `h5*g6 ep.`) in English, German
//! and French piece letters.
//!
//! Every reader takes a [`Position`](crate::board::Position) and returns one of its *legal*
//! moves, or a [`ParseMoveError`] that says whether the text was garbage, named no legal move,
//! or named several. Every writer takes a legal move of the position it is given. This module
//! only translates between text and moves: it never searches, and it never decides what a
//! front end prints around a move (move numbers, ` !`, `threat:` …). The one piece of chess
//! knowledge writers share — does a move check or mate — lives in [`check`], so it is computed
//! in one place.

pub mod check;
pub mod language;
pub mod popeye;
pub mod san;
pub mod style;
pub mod uci;

#[cfg(test)]
pub(crate) mod test_support;

pub use check::CheckMark;
pub use language::Language;
pub use popeye::{parse_popeye, to_popeye, write_popeye};
pub use san::{parse_san, parse_san_line, to_san, to_san_plus};
pub use style::MoveStyle;
pub use uci::parse_uci;

use crate::board::Move;
use std::fmt;

/// The notation a move was written in, named in error messages.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Notation {
    Uci,
    San,
    Popeye,
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Notation::Uci => "UCI",
            Notation::San => "SAN",
            Notation::Popeye => "Popeye",
        })
    }
}

/// Why a move text could not be turned into a legal move. Every variant carries the offending
/// text as written.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ParseMoveError {
    /// The text is not a move in this notation at all.
    #[error("'{text}' is not a {notation} move: {reason}")]
    Syntax {
        notation: Notation,
        text: String,
        reason: &'static str,
    },
    /// Well-formed, but no legal move of the position fits it.
    #[error("{notation} move '{text}' is not legal in this position")]
    Illegal { notation: Notation, text: String },
    /// Several legal moves fit it (a SAN without the needed disambiguation, or a promotion
    /// without the piece).
    #[error("{notation} move '{text}' is ambiguous: it fits {}", list_moves(.candidates))]
    Ambiguous {
        notation: Notation,
        text: String,
        candidates: Vec<Move>,
    },
}

impl ParseMoveError {
    /// The text that could not be read.
    pub fn text(&self) -> &str {
        match self {
            ParseMoveError::Syntax { text, .. }
            | ParseMoveError::Illegal { text, .. }
            | ParseMoveError::Ambiguous { text, .. } => text,
        }
    }

    pub(crate) fn syntax(notation: Notation, text: &str, reason: &'static str) -> ParseMoveError {
        ParseMoveError::Syntax {
            notation,
            text: text.to_owned(),
            reason,
        }
    }

    pub(crate) fn illegal(notation: Notation, text: &str) -> ParseMoveError {
        ParseMoveError::Illegal {
            notation,
            text: text.to_owned(),
        }
    }
}

fn list_moves(moves: &[Move]) -> String {
    moves
        .iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The one legal move among `candidates`, or the error that says why there is not exactly one.
/// Readers that match a pattern against the legal move list all end here.
pub(crate) fn unique_match(
    notation: Notation,
    text: &str,
    mut candidates: impl Iterator<Item = Move>,
) -> Result<Move, ParseMoveError> {
    let Some(first) = candidates.next() else {
        return Err(ParseMoveError::illegal(notation, text));
    };
    let rest: Vec<Move> = candidates.collect();
    if rest.is_empty() {
        Ok(first)
    } else {
        let mut all = vec![first];
        all.extend(rest);
        Err(ParseMoveError::Ambiguous {
            notation,
            text: text.to_owned(),
            candidates: all,
        })
    }
}

/// Drops trailing check, mate and evaluation marks (`+`, `#`, `!`, `?`, in any mix and with
/// spaces between), which readers accept but never need: the position decides them.
pub(crate) fn strip_annotations(text: &str) -> &str {
    text.trim_end_matches(|c: char| matches!(c, '+' | '#' | '!' | '?') || c.is_whitespace())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Position, Validation};

    #[test]
    fn annotations_are_stripped_only_at_the_end() {
        assert_eq!(strip_annotations("Qxf7#"), "Qxf7");
        assert_eq!(strip_annotations("e4!?"), "e4");
        assert_eq!(strip_annotations("Sb6-d5 + ?"), "Sb6-d5");
        assert_eq!(strip_annotations("O-O+!!"), "O-O");
        assert_eq!(strip_annotations("+e4"), "+e4");
    }

    #[test]
    fn errors_name_the_offending_text() {
        let pos =
            Position::from_fen("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1", Validation::Strict).unwrap();
        let err = parse_san(&pos, "Rd1").unwrap_err();
        assert_eq!(err.text(), "Rd1");
        assert_eq!(
            err.to_string(),
            "SAN move 'Rd1' is ambiguous: it fits a1d1, f1d1"
        );
        let err = parse_uci(&pos, "e9e4").unwrap_err();
        assert!(
            err.to_string().starts_with("'e9e4' is not a UCI move"),
            "{err}"
        );
    }
}
