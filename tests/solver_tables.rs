//! Transposition tables are typed by the question they answer: a problem under Popeye's
//! `Threat`/`MaxFlightsquares` asks another question than a plain directmate, so its answers
//! must never land in the directmate table a caller (the UCI engine) keeps across searches.

use mateproof::board::{Position, Validation};
use mateproof::kernel::SearchControl;
use mateproof::popeye::shown::PRESENTATION;
use mateproof::problem::Problem;
use mateproof::solver::{
    mate_search, solve_with_table, Bounds, Prover, Restricted, Restrictions, TranspositionTable,
};

const FEN: &str = "4k3/8/4K3/8/8/8/8/R6R w - - 0 1";

fn position() -> Position {
    Position::from_fen(FEN, Validation::Strict).expect("valid FEN")
}

#[test]
fn a_restricted_solve_leaves_the_callers_table_untouched() {
    let pos = position();
    let mut problem = Problem::directmate(pos, 3);
    problem.options.max_flights = Some(0);
    let (tt, control) = (TranspositionTable::new(1), SearchControl::unlimited());
    let solution = solve_with_table(&problem, &control, &tt, PRESENTATION).expect("solves");
    assert!(solution.keys().count() > 0);
    // The restricted search settled positions within two plies of the root: none is in `tt`.
    let mut unseen = vec![pos];
    for _ in 0..3 {
        let next: Vec<Position> = unseen
            .iter()
            .flat_map(|p| {
                p.legal_moves()
                    .iter()
                    .map(|&m| p.after(m))
                    .collect::<Vec<_>>()
            })
            .collect();
        for p in &unseen {
            assert_eq!(tt.probe(p.key()), Bounds::default(), "{p:?}");
        }
        unseen = next;
    }
    // The unrestricted question over the same table still gets the unrestricted answer.
    let found = mate_search(&pos, 3, &control, &tt).expect("a mate");
    assert_eq!(found.moves, 1);
}

#[test]
fn a_restricted_prover_takes_its_restrictions_from_the_table() {
    let restrictions = Restrictions {
        max_threat: None,
        max_flights: Some(0),
    };
    let tt = TranspositionTable::for_question(1, Restricted(restrictions));
    let control = SearchControl::unlimited();
    let prover: Prover<Position, Restricted> = Prover::new(&tt, &control);
    assert_eq!(prover.restrictions(), restrictions);
    let plain = TranspositionTable::new(1);
    let prover: Prover = Prover::new(&plain, &control);
    assert!(prover.restrictions().is_none());
}
