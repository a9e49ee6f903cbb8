//! Transposition tables are typed by the question they answer: a problem under Popeye's
//! `Threat`/`MaxFlightsquares` asks another question than a plain directmate, so its answers
//! must never land in the directmate table a caller (the UCI engine) keeps across searches.

use mateproof::board::{Position, Validation};
use mateproof::kernel::SearchControl;
use mateproof::popeye::shown::PRESENTATION;
use mateproof::problem::{Problem, TryMode};
use mateproof::solution::Solution;
use mateproof::solver::{
    default_table, default_table_bytes, default_table_size, mate_search, solve,
    solve_under_ceiling, solve_with_table, Bounds, DirectMate, Prover, Restricted, Restrictions,
    TableSize, TranspositionTable,
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
    let problem = full_play(MANY_KEYS, 2);
    let small = solve(&problem, &SearchControl::unlimited(), PRESENTATION).expect("solves");
    assert_eq!(small.keys().count(), 117);
    assert_eq!(small.first_moves, over_a_large_table(&problem).first_moves);
}

/// `fen` as a #n with everything a table could change shown: keys, tries with up to three
/// refutations, threats and variations.
fn full_play(fen: &str, n: u32) -> Problem {
    let pos = Position::from_fen(fen, Validation::Strict).expect("valid FEN");
    let mut problem = Problem::directmate(pos, n);
    problem.options.variations = true;
    problem.options.tries = TryMode::Refutations(3);
    problem
}

/// The solution over a 64 MB table.
fn over_a_large_table(problem: &Problem) -> Solution {
    let large = TranspositionTable::new(64);
    solve_with_table(problem, &SearchControl::unlimited(), &large, PRESENTATION).expect("solves")
}

/// A #3's fresh table has 2 MB of slots but uses 64 KB of them at first (most three-movers need
/// a few thousand entries); from #4 on every slot is in use from the start.
#[test]
fn a_three_movers_table_starts_at_64_kb_and_a_four_movers_at_its_size() {
    let pos = Position::from_fen(MANY_KEYS, Validation::Strict).expect("valid FEN");
    let three: TranspositionTable = default_table(&Problem::directmate(pos, 3), DirectMate);
    assert_eq!(three.size_bytes(), 2 << 20);
    assert_eq!(three.slots_in_use() * 16, 64 << 10);
    let four: TranspositionTable = default_table(&Problem::directmate(pos, 4), DirectMate);
    assert_eq!(four.size_bytes(), 4 << 20);
    assert_eq!(four.slots_in_use() * 16, 4 << 20);
}

/// splitmix64: well-mixed keys, as Zobrist keys are.
fn mixed(i: u64) -> u64 {
    let mut z = i.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A growing table doubles when half its slots in use are filled, keeps (nearly) everything it
/// holds across the doublings, and never answers with another key's bounds. A clear starts it
/// small again.
#[test]
fn a_growing_table_keeps_its_entries_as_it_grows() {
    let tt: TranspositionTable = TranspositionTable::growing_bytes(4 << 20, DirectMate);
    let start = tt.slots_in_use();
    let bounds = |i: u64| Bounds {
        win_within: (i % 200 + 1) as u8,
        no_win_within: 0,
        best: mateproof::board::Move::NULL,
    };
    let count = 3 * start as u64;
    for i in 0..count {
        tt.store(mixed(i), bounds(i));
    }
    // 3 x 4096 entries: grown at 2048, 4096 and 8192 filled slots to 32768 slots.
    assert_eq!(tt.slots_in_use(), 8 * start);
    let mut found = 0;
    for i in 0..count {
        let got = tt.probe(mixed(i));
        if got != Bounds::default() {
            assert_eq!(got, bounds(i), "entry {i}");
            found += 1;
        }
    }
    // A table grows when half full: a two-way bucket then overflows now and then and a few
    // entries are replaced (83 % are kept here; had growing lost the entries it moves, the
    // first ones in would be down to an eighth).
    assert!(found * 100 >= count * 80, "{found} of {count} kept");
    tt.clear();
    assert_eq!(tt.slots_in_use(), start);
    assert_eq!(tt.probe(mixed(1)), Bounds::default());
}

/// Entries that growing moves are found at their new slots: keys 2m and 2m + 4096 share a
/// bucket of the first 4096 slots, the second moves when the table doubles, and every key
/// is found afterwards, none lost.
#[test]
fn a_growing_table_finds_the_entries_it_moved() {
    let tt: TranspositionTable = TranspositionTable::growing_bytes(4 << 20, DirectMate);
    assert_eq!(tt.slots_in_use(), 4096);
    let key = |j: u64| 2 * (j >> 1) + ((j & 1) << 12);
    let bounds = |j: u64| Bounds {
        win_within: 0,
        no_win_within: (j % 100 + 1) as u8,
        best: mateproof::board::Move::NULL,
    };
    for j in 0..4096 {
        tt.store(key(j), bounds(j));
    }
    assert_eq!(tt.slots_in_use(), 16384);
    for j in 0..4096 {
        assert_eq!(tt.probe(key(j)), bounds(j), "key {}", key(j));
    }
}

/// A #3 that fills more than the growing table's first 64 KB: solved over it (grown meanwhile)
/// as over a large fixed table, keys, tries with their refutations, threats and variations.
#[test]
fn a_three_mover_over_a_growing_table_is_solved_as_over_a_large_one() {
    let problem = full_play("r2q1rk1/p4p1p/3p1Q2/2n3B1/B2R4/8/PP3PPP/5bK1 w - - 0 1", 3);
    let control = SearchControl::unlimited();
    let growing = TranspositionTable::growing_bytes(4 << 20, DirectMate);
    let start = growing.slots_in_use();
    let grown = solve_with_table(&problem, &control, &growing, PRESENTATION).expect("solves");
    assert!(growing.slots_in_use() > start, "the table grew");
    assert!(grown.keys().count() >= 1);
    assert_eq!(grown.first_moves, over_a_large_table(&problem).first_moves);
}

/// Under a user's ceiling (`--hash`, `-maxmem`) a table starts at the size measured for the
/// search, no larger than the ceiling, and grows beyond it only when half full: a #5's with
/// the slots of its 16 MB table, a #3's at its 64 KB, and a ceiling below the measured size is
/// the whole table.
#[test]
fn a_ceiling_table_starts_at_the_measured_size() {
    let pos = Position::from_fen(MANY_KEYS, Validation::Strict).expect("valid FEN");
    let five = default_table_size(&Problem::directmate(pos, 5));
    assert_eq!(five, TableSize::Fixed(16 << 20));
    assert_eq!(TableSize::under_ceiling(five, None), five);
    let under = TableSize::under_ceiling(five, Some(1024));
    assert_eq!(
        under,
        TableSize::Ceiling {
            start: 16 << 20,
            max: 1 << 30
        }
    );
    let table: TranspositionTable = TranspositionTable::sized(under, DirectMate);
    let measured: TranspositionTable = TranspositionTable::sized(five, DirectMate);
    assert_eq!(table.slots_in_use(), measured.slots_in_use());
    assert!(table.size_bytes() > measured.size_bytes());
    let three = default_table_size(&Problem::directmate(pos, 3));
    let under_three = TableSize::under_ceiling(three, Some(1024));
    assert_eq!(
        under_three,
        TableSize::Ceiling {
            start: three.start_bytes(),
            max: 1 << 30
        }
    );
    let table: TranspositionTable = TranspositionTable::sized(under_three, DirectMate);
    assert_eq!(table.slots_in_use() * 16, 64 << 10);
    assert_eq!(
        TableSize::under_ceiling(five, Some(4)),
        TableSize::Ceiling {
            start: 4 << 20,
            max: 4 << 20
        }
    );
}

/// A #4 (matetrack.0045) solved under a 1 GB ceiling searches exactly the nodes it searches
/// over its measured table, with one thread: the ceiling's table starts as the measured one
/// and this search never fills half of it. (Starting at 64 KB, it collided and grew on the
/// way, and searched more.)
#[test]
fn a_large_ceiling_solves_as_the_measured_table_does() {
    let problem = full_play("1B2n3/8/2R5/5p2/3kp1n1/4p3/B3K3/8 w - - 0 1", 4);
    let control = || SearchControl::unlimited().with_threads(1);
    let measured = solve(&problem, &control(), PRESENTATION).expect("solves");
    let ceiling =
        solve_under_ceiling(&problem, &control(), Some(1024), PRESENTATION).expect("solves");
    assert_eq!(ceiling.first_moves, measured.first_moves);
    assert_eq!(ceiling.stats.nodes, measured.stats.nodes);
    assert!(measured.keys().count() >= 1);
}
