//! Standard Algebraic Notation, written exactly and read leniently.
//!
//! Writing follows the PGN standard: piece letter (none for pawns), the fewest origin hints that
//! make the move unique (file, else rank, else both), `x` for captures including en passant,
//! `=Q` for promotions, `O-O`/`O-O-O`, and `+`/`#` when asked for. Reading accepts what EPD
//! files and people actually write: trailing `+ # ! ?` marks, `e.p.`, a missing or extra `x`
//! (an `x` must still capture), `0-0` for `O-O`, promotions as `e8=Q`, `e8Q` or `e8q`, and
//! surplus origin hints. A text fitting several legal moves is an error, never a guess.

use super::{strip_annotations, unique_match, CheckMark, Notation, ParseMoveError};
use crate::board::{Bitboard, GenKind, Move, MoveKind, MoveList, Position, Role, Square};
use std::fmt::Write;

/// The SAN of legal move `m` in `pos`, without a check mark; `--` for the null move.
///
/// ```
/// use mateproof::board::{Position, Validation};
/// use mateproof::notation::{parse_uci, to_san};
/// let pos = Position::from_fen("4k3/8/8/8/8/8/4K3/R6R w - - 0 1", Validation::Strict).unwrap();
/// assert_eq!(to_san(&pos, parse_uci(&pos, "a1d1").unwrap()), "Rad1");
/// assert_eq!(to_san(&pos, parse_uci(&pos, "h1h8").unwrap()), "Rh8");
/// ```
pub fn to_san(pos: &Position, m: Move) -> String {
    let mut san = String::with_capacity(8);
    write_san(pos, m, &mut san);
    san
}

/// The SAN of legal move `m` in `pos` with its check mark (`+` or `#`), as PGN and EPD write it.
///
/// ```
/// use mateproof::board::{Position, Validation};
/// use mateproof::notation::{parse_uci, to_san_plus};
/// let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", Validation::Strict).unwrap();
/// assert_eq!(to_san_plus(&pos, parse_uci(&pos, "a1a8").unwrap()), "Ra8#");
/// ```
pub fn to_san_plus(pos: &Position, m: Move) -> String {
    let mut san = to_san(pos, m);
    san.push_str(CheckMark::of(pos, m).symbol());
    san
}

fn write_san(pos: &Position, m: Move, out: &mut String) {
    if m.is_null() {
        out.push_str("--");
        return;
    }
    if m.kind() == MoveKind::Castle {
        out.push_str(if m.to().file() == 6 { "O-O" } else { "O-O-O" });
        return;
    }
    let role = pos.role_at(m.from()).unwrap_or(Role::Pawn);
    let capture = pos.is_capture(m);
    if role == Role::Pawn {
        if capture {
            out.push(m.from().file_char());
        }
    } else {
        out.push(role.upper_char());
        write_disambiguation(pos, m, role, out);
    }
    if capture {
        out.push('x');
    }
    let _ = write!(out, "{}", m.to());
    if let Some(promoted) = m.promotion() {
        out.push('=');
        out.push(promoted.upper_char());
    }
}

/// Origin hints for a piece move: none if no other piece of the same kind can go to the same
/// square, else the file if that tells them apart, else the rank, else both (three queens).
fn write_disambiguation(pos: &Position, m: Move, role: Role, out: &mut String) {
    let rivals_mask = pos.pieces(pos.turn(), role).without(m.from());
    if rivals_mask.is_empty() {
        return;
    }
    let mut rivals = MoveList::new();
    pos.generate(GenKind::All, rivals_mask, &mut rivals);
    let rival_origins: Bitboard = rivals
        .iter()
        .filter(|r| r.to() == m.to())
        .map(|r| r.from())
        .collect();
    if rival_origins.is_empty() {
        return;
    }
    let from = m.from();
    let shares_file = rival_origins.into_iter().any(|sq| sq.file() == from.file());
    let shares_rank = rival_origins.into_iter().any(|sq| sq.rank() == from.rank());
    if !shares_file {
        out.push(from.file_char());
    } else if !shares_rank {
        out.push(from.rank_char());
    } else {
        out.push(from.file_char());
        out.push(from.rank_char());
    }
}

/// Parses a SAN move (leniently, see the module notes) and returns the legal move of `pos` it
/// names.
///
/// ```
/// use mateproof::board::{Position, Validation};
/// use mateproof::notation::{parse_san, ParseMoveError};
/// let pos = Position::from_fen("4k3/1P6/8/8/8/8/8/R3K2R w KQ - 0 1", Validation::Strict).unwrap();
/// assert_eq!(parse_san(&pos, "0-0+").unwrap().to_string(), "e1g1");
/// assert_eq!(parse_san(&pos, "b8Q+").unwrap().to_string(), "b7b8q");
/// assert!(matches!(parse_san(&pos, "b8"), Err(ParseMoveError::Ambiguous { .. })));
/// assert!(matches!(parse_san(&pos, "Rd8"), Err(ParseMoveError::Illegal { .. })));
/// assert!(matches!(parse_san(&pos, "Zz9"), Err(ParseMoveError::Syntax { .. })));
/// ```
pub fn parse_san(pos: &Position, text: &str) -> Result<Move, ParseMoveError> {
    let body = strip_annotations(strip_en_passant(strip_annotations(text.trim())));
    let castle_wing = match body {
        "O-O" | "0-0" | "o-o" => Some(6),
        "O-O-O" | "0-0-0" | "o-o-o" => Some(2),
        "--" => {
            return if pos.is_check() {
                Err(ParseMoveError::illegal(Notation::San, text))
            } else {
                Ok(Move::NULL)
            }
        }
        _ => None,
    };
    let legal = pos.legal_moves();
    if let Some(king_file) = castle_wing {
        let castles = legal
            .iter()
            .copied()
            .filter(|m| m.is_castle() && m.to().file() == king_file);
        return unique_match(Notation::San, text, castles);
    }
    let pattern = SanPattern::parse(body)
        .map_err(|reason| ParseMoveError::syntax(Notation::San, text, reason))?;
    unique_match(
        Notation::San,
        text,
        legal.iter().copied().filter(|&m| pattern.fits(pos, m)),
    )
}

/// Drops a trailing `e.p.` or `ep` (with or without a space), which some sources write after
/// an en-passant capture.
fn strip_en_passant(text: &str) -> &str {
    let stripped = text
        .strip_suffix("e.p.")
        .or_else(|| text.strip_suffix("ep"))
        .unwrap_or(text);
    stripped.trim_end()
}

/// What a non-castling SAN says about its move.
#[derive(Debug, PartialEq, Eq)]
struct SanPattern {
    role: Role,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    capture: bool,
    to: Square,
    promotion: Option<Role>,
}

impl SanPattern {
    /// Reads `[piece][file][rank][x|:|-]square[[=]promotion]`.
    fn parse(body: &str) -> Result<SanPattern, &'static str> {
        let mut rest = body.as_bytes();
        if rest.is_empty() {
            return Err("empty move");
        }

        let mut promotion = None;
        if let [head @ .., last] = rest {
            if last.is_ascii_alphabetic() {
                let role = Role::from_char(char::from(*last))
                    .filter(|r| Role::PROMOTIONS.contains(r))
                    .ok_or("a promotion must be to Q, R, B or N")?;
                promotion = Some(role);
                rest = head.strip_suffix(b"=").unwrap_or(head);
            }
        }

        let [head @ .., file, rank] = rest else {
            return Err("no destination square");
        };
        let to = Square::from_ascii(&[*file, *rank]).ok_or("no destination square")?;
        rest = head;

        let mut role = Role::Pawn;
        if let [first, tail @ ..] = rest {
            if first.is_ascii_uppercase() {
                role = Role::from_char(char::from(*first)).ok_or("unknown piece letter")?;
                rest = tail;
            }
        }

        let mut capture = false;
        if let [head @ .., sep @ (b'x' | b':' | b'-')] = rest {
            capture = *sep != b'-';
            rest = head;
        }

        let (from_file, from_rank) = match rest {
            [] => (None, None),
            [f @ b'a'..=b'h'] => (Some(f - b'a'), None),
            [r @ b'1'..=b'8'] => (None, Some(r - b'1')),
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => (Some(f - b'a'), Some(r - b'1')),
            _ => return Err("the origin must be a file, a rank or a square"),
        };

        if promotion.is_some() && role != Role::Pawn {
            return Err("only pawns promote");
        }
        Ok(SanPattern {
            role,
            from_file,
            from_rank,
            capture,
            to,
            promotion,
        })
    }

    /// True when legal move `m` of `pos` is one this pattern describes. A pawn pattern without
    /// an origin file names a push, as SAN writes captures with the file.
    fn fits(&self, pos: &Position, m: Move) -> bool {
        let from = m.from();
        m.to() == self.to
            && !m.is_castle()
            && pos.role_at(from) == Some(self.role)
            && self.from_file.is_none_or(|f| f == from.file())
            && self.from_rank.is_none_or(|r| r == from.rank())
            && (!self.capture || pos.is_capture(m))
            && (self.role != Role::Pawn
                || self.from_file.is_some()
                || from.file() == self.to.file())
            && (self.promotion.is_none() || self.promotion == m.promotion())
    }
}

/// Parses a line of SAN moves played one after another from `pos`, skipping move numbers
/// (`1.`, `12...`, also glued as `1.e4`) and a game result (`1-0`, `0-1`, `1/2-1/2`, `*`).
/// The error names the token that failed.
///
/// ```
/// use mateproof::board::Position;
/// use mateproof::notation::parse_san_line;
/// let moves = parse_san_line(&Position::startpos(), "1. e4 e5 2. Qh5 Nc6 3.Bc4 Nf6?? 4. Qxf7# 1-0").unwrap();
/// assert_eq!(moves.len(), 7);
/// assert_eq!(moves[6].to_string(), "h5f7");
/// ```
pub fn parse_san_line(pos: &Position, text: &str) -> Result<Vec<Move>, ParseMoveError> {
    let mut current = *pos;
    let mut moves = Vec::new();
    for token in text.split_whitespace() {
        let san = strip_move_number(token);
        if san.is_empty() || matches!(san, "1-0" | "0-1" | "1/2-1/2" | "*") {
            continue;
        }
        let m = parse_san(&current, san)?;
        if m.is_null() {
            current.play_null();
        } else {
            current.play(m);
        }
        moves.push(m);
    }
    Ok(moves)
}

/// `12.` or `12...` before a move (or alone) goes; `0-0` stays, having no dot.
fn strip_move_number(token: &str) -> &str {
    let after_digits = token.trim_start_matches(|c: char| c.is_ascii_digit());
    if after_digits.len() < token.len() && after_digits.starts_with('.') {
        after_digits.trim_start_matches('.')
    } else {
        token
    }
}

#[cfg(test)]
mod tests;
