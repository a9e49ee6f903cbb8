//! Mateproof's UCI extension `go classify plies N` (protocol/uci-extensions.md): its parser,
//! and the `info string classify …` records that answer it, one per verdict of
//! [`crate::output::classify::verdicts`], before the `bestmove`.

use super::command::Command;
use super::error::{number, UciError};
use crate::board::{Move, Position};
use crate::classify::{Classification, MAX_PLIES};
use crate::output::classify::verdicts;

/// Parses the tokens after `go classify`: exactly `plies N`, N from 1 to [`MAX_PLIES`].
///
/// ```
/// use mateproof::uci::{parse_go, Command};
/// assert_eq!(parse_go(&["classify", "plies", "5"]), Ok(Command::Classify(5)));
/// assert!(parse_go(&["classify", "plies", "0"]).is_err());
/// assert!(parse_go(&["classify", "5"]).is_err());
/// ```
pub(super) fn parse_go_classify(args: &[&str]) -> Result<Command, UciError> {
    match args {
        [keyword, n] if keyword.eq_ignore_ascii_case("plies") => {
            Ok(Command::Classify(
                number("go classify plies", n, 1, u64::from(MAX_PLIES))? as u32,
            ))
        }
        [keyword, _, extra, ..] if keyword.eq_ignore_ascii_case("plies") => {
            Err(UciError::TrailingInput {
                command: "go classify plies N",
                found: (*extra).to_owned(),
            })
        }
        _ => Err(UciError::Syntax {
            command: "go classify",
            reason: "expected 'plies N', as in 'go classify plies 5'".into(),
        }),
    }
}

/// The records: `info string classify <field> <value>`, then `line …` (SAN) where the verdict
/// has a witness and `keys …` for a forced win; a heading record names the side and the bound.
pub(super) fn classify_lines(c: &Classification<Move>, position: &Position) -> Vec<String> {
    let mut lines = vec![format!(
        "info string classify side {} plies {}",
        c.x.name(),
        c.plies
    )];
    for v in verdicts(c, position) {
        let mut line = format!("info string classify {} {}", v.field, v.value);
        if !v.keys.is_empty() {
            line.push_str(" keys ");
            line.push_str(&v.keys.join(" "));
        }
        if !v.line.is_empty() {
            line.push_str(" line ");
            line.push_str(&v.line.join(" "));
        }
        lines.push(line);
    }
    lines
}
