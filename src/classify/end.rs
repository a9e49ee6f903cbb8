//! Where a line ends: the first checkmate, stalemate or dead position on it, and under the
//! game's draw rules ([`DrawRules::Game`]) also the first recurring position or the halfmove
//! clock reaching 100. Checkmate and stalemate come from legal move generation; a dead position
//! from the rules' material test; the game-rule draws from the line's earlier positions.

use super::prune::LineRules;
use crate::board::Color;
use crate::rules::Rules;

/// Which draws end a line besides stalemate and a dead position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum DrawRules {
    /// Problem rules: no repetition, no 50-move rule.
    #[default]
    Problem,
    /// A game's rules, as a player who claims every draw: the line ends drawn when a
    /// position recurs on it (the root included: the players can then repeat it to the
    /// threefold) or when the halfmove clock reaches 100 (fifty moves without a capture or a
    /// pawn move); a mate given on that move still counts as mate.
    Game,
}

/// The halfmove clock at which the 50-move rule ends a line.
pub const FIFTY_MOVES: u32 = 100;

/// How a line ended on the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum LineEnd {
    Mate {
        mated: Color,
    },
    Stalemate {
        stalemated: Color,
    },
    /// Neither side can ever be mated (by material).
    Dead,
    /// A position of the line came back ([`DrawRules::Game`]).
    Repetition,
    /// Fifty moves without a capture or a pawn move ([`DrawRules::Game`]).
    FiftyMoves,
}

impl LineEnd {
    /// The end reached at `pos`, or `None` while the line may go on. A position without legal
    /// moves is mate or stalemate even when its material is also dead.
    pub fn of<R: Rules>(pos: &R) -> Option<LineEnd> {
        if !pos.has_legal_move() {
            let side = pos.turn();
            Some(if pos.is_check() {
                LineEnd::Mate { mated: side }
            } else {
                LineEnd::Stalemate { stalemated: side }
            })
        } else if pos.is_dead_position() {
            Some(LineEnd::Dead)
        } else {
            None
        }
    }

    /// The end reached at `pos` under `draws`, the keys of the line's earlier positions being
    /// `earlier` (oldest first; only the last [`LineRules::halfmove_clock`] of them can recur,
    /// the others lying before a capture or a pawn move).
    pub fn under<R: LineRules>(draws: DrawRules, pos: &R, earlier: &[u64]) -> Option<LineEnd> {
        let end = LineEnd::of(pos);
        if end.is_some() || draws == DrawRules::Problem {
            return end;
        }
        let clock = pos.halfmove_clock();
        if clock >= FIFTY_MOVES {
            return Some(LineEnd::FiftyMoves);
        }
        let key = pos.key();
        recurrable(earlier, clock)
            .contains(&key)
            .then_some(LineEnd::Repetition)
    }

    /// The end as a problemist says it, x being `x`.
    pub fn describe(self, x: Color) -> &'static str {
        match self {
            LineEnd::Mate { mated } if mated == x => "x is checkmated",
            LineEnd::Mate { .. } => "x checkmates",
            LineEnd::Stalemate { stalemated } if stalemated == x => "x is stalemated",
            LineEnd::Stalemate { .. } => "the opponent is stalemated",
            LineEnd::Dead => "dead position",
            LineEnd::Repetition => "a position recurs",
            LineEnd::FiftyMoves => "fifty moves without a capture or a pawn move",
        }
    }
}

/// The earlier positions that the current one, `clock` halfmoves after the last capture or
/// pawn move, may repeat.
pub(super) fn recurrable(earlier: &[u64], clock: u32) -> &[u64] {
    let n = (clock as usize).min(earlier.len());
    &earlier[earlier.len() - n..]
}
