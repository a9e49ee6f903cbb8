//! Disjunctive sums of impartial chess games: several diagrams, each with its own piece; a move
//! is a move in exactly one of them. By the Sprague–Grundy theorem the sum's value is the
//! nim-sum (XOR) of the components' values, and a winning move is a move in one component g_k
//! to a position of value g_k ⊕ G (there is one whenever g_k ⊕ G < g_k, by the mex).
//!
//! Normal play only: misère sums are not nim-sums, and this module does not pretend otherwise.
//! It also reads the command line's sum notation, "king:5,3,2;rook:4,4;queen:3,3".

use super::grundy::{Play, Values};
use super::moveset::{Moveset, MovesetError};
use super::partition::{Partition, PartitionError, MAX_CELLS};

/// One component of a sum as written: a label (the piece's name) and its game.
#[derive(Clone, Debug)]
pub struct SumPart {
    pub label: String,
    pub moveset: Moveset,
    pub partition: Partition,
}

/// A winning move of a sum: in component `component` (0-based), by [down, right], to a
/// position of value `to_value`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SumMove {
    pub component: usize,
    pub down: usize,
    pub right: usize,
    pub to_value: u32,
}

/// Why a sum text cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SumError {
    #[error("--sum component {0} is empty; write components as piece:partition separated by ';'")]
    EmptyComponent(usize),
    #[error("--sum component {0}: {1}")]
    Piece(usize, MovesetError),
    #[error("--sum component {0}: {1}")]
    Partition(usize, PartitionError),
    #[error("--sum component {0} names no piece; write piece:partition or give --moveset, --leap, --ride or --yaml")]
    NoPiece(usize),
    #[error("the sum has {0} cells in all; at most {MAX_CELLS} are allowed")]
    TooLarge(u64),
}

/// Reads "king:5,3,2;rook:4,4". A component without "piece:" uses `default` (the command's
/// own moveset) if there is one; `custom` names one more piece besides the paper's seven
/// (a YAML piece, by its name).
pub fn parse_sum(
    text: &str,
    default: Option<(&str, &Moveset)>,
    custom: Option<(&str, &Moveset)>,
) -> Result<Vec<SumPart>, SumError> {
    let mut parts = Vec::new();
    let mut cells: u64 = 0;
    for (k, word) in text.split(';').enumerate() {
        let number = k + 1;
        let word = word.trim();
        if word.is_empty() {
            return Err(SumError::EmptyComponent(number));
        }
        let (label, moveset, diagram) = match word.split_once(':') {
            Some((name, diagram)) => {
                let name = name.trim();
                let moveset = match custom {
                    Some((custom_name, set)) if custom_name.eq_ignore_ascii_case(name) => {
                        set.clone()
                    }
                    _ => Moveset::named(name).map_err(|e| SumError::Piece(number, e))?,
                };
                (name.to_ascii_lowercase(), moveset, diagram)
            }
            None => match default {
                Some((name, set)) => (name.to_owned(), set.clone(), word),
                None => return Err(SumError::NoPiece(number)),
            },
        };
        let partition = Partition::parse(diagram).map_err(|e| SumError::Partition(number, e))?;
        cells += partition.cells() as u64;
        if cells > MAX_CELLS {
            return Err(SumError::TooLarge(cells));
        }
        parts.push(SumPart {
            label,
            moveset,
            partition,
        });
    }
    Ok(parts)
}

/// The nim-sum of the components' normal-play values.
pub fn nim_sum(components: &[Values]) -> u32 {
    components.iter().fold(0, |acc, v| acc ^ v.grundy())
}

/// A winning move of the sum, or `None` when the sum is a 𝒫-position. Of the possible moves,
/// the one in the first component that has one, and there the first in row-major order.
///
/// ```
/// use mateproof::impartial::{sums, Moveset, Partition, Values};
/// let rook = Moveset::named("rook").unwrap();
/// // Rook on (4,4) is Nim with heaps 1 and 3, value 2; on (2,2) heaps 1 and 1, value 0.
/// // The key evens the heaps of (4,4): two columns right.
/// let games = [Values::solve(&"4,4".parse().unwrap(), &rook),
///              Values::solve(&"2,2".parse().unwrap(), &rook)];
/// let key = sums::winning_move(&games).unwrap();
/// assert_eq!((key.component, key.down, key.right), (0, 0, 2));
/// ```
pub fn winning_move(components: &[Values]) -> Option<SumMove> {
    let total = nim_sum(components);
    if total == 0 {
        return None;
    }
    components.iter().enumerate().find_map(|(k, game)| {
        let target = game.grundy() ^ total;
        if target >= game.grundy() {
            return None;
        }
        let (down, right) = *game.moves_to_value(target, Play::Normal).first()?;
        Some(SumMove {
            component: k,
            down,
            right,
            to_value: target,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_parse_with_and_without_names() {
        let king = Moveset::named("king").unwrap();
        let parts = parse_sum("king:5,3,2; rook:4,4;3,3", Some(("king", &king)), None).unwrap();
        assert_eq!(parts.len(), 3);
        assert_eq!(parts[1].label, "rook");
        assert_eq!(parts[2].partition.to_string(), "3,3");
        assert_eq!(
            parse_sum("3,3", None, None).unwrap_err(),
            SumError::NoPiece(1)
        );
        assert_eq!(
            parse_sum("king:3;;rook:2", None, None).unwrap_err(),
            SumError::EmptyComponent(2)
        );
        assert!(matches!(
            parse_sum("dragon:3", None, None),
            Err(SumError::Piece(1, MovesetError::UnknownPiece(_)))
        ));
        assert!(matches!(
            parse_sum("king:3;rook:2,x", None, None),
            Err(SumError::Partition(2, PartitionError::BadPart(_)))
        ));
        assert_eq!(
            parse_sum("king:60000;rook:50000", None, None).unwrap_err(),
            SumError::TooLarge(110_000)
        );
    }

    #[test]
    fn a_winning_move_zeroes_the_nim_sum() {
        let parts = parse_sum("king:5,3,2;rook:4,4;queen:3,3", None, None).unwrap();
        let games: Vec<Values> = parts
            .iter()
            .map(|p| Values::solve(&p.partition, &p.moveset))
            .collect();
        let total = nim_sum(&games);
        assert_ne!(total, 0);
        let key = winning_move(&games).unwrap();
        let after = games[key.component].at(key.down, key.right, Play::Normal);
        assert_eq!(after, key.to_value);
        assert_eq!(total ^ games[key.component].grundy() ^ after, 0);
    }
}
