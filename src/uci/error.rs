//! Everything the UCI engine can object to, each with the message the GUI sees after
//! `info string error: `. Every error leaves the engine's state as it was before the line.

use crate::board::FenError;
use crate::notation::ParseMoveError;

/// Why a line from the GUI was not obeyed.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum UciError {
    #[error("unknown command '{0}'")]
    UnknownCommand(String),
    /// A fault of the engine's own while obeying a line (a panic caught by the command loop).
    #[error("internal error while obeying '{line}': {message} (the engine goes on)")]
    Internal { line: String, message: String },
    #[error("'{0}' is a message engines send to GUIs, not a command")]
    GuiMessage(String),
    #[error("line of {0} bytes is too long (limit {limit})", limit = super::MAX_LINE_BYTES)]
    LineTooLong(usize),
    #[error("unexpected '{found}' after '{command}'")]
    TrailingInput {
        command: &'static str,
        found: String,
    },
    #[error("{command}: {reason}")]
    Syntax {
        command: &'static str,
        reason: String,
    },
    #[error("go: unknown parameter '{0}'")]
    UnknownGoParameter(String),
    #[error("go: '{0}' given twice")]
    DuplicateGoParameter(&'static str),
    #[error("{what}: expected a number from {min} to {max}, found '{found}'")]
    OutOfRange {
        what: &'static str,
        found: String,
        min: i64,
        max: u64,
    },
    #[error("go: searchmoves: {0}")]
    SearchMove(ParseMoveError),
    #[error("position: {0} (position unchanged)")]
    Fen(FenError),
    #[error("position: move {ply} '{text}': {reason} (position unchanged)")]
    IllegalMove {
        ply: usize,
        text: String,
        reason: String,
    },
    #[error("setoption: no option named '{0}' (see the option lines after 'uci')")]
    UnknownOption(String),
    #[error("setoption {name}: {reason}")]
    OptionValue { name: &'static str, reason: String },
    #[error("{0} is not allowed while a search runs; send 'stop' first")]
    Busy(&'static str),
    #[error("ponderhit without a 'go ponder' search running")]
    NotPondering,
    #[error("the command parser failed on this line ({0}); the line was ignored")]
    ParserFault(String),
}

/// A decimal number of a command within `min..=max` (a leading `+` allowed, nothing else), or
/// the [`UciError::OutOfRange`] that names it: the one number reader of `go` and its variants.
pub(super) fn number(what: &'static str, text: &str, min: u64, max: u64) -> Result<u64, UciError> {
    let err = || UciError::OutOfRange {
        what,
        found: text.to_owned(),
        min: min as i64,
        max,
    };
    let digits = text.strip_prefix('+').unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(err());
    }
    let n: u64 = digits.parse().map_err(|_| err())?;
    if (min..=max).contains(&n) {
        Ok(n)
    } else {
        Err(err())
    }
}
