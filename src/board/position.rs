//! The position: bitboards per role and colour, a mailbox, side to move, castling rights,
//! en-passant square, clocks and an incrementally kept Zobrist key; making moves (copy-make)
//! and the null move.
//!
//! A `Position` is always one that [`super::validate`] accepted: at most one king per side, and
//! exactly one unless the problem says a side has none (Popeye's `NoWk`/`NoBk`). A side without
//! a king is never in check and has no pins, so its moves are its pseudo-legal moves; the hot
//! paths learn this once per position from [`Position::king`] being `None`. Building one from
//! text goes through [`super::Setup`].

use super::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
};
use super::castling::{geometry, Castling, CastlingExclusions, Wing};
use super::{zobrist, Bitboard, Color, Move, MoveKind, Piece, Role, Square};

const NO_PIECE: u8 = 0xf;

/// A legal chess position (in the lenient or strict sense chosen when it was built).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Position {
    by_role: [Bitboard; 6],
    by_color: [Bitboard; 2],
    /// Piece code per square, two squares a byte (low nibble = even square): `Piece::index()`
    /// or `NO_PIECE`. Packed so a whole position stays within two cache lines and copies fast.
    mailbox: [u8; 32],
    turn: Color,
    castling: Castling,
    castling_exclusions: CastlingExclusions,
    ep_square: Option<Square>,
    halfmove_clock: u16,
    fullmove_number: u16,
    key: u64,
}

impl Position {
    /// An empty board, White to move. Only for builders in this crate; it is not legal.
    pub(crate) fn empty() -> Position {
        Position {
            by_role: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
            mailbox: [NO_PIECE * 0x11; 32],
            turn: Color::White,
            castling: Castling::NONE,
            castling_exclusions: CastlingExclusions::NONE,
            ep_square: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            key: 0,
        }
    }

    /// The standard starting position.
    pub fn startpos() -> Position {
        super::Setup::startpos()
            .into_position(super::Validation::Strict)
            .unwrap_or_else(|_| unreachable!("the start position is legal"))
    }

    // ----- accessors -------------------------------------------------------------------------

    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    #[inline]
    pub fn castling(&self) -> Castling {
        self.castling
    }

    /// Castlings that exclude each other (Popeye's `CastlingMutuallyExclusive`).
    #[inline]
    pub fn castling_exclusions(&self) -> CastlingExclusions {
        self.castling_exclusions
    }

    /// The e.p. target square, kept only when a pawn of the side to move attacks it.
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock as u32
    }

    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number as u32
    }

    /// The Zobrist key of the whole position (pieces, side, castling, e.p.).
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.by_color[color.index()] & self.by_role[role.index()]
    }

    #[inline]
    fn code_at(&self, sq: Square) -> u8 {
        (self.mailbox[sq.index() >> 1] >> ((sq.index() & 1) * 4)) & 0xf
    }

    #[inline]
    fn set_code(&mut self, sq: Square, code: u8) {
        let shift = (sq.index() & 1) * 4;
        let byte = &mut self.mailbox[sq.index() >> 1];
        *byte = (*byte & !(0xf << shift)) | (code << shift);
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let code = self.code_at(sq);
        if code == NO_PIECE {
            None
        } else {
            let color = if code >= 6 {
                Color::Black
            } else {
                Color::White
            };
            Role::from_index((code % 6) as usize).map(|role| Piece::new(color, role))
        }
    }

    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        let code = self.code_at(sq);
        if code == NO_PIECE {
            None
        } else {
            Role::from_index((code % 6) as usize)
        }
    }

    /// The king of `color`; `None` only in a problem whose side has no king (Popeye's
    /// `NoWk`/`NoBk`, see [`super::KinglessSides`]).
    #[inline]
    pub fn king(&self, color: Color) -> Option<Square> {
        self.pieces(color, Role::King).first()
    }

    /// True when both sides have their king (every position but a `NoWk`/`NoBk` problem's).
    #[inline]
    pub fn has_both_kings(&self) -> bool {
        self.by_role(Role::King).more_than_one()
    }

    /// Rooks and queens.
    #[inline]
    pub fn rooks_queens(&self) -> Bitboard {
        self.by_role[Role::Rook.index()] | self.by_role[Role::Queen.index()]
    }

    /// Bishops and queens.
    #[inline]
    pub fn bishops_queens(&self) -> Bitboard {
        self.by_role[Role::Bishop.index()] | self.by_role[Role::Queen.index()]
    }

    // ----- attacks ---------------------------------------------------------------------------

    /// Pieces of `attacker` that attack `sq`, with `occupied` as the blockers.
    #[inline]
    pub fn attackers_to(&self, sq: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        let them = self.by_color(attacker);
        ((rook_attacks(sq, occupied) & self.rooks_queens())
            | (bishop_attacks(sq, occupied) & self.bishops_queens())
            | (knight_attacks(sq) & self.by_role(Role::Knight))
            | (king_attacks(sq) & self.by_role(Role::King))
            | (pawn_attacks(!attacker, sq) & self.by_role(Role::Pawn)))
            & them
    }

    /// True when any piece of `attacker` attacks `sq`.
    #[inline]
    pub fn is_attacked(&self, sq: Square, attacker: Color, occupied: Bitboard) -> bool {
        self.attackers_to(sq, attacker, occupied).any()
    }

    /// Pieces giving check to the side to move (none for a side without a king).
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        match self.king(self.turn) {
            Some(king) => self.attackers_to(king, !self.turn, self.occupied()),
            None => Bitboard::EMPTY,
        }
    }

    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// Pieces (of either colour) that are the only piece between the king of `king_color` and
    /// an enemy slider aimed at it: pinned pieces if they are the king's own, discovered-check
    /// candidates if they are the enemy's. None when `king_color` has no king.
    #[inline]
    pub fn slider_blockers(&self, king_color: Color) -> Bitboard {
        let Some(ksq) = self.king(king_color) else {
            return Bitboard::EMPTY;
        };
        let enemy = self.by_color(!king_color);
        let snipers = ((rook_attacks(ksq, Bitboard::EMPTY) & self.rooks_queens())
            | (bishop_attacks(ksq, Bitboard::EMPTY) & self.bishops_queens()))
            & enemy;
        let occupied = self.occupied();
        let mut blockers = Bitboard::EMPTY;
        for sniper in snipers {
            let b = between(ksq, sniper) & occupied;
            if !b.more_than_one() {
                blockers |= b;
            }
        }
        blockers
    }

    /// Pieces of the side to move that may not leave their line to the king.
    #[inline]
    pub fn pinned(&self) -> Bitboard {
        self.slider_blockers(self.turn) & self.by_color(self.turn)
    }

    // ----- building (crate-internal; validation lives in `validate`) ---------------------------

    #[inline]
    pub(crate) fn put(&mut self, piece: Piece, sq: Square) {
        let bb = Bitboard::from_square(sq);
        self.by_role[piece.role.index()] |= bb;
        self.by_color[piece.color.index()] |= bb;
        self.set_code(sq, piece.index() as u8);
        self.key ^= zobrist::piece(piece, sq);
    }

    #[inline]
    pub(crate) fn remove(&mut self, piece: Piece, sq: Square) {
        let bb = Bitboard::from_square(sq);
        self.by_role[piece.role.index()] ^= bb;
        self.by_color[piece.color.index()] ^= bb;
        self.set_code(sq, NO_PIECE);
        self.key ^= zobrist::piece(piece, sq);
    }

    #[inline]
    fn shift(&mut self, piece: Piece, from: Square, to: Square) {
        let bb = Bitboard::from_square(from) | Bitboard::from_square(to);
        self.by_role[piece.role.index()] ^= bb;
        self.by_color[piece.color.index()] ^= bb;
        self.set_code(from, NO_PIECE);
        self.set_code(to, piece.index() as u8);
        self.key ^= zobrist::piece(piece, from) ^ zobrist::piece(piece, to);
    }

    pub(crate) fn set_turn(&mut self, turn: Color) {
        self.key ^= zobrist::side(self.turn) ^ zobrist::side(turn);
        self.turn = turn;
    }

    pub(crate) fn set_castling_exclusions(&mut self, exclusions: CastlingExclusions) {
        self.castling_exclusions = exclusions;
    }

    pub(crate) fn set_castling(&mut self, castling: Castling) {
        self.key ^= zobrist::castling(self.castling) ^ zobrist::castling(castling);
        self.castling = castling;
    }

    /// Sets the e.p. square, keeping it only when a pawn of the side to move attacks it
    /// (as Stockfish and Polyglot do), so equal positions get equal keys.
    pub(crate) fn set_ep_square(&mut self, ep: Option<Square>) {
        if let Some(old) = self.ep_square.take() {
            self.key ^= zobrist::en_passant(old);
        }
        if let Some(sq) = ep {
            if (pawn_attacks(!self.turn, sq) & self.pieces(self.turn, Role::Pawn)).any() {
                self.ep_square = Some(sq);
                self.key ^= zobrist::en_passant(sq);
            }
        }
    }

    pub(crate) fn set_clocks(&mut self, halfmove_clock: u32, fullmove_number: u32) {
        self.halfmove_clock = halfmove_clock.min(u16::MAX as u32) as u16;
        self.fullmove_number = fullmove_number.clamp(1, u16::MAX as u32) as u16;
    }

    // ----- making moves ----------------------------------------------------------------------

    /// Plays a legal move in place. The move must come from this position's move generator
    /// (or have been checked with `is_legal`); anything else corrupts the position.
    #[inline]
    pub fn play(&mut self, m: Move) {
        let us = self.turn;
        let them = !us;
        let from = m.from();
        let to = m.to();
        let moved = match self.piece_at(from) {
            Some(p) => p,
            None => {
                debug_assert!(false, "no piece on {from} for {m}");
                return;
            }
        };
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        if us == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        if let Some(ep) = self.ep_square.take() {
            self.key ^= zobrist::en_passant(ep);
        }
        let old_castling = self.castling;
        let mut new_ep = None;

        match m.kind() {
            MoveKind::Normal => {
                if let Some(captured) = self.piece_at(to) {
                    self.remove(captured, to);
                    self.halfmove_clock = 0;
                }
                self.shift(moved, from, to);
                if moved.role == Role::Pawn {
                    self.halfmove_clock = 0;
                    if from.to_u8() ^ to.to_u8() == 16 {
                        new_ep = Some(Square::new((from.to_u8() + to.to_u8()) / 2));
                    }
                }
            }
            MoveKind::Promotion(role) => {
                if let Some(captured) = self.piece_at(to) {
                    self.remove(captured, to);
                }
                self.remove(moved, from);
                self.put(Piece::new(us, role), to);
                self.halfmove_clock = 0;
            }
            MoveKind::EnPassant => {
                let captured_sq = Square::new(to.to_u8() ^ 8);
                self.remove(Piece::new(them, Role::Pawn), captured_sq);
                self.shift(moved, from, to);
                self.halfmove_clock = 0;
            }
            MoveKind::Castle => {
                let wing = if to.file() == 6 {
                    Wing::KingSide
                } else {
                    Wing::QueenSide
                };
                let g = geometry(us, wing);
                self.shift(moved, from, to);
                self.shift(Piece::new(us, Role::Rook), g.rook_from, g.rook_to);
                for (color, other_wing) in self.castling_exclusions.excluded_by(us, wing) {
                    self.castling.remove(color, other_wing);
                }
            }
        }

        self.castling.touch(from);
        self.castling.touch(to);
        if self.castling != old_castling {
            self.key ^= zobrist::castling(old_castling) ^ zobrist::castling(self.castling);
        }
        self.turn = them;
        self.key ^= zobrist::side(Color::Black);
        if new_ep.is_some() {
            self.set_ep_square(new_ep);
        }
    }

    /// The position after a legal move (copy-make).
    #[inline]
    pub fn after(&self, m: Move) -> Position {
        let mut child = *self;
        child.play(m);
        child
    }

    /// Passes the move to the other side (the solver's threat test). Only meaningful when the
    /// side to move is not in check.
    #[inline]
    pub fn play_null(&mut self) {
        if let Some(ep) = self.ep_square.take() {
            self.key ^= zobrist::en_passant(ep);
        }
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        if self.turn == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.turn = !self.turn;
        self.key ^= zobrist::side(Color::Black);
    }

    /// The position after a null move.
    #[inline]
    pub fn after_null(&self) -> Position {
        let mut child = *self;
        child.play_null();
        child
    }

    /// Recomputes the Zobrist key from scratch (tests compare it with the incremental one).
    pub fn compute_key(&self) -> u64 {
        let mut key = zobrist::side(self.turn) ^ zobrist::castling(self.castling);
        if let Some(ep) = self.ep_square {
            key ^= zobrist::en_passant(ep);
        }
        for sq in self.occupied() {
            if let Some(p) = self.piece_at(sq) {
                key ^= zobrist::piece(p, sq);
            }
        }
        key
    }

    /// The piece a move moves (the pawn, for a promotion).
    #[inline]
    pub fn moved_piece(&self, m: Move) -> Option<Piece> {
        self.piece_at(m.from())
    }

    /// The role a move captures, if any (a pawn for en passant).
    #[inline]
    pub fn captured_role(&self, m: Move) -> Option<Role> {
        match m.kind() {
            MoveKind::EnPassant => Some(Role::Pawn),
            MoveKind::Castle => None,
            _ => self.role_at(m.to()),
        }
    }

    #[inline]
    pub fn is_capture(&self, m: Move) -> bool {
        self.captured_role(m).is_some()
    }
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", super::fen::to_fen(self))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn position_copies_stay_small() {
        assert!(std::mem::size_of::<super::Position>() <= 128);
    }
}
