//! The fairy position's fast paths against their definitions, on seeded random play from
//! random positions with Popeye's fairy pieces (riders, hoppers, lions, lame leapers, Chinese
//! pieces, compounds; pawns and castling). An attack is defined by the move generator alone
//! (the attacker could capture the king), not by the attack tables the fast paths read:
//! legality without playing the move equals "the opponent cannot take the king after it",
//! checks without playing it equal "the mover could take the king after it" (with and
//! without the prepared guard), being in check equals "the opponent could take the king", and the rules' shortcuts
//! (checking moves, a legal move exists, the king's moves, a killer's legality) equal what the
//! legal move list says. `MATEPROOF_SEED=<n>` reruns with another seed.

use crate::common;

use common::Rng;
use mateproof::board::Color;
use mateproof::board::Square;
use mateproof::cli::perft::fairy_game;
use mateproof::fairy::{from_catalogue_men, FairyMove, FairyPosition};
use mateproof::pieces::catalogue;
use mateproof::rules::Rules;
use std::sync::Arc;

const CODES: [&str; 39] = [
    "Q", "R", "B", "S", "G", "N", "LE", "PA", "VA", "MA", "MO", "LI", "RL", "BL", "NH", "RH", "BH",
    "KA", "SE", "AM", "EM", "PR", "WA", "CR", "ZR", "Z", "CA", "GI", "WE", "AL", "FE", "DA", "AN",
    "SQ", "OK", "BI", "GN", "P", "P",
];
const POSITIONS: usize = 500;
const PLIES: usize = 24;

/// The catalogue's walk of an English Popeye code of `CODES`.
fn walk(code: &str) -> &'static catalogue::Walk {
    catalogue::lookup(code).expect("every code of CODES is in the catalogue")
}

/// A random position with fairy pieces that the fairy board accepts.
fn random_position(rng: &mut Rng) -> FairyPosition {
    loop {
        let castling = rng.below(4) == 0;
        let mut used: Vec<Square> = Vec::new();
        let mut men = Vec::new();
        for color in [Color::White, Color::Black] {
            let home = if color == Color::White { 0 } else { 7 };
            if castling {
                for (code, file) in [("K", 4), ("R", 0), ("R", 7)] {
                    let sq = Square::from_coords(file, home).expect("on the board");
                    used.push(sq);
                    men.push((color, walk(code), sq));
                }
            }
            let count = if castling { 2 } else { 0 } + 3 + rng.below(6);
            for i in 0..count {
                let code = if i == 0 && !castling {
                    "K"
                } else {
                    CODES[rng.below(CODES.len())]
                };
                let sq = loop {
                    let sq = Square::new(rng.below(64) as u8);
                    let pawn_on_back_rank = code == "P" && (sq.rank() == 0 || sq.rank() == 7);
                    if !used.contains(&sq) && !pawn_on_back_rank {
                        break sq;
                    }
                };
                used.push(sq);
                men.push((color, walk(code), sq));
            }
        }
        let rights = if castling { "KQkq" } else { "" };
        if let Ok(pos) = from_catalogue_men(&men, rng.below(2) == 0, rights) {
            return pos;
        }
    }
}

/// The position's men and side to move, for failure messages.
fn describe(pos: &FairyPosition) -> String {
    let mut text = format!("{:?} to move:", pos.side_to_move());
    for sq in Square::all() {
        if let Some((color, kind)) = pos.man_at(sq) {
            let info = pos.walks().info(kind);
            let code = info
                .popeye
                .clone()
                .unwrap_or_else(|| info.letter.to_string());
            text += &format!(" {color:?} {code}{sq}");
        }
    }
    text
}

/// The definition of an attack by the generator alone (not the attack tables): the side to
/// move could capture the other king.
fn could_take_king(pos: &FairyPosition) -> bool {
    let king = pos.king_square(!pos.side_to_move());
    pos.pseudo_moves().iter().any(|m| m.to() == king)
}

/// True when the side to move is in check, by the definition.
fn in_check_by_definition(pos: &FairyPosition) -> bool {
    could_take_king(&pos.pass())
}

/// The definition of legality: pseudo-legal moves after which the opponent could not take
/// the king.
fn legal_by_playing(pos: &FairyPosition) -> Vec<FairyMove> {
    pos.pseudo_moves()
        .iter()
        .copied()
        .filter(|&m| !could_take_king(&pos.play(m)))
        .collect()
}

#[derive(Default)]
struct Seen {
    positions: usize,
    moves: usize,
    checks: usize,
    in_check: usize,
    mates: usize,
}

fn check_position(pos: &FairyPosition, rng: &mut Rng, seen: &mut Seen) {
    let at = describe(pos);
    let legal = legal_by_playing(pos);
    let fast: Vec<FairyMove> = pos.legal_moves().iter().copied().collect();
    assert_eq!(fast, legal, "legal moves of {at}");
    let guard = pos.check_info();
    let checks: Vec<FairyMove> = legal
        .iter()
        .copied()
        .filter(|&m| in_check_by_definition(&pos.play(m)))
        .collect();
    for &m in &legal {
        let checks_by_playing = checks.contains(&m);
        assert_eq!(pos.gives_check(m), checks_by_playing, "{m} checks? {at}");
        assert_eq!(
            pos.gives_check_with(&guard, m),
            checks_by_playing,
            "{m} checks? {at}"
        );
    }
    let fast_checks: Vec<FairyMove> = pos.checking_moves().iter().copied().collect();
    assert_eq!(fast_checks, checks, "checking moves of {at}");
    assert_eq!(
        pos.is_check(),
        in_check_by_definition(pos),
        "in check? {at}"
    );
    assert_eq!(
        pos.has_legal_move(),
        !legal.is_empty(),
        "a legal move in {at}"
    );
    let king = pos.king_square(pos.side_to_move());
    let king_moves = legal.iter().filter(|m| m.from() == king).count() as u32;
    assert_eq!(pos.king_move_count(), king_moves, "king moves of {at}");
    for &m in pos.pseudo_moves().iter() {
        assert_eq!(pos.is_legal(m), legal.contains(&m), "{m} legal? {at}");
    }
    for _ in 0..8 {
        let from = Square::new(rng.below(64) as u8);
        let m = FairyMove::new(from, Square::new(rng.below(64) as u8), None);
        assert_eq!(pos.is_legal(m), legal.contains(&m), "{m} legal? {at}");
    }
    seen.positions += 1;
    seen.moves += legal.len();
    seen.checks += checks.len();
    seen.in_check += usize::from(pos.is_check());
    seen.mates += usize::from(legal.is_empty() && pos.is_check());
}

#[test]
fn fast_legality_and_checks_equal_playing_the_move() {
    let (mut rng, seed) = Rng::from_env(0xfa1_f457);
    let mut seen = Seen::default();
    for _ in 0..POSITIONS {
        let mut pos = random_position(&mut rng);
        for _ in 0..PLIES {
            check_position(&pos, &mut rng, &mut seen);
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Checks half of the time, so play reaches positions in check and mates.
            let checks = pos.checking_moves();
            let m = if !checks.is_empty() && rng.below(2) == 0 {
                checks[rng.below(checks.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            pos = pos.play(m);
        }
    }
    eprintln!(
        "seed {seed}: {} positions, {} moves, {} checks, {} in check, {} mates",
        seen.positions, seen.moves, seen.checks, seen.in_check, seen.mates
    );
    assert!(
        seen.positions >= POSITIONS * 4,
        "too few positions: {}",
        seen.positions
    );
    assert!(
        seen.in_check >= 100,
        "too few positions in check: {}",
        seen.in_check
    );
    assert!(seen.mates >= 5, "too few mates: {}", seen.mates);
}

/// Sixteen amazons (`a=QN`) have more moves than an inline list holds (256): the lists grow,
/// and the count equals the amazons' queen and knight moves and the king's steps counted
/// square by square here. Black's king on h8 is walled in by a knight and three pawns, and no
/// amazon stands a knight's leap from it, so nothing attacks it and every move is legal.
#[test]
fn amazon_move_lists_never_overflow() {
    const AMAZONS: [&str; 16] = [
        "a3", "a4", "a8", "b2", "c6", "c7", "d1", "d7", "e1", "e4", "e5", "f1", "f8", "g1", "h3",
        "h6",
    ];
    let coords = |name: &str| {
        let sq = Square::from_ascii(name.as_bytes()).expect("a square");
        (i32::from(sq.file()), i32::from(sq.rank()))
    };
    let white: Vec<(i32, i32)> = AMAZONS.iter().map(|a| coords(a)).collect();
    let black: Vec<(i32, i32)> = ["g8", "h8", "g7", "h7"].iter().map(|a| coords(a)).collect();
    let mut board = [['.'; 8]; 8];
    for &(f, r) in &white {
        board[r as usize][f as usize] = 'A';
    }
    board[0][0] = 'K';
    for (&(f, r), man) in black.iter().zip(['n', 'k', 'p', 'p']) {
        board[r as usize][f as usize] = man;
    }
    let ranks: Vec<String> = board
        .iter()
        .rev()
        .map(|rank| rank.iter().collect())
        .collect();
    let placement = ranks.join("/");
    let placement = (1..=8).rev().fold(placement, |text, n| {
        text.replace(&".".repeat(n), &n.to_string())
    });
    let walks = Arc::new(fairy_game(&["a=QN".to_owned()]).expect("the amazon compiles"));
    let pos = FairyPosition::from_fen(&format!("{placement} w - - 0 1"), walks).expect("legal");

    let on_board = |f: i32, r: i32| (0..8).contains(&f) && (0..8).contains(&r);
    let own = |f: i32, r: i32| (f, r) == (0, 0) || white.contains(&(f, r));
    let mut expected = [(0, 1), (1, 0), (1, 1)]
        .iter()
        .filter(|&&(f, r)| !own(f, r))
        .count();
    for &(f, r) in &white {
        for (df, dr) in [
            (1, 2),
            (2, 1),
            (-1, 2),
            (-2, 1),
            (1, -2),
            (2, -1),
            (-1, -2),
            (-2, -1),
        ] {
            if on_board(f + df, r + dr) && !own(f + df, r + dr) {
                expected += 1;
            }
        }
        for (df, dr) in [
            (0, 1),
            (1, 0),
            (0, -1),
            (-1, 0),
            (1, 1),
            (1, -1),
            (-1, 1),
            (-1, -1),
        ] {
            let (mut tf, mut tr) = (f + df, r + dr);
            while on_board(tf, tr) && !own(tf, tr) {
                expected += 1;
                if black.contains(&(tf, tr)) {
                    break;
                }
                tf += df;
                tr += dr;
            }
        }
    }
    let moves = pos.legal_moves();
    assert!(moves.len() > 256, "only {} moves", moves.len());
    assert_eq!(moves.len(), expected);
    let distinct: std::collections::BTreeSet<String> =
        moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(distinct.len(), expected, "a move listed twice");
    assert_eq!(pos.count_legal_moves(), expected as u64);
    assert_eq!(pos.pseudo_moves().len(), expected);
}
