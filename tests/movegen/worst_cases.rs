//! The positions with the most moves: no move may be lost, however much material a problem
//! position holds (problem positions are validated leniently, with no bound on material).
//!
//! For each, shakmaty 0.30.1 (whose move list holds 270) is the oracle for perft 1 and 2, and
//! the set of mates in one (the #1 keys, as the solver reports them).

use mateproof::board::{Position, Validation, MAX_MOVES};
use mateproof::kernel::SearchControl;
use mateproof::popeye::shown::PRESENTATION;
use mateproof::problem::Problem;
use mateproof::solver::solve;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position as _};
use std::collections::BTreeSet;

/// (FEN, legal moves): the two material-unbounded worst cases of the move-list issue and the
/// 218-move maximum of positions reachable in a game.
const WORST_CASES: [(&str, usize); 3] = [
    (
        "QQQQQQnk/Q4Qnn/Q5QQ/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1",
        263,
    ),
    ("kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1", 270),
    ("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1", 218),
];

fn shakmaty(fen: &str) -> Chess {
    let setup: Fen = fen.parse().expect("a well-formed FEN");
    setup
        .into_position(CastlingMode::Standard)
        .unwrap_or_else(|e| {
            e.ignore_too_much_material()
                .expect("a position shakmaty accepts")
        })
}

fn ours(fen: &str) -> Position {
    Position::from_fen(fen, Validation::Lenient).expect("a position Mateproof accepts")
}

fn uci_moves(pos: &Chess) -> BTreeSet<String> {
    pos.legal_moves()
        .iter()
        .map(|m| m.to_uci(CastlingMode::Standard).to_string())
        .collect()
}

#[test]
fn every_move_of_the_worst_cases_is_generated() {
    for (fen, count) in WORST_CASES {
        let theirs = shakmaty(fen);
        let pos = ours(fen);
        let expected = uci_moves(&theirs);
        assert_eq!(expected.len(), count, "{fen}: shakmaty's count");
        let got: BTreeSet<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
        assert_eq!(got, expected, "{fen}: legal moves");
        assert!(count <= MAX_MOVES);
    }
}

#[test]
fn perft_two_of_the_worst_cases_equals_shakmaty() {
    for (fen, _) in WORST_CASES {
        let theirs = shakmaty(fen);
        let expected = shakmaty::perft(&theirs, 2);
        assert_eq!(mateproof::perft::perft(&ours(fen), 2), expected, "{fen}");
        assert_eq!(
            mateproof::perft::perft(&ours(fen), 1),
            theirs.legal_moves().len() as u64,
            "{fen}"
        );
    }
}

#[test]
fn the_mate_in_one_keys_of_the_worst_cases_equal_shakmaty_s_mates() {
    for (fen, _) in WORST_CASES {
        let theirs = shakmaty(fen);
        let expected: BTreeSet<String> = theirs
            .legal_moves()
            .iter()
            .filter(|m| {
                theirs
                    .clone()
                    .play(**m)
                    .is_ok_and(|after| after.is_checkmate())
            })
            .map(|m| m.to_uci(CastlingMode::Standard).to_string())
            .collect();
        let problem = Problem::directmate(ours(fen), 1);
        let solution =
            solve(&problem, &SearchControl::unlimited(), PRESENTATION).expect("a #1 solves");
        let keys: BTreeSet<String> = solution.keys().map(|k| k.mv.to_string()).collect();
        assert_eq!(keys, expected, "{fen}: the #1 keys");
        assert!(solution.complete);
    }
}
