//! Positions for the notation tests: every position of the perft and directmate suites, so
//! round trips meet castling, en passant, promotions and crowded boards without pasting FENs.

use crate::board::{Move, Position, Validation};
use crate::formats::epd::parse_lines;
use crate::reference::{shared_text, POSITION_SUITES};

/// The FEN of `pos`, parsed leniently (problem positions may have promoted material).
pub(crate) fn pos(fen: &str) -> Position {
    Position::from_fen(fen, Validation::Lenient).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal move of `pos` with this UCI name.
pub(crate) fn by_uci(pos: &Position, uci: &str) -> Move {
    *pos.legal_moves()
        .iter()
        .find(|m| m.to_string() == uci)
        .unwrap_or_else(|| panic!("{uci} is not legal in {pos:?}"))
}

/// Every position of the shared `suites/perftsuite.epd` and `suites/dm1..dm5.epd` (`None`: the
/// shared reference data is absent and the test skips).
pub(crate) fn suite_positions() -> Option<Vec<Position>> {
    let mut positions = Vec::new();
    for file in POSITION_SUITES {
        let text = shared_text(file)?;
        for (line, epd) in parse_lines(&text) {
            let epd = epd.unwrap_or_else(|e| panic!("{file}:{line}: {e}"));
            let position = epd.position(Validation::Lenient);
            positions.push(position.unwrap_or_else(|e| panic!("{file}:{line}: {e}")));
        }
    }
    assert!(
        positions.len() > 1500,
        "suites look truncated: {} positions",
        positions.len()
    );
    Some(positions)
}
