//! What the solver takes from its caller about presentation: the order in which first moves
//! are tried and listed ([`FirstMoveOrder`]) and which of the defender's replies the tree
//! shows as variations ([`ShownDefences`]). Both are a front end's choice — Popeye's live in
//! `popeye::order` and `popeye::shown` — so the solver analyses and never decides how a
//! solution reads. A [`Presentation`] carries the two together.

use crate::board::{MoveList, Position};

/// Sorts the legal first moves of a position into the order in which they are tried and
/// listed; the `u32` is the stipulation's number of moves.
pub type FirstMoveOrder = fn(&Position, &mut MoveList, u32);

/// The [`FirstMoveOrder`] that keeps the move generator's order.
pub fn generation_order(_: &Position, _: &mut MoveList, _: u32) {}

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

/// A front end's presentation choices, handed to [`super::solve`].
#[derive(Clone, Copy, Debug)]
pub struct Presentation {
    pub first_moves: FirstMoveOrder,
    pub shown_defences: ShownDefences,
}

impl Presentation {
    /// The solver's own: generation order, every defence shown.
    pub const NEUTRAL: Presentation = Presentation {
        first_moves: generation_order,
        shown_defences: every_defence,
    };
}
