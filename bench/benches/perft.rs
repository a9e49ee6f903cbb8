//! perft speed on three cpw positions, with shakmaty's perft on the same positions as a yardstick
//! measured in the same run (`cargo bench --bench perft`). Counts are checked against the suite
//! before timing, so a fast wrong generator cannot post a number.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use mateproof::board::{Position, Validation};
use mateproof::perft::{perft, read_suite, SuiteEntry};
use mateproof::reference::shared_text;
use shakmaty::{fen::Fen, CastlingMode, Chess};

/// `(suite id, depth)`: depths small enough for criterion's repeated sampling.
const CASES: [(&str, u32); 3] = [("cpw-1 startpos", 5), ("cpw-2 kiwipete", 4), ("cpw-3", 6)];

/// The shared `suites/cpw_perft.epd` (`None`: the shared reference data is absent).
fn cpw_suite() -> Option<Vec<SuiteEntry>> {
    let text = shared_text("suites/cpw_perft.epd")?;
    Some(read_suite(&text).unwrap_or_else(|e| panic!("cpw_perft.epd: {e}")))
}

fn bench_perft(c: &mut Criterion) {
    let Some(suite) = cpw_suite() else {
        return;
    };
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (id, depth) in CASES {
        let entry = suite
            .iter()
            .find(|e| e.id.as_deref() == Some(id))
            .unwrap_or_else(|| panic!("no `{id}` in cpw_perft.epd"));
        let expected = entry
            .counts
            .iter()
            .find(|&&(d, _)| d == depth)
            .map(|&(_, n)| n)
            .unwrap_or_else(|| panic!("no D{depth} count for `{id}`"));
        let ours = Position::from_fen(&entry.fen, Validation::Lenient)
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        let theirs: Chess = entry
            .fen
            .parse::<Fen>()
            .ok()
            .and_then(|fen| fen.into_position(CastlingMode::Standard).ok())
            .unwrap_or_else(|| panic!("shakmaty rejects {id}"));
        assert_eq!(perft(&ours, depth), expected, "{id} D{depth}");
        assert_eq!(
            shakmaty::perft(&theirs, depth),
            expected,
            "{id} D{depth} (shakmaty)"
        );

        group.throughput(Throughput::Elements(expected));
        let label = format!("{id} D{depth}");
        group.bench_with_input(BenchmarkId::new("mateproof", &label), &ours, |b, pos| {
            b.iter(|| perft(pos, depth))
        });
        group.bench_with_input(BenchmarkId::new("shakmaty", &label), &theirs, |b, pos| {
            b.iter(|| shakmaty::perft(pos, depth))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
