//! Move-generator speed on a fixed position set (every line of perftsuite.epd and of the dm2–dm5
//! directmate suites): full legal lists, bulk counts, captures, checking moves and `gives_check`
//! over every legal move — the last two are what the mate solver spends its time in. Each check
//! bench has a reference beside it: the make-the-list-and-filter way it replaced.
//! `cargo bench --bench movegen`.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use mateproof::board::{attacks, CheckInfo, Move, MoveKind, Position, Validation};
use mateproof::reference::shared_text;

/// The suites of the shared reference data the positions come from.
const SUITES: [&str; 5] = [
    "suites/perftsuite.epd",
    "suites/dm2.epd",
    "suites/dm3.epd",
    "suites/dm4.epd",
    "suites/dm5.epd",
];

/// Every position of the suites, from the first four fields of each line (`None`: the shared
/// reference data is absent).
fn positions() -> Option<Vec<Position>> {
    let mut out = Vec::new();
    for suite in SUITES {
        let text = shared_text(suite)?;
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let fen = line
                .split_whitespace()
                .take(4)
                .collect::<Vec<_>>()
                .join(" ");
            let pos = Position::from_fen(&fen, Validation::Lenient)
                .unwrap_or_else(|e| panic!("{suite}: {fen}: {e}"));
            out.push(pos);
        }
    }
    Some(out)
}

/// The way checks were found before `CheckInfo`: per move, recompute which of our pieces could
/// uncover a check. Kept here only as the yardstick the check generator is measured against.
fn gives_check_recomputing_blockers(pos: &Position, m: Move) -> bool {
    let us = pos.turn();
    let Some(their_king) = pos.king(!us) else {
        return false;
    };
    let (from, to) = (m.from(), m.to());
    match (m.kind(), pos.role_at(from)) {
        (MoveKind::Normal, Some(role)) => {
            let occupied = pos.occupied().without(from).with(to);
            attacks::attacks(us, role, to, occupied).contains(their_king)
                || ((pos.slider_blockers(!us) & pos.by_color(us)).contains(from)
                    && !attacks::aligned(from, to, their_king))
        }
        _ => pos.after(m).is_check(),
    }
}

fn bench_movegen(c: &mut Criterion) {
    let Some(positions) = positions() else {
        return;
    };
    // Each position with its legal moves: the per-move benches walk this, as a solver's move
    // loop would, rather than a flat array of (position, move) copies that would measure memory.
    let with_moves: Vec<(Position, Vec<Move>)> = positions
        .iter()
        .map(|pos| (*pos, pos.legal_moves().to_vec()))
        .collect();
    let move_count: usize = with_moves.iter().map(|(_, moves)| moves.len()).sum();

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
    group.bench_function("checking_moves, reference: filter legal_moves", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| {
                    p.legal_moves()
                        .iter()
                        .filter(|&&m| gives_check_recomputing_blockers(p, m))
                        .count()
                })
                .sum::<usize>()
        })
    });

    group.throughput(Throughput::Elements(move_count as u64));
    group.bench_function("gives_check (per legal move)", |b| {
        b.iter(|| {
            with_moves
                .iter()
                .map(|(pos, moves)| {
                    moves
                        .iter()
                        .filter(|&&m| black_box(pos).gives_check(m))
                        .count()
                })
                .sum::<usize>()
        })
    });
    group.bench_function("CheckInfo::gives_check (per legal move)", |b| {
        b.iter(|| {
            with_moves
                .iter()
                .map(|(pos, moves)| {
                    let info = CheckInfo::new(black_box(pos));
                    moves.iter().filter(|&&m| info.gives_check(pos, m)).count()
                })
                .sum::<usize>()
        })
    });
    group.bench_function(
        "gives_check, reference: recompute blockers (per legal move)",
        |b| {
            b.iter(|| {
                with_moves
                    .iter()
                    .map(|(pos, moves)| {
                        moves
                            .iter()
                            .filter(|&&m| gives_check_recomputing_blockers(black_box(pos), m))
                            .count()
                    })
                    .sum::<usize>()
            })
        },
    );
    group.finish();
}

criterion_group!(benches, bench_movegen);
criterion_main!(benches);
