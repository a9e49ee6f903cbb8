//! The small tokens of Popeye input: stipulations (`#2`, `exact-h#3`), square lists
//! (`g7g6g5`), pieces with their squares (`Kh5`, `pe5h3`, German `bd4d5e3`) and Forsyth
//! strings (`7R/7p/5P1k/4PKpP`), in the piece letters of the file's language.
//!
//! Pure functions from text to values; `None` (or [`PieceToken::NotAPiece`]) for anything
//! else. They never report errors themselves: the reader decides what a failure means.

use super::twin::Board;
use crate::board::{Color, Piece, Role, Square};
use crate::notation::Language;
use crate::pieces::catalogue;
use crate::problem::Stipulation;

/// `#2`, `s#2`, `exact-h#3`: what Mateproof solves; anything else is `None`.
pub fn read_stipulation(token: &str) -> Option<Stipulation> {
    token
        .parse::<Stipulation>()
        .ok()
        .filter(Stipulation::is_supported)
}

/// Squares written one after another: `g7g6g5`, `h1a1h8a8` (either case).
pub fn read_squares(token: &str) -> Option<Vec<Square>> {
    let bytes = token.to_ascii_lowercase().into_bytes();
    if bytes.is_empty() || !bytes.len().is_multiple_of(2) {
        return None;
    }
    bytes.chunks(2).map(Square::from_ascii).collect()
}

pub enum PieceToken {
    Orthodox(Role, Vec<Square>),
    /// A fairy walk of the catalogue (its index in [`catalogue::walks`]) and its squares.
    Fairy(usize, Vec<Square>),
    /// A code and squares, but the code names no walk Mateproof has (the code, lower case).
    UnknownFairy(String),
    NotAPiece,
}

/// `Kh5`, `pe5h3`, `Rg1h5`, `SEc4`, `35a1`: a piece code of `language`, then one or more
/// squares. Popeye's rule: a token of odd length has a one-character code, of even length a
/// two-character one (`rb8d8` is two rooks, `seb4` a senora).
pub fn read_piece_token(language: Language, token: &str) -> PieceToken {
    let lower = token.to_ascii_lowercase();
    if !lower.is_ascii() || lower.len() < 3 {
        return PieceToken::NotAPiece;
    }
    let code_len = if lower.len() % 2 == 1 { 1 } else { 2 };
    let (code, rest) = lower.split_at(code_len);
    let Some(squares) = read_squares(rest) else {
        return PieceToken::NotAPiece;
    };
    if !code.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return PieceToken::NotAPiece;
    }
    if let (Some(role), 1) = (code.chars().next().and_then(|c| language.role(c)), code_len) {
        return PieceToken::Orthodox(role, squares);
    }
    match fairy_walk(language, code) {
        Some(walk) => PieceToken::Fairy(walk, squares),
        None => PieceToken::UnknownFairy(code.to_owned()),
    }
}

/// The index in [`catalogue::walks`] (Popeye's order) of the fairy walk (not one of the six orthodox pieces)
/// whose Popeye code in `language` is `code` (lower case).
pub fn fairy_walk(language: Language, code: &str) -> Option<usize> {
    let column = language_column(language);
    catalogue::walks()
        .enumerate()
        .skip(ORTHODOX_WALKS)
        .find(|(_, walk)| walk.codes[column] == code)
        .map(|(i, _)| i)
}

/// The catalogue's first six walks are the orthodox pieces.
const ORTHODOX_WALKS: usize = 6;

/// The column of `language` in [`catalogue::Walk::codes`].
pub fn language_column(language: Language) -> usize {
    match language {
        Language::English => 0,
        Language::German => 1,
        Language::French => 2,
    }
}

/// A man of a Forsyth string with fairy pieces: an orthodox piece or a catalogue walk.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ForsythMan {
    Orthodox(Piece),
    /// A colour and a walk's index in [`catalogue::walks`].
    Fairy(Color, usize),
}

/// Popeye's Forsyth with fairy pieces: squares from a8 to h1 (`/` only separates), one or two
/// digits skip squares, a piece is one character or `.` and two (`.PA`), White in upper case
/// unless a `+` or `-` before it gives the colour. `None` on anything unreadable, an unknown
/// code included.
pub fn read_fairy_forsyth(language: Language, token: &str) -> Option<Vec<(ForsythMan, Square)>> {
    let bytes = token.as_bytes();
    let mut men = Vec::new();
    let mut index = 0u32; // 0 = a8, 63 = h1
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_digit() {
            let mut skip = u32::from(c - b'0');
            i += 1;
            if let Some(d) = bytes.get(i).filter(|d| d.is_ascii_digit()) {
                skip = 10 * skip + u32::from(d - b'0');
                i += 1;
            }
            index += skip;
            continue;
        }
        if c == b'/' {
            i += 1;
            continue;
        }
        let mut color = None;
        if c == b'+' || c == b'-' {
            color = Some(if c == b'+' {
                Color::White
            } else {
                Color::Black
            });
            i += 1;
        }
        let code_len = if bytes.get(i) == Some(&b'.') {
            i += 1;
            2
        } else {
            1
        };
        let code = token.get(i..i + code_len)?;
        i += code_len;
        let first = code.chars().next()?;
        let color = color.unwrap_or(if first.is_ascii_lowercase() {
            Color::Black
        } else {
            Color::White
        });
        let lower = code.to_ascii_lowercase();
        let man = match (code_len, language.role(first)) {
            (1, Some(role)) => ForsythMan::Orthodox(Piece::new(color, role)),
            _ => ForsythMan::Fairy(color, fairy_walk(language, &lower)?),
        };
        if index >= 64 {
            return None;
        }
        let sq = Square::from_coords((index % 8) as u8, 7 - (index / 8) as u8)?;
        men.push((man, sq));
        index += 1;
    }
    Some(men)
}

/// Popeye's Forsyth: ranks 8 to 1 separated by `/`, digits for empty squares, upper case
/// White; missing trailing ranks are empty.
pub fn read_forsyth(language: Language, token: &str) -> Option<Board> {
    let mut board = [None; 64];
    for (i, rank_text) in token.split('/').enumerate() {
        let rank = 7u8.checked_sub(u8::try_from(i).ok()?)?;
        let mut file = 0u8;
        for c in rank_text.chars() {
            if let Some(empty) = c.to_digit(10) {
                file = file.checked_add(u8::try_from(empty).ok()?)?;
                continue;
            }
            let role = language.role(c)?;
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let sq = Square::from_coords(file, rank)?;
            board[sq.index()] = Some(Piece::new(color, role));
            file += 1;
        }
        if file > 8 {
            return None;
        }
    }
    Some(board)
}

/// The walk of an index [`fairy_walk`] gave.
pub fn walk_at(index: usize) -> Option<&'static catalogue::Walk> {
    catalogue::walks().nth(index)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stipulations_read_but_not_solved_are_refused_by_the_one_predicate() {
        assert_eq!(
            read_stipulation("exact-h#4").map(|s| s.to_string()),
            Some("exact-h#4".into())
        );
        for text in ["exact-#4", "exact-s#2", "exact-r#2", "exact-=2"] {
            assert_eq!(
                read_stipulation(text).map(|s| s.to_string()),
                Some(text.into())
            );
        }
        for text in ["#=2", "ser-r#3", "h##2"] {
            let stipulation: Stipulation = text.parse().unwrap();
            assert!(!stipulation.is_supported(), "{text}");
            assert_eq!(read_stipulation(text), None, "{text}");
        }
    }

    #[test]
    fn pieces_squares_and_forsyth() {
        assert!(
            matches!(read_piece_token(Language::German, "bd4d5e3"), PieceToken::Orthodox(Role::Pawn, ref s) if s.len() == 3)
        );
        // Odd length: a one-letter code (`N` the nightrider); even: two letters.
        let code = |language, token| match read_piece_token(language, token) {
            PieceToken::Fairy(walk, squares) => walk_at(walk).map(|w| (w.names[0], squares.len())),
            _ => None,
        };
        assert_eq!(code(Language::English, "Nf3"), Some(("nightrider", 1)));
        assert_eq!(code(Language::English, "SEc4d5"), Some(("senora", 2)));
        assert_eq!(code(Language::German, "lha7"), Some(("bishophopper", 1)));
        assert_eq!(code(Language::French, "dgb4"), Some(("senora", 1)));
        assert_eq!(code(Language::French, "sb4"), Some(("grashopper", 1)));
        assert!(
            matches!(read_piece_token(Language::German, "35a1"), PieceToken::UnknownFairy(ref c) if c == "35")
        );
        let men = read_fairy_forsyth(Language::German, "k6.PA/8/-b7").unwrap();
        assert_eq!(men.len(), 3);
        assert!(matches!(
            men[1],
            (ForsythMan::Fairy(Color::White, _), Square::H8)
        ));
        assert_eq!(men[2].1.to_string(), "a6");
        assert!(
            matches!(men[2].0, ForsythMan::Orthodox(p) if p == Piece::new(Color::Black, Role::Pawn))
        );
        assert_eq!(read_fairy_forsyth(Language::English, "8/kx6"), None);
        assert!(matches!(
            read_piece_token(Language::English, "stip"),
            PieceToken::NotAPiece
        ));
        assert_eq!(read_squares("H1a1"), Some(vec![Square::H1, Square::A1]));
        assert_eq!(read_squares("a9"), None);
        assert_eq!(
            read_stipulation("exact-h#3")
                .map(|s| s.to_string())
                .as_deref(),
            Some("exact-h#3")
        );
        assert_eq!(read_stipulation("h##2"), None);
        let board = read_forsyth(Language::English, "7R/7p/5P1k/4PKpP").unwrap();
        assert_eq!(board.iter().flatten().count(), 8);
        assert_eq!(
            board[Square::H8.index()],
            Some(Piece::new(Color::White, Role::Rook))
        );
        assert_eq!(read_forsyth(Language::English, "9/8"), None);
    }
}
