//! A position with fairy pieces: a mailbox of (colour, kind) per square beside colour
//! bitboards, the kings' squares, castling rights, the en-passant square and the Zobrist key,
//! sharing its game's [`Walks`]. Reading FEN with the game's letters, and making a move
//! (copy-make). Move generation is in `movegen.rs`.

use super::moves::FairyMove;
use super::walks::{castling_key, ep_key, side_key, Kind, Walks, KING, PAWN};
use crate::board::castle_geometry as geometry;
use crate::board::{Bitboard, Castling, Color, Square, Wing};
use std::sync::Arc;

/// A square's content: `None` or the colour and kind of its piece.
pub type Man = Option<(Color, Kind)>;

/// A position of a fairy game.
#[derive(Clone, Debug)]
pub struct FairyPosition {
    pub(super) walks: Arc<Walks>,
    pub(super) board: [Man; 64],
    pub(super) by_color: [Bitboard; 2],
    pub(super) kings: [Square; 2],
    pub(super) turn: Color,
    pub(super) castling: Castling,
    pub(super) ep: Option<Square>,
    pub(super) key: u64,
}

/// Why a FEN is no fairy position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FairyFenError {
    #[error("FEN '{0}': {1}")]
    Bad(String, String),
}

impl FairyPosition {
    /// Reads a FEN whose piece letters are the game's (`Walks`); halfmove and fullmove
    /// counters may be left out. Each side needs exactly one king, pawns stay off the first
    /// and last ranks, and the side not to move must not be in check.
    pub fn from_fen(fen: &str, walks: Arc<Walks>) -> Result<FairyPosition, FairyFenError> {
        Self::read_fen(fen, walks, false)
    }

    /// [`FairyPosition::from_fen`] as Popeye sets a problem up: a pawn may stand on either
    /// back rank, where it never moves, and on its own first rank attacks nothing.
    pub fn from_popeye_fen(fen: &str, walks: Arc<Walks>) -> Result<FairyPosition, FairyFenError> {
        Self::read_fen(fen, walks, true)
    }

    fn read_fen(
        fen: &str,
        walks: Arc<Walks>,
        back_rank_pawns: bool,
    ) -> Result<FairyPosition, FairyFenError> {
        let bad = |why: String| FairyFenError::Bad(fen.to_owned(), why);
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 2 || fields.len() > 6 {
            return Err(bad("expected 2 to 6 fields".into()));
        }
        let mut board: [Man; 64] = [None; 64];
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 8 {
            return Err(bad(format!("{} ranks, expected 8", ranks.len())));
        }
        for (i, text) in ranks.iter().enumerate() {
            let rank = 7 - i as u8;
            let mut file = 0u8;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                    file += d as u8;
                } else {
                    let kind = walks
                        .kind_of_letter(c)
                        .filter(|_| c.is_ascii_alphabetic())
                        .ok_or_else(|| bad(format!("'{c}' is no piece of this game")))?;
                    let color = if c.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let sq = Square::from_coords(file, rank)
                        .ok_or_else(|| bad(format!("rank {} is too long", rank + 1)))?;
                    if kind == PAWN && (rank == 0 || rank == 7) && !back_rank_pawns {
                        return Err(bad(format!("a pawn on {sq}")));
                    }
                    board[sq.index()] = Some((color, kind));
                    file += 1;
                }
                if file > 8 {
                    return Err(bad(format!("rank {} is too long", rank + 1)));
                }
            }
            if file != 8 {
                return Err(bad(format!("rank {} has {file} squares", rank + 1)));
            }
        }
        let turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(bad(format!("side to move '{other}'"))),
        };
        let mut by_color = [Bitboard::EMPTY; 2];
        let mut kings = [None, None];
        for sq in Square::all() {
            if let Some((color, kind)) = board[sq.index()] {
                by_color[color.index()] = by_color[color.index()].with(sq);
                if kind == KING {
                    if kings[color.index()].is_some() {
                        return Err(bad(format!("two {} kings", color.name())));
                    }
                    kings[color.index()] = Some(sq);
                }
            }
        }
        let [Some(white_king), Some(black_king)] = kings else {
            return Err(bad("each side needs one king".into()));
        };
        let mut castling = Castling::NONE;
        for c in fields.get(2).copied().unwrap_or("-").chars() {
            let (color, wing) = match c {
                'K' => (Color::White, Wing::KingSide),
                'Q' => (Color::White, Wing::QueenSide),
                'k' => (Color::Black, Wing::KingSide),
                'q' => (Color::Black, Wing::QueenSide),
                '-' => continue,
                other => return Err(bad(format!("castling right '{other}'"))),
            };
            let g = geometry(color, wing);
            let rook = walks.kind_of_letter('R');
            if board[g.king_from.index()] == Some((color, KING))
                && board[g.rook_from.index()].is_some_and(|m| Some(m.1) == rook && m.0 == color)
            {
                castling.add(color, wing);
            }
        }
        let ep = match fields.get(3).copied().unwrap_or("-") {
            "-" => None,
            text => Some(
                Square::from_ascii(text.as_bytes())
                    .filter(|s| s.rank() == if turn == Color::White { 5 } else { 2 })
                    .ok_or_else(|| bad(format!("en-passant square '{text}'")))?,
            ),
        };
        let mut pos = FairyPosition {
            walks,
            board,
            by_color,
            kings: [white_king, black_king],
            turn,
            castling,
            ep,
            key: 0,
        };
        pos.key = pos.compute_key();
        if pos.is_attacked(pos.kings[(!turn).index()], turn) {
            return Err(bad("the side not to move is in check".into()));
        }
        Ok(pos)
    }

    /// The key computed from scratch.
    pub fn compute_key(&self) -> u64 {
        let mut key = castling_key(self.castling.bits());
        for sq in Square::all() {
            if let Some((color, kind)) = self.board[sq.index()] {
                key ^= self.walks.zobrist(kind, color, sq);
            }
        }
        if let Some(ep) = self.ep {
            key ^= ep_key(ep.file());
        }
        if self.turn == Color::Black {
            key ^= side_key();
        }
        key
    }

    pub fn walks(&self) -> &Arc<Walks> {
        &self.walks
    }

    #[inline]
    pub fn man_at(&self, sq: Square) -> Man {
        self.board[sq.index()]
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.turn
    }

    #[inline]
    pub fn king_square(&self, color: Color) -> Square {
        self.kings[color.index()]
    }

    #[inline]
    pub fn zobrist_key(&self) -> u64 {
        self.key
    }

    fn put(&mut self, sq: Square, color: Color, kind: Kind) {
        self.board[sq.index()] = Some((color, kind));
        self.by_color[color.index()] = self.by_color[color.index()].with(sq);
        self.key ^= self.walks.zobrist(kind, color, sq);
    }

    fn take(&mut self, sq: Square) -> Man {
        let man = self.board[sq.index()].take();
        if let Some((color, kind)) = man {
            self.by_color[color.index()] = self.by_color[color.index()].without(sq);
            self.key ^= self.walks.zobrist(kind, color, sq);
        }
        man
    }

    /// Plays a pseudo-legal move of the side to move: captures, castling (the king's two-square
    /// move), en passant (a pawn's diagonal move to the en-passant square), promotion.
    pub fn make(&mut self, m: FairyMove) {
        let (from, to) = (m.from(), m.to());
        let Some((color, kind)) = self.take(from) else {
            return;
        };
        self.take(to);
        let mut new_ep = None;
        if kind == PAWN {
            if Some(to) == self.ep {
                let victim = Square::from_coords(to.file(), from.rank());
                if let Some(victim) = victim {
                    self.take(victim);
                }
            }
            if from.rank().abs_diff(to.rank()) == 2 {
                new_ep = Square::from_coords(from.file(), (from.rank() + to.rank()) / 2);
            }
        }
        let landed = match m.promotion() {
            Some(letter) => self.walks.kind_of_letter(letter).unwrap_or(kind),
            None => kind,
        };
        self.put(to, color, landed);
        if kind == KING {
            self.kings[color.index()] = to;
            if from.file().abs_diff(to.file()) == 2 {
                let wing = if to.file() > from.file() {
                    Wing::KingSide
                } else {
                    Wing::QueenSide
                };
                let g = geometry(color, wing);
                if let Some((c, k)) = self.take(g.rook_from) {
                    self.put(g.rook_to, c, k);
                }
            }
        }
        self.key ^= castling_key(self.castling.bits());
        self.castling.touch(from);
        self.castling.touch(to);
        self.key ^= castling_key(self.castling.bits());
        if let Some(ep) = self.ep {
            self.key ^= ep_key(ep.file());
        }
        self.ep = new_ep;
        if let Some(ep) = self.ep {
            self.key ^= ep_key(ep.file());
        }
        self.turn = !self.turn;
        self.key ^= side_key();
    }

    /// The position after the side to move passes.
    pub fn after_pass(&self) -> FairyPosition {
        let mut next = self.clone();
        if let Some(ep) = next.ep.take() {
            next.key ^= ep_key(ep.file());
        }
        next.turn = !next.turn;
        next.key ^= side_key();
        next
    }
}
