//! Popeye's side of a fairy position: a position from Popeye's piece lists (codes of any of
//! the three languages, resolved through [`crate::pieces::catalogue`]), each fairy walk under
//! a FEN letter of its own and promotable, as Popeye promotes to every walk present; and a
//! move in Popeye's notation (`AMa4-e4`, `Kg5*h4`, `b7-b8=AM`, `0-0`, `e5*d6 ep.`).

use super::moves::FairyMove;
use super::position::FairyPosition;
use super::walks::{Walks, PAWN};
use crate::board::{Color, Square};
use crate::pieces::catalogue::{self, Walk};
use std::sync::Arc;

/// FEN letters the fairy walks of a Popeye problem get, in order of appearance.
const LETTERS: &str = "ACDEFGHIJLMOSTUVWXYZ";

/// A fairy position from Popeye's men: `(colour, code, square)`; White to move unless
/// `black_to_move`; castling where king and rook stand at home unless `no_castling`.
pub fn from_popeye_men(
    men: &[(Color, &str, Square)],
    black_to_move: bool,
    no_castling: bool,
) -> Result<FairyPosition, String> {
    let mut walks = Vec::new();
    for &(color, code, sq) in men {
        let walk = catalogue::lookup(code).ok_or_else(|| format!("unknown piece code '{code}'"))?;
        walks.push((color, walk, sq));
    }
    let rights = if no_castling { "-" } else { "KQkq" };
    from_catalogue_men(&walks, black_to_move, rights)
}

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
    FairyPosition::from_fen(&format!("{fen} {turn} {rights} -"), walks).map_err(|e| e.to_string())
}

/// Reads Popeye's piece list in English (`White Kg2 SEc4 Rb8d8 Black Kd1 Pb7`): a colour
/// word, then tokens of a code and one or more squares; a token of odd length has a
/// one-letter code, of even length a two-letter one (`rb8d8` is two rooks, `seb4` a senora).
pub fn parse_piece_list(text: &str) -> Result<Vec<(Color, String, Square)>, String> {
    let mut men = Vec::new();
    let mut color = None;
    for token in text.split_whitespace() {
        match token.to_ascii_lowercase().as_str() {
            "white" => color = Some(Color::White),
            "black" => color = Some(Color::Black),
            lower => {
                let color = color.ok_or_else(|| format!("'{token}' before White or Black"))?;
                let code_len = if lower.len() % 2 == 1 { 1 } else { 2 };
                if lower.len() < code_len + 2 || !lower.is_ascii() {
                    return Err(format!("'{token}' is not a piece and squares"));
                }
                let (code, squares) = lower.split_at(code_len);
                for pair in squares.as_bytes().chunks(2) {
                    let sq =
                        Square::from_ascii(pair).ok_or_else(|| format!("'{token}': bad square"))?;
                    men.push((color, code.to_owned(), sq));
                }
            }
        }
    }
    Ok(men)
}

/// Popeye's text of a legal move, without the check or mate sign.
pub fn popeye_move(pos: &FairyPosition, m: FairyMove) -> String {
    let walks = pos.walks();
    let Some((_, kind)) = pos.man_at(m.from()) else {
        return m.to_string();
    };
    if pos.is_castling(m) {
        return if m.to().file() > m.from().file() {
            "0-0"
        } else {
            "0-0-0"
        }
        .to_owned();
    }
    let code = |kind| {
        walks
            .info(kind)
            .popeye
            .clone()
            .unwrap_or_else(|| walks.info(kind).letter.to_string())
    };
    let mut text = if kind == PAWN {
        String::new()
    } else {
        code(kind)
    };
    let captures = pos.captured_kind(m).is_some();
    text += &format!("{}{}{}", m.from(), if captures { '*' } else { '-' }, m.to());
    if let Some(kind) = m.promotion().and_then(|l| walks.kind_of_letter(l)) {
        text += &format!("={}", code(kind));
    }
    if kind == PAWN && pos.man_at(m.to()).is_none() && captures {
        text += " ep.";
    }
    text
}
