//! Popeye's side of a fairy position: a position from the men of Popeye's catalogue of walks
//! ([`crate::pieces::catalogue`]), each fairy walk under a FEN letter of its own and
//! promotable, as Popeye promotes to every walk present. Reading Popeye's piece lists and
//! writing moves in Popeye's notation is the Popeye front end's (`crate::popeye`).

use super::position::FairyPosition;
use super::walks::Walks;
use crate::board::{Color, Square};
use crate::pieces::catalogue::Walk;
use std::sync::Arc;

/// FEN letters the fairy walks of a Popeye problem get, in order of appearance.
const LETTERS: &str = "ACDEFGHIJLMOSTUVWXYZ";

/// A fairy position from men of the catalogue's walks; `castling` is FEN's field (a right
/// counts only where king and rook stand at home).
pub fn from_catalogue_men(
    men: &[(Color, &'static Walk, Square)],
    black_to_move: bool,
    castling: &str,
) -> Result<FairyPosition, String> {
    let mut extra = Vec::new();
    let mut board: Vec<(Color, char, Square)> = Vec::new();
    for &(color, walk, sq) in men {
        let code = walk.codes[0];
        let letter = match code {
            "k" => 'K',
            "p" => 'P',
            "q" => 'Q',
            "r" => 'R',
            "b" => 'B',
            "s" => 'N',
            _ => {
                let definition = walk
                    .definition()
                    .ok_or_else(|| format!("piece code '{code}' has no definition"))?;
                match extra.iter().position(|(_, d)| *d == definition) {
                    Some(i) => extra[i].0,
                    None => {
                        let letter = LETTERS
                            .chars()
                            .nth(extra.len())
                            .ok_or_else(|| "too many kinds of fairy piece".to_owned())?;
                        extra.push((letter, definition));
                        letter
                    }
                }
            }
        };
        board.push((color, letter, sq));
    }
    let walks = Arc::new(Walks::new(&extra).map_err(|e| e.to_string())?);
    let mut rows = vec![vec![None; 8]; 8];
    for (color, letter, sq) in board {
        let letter = match color {
            Color::White => letter,
            Color::Black => letter.to_ascii_lowercase(),
        };
        rows[usize::from(sq.rank())][usize::from(sq.file())] = Some(letter);
    }
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for cell in &rows[rank] {
            match cell {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        fen += &empty.to_string();
                        empty = 0;
                    }
                    fen.push(*c);
                }
            }
        }
        if empty > 0 {
            fen += &empty.to_string();
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    let turn = if black_to_move { "b" } else { "w" };
    let rights = if castling.is_empty() { "-" } else { castling };
    FairyPosition::from_popeye_fen(&format!("{fen} {turn} {rights} -"), walks)
        .map_err(|e| e.to_string())
}
