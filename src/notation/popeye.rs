//! Popeye's long algebraic notation: `Sb6-d5`, `Qc1*e3`, `e2-e4`, `e7-e8=S`, `h5*g6 ep.`,
//! `0-0`, `0-0-0`, with piece letters in the problem's [`Language`].
//!
//! The form names both squares, `-` for a move and `*` for a capture, no letter for pawns. The
//! check and mate marks Popeye prints after a move (` +`, ` #`) are the output writer's
//! business — it asks [`CheckMark`](super::CheckMark) — so this writer leaves them out and the
//! reader merely tolerates them.

use super::{strip_annotations, unique_match, Language, Notation, ParseMoveError};
use crate::board::{Move, MoveKind, Position, Role, Square};

/// The Popeye form of legal move `m` in `pos`, without check marks; `--` for the null move.
///
/// ```
/// use mateproof::board::{Position, Validation};
/// use mateproof::notation::{parse_uci, to_popeye, Language};
/// let pos = Position::from_fen("3qk3/4P3/8/8/8/8/8/1N2K2R w K - 0 1", Validation::Strict).unwrap();
/// assert_eq!(to_popeye(&pos, parse_uci(&pos, "b1c3").unwrap(), Language::English), "Sb1-c3");
/// assert_eq!(to_popeye(&pos, parse_uci(&pos, "e7d8n").unwrap(), Language::German), "e7*d8=S");
/// assert_eq!(to_popeye(&pos, parse_uci(&pos, "e1g1").unwrap(), Language::French), "0-0");
/// ```
pub fn to_popeye(pos: &Position, m: Move, language: Language) -> String {
    let mut text = String::with_capacity(12);
    write_popeye(&mut text, pos, m, language);
    text
}

/// [`to_popeye`] appended to `text`, with no `String` of its own: the Popeye writer names
/// every move of a solution tree (thousands for a two-mover with a hundred keys).
///
/// ```
/// use mateproof::board::{Position, Validation};
/// use mateproof::notation::{parse_uci, write_popeye, Language};
/// let pos = Position::from_fen("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", Validation::Strict).unwrap();
/// let mut line = String::from("   1.");
/// write_popeye(&mut line, &pos, parse_uci(&pos, "b1c3").unwrap(), Language::German);
/// assert_eq!(line, "   1.Sb1-c3");
/// ```
pub fn write_popeye(text: &mut String, pos: &Position, m: Move, language: Language) {
    if m.is_null() {
        text.push_str("--");
        return;
    }
    if m.is_castle() {
        text.push_str(if m.to().file() == 6 { "0-0" } else { "0-0-0" });
        return;
    }
    match pos.role_at(m.from()) {
        Some(Role::Pawn) | None => {}
        Some(role) => text.push(language.letter(role)),
    }
    text.extend([m.from().file_char(), m.from().rank_char()]);
    text.push(if pos.is_capture(m) { '*' } else { '-' });
    text.extend([m.to().file_char(), m.to().rank_char()]);
    if let Some(promoted) = m.promotion() {
        text.push('=');
        text.push(language.letter(promoted));
    }
    if m.kind() == MoveKind::EnPassant {
        text.push_str(" ep.");
    }
}

/// Parses a move in Popeye's form and returns the legal move of `pos` it names. Trailing
/// ` +`, ` #`, ` !`, ` ?` and ` ep.` are accepted (and ` ep.` is optional). The separator must
/// agree with the board: `*` only for captures, `-` only for quiet moves.
///
/// ```
/// use mateproof::board::{Position, Validation};
/// use mateproof::notation::{parse_popeye, Language, ParseMoveError};
/// let pos = Position::from_fen("8/Q7/8/8/8/8/8/2k1K2R w K - 0 1", Validation::Lenient).unwrap();
/// assert_eq!(parse_popeye(&pos, "Da7-a3 +", Language::German).unwrap().to_string(), "a7a3");
/// assert_eq!(parse_popeye(&pos, "0-0", Language::French).unwrap().to_string(), "e1g1");
/// assert!(matches!(parse_popeye(&pos, "Da7-a3", Language::English), Err(ParseMoveError::Syntax { .. })));
/// ```
pub fn parse_popeye(
    pos: &Position,
    text: &str,
    language: Language,
) -> Result<Move, ParseMoveError> {
    let body = strip_annotations(text.trim());
    let body = body.strip_suffix("ep.").map_or(body, str::trim_end);
    let legal = pos.legal_moves();
    let castle_file = match body {
        "0-0" | "O-O" => Some(6),
        "0-0-0" | "O-O-O" => Some(2),
        _ => None,
    };
    if let Some(king_file) = castle_file {
        let castles = legal
            .iter()
            .copied()
            .filter(|m| m.is_castle() && m.to().file() == king_file);
        return unique_match(Notation::Popeye, text, castles);
    }
    let pattern = PopeyePattern::parse(body, language)
        .map_err(|reason| ParseMoveError::syntax(Notation::Popeye, text, reason))?;
    let fits = |m: &Move| {
        m.from() == pattern.from
            && m.to() == pattern.to
            && !m.is_castle()
            && pos.role_at(m.from()) == Some(pattern.role)
            && pos.is_capture(*m) == pattern.capture
            && pattern
                .promotion
                .is_none_or(|role| m.promotion() == Some(role))
    };
    unique_match(Notation::Popeye, text, legal.iter().copied().filter(fits))
}

/// What a non-castling Popeye move says.
struct PopeyePattern {
    role: Role,
    from: Square,
    capture: bool,
    to: Square,
    promotion: Option<Role>,
}

impl PopeyePattern {
    /// Reads `[piece]square(-|*)square[=piece]`.
    fn parse(body: &str, language: Language) -> Result<PopeyePattern, &'static str> {
        let mut rest = body.as_bytes();
        let mut role = Role::Pawn;
        if let [first, tail @ ..] = rest {
            if first.is_ascii_uppercase() {
                role = language
                    .role(char::from(*first))
                    .ok_or("unknown piece letter for this language")?;
                rest = tail;
            }
        }
        let [f1, r1, sep, f2, r2, tail @ ..] = rest else {
            return Err("expected a move such as Sb6-d5 or e7*d8=Q");
        };
        let from = Square::from_ascii(&[*f1, *r1]).ok_or("bad origin square")?;
        let capture = match sep {
            b'-' => false,
            b'*' => true,
            _ => return Err("squares must be joined by '-' or '*'"),
        };
        let to = Square::from_ascii(&[*f2, *r2]).ok_or("bad destination square")?;
        let promotion = match tail {
            [] => None,
            [b'=', letter] => {
                let promoted = language
                    .role(char::from(*letter))
                    .ok_or("unknown promotion piece for this language")?;
                if !Role::PROMOTIONS.contains(&promoted) {
                    return Err("a pawn promotes to queen, rook, bishop or knight");
                }
                if role != Role::Pawn {
                    return Err("only pawns promote");
                }
                Some(promoted)
            }
            _ => return Err("unexpected text after the destination square"),
        };
        Ok(PopeyePattern {
            role,
            from,
            capture,
            to,
            promotion,
        })
    }
}

#[cfg(test)]
mod tests;
