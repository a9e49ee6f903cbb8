//! Line geometry the stalemate bounds share: which squares beyond a man on its king's line may
//! pin it, and whether one move can touch a set of squares. Below [`super::prune`],
//! [`super::king_cover`] and [`super::two_plies`], which all ask it; it asks none of them.

use crate::board::attacks::{between, line, queen_attacks};
use crate::board::{Bitboard, Square};

/// Whether one ordinary move (an origin among `origins`, a landing among `landings(origin)`)
/// may touch each of the `sensors` whose bit is set in `which` with its origin or its landing:
/// some origin must leave sensors that share a square with its landings.
pub(super) fn one_move_may_touch(
    sensors: &[Bitboard],
    which: u16,
    origins: Bitboard,
    landings: impl Fn(Square) -> Bitboard,
) -> bool {
    origins.into_iter().any(|origin| {
        // The sensors first: they are cheap, and often leave no landing to look at.
        let mut needed = Bitboard::FULL;
        for (i, &sensor) in sensors.iter().enumerate() {
            if which & (1 << i) != 0 && !sensor.contains(origin) {
                needed &= sensor;
            }
        }
        needed.any() && (landings(origin) & needed).any()
    })
}

/// The squares beyond `unit` on the line from `king` through it (empty when not aligned): its
/// rays stop at the king, so on the line only the half beyond the unit is left.
pub(super) fn beyond(king: Square, unit: Square) -> Bitboard {
    let toward_king = between(king, unit) | Bitboard::from_square(king);
    line(king, unit) & queen_attacks(unit, Bitboard::from_square(king)) & !toward_king
}

/// The squares of the line from `king` through `unit` where a move may pin `unit` (empty when
/// not aligned): beyond it (a line piece lands there, or a man in front of one leaves) and
/// between it and the king (a man shielding it from a line piece beyond leaves).
pub(super) fn pin_line(king: Square, unit: Square) -> Bitboard {
    between(king, unit) | beyond(king, unit)
}
