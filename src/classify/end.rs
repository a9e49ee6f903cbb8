//! Where a line ends: the first checkmate, stalemate or dead position on it. Checkmate and
//! stalemate come from legal move generation; a dead position from the rules' material test.

use crate::board::Color;
use crate::rules::Rules;

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

    /// The end as a problemist says it, x being `x`.
    pub fn describe(self, x: Color) -> &'static str {
        match self {
            LineEnd::Mate { mated } if mated == x => "x is checkmated",
            LineEnd::Mate { .. } => "x checkmates",
            LineEnd::Stalemate { stalemated } if stalemated == x => "x is stalemated",
            LineEnd::Stalemate { .. } => "the opponent is stalemated",
            LineEnd::Dead => "dead position",
        }
    }
}
