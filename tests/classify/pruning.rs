//! The pruned line search against the plain one ([`LineSearch::plain`], every legal move on
//! every ply, no material bound) on seeded random positions of 3 to 13 men: for every aim a
//! pruning rule looks at (mates, stalemates of either side, dead positions, their unions) and
//! every quantifier pair, the shortest p within the bound must be the same. The brute force of
//! classify_brute covers up to 7 men; this covers the crowded positions where the two-ply
//! stalemate bound and the mobile-unit counts decide most. `MATEPROOF_SEED=<n>` reruns with
//! another base seed.

use mateproof::board::{Position, Validation};
use mateproof::classify::{
    Aim, DrawRules, LineQuestion, LineSearch, LineTable, OpponentPlay, Quantifier,
};
use mateproof::kernel::SearchControl;

use crate::classify_positions;
use crate::common;
use classify_positions::random_fen;
use common::Rng;

/// Random positions compared.
const POSITIONS: usize = 500;

const AIMS: [Aim; 7] = [
    Aim::X_MATES,
    Aim::X_MATED,
    Aim::X_STALEMATED,
    Aim::OPPONENT_STALEMATED,
    Aim::DEAD,
    Aim::DRAW,
    Aim::ANY_END,
];

fn shortest(question: LineQuestion, pos: &Position, max: u32, plain: bool) -> Option<u32> {
    let control = SearchControl::unlimited();
    let mut table = LineTable::for_question(1, question);
    let mut search = if plain {
        LineSearch::plain(&mut table, &control)
    } else {
        LineSearch::new(&mut table, &control)
    };
    search.shortest(pos, max).expect("unlimited")
}

/// Positions where a pruning rule once answered wrongly, with the bound: within 3,
/// 1.Nxc6 Qd8 2.Nxd8 stalemates (the knight's capture uncovers the rook h6's pin of g6).
const ONCE_WRONG: [(&str, u32); 1] = [("1q6/8/k1r3nR/2Q1N3/8/3P4/3K4/8 w - - 0 1", 3)];

/// Compares the pruned and the plain search at `fen` within `max` on every aim and quantifier
/// pair: how many questions hold after at least one ply.
fn compare(fen: &str, max: u32) -> usize {
    let pos = Position::from_fen(fen, Validation::Strict).expect("FEN");
    let (e, a) = (Quantifier::Exists, Quantifier::ForAll);
    let mut found = 0;
    for aim in AIMS {
        for (x_plays, other) in [(e, e), (e, a), (a, e), (a, a)] {
            let question = LineQuestion {
                x: pos.turn(),
                x_plays,
                opponent_plays: OpponentPlay::Moves(other),
                aim,
                draws: DrawRules::Problem,
            };
            let pruned = shortest(question, &pos, max, false);
            let plain = shortest(question, &pos, max, true);
            assert_eq!(pruned, plain, "{fen} within {max}: {question:?}");
            found += usize::from(pruned.is_some_and(|p| p > 0));
        }
    }
    found
}

#[test]
fn the_pruned_search_answers_as_the_plain_one() {
    for (fen, max) in ONCE_WRONG {
        compare(fen, max);
    }
    let (mut rng, _) = Rng::from_env(0xd1ff_5ea7);
    let (mut compared, mut found) = (0, 0);
    while compared < POSITIONS {
        let Some(fen) = random_fen(&mut rng, 11) else {
            continue;
        };
        let men = Position::from_fen(&fen, Validation::Strict)
            .expect("FEN")
            .occupied()
            .count();
        // Three plies (the last two pruned, and one ply above them) on crowded boards.
        let max = if men <= 7 { 4 } else { 3 };
        compared += 1;
        found += compare(&fen, max);
    }
    assert!(
        found >= 200,
        "only {found} questions hold: the sample proves little"
    );
}
