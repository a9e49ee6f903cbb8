//! Positions for the notation tests: every position of the perft and directmate suites, so
//! round trips meet castling, en passant, promotions and crowded boards without pasting FENs.

use crate::board::{fen::parse_fen_fields, Move, Position, Validation};
use std::path::PathBuf;

/// The FEN of `pos`, parsed leniently (problem positions may have promoted material).
pub(crate) fn pos(fen: &str) -> Position {
    Position::from_fen(fen, Validation::Lenient).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal move of `pos` with this UCI name.
pub(crate) fn by_uci(pos: &Position, uci: &str) -> Move {
    *pos.legal_moves().iter().find(|m| m.to_string() == uci).unwrap_or_else(|| panic!("{uci} is not legal in {pos:?}"))
}

/// Every position of `testsuites/perft/perftsuite.epd` and `testsuites/mates/dm1..dm5.epd`.
pub(crate) fn suite_positions() -> Vec<Position> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("testsuites");
    let files = ["perft/perftsuite.epd", "mates/dm1.epd", "mates/dm2.epd", "mates/dm3.epd", "mates/dm4.epd", "mates/dm5.epd"];
    let mut positions = Vec::new();
    for file in files {
        let path = root.join(file);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let fields: Vec<&str> = line.split_whitespace().take(4).collect();
            let [board, turn, castling, ep] = fields[..] else { panic!("{file}: short line {line}") };
            let setup = parse_fen_fields(board, turn, castling, ep).unwrap_or_else(|e| panic!("{line}: {e}"));
            positions.push(setup.into_position(Validation::Lenient).unwrap_or_else(|e| panic!("{line}: {e}")));
        }
    }
    assert!(positions.len() > 1500, "suites look truncated: {} positions", positions.len());
    positions
}
