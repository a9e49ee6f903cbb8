//! The stalemated king: after the other side's one move, the side to be stalemated (A) must
//! have no king move, so that move must take away every square its king could go to. This
//! module says where a man of the other side (B) would have to land to do so, so the stalemate
//! bounds of [`super::prune`] and [`super::two_plies`] can refuse a move without playing it.
//!
//! A king square that is *free* — empty or holding a man of B, and attacked by no man of B —
//! stays free after B's move unless the moved man attacks it from its landing square, or B's
//! vacated origin opens a line of B onto it (a square beyond the origin from a line piece of
//! B on a line through both), or the man lands on it. So B's man must land, for every free
//! square its origin opens no line onto, on that square or on a square from which a man of
//! its kind attacks it — and on a square it can move to. A pawn that may promote could land as any piece: its landings are not
//! bounded.

use super::geometry::beyond;
use crate::board::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
};
use crate::board::{Bitboard, Color, Position, Role, Square};

/// The squares the man of B (of colour `b`) on `origin` must land on so that every square of `free` (free squares
/// of A's king) is taken away, `occupied` being the board after A's last move (a superset of
/// the squares that matter is enough: fewer men only widen the landings).
pub(super) fn landings_covering(
    pos: &Position,
    b: Color,
    origin: Square,
    free: Bitboard,
    occupied: Bitboard,
) -> Bitboard {
    let Some(role) = pos.role_at(origin) else {
        return Bitboard::FULL;
    };
    if role == Role::Pawn && may_promote(b, origin) {
        return Bitboard::FULL;
    }
    let through = occupied.without(origin);
    // Where the man can go at all (captures of its own men included: a wider set).
    let mut landing = match role {
        Role::Knight => knight_attacks(origin),
        Role::Bishop => bishop_attacks(origin, through),
        Role::Rook => rook_attacks(origin, through),
        Role::Queen => queen_attacks(origin, through),
        Role::King => king_attacks(origin),
        Role::Pawn => pawn_attacks(b, origin) | pushes(b, origin),
    };
    for square in free - discovered_through(pos, b, origin) {
        let from = match role {
            Role::Knight => knight_attacks(square),
            Role::Bishop => bishop_attacks(square, through),
            Role::Rook => rook_attacks(square, through),
            Role::Queen => queen_attacks(square, through),
            Role::King => king_attacks(square),
            // A man of B's colour on `from` attacks `square`: those of A's pawn on `square`.
            Role::Pawn => pawn_attacks(!b, square),
        };
        landing &= from.with(square);
    }
    landing
}

/// The squares a line of B may newly reach when its man on `origin` leaves: beyond `origin`
/// from each other line piece of B that moves along the line through both (the men between
/// are not looked at, which only widens the set).
fn discovered_through(pos: &Position, b: Color, origin: Square) -> Bitboard {
    let straight = pos.pieces(b, Role::Rook) | pos.pieces(b, Role::Queen);
    let diagonal = pos.pieces(b, Role::Bishop) | pos.pieces(b, Role::Queen);
    let mut reached = Bitboard::EMPTY;
    for x in straight.without(origin) {
        if rook_attacks(x, Bitboard::EMPTY).contains(origin) {
            reached |= beyond(x, origin);
        }
    }
    for x in diagonal.without(origin) {
        if bishop_attacks(x, Bitboard::EMPTY).contains(origin) {
            reached |= beyond(x, origin);
        }
    }
    reached
}

/// The free squares of the king of `side` in `pos` (which need not be its turn): next to it,
/// holding none of its own men, attacked by no man of the other side (the king taken off the
/// board, so it does not shield a square behind it).
pub(super) fn free_squares(pos: &Position, side: Color) -> Bitboard {
    let Some(king) = pos.king(side) else {
        return Bitboard::EMPTY;
    };
    let occupied = pos.occupied().without(king);
    (king_attacks(king) - pos.by_color(side))
        .into_iter()
        .filter(|&s| !pos.is_attacked(s, !side, occupied))
        .fold(Bitboard::EMPTY, Bitboard::with)
}

/// The squares one and two steps ahead of a pawn of `color` on `at`.
fn pushes(color: Color, at: Square) -> Bitboard {
    let one = at.offset(0, color.forward());
    let two = one.and_then(|s| s.offset(0, color.forward()));
    [one, two]
        .into_iter()
        .flatten()
        .fold(Bitboard::EMPTY, Bitboard::with)
}

/// A pawn of `color` on `at` one step from its last rank.
fn may_promote(color: Color, at: Square) -> bool {
    at.offset(0, color.forward())
        .and_then(|next| next.offset(0, color.forward()))
        .is_none()
}
