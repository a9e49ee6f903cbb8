//! Seeded random positions for the classifier's brute-force tests (classify_brute,
//! classify_bounds): legal for both shakmaty and Mateproof, pawns off the back ranks.

use super::common::Rng;
use mateproof::board::{Position, Validation};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

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
