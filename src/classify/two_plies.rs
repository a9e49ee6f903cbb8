//! The stalemate bound one ply before the last: after the side to move (A) plays, can the other
//! side (B) stalemate A at once? [`LineRules::own_units`] and
//! [`LineRules::may_be_stalemated_after`] answer "certainly not" for most of A's moves without
//! playing them, so a stalemate search two plies from its bound skips the B replies of those.
//!
//! The argument (orthodox) extends [`super::prune`]'s. A *unit* of A is a man other than the
//! king with a legal move that is not a pawn capture. A move of A that is no king move keeps
//! the king where it stands, so a unit it does not move loses its moves only if the move lands
//! on the path of every one of them (own men block; between the unit and each destination, or
//! on it) or lands on or vacates a square of the unit's pin line ([`super::prune::pin_line`]:
//! between it and its king, or beyond it; also through the pawn an en-passant capture takes
//! away). Every unit A's move leaves
//! alone is then still a unit, and B's one reply must take all their moves away: it must touch
//! each unit's sensor of [`super::prune`] (its square, its pawn's push square, its pin line)
//! with its origin or its landing square. So some man of B must stand on a square
//! (the origin) such that the sensors it misses share a square (the landing). A king move
//! may pin A's units anew, but only those on a line through the king's new square: a unit off
//! those lines whose moves the king does not all block stays a unit, and B must take it or
//! block its pawn. Castling is never refused; nor is anything when B may castle (its rook
//! touches two squares more). After a double pawn step B may capture en passant, taking the
//! pawn off its landing square: units whose sensor holds that square count as touched.

use super::geometry::{one_move_may_touch, pin_line};
use super::king_cover;
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
    /// The part of `theirs` that holds wherever A's king stands: the unit's square and its
    /// pawn's push square (without its pin line).
    unpinned: [Bitboard; MOST_UNITS],
    /// Squares on the path of every move of the unit (a man there takes all its moves away).
    path: [Bitboard; MOST_UNITS],
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
            let pin = Bitboard::from_square(unit)
                | king.map_or(Bitboard::EMPTY, |king| pin_line(king, unit));
            let mut unpinned = Bitboard::from_square(unit);
            if pos.role_at(unit) == Some(Role::Pawn) {
                if let Some(push) = unit.offset(0, us.forward()) {
                    unpinned |= Bitboard::from_square(push);
                }
            }
            units.at[i] = Some(unit);
            units.own[i] = pin | paths[unit.index()];
            units.theirs[i] = pin | unpinned;
            units.unpinned[i] = unpinned;
            units.path[i] = paths[unit.index()];
            units.count = i + 1;
        }
        units
    }

    /// The units that stay units when A's king moves to `king` (no castling): those off every
    /// line through `king`, which no man of B can pin to it there, with a move whose path
    /// avoids `king`.
    fn left_by_king_on(&self, king: Square) -> u16 {
        let lines = queen_attacks(king, Bitboard::EMPTY);
        (0..self.count)
            .filter(|&i| {
                self.at[i].is_some_and(|at| !lines.contains(at)) && !self.path[i].contains(king)
            })
            .fold(0, |left, i| left | 1 << i)
    }
}

/// [`LineRules::may_be_stalemated_after`] for the orthodox position.
pub(super) fn may_be_stalemated_after(pos: &Position, units: &OwnUnits, m: Move) -> bool {
    let role = pos.role_at(m.from());
    if m.is_castle() || pos.castling().has_any(!pos.turn()) {
        return true;
    }
    if role == Some(Role::King) {
        return king_may_be_stalemated_after(pos, units, m);
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
    let sensors = &units.theirs[..units.count];
    let their_men = pos.by_color(!pos.turn()).without(m.to());
    // The units alone first (no man of B can touch them all): cheaper than the king's squares.
    if left != 0 && !one_move_may_touch(sensors, left, their_men, |_| Bitboard::FULL) {
        return false;
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
    let without_king = after - pos.pieces(pos.turn(), Role::King);
    for square in free & near_opened {
        // The men of B before A's move: one A may have taken only widens the test.
        if pos.is_attacked(square, !pos.turn(), without_king) {
            free = free.without(square);
        }
    }
    let occupied = pos.occupied() - opened;
    one_move_may_touch(sensors, left, their_men, |origin| {
        king_cover::landings_covering(pos, !pos.turn(), origin, free, occupied)
    })
}

/// After A's king move `m` (no castling): B's reply must take every free square next to the
/// king's new square, and touch the sensors of the units no man of B can pin to the king there
/// ([`OwnUnits::left_by_king_on`]): off the king's lines such a unit keeps a move unless it is
/// taken or, a pawn, blocked, so its sensor is its square and its push square.
fn king_may_be_stalemated_after(pos: &Position, units: &OwnUnits, m: Move) -> bool {
    let (a, king) = (pos.turn(), m.to());
    let their_men = pos.by_color(!a).without(king);
    let sensors = &units.unpinned[..units.count];
    let left = units.left_by_king_on(king);
    if left != 0 && !one_move_may_touch(sensors, left, their_men, |_| Bitboard::FULL) {
        return false;
    }
    let occupied = pos.occupied().without(m.from()).with(king);
    let without_king = occupied.without(king);
    // The men of B before the move: one the king may have taken only widens the test. The
    // square the king left is next to it, and free unless B attacks it.
    let free = (king_attacks(king) - pos.by_color(a).without(m.from()))
        .into_iter()
        .filter(|&s| !pos.is_attacked(s, !a, without_king))
        .fold(Bitboard::EMPTY, Bitboard::with);
    one_move_may_touch(sensors, left, their_men, |origin| {
        king_cover::landings_covering(pos, !a, origin, free, occupied)
    })
}
