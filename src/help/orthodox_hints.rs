//! The orthodox rules' [`Hints`]: the stalemate arguments (the landing argument of
//! [`crate::classify::landing`], which needs no move generated and so comes first, joined with
//! the mobility bounds of [`crate::classify::LineRules`]), the quiet moves' argument for mates
//! ([`super::mate_preparations`]), the moves-left argument ([`super::goal_reach`]) and the
//! intelligent mode ([`super::intelligent`]). Apart from the trait ([`super::hints`]), which
//! those modules and the search use, so that none of them imports its own user back.

use super::hints::{Hints, MovesLeft};
use super::plan::{HelpOptions, Outcome, Plan};
use super::sink::{LineOrder, LineSink};
use crate::board::Position;
use crate::classify::landing::{free_units, landings_rule_out_a_stalemate, may_lose_every_unit};
use crate::classify::{stalemate_units, LineRules};
use crate::kernel::SearchControl;
use crate::problem::Goal;
use crate::rules::Moves;

impl Hints for Position {
    /// The cheap refusals first (the landing count, then the king and the units' count of
    /// the mobility bounds, both before any generation); then the moves, generated once and
    /// kept where both arguments allow a stalemate.
    fn stalemate_candidates(&self) -> Option<Moves<Self>> {
        if !self.has_both_kings() {
            return None;
        }
        let units = free_units(self, !self.turn());
        if landings_rule_out_a_stalemate(self, &units) {
            return Some(Moves::<Self>::new());
        }
        let Some(mobile) = stalemate_units(self) else {
            return Some(Moves::<Self>::new());
        };
        let mut moves = self.legal_moves();
        moves.retain(|m| may_lose_every_unit(&units, m) && self.may_stalemate(&mobile, m));
        Some(moves)
    }

    /// The cheap landing test first: the mobility bound's per-move test costs far more, so
    /// it sees only the moves the landings leave.
    fn stalemate_preparations(&self) -> Option<Moves<Self>> {
        if !self.has_both_kings() {
            return None;
        }
        let mut moves = self.legal_moves();
        let mobile = self.own_units(&moves);
        let landings = self.landing_units();
        moves.retain(|m| {
            landings
                .as_ref()
                .is_none_or(|units| self.may_prepare_by_landings(units, m))
                && mobile
                    .as_ref()
                    .is_none_or(|units| self.may_be_stalemated_after(units, m))
        });
        Some(moves)
    }

    /// The quiet moves' argument ([`super::mate_preparations`]).
    fn mate_preparations(&self) -> Option<Moves<Self>> {
        super::mate_preparations::mate_preparations(self)
    }

    /// The moves-left argument ([`super::goal_reach`]).
    fn goal_out_of_reach(&self, goal: Goal, left: MovesLeft) -> bool {
        super::goal_reach::out_of_reach(self, goal, left)
    }

    /// Help mates by way of their final positions ([`super::intelligent`]).
    fn intelligent_lines_into(
        &self,
        plan: &Plan,
        limits: &HelpOptions,
        control: &SearchControl,
        sink: &mut dyn LineSink<Self>,
        order: Option<&dyn LineOrder<Self>>,
    ) -> Option<Outcome> {
        if !self.has_both_kings() {
            return None;
        }
        super::intelligent::lines_into(self, plan, limits, control, sink, order)
    }
}
