//! Duals: places where White has more than one way to go on, classified as the composer thesis
//! does (`composer-thesis-digest.md` §3).
//!
//! - size: dual (2), triple (3) or multiple (more);
//! - minor when every dual continuation is the only continuation of another variation of the
//!   same White move (it is "forced in another line"), major otherwise;
//! - on the mating move when every continuation mates at once, earlier otherwise (in self and
//!   reflex play "the forcing move": White's last move, after which the defender must mate;
//!   in stalemate play "the stalemating move");
//! - threat duals (several threat moves) and short-mate duals (in a variation that mates
//!   sooner than the full length) are marked as such.
//!
//! Only the play of keys is examined; tries are failed solutions and their duals do not count.

use super::{AttackNode, DefenceNode, Solution, Threat};
use crate::board::Move;
use crate::problem::{Goal, PlayKind, Stipulation};

/// How many continuations a dual has.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DualSize {
    Dual,
    Triple,
    Multiple,
}

impl DualSize {
    fn of(count: usize) -> DualSize {
        match count {
            0..=2 => DualSize::Dual,
            3 => DualSize::Triple,
            _ => DualSize::Multiple,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            DualSize::Dual => "dual",
            DualSize::Triple => "triple",
            DualSize::Multiple => "multiple",
        }
    }
}

/// One place with more than one White continuation.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Dual {
    /// Moves from the diagram to the choice: it ends with the Black move after which White
    /// has the choice. Black's pass before a threat is written as [`Move::NULL`], so a threat
    /// dual's path ends with the White move and a pass, and the path of play inside a threat
    /// line runs through that pass.
    pub path: Vec<Move>,
    /// The White continuations (or threat moves).
    pub moves: Vec<Move>,
    pub size: DualSize,
    /// Several threat moves after a White move.
    pub threat: bool,
    /// Every continuation is forced (the only one) in another variation of the same White move.
    pub minor: bool,
    /// Every continuation mates at once.
    pub on_mating_move: bool,
    /// The variation mates sooner than the stipulation's full length.
    pub short: bool,
}

impl Dual {
    /// A compact class name, e.g. `major dual on the mating move`, `minor threat triple
    /// before the mating move`, with the last move named as the play kind has it
    /// ([`last_move_name`]).
    pub fn kind(&self, stipulation: &Stipulation) -> String {
        let mut parts = vec![if self.minor { "minor" } else { "major" }];
        if self.threat {
            parts.push("threat");
        }
        if self.short {
            parts.push("short");
        }
        parts.push(self.size.name());
        let last = last_move_name(stipulation);
        let place = if self.on_mating_move { "on" } else { "before" };
        format!("{} {place} the {last}", parts.join(" "))
    }
}

/// What White's last move of the play is called: it mates (`#N`), stalemates (`=N`), or in
/// self and reflex play forces the defender to give the mate or stalemate (`s#N`, `r#N`,
/// `s=N`, `r=N`), where "the mating move" would name Black's move.
pub fn last_move_name(stipulation: &Stipulation) -> &'static str {
    match (stipulation.play, stipulation.goal) {
        (PlayKind::Direct, Goal::Stalemate) => "stalemating move",
        (PlayKind::Direct, _) => "mating move",
        (PlayKind::SelfPlay | PlayKind::Reflex, _) => "forcing move",
        _ => "last move",
    }
}

/// Every dual in the play of every key, depth first in listing order.
pub fn find_duals(solution: &Solution, full_length: u32) -> Vec<Dual> {
    let mut duals = Vec::new();
    for key in solution.keys() {
        let mut path = vec![key.mv];
        collect(key, &mut path, full_length, &mut duals);
    }
    duals
}

/// Duals at and below a White move `node`; `path` ends with `node.mv`; `moves_left` counts
/// White moves from `node` (itself included) to the end of the stipulated play.
fn collect(node: &AttackNode, path: &mut Vec<Move>, moves_left: u32, duals: &mut Vec<Dual>) {
    let forced: Vec<Move> = node
        .defences
        .iter()
        .filter(|d| d.continuations.len() == 1)
        .map(|d| d.continuations[0].mv)
        .collect();

    if let Threat::Threats(threats) = &node.threat {
        path.push(Move::NULL); // Black's pass
        if threats.len() > 1 {
            duals.push(make_dual(
                path.clone(),
                threats,
                &forced,
                true,
                moves_left - 1,
            ));
        }
        for t in threats {
            path.push(t.mv);
            collect(t, path, t.length, duals);
            path.pop();
        }
        path.pop();
    }
    for defence in &node.defences {
        path.push(defence.mv);
        if defence.continuations.len() > 1 {
            // Forced elsewhere means: the only continuation of another variation.
            let others: Vec<Move> = other_forced(node, defence);
            duals.push(make_dual(
                path.clone(),
                &defence.continuations,
                &others,
                false,
                moves_left - 1,
            ));
        }
        for c in &defence.continuations {
            path.push(c.mv);
            collect(c, path, moves_left - 1, duals);
            path.pop();
        }
        path.pop();
    }
}

fn other_forced(node: &AttackNode, except: &DefenceNode) -> Vec<Move> {
    node.defences
        .iter()
        .filter(|d| d.mv != except.mv && d.continuations.len() == 1)
        .map(|d| d.continuations[0].mv)
        .collect()
}

fn make_dual(
    path: Vec<Move>,
    continuations: &[AttackNode],
    forced: &[Move],
    threat: bool,
    full: u32,
) -> Dual {
    let moves: Vec<Move> = continuations.iter().map(|c| c.mv).collect();
    let length = continuations.iter().map(|c| c.length).max().unwrap_or(0);
    Dual {
        size: DualSize::of(moves.len()),
        minor: moves.iter().all(|m| forced.contains(m)),
        on_mating_move: continuations.iter().all(|c| c.length == 1),
        // A threat is shorter than the play by nature; "short" concerns variations only.
        short: !threat && length < full,
        threat,
        moves,
        path,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Position, Square};
    use crate::solution::{SearchStats, Solution};

    fn mv(from: u8, to: u8) -> Move {
        Move::normal(Square::new(from), Square::new(to))
    }

    fn leaf(m: Move) -> AttackNode {
        AttackNode::leaf(m, 1)
    }

    #[test]
    fn classifies_minor_major_and_threat_duals() {
        let (a, b, c) = (mv(1, 2), mv(3, 4), mv(5, 6));
        let key = AttackNode {
            mv: mv(10, 20),
            length: 2,
            threat: Threat::Threats(vec![leaf(a), leaf(b)]),
            defences: vec![
                DefenceNode {
                    mv: mv(60, 52),
                    continuations: vec![leaf(a)],
                },
                DefenceNode {
                    mv: mv(61, 53),
                    continuations: vec![leaf(b)],
                },
                // a and b are each forced elsewhere: minor.
                DefenceNode {
                    mv: mv(62, 54),
                    continuations: vec![leaf(a), leaf(b)],
                },
                // c is forced nowhere: major triple.
                DefenceNode {
                    mv: mv(63, 55),
                    continuations: vec![leaf(a), leaf(b), leaf(c)],
                },
            ],
            refutations: vec![],
        };
        let solution = Solution {
            position: Position::startpos(),
            first_moves: vec![key],
            set_play: None,
            forced_goal: Vec::new(),
            complete: true,
            max_solutions_reached: false,
            tree_cut: false,
            stats: SearchStats::default(),
        };
        let duals = find_duals(&solution, 2);
        assert_eq!(duals.len(), 3);
        assert!(duals[0].threat && duals[0].minor && duals[0].size == DualSize::Dual);
        assert_eq!(duals[0].path, vec![mv(10, 20), Move::NULL]);
        assert!(!duals[1].threat && duals[1].minor && duals[1].on_mating_move && !duals[1].short);
        assert_eq!(duals[1].path, vec![mv(10, 20), mv(62, 54)]);
        assert!(!duals[2].minor && duals[2].size == DualSize::Triple);
        let kind = |stipulation: &str| duals[2].kind(&stipulation.parse().unwrap());
        assert_eq!(kind("#2"), "major triple on the mating move");
        assert_eq!(kind("=2"), "major triple on the stalemating move");
        // In self and reflex play White's last move does not mate: Black's reply does.
        assert_eq!(kind("s#2"), "major triple on the forcing move");
        assert_eq!(kind("r=2"), "major triple on the forcing move");
        assert_eq!(
            duals[0].kind(&"s#2".parse().unwrap()),
            "minor threat dual on the forcing move"
        );
    }
}
