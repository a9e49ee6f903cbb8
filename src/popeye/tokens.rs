//! The small tokens of Popeye input: stipulations (`#2`, `exact-h#3`), square lists
//! (`g7g6g5`), pieces with their squares (`Kh5`, `pe5h3`, German `bd4d5e3`) and Forsyth
//! strings (`7R/7p/5P1k/4PKpP`), in the piece letters of the file's language.
//!
//! Pure functions from text to values; `None` (or [`PieceToken::NotAPiece`]) for anything
//! else. They never report errors themselves: the reader decides what a failure means.

use super::twin::Board;
use crate::board::{Color, Piece, Role, Square};
use crate::notation::Language;
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
    /// Letters and squares, but the letters name no orthodox piece.
    Fairy,
    NotAPiece,
}

/// `Kh5`, `pe5h3`, `Rg1h5`: a piece letter of `language`, then one or more squares.
pub fn read_piece_token(language: Language, token: &str) -> PieceToken {
    let letters = token.bytes().take_while(u8::is_ascii_alphabetic).count();
    for name_len in 1..=2.min(letters) {
        let (name, rest) = token.split_at(name_len);
        if let Some(squares) = read_squares(rest) {
            let mut chars = name.chars();
            return match (chars.next().and_then(|c| language.role(c)), chars.next()) {
                (Some(role), None) => PieceToken::Orthodox(role, squares),
                _ => PieceToken::Fairy,
            };
        }
    }
    PieceToken::NotAPiece
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stipulations_read_but_not_solved_are_refused_by_the_one_predicate() {
        assert_eq!(
            read_stipulation("exact-h#4").map(|s| s.to_string()),
            Some("exact-h#4".into())
        );
        for text in [
            "exact-#4",
            "exact-s#2",
            "exact-r#2",
            "#=2",
            "ser-r#3",
            "h##2",
        ] {
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
        assert!(matches!(
            read_piece_token(Language::English, "Nf3"),
            PieceToken::Fairy
        ));
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
