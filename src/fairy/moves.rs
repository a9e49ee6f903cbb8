//! A fairy move: origin, destination and the FEN letter of a promotion piece, so a move names
//! its fairy promotion by itself (`e7e8a` promotes to the piece declared `a`). Castling and
//! en passant are read off the position (a king's two-square move, a pawn's diagonal move to
//! the en-passant square), as in UCI. It packs into 16 bits for the transposition table.

use crate::board::Square;
use crate::rules::RuleMove;
use std::fmt;

/// From, to and an optional promotion letter (upper case). The null move is all zero.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct FairyMove {
    from: u8,
    to: u8,
    /// 0, or the promotion's upper-case ASCII letter.
    promotion: u8,
}

impl FairyMove {
    pub fn new(from: Square, to: Square, promotion: Option<char>) -> FairyMove {
        FairyMove {
            from: from.to_u8(),
            to: to.to_u8(),
            promotion: promotion.map_or(0, |c| c.to_ascii_uppercase() as u8),
        }
    }

    #[inline]
    pub fn from(self) -> Square {
        Square::new(self.from)
    }

    #[inline]
    pub fn to(self) -> Square {
        Square::new(self.to)
    }

    /// The promotion piece's upper-case letter.
    #[inline]
    pub fn promotion(self) -> Option<char> {
        (self.promotion != 0).then_some(self.promotion as char)
    }
}

const PROMOTION_BIT: u16 = 1 << 15;

impl RuleMove for FairyMove {
    /// Plain: from (6 bits), to (6 bits). Promotion: bit 15, from, the destination's file
    /// (3 bits; its rank follows from the origin's: 7th to 8th, 2nd to 1st), the letter
    /// (5 bits, A = 0).
    ///
    /// ```
    /// use mateproof::board::Square;
    /// use mateproof::fairy::FairyMove;
    /// use mateproof::rules::RuleMove;
    /// let m = FairyMove::new(Square::new(52), Square::new(61), Some('Z'));
    /// assert_eq!(FairyMove::unpack(m.pack()), m);
    /// assert_eq!(m.to_string(), "e7f8z");
    /// ```
    fn pack(self) -> u16 {
        let from = u16::from(self.from);
        match self.promotion() {
            None => from | u16::from(self.to) << 6,
            Some(letter) => {
                let file = u16::from(self.to & 7);
                let letter = u16::from(letter as u8 - b'A');
                PROMOTION_BIT | from | file << 6 | letter << 9
            }
        }
    }

    fn unpack(bits: u16) -> FairyMove {
        let from = (bits & 63) as u8;
        if bits & PROMOTION_BIT == 0 {
            return FairyMove {
                from,
                to: ((bits >> 6) & 63) as u8,
                promotion: 0,
            };
        }
        let rank = if from >> 3 == 6 { 7 } else { 0 };
        FairyMove {
            from,
            to: rank * 8 + ((bits >> 6) & 7) as u8,
            promotion: b'A' + ((bits >> 9) & 31) as u8,
        }
    }
}

/// UCI style: `e2e4`, `e7e8q`, `0000` for the null move.
impl fmt::Display for FairyMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == FairyMove::default() {
            return write!(f, "0000");
        }
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(letter) = self.promotion() {
            write!(f, "{}", letter.to_ascii_lowercase())?;
        }
        Ok(())
    }
}
