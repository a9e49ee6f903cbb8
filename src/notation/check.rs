//! Whether a move checks or mates: the mark SAN writes as `+`/`#` and Popeye as ` +`/` #`.
//!
//! Kept here so the SAN writer, the Popeye writer and the UCI/JSON front ends ask the board
//! the same question in one way. It reads the position only; it prints nothing.

use crate::board::{Move, Position};

/// What a move does to the opponent's king.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CheckMark {
    /// No check.
    None,
    /// Check, with at least one legal reply.
    Check,
    /// Check with no legal reply.
    Mate,
}

impl CheckMark {
    /// The mark of legal move `m` played in `pos`.
    ///
    /// ```
    /// use mateproof::board::{Position, Validation};
    /// use mateproof::notation::{parse_uci, CheckMark};
    /// let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", Validation::Strict).unwrap();
    /// let mate = parse_uci(&pos, "a1a8").unwrap();
    /// assert_eq!(CheckMark::of(&pos, mate), CheckMark::Mate);
    /// assert_eq!(CheckMark::of(&pos, parse_uci(&pos, "a1a2").unwrap()), CheckMark::None);
    /// ```
    pub fn of(pos: &Position, m: Move) -> CheckMark {
        if m.is_null() || !pos.gives_check(m) {
            CheckMark::None
        } else if pos.after(m).has_legal_move() {
            CheckMark::Check
        } else {
            CheckMark::Mate
        }
    }

    /// The SAN suffix: `""`, `"+"` or `"#"`. Popeye puts a space before the same sign.
    pub const fn symbol(self) -> &'static str {
        match self {
            CheckMark::None => "",
            CheckMark::Check => "+",
            CheckMark::Mate => "#",
        }
    }

    /// True for check and mate.
    pub const fn is_check(self) -> bool {
        !matches!(self, CheckMark::None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Validation;

    #[test]
    fn marks_follow_the_board() {
        let pos =
            Position::from_fen("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", Validation::Strict).unwrap();
        let by_uci = |uci: &str| {
            *pos.legal_moves()
                .iter()
                .find(|m| m.to_string() == uci)
                .unwrap()
        };
        assert_eq!(CheckMark::of(&pos, by_uci("a1a8")), CheckMark::Mate);
        assert_eq!(CheckMark::of(&pos, by_uci("a1a2")), CheckMark::None);
        let checked =
            Position::from_fen("6k1/6pp/8/8/8/8/8/R5K1 w - - 0 1", Validation::Strict).unwrap();
        let m = *checked
            .legal_moves()
            .iter()
            .find(|m| m.to_string() == "a1a8")
            .unwrap();
        assert_eq!(CheckMark::of(&checked, m), CheckMark::Check);
        assert_eq!(CheckMark::Check.symbol(), "+");
        assert!(CheckMark::Mate.is_check() && !CheckMark::None.is_check());
        assert_eq!(CheckMark::of(&pos, Move::NULL), CheckMark::None);
    }
}
