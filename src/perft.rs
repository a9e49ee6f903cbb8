//! perft: counts the leaf nodes of the legal move tree to a fixed depth, the standard test of
//! a move generator. The last ply is counted in bulk (no moves made), as Stockfish does.

use crate::board::{Move, Position};

/// Leaf count of the move tree `depth` plies deep.
///
/// ```
/// use mateproof::{board::Position, perft::perft};
/// assert_eq!(perft(&Position::startpos(), 3), 8902);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => {
            let mut nodes = 0;
            for &m in pos.legal_moves().iter() {
                nodes += perft(&pos.after(m), depth - 1);
            }
            nodes
        }
    }
}

/// perft per root move (`divide`), in generation order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|&m| (m, perft(&pos.after(m), depth - 1)))
        .collect()
}
