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

use crate::classify_positions;
use crate::common;
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

/// Positions where the stalemating move uncovers a pin by leaving a square between the
/// stalemated king and its man: 1.Nxd8 opens the rook h6's line to the knight g6 and the king a6.
const MOVES_THAT_UNCOVER_A_PIN: [&str; 1] = ["3q4/8/k1N3nR/2Q5/8/3P4/3K4/8 w - - 0 1"];

/// Checks the last-ply filters on every legal move at `fen` against shakmaty: (stalemating
/// moves, moves to a dead position, moves the per-unit test refuses among few units).
fn last_ply(fen: &str, theirs: &Chess, ours: &Position) -> (usize, usize, usize) {
    let (mut stalemates, mut kills, mut refused_by_sensors) = (0, 0, 0);
    let units = ours.mobile_units();
    let gate = units.count <= ours.any_move_takes_at_most().min(MOST_UNITS);
    for m in ours.legal_moves().iter().copied() {
        let uci: UciMove = m.to_string().parse().expect("UCI");
        let after = theirs
            .clone()
            .play(uci.to_move(theirs).expect("legal in shakmaty"))
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
    (stalemates, kills, refused_by_sensors)
}

#[test]
fn no_stalemating_or_killing_move_is_pruned() {
    for fen in MOVES_THAT_UNCOVER_A_PIN {
        let ours = Position::from_fen(fen, Validation::Strict).expect("FEN");
        let (stalemates, _, _) = last_ply(fen, &chess(fen), &ours);
        assert!(stalemates > 0, "{fen}: no move stalemates");
    }
    let (mut stalemates, mut kills, mut refused_by_sensors) = (0, 0, 0);
    for (fen, theirs, ours) in samples(0x5a1e_b0d5, POSITIONS) {
        let (s, k, r) = last_ply(&fen, &theirs, &ours);
        stalemates += s;
        kills += k;
        refused_by_sensors += r;
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

/// Positions where a king move pins or blocks the mover's own men and a reply then stalemates
/// it: 1.Kg2 pins the bishop f2 (the queen d1 beyond it); 1.Kc2 takes the knight a1's only
/// square, and 1...Nd3 stalemates.
const KING_MOVES_THAT_TAKE_OWN_MOVES: [&str; 2] = [
    "1q6/8/1r6/8/8/8/1b1q1B2/k2q3K w - - 0 1",
    "3r3k/8/8/4n1b1/1p6/1P6/1K6/N6r w - - 0 1",
];

/// Positions where the reply that stalemates uncovers a pin from between the mover's king and
/// its man: 1...Qd8 2.Nxd8 (the rook h6 then pins the knight g6; with the bishop c7 no other
/// man of White can touch the knight's square or the square beyond it), and three found at
/// random: 1.Rf5 Rf4, 1.Rc6 Re8, 1.Ne5 Ne8.
const REPLIES_THAT_UNCOVER_A_PIN: [&str; 5] = [
    "1q6/8/k1N3nR/2Q5/8/3P4/3K4/8 b - - 0 1",
    "1q6/2B5/k1N3nR/2Q5/8/3P4/3K4/8 b - - 0 1",
    "8/3b4/8/R7/5Br1/7K/1k3q2/q7 w - - 0 1",
    "q7/3k4/8/7q/4r3/8/6K1/2R1q3 w - - 0 1",
    "1K6/2nN4/q7/8/8/6q1/8/4k3 w - - 0 1",
];

/// Checks [`LineRules::may_be_stalemated_after`] on every legal move at `fen` against
/// shakmaty: (moves after which a reply stalemates, moves refused, moves).
fn two_plies(fen: &str, theirs: &Chess, ours: &Position) -> (usize, usize, usize) {
    let (mut stalemated, mut refused, mut moves) = (0, 0, 0);
    let legal = ours.legal_moves();
    let units = ours
        .own_units(&legal)
        .expect("the orthodox rules know units");
    for m in legal.iter().copied() {
        moves += 1;
        let uci: UciMove = m.to_string().parse().expect("UCI");
        let after = theirs
            .clone()
            .play(uci.to_move(theirs).expect("legal in shakmaty"))
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
    (stalemated, refused, moves)
}

#[test]
fn no_move_after_which_a_reply_stalemates_the_mover_is_pruned() {
    for fen in KING_MOVES_THAT_TAKE_OWN_MOVES
        .iter()
        .chain(&REPLIES_THAT_UNCOVER_A_PIN)
    {
        let ours = Position::from_fen(fen, Validation::Strict).expect("FEN");
        let (stalemated, _, _) = two_plies(fen, &chess(fen), &ours);
        assert!(stalemated > 0, "{fen}: no reply stalemates");
    }
    let (mut stalemated, mut refused, mut moves) = (0, 0, 0);
    for (fen, theirs, ours) in samples(0x2b1e_5a1e, TWO_PLY_POSITIONS) {
        let (s, r, n) = two_plies(&fen, &theirs, &ours);
        (stalemated, refused, moves) = (stalemated + s, refused + r, moves + n);
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
