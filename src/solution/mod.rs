//! The one `Solution` type every writer reads (text, JSON, UCI info lines, Popeye): keys and
//! tries with their full play, set play, and search statistics. It stores moves, never text;
//! writers replay the moves from the problem's position to print them.

pub mod duals;

use crate::board::{Move, Position};
use std::time::Duration;

/// What White threatens after a move, when Black could pass.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub enum Threat {
    /// Not computed: the move checks or mates, it is White's last move, or threats are off.
    #[default]
    NotShown,
    /// No threat: Black is in zugzwang.
    Zugzwang,
    /// Every shortest White continuation after a Black null move (several = threat dual).
    Threats(Vec<AttackNode>),
}

/// A White move (key, try, threat or continuation) and the play that follows it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct AttackNode {
    pub mv: Move,
    /// Moves White needs to mate counting this one (1 = this move mates). For a refuted try,
    /// the length it was tested for.
    pub length: u32,
    pub threat: Threat,
    /// Black's replies shown as variations, each with every shortest White continuation.
    pub defences: Vec<DefenceNode>,
    /// Black moves that defeat this move (non-empty only for tries).
    pub refutations: Vec<Move>,
}

impl AttackNode {
    pub fn leaf(mv: Move, length: u32) -> AttackNode {
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

/// A Black move and White's answers to it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DefenceNode {
    pub mv: Move,
    /// Every shortest White continuation (more than one is a dual). Empty only in post-key
    /// play, where it marks a Black move that refutes (Popeye prints `refutes.`).
    pub continuations: Vec<AttackNode>,
}

impl DefenceNode {
    /// A Black move after which White cannot mate in time (listed only in post-key play).
    pub fn refutes(&self) -> bool {
        self.continuations.is_empty()
    }
}

/// Black's play in the diagram position (set play), or after the key for `PostKeyPlay`.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct BlackPlay {
    pub threat: Threat,
    pub defences: Vec<DefenceNode>,
}

/// Counters of one solve.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct SearchStats {
    pub nodes: u64,
    pub time: Duration,
}

/// Everything the solver found for one problem.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Solution {
    /// The position the play starts from.
    pub position: Position,
    /// Keys and tries, in the order Popeye lists first moves (by square of the moving piece).
    pub first_moves: Vec<AttackNode>,
    /// Set play (`SetPlay`), or the play after the key (`PostKeyPlay`).
    pub set_play: Option<BlackPlay>,
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

impl Solution {
    /// The keys (unrefuted first moves).
    pub fn keys(&self) -> impl Iterator<Item = &AttackNode> {
        self.first_moves.iter().filter(|n| !n.is_try())
    }

    /// The tries, each with its refutations.
    pub fn tries(&self) -> impl Iterator<Item = &AttackNode> {
        self.first_moves.iter().filter(|n| n.is_try())
    }

    /// More than one key.
    pub fn is_cooked(&self) -> bool {
        self.keys().count() > 1
    }
}
