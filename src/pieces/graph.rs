//! A piece's movement graph on an empty n×n board (digest §3.3): its displacement set Δ, the
//! number of moves from each square and the total number of edges. Pure arithmetic on the
//! definition, no board: `mateproof piece-info` prints it, and the digest's closed forms
//! (King 420, Knight 336, Princess 36 / 896, the seed's Dragon 38 / 1008 on 8×8) test it.
//!
//! Δ is every displacement the piece can make on some occupancy of the board: a leap's and a
//! lame leap's vectors, a ride's multiples up to its range, and a hop's multiples beyond its
//! hurdles (the first `hurdles` squares must hold them). Mobility and edges are for the empty
//! board, where hoppers have no move and lame leapers all of theirs.

use super::definition::{Component, ComponentKind, Vector};
use std::collections::BTreeSet;

/// Δ, the mobility per square and the edge count of one piece on an n×n board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovementGraph {
    pub size: i32,
    pub displacements: BTreeSet<Vector>,
    /// `mobility[rank][file]`, rank 0 = rank 1.
    pub mobility: Vec<Vec<u32>>,
    pub edges: u64,
}

/// The multiples of `v` (from `first` to `last`, unbounded when `None`) that fit the board.
fn multiples(v: Vector, first: i32, last: Option<u32>, size: i32, out: &mut BTreeSet<Vector>) {
    let mut k = first;
    while last.is_none_or(|m| k <= m as i32) {
        let w = Vector::new(v.files * k, v.ranks * k);
        if w.files.abs() >= size || w.ranks.abs() >= size {
            break;
        }
        out.insert(w);
        k += 1;
    }
}

/// The movement graph of a piece made of `components` on a `size`×`size` board (1..=26).
///
/// ```
/// use mateproof::pieces::{betza, graph::movement_graph};
/// let knight = movement_graph(&betza::parse("N").unwrap(), 8);
/// assert_eq!((knight.displacements.len(), knight.edges), (8, 336));
/// ```
pub fn movement_graph(components: &[Component], size: i32) -> MovementGraph {
    let mut displacements = BTreeSet::new();
    let mut empty_board = BTreeSet::new();
    for component in components {
        for v in component.all_vectors() {
            match component.kind {
                ComponentKind::Leap | ComponentKind::Lame { .. } => {
                    multiples(v, 1, Some(1), size, &mut displacements);
                    multiples(v, 1, Some(1), size, &mut empty_board);
                }
                ComponentKind::Ride { max } => {
                    multiples(v, 1, max, size, &mut displacements);
                    multiples(v, 1, max, size, &mut empty_board);
                }
                ComponentKind::Hop { hurdles, .. } => {
                    multiples(v, i32::from(hurdles) + 1, None, size, &mut displacements);
                }
            }
        }
    }
    let inside = |x: i32| (0..size).contains(&x);
    let mobility: Vec<Vec<u32>> = (0..size)
        .map(|rank| {
            (0..size)
                .map(|file| {
                    empty_board
                        .iter()
                        .filter(|w| inside(file + w.files) && inside(rank + w.ranks))
                        .count() as u32
                })
                .collect()
        })
        .collect();
    let edges = mobility.iter().flatten().map(|&m| u64::from(m)).sum();
    MovementGraph {
        size,
        displacements,
        mobility,
        edges,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pieces::{betza, catalogue, from_yaml_str};

    fn graph(betza_text: &str) -> (usize, u64) {
        let g = movement_graph(&betza::parse(betza_text).unwrap(), 8);
        (g.displacements.len(), g.edges)
    }

    #[test]
    fn the_digest_oracles_hold() {
        assert_eq!(graph("K"), (8, 420));
        assert_eq!(graph("N"), (8, 336));
        assert_eq!(graph("B"), (28, 560));
        assert_eq!(graph("R"), (28, 896));
        assert_eq!(graph("Q"), (56, 1456));
        assert_eq!(graph("BN"), (36, 896));
        let dragon = from_yaml_str("piece: SeedDragon\ncomponents:\n  - {kind: ride, vectors: [[1,1]], symmetry: all}\n  - {kind: leap, vectors: [[1,2]], symmetry: all}\n  - {kind: leap, vectors: [[0,1],[0,-1]]}\n").unwrap();
        let g = movement_graph(&dragon.components, 8);
        assert_eq!((g.displacements.len(), g.edges), (38, 1008));
        assert_eq!(
            (g.mobility[0][0], g.mobility[3][3], g.mobility[7][7]),
            (10, 23, 10)
        );
        let five = movement_graph(&dragon.components, 5);
        assert_eq!((five.displacements.len(), five.edges), (26, 256));
    }

    #[test]
    fn hoppers_have_displacements_but_no_empty_board_moves() {
        let grasshopper = catalogue::lookup("g").and_then(|w| w.components()).unwrap();
        let g = movement_graph(&grasshopper, 8);
        assert_eq!(g.edges, 0);
        // Queen lines, distance 2..7: 8 directions × 6.
        assert_eq!(g.displacements.len(), 48);
        let kangaroo = catalogue::lookup("ka")
            .and_then(|w| w.components())
            .unwrap();
        assert_eq!(movement_graph(&kangaroo, 8).displacements.len(), 40);
        let mao = catalogue::lookup("mao")
            .and_then(|w| w.components())
            .unwrap();
        assert_eq!(movement_graph(&mao, 8).edges, 336);
    }
}
