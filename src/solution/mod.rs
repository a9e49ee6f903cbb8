//! The solution shapes every writer reads (text, JSON, UCI info lines, Popeye). They store
//! moves, never text; writers replay the moves from the problem's position to print them.
//!
//! Battle play (`#N`, `s#N`, `r#N`, `=N` and their kin) is a tree named by role, not colour: an
//! [`AttackNode`] is a move of the side that must force the goal (key, try, threat,
//! continuation), a [`DefenceNode`] a move of the side resisting it, [`DefenderPlay`] the
//! defender's play before a key (set play) or after it (post-key play). [`Solution`] holds a
//! battle problem's keys and tries. Help and series play have no tree: a [`HelpSolution`] is a
//! list of [`Line`]s, each the moves of one solution. [`walk`] is the one traversal of the
//! battle tree, in listing order, that every writer uses.

pub mod duals;
pub mod walk;

/// Hand-built play for the writers' unit tests.
#[cfg(test)]
pub(crate) mod fixtures {
    use super::AttackNode;
    use crate::board::{Move, Square};

    /// A plain move from its two squares (`d1d7`); no position checks it.
    pub fn mv(text: &str) -> Move {
        let sq = |s: &str| Square::from_ascii(s.as_bytes()).unwrap();
        Move::normal(sq(&text[..2]), sq(&text[2..4]))
    }

    /// An attacker's move that reaches the goal at once.
    pub fn mate(text: &str) -> AttackNode {
        AttackNode::leaf(mv(text), 1)
    }
}

use crate::board::{Move, Position};
use crate::rules::Rules;
use std::time::Duration;

/// What the attacker threatens after its move, were the defender to pass.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub enum Threat<M = Move> {
    /// Not computed: the move checks or mates, it is the attacker's last move, or threats are off.
    #[default]
    NotShown,
    /// No threat: the defender is in zugzwang.
    Zugzwang,
    /// Every shortest attacker continuation after the defender's null move (several = a
    /// threat dual).
    Threats(Vec<AttackNode<M>>),
}

/// An attacker's move (key, try, threat or continuation) and the play that follows it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct AttackNode<M = Move> {
    pub mv: M,
    /// Moves the attacker needs to reach the goal counting this one (1 = this move mates). For a refuted try,
    /// the length it was tested for.
    pub length: u32,
    pub threat: Threat<M>,
    /// The defender's replies shown as variations, each with every shortest continuation.
    pub defences: Vec<DefenceNode<M>>,
    /// Defender's moves that defeat this move (non-empty only for tries).
    pub refutations: Vec<M>,
}

impl<M> AttackNode<M> {
    pub fn leaf(mv: M, length: u32) -> AttackNode<M> {
        AttackNode {
            mv,
            length,
            threat: Threat::NotShown,
            defences: Vec::new(),
            refutations: Vec::new(),
        }
    }

    /// A refuted first move.
    pub fn is_try(&self) -> bool {
        !self.refutations.is_empty()
    }
}

/// A defender's move and the attacker's answers to it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DefenceNode<M = Move> {
    pub mv: M,
    /// Every shortest attacker continuation (more than one is a dual). Empty only in post-key
    /// play, where it marks a defence that refutes (Popeye prints `refutes.`).
    pub continuations: Vec<AttackNode<M>>,
}

impl<M> DefenceNode<M> {
    /// A defence after which the attacker cannot reach the goal in time (listed only in post-key play).
    pub fn refutes(&self) -> bool {
        self.continuations.is_empty()
    }
}

/// The defender's play in the diagram position (set play), or after the key for
/// `PostKeyPlay`.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct DefenderPlay<M = Move> {
    pub threat: Threat<M>,
    pub defences: Vec<DefenceNode<M>>,
}

/// One line of help or series play: the moves from the diagram to the goal, in order; in
/// series play a [`Move::NULL`] stands for each pass of the other side.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Line<M = Move> {
    pub moves: Vec<M>,
}

/// Everything found for a help or series problem (one part of it: set play, the play, or the
/// duplex half): every solution as a line of play, shortest first.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct HelpSolution<P: Rules = Position> {
    /// The position the play starts from.
    pub position: P,
    pub lines: Vec<Line<P::Move>>,
    /// False when a limit cut the search short: the list may be partial.
    pub complete: bool,
    /// True when `MaxSolutions` (or `StopOnShortSolutions`) stopped the search: the list is
    /// partial as Popeye's is.
    pub max_solutions_reached: bool,
    pub stats: SearchStats,
}

/// How one part of a help or series problem ended when its lines were handed on as they were
/// found (`help::solve_into`): how many, and whether the list is whole.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct HelpOutcome<P: Rules = Position> {
    /// The position the play starts from.
    pub position: P,
    /// Lines handed on.
    pub lines: usize,
    /// False when a limit (or the reader) cut the search short: the list may be partial.
    pub complete: bool,
    /// True when `MaxSolutions` (or `StopOnShortSolutions`) stopped the search: the list is
    /// partial as Popeye's is.
    pub max_solutions_reached: bool,
    pub stats: SearchStats,
}

/// Counters of one solve.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct SearchStats {
    pub nodes: u64,
    pub time: Duration,
}

/// Everything the solver found for one battle-play problem.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Solution<P: Rules = Position> {
    /// The position the play starts from.
    pub position: P,
    /// Keys and tries, in the order the solver was asked to try them (its `FirstMoveOrder`).
    pub first_moves: Vec<AttackNode<P::Move>>,
    /// Set play (`SetPlay`), or the play after the key (`PostKeyPlay`).
    pub set_play: Option<DefenderPlay<P::Move>>,
    /// Reflex play: the attacker's moves that reach the goal at once in the diagram. It must
    /// play one, so nothing else is tried and there is no key (Popeye marks them `?!?`).
    pub forced_goal: Vec<P::Move>,
    /// False when a limit (time, nodes, stop) cut the search short: the lists may be partial.
    pub complete: bool,
    /// True when `MaxSolutions` stopped the search with first moves left untested.
    pub max_solutions_reached: bool,
    /// True when the tree reached [`MAX_TREE_NODES`] White moves and was cut: every key and
    /// try is listed, but some moves are shown without the play after them.
    pub tree_cut: bool,
    pub stats: SearchStats,
}

/// Most White moves a solution tree shows with the play after them (keys, threats and
/// continuations together). A tree this size prints as about a megabyte of text; beyond it a
/// tree is no use to a reader, and building and writing it cost more than the search.
pub const MAX_TREE_NODES: usize = 5_000;

impl<P: Rules> Solution<P> {
    /// The keys (unrefuted first moves).
    pub fn keys(&self) -> impl Iterator<Item = &AttackNode<P::Move>> {
        self.first_moves.iter().filter(|n| !n.is_try())
    }

    /// The tries, each with its refutations.
    pub fn tries(&self) -> impl Iterator<Item = &AttackNode<P::Move>> {
        self.first_moves.iter().filter(|n| n.is_try())
    }

    /// Every first move, keys first and then tries, each in the solver's order: how
    /// Mateproof's own writers (the text tree, JSON, the UCI problem report) list them, so a
    /// reader meets the key first whatever the length. Popeye's writer keeps Popeye's order.
    pub fn keys_then_tries(&self) -> impl Iterator<Item = &AttackNode<P::Move>> {
        self.keys().chain(self.tries())
    }

    /// More than one key.
    pub fn is_cooked(&self) -> bool {
        self.keys().count() > 1
    }

    /// Whether the directmate in `moves` is sound as a problemist means it: exactly one key,
    /// and no mate sooner than stipulated.
    pub fn soundness(&self, moves: u32) -> Soundness {
        let keys: Vec<&AttackNode<P::Move>> = self.keys().collect();
        match keys.as_slice() {
            [key] if key.length < moves => Soundness::ShortMate,
            [_] if self.max_solutions_reached || !self.complete => Soundness::Undecided,
            [_] => Soundness::Sound,
            [] if !self.complete => Soundness::Undecided,
            [] => Soundness::NoSolution,
            _ => Soundness::Cooked,
        }
    }
}

/// The verdict on a directmate's soundness ([`Solution::soundness`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Soundness {
    /// Exactly one key, mating in the stipulated number of moves.
    Sound,
    /// No key at all.
    NoSolution,
    /// More than one key.
    Cooked,
    /// The one key mates sooner than stipulated.
    ShortMate,
    /// A limit (time, nodes, `MaxSolutions`) stopped the search before it could tell.
    Undecided,
}
