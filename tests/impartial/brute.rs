//! An independent reference for impartial chess on Young diagrams: plain recursion on explicit
//! cell sets, sharing no code with the library's dynamic programme. A position is the set of
//! cells left of and below the piece, re-based so the piece stands on (0,0); a move to (a,b)
//! keeps the cells (r, c) with r ≥ a and c ≥ b, shifted by (−a, −b). Random partitions and
//! random movesets (leaps, rides, limited rides) must give the same normal and misère values
//! at every cell, and the same winning moves.

use mateproof::impartial::{Moveset, Partition, Play, Ride, Step, Values};
use proptest::prelude::*;
use std::collections::{BTreeSet, HashMap};

type Cells = BTreeSet<(u32, u32)>;

/// A vector (down, right), ridden up to `max` times (`None`: a leap; `Some(0)`: unlimited).
#[derive(Clone, Debug)]
struct Vector {
    down: u32,
    right: u32,
    max: Option<u32>,
}

struct Reference<'a> {
    vectors: &'a [Vector],
    memo: HashMap<Vec<(u32, u32)>, (u32, u32)>,
}

impl Reference<'_> {
    fn targets(&self, cells: &Cells) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        for v in self.vectors {
            let limit = match v.max {
                None => 1,
                Some(0) => u32::MAX,
                Some(max) => max,
            };
            let mut k = 1u32;
            while k <= limit && cells.contains(&(v.down * k, v.right * k)) {
                out.push((v.down * k, v.right * k));
                k += 1;
            }
        }
        out
    }

    /// (G, G⁻) of the position `cells`.
    fn value(&mut self, cells: &Cells) -> (u32, u32) {
        let key: Vec<(u32, u32)> = cells.iter().copied().collect();
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let options: Vec<(u32, u32)> = self
            .targets(cells)
            .into_iter()
            .map(|t| self.value(&shift(cells, t)))
            .collect();
        let mex = |values: Vec<u32>| (0..).find(|v| !values.contains(v)).unwrap();
        let result = if options.is_empty() {
            (0, 1)
        } else {
            (
                mex(options.iter().map(|o| o.0).collect()),
                mex(options.iter().map(|o| o.1).collect()),
            )
        };
        self.memo.insert(key, result);
        result
    }
}

fn shift(cells: &Cells, (a, b): (u32, u32)) -> Cells {
    cells
        .iter()
        .filter(|&&(r, c)| r >= a && c >= b)
        .map(|&(r, c)| (r - a, c - b))
        .collect()
}

fn diagram(parts: &[u64]) -> Cells {
    let mut cells = Cells::new();
    for (r, &p) in parts.iter().enumerate() {
        for c in 0..p {
            cells.insert((r as u32, c as u32));
        }
    }
    cells
}

fn library_moveset(vectors: &[Vector]) -> Moveset {
    let mut leaps = Vec::new();
    let mut rides = Vec::new();
    for v in vectors {
        let step = Step::new(v.down, v.right).unwrap();
        match v.max {
            None => leaps.push(step),
            Some(max) => rides.push(Ride {
                step,
                max: (max > 0).then_some(max),
            }),
        }
    }
    Moveset::new(&leaps, &rides).unwrap()
}

fn check(parts: &[u64], vectors: &[Vector]) {
    let values = Values::solve(&Partition::new(parts).unwrap(), &library_moveset(vectors));
    let mut reference = Reference {
        vectors,
        memo: HashMap::new(),
    };
    let whole = diagram(parts);
    for &(r, c) in &whole {
        let expected = reference.value(&shift(&whole, (r, c)));
        let (i, j) = (r as usize, c as usize);
        let got = (values.at(i, j, Play::Normal), values.at(i, j, Play::Misere));
        assert_eq!(
            got, expected,
            "cell ({r},{c}) of {parts:?} with {vectors:?}"
        );
    }
    for (play, pick) in [(Play::Normal, 0), (Play::Misere, 1)] {
        let mut expected: Vec<(usize, usize)> = reference
            .targets(&whole)
            .into_iter()
            .filter(|&t| {
                let v = reference.value(&shift(&whole, t));
                [v.0, v.1][pick] == 0
            })
            .map(|(a, b)| (a as usize, b as usize))
            .collect();
        expected.sort_unstable();
        expected.dedup();
        assert_eq!(
            values.winning_moves(play),
            expected,
            "{play:?} winning moves of {parts:?} with {vectors:?}"
        );
    }
}

fn partition_strategy() -> impl Strategy<Value = Vec<u64>> {
    prop::collection::vec(1u64..=7, 1..=7).prop_map(|mut parts| {
        parts.sort_unstable_by(|a, b| b.cmp(a));
        parts
    })
}

fn moveset_strategy() -> impl Strategy<Value = Vec<Vector>> {
    let vector = (0u32..=3, 0u32..=3, prop::option::of(0u32..=3))
        .prop_filter("not the zero vector", |(d, r, _)| *d + *r > 0)
        .prop_map(|(down, right, max)| Vector { down, right, max });
    prop::collection::vec(vector, 1..=4)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn random_games_match_the_reference(parts in partition_strategy(), vectors in moveset_strategy()) {
        check(&parts, &vectors);
    }
}

#[test]
fn the_papers_games_match_the_reference_on_every_small_partition() {
    let leap = |down, right| Vector {
        down,
        right,
        max: None,
    };
    let ride = |down, right| Vector {
        down,
        right,
        max: Some(0),
    };
    let games = [
        vec![leap(1, 0), leap(0, 1)],
        vec![leap(0, 1), leap(1, 1)],
        vec![leap(1, 2), leap(2, 1)],
        vec![ride(1, 1)],
        vec![leap(1, 0), leap(0, 1), leap(1, 1)],
        vec![ride(1, 0), ride(0, 1)],
        vec![ride(1, 0), ride(0, 1), ride(1, 1)],
    ];
    let parts_list: Vec<Vec<u64>> = (1..=10)
        .flat_map(mateproof::impartial::family::partitions_of)
        .collect();
    for parts in &parts_list {
        for game in &games {
            check(parts, game);
        }
    }
}
