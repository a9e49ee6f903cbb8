//! A move packed into 16 bits: origin, destination and a kind (normal, en passant, castling,
//! promotion). Whether it captures is a property of the position, not of the move.

use super::{Role, Square};
use std::fmt;

/// What kind of move a [`Move`] is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MoveKind {
    Normal,
    EnPassant,
    /// The king's move of a castling; `to` is the king's destination (g1, c1, g8 or c8).
    Castle,
    Promotion(Role),
}

/// A move: 6 bits origin, 6 bits destination, 4 bits kind.
///
/// ```
/// use mateproof::board::{Move, MoveKind, Role, Square};
/// let m = Move::new(Square::new(52), Square::new(60), MoveKind::Promotion(Role::Queen));
/// assert_eq!(m.to_string(), "e7e8q");
/// assert_eq!(m.promotion(), Some(Role::Queen));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u16);

const KIND_NORMAL: u16 = 0;
const KIND_EN_PASSANT: u16 = 1;
const KIND_CASTLE: u16 = 2;
const KIND_PROMOTION: u16 = 3; // + role index (1..=4): 4..=7

impl Move {
    /// The null move (`0000` in UCI): the side to move passes. Used for threats.
    pub const NULL: Move = Move(0);

    #[inline]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        let k = match kind {
            MoveKind::Normal => KIND_NORMAL,
            MoveKind::EnPassant => KIND_EN_PASSANT,
            MoveKind::Castle => KIND_CASTLE,
            MoveKind::Promotion(role) => KIND_PROMOTION + role as u16,
        };
        Move(from.to_u8() as u16 | (to.to_u8() as u16) << 6 | k << 12)
    }

    #[inline]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move(from.to_u8() as u16 | (to.to_u8() as u16) << 6)
    }

    #[inline]
    pub const fn from(self) -> Square {
        Square::new((self.0 & 63) as u8)
    }

    #[inline]
    pub const fn to(self) -> Square {
        Square::new(((self.0 >> 6) & 63) as u8)
    }

    #[inline]
    pub const fn kind(self) -> MoveKind {
        match self.0 >> 12 {
            KIND_NORMAL => MoveKind::Normal,
            KIND_EN_PASSANT => MoveKind::EnPassant,
            KIND_CASTLE => MoveKind::Castle,
            k => match Role::from_index((k - KIND_PROMOTION) as usize) {
                Some(role) => MoveKind::Promotion(role),
                None => MoveKind::Normal,
            },
        }
    }

    #[inline]
    pub const fn promotion(self) -> Option<Role> {
        match self.kind() {
            MoveKind::Promotion(role) => Some(role),
            _ => None,
        }
    }

    #[inline]
    pub const fn is_null(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn is_castle(self) -> bool {
        self.0 >> 12 == KIND_CASTLE
    }

    #[inline]
    pub const fn is_en_passant(self) -> bool {
        self.0 >> 12 == KIND_EN_PASSANT
    }

    /// The raw 16 bits (for hash tables).
    #[inline]
    pub const fn to_u16(self) -> u16 {
        self.0
    }

    /// Rebuilds a move from [`Move::to_u16`]. Any value decodes to some move; legality is the
    /// caller's business.
    #[inline]
    pub const fn from_u16(bits: u16) -> Move {
        Move(bits)
    }
}

impl fmt::Display for Move {
    /// UCI notation: `e2e4`, `e7e8q`, castling as the king's two-square move, `0000` for null.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_null() {
            return f.write_str("0000");
        }
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(role) = self.promotion() {
            write!(f, "{}", role.char())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
