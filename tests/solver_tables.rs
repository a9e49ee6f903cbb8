//! Transposition tables are typed by the question they answer: a problem under Popeye's
//! `Threat`/`MaxFlightsquares` asks another question than a plain directmate, so its answers
//! must never land in the directmate table a caller (the UCI engine) keeps across searches.

use mateproof::board::{Position, Validation};
use mateproof::kernel::SearchControl;
use mateproof::popeye::shown::PRESENTATION;
use mateproof::problem::{Problem, TryMode};
use mateproof::solver::{
    default_table_bytes, mate_search, solve, solve_with_table, Bounds, DirectMate, Prover,
    Restricted, Restrictions, TranspositionTable,
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

/// T02 of the Popeye timing problems: a #2 with 117 keys and a large tree of play.
const MANY_KEYS: &str = "6rk/PP1PPPnp/1N1BN2P/7R/4B3/2Q5/P3KP2/6R1 w - - 0 1";

/// Up to #2 a fresh table is a few pages (one entry per first move is all it holds), from #3
/// on megabytes: a #3's words fill one 2 MB huge page, a #4's two.
#[test]
fn a_two_movers_table_is_a_few_pages() {
    let pos = Position::from_fen(MANY_KEYS, Validation::Strict).expect("valid FEN");
    for (n, bytes) in [
        (1, 32 << 10),
        (2, 32 << 10),
        (3, 4 << 20),
        (4, 8 << 20),
        (5, 16 << 20),
    ] {
        let problem = Problem::directmate(pos, n);
        assert_eq!(default_table_bytes(&problem), bytes, "#{n}");
    }
    let small: TranspositionTable = TranspositionTable::for_question_bytes(32 << 10, DirectMate);
    assert_eq!(small.size_bytes(), 16 << 10);
}

/// The small table gives a two-mover the same solution as a large one: keys, tries with
/// their refutations, threats and variations.
#[test]
fn a_two_mover_over_the_small_table_is_solved_as_over_a_large_one() {
    let pos = Position::from_fen(MANY_KEYS, Validation::Strict).expect("valid FEN");
    let mut problem = Problem::directmate(pos, 2);
    problem.options.variations = true;
    problem.options.tries = TryMode::Refutations(3);
    let control = SearchControl::unlimited();
    let small = solve(&problem, &control, PRESENTATION).expect("solves");
    let large = solve_with_table(
        &problem,
        &control,
        &TranspositionTable::new(64),
        PRESENTATION,
    )
    .expect("solves");
    assert_eq!(small.keys().count(), 117);
    assert_eq!(small.first_moves, large.first_moves);
}
