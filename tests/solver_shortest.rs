//! `Prover::shortest_loss` against its definition: the smallest bound `defender_loses` holds
//! for, each bound asked on a table of its own. The prover asks the full bound first and the
//! shorter ones only when it holds (most of White's first moves lose nothing); the answer must
//! be the same, plain and under `Threat`.

use mateproof::board::{Position, Validation};
use mateproof::formats::epd::parse_lines;
use mateproof::kernel::SearchControl;
use mateproof::reference::shared_text;
use mateproof::solver::{Prover, Restricted, Restrictions, TranspositionTable};

/// The first `limit` positions of a proven suite, with their mate length.
fn suite(name: &str, limit: usize) -> Option<Vec<(Position, u32)>> {
    let text = shared_text(&format!("suites/{name}"))?;
    Some(
        parse_lines(&text)
            .take(limit)
            .map(|(line, epd)| {
                let epd = epd.unwrap_or_else(|e| panic!("{name}:{line}: {e}"));
                let pos = epd
                    .position(Validation::Lenient)
                    .unwrap_or_else(|e| panic!("{name}:{line}: {e}"));
                let dm = epd
                    .dm()
                    .ok()
                    .flatten()
                    .unwrap_or_else(|| panic!("{name}:{line}"));
                (pos, dm)
            })
            .collect(),
    )
}

/// Every first move of the position: `shortest_loss` on one table, each bound on a fresh one.
fn assert_shortest_loss_matches(pos: &Position, max: u32, restrictions: Option<Restrictions>) {
    let control = SearchControl::unlimited();
    let loses = |child: &Position, n: u32| match restrictions {
        Some(r) => {
            let tt = TranspositionTable::for_question(1, Restricted(r));
            Prover::<Position, Restricted>::new(&tt, &control).defender_loses(child, n)
        }
        None => {
            let tt = TranspositionTable::new(1);
            Prover::<Position>::new(&tt, &control).defender_loses(child, n)
        }
    };
    let shortest = |child: &Position| match restrictions {
        Some(r) => {
            let tt = TranspositionTable::for_question(1, Restricted(r));
            Prover::<Position, Restricted>::new(&tt, &control).shortest_loss(child, max)
        }
        None => {
            let tt = TranspositionTable::new(1);
            Prover::<Position>::new(&tt, &control).shortest_loss(child, max)
        }
    };
    for &m in pos.legal_moves().iter() {
        let child = pos.after(m);
        let expected = (0..=max).find(|&n| loses(&child, n));
        assert_eq!(shortest(&child), expected, "{pos:?} {m} {restrictions:?}");
    }
}

#[test]
fn the_shortest_loss_is_the_smallest_bound_that_holds() {
    let threat = Restrictions {
        max_threat: Some(1),
        max_flights: None,
    };
    let mut keys_found = 0;
    for (name, limit) in [("dm2.epd", 25), ("dm3.epd", 12)] {
        let Some(cases) = suite(name, limit) else {
            return;
        };
        for (pos, dm) in cases {
            // One move more than the suite's mate: the keys lose within fewer than the bound.
            assert_shortest_loss_matches(&pos, dm, None);
            assert_shortest_loss_matches(&pos, dm, Some(threat));
            let tt = TranspositionTable::new(1);
            let control = SearchControl::unlimited();
            let mut prover = Prover::<Position>::new(&tt, &control);
            keys_found += pos
                .legal_moves()
                .iter()
                .filter(|&&m| prover.shortest_loss(&pos.after(m), dm) == Some(dm - 1))
                .count();
        }
    }
    // The keys lose within less than the bound asked: the shorter bounds were asked too.
    assert!(keys_found >= 37, "{keys_found} keys");
}
