//! The stalemate bound one ply before the last: after the side to move (A) plays, can the other
//! side (B) stalemate A at once? [`LineRules::own_units`] and
//! [`LineRules::may_be_stalemated_after`] answer "certainly not" for most of A's moves without
//! playing them, so a stalemate search two plies from its bound skips the B replies of those.
//!
//! The argument (orthodox) extends [`super::prune`]'s. A *unit* of A is a man other than the
//! king with a legal move that is not a pawn capture. A move of A that is no king move keeps
//! the king where it stands, so a unit it does not move loses its moves only if the move lands
//! on the path of every one of them (own men block; between the unit and each destination, or
//! on it) or lands on or vacates a square of the half-line beyond the unit from its king (a
//! pin, also through the pawn an en-passant capture takes away). Every unit A's move leaves
//! alone is then still a unit, and B's one reply must take all their moves away: it must touch
//! each unit's sensor of [`super::prune`] (its square, its pawn's push square, the half-line
//! beyond it) with its origin or its landing square. So some man of B must stand on a square
//! (the origin) such that the sensors it misses share a square (the landing). King moves and
//! castling move A's king and are never refused; nor is anything when B may castle (its rook
//! touches two squares more). After a double pawn step B may capture en passant, taking the
//! pawn off its landing square: units whose sensor holds that square count as touched.

use super::king_cover;
use super::prune::{beyond, one_move_may_touch};
use crate::board::attacks::between;
use crate::board::attacks::{king_attacks, queen_attacks};
use crate::board::{Bitboard, Move, MoveKind, Position, Role, Square};

/// The most units a side can have: every man but its king.
const MOST_UNITS: usize = 15;

/// The side to move's units as [`LineRules::own_units`](super::LineRules::own_units) finds them, with per unit the squares
/// A's own move must touch and the squares B's reply must touch to take its moves away.
#[derive(Clone, Copy, Debug, Default)]
pub struct OwnUnits {
    count: usize,
    at: [Option<Square>; MOST_UNITS],
    /// Squares where A's own move, landing or leaving, may take every move of the unit away.
    own: [Bitboard; MOST_UNITS],
    /// Squares B's reply must land on or leave to take every move of the unit away.
    theirs: [Bitboard; MOST_UNITS],
    /// Where A's king may go now ([`super::king_cover`]'s free squares).
    king_free: Bitboard,
}

impl OwnUnits {
    /// Collects the units among the origins of `moves`, the legal moves of `pos`.
    pub(super) fn of(pos: &Position, moves: &[Move]) -> OwnUnits {
        let us = pos.turn();
        let king = pos.king(us);
        let mut paths = [Bitboard::FULL; 64];
        let mut origins = Bitboard::EMPTY;
        let mut king_free = Bitboard::EMPTY;
        for &m in moves {
            let role = pos.role_at(m.from());
            if role == Some(Role::King) && !m.is_castle() {
                king_free |= Bitboard::from_square(m.to());
            }
            let pawn_capture = role == Some(Role::Pawn) && m.from().file() != m.to().file();
            if role == Some(Role::King) || pawn_capture || m.is_castle() {
                continue;
            }
            origins |= Bitboard::from_square(m.from());
            // Filling a square of this path (by an own man) takes this move away.
            let path = between(m.from(), m.to()) | Bitboard::from_square(m.to());
            paths[m.from().index()] &= path;
        }
        let mut units = OwnUnits {
            king_free,
            ..OwnUnits::default()
        };
        for (i, unit) in origins.into_iter().take(MOST_UNITS).enumerate() {
            let pin = Bitboard::from_square(unit) | beyond(king, unit);
            let mut theirs = pin;
            if pos.role_at(unit) == Some(Role::Pawn) {
                if let Some(push) = unit.offset(0, us.forward()) {
                    theirs |= Bitboard::from_square(push);
                }
            }
            units.at[i] = Some(unit);
            units.own[i] = pin | paths[unit.index()];
            units.theirs[i] = theirs;
            units.count = i + 1;
        }
        units
    }

    /// The sensors of the units in `left`.
    fn sensors_of(&self, left: u16) -> ([Bitboard; MOST_UNITS], usize) {
        let mut sensors = [Bitboard::EMPTY; MOST_UNITS];
        let mut n = 0;
        for i in (0..self.count).filter(|&i| left & (1 << i) != 0) {
            sensors[n] = self.theirs[i];
            n += 1;
        }
        (sensors, n)
    }
}

/// [`LineRules::may_be_stalemated_after`] for the orthodox position.
pub(super) fn may_be_stalemated_after(pos: &Position, units: &OwnUnits, m: Move) -> bool {
    let role = pos.role_at(m.from());
    if m.is_castle() || pos.castling().has_any(!pos.turn()) {
        return true;
    }
    if role == Some(Role::King) {
        return king_may_be_stalemated_after(pos, m);
    }
    let mut touched = Bitboard::from_square(m.from()) | Bitboard::from_square(m.to());
    if m.kind() == MoveKind::EnPassant {
        if let Some(taken) = Square::from_coords(m.to().file(), m.from().rank()) {
            touched |= Bitboard::from_square(taken);
        }
    }
    let double_step = role == Some(Role::Pawn) && m.from().rank().abs_diff(m.to().rank()) == 2;
    let mut left = 0u16;
    for i in 0..units.count {
        let moved = units.at[i] == Some(m.from());
        let taken_en_passant = double_step && units.theirs[i].contains(m.to());
        if !moved && !taken_en_passant && !(units.own[i] & touched).any() {
            left |= 1 << i;
        }
    }
    // The king's free squares after A's move: not the landing, nor one that a line of B
    // opened through a square the move empties attacks (the origin, a pawn taken en passant,
    // or the double-stepped pawn that B may take en passant).
    let mut opened = touched.without(m.to());
    if double_step {
        opened |= Bitboard::from_square(m.to());
    }
    let mut free = units.king_free.without(m.to());
    let near_opened = opened.into_iter().fold(Bitboard::EMPTY, |near, square| {
        near | queen_attacks(square, Bitboard::EMPTY)
    });
    let after = (pos.occupied() - opened) | (Bitboard::from_square(m.to()) - opened);
    let without_king = after.without(pos.king(pos.turn()));
    for square in free & near_opened {
        // The men of B before A's move: one A may have taken only widens the test.
        if pos.is_attacked(square, !pos.turn(), without_king) {
            free = free.without(square);
        }
    }
    let (sensors, n) = units.sensors_of(left);
    let their_men = pos.by_color(!pos.turn()).without(m.to());
    let occupied = pos.occupied() - opened;
    one_move_may_touch(&sensors[..n], their_men, |origin| {
        king_cover::landings_covering(pos, !pos.turn(), origin, free, occupied)
    })
}

/// After A's king move `m` (no castling), the king's test alone: B's reply must take every
/// free square next to the king's new square. (A king move may pin A's own units anew, so
/// the units prove nothing here.)
fn king_may_be_stalemated_after(pos: &Position, m: Move) -> bool {
    let (a, king) = (pos.turn(), m.to());
    let occupied = pos.occupied().without(m.from()).with(king);
    let without_king = occupied.without(king);
    // The men of B before the move: one the king may have taken only widens the test.
    let free = (king_attacks(king) - pos.by_color(a))
        .into_iter()
        .filter(|&s| !pos.is_attacked(s, !a, without_king))
        .fold(Bitboard::EMPTY, Bitboard::with);
    let their_men = pos.by_color(!a).without(king);
    one_move_may_touch(&[], their_men, |origin| {
        king_cover::landings_covering(pos, !a, origin, free, occupied)
    })
}
