//! The defending king's open flights as a quick, sound test that a checking move cannot mate.
//!
//! A flight square no attacker covers now stays open after an attacker's move unless the
//! moving piece covers it from its new square, or lands on it, or the move unmasks a slider
//! onto it (only possible on a line through the origin). A check that leaves an open flight
//! cannot be mate, and the mate-in-one test skips it without making the move. Castling and en
//! passant change more than that and are never skipped.
//! This module decides only "cannot mate"; whether a move mates is the move generator's job.

use super::attacks::{attacks, bishop_attacks, king_attacks, queen_attacks, rook_attacks};
use super::{Bitboard, Move, MoveKind, Position};

/// The open flights of the king of the side not to move.
#[derive(Clone, Copy, Debug)]
pub struct Flights {
    /// Squares next to the king, free of its own pieces, that no attacker covers (seen with the
    /// king off the board, so a slider's line through the king counts).
    open: Bitboard,
    /// The board's occupancy without the defending king.
    occupied: Bitboard,
}

impl Flights {
    /// The open flights of the defending king (the side not to move) in `pos`.
    ///
    /// ```
    /// use mateproof::board::{Flights, Move, Position, Square, Validation};
    /// // Black Kg8, White Kg6 (covering f7, g7, h7) and Ra1: f8 and h8 are open.
    /// let pos = Position::from_fen("6k1/8/6K1/8/8/8/8/R7 w - - 0 1", Validation::Strict).unwrap();
    /// let flights = Flights::new(&pos);
    /// let a8 = Move::normal(Square::new(0), Square::new(56));
    /// let a1h1 = Move::normal(Square::new(0), Square::new(7));
    /// assert!(flights.may_mate(&pos, a8)); // covers f8 and, through the king, h8
    /// assert!(!flights.may_mate(&pos, a1h1)); // covers h8, but f8 stays open
    /// ```
    #[inline]
    pub fn new(pos: &Position) -> Flights {
        let attacker = pos.turn();
        // A side without a king is never checked, so its flights are never asked about.
        let Some(king) = pos.king(!attacker) else {
            return Flights {
                open: Bitboard::EMPTY,
                occupied: pos.occupied(),
            };
        };
        let occupied = pos.occupied().without(king);
        let mut open = Bitboard::EMPTY;
        for square in king_attacks(king) & !pos.by_color(!attacker) {
            if !pos.is_attacked(square, attacker, occupied) {
                open = open.with(square);
            }
        }
        Flights { open, occupied }
    }

    /// Flights found another way: `open` as [`Flights::new`] defines it, `occupied` the board
    /// without the defending king ([`Position::open_flights`] finds them in bulk).
    #[inline]
    pub(super) fn from_parts(open: Bitboard, occupied: Bitboard) -> Flights {
        Flights { open, occupied }
    }

    /// The open flights: squares next to the king that no attacker covers now.
    #[inline]
    pub fn open(&self) -> Bitboard {
        self.open
    }

    /// The board's occupancy without the defending king.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.occupied
    }

    /// False when the attacker's move `m` certainly leaves the king an open flight, so it
    /// cannot mate; true does not mean that it mates.
    #[inline]
    pub fn may_mate(&self, pos: &Position, m: Move) -> bool {
        if self.open.is_empty() {
            return true;
        }
        let (from, to) = (m.from(), m.to());
        let role = match m.kind() {
            MoveKind::Normal => match pos.role_at(from) {
                Some(role) => role,
                None => return true,
            },
            MoveKind::Promotion(role) => role,
            MoveKind::EnPassant | MoveKind::Castle => return true,
        };
        let us = pos.turn();
        let occupied = self.occupied.without(from).with(to);
        // The king may take the moving piece if nothing else guards it: counted as covered.
        let covered = attacks(us, role, to, occupied).with(to);
        let mut open = self.open & !covered;
        // A flight on a line through the origin may face a slider the move unmasks.
        let rooks = pos.rooks_queens() & pos.by_color(us);
        let bishops = pos.bishops_queens() & pos.by_color(us);
        for square in open & queen_attacks(from, Bitboard::EMPTY) {
            let unmasked = (rook_attacks(square, occupied) & rooks.without(from))
                | (bishop_attacks(square, occupied) & bishops.without(from));
            if unmasked.any() {
                open = open.without(square);
            }
        }
        open.is_empty()
    }
}
