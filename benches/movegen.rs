//! Move-generator speed on a fixed position set (every line of perftsuite.epd and of the dm2–dm5
//! directmate suites): full legal lists, bulk counts, captures, checking moves and `gives_check`
//! over every legal move — the last two are what the mate solver spends its time in.
//! `cargo bench --bench movegen`.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use mateproof::board::{Move, Position, Validation};

const SUITES: [&str; 5] = [
    "perft/perftsuite.epd",
    "mates/dm2.epd",
    "mates/dm3.epd",
    "mates/dm4.epd",
    "mates/dm5.epd",
];

/// Every position of the suites, from the first four fields of each line.
fn positions() -> Vec<Position> {
    let mut out = Vec::new();
    for suite in SUITES {
        let path = format!("{}/testsuites/{suite}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let fen = line
                .split_whitespace()
                .take(4)
                .collect::<Vec<_>>()
                .join(" ");
            let pos = Position::from_fen(&fen, Validation::Lenient)
                .unwrap_or_else(|e| panic!("{path}: {fen}: {e}"));
            out.push(pos);
        }
    }
    out
}

fn bench_movegen(c: &mut Criterion) {
    let positions = positions();
    let pairs: Vec<(Position, Move)> = positions
        .iter()
        .flat_map(|pos| {
            pos.legal_moves()
                .iter()
                .map(|&m| (*pos, m))
                .collect::<Vec<_>>()
        })
        .collect();

    let mut group = c.benchmark_group("movegen");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal_moves", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| p.legal_moves().len())
                .sum::<usize>()
        })
    });
    group.bench_function("count_legal_moves", |b| {
        b.iter(|| positions.iter().map(|p| p.count_legal_moves()).sum::<u64>())
    });
    group.bench_function("capture_moves", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| p.capture_moves().len())
                .sum::<usize>()
        })
    });
    group.bench_function("checking_moves", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| p.checking_moves().len())
                .sum::<usize>()
        })
    });
    group.throughput(Throughput::Elements(pairs.len() as u64));
    group.bench_function("gives_check (per legal move)", |b| {
        b.iter(|| {
            pairs
                .iter()
                .filter(|(p, m)| black_box(p).gives_check(*m))
                .count()
        })
    });
    group.finish();
}

criterion_group!(benches, bench_movegen);
criterion_main!(benches);
