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

use crate::problem::Stipulation;
use crate::solution::duals::find_duals;
use crate::solution::{AttackNode, DefenceNode, Solution, Threat};
use serde_json::{json, Value};

fn threat_json(threat: &Threat) -> Value {
    match threat {
        Threat::NotShown => Value::Null,
        Threat::Zugzwang => json!("zugzwang"),
        Threat::Threats(nodes) => Value::Array(nodes.iter().map(node_json).collect()),
    }
}

fn defence_json(d: &DefenceNode) -> Value {
    json!({
        "move": d.mv.to_string(),
        "continuations": d.continuations.iter().map(node_json).collect::<Vec<_>>(),
    })
}

fn node_json(n: &AttackNode) -> Value {
    json!({
        "move": n.mv.to_string(),
        "length": n.length,
        "try": n.is_try(),
        "threat": threat_json(&n.threat),
        "defences": n.defences.iter().map(defence_json).collect::<Vec<_>>(),
        "refutations": n.refutations.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
    })
}

fn duals_json(solution: &Solution, stipulation: &Stipulation) -> Value {
    let duals = find_duals(solution, stipulation.moves);
    Value::Array(
        duals
            .iter()
            .map(|d| {
                json!({
                    "path": d.path.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
                    "moves": d.moves.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
                    "kind": d.kind(),
                    "size": d.size.name(),
                    "minor": d.minor,
                    "threat": d.threat,
                    "short": d.short,
                    "on_mating_move": d.on_mating_move,
                })
            })
            .collect(),
    )
}

/// The whole solution as one JSON object (see the module documentation for the schema).
pub fn solution_json(solution: &Solution, stipulation: &Stipulation) -> Value {
    let keys: Vec<String> = solution.keys().map(|k| k.mv.to_string()).collect();
    let threats: serde_json::Map<String, Value> = solution
        .keys()
        .map(|k| {
            let t = match &k.threat {
                Threat::NotShown => Value::Null,
                Threat::Zugzwang => json!([]),
                Threat::Threats(nodes) => {
                    json!(nodes.iter().map(|n| n.mv.to_string()).collect::<Vec<_>>())
                }
            };
            (k.mv.to_string(), t)
        })
        .collect();
    let tries: Vec<Value> = solution
        .tries()
        .map(|t| {
            json!({
                "move": t.mv.to_string(),
                "refutations": t.refutations.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
            })
        })
        .collect();
    let short_mates: Vec<Value> = solution
        .keys()
        .filter(|k| k.length < stipulation.moves)
        .map(|k| json!({"move": k.mv.to_string(), "length": k.length}))
        .collect();
    json!({
        "stipulation": stipulation.to_string(),
        "fen": crate::board::fen::to_fen(&solution.position),
        "complete": solution.complete,
        "tree_cut": solution.tree_cut,
        "keys": keys,
        "cooked": solution.is_cooked(),
        "threats": threats,
        "tries": tries,
        "tree": solution.first_moves.iter().map(node_json).collect::<Vec<_>>(),
        "set_play": solution.set_play.as_ref().map(|p| json!({
            "threat": threat_json(&p.threat),
            "defences": p.defences.iter().map(defence_json).collect::<Vec<_>>(),
        })),
        "duals": duals_json(solution, stipulation),
        "short_mates": short_mates,
        "nodes": solution.stats.nodes,
        "time_ms": solution.stats.time.as_millis() as u64,
    })
}
