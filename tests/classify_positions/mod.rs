//! What the classifier's brute-force tests (`tests/classify/`: brute, bounds,
//! game_rules, pruning) share: seeded random positions legal for both shakmaty and Mateproof,
//! and shakmaty's view of where a line ends (mate, stalemate, issue 13's dead position).

// Each test file uses its own part of this module.
#![allow(dead_code)]

use super::common::Rng;
use mateproof::board::{Position, Validation};
use shakmaty::fen::Fen;
use shakmaty::{Bitboard, CastlingMode, Chess, Position as _};

/// A random position of two kings and 1 to `most_others` other men (pawns off the back
/// ranks) that both shakmaty and Mateproof accept, as a FEN; `None` when the draw is illegal.
pub fn random_fen(rng: &mut Rng, most_others: usize) -> Option<String> {
    let mut board = ['.'; 64];
    let others = 1 + rng.below(most_others);
    let mut men = vec!['K', 'k'];
    for _ in 0..others {
        let letter = b"QRBNPP"[rng.below(6)] as char;
        men.push(if rng.below(2) == 0 {
            letter
        } else {
            letter.to_ascii_lowercase()
        });
    }
    for man in men {
        let square = loop {
            let sq = rng.below(64);
            let rank = sq / 8;
            if board[sq] == '.' && !(man.eq_ignore_ascii_case(&'p') && (rank == 0 || rank == 7)) {
                break sq;
            }
        };
        board[square] = man;
    }
    let rows: Vec<String> = (0..8)
        .rev()
        .map(|rank| {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..8 {
                match board[rank * 8 + file] {
                    '.' => empty += 1,
                    man => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push(man);
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            row
        })
        .collect();
    let side = if rng.below(2) == 0 { 'w' } else { 'b' };
    let fen = format!("{} {side} - - 0 1", rows.join("/"));
    let theirs: Chess = Fen::from_ascii(fen.as_bytes())
        .ok()?
        .into_position(CastlingMode::Standard)
        .ok()?;
    let _ = theirs;
    Position::from_fen(&fen, Validation::Strict).ok()?;
    Some(fen)
}

pub fn chess(fen: &str) -> Chess {
    Fen::from_ascii(fen.as_bytes())
        .expect("FEN")
        .into_position(CastlingMode::Standard)
        .expect("legal")
}

/// How a line ends, as the brute force sees it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum End {
    Mate(shakmaty::Color),
    Stalemate(shakmaty::Color),
    Dead,
}

/// Issue 13's dead position: bare kings, one knight, or bishops only, all on one colour.
pub fn is_dead(pos: &Chess) -> bool {
    let board = pos.board();
    let heavy = board.pawns() | board.rooks() | board.queens();
    if heavy.any() {
        return false;
    }
    let (knights, bishops) = (board.knights(), board.bishops());
    if (knights | bishops).count() <= 1 {
        return true;
    }
    knights.is_empty()
        && ((bishops & Bitboard::DARK_SQUARES).is_empty()
            || (bishops & Bitboard::LIGHT_SQUARES).is_empty())
}

pub fn end_of(pos: &Chess) -> Option<End> {
    end_with(pos, &pos.legal_moves())
}

/// The end at `pos`, whose legal moves are `moves`.
pub fn end_with(pos: &Chess, moves: &shakmaty::MoveList) -> Option<End> {
    if moves.is_empty() {
        Some(if pos.is_check() {
            End::Mate(pos.turn())
        } else {
            End::Stalemate(pos.turn())
        })
    } else if is_dead(pos) {
        Some(End::Dead)
    } else {
        None
    }
}
