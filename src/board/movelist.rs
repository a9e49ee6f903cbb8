//! The board's move list and its two sizes: the inline capacity that covers every game
//! position and the proven bound on the moves of any orthodox position.

use super::Move;
use crate::kernel::StackList;

/// The most moves any orthodox position of the side to move can have, whatever its material.
///
/// Proof. A move is an origin, a destination and, for a promotion, a piece. The origin holds
/// one of the mover's `k` men and the destination does not (castling is the king's move to the
/// empty g- or c-square, which no other king move reaches), so there are at most
/// `k·(64 − k) ≤ 32·32 = 1024` origin–destination pairs, each one move. Only pawn moves to the
/// last rank come in four kinds: at most eight pawns stand on the seventh rank, each with at
/// most three destinations, which adds at most `8·3·3 = 72`.
pub const MAX_MOVES: usize = 32 * 32 + 8 * 3 * 3;

/// How many moves a [`MoveList`] holds before it moves to the heap: more than the 218 of any
/// position a game can reach.
pub const INLINE_MOVES: usize = 256;

/// The moves of one position.
pub type MoveList = StackList<Move, INLINE_MOVES>;
