//! The thesis' k-move metric (§3.6, Figures 6 and 11; digest §2.7) for directmates of any
//! length, so the improver can work on three-movers and beyond.
//!
//! The solution tree is cut into *clusters*: a White move (the key or a continuation), all
//! Black replies and White's answers to them. Each cluster scores
//! `cluster_coef · level · unique² / variants`, where `variants` counts the Black replies with
//! a single shortest answer and `unique` the distinct answers among them; deeper clusters
//! weigh more, so lines that last the full length score better than short variants. A Black
//! reply with several shortest answers is a dual: it costs
//! `dual_coef · (White moves still to play)` (a dual near the key is worse) and its subtree
//! counts nothing. An improved position also pays for material it adds:
//! `pieces_coef · ((W − B)_original − (W − B)_new)`.
//!
//! The thesis gives the formula but no coefficients and never ran it; ours are documented on
//! [`KMoveSettings`]. This module asks the solver's prover every mate question; it does not
//! decide soundness.

use super::play::material;
use crate::board::{Color, Move, Position};
use crate::solver::Prover;
use std::collections::BTreeSet;

/// The free coefficients of the metric.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KMoveSettings {
    /// `relative_cluster_coef`: 10 puts a perfect first-level cluster of 5 distinct answers
    /// (10·1·25/5 = 50) on the scale of the two-mover themes.
    pub cluster_coef: i32,
    /// Per minor dual (each dual answer is forced in another line of the cluster) and per
    /// White move still to play: 3, like the two-mover's X / 2X / 3X scale.
    pub minor_dual_coef: i32,
    /// Per major dual and per White move still to play: twice the minor price.
    pub major_dual_coef: i32,
    /// `relative_pieces_value_coef`: 2, as the two-mover's material penalty `2·(W − B)`.
    pub pieces_coef: i32,
}

impl Default for KMoveSettings {
    fn default() -> KMoveSettings {
        KMoveSettings {
            cluster_coef: 10,
            minor_dual_coef: 3,
            major_dual_coef: 6,
            pieces_coef: 2,
        }
    }
}

/// One scored cluster.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cluster {
    /// Moves from the diagram to the White move that roots the cluster (the key first).
    pub path: Vec<Move>,
    /// 1 for the key's cluster, 2 for the clusters of White's second moves, …
    pub level: u32,
    pub unique: u32,
    pub variants: u32,
    pub score: i32,
}

/// A Black reply answered by several shortest White moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DualLine {
    /// Moves from the diagram to the Black reply.
    pub path: Vec<Move>,
    pub answers: u32,
    pub minor: bool,
    /// White moves still to play after the reply, the dual's own move included.
    pub remaining: u32,
    pub penalty: i32,
}

/// The metric of one problem with its parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KMoveScore {
    pub key: Move,
    pub moves: u32,
    pub clusters: Vec<Cluster>,
    pub duals: Vec<DualLine>,
    /// The material term (0 for the original problem itself).
    pub pieces_change: i32,
    pub total: i32,
    /// False when the prover was stopped and the tree is partial.
    pub complete: bool,
}

/// White's material minus Black's (kings excluded), the balance the material term compares.
pub fn material_balance(pos: &Position) -> i32 {
    material(pos, Color::White) - material(pos, Color::Black)
}

/// Scores the #`moves` problem `diagram` whose unique key is `key`. `original_balance` is the
/// [`material_balance`] of the problem being improved (`None` for the problem itself).
pub fn kmove_metric(
    prover: &mut Prover,
    diagram: &Position,
    key: Move,
    moves: u32,
    settings: &KMoveSettings,
    original_balance: Option<i32>,
) -> KMoveScore {
    let mut score = KMoveScore {
        key,
        moves,
        clusters: Vec::new(),
        duals: Vec::new(),
        pieces_change: original_balance.map_or(0, |b| {
            (b - material_balance(diagram)) * settings.pieces_coef
        }),
        total: 0,
        complete: true,
    };
    let mut path = vec![key];
    if moves >= 2 {
        cluster(
            prover,
            &diagram.after(key),
            moves - 1,
            1,
            settings,
            &mut path,
            &mut score,
        );
    }
    score.complete = !prover.aborted();
    score.total = score.clusters.iter().map(|c| c.score).sum::<i32>()
        - score.duals.iter().map(|d| d.penalty).sum::<i32>()
        + score.pieces_change;
    score
}

/// Scores the cluster below the White move that led to `pos` (Black to move, White to mate
/// within `remaining` moves), then the clusters below its single answers.
fn cluster(
    prover: &mut Prover,
    pos: &Position,
    remaining: u32,
    level: u32,
    settings: &KMoveSettings,
    path: &mut Vec<Move>,
    score: &mut KMoveScore,
) {
    // Each Black reply with its shortest answers and their length.
    let mut replies: Vec<(Move, Vec<Move>, u32)> = Vec::new();
    for &defence in pos.legal_moves().iter() {
        if prover.aborted() {
            return;
        }
        let after = pos.after(defence);
        let Some(length) = prover.shortest_win(&after, remaining) else {
            continue;
        };
        let answers = after
            .legal_moves()
            .iter()
            .copied()
            .filter(|&w| prover.defender_loses(&after.after(w), length - 1))
            .collect();
        replies.push((defence, answers, length));
    }
    let singles: Vec<Move> = replies
        .iter()
        .filter_map(|(_, answers, _)| match answers.as_slice() {
            [w] => Some(*w),
            _ => None,
        })
        .collect();
    let unique = singles
        .iter()
        .map(|m| m.to_u16())
        .collect::<BTreeSet<_>>()
        .len() as i32;
    let variants = singles.len() as i32;
    if variants > 0 {
        score.clusters.push(Cluster {
            path: path.clone(),
            level,
            unique: unique as u32,
            variants: variants as u32,
            score: settings.cluster_coef * level as i32 * unique * unique / variants,
        });
    }
    for (defence, answers, length) in replies {
        path.push(defence);
        if answers.len() >= 2 {
            let minor = answers.iter().all(|a| singles.contains(a));
            let coef = if minor {
                settings.minor_dual_coef
            } else {
                settings.major_dual_coef
            };
            score.duals.push(DualLine {
                path: path.clone(),
                answers: answers.len() as u32,
                minor,
                remaining: length,
                penalty: coef * length as i32,
            });
        } else if let (Some(&answer), true) = (answers.first(), length >= 2) {
            path.push(answer);
            let after = pos.after(defence).after(answer);
            cluster(prover, &after, length - 1, level + 1, settings, path, score);
            path.pop();
        }
        path.pop();
    }
}
