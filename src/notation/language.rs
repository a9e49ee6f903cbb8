//! The languages of Popeye's input and output — English, German, French — and their piece
//! letters (`S` for the English knight, `D`/`T`/`L` in German, `R`/`F`/`C` in French).
//!
//! The Popeye front end keys its keyword tables on the same [`Language`], so that one problem
//! is read and written in one language. This module holds only the letters; keywords belong to
//! the front end.

use crate::board::Role;
use std::fmt;

/// A language of Popeye's notation.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Language {
    #[default]
    English,
    German,
    French,
}

impl Language {
    pub const ALL: [Language; 3] = [Language::English, Language::German, Language::French];

    /// The upper-case letter of `role`, as Popeye prints it on the board and in moves.
    ///
    /// ```
    /// use mateproof::board::Role;
    /// use mateproof::notation::Language;
    /// assert_eq!(Language::English.letter(Role::Knight), 'S');
    /// assert_eq!(Language::German.letter(Role::Queen), 'D');
    /// assert_eq!(Language::French.letter(Role::King), 'R');
    /// ```
    pub const fn letter(self, role: Role) -> char {
        let letters = self.letters();
        letters[role.index()]
    }

    /// The role a piece letter names in this language; either case is accepted.
    ///
    /// ```
    /// use mateproof::board::Role;
    /// use mateproof::notation::Language;
    /// assert_eq!(Language::French.role('t'), Some(Role::Rook));
    /// assert_eq!(Language::German.role('Q'), None);
    /// ```
    pub fn role(self, letter: char) -> Option<Role> {
        let upper = letter.to_ascii_uppercase();
        let index = self.letters().iter().position(|&l| l == upper)?;
        Role::from_index(index)
    }

    /// Letters indexed by [`Role::index`]: pawn, knight, bishop, rook, queen, king.
    const fn letters(self) -> [char; 6] {
        match self {
            Language::English => ['P', 'S', 'B', 'R', 'Q', 'K'],
            // Bauer, Springer, Läufer, Turm, Dame, König.
            Language::German => ['B', 'S', 'L', 'T', 'D', 'K'],
            // pion, cavalier, fou, tour, dame, roi.
            Language::French => ['P', 'C', 'F', 'T', 'D', 'R'],
        }
    }

    /// The language's name in English, for messages.
    pub const fn name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::German => "German",
            Language::French => "French",
        }
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_are_unique_and_invert() {
        for lang in Language::ALL {
            for role in Role::ALL {
                let letter = lang.letter(role);
                assert_eq!(lang.role(letter), Some(role), "{lang} {role:?}");
                assert_eq!(
                    lang.role(letter.to_ascii_lowercase()),
                    Some(role),
                    "{lang} {role:?}"
                );
            }
        }
        assert_eq!(
            Language::English.role('N'),
            None,
            "Popeye's English knight is S"
        );
        assert_eq!(Language::German.role('B'), Some(Role::Pawn));
        assert_eq!(Language::French.role('C'), Some(Role::Knight));
    }
}
