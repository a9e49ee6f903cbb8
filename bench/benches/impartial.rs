//! Impartial chess on Young diagrams (`mateproof grundy`): the time to solve every subposition
//! (normal and misère) of a diagram. The issue asks for partitions up to 200 cells well under a
//! second; the 200-cell shapes here are a 20×10 rectangle, the staircase δ₁₉ (190 cells) and a
//! fixed ragged partition, for a leaper (king, knight) and riders (rook, queen). The 10 000- and
//! 100 000-cell squares show how far the limit (`MAX_CELLS`) is from it.
//! `cargo bench --bench impartial`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use mateproof::impartial::{Moveset, Partition, Values};

/// 200 cells: 30,25,25,20,20,18,15,12,10,8,6,5,3,2,1.
const RAGGED: [u64; 15] = [30, 25, 25, 20, 20, 18, 15, 12, 10, 8, 6, 5, 3, 2, 1];

fn shapes() -> Vec<(&'static str, Partition)> {
    let square = |side: u64| Partition::new(&vec![side; side as usize]).unwrap();
    vec![
        ("rectangle 10x20 (200)", Partition::new(&[20; 10]).unwrap()),
        (
            "staircase 19 (190)",
            Partition::new(&(1..=19).rev().collect::<Vec<u64>>()).unwrap(),
        ),
        ("ragged (200)", Partition::new(&RAGGED).unwrap()),
        ("square 100 (10000)", square(100)),
        ("square 316 (99856)", square(316)),
    ]
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("grundy");
    for (name, partition) in shapes() {
        for piece in ["king", "knight", "rook", "queen"] {
            let moveset = Moveset::named(piece).unwrap();
            if partition.cells() > 10_000 {
                group.sample_size(10);
            }
            group.bench_function(format!("{piece} on {name}"), |b| {
                b.iter(|| Values::solve(black_box(&partition), &moveset).grundy())
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
