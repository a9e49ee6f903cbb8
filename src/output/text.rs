//! The plain text tree of `mateproof solve`: one move per line, indented by depth, with `!` for
//! keys, `?` for tries, `threat:` / `zugzwang.` and `but` refutations. Moves are written in the
//! chosen [`MoveStyle`]: by default the problemist's form with move numbers (`1.Qc4! threat:`,
//! `1...Bd5`, `2.Qxd5#`); `uci` gives the bare squares of earlier versions.
//!
//! The writer walks the play with [`crate::solution::walk`], which replays the moves from the
//! diagram so they can be named; it never searches.

use crate::board::{Move, Position};
use crate::notation::MoveStyle;
use crate::problem::Stipulation;
use crate::solution::walk::{walk_attack, walk_defender_play, Step, StepKind, Visitor};
use crate::solution::{AttackNode, DefenceNode, Solution, Threat};
use std::fmt::Write;

/// The text form of a solution.
pub fn solution_text(solution: &Solution, stipulation: &Stipulation, style: MoveStyle) -> String {
    let mut tree = Tree {
        s: String::new(),
        style,
    };
    let _ = writeln!(
        tree.s,
        "{} {}",
        stipulation,
        crate::board::fen::to_fen(&solution.position)
    );
    let diagram = &solution.position;
    if let Some(play) = &solution.set_play {
        let _ = writeln!(tree.s, "set play:");
        // Set play: Black moves first from the diagram; post-key play: the diagram is the
        // position after the key, Black to move. Only the defences are listed.
        let black_first = if diagram.turn() == crate::board::Color::Black {
            *diagram
        } else {
            diagram.after_null()
        };
        let length = stipulation.moves();
        walk_defender_play(
            &mut tree,
            &black_first,
            &[Move::NULL],
            &Threat::NotShown,
            &play.defences,
            length,
        );
    }
    for node in solution.keys_then_tries() {
        walk_attack(&mut tree, diagram, node, StepKind::First);
    }
    for dual in crate::solution::duals::find_duals(solution, stipulation.moves()) {
        let mut pos = *diagram;
        let mut path = Vec::new();
        for (ply, &m) in dual.path.iter().enumerate() {
            path.push(style.numbered_text(&pos, m, ply));
            pos = after(&pos, m);
        }
        let ply = dual.path.len();
        let moves: Vec<String> = dual
            .moves
            .iter()
            .map(|&m| style.numbered_text(&pos, m, ply))
            .collect();
        let _ = writeln!(
            tree.s,
            "{}: after {} -> {}",
            dual.kind(stipulation),
            path.join(" "),
            moves.join(" ")
        );
    }
    let keys = solution.keys().count();
    if solution.tree_cut {
        let _ = writeln!(
            tree.s,
            "tree cut at {} White moves: later moves are shown without their play",
            crate::solution::MAX_TREE_NODES
        );
    }
    let _ = writeln!(
        tree.s,
        "{} key{}{}; {} nodes, {} ms{}",
        keys,
        if keys == 1 { "" } else { "s" },
        if keys > 1 { " (cooked)" } else { "" },
        solution.stats.nodes,
        solution.stats.time.as_millis(),
        if solution.complete {
            ""
        } else {
            "; incomplete (limit reached)"
        }
    );
    tree.s
}

/// The position after `m` (Black's pass before a threat is the null move).
fn after(pos: &Position, m: Move) -> Position {
    if m.is_null() {
        pos.after_null()
    } else {
        pos.after(m)
    }
}

struct Tree {
    s: String,
    style: MoveStyle,
}

impl Tree {
    /// Two spaces per half-move from the diagram.
    fn indent(&mut self, depth: usize) {
        for _ in 0..depth {
            self.s.push_str("  ");
        }
    }
}

impl Visitor for Tree {
    fn attack(&mut self, step: &Step, node: &AttackNode) {
        self.indent(step.ply());
        let text = self.style.numbered_text(step.pos, node.mv, step.ply());
        self.s.push_str(&text);
        if step.kind == StepKind::First {
            self.s.push_str(self.style.verdict_mark(node.is_try()));
        }
        match &node.threat {
            Threat::NotShown => {}
            Threat::Zugzwang => self.s.push_str(" zugzwang."),
            Threat::Threats(_) => self.s.push_str(" threat:"),
        }
        self.s.push('\n');
    }

    /// A try's refutations, after its play.
    fn leave_attack(&mut self, step: &Step, node: &AttackNode) {
        if !node.is_try() {
            return;
        }
        let next = step.pos.after(node.mv);
        self.indent(step.ply() + 1);
        self.s.push_str("but\n");
        for &r in &node.refutations {
            self.indent(step.ply() + 1);
            let text = self.style.numbered_text(&next, r, step.ply() + 1);
            let _ = writeln!(self.s, "{text}{}", self.style.verdict_mark(false));
        }
    }

    fn defence(&mut self, step: &Step, node: &DefenceNode, _remaining: u32) {
        self.indent(step.ply());
        let text = self.style.numbered_text(step.pos, node.mv, step.ply());
        let _ = writeln!(self.s, "{text}");
    }
}
