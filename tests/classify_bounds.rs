//! Brute-force property checks of the line search's pruning on the last ply, on seeded random
//! positions of 3 to 12 men: every legal move after which the opponent is stalemated (shakmaty
//! decides) passes the stalemate filter — the count of the opponent's mobile units and
//! [`LineRules::may_stalemate`]'s per-unit test, and [`LineRules::one_move_may_stalemate`]'s
//! test of the stalemated king's free squares — and every move that leaves a dead position
//! (issue 13's definition, in tests/classify_positions) passes the dead-position filter. The samples must
//! contain such moves, and the per-unit test must refuse moves the count alone would let
//! through (else it prunes nothing). One ply earlier: every move after which some reply
//! stalemates the mover passes [`LineRules::may_be_stalemated_after`], which must refuse many
//! moves. `MATEPROOF_SEED=<n>` reruns with another base seed.

use mateproof::board::{Position, Validation};
use mateproof::classify::{LineRules, MobileUnits};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Position as _};

mod classify_positions;
mod common;
use classify_positions::{chess, is_dead, random_fen};
use common::Rng;

/// Random positions examined, every legal move of each.
const POSITIONS: usize = 12_000;

/// The most units the search lets through before looking at single moves.
const MOST_UNITS: u32 = 5;

/// `count` random positions (from `seed`, or `MATEPROOF_SEED`) whose line has not ended before
/// any move: the FEN, shakmaty's position and ours.
fn samples(seed: u64, count: usize) -> impl Iterator<Item = (String, Chess, Position)> {
    let (mut rng, _) = Rng::from_env(seed);
    std::iter::from_fn(move || loop {
        let Some(fen) = random_fen(&mut rng, 10) else {
            continue;
        };
        let theirs = chess(&fen);
        if !is_dead(&theirs) {
            let ours = Position::from_fen(&fen, Validation::Strict).expect("FEN");
            return Some((fen, theirs, ours));
        }
    })
    .take(count)
}

#[test]
fn no_stalemating_or_killing_move_is_pruned() {
    let (mut stalemates, mut kills, mut refused_by_sensors) = (0, 0, 0);
    for (fen, theirs, ours) in samples(0x5a1e_b0d5, POSITIONS) {
        let units = ours.mobile_units();
        let gate = units.count <= ours.any_move_takes_at_most().min(MOST_UNITS);
        for m in ours.legal_moves().iter().copied() {
            let uci: UciMove = m.to_string().parse().expect("UCI");
            let after = theirs
                .clone()
                .play(uci.to_move(&theirs).expect("legal in shakmaty"))
                .expect("legal");
            let admitted = gate && ours.may_stalemate(&units, m);
            // The tests made before the moves are generated: the king alone, then with units.
            let before = ours.one_move_may_stalemate(&MobileUnits::default())
                && (!gate || ours.one_move_may_stalemate(&units));
            if after.is_stalemate() {
                stalemates += 1;
                assert!(admitted, "{fen}: {m} stalemates but is pruned");
                assert!(
                    before,
                    "{fen}: {m} stalemates but the king or unit test refuses"
                );
            } else if gate && !admitted && units.count <= 3 {
                refused_by_sensors += 1;
            }
            if is_dead(&after) && !after.is_checkmate() && !after.is_stalemate() {
                kills += 1;
                assert!(
                    ours.plies_to_dead() <= 1 && ours.may_leave_dead(m),
                    "{fen}: {m} leaves a dead position but is pruned"
                );
            }
        }
    }
    assert!(stalemates >= 100, "only {stalemates} stalemating moves");
    assert!(kills >= 100, "only {kills} moves to a dead position");
    assert!(
        refused_by_sensors >= 100,
        "the per-unit test refused only {refused_by_sensors} moves"
    );
}

/// Random positions examined two plies deep (every move and every reply).
const TWO_PLY_POSITIONS: usize = 4_000;

#[test]
fn no_move_after_which_a_reply_stalemates_the_mover_is_pruned() {
    let (mut stalemated, mut refused, mut moves) = (0, 0, 0);
    for (fen, theirs, ours) in samples(0x2b1e_5a1e, TWO_PLY_POSITIONS) {
        let legal = ours.legal_moves();
        let units = ours
            .own_units(&legal)
            .expect("the orthodox rules know units");
        for m in legal.iter().copied() {
            moves += 1;
            let uci: UciMove = m.to_string().parse().expect("UCI");
            let after = theirs
                .clone()
                .play(uci.to_move(&theirs).expect("legal in shakmaty"))
                .expect("legal");
            let admitted = ours.may_be_stalemated_after(&units, m);
            let reply_stalemates = !after.is_game_over()
                && after.legal_moves().iter().any(|reply| {
                    let mut next = after.clone();
                    next.play_unchecked(*reply);
                    next.is_stalemate()
                });
            if reply_stalemates {
                stalemated += 1;
                assert!(
                    admitted,
                    "{fen}: after {m} a reply stalemates, but {m} is pruned"
                );
            } else if !admitted {
                refused += 1;
            }
        }
    }
    assert!(
        stalemated >= 50,
        "only {stalemated} moves allow a stalemating reply"
    );
    assert!(
        refused * 3 >= moves,
        "the two-ply test refused only {refused} of {moves} moves"
    );
}
