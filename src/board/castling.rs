//! Castling rights (orthodox chess: king on e1/e8, rooks on a/h files) and the squares a
//! castling move needs empty and unattacked.

use super::{Bitboard, Color, Square};

/// A set of the four castling rights.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Castling(u8);

/// Which wing.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Wing {
    KingSide,
    QueenSide,
}

impl Wing {
    pub const ALL: [Wing; 2] = [Wing::KingSide, Wing::QueenSide];
}

/// The fixed geometry of one castling move.
#[derive(Clone, Copy, Debug)]
pub struct CastleGeometry {
    pub king_from: Square,
    pub king_to: Square,
    pub rook_from: Square,
    pub rook_to: Square,
    /// Squares between king and rook, which must be empty.
    pub must_be_empty: Bitboard,
    /// Squares the king crosses or lands on, which must not be attacked.
    pub king_path: Bitboard,
}

impl Castling {
    pub const NONE: Castling = Castling(0);
    pub const ALL: Castling = Castling(15);

    #[inline]
    const fn bit(color: Color, wing: Wing) -> u8 {
        1 << (color as u8 * 2 + wing as u8)
    }

    #[inline]
    pub const fn bits(self) -> u8 {
        self.0
    }

    #[inline]
    pub const fn has(self, color: Color, wing: Wing) -> bool {
        self.0 & Castling::bit(color, wing) != 0
    }

    #[inline]
    pub const fn has_any(self, color: Color) -> bool {
        self.0 & (3 << (color as u8 * 2)) != 0
    }

    #[inline]
    pub fn add(&mut self, color: Color, wing: Wing) {
        self.0 |= Castling::bit(color, wing);
    }

    #[inline]
    pub fn remove(&mut self, color: Color, wing: Wing) {
        self.0 &= !Castling::bit(color, wing);
    }

    /// Drops every right that a move touching `sq` (from or to) destroys.
    #[inline]
    pub fn touch(&mut self, sq: Square) {
        self.0 &= LOST_BY_TOUCHING[sq.index()];
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// FEN field: `KQkq` subset or `-`.
    pub fn to_fen(self) -> String {
        let mut s = String::new();
        for (c, color, wing) in [
            ('K', Color::White, Wing::KingSide),
            ('Q', Color::White, Wing::QueenSide),
            ('k', Color::Black, Wing::KingSide),
            ('q', Color::Black, Wing::QueenSide),
        ] {
            if self.has(color, wing) {
                s.push(c);
            }
        }
        if s.is_empty() {
            s.push('-');
        }
        s
    }
}

/// Pairs of one White and one Black castling that exclude each other (Popeye's
/// `CastlingMutuallyExclusive`): once either is played, the other is no longer allowed. A
/// problem-level rule, fixed for a whole search.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct CastlingExclusions(u8);

impl CastlingExclusions {
    pub const NONE: CastlingExclusions = CastlingExclusions(0);

    #[inline]
    const fn bit(white: Wing, black: Wing) -> u8 {
        1 << (white as u8 * 2 + black as u8)
    }

    /// Makes White's castling on `white` and Black's on `black` exclude each other.
    pub fn add(&mut self, white: Wing, black: Wing) {
        self.0 |= Self::bit(white, black);
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The rights of the other side that castling by `color` on `wing` destroys.
    #[inline]
    pub fn excluded_by(self, color: Color, wing: Wing) -> impl Iterator<Item = (Color, Wing)> {
        Wing::ALL.into_iter().filter_map(move |other| {
            let bit = match color {
                Color::White => Self::bit(wing, other),
                Color::Black => Self::bit(other, wing),
            };
            (self.0 & bit != 0).then_some((!color, other))
        })
    }
}

const LOST_BY_TOUCHING: [u8; 64] = {
    let mut t = [15u8; 64];
    t[0] = 15 & !2; // a1: white queen side
    t[4] = 15 & !3; // e1: both white rights
    t[7] = 15 & !1; // h1
    t[56] = 15 & !8; // a8
    t[60] = 15 & !12; // e8
    t[63] = 15 & !4; // h8
    t
};

/// Where king and rook stand and go for `color` castling on `wing`.
pub const fn geometry(color: Color, wing: Wing) -> CastleGeometry {
    let r = color.back_rank() * 8;
    match wing {
        Wing::KingSide => CastleGeometry {
            king_from: Square::new(r + 4),
            king_to: Square::new(r + 6),
            rook_from: Square::new(r + 7),
            rook_to: Square::new(r + 5),
            must_be_empty: Bitboard((0b0110_0000u64) << r),
            king_path: Bitboard((0b0110_0000u64) << r),
        },
        Wing::QueenSide => CastleGeometry {
            king_from: Square::new(r + 4),
            king_to: Square::new(r + 2),
            rook_from: Square::new(r),
            rook_to: Square::new(r + 3),
            must_be_empty: Bitboard((0b0000_1110u64) << r),
            king_path: Bitboard((0b0000_1100u64) << r),
        },
    }
}
