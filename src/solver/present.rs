//! What the solver takes from its caller about presentation: the order in which first moves
//! are tried and listed ([`FirstMoveOrder`]) and which of the defender's replies the tree
//! shows as variations ([`ShownDefences`]); and for help and series play, the order their
//! lines are delivered in ([`HelpLineOrder`]). All are a front end's choice — Popeye's live in
//! `popeye::order`, `popeye::shown` and `popeye::line_text` — so the solver analyses and never
//! decides how a solution reads. A [`Presentation`] carries them together.

use crate::board::Position;
use crate::help::LineOrder;
use crate::problem::Stipulation;
use crate::rules::{Moves, Rules};

/// Sorts the legal first moves of a position into the order in which they are tried and
/// listed; the `u32` is the stipulation's number of moves.
pub type FirstMoveOrder<R = Position> = fn(&R, &mut Moves<R>, u32);

/// The [`FirstMoveOrder`] that keeps the move generator's order.
pub fn generation_order<R: Rules>(_: &R, _: &mut Moves<R>, _: u32) {}

/// The order help and series lines of a stipulation are delivered in (`None`: the order the
/// search meets them).
pub type HelpLineOrder<R> = fn(&Stipulation) -> Option<&'static (dyn LineOrder<R> + Sync)>;

/// The [`HelpLineOrder`] that keeps the search's own order.
pub fn search_order<R: Rules>(_: &Stipulation) -> Option<&'static (dyn LineOrder<R> + Sync)> {
    None
}

/// What the tree builder knows of one defence that does not refute, when it asks whether to
/// show it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DefenceFacts {
    /// Attacker moves still needed after this defence (the shortest way to the goal).
    pub length: u32,
    /// Attacker moves the threat needs; `None` when no threat is shown (check, zugzwang,
    /// threats off).
    pub threat_length: Option<u32>,
    /// Attacker moves left at this point of the play.
    pub budget: u32,
    /// The problem's `NoShortVariations` option.
    pub no_short_variations: bool,
}

/// Decides whether a defence is shown as a variation. The second argument answers, on
/// demand (it searches), whether the defence defeats at least one threat move.
pub type ShownDefences = fn(&DefenceFacts, &mut dyn FnMut() -> bool) -> bool;

/// The [`ShownDefences`] that shows every defence that does not refute.
pub fn every_defence(_: &DefenceFacts, _: &mut dyn FnMut() -> bool) -> bool {
    true
}

/// A front end's presentation choices for the game `R`, handed to [`super::solve`].
#[derive(Debug)]
pub struct Presentation<R: Rules = Position> {
    pub first_moves: FirstMoveOrder<R>,
    pub shown_defences: ShownDefences,
    pub help_lines: HelpLineOrder<R>,
}

impl<R: Rules> Clone for Presentation<R> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R: Rules> Copy for Presentation<R> {}

impl<R: Rules> Presentation<R> {
    /// The solver's own: generation order, every defence shown, help lines as found.
    pub const NEUTRAL: Presentation<R> = Presentation {
        first_moves: generation_order::<R>,
        shown_defences: every_defence,
        help_lines: search_order::<R>,
    };
}
