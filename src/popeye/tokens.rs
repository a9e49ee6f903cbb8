//! The small tokens of Popeye input: square lists (`g7g6g5`) and the walks' codes of the
//! file's language (`n` the nightrider in English, `lh` the bishop-hopper in German).
//!
//! Pure functions from text to values; they never report errors themselves: the reader
//! decides what a failure means.

use crate::board::Square;
use crate::notation::Language;
use crate::pieces::catalogue;

/// The squares at the start of `text` (`a1b2x` gives a1, b2 and `x`), as Popeye's
/// `ParseSquareList` reads them: square after square until something that is none.
pub fn read_squares_prefix(text: &str) -> (Vec<Square>, &str) {
    let mut squares = Vec::new();
    let mut rest = text;
    while let Some(square) = rest
        .get(..2)
        .and_then(|two| Square::from_ascii(&two.to_ascii_lowercase().into_bytes()))
    {
        squares.push(square);
        rest = &rest[2..];
    }
    (squares, rest)
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

/// The walk of an index [`fairy_walk`] gave.
pub fn walk_at(index: usize) -> Option<&'static catalogue::Walk> {
    catalogue::walks().nth(index)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_and_codes() {
        assert_eq!(
            read_squares_prefix("H1a1x"),
            (vec![Square::H1, Square::A1], "x")
        );
        assert_eq!(read_squares_prefix("a9"), (vec![], "a9"));
        let name = |language, code| {
            fairy_walk(language, code)
                .and_then(walk_at)
                .map(|w| w.names[0])
        };
        assert_eq!(name(Language::English, "n"), Some("nightrider"));
        assert_eq!(name(Language::English, "se"), Some("senora"));
        assert_eq!(name(Language::German, "lh"), Some("bishophopper"));
        assert_eq!(name(Language::French, "dg"), Some("senora"));
        assert_eq!(name(Language::French, "s"), Some("grashopper"));
        assert_eq!(
            name(Language::English, "ro"),
            None,
            "a walk Mateproof lacks"
        );
    }
}
