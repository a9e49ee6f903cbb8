//! What Popeye's writers need from a game beyond the rules: a move's text in Popeye's
//! notation and its rank among its siblings in Popeye's printing order ([`super::order`]), and
//! whether Popeye's orthodox mate-in-one generator lists the mating moves (it does only when no
//! fairy walk may appear). The orthodox [`Position`] answers from `crate::notation` and
//! [`super::order`]; a fairy position from [`super::fairy_game`]. The writers
//! ([`super::tree_text`], [`super::line_text`]) are generic over this trait and monomorphised,
//! so the orthodox path pays nothing for it.

use super::move_numbers::numbered_first_moves;
use super::order::{sibling_key, Lister};
use crate::board::Position;
use crate::help::Hints;
use crate::notation::{to_popeye, write_popeye, Language};

/// A first move numbered as Popeye's `MoveNumbers` lists it.
#[derive(Clone, Copy, Debug)]
pub struct Numbered<M> {
    pub number: u32,
    pub mv: M,
    /// Printed `+ `: the move attacks the opponent's king.
    pub checks: bool,
}

/// A game Popeye's text can be written for.
pub trait PopeyeGame: Hints {
    /// True when Popeye lists mating moves with its orthodox mate-in-one generator (no fairy
    /// walk in the problem), whose order differs from the ordinary generator's.
    const MATING_LISTER: bool;

    /// Popeye's text of the legal move `m`, without the check or goal mark.
    fn move_text(&self, m: Self::Move, language: Language) -> String;

    /// [`PopeyeGame::move_text`] appended to `out` (the tree writer's path; a game may write
    /// it without a `String` of its own).
    fn write_move_text(&self, m: Self::Move, language: Language, out: &mut String) {
        out.push_str(&self.move_text(m, language));
    }

    /// The sort key of `m` among its siblings: ascending keys give Popeye's printing order.
    fn sibling_key(&self, m: Self::Move, lister: Lister) -> u32;

    /// Popeye's `MoveNumbers` list of the first moves (empty where the game has none).
    fn numbered_first_moves(&self, lister: Lister) -> Vec<Numbered<Self::Move>>;

    /// The lister of an attacker's move needing `length` moves in a `#N`.
    fn attack_lister(length: u32) -> Lister {
        if Self::MATING_LISTER {
            Lister::for_attack(length)
        } else {
            Lister::Ordinary
        }
    }
}

impl PopeyeGame for Position {
    const MATING_LISTER: bool = true;

    fn move_text(&self, m: crate::board::Move, language: Language) -> String {
        to_popeye(self, m, language)
    }

    fn write_move_text(&self, m: crate::board::Move, language: Language, out: &mut String) {
        write_popeye(out, self, m, language);
    }

    fn sibling_key(&self, m: crate::board::Move, lister: Lister) -> u32 {
        sibling_key(self, m, lister)
    }

    fn numbered_first_moves(&self, lister: Lister) -> Vec<Numbered<crate::board::Move>> {
        numbered_first_moves(self, lister)
            .into_iter()
            .map(|n| Numbered {
                number: n.number,
                mv: n.mv,
                checks: n.checks,
            })
            .collect()
    }
}
