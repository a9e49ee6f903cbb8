//! The solver has no listing order of its own: it tries and lists first moves in the order the
//! front end passes, and `MaxSolutions` keeps the keys that come first in that order.

use mateproof::board::{Move, Position, Validation};
use mateproof::kernel::SearchControl;
use mateproof::popeye::order::sort_first_moves;
use mateproof::popeye::shown::PRESENTATION;
use mateproof::problem::Problem;
use mateproof::solver::{generation_order, solve, FirstMoveOrder, Presentation};

/// Four mates in one: 0-0-0 and three king moves that uncover the rook on a1.
const FEN: &str = "8/8/8/8/8/4NN2/8/R3K2k w Q - 0 1";

fn keys(order: FirstMoveOrder, max_solutions: Option<u32>) -> Vec<Move> {
    let pos = Position::from_fen(FEN, Validation::Strict).expect("valid FEN");
    let mut problem = Problem::directmate(pos, 1);
    problem.options.max_solutions = max_solutions;
    let presentation = Presentation {
        first_moves: order,
        ..PRESENTATION
    };
    let solution = solve(&problem, &SearchControl::unlimited(), presentation).expect("solves");
    solution.keys().map(|node| node.mv).collect()
}

#[test]
fn keys_come_in_the_order_given() {
    let pos = Position::from_fen(FEN, Validation::Strict).expect("valid FEN");
    let generated: Vec<Move> = pos.legal_moves().iter().copied().collect();
    let by_generation = keys(generation_order, None);
    let by_popeye = keys(sort_first_moves, None);
    assert_eq!(by_generation.len(), 4);
    let position_in = |m: &Move| generated.iter().position(|g| g == m);
    assert!(by_generation
        .windows(2)
        .all(|w| position_in(&w[0]) < position_in(&w[1])));
    let mut listed = pos.legal_moves();
    sort_first_moves(&pos, &mut listed, 1);
    let listed: Vec<Move> = listed
        .iter()
        .copied()
        .filter(|m| by_popeye.contains(m))
        .collect();
    assert_eq!(by_popeye, listed);
    assert_ne!(
        by_generation, by_popeye,
        "the two orders should differ here"
    );
}

#[test]
fn max_solutions_keeps_the_first_keys_of_the_order_given() {
    assert_eq!(
        keys(generation_order, Some(1)),
        keys(generation_order, None)[..1]
    );
    assert_eq!(
        keys(sort_first_moves, Some(1)),
        keys(sort_first_moves, None)[..1]
    );
}

/// Which defences are variations is the caller's choice too: Popeye's rule hides those that
/// neither last longer than the threat nor defeat a threat move, the neutral one shows every
/// defence that does not refute.
#[test]
fn the_variations_shown_are_the_callers_choice() {
    let pos = Position::from_fen("b2K4/2p5/3k4/1Q6/5P2/1B6/8/8 w - - 0 1", Validation::Strict)
        .expect("valid FEN");
    let mut problem = Problem::directmate(pos, 2);
    problem.options.variations = true;
    let defences = |presentation: Presentation| {
        let solution = solve(&problem, &SearchControl::unlimited(), presentation).expect("solves");
        let key = solution.keys().next().expect("a key").clone();
        assert!(matches!(
            key.threat,
            mateproof::solution::Threat::Threats(_)
        ));
        key.defences.len()
    };
    let every = defences(Presentation {
        first_moves: PRESENTATION.first_moves,
        shown_defences: mateproof::solver::every_defence,
        help_lines: PRESENTATION.help_lines,
    });
    let popeye = defences(PRESENTATION);
    assert!(
        every > popeye && popeye > 0,
        "every {every}, Popeye's {popeye}"
    );
}
