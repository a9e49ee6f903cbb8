//! The one traversal of a battle-play tree (and, in [`walk_lines`], of help and series
//! lines), shared by every writer (plain text, JSON, the UCI
//! problem report, Popeye's text). It visits the play in listing order — an attacker's move,
//! then what it threatens (after the defender's pass), then each defence with its
//! continuations — replaying the moves so each visit sees the position the move is played in,
//! the line that led there and its half-move number. Writers only say what to print at each
//! step, and may reorder siblings ([`Visitor::order_attacks`]); they never recurse themselves.
//! Writers that only need the moves and lines (JSON, the UCI report) walk with `()` in place
//! of the position ([`Replay`]), so nothing is replayed for them.
//!
//! ```
//! use mateproof::board::{Position, Validation};
//! use mateproof::solution::walk::{walk_attack, Step, StepKind, Visitor};
//! use mateproof::solution::AttackNode;
//!
//! struct Count(usize);
//! impl Visitor for Count {
//!     fn attack(&mut self, _: &Step, _: &AttackNode) { self.0 += 1 }
//! }
//! let pos = Position::from_fen("7k/8/6K1/8/8/8/8/R7 w - - 0 1", Validation::Strict).unwrap();
//! let key = AttackNode::leaf(mateproof::notation::parse_uci(&pos, "a1a8").unwrap(), 1);
//! let mut count = Count(0);
//! walk_attack(&mut count, &pos, &key, StepKind::First);
//! assert_eq!(count.0, 1);
//! ```

use super::{AttackNode, DefenceNode, Line, Threat};
use crate::board::{Move, Position};
use crate::rules::{RuleMove, Rules};

/// Which place in the play a move holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum StepKind {
    /// A key or try: the attacker's first move from the diagram.
    First,
    /// An attacker's move threatened after the defender's pass.
    Threat,
    /// An attacker's move answering a defence.
    Continuation,
    /// A defender's move.
    Defence,
}

/// What the walk carries down the play: the position (any [`Rules`]) for writers that name
/// moves, or `()` for writers that need only the (orthodox) moves.
pub trait Replay: Sized {
    /// The moves of the play.
    type Move: RuleMove;
    /// After `m` is played.
    fn after(&self, m: Self::Move) -> Self;
    /// After a pass (the defender's before a threat).
    fn after_pass(&self) -> Self;
}

impl<R: Rules> Replay for R {
    type Move = R::Move;
    fn after(&self, m: R::Move) -> R {
        self.play(m)
    }
    fn after_pass(&self) -> R {
        self.pass()
    }
}

impl Replay for () {
    type Move = Move;
    fn after(&self, _: Move) {}
    fn after_pass(&self) {}
}

/// Where a visited move is played.
#[derive(Clone, Copy, Debug)]
pub struct Step<'a, B: Replay = Position> {
    /// The position the move is played in (for [`Visitor::defender_to_move`], the defender's
    /// position).
    pub pos: &'a B,
    /// The moves from the diagram to `pos`; [`Move::NULL`] stands for a pass (the defender's
    /// before a threat, the attacker's before set play).
    pub line: &'a [B::Move],
    pub kind: StepKind,
}

impl<B: Replay> Step<'_, B> {
    /// The half-move number of the move played here, from 0 (the key's).
    pub fn ply(&self) -> usize {
        self.line.len()
    }
}

/// What a writer does at each step of the walk. Every method has an empty default.
pub trait Visitor<B: Replay = Position> {
    /// An attacker's move, before its threat and defences.
    fn attack(&mut self, _step: &Step<B>, _node: &AttackNode<B::Move>) {}
    /// After everything under an attacker's move.
    fn leave_attack(&mut self, _step: &Step<B>, _node: &AttackNode<B::Move>) {}
    /// The defender is to move in `step.pos`, after the attacker's move (or pass) ending
    /// `step.line`, who has `length` moves counting that one; its threat and defences follow.
    /// Not called after an attacker's move with neither (a mate, a move shown without play).
    fn defender_to_move(&mut self, _step: &Step<B>, _threat: &Threat<B::Move>, _length: u32) {}
    /// A defender's move, before the continuations; the attacker has `remaining` moves left.
    fn defence(&mut self, _step: &Step<B>, _node: &DefenceNode<B::Move>, _remaining: u32) {}
    /// After everything under a defender's move.
    fn leave_defence(&mut self, _step: &Step<B>, _node: &DefenceNode<B::Move>) {}
    /// Puts sibling attacker moves (threats, continuations) played in `pos` in listing order;
    /// by default the solution's order is kept.
    fn order_attacks(&self, _pos: &B, _nodes: &mut [&AttackNode<B::Move>]) {}
    /// Puts sibling defences played in `pos` in listing order.
    fn order_defences(&self, _pos: &B, _nodes: &mut [&DefenceNode<B::Move>]) {}
}

/// Walks an attacker's move played in `pos` from the diagram (a key or try: `kind` is
/// [`StepKind::First`]) and everything under it.
pub fn walk_attack<B: Replay, V: Visitor<B>>(
    visitor: &mut V,
    pos: &B,
    node: &AttackNode<B::Move>,
    kind: StepKind,
) {
    Walk {
        visitor,
        line: Vec::new(),
        board: std::marker::PhantomData,
    }
    .attack(pos, node, kind);
}

/// Walks the defender's play in `pos` (set play, post-key play): `threat`, then `defences`.
/// `line` leads from the diagram to `pos` (`[Move::NULL]` for set play, where the attacker
/// has passed); the attacker has `length` moves counting the one (or the pass) before `pos`.
pub fn walk_defender_play<B: Replay, V: Visitor<B>>(
    visitor: &mut V,
    pos: &B,
    line: &[B::Move],
    threat: &Threat<B::Move>,
    defences: &[DefenceNode<B::Move>],
    length: u32,
) {
    Walk {
        visitor,
        line: line.to_vec(),
        board: std::marker::PhantomData,
    }
    .replies(pos, threat, defences, length);
}

fn step<'a, B: Replay>(pos: &'a B, line: &'a [B::Move], kind: StepKind) -> Step<'a, B> {
    Step { pos, line, kind }
}

struct Walk<'v, V, B: Replay> {
    visitor: &'v mut V,
    line: Vec<B::Move>,
    board: std::marker::PhantomData<B>,
}

impl<B: Replay, V: Visitor<B>> Walk<'_, V, B> {
    fn attack(&mut self, pos: &B, node: &AttackNode<B::Move>, kind: StepKind) {
        self.visitor.attack(&step(pos, &self.line, kind), node);
        // A move with nothing under it (a mate, a move shown without its play) is not made:
        // a two-mover's tree has thousands.
        let play_follows = !matches!(node.threat, Threat::NotShown) || !node.defences.is_empty();
        if play_follows {
            let after = pos.after(node.mv);
            self.line.push(node.mv);
            self.replies(&after, &node.threat, &node.defences, node.length);
            self.line.pop();
        }
        self.visitor
            .leave_attack(&step(pos, &self.line, kind), node);
    }

    fn replies(
        &mut self,
        pos: &B,
        threat: &Threat<B::Move>,
        defences: &[DefenceNode<B::Move>],
        length: u32,
    ) {
        self.visitor
            .defender_to_move(&step(pos, &self.line, StepKind::Defence), threat, length);
        if let Threat::Threats(threats) = threat {
            let passed = pos.after_pass();
            self.line.push(B::Move::default());
            self.attacks(&passed, threats, StepKind::Threat);
            self.line.pop();
        }
        let mut sorted: Vec<&DefenceNode<B::Move>> = defences.iter().collect();
        self.visitor.order_defences(pos, &mut sorted);
        for node in sorted {
            self.defence(pos, node, length.saturating_sub(1));
        }
    }

    fn attacks(&mut self, pos: &B, nodes: &[AttackNode<B::Move>], kind: StepKind) {
        let mut sorted: Vec<&AttackNode<B::Move>> = nodes.iter().collect();
        self.visitor.order_attacks(pos, &mut sorted);
        for node in sorted {
            self.attack(pos, node, kind);
        }
    }

    fn defence(&mut self, pos: &B, node: &DefenceNode<B::Move>, remaining: u32) {
        self.visitor
            .defence(&step(pos, &self.line, StepKind::Defence), node, remaining);
        let after = pos.after(node.mv);
        self.line.push(node.mv);
        self.attacks(&after, &node.continuations, StepKind::Continuation);
        self.line.pop();
        self.visitor
            .leave_defence(&step(pos, &self.line, StepKind::Defence), node);
    }
}

/// What a writer does at each move of a help or series line ([`walk_lines`]).
pub trait LineVisitor<B: Replay = Position> {
    /// Before the first move of `line`.
    fn start_line(&mut self, _line: &Line<B::Move>) {}
    /// The move `line.moves[index]` played in `pos` ([`Move::NULL`]: the other side passes).
    fn line_move(&mut self, pos: &B, line: &Line<B::Move>, index: usize);
    /// After the last move of `line`.
    fn end_line(&mut self, _line: &Line<B::Move>) {}
}

/// Walks every line of help or series play from `root` in the order given, replaying each so
/// the visitor sees the position each move is played in.
pub fn walk_lines<B: Replay + Clone, V: LineVisitor<B>>(
    visitor: &mut V,
    root: &B,
    lines: &[Line<B::Move>],
) {
    for line in lines {
        visitor.start_line(line);
        let mut pos = root.clone();
        for (index, &m) in line.moves.iter().enumerate() {
            visitor.line_move(&pos, line, index);
            pos = if m.is_null() {
                pos.after_pass()
            } else {
                pos.after(m)
            };
        }
        visitor.end_line(line);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_uci;

    /// Records every visit as `kind ply move` (or `to-move ply` for the defender's turn).
    #[derive(Default)]
    struct Trace(Vec<String>);

    impl Visitor for Trace {
        fn attack(&mut self, step: &Step, node: &AttackNode) {
            self.0
                .push(format!("{:?} {} {}", step.kind, step.ply(), node.mv));
        }
        fn leave_attack(&mut self, step: &Step, node: &AttackNode) {
            self.0.push(format!("leave {} {}", step.ply(), node.mv));
        }
        fn defender_to_move(&mut self, step: &Step, _: &Threat, length: u32) {
            self.0.push(format!("to-move {} {length}", step.ply()));
        }
        fn defence(&mut self, step: &Step, node: &DefenceNode, remaining: u32) {
            let line: Vec<String> = step.line.iter().map(|m| m.to_string()).collect();
            self.0.push(format!(
                "Defence {} {} after {} remaining {remaining}",
                step.ply(),
                node.mv,
                line.join(",")
            ));
        }
    }

    #[test]
    fn visits_in_listing_order_with_positions_and_lines() {
        // A two-mover's shape built by hand: White Kg6 Ra1 Rb2, Black Kh8.
        let fen = "7k/8/6K1/8/8/8/1R6/R7 w - - 0 1";
        let pos = Position::from_fen(fen, crate::board::Validation::Strict).unwrap();
        let mv = |p: &Position, text: &str| parse_uci(p, text).unwrap();
        let key_mv = mv(&pos, "b2b7");
        let after_key = pos.after(key_mv);
        let threat_mv = mv(&after_key.after_null(), "a1a8");
        let defence_mv = mv(&after_key, "h8g8");
        let after_defence = after_key.after(defence_mv);
        let key = AttackNode {
            threat: Threat::Threats(vec![AttackNode::leaf(threat_mv, 1)]),
            defences: vec![DefenceNode {
                mv: defence_mv,
                continuations: vec![AttackNode::leaf(mv(&after_defence, "a1a8"), 1)],
            }],
            ..AttackNode::leaf(key_mv, 2)
        };
        let mut trace = Trace::default();
        walk_attack(&mut trace, &pos, &key, StepKind::First);
        assert_eq!(
            trace.0,
            [
                "First 0 b2b7",
                "to-move 1 2",
                "Threat 2 a1a8",
                "leave 2 a1a8",
                "Defence 1 h8g8 after b2b7 remaining 1",
                "Continuation 2 a1a8",
                "leave 2 a1a8",
                "leave 0 b2b7",
            ]
        );
    }
}
