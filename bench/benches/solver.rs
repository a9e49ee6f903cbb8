//! Criterion benchmarks of the directmate solver on a fixed set: the first positions of the
//! proven dm2–dm5 suites solved keys-only (every key, so every other first move refuted), and
//! Popeye's T05 (#4) with the full tree and tries. Each iteration uses a fresh table so runs
//! are independent. Compare against a saved baseline (`cargo bench --bench solver -- --save-baseline
//! before`, then `--baseline before`) to see what a change did.

use criterion::{criterion_group, criterion_main, Criterion};
use mateproof::board::{Position, Validation};
use mateproof::kernel::SearchControl;
use mateproof::popeye::shown::PRESENTATION;
use mateproof::problem::{Problem, TryMode};
use mateproof::solver::{solve_with_table, TranspositionTable};
use std::hint::black_box;

/// (name, FEN, moves): dm2–dm5's first positions and Popeye's T05.
const SET: [(&str, &str, u32); 5] = [
    (
        "dm2-001",
        "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 0 1",
        2,
    ),
    (
        "dm3-002",
        "r3k2r/ppp2Npp/1b5n/4p2b/2B1P2q/BQP2P2/P5PP/RN5K w kq - 0 1",
        3,
    ),
    ("dm4-001", "1B2n3/8/2R5/5p2/3kp1n1/4p3/B3K3/8 w - - 0 1", 4),
    ("dm5-004", "1B6/1B6/8/1k6/8/1K6/1P6/8 w - - 0 1", 5),
    ("T05-4", "2n1k2r/R2R2p1/2P1K2p/8/8/8/8/8 w k - 0 1", 4),
];

fn solve(fen: &str, moves: u32, full_tree: bool) -> usize {
    let position = Position::from_fen(fen, Validation::Lenient).expect("benchmark FENs are legal");
    let mut problem = Problem::directmate(position, moves);
    if full_tree {
        problem.options.variations = true;
        problem.options.tries = TryMode::Refutations(1);
    }
    let tt = TranspositionTable::new(16);
    let solution = solve_with_table(&problem, &SearchControl::unlimited(), &tt, PRESENTATION)
        .expect("directmates are supported");
    solution.first_moves.len()
}

fn keys_only(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve keys only");
    group.sample_size(10);
    for (name, fen, moves) in SET {
        group.bench_function(name, |b| b.iter(|| solve(black_box(fen), moves, false)));
    }
    group.finish();
}

fn full_tree(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve variation try");
    group.sample_size(10);
    for (name, fen, moves) in SET {
        group.bench_function(name, |b| b.iter(|| solve(black_box(fen), moves, true)));
    }
    group.finish();
}

criterion_group!(benches, keys_only, full_tree);
criterion_main!(benches);
