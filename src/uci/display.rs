//! The text of Stockfish's `d` command, which engine authors read by eye: the board as ASCII
//! art, the FEN, the Zobrist key and the checking pieces. (`go perft N` prints
//! [`crate::perft::write_report`], the same text as `mateproof perft`.)

use crate::board::{fen::to_fen, Position, Square};

/// The lines `d` prints, in Stockfish's layout.
///
/// ```
/// use mateproof::board::Position;
/// let lines = mateproof::uci::display_lines(&Position::startpos());
/// assert_eq!(lines[1], " | r | n | b | q | k | b | n | r | 8");
/// assert!(lines.iter().any(|l| l == "Checkers: "));
/// ```
pub fn display_lines(pos: &Position) -> Vec<String> {
    const RULE: &str = " +---+---+---+---+---+---+---+---+";
    let mut lines = vec![RULE.to_owned()];
    for rank in (0..8u8).rev() {
        let mut row = String::from(" |");
        for file in 0..8u8 {
            let piece = Square::from_coords(file, rank).and_then(|sq| pos.piece_at(sq));
            row.push(' ');
            row.push(piece.map_or(' ', |p| p.char()));
            row.push_str(" |");
        }
        row.push_str(&format!(" {}", rank + 1));
        lines.push(row);
        lines.push(RULE.to_owned());
    }
    lines.push("   a   b   c   d   e   f   g   h".to_owned());
    lines.push(String::new());
    lines.push(format!("Fen: {}", to_fen(pos)));
    lines.push(format!("Key: {:016X}", pos.key()));
    let checkers: Vec<String> = pos
        .checkers()
        .into_iter()
        .map(|sq| sq.to_string())
        .collect();
    lines.push(format!("Checkers: {}", checkers.join(" ")));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Validation;

    #[test]
    fn board_fen_key_and_checkers() {
        let pos =
            Position::from_fen("4k3/8/8/8/1b6/8/8/4K3 w - - 3 40", Validation::Strict).unwrap();
        let lines = display_lines(&pos);
        assert_eq!(lines.len(), 17 + 1 + 1 + 3);
        assert_eq!(lines[1], " |   |   |   |   | k |   |   |   | 8");
        assert_eq!(lines[9], " |   | b |   |   |   |   |   |   | 4");
        assert_eq!(lines[15], " |   |   |   |   | K |   |   |   | 1");
        assert_eq!(lines[19], "Fen: 4k3/8/8/8/1b6/8/8/4K3 w - - 3 40");
        assert_eq!(lines[20], format!("Key: {:016X}", pos.key()));
        assert_eq!(lines[21], "Checkers: b4");
    }
}
