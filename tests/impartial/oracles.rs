//! The exact oracles I1–I10 of the theory digest (§2.13) for impartial chess on Young
//! diagrams, run against `mateproof::impartial`. Each test names the paper's statement (as the
//! digest reconstructs it) and checks it on every partition or family member up to the bound
//! the digest verified; the expected numbers are the digest's.

use mateproof::impartial::family::partitions_of as partitions;
// The paper's seven games in the digest's column order (D, Pawn, Knight, Bishop, King, Rook,
// Queen), which the Conway-pair table below follows.
use mateproof::impartial::moveset::NAMED as GAMES;
use mateproof::impartial::{Moveset, Partition, Play, Values};

fn solve(piece: &str, parts: &[u64]) -> Values {
    Values::solve(
        &Partition::new(parts).unwrap(),
        &Moveset::named(piece).unwrap(),
    )
}

fn rectangle(rows: u64, cols: u64) -> Vec<u64> {
    vec![cols; rows as usize]
}

fn staircase(n: u64) -> Vec<u64> {
    (1..=n).rev().collect()
}

/// GS(a, b, n): n steps, each b rows tall and a cells wide (Observation 2.2).
fn generalized_staircase(a: u64, b: u64, n: u64) -> Vec<u64> {
    (0..b * n).map(|i| a * (n - i / b)).collect()
}

/// A digest table of G on rectangles: row m − 1, column n − 1 holds G(n^m).
fn check_rectangles(piece: &str, table: &[[u32; 8]; 8]) {
    for (m, row) in (1..).zip(table) {
        for (n, &expected) in (1..).zip(row) {
            let g = solve(piece, &rectangle(m, n)).grundy();
            assert_eq!(g, expected, "{piece} on {n}^{m}");
        }
    }
}

/// Number of partitions of n (n = 1..=max) whose game has normal-play value 0.
fn p_counts(piece: &str, max: u64) -> Vec<usize> {
    (1..=max)
        .map(|n| {
            partitions(n)
                .iter()
                .filter(|p| solve(piece, p).grundy() == 0)
                .count()
        })
        .collect()
}

/// I1: King on rectangles, Theorem 3.8 (Berlekamp) and the digest's 8×8 table.
#[test]
fn i1_king_on_rectangles() {
    let table = [
        [0, 1, 0, 1, 0, 1, 0, 1],
        [1, 2, 3, 2, 3, 2, 3, 2],
        [0, 3, 0, 1, 0, 1, 0, 1],
        [1, 2, 1, 2, 3, 2, 3, 2],
        [0, 3, 0, 3, 0, 1, 0, 1],
        [1, 2, 1, 2, 1, 2, 3, 2],
        [0, 3, 0, 3, 0, 3, 0, 1],
        [1, 2, 1, 2, 1, 2, 1, 2],
    ];
    check_rectangles("king", &table);
    for m in 1..=24u64 {
        for n in 1..=24u64 {
            let expected = match (m % 2 == 0, n % 2 == 0) {
                (false, false) => 0,
                (true, true) => 2,
                // Exactly one side even: 1 if the even side is the longer, 3 if the shorter.
                (true, false) => {
                    if m > n {
                        1
                    } else {
                        3
                    }
                }
                (false, true) => {
                    if n > m {
                        1
                    } else {
                        3
                    }
                }
            };
            assert_eq!(
                solve("king", &rectangle(m, n)).grundy(),
                expected,
                "King on {n}^{m}"
            );
        }
    }
}

/// I2: Rook on rectangles is 2-pile Nim (Observation 3.15); the 𝒫-positions of Rook are the
/// partitions of Theorem 3.16 (all partitions up to 22 cells); the digest's 𝒫 counts.
#[test]
fn i2_rook_is_nim_on_rectangles_and_theorem_3_16() {
    for m in 1..=19u64 {
        for n in 1..=19u64 {
            let g = solve("rook", &rectangle(m, n)).grundy();
            assert_eq!(u64::from(g), (m - 1) ^ (n - 1), "Rook on {n}^{m}");
        }
    }
    let mut checked = 0;
    for size in 2..=22 {
        for parts in partitions(size) {
            let n = parts[0];
            let ell = parts.len() as u64;
            // λ₁ = ℓ = n, λ₂ = n and λ_k ≥ n − k + 2 for k = 2..n (1-based k).
            let predicted = n == ell
                && parts.get(1) == Some(&n)
                && (2..=n).all(|k| parts[k as usize - 1] + k >= n + 2);
            let p = solve("rook", &parts).grundy() == 0;
            assert_eq!(p, predicted, "Rook on {parts:?}");
            checked += 1;
        }
    }
    assert_eq!(checked, 4507 - 1, "every partition of 2..=22 cells");
    assert_eq!(
        p_counts("rook", 20),
        [1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0, 0, 1, 2, 1, 1, 0, 0, 1, 3]
    );
}

/// Wythoff's 𝒫-pairs (a_k, a_k + k), built greedily (a_k is the least number not yet used).
fn wythoff_pairs(limit: u64) -> Vec<(u64, u64)> {
    let mut used = vec![false; (3 * limit + 3) as usize];
    let mut pairs = Vec::new();
    for k in 0.. {
        let a = (0..).find(|&x| !used[x as usize]).unwrap();
        if a > limit {
            break;
        }
        used[a as usize] = true;
        used[(a + k) as usize] = true;
        pairs.push((a, a + k));
    }
    pairs
}

/// I3: Queen on rectangles is Wythoff's game (table and 𝒫-pairs); Lemma 3.22 (λ₁ ≥ 2ℓ or
/// ℓ ≥ 2λ₁ ⇒ 𝒩); Lemma 3.23 (λ ⊆ δ_n with n = max(λ₁, ℓ) ⇒ G = n − 1, Rook and Queen).
#[test]
fn i3_queen_is_wythoff_and_lemmas_3_22_3_23() {
    let table = [
        [0, 1, 2, 3, 4, 5, 6, 7],
        [1, 2, 0, 4, 5, 3, 7, 8],
        [2, 0, 1, 5, 3, 4, 8, 6],
        [3, 4, 5, 6, 2, 0, 1, 9],
        [4, 5, 3, 2, 7, 6, 9, 0],
        [5, 3, 4, 0, 6, 8, 10, 1],
        [6, 7, 8, 1, 9, 10, 3, 4],
        [7, 8, 6, 9, 0, 1, 4, 5],
    ];
    check_rectangles("queen", &table);
    let pairs = wythoff_pairs(40);
    for m in 1..=29u64 {
        for n in 1..=29u64 {
            let wythoff_p = pairs.contains(&(m - 1, n - 1)) || pairs.contains(&(n - 1, m - 1));
            let p = solve("queen", &rectangle(m, n)).grundy() == 0;
            assert_eq!(p, wythoff_p, "Queen on {n}^{m}");
        }
    }
    for size in 1..=20 {
        for parts in partitions(size) {
            let (first, ell) = (parts[0], parts.len() as u64);
            if size > 1 && (first >= 2 * ell || ell >= 2 * first) {
                assert_ne!(
                    solve("queen", &parts).grundy(),
                    0,
                    "Lemma 3.22 on {parts:?}"
                );
            }
        }
    }
    for size in 1..=16 {
        for parts in partitions(size) {
            let n = parts[0].max(parts.len() as u64);
            let inside_staircase = parts.iter().enumerate().all(|(i, &p)| p <= n - i as u64);
            if inside_staircase {
                for piece in ["rook", "queen"] {
                    let g = u64::from(solve(piece, &parts).grundy());
                    assert_eq!(g, n - 1, "Lemma 3.23, {piece} on {parts:?}");
                }
            }
        }
    }
    assert_eq!(
        p_counts("queen", 20),
        [1, 0, 0, 0, 0, 2, 0, 1, 0, 2, 0, 1, 0, 0, 0, 0, 2, 0, 3, 0]
    );
}

/// I4: King on staircases, Lemma 3.13 (G(δ_n) = (n − 1) mod 3), and on k-staircases with k
/// even, Lemma 3.14 (2 for one step, 1 for more); a row of the digest's GS table.
#[test]
fn i4_king_on_staircases() {
    for n in 1..=24u64 {
        let g = u64::from(solve("king", &staircase(n)).grundy());
        assert_eq!(g, (n - 1) % 3, "King on δ_{n}");
    }
    for k in [2, 4, 6, 8, 10] {
        for n in 1..=8 {
            let g = solve("king", &generalized_staircase(k, k, n)).grundy();
            assert_eq!(g, if n == 1 { 2 } else { 1 }, "King on GS({k},{k},{n})");
        }
    }
    let row: Vec<u32> = (1..=8)
        .map(|n| solve("king", &generalized_staircase(3, 5, n)).grundy())
        .collect();
    assert_eq!(row, [0, 3, 0, 1, 2, 2, 2, 0], "King on GS(3,5,n)");
}

fn t_pawn(parts: &[u64]) -> Vec<u64> {
    parts
        .iter()
        .enumerate()
        .filter(|&(i, &p)| p > i as u64)
        .map(|(i, &p)| p - i as u64)
        .collect()
}

fn t_knight(parts: &[u64]) -> Vec<u64> {
    let has = |i: u64, j: u64| parts.get(i as usize).is_some_and(|&p| p > j);
    let mut rows = Vec::new();
    for a in 0.. {
        let len = (0..).take_while(|&b| has(2 * a + b, a + 2 * b)).count() as u64;
        if len == 0 {
            break;
        }
        rows.push(len);
    }
    rows
}

/// I5: Pawn(λ) ≅ Downright(T_P(λ)) and Knight(λ) ≅ Downright(T_K(λ)) (§2.4): equal G and G⁻.
#[test]
fn i5_pawn_and_knight_reduce_to_downright() {
    assert_eq!(t_pawn(&[4, 3, 3, 1]), [4, 2, 1]);
    assert_eq!(t_pawn(&[5, 5, 5, 5]), [5, 4, 3, 2]);
    assert_eq!(t_knight(&[3, 3, 3]), [2, 1]);
    assert_eq!(t_knight(&[5, 5, 5, 5, 5]), [3, 2, 1]);
    assert_eq!(t_knight(&[4, 4, 4, 4]), [2, 2]);
    for size in 1..=16 {
        for parts in partitions(size) {
            for (piece, image) in [("pawn", t_pawn(&parts)), ("knight", t_knight(&parts))] {
                let game = solve(piece, &parts);
                let downright = solve("downright", &image);
                assert_eq!(
                    (game.grundy(), game.misere()),
                    (downright.grundy(), downright.misere()),
                    "{piece} on {parts:?} vs downright on {image:?}"
                );
            }
        }
    }
}

/// (down, right) displacements.
type Vectors = Vec<(u64, u64)>;

/// The games' movesets (leaps, rides) as the test spells them, for terminal tests and heights
/// made without the library.
fn vectors(piece: &str) -> (Vectors, Vectors) {
    match piece {
        "downright" => (vec![(1, 0), (0, 1)], vec![]),
        "pawn" => (vec![(0, 1), (1, 1)], vec![]),
        "knight" => (vec![(1, 2), (2, 1)], vec![]),
        "king" => (vec![(1, 0), (0, 1), (1, 1)], vec![]),
        "bishop" => (vec![], vec![(1, 1)]),
        "rook" => (vec![], vec![(1, 0), (0, 1)]),
        "queen" => (vec![], vec![(1, 0), (0, 1), (1, 1)]),
        _ => unreachable!(),
    }
}

/// λ^T (Definition 4.1): every cell whose subposition is terminal deleted; `None` if the rest is
/// not a diagram.
fn truncation(piece: &str, parts: &[u64]) -> Option<Vec<u64>> {
    let (leaps, rides) = vectors(piece);
    let has = |i: u64, j: u64| parts.get(i as usize).is_some_and(|&p| p > j);
    // A ride's first step is a move exactly when the ride has any move.
    let terminal = |i: u64, j: u64| !leaps.iter().chain(&rides).any(|&(a, b)| has(i + a, j + b));
    let mut rows = Vec::new();
    for (i, &p) in parts.iter().enumerate() {
        let kept: Vec<u64> = (0..p).filter(|&j| !terminal(i as u64, j)).collect();
        // Left-justified: the kept cells of a row are a prefix.
        if kept.iter().enumerate().any(|(k, &j)| j != k as u64) {
            return None;
        }
        if !kept.is_empty() {
            rows.push(kept.len() as u64);
        }
    }
    Some(rows)
}

/// I6: Theorem 4.4 (a non-terminal λ is a misère 𝒫-position iff λ^T is a normal 𝒫-position),
/// all seven games up to 14 cells; Corollary 4.5 (λ^T = λ⁻ when (1,0) and (0,1) are moves).
#[test]
fn i6_misere_by_truncation() {
    for size in 2..=14 {
        for parts in partitions(size) {
            for piece in GAMES {
                let game = solve(piece, &parts);
                if game.is_terminal(0, 0) {
                    continue;
                }
                let truncated = truncation(piece, &parts)
                    .unwrap_or_else(|| panic!("{piece} on {parts:?}: λ^T is no diagram"));
                let normal_p = solve(piece, &truncated).grundy() == 0;
                assert_eq!(
                    game.misere() == 0,
                    normal_p,
                    "{piece} on {parts:?}, λ^T = {truncated:?}"
                );
                if ["downright", "king", "rook", "queen"].contains(&piece) {
                    let minus: Vec<u64> = parts
                        .iter()
                        .enumerate()
                        .map(|(i, &p)| p - u64::from(p > parts.get(i + 1).copied().unwrap_or(0)))
                        .filter(|&p| p > 0)
                        .collect();
                    assert_eq!(truncated, minus, "Cor. 4.5, {piece} on {parts:?}");
                }
            }
        }
    }
}

/// I7: Bishop is one Nim heap: G = d(λ) − 1 (d the Durfee length).
#[test]
fn i7_bishop_is_durfee_minus_one() {
    for size in 1..=15 {
        for parts in partitions(size) {
            let durfee = parts
                .iter()
                .enumerate()
                .filter(|&(i, &p)| p > i as u64)
                .count();
            let game = solve("bishop", &parts);
            assert_eq!(game.grundy() as usize, durfee - 1, "Bishop on {parts:?}");
        }
    }
}

/// λ⁺: λ with every addable cell added (one more cell at the end of each row that can take
/// one, and a new row of one cell).
fn with_outer_corners(parts: &[u64]) -> Vec<u64> {
    let mut out = Vec::with_capacity(parts.len() + 1);
    for (i, &p) in parts.iter().enumerate() {
        out.push(if i == 0 || parts[i - 1] > p { p + 1 } else { p });
    }
    out.push(1);
    out
}

/// LCTR (remove the top row or the left column; ∅ is terminal) by plain recursion.
fn lctr(parts: &[u64], memo: &mut std::collections::HashMap<Vec<u64>, u32>) -> u32 {
    if parts.is_empty() {
        return 0;
    }
    if let Some(&g) = memo.get(parts) {
        return g;
    }
    let without_row = parts[1..].to_vec();
    let without_column: Vec<u64> = parts.iter().filter(|&&p| p > 1).map(|p| p - 1).collect();
    let options = [lctr(&without_row, memo), lctr(&without_column, memo)];
    let g = (0..).find(|v| !options.contains(v)).unwrap();
    memo.insert(parts.to_vec(), g);
    g
}

/// I8: LCTR's losing partitions are counted by OEIS A373457 (digest §2.12). LCTR's normal-play
/// outcome on λ is Downright's on λ⁺ (λ with its outer corners added: the added cells are
/// terminal and play the part of ∅); the test checks that bridge against a direct LCTR
/// recursion, then counts with the library's Downright.
#[test]
fn i8_lctr_is_a373457() {
    let a373457: [usize; 30] = [
        0, 0, 1, 3, 3, 4, 7, 11, 12, 17, 24, 34, 40, 54, 73, 100, 125, 164, 208, 270, 337, 428,
        534, 673, 828, 1033, 1276, 1584, 1938, 2385,
    ];
    let mut memo = std::collections::HashMap::new();
    for size in 1..=16 {
        for parts in partitions(size) {
            let direct_p = lctr(&parts, &mut memo) == 0;
            let bridged_p = solve("downright", &with_outer_corners(&parts)).grundy() == 0;
            assert_eq!(direct_p, bridged_p, "LCTR on {parts:?}");
        }
    }
    let counts: Vec<usize> = (1..=30)
        .map(|n| {
            partitions(n)
                .iter()
                .filter(|p| solve("downright", &with_outer_corners(p)).grundy() == 0)
                .count()
        })
        .collect();
    assert_eq!(counts, a373457);
}

/// I9: the digest's table of Conway pairs (G, G⁻) for every game, and the 𝒫 counts by size.
#[test]
fn i9_conway_pairs_and_p_counts() {
    // Rows: λ, then (G, G⁻) for D, Pawn, Knight, Bishop, King, Rook, Queen.
    type ConwayRow<'a> = (&'a [u64], [(u32, u32); 7]);
    let table: [ConwayRow; 12] = [
        (&[1], [(0, 1); 7]),
        (
            &[2, 2],
            [(0, 1), (1, 0), (0, 1), (1, 0), (2, 2), (0, 1), (2, 2)],
        ),
        (
            &[3, 3],
            [(1, 0), (0, 1), (1, 0), (1, 0), (3, 3), (3, 3), (0, 1)],
        ),
        (
            &[3, 3, 2],
            [(1, 0), (0, 1), (1, 0), (1, 0), (0, 1), (0, 1), (0, 1)],
        ),
        (
            &[3, 3, 3],
            [(0, 1), (0, 1), (1, 0), (2, 2), (0, 0), (0, 0), (1, 0)],
        ),
        (
            &[4, 2, 1, 1],
            [(0, 0), (1, 0), (0, 1), (1, 0), (1, 0), (3, 3), (3, 3)],
        ),
        (
            &[5, 3, 2, 2],
            [(2, 1), (0, 1), (1, 0), (1, 0), (3, 3), (4, 4), (4, 4)],
        ),
        (
            &[5, 5, 5, 1],
            [(0, 1), (0, 1), (2, 2), (2, 2), (3, 0), (6, 6), (3, 3)],
        ),
        (
            &[5, 4, 4, 4],
            [(0, 1), (1, 0), (0, 1), (3, 3), (2, 2), (4, 0), (6, 6)],
        ),
        (
            &[4, 4, 4, 1],
            [(1, 0), (1, 0), (1, 0), (2, 2), (1, 1), (1, 4), (5, 5)],
        ),
        (
            &[6, 6, 6, 6],
            [(0, 1), (1, 0), (0, 1), (3, 3), (2, 2), (6, 6), (0, 0)],
        ),
        (
            &[8; 8],
            [(0, 1), (1, 0), (0, 1), (7, 7), (2, 2), (0, 0), (5, 5)],
        ),
    ];
    for (parts, pairs) in table {
        for (piece, expected) in GAMES.iter().zip(pairs) {
            let game = solve(piece, parts);
            assert_eq!(
                (game.grundy(), game.misere()),
                expected,
                "{piece} on {parts:?}"
            );
        }
    }
    let counts = [
        (
            "downright",
            [
                1, 0, 2, 1, 5, 3, 8, 7, 16, 15, 27, 30, 49, 54, 80, 95, 136, 161, 219, 265,
            ],
        ),
        (
            "pawn",
            [
                1, 1, 2, 2, 3, 4, 6, 8, 12, 17, 24, 33, 45, 60, 80, 104, 135, 173, 221, 279,
            ],
        ),
        (
            "knight",
            [
                1, 2, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 30, 33, 38, 45, 57,
            ],
        ),
        (
            "king",
            [
                1, 0, 2, 0, 3, 0, 6, 3, 12, 7, 20, 15, 36, 31, 60, 54, 95, 90, 149, 149,
            ],
        ),
    ];
    for (piece, expected) in counts {
        assert_eq!(p_counts(piece, 20), expected, "{piece}");
    }
    let bishop: Vec<usize> = (1..=20)
        .map(|n| {
            partitions(n)
                .iter()
                .filter(|p| p.len() == 1 || p[1] == 1)
                .count()
        })
        .collect();
    assert_eq!(p_counts("bishop", 20), bishop, "Bishop: 𝒫 exactly on hooks");
}

/// Longest directed path from the origin, counted in moves (ht of D_M(λ)).
fn height(piece: &str, parts: &[u64]) -> u32 {
    let (leaps, rides) = vectors(piece);
    let has = |i: u64, j: u64| parts.get(i as usize).is_some_and(|&p| p > j);
    let mut memo = std::collections::HashMap::new();
    fn walk(
        cell: (u64, u64),
        next: &dyn Fn((u64, u64)) -> Vec<(u64, u64)>,
        memo: &mut std::collections::HashMap<(u64, u64), u32>,
    ) -> u32 {
        if let Some(&h) = memo.get(&cell) {
            return h;
        }
        let h = next(cell)
            .into_iter()
            .map(|t| 1 + walk(t, next, memo))
            .max()
            .unwrap_or(0);
        memo.insert(cell, h);
        h
    }
    let next = |(i, j): (u64, u64)| {
        let mut out: Vec<(u64, u64)> = leaps
            .iter()
            .filter(|&&(a, b)| has(i + a, j + b))
            .map(|&(a, b)| (i + a, j + b))
            .collect();
        for &(a, b) in &rides {
            let mut k = 1;
            while has(i + k * a, j + k * b) {
                out.push((i + k * a, j + k * b));
                k += 1;
            }
        }
        out
    };
    walk((0, 0), &next, &mut memo)
}

/// I10: Proposition 3.6, G(λ) ≤ ht(D_M(λ)), every game up to 14 cells; for Rook and Queen on
/// λ ⊆ δ_n, ht = n − 1.
#[test]
fn i10_grundy_at_most_the_height() {
    for size in 1..=14 {
        for parts in partitions(size) {
            for piece in GAMES {
                let g = solve(piece, &parts).grundy();
                let h = height(piece, &parts);
                assert!(g <= h, "{piece} on {parts:?}: G {g} > ht {h}");
            }
        }
    }
    for n in 1..=12u64 {
        for piece in ["rook", "queen"] {
            assert_eq!(u64::from(height(piece, &staircase(n))), n - 1);
        }
    }
}

/// The grid of the digest's worked example: King on (3,3,3) is a (0,0)-position and its
/// diagonal step leads to the (2,2)-position (2,2); every cell agrees with a fresh solve of
/// its own subpartition.
#[test]
fn every_cell_is_its_subpartitions_value() {
    for parts in [
        vec![5u64, 3, 2, 2],
        vec![6, 6, 4, 4, 4],
        vec![7, 5, 5, 2, 1],
    ] {
        for piece in GAMES {
            let whole = solve(piece, &parts);
            let p = whole.partition().clone();
            for i in 0..p.rows() {
                for j in 0..p.row_len(i) as usize {
                    let sub = Values::solve(&p.sub(i, j), whole.moveset());
                    assert_eq!(whole.at(i, j, Play::Normal), sub.grundy());
                    assert_eq!(whole.at(i, j, Play::Misere), sub.misere());
                }
            }
        }
    }
    let king = solve("king", &[3, 3, 3]);
    assert_eq!(king.at(1, 1, Play::Normal), 2);
}
