//! What the rules can tell the help search before it plays a move: whether the goal is
//! within reach at all in the moves each side has left ([`Hints::goal_out_of_reach`], the
//! moves-left argument of [`super::goal_reach`]), and about the last two moves:
//! [`Hints::stalemate_candidates`] names the only moves that can stalemate the other side at
//! once, so a stalemate search skips the last ply where no move can, and
//! [`Hints::stalemate_preparations`] the only moves after which the other side can stalemate
//! the mover at once. The default knows nothing (every move is tried); the orthodox rules
//! ([`super::orthodox_hints`], apart from the trait so that the arguments it calls on can use
//! the trait's types) join two arguments: the landing argument ([`crate::classify::landing`]),
//! which needs no move generated and so comes first, and the mobility bounds of the line
//! search ([`crate::classify::LineRules`]: the stalemated king's free squares, each mobile
//! man's sensors). Each keeps every move that may stalemate, so their intersection does too.
//! The stalemate arguments and the intelligent
//! mode are made only where both kings stand; a problem without one (Popeye's `NoWk`/`NoBk`)
//! is searched move by move, with the mate arguments, which know that a side without a king
//! is never mated.

use super::plan::{Found, HelpOptions, Outcome, Plan};
use super::sink::{LineOrder, LineSink};
use crate::fairy::FairyPosition;
use crate::kernel::SearchControl;
use crate::problem::Goal;
use crate::rules::{Moves, Rules};

/// Knowledge of the rules the help search may use to skip moves.
pub trait Hints: Rules {
    /// The only moves of the side to move that may stalemate the other side (`None`: any
    /// move may). Every move that stalemates is among them.
    fn stalemate_candidates(&self) -> Option<Moves<Self>> {
        None
    }

    /// The only moves of the side to move after which the other side may stalemate it at
    /// once (`None`: any move may). Every such move is among them.
    fn stalemate_preparations(&self) -> Option<Moves<Self>> {
        None
    }

    /// The only moves of the side to move after which the other side may mate it at once
    /// (`None`: any move may). Every such move is among them.
    fn mate_preparations(&self) -> Option<Moves<Self>> {
        None
    }

    /// True when no line in which each side makes the moves `left` gives it can end in
    /// `goal` for the sufferer, whatever both sides play (`false`: it may).
    fn goal_out_of_reach(&self, _goal: Goal, _left: MovesLeft) -> bool {
        false
    }

    /// Every line of `plan` found by way of the final positions (`Intelligent`), handed to
    /// `sink` in `order` (with none, the plain search's order); `None` where the rules have no
    /// such mode for this play (then nothing is handed on).
    fn intelligent_lines_into(
        &self,
        _plan: &Plan,
        _limits: &HelpOptions,
        _control: &SearchControl,
        _sink: &mut dyn LineSink<Self>,
        _order: Option<&dyn LineOrder<Self>>,
    ) -> Option<Outcome> {
        None
    }

    /// [`Hints::intelligent_lines_into`], collected in the plain search's order.
    fn intelligent_lines(
        &self,
        plan: &Plan,
        limits: &HelpOptions,
        control: &SearchControl,
    ) -> Option<Found<Self::Move>> {
        let mut lines = Vec::new();
        let outcome = self.intelligent_lines_into(plan, limits, control, &mut lines, None)?;
        Some(Found::of(lines, outcome))
    }
}

/// The moves each side makes from a position to the end of a line: the attacker (who
/// mates or stalemates with the line's last move) and the sufferer.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MovesLeft {
    /// True when the attacker is the side to move.
    pub attacker_to_move: bool,
    pub attacker: u32,
    pub sufferer: u32,
}

impl MovesLeft {
    /// Help play: `plies` half-moves, the last one the attacker's.
    ///
    /// ```
    /// use mateproof::help::MovesLeft;
    /// let left = MovesLeft::help(3);
    /// assert_eq!((left.attacker_to_move, left.attacker, left.sufferer), (true, 2, 1));
    /// ```
    pub fn help(plies: u32) -> MovesLeft {
        MovesLeft {
            attacker_to_move: plies % 2 == 1,
            attacker: plies.div_ceil(2),
            sufferer: plies / 2,
        }
    }

    /// Series play: `series` moves of the side to move, then (`other_ends`) one move of the
    /// other side that reaches the goal against the series side (`ser-h`, `ser-s`), or
    /// (otherwise) the series side's last move reaches it (`ser-#`, `ser-=`).
    ///
    /// ```
    /// use mateproof::help::MovesLeft;
    /// let left = MovesLeft::series(5, true);
    /// assert_eq!((left.attacker_to_move, left.attacker, left.sufferer), (false, 1, 5));
    /// ```
    pub fn series(series: u32, other_ends: bool) -> MovesLeft {
        if other_ends {
            MovesLeft {
                attacker_to_move: false,
                attacker: 1,
                sufferer: series,
            }
        } else {
            MovesLeft {
                attacker_to_move: true,
                attacker: series,
                sufferer: 0,
            }
        }
    }
}

impl Hints for FairyPosition {}
