//! Bounded classification: what can happen within N plies, as one line-quantifier search.
//!
//! Kulyukin's characteristics (theory digest §1.11–§1.17) are quantifier patterns over lines:
//! whether *some* line (∃∃, helpmate-like), the lines x chooses against *every* reply (∃∀,
//! directmate-like) or *every* line (∀∀) of at most N plies ends as x aims. A
//! [`LineQuestion`] names x (the side to move at the root), the quantifier of x's plies, the
//! opponent's play (∃, ∀, or passes as in series play) and the [`Aim`] tested on the position
//! where the line ends; [`LineSearch`] answers it for any [`crate::rules::Rules`], shortest
//! first, over a [`LineTable`] that holds results for that one question only.
//! [`classify`] asks the six questions of `mateproof classify` and gathers their witnesses.
//!
//! A line ends at the first mate, stalemate or dead position on it ([`LineEnd`]). Under
//! [`DrawRules::Problem`] (the default) repetition and the 50-move rule are not applied; under
//! [`DrawRules::Game`] a line also ends, drawn, when a position recurs on it (the root
//! included) or when the halfmove clock reaches 100, a mate on that move taking precedence.
//! Dead means, by material alone, that neither side can ever be mated
//! ([`crate::rules::Rules::is_dead_position`]). This module
//! computes and prints nothing: the command line and UCI present its [`Classification`].

mod end;
mod geometry;
mod king_cover;
pub(crate) mod landing;
mod prune;
mod search;
mod table;
mod two_plies;
mod verdict;

pub use end::{DrawRules, LineEnd};
pub use landing::LandingUnits;
pub use prune::{LineRules, MobileUnits};
pub use search::{stalemate_units, LineSearch, Stopped};
pub use table::LineTable;
pub use two_plies::OwnUnits;
pub use verdict::{classify, classify_under, Classification, ForcedLoss, ForcedWin, Witnessed};

use crate::board::Color;

/// Most plies a classification may look ahead. The help searches grow exponentially, so the
/// bound guards against a request that could never finish, not against a table limit.
pub const MAX_PLIES: u32 = 64;

/// How one side's plies are chosen along the lines.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Quantifier {
    /// Some move (the side cooperates, or chooses its best).
    Exists,
    /// Every move (the side resists, or its every choice must succeed).
    ForAll,
}

/// How the opponent of x plays along the lines.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum OpponentPlay {
    Moves(Quantifier),
    /// The opponent never moves (series play): x plays on, and a check of the opponent before
    /// the line's end is illegal, as in Popeye's series. Passes are not plies.
    Passes,
}

/// What x aims at: a set of line ends, seen from x, that count as reaching it (mating, being
/// mated, a stalemate, a draw …). Not a problem's goal ([`crate::problem::Goal`], a
/// stipulation's `#`, `=` …): a classification asks about several such sets at once.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Aim(u8);

impl Aim {
    /// x mates (the opponent is checkmated).
    pub const X_MATES: Aim = Aim(1);
    /// x is checkmated.
    pub const X_MATED: Aim = Aim(2);
    /// x is stalemated.
    pub const X_STALEMATED: Aim = Aim(4);
    /// The opponent is stalemated.
    pub const OPPONENT_STALEMATED: Aim = Aim(8);
    /// A dead position (by material).
    pub const DEAD: Aim = Aim(16);
    /// A draw by a recurring position or the 50-move rule ([`DrawRules::Game`] only).
    pub const GAME_RULE_DRAW: Aim = Aim(32);
    /// Stalemate of either side.
    pub const STALEMATE: Aim = Aim(4 | 8);
    /// A drawn end: stalemate of either side, a dead position, or a game-rule draw.
    pub const DRAW: Aim = Aim(4 | 8 | 16 | 32);
    /// Any end at all: mate, stalemate, dead position or game-rule draw.
    pub const ANY_END: Aim = Aim(63);

    /// Both sets together.
    pub const fn or(self, other: Aim) -> Aim {
        Aim(self.0 | other.0)
    }

    /// True when every end of `self` is in `other`.
    pub const fn within(self, other: Aim) -> bool {
        self.0 & !other.0 == 0
    }

    /// True when the two sets share an end.
    pub const fn meets(self, other: Aim) -> bool {
        self.0 & other.0 != 0
    }

    /// True when the line ending in `end` reaches this aim, x being `x`.
    pub fn is_reached(self, end: LineEnd, x: Color) -> bool {
        let needed = match end {
            LineEnd::Mate { mated } if mated == x => Aim::X_MATED,
            LineEnd::Mate { .. } => Aim::X_MATES,
            LineEnd::Stalemate { stalemated } if stalemated == x => Aim::X_STALEMATED,
            LineEnd::Stalemate { .. } => Aim::OPPONENT_STALEMATED,
            LineEnd::Dead => Aim::DEAD,
            LineEnd::Repetition | LineEnd::FiftyMoves => Aim::GAME_RULE_DRAW,
        };
        needed.within(self)
    }
}

/// Everything that decides the answer of a line search besides the position and the bound:
/// who x is, how each side's plies are quantified, the aim, and which draws end a line. A
/// [`LineTable`] holds the answers of exactly one question.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct LineQuestion {
    pub x: Color,
    pub x_plays: Quantifier,
    pub opponent_plays: OpponentPlay,
    pub aim: Aim,
    pub draws: DrawRules,
}

impl LineQuestion {
    /// Directmate `#m` for x: (∃, ∀, x mates) within 2m−1 plies.
    pub fn direct_mate(x: Color) -> LineQuestion {
        LineQuestion {
            x,
            x_plays: Quantifier::Exists,
            opponent_plays: OpponentPlay::Moves(Quantifier::ForAll),
            aim: Aim::X_MATES,
            draws: DrawRules::Problem,
        }
    }

    /// Helpmate `h#m` with x (the side to move, Black in a helpmate) mated: (∃, ∃, x mated)
    /// within 2m plies; `h#m.5` is the same question for the other side, within 2m+1 plies,
    /// x then being the mating side ([`LineQuestion::help_win`]).
    pub fn help_mate(x: Color) -> LineQuestion {
        LineQuestion {
            x,
            x_plays: Quantifier::Exists,
            opponent_plays: OpponentPlay::Moves(Quantifier::Exists),
            aim: Aim::X_MATED,
            draws: DrawRules::Problem,
        }
    }

    /// Kulyukin's "winnable": some line ends with x mating (∃, ∃, x mates).
    pub fn help_win(x: Color) -> LineQuestion {
        LineQuestion {
            aim: Aim::X_MATES,
            ..LineQuestion::help_mate(x)
        }
    }

    /// Kulyukin's "drawable": some line ends in stalemate or a dead position.
    pub fn help_draw(x: Color) -> LineQuestion {
        LineQuestion {
            aim: Aim::DRAW,
            ..LineQuestion::help_mate(x)
        }
    }

    /// Some line ends at all; its negation is Kulyukin's absolute hang.
    pub fn any_end(x: Color) -> LineQuestion {
        LineQuestion {
            aim: Aim::ANY_END,
            ..LineQuestion::help_mate(x)
        }
    }

    /// x is mated whatever x plays: (∀, ∃, x mated).
    pub fn forced_loss(x: Color) -> LineQuestion {
        LineQuestion {
            x,
            x_plays: Quantifier::ForAll,
            opponent_plays: OpponentPlay::Moves(Quantifier::Exists),
            aim: Aim::X_MATED,
            draws: DrawRules::Problem,
        }
    }

    /// Series mate `ser-#m`: x plays m moves in a row, the last mating, within m plies.
    pub fn series_mate(x: Color) -> LineQuestion {
        LineQuestion {
            x,
            x_plays: Quantifier::Exists,
            opponent_plays: OpponentPlay::Passes,
            aim: Aim::X_MATES,
            draws: DrawRules::Problem,
        }
    }

    /// The same question with the draws of `draws` ending lines.
    pub fn under(self, draws: DrawRules) -> LineQuestion {
        LineQuestion { draws, ..self }
    }

    /// The quantifier of the side to move `mover`, `None` when it passes.
    pub(crate) fn play_of(&self, mover: Color) -> Option<Quantifier> {
        if mover == self.x {
            Some(self.x_plays)
        } else {
            match self.opponent_plays {
                OpponentPlay::Moves(q) => Some(q),
                OpponentPlay::Passes => None,
            }
        }
    }
}

#[cfg(test)]
mod tests;
