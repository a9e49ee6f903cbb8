//! The plain text tree of `mateproof solve`: one move per line, indented by depth, in UCI
//! notation, with `!` for keys, `?` for tries, `threat:` / `zugzwang.` and `but` refutations.

use crate::problem::Stipulation;
use crate::solution::{AttackNode, Solution, Threat};
use std::fmt::Write;

/// The text form of a solution.
pub fn solution_text(solution: &Solution, stipulation: &Stipulation) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{} {}",
        stipulation,
        crate::board::fen::to_fen(&solution.position)
    );
    if let Some(play) = &solution.set_play {
        let _ = writeln!(s, "set play:");
        for d in &play.defences {
            write_defence(&mut s, d, 1);
        }
    }
    for node in &solution.first_moves {
        write_attack(&mut s, node, 0, true);
    }
    for dual in crate::solution::duals::find_duals(solution, stipulation.moves) {
        let path: Vec<String> = dual.path.iter().map(|m| m.to_string()).collect();
        let moves: Vec<String> = dual.moves.iter().map(|m| m.to_string()).collect();
        let _ = writeln!(
            s,
            "{}: after {} -> {}",
            dual.kind(),
            path.join(" "),
            moves.join(" ")
        );
    }
    let keys = solution.keys().count();
    if solution.tree_cut {
        let _ = writeln!(
            s,
            "tree cut at {} White moves: later moves are shown without their play",
            crate::solution::MAX_TREE_NODES
        );
    }
    let _ = writeln!(
        s,
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
    s
}

fn indent(s: &mut String, depth: usize) {
    for _ in 0..depth {
        s.push_str("  ");
    }
}

fn write_attack(s: &mut String, node: &AttackNode, depth: usize, first: bool) {
    indent(s, depth);
    let _ = write!(s, "{}", node.mv);
    if first {
        s.push_str(if node.is_try() { " ?" } else { " !" });
    }
    match &node.threat {
        Threat::NotShown => {}
        Threat::Zugzwang => s.push_str(" zugzwang."),
        Threat::Threats(_) => s.push_str(" threat:"),
    }
    s.push('\n');
    if let Threat::Threats(threats) = &node.threat {
        for t in threats {
            write_attack(s, t, depth + 2, false);
        }
    }
    for d in &node.defences {
        write_defence(s, d, depth + 1);
    }
    if node.is_try() {
        indent(s, depth + 1);
        s.push_str("but\n");
        for r in &node.refutations {
            indent(s, depth + 1);
            let _ = writeln!(s, "{r} !");
        }
    }
}

fn write_defence(s: &mut String, d: &crate::solution::DefenceNode, depth: usize) {
    indent(s, depth);
    let _ = writeln!(s, "{}", d.mv);
    for c in &d.continuations {
        write_attack(s, c, depth + 1, false);
    }
}
