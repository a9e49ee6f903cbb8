//! The documented JSON form of a solution (`mateproof solve --json`).
//!
//! ```text
//! {
//!   "stipulation": "#2",
//!   "fen": "...",
//!   "complete": true,             // false when a limit cut the search short
//!   "tree_cut": false,            // true when the tree reached MAX_TREE_NODES (5,000) White
//!                                 // moves: later moves are listed without their play
//!   "keys": ["e2e4", ...],        // UCI notation
//!   "cooked": false,              // more than one key
//!   "threats": {"e2e4": ["d1h5"]}, // per key: threat moves, [] for zugzwang, null when not shown
//!   "tries": [{"move": "...", "refutations": ["..."]}],
//!   "tree": [ node... ],          // keys and tries: {move, length, try, threat, defences:[{move, continuations:[node]}], refutations}
//!   "duals": [{"path": ["..."],                 // to the choice; "0000" = Black's pass before a threat
//!              "moves": ["..."], "kind": "minor dual on the mating move",
//!              "size": "dual|triple|multiple", "minor": true, "threat": false, "short": false,
//!              "on_mating_move": true}],
//!   "short_mates": [{"move": "...", "length": 1}],  // keys that mate in fewer moves than stipulated
//!   "nodes": 1234, "time_ms": 5
//! }
//! ```

use crate::board::Move;
use crate::problem::Stipulation;
use crate::solution::duals::find_duals;
use crate::solution::walk::{walk_attack, walk_defender_play, Step, StepKind, Visitor};
use crate::solution::{AttackNode, DefenceNode, DefenderPlay, Solution, Threat};
use serde_json::{json, Map, Value};

/// An object of the fields given, in place: `json!` would copy each nested value by
/// serialising it again, which made the tree of a long problem cost its depth times its size
/// (K+R against K as a #16: two seconds for 1.3 MB of JSON).
fn object<const N: usize>(fields: [(&str, Value); N]) -> Value {
    let mut map = Map::new();
    for (name, value) in fields {
        map.insert(name.to_owned(), value);
    }
    Value::Object(map)
}

/// The moves in UCI notation, as an array.
fn moves_json(moves: &[Move]) -> Value {
    Value::Array(moves.iter().map(|m| Value::String(m.to_string())).collect())
}

/// The play under an attacker's move (its threats and defences) or a defender's move (its
/// continuations), gathered while the walk is inside it.
enum Frame {
    Attack {
        threats: Vec<Value>,
        defences: Vec<Value>,
    },
    Defence {
        continuations: Vec<Value>,
    },
}

/// Builds the nested `tree` and `set_play` values from the walk: each move opens a frame that
/// collects its children and becomes a value, placed in its parent's frame, when the walk
/// leaves it.
struct TreeJson {
    frames: Vec<Frame>,
    /// Keys and tries, in the solution's order.
    first_moves: Vec<Value>,
}

impl TreeJson {
    fn new() -> TreeJson {
        TreeJson {
            frames: Vec::new(),
            first_moves: Vec::new(),
        }
    }

    /// `{"threat": …, "defences": […]}` of the defender's play before or after the key.
    fn defender_play(mut self, play: &DefenderPlay) -> Value {
        self.frames.push(Frame::Attack {
            threats: Vec::new(),
            defences: Vec::new(),
        });
        walk_defender_play(
            &mut self,
            &(),
            &[Move::NULL],
            &play.threat,
            &play.defences,
            0,
        );
        let Some(Frame::Attack { threats, defences }) = self.frames.pop() else {
            unreachable!("the walk leaves every frame it opens");
        };
        object([
            ("threat", threat_json(&play.threat, threats)),
            ("defences", Value::Array(defences)),
        ])
    }
}

/// `null` when not shown, `"zugzwang"`, or the threat moves' nodes.
fn threat_json(threat: &Threat, nodes: Vec<Value>) -> Value {
    match threat {
        Threat::NotShown => Value::Null,
        Threat::Zugzwang => json!("zugzwang"),
        Threat::Threats(_) => Value::Array(nodes),
    }
}

impl Visitor<()> for TreeJson {
    fn attack(&mut self, _step: &Step<()>, _node: &AttackNode) {
        self.frames.push(Frame::Attack {
            threats: Vec::new(),
            defences: Vec::new(),
        });
    }

    fn leave_attack(&mut self, step: &Step<()>, n: &AttackNode) {
        let Some(Frame::Attack { threats, defences }) = self.frames.pop() else {
            unreachable!("the walk leaves every frame it opens");
        };
        let value = object([
            ("move", Value::String(n.mv.to_string())),
            ("length", Value::from(n.length)),
            ("try", Value::Bool(n.is_try())),
            ("threat", threat_json(&n.threat, threats)),
            ("defences", Value::Array(defences)),
            ("refutations", moves_json(&n.refutations)),
        ]);
        match (step.kind, self.frames.last_mut()) {
            (StepKind::Threat, Some(Frame::Attack { threats, .. })) => threats.push(value),
            (_, Some(Frame::Defence { continuations })) => continuations.push(value),
            _ => self.first_moves.push(value),
        }
    }

    fn defence(&mut self, _step: &Step<()>, _node: &DefenceNode, _remaining: u32) {
        self.frames.push(Frame::Defence {
            continuations: Vec::new(),
        });
    }

    fn leave_defence(&mut self, _step: &Step<()>, d: &DefenceNode) {
        let Some(Frame::Defence { continuations }) = self.frames.pop() else {
            unreachable!("the walk leaves every frame it opens");
        };
        let value = object([
            ("move", Value::String(d.mv.to_string())),
            ("continuations", Value::Array(continuations)),
        ]);
        if let Some(Frame::Attack { defences, .. }) = self.frames.last_mut() {
            defences.push(value);
        }
    }
}

fn duals_json(solution: &Solution, stipulation: &Stipulation) -> Value {
    let duals = find_duals(solution, stipulation.moves());
    Value::Array(
        duals
            .iter()
            .map(|d| {
                object([
                    ("path", moves_json(&d.path)),
                    ("moves", moves_json(&d.moves)),
                    ("kind", Value::from(d.kind(stipulation))),
                    ("size", Value::from(d.size.name())),
                    ("minor", Value::Bool(d.minor)),
                    ("threat", Value::Bool(d.threat)),
                    ("short", Value::Bool(d.short)),
                    ("on_mating_move", Value::Bool(d.on_mating_move)),
                ])
            })
            .collect(),
    )
}

/// The whole solution as one JSON object (see the module documentation for the schema).
pub fn solution_json(solution: &Solution, stipulation: &Stipulation) -> Value {
    let keys: Vec<String> = solution.keys().map(|k| k.mv.to_string()).collect();
    let threats: Map<String, Value> = solution
        .keys()
        .map(|k| {
            let t = match &k.threat {
                Threat::NotShown => Value::Null,
                Threat::Zugzwang => json!([]),
                Threat::Threats(nodes) => Value::Array(
                    nodes
                        .iter()
                        .map(|n| Value::String(n.mv.to_string()))
                        .collect(),
                ),
            };
            (k.mv.to_string(), t)
        })
        .collect();
    let tries: Vec<Value> = solution
        .tries()
        .map(|t| {
            object([
                ("move", Value::String(t.mv.to_string())),
                ("refutations", moves_json(&t.refutations)),
            ])
        })
        .collect();
    let short_mates: Vec<Value> = solution
        .keys()
        .filter(|k| k.length < stipulation.moves())
        .map(|k| {
            object([
                ("move", Value::String(k.mv.to_string())),
                ("length", Value::from(k.length)),
            ])
        })
        .collect();
    let mut tree = TreeJson::new();
    for node in &solution.first_moves {
        walk_attack(&mut tree, &(), node, StepKind::First);
    }
    let set_play = solution
        .set_play
        .as_ref()
        .map(|play| TreeJson::new().defender_play(play));
    object([
        ("stipulation", Value::String(stipulation.to_string())),
        (
            "fen",
            Value::String(crate::board::fen::to_fen(&solution.position)),
        ),
        ("complete", Value::Bool(solution.complete)),
        ("tree_cut", Value::Bool(solution.tree_cut)),
        ("keys", json!(keys)),
        ("cooked", Value::Bool(solution.is_cooked())),
        ("threats", Value::Object(threats)),
        ("tries", Value::Array(tries)),
        ("tree", Value::Array(tree.first_moves)),
        ("set_play", set_play.unwrap_or(Value::Null)),
        ("duals", duals_json(solution, stipulation)),
        ("short_mates", Value::Array(short_mates)),
        ("nodes", Value::from(solution.stats.nodes)),
        (
            "time_ms",
            Value::from(solution.stats.time.as_millis() as u64),
        ),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Position, Validation};
    use crate::solution::fixtures::{mate, mv};
    use crate::solution::SearchStats;

    #[test]
    fn tree_and_set_play_nest_threats_defences_and_continuations() {
        let key = AttackNode {
            threat: Threat::Threats(vec![mate("d7e7")]),
            defences: vec![DefenceNode {
                mv: mv("e8f8"),
                continuations: vec![mate("d7d8"), mate("d7f7")],
            }],
            ..AttackNode::leaf(mv("d1d7"), 2)
        };
        let try_ = AttackNode {
            threat: Threat::Zugzwang,
            refutations: vec![mv("e8f7")],
            ..AttackNode::leaf(mv("d1d2"), 2)
        };
        let solution = Solution {
            position: Position::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", Validation::Lenient)
                .unwrap(),
            first_moves: vec![key, try_],
            set_play: Some(DefenderPlay {
                threat: Threat::NotShown,
                defences: vec![DefenceNode {
                    mv: mv("e8e7"),
                    continuations: vec![mate("d1d7")],
                }],
            }),
            forced_goal: Vec::new(),
            complete: true,
            max_solutions_reached: false,
            tree_cut: false,
            stats: SearchStats::default(),
        };
        let value = solution_json(&solution, &Stipulation::direct_mate(2));
        let leaf = |m: &str| {
            json!({"move": m, "length": 1, "try": false, "threat": null, "defences": [],
                   "refutations": []})
        };
        assert_eq!(
            value["tree"],
            json!([
                {"move": "d1d7", "length": 2, "try": false, "threat": [leaf("d7e7")],
                 "defences": [{"move": "e8f8", "continuations": [leaf("d7d8"), leaf("d7f7")]}],
                 "refutations": []},
                {"move": "d1d2", "length": 2, "try": true, "threat": "zugzwang", "defences": [],
                 "refutations": ["e8f7"]},
            ])
        );
        assert_eq!(
            value["set_play"],
            json!({"threat": null,
                   "defences": [{"move": "e8e7", "continuations": [leaf("d1d7")]}]})
        );
        assert_eq!(value["threats"], json!({"d1d7": ["d7e7"]}));
    }
}
