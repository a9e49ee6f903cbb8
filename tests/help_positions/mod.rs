//! What the help-play brute-force tests (`tests/help/`: brute, goal_reach) share: seeded random
//! positions legal for shakmaty, with or without castling rights, and shakmaty's moves.

// Each test file uses its own part of this module.
#![allow(dead_code)]

use super::common::Rng;
use mateproof::board::Position;
use mateproof::help::{search_lines, Plan};
use mateproof::kernel::SearchControl;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position as _};
use std::collections::BTreeSet;

/// A random legal position with both kings and `extra` more men, `turn` to move.
pub fn random_fen(rng: &mut Rng, extra: usize, black_to_move: bool) -> Option<String> {
    let men = ['Q', 'R', 'B', 'N', 'P', 'q', 'r', 'b', 'n', 'p'];
    let chosen: Vec<char> = (0..extra).map(|_| men[rng.below(men.len())]).collect();
    random_fen_of(rng, &chosen, black_to_move)
}

/// A random legal position with both kings and the men `men` (FEN letters) on random squares.
pub fn random_fen_of(rng: &mut Rng, men: &[char], black_to_move: bool) -> Option<String> {
    random_setup(rng, &[], men, black_to_move, "-")
}

/// A random legal position with the men `fixed` on their squares (0 = a1 … 63 = h8), both
/// kings (unless fixed) and the men `men` on random squares, the `castling` field of a FEN;
/// `None` where shakmaty refuses it or the side to move has no move.
pub fn random_setup(
    rng: &mut Rng,
    fixed: &[(char, usize)],
    men: &[char],
    black_to_move: bool,
    castling: &str,
) -> Option<String> {
    let mut board = [None; 64];
    for &(c, sq) in fixed {
        board[sq] = Some(c);
    }
    let mut place = |c: char, rng: &mut Rng| loop {
        let sq = rng.below(64);
        let rank = sq / 8;
        if board[sq].is_none() && !(c.eq_ignore_ascii_case(&'p') && (rank == 0 || rank == 7)) {
            board[sq] = Some(c);
            return;
        }
    };
    for king in ['K', 'k'] {
        if !fixed.iter().any(|&(c, _)| c == king) {
            place(king, rng);
        }
    }
    for &c in men {
        place(c, rng);
    }
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                Some(c) => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    let turn = if black_to_move { 'b' } else { 'w' };
    fen.push_str(&format!(" {turn} {castling} - 0 1"));
    let chess: Chess = fen
        .parse::<Fen>()
        .ok()?
        .into_position(CastlingMode::Standard)
        .ok()?;
    // Both sides need moves to make the play interesting; the side not to move is not in
    // check (shakmaty's validation).
    (!chess.legal_moves().is_empty()).then_some(fen)
}

/// The shakmaty position of a FEN made here.
pub fn chess_of(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

/// The position after the legal move `m`.
pub fn after(pos: &Chess, m: &shakmaty::Move) -> Chess {
    let mut next = pos.clone();
    next.play_unchecked(*m);
    next
}

/// A move in UCI notation, as Mateproof prints its moves.
pub fn uci(m: &shakmaty::Move) -> String {
    m.to_uci(CastlingMode::Standard).to_string()
}

/// The lines `search_lines` finds from `pos` under `plan` (all of them: it must complete),
/// moves in UCI, passes written `0000`.
pub fn searched_lines(pos: &Position, plan: &Plan) -> BTreeSet<String> {
    let found = search_lines(pos, plan, &Default::default(), &SearchControl::unlimited());
    assert!(found.complete);
    found
        .lines
        .iter()
        .map(|line| {
            let moves: Vec<String> = line
                .iter()
                .map(|m| {
                    if m.is_null() {
                        "0000".to_owned()
                    } else {
                        m.to_string()
                    }
                })
                .collect();
            moves.join(" ")
        })
        .collect()
}
