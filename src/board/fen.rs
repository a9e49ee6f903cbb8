//! FEN reading and writing. Reading yields a [`Setup`] (unvalidated); the caller chooses the
//! validation level. Four-field FENs (as in EPD and some GUIs) are accepted with clocks 0 1.

use super::{Castling, Color, Piece, Position, Setup, Square, Wing};

/// Why a FEN string could not be read.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ParseFenError {
    #[error("FEN has {0} field{s}; expected 4 to 6", s = if *.0 == 1 { "" } else { "s" })]
    FieldCount(usize),
    #[error("board field: {0}")]
    Board(String),
    #[error("side to move must be 'w' or 'b', found '{0}'")]
    Turn(String),
    #[error("castling field must be '-' or letters of KQkq, found '{0}'")]
    Castling(String),
    #[error("en-passant field must be '-' or a square on rank 3 or 6, found '{0}'")]
    EnPassant(String),
    #[error("{0} must be a non-negative number, found '{1}'")]
    Clock(&'static str, String),
}

/// The standard starting position.
pub const STARTPOS_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Parses the board field (`rnbqkbnr/pppppppp/8/…`).
pub fn parse_board(field: &str) -> Result<[Option<Piece>; 64], ParseFenError> {
    let mut board = [None; 64];
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return Err(ParseFenError::Board(format!(
            "{} ranks instead of 8",
            ranks.len()
        )));
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u8;
        for c in rank_text.chars() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 || d > 8 {
                    return Err(ParseFenError::Board(format!(
                        "bad empty-square count '{c}'"
                    )));
                }
                file += d as u8;
            } else if let Some(piece) = Piece::from_char(c) {
                let sq = Square::from_coords(file, rank).ok_or_else(|| too_long(rank))?;
                board[sq.index()] = Some(piece);
                file += 1;
            } else {
                return Err(ParseFenError::Board(format!("unknown piece letter '{c}'")));
            }
            if file > 8 {
                return Err(too_long(rank));
            }
        }
        if file != 8 {
            return Err(ParseFenError::Board(format!(
                "rank {} has {} squares instead of 8",
                rank + 1,
                file
            )));
        }
    }
    Ok(board)
}

fn too_long(rank: u8) -> ParseFenError {
    ParseFenError::Board(format!("rank {} has more than 8 squares", rank + 1))
}

/// Parses the first four FEN fields (as EPD has them) into a setup with clocks 0 and 1.
pub fn parse_fen_fields(
    board: &str,
    turn: &str,
    castling: &str,
    ep: &str,
) -> Result<Setup, ParseFenError> {
    let mut setup = Setup::empty();
    setup.board = parse_board(board)?;
    setup.turn = match turn {
        "w" => Color::White,
        "b" => Color::Black,
        _ => return Err(ParseFenError::Turn(turn.to_owned())),
    };
    setup.castling = parse_castling(castling)?;
    setup.ep_square = match ep {
        "-" => None,
        _ => match Square::from_ascii(ep.as_bytes()) {
            Some(sq) if sq.rank() == 2 || sq.rank() == 5 => Some(sq),
            _ => return Err(ParseFenError::EnPassant(ep.to_owned())),
        },
    };
    Ok(setup)
}

fn parse_castling(field: &str) -> Result<Castling, ParseFenError> {
    let mut rights = Castling::NONE;
    if field == "-" {
        return Ok(rights);
    }
    if field.is_empty() {
        return Err(ParseFenError::Castling(field.to_owned()));
    }
    for c in field.chars() {
        let (color, wing) = match c {
            'K' => (Color::White, Wing::KingSide),
            'Q' => (Color::White, Wing::QueenSide),
            'k' => (Color::Black, Wing::KingSide),
            'q' => (Color::Black, Wing::QueenSide),
            _ => return Err(ParseFenError::Castling(field.to_owned())),
        };
        if rights.has(color, wing) {
            return Err(ParseFenError::Castling(field.to_owned()));
        }
        rights.add(color, wing);
    }
    Ok(rights)
}

/// Parses a FEN of 4 to 6 whitespace-separated fields.
///
/// ```
/// use mateproof::board::{fen::parse_fen, Validation};
/// let pos = parse_fen("8/8/8/8/8/8/8/K1k5 w - - 0 1").unwrap().into_position(Validation::Strict).unwrap();
/// assert_eq!(mateproof::board::fen::to_fen(&pos), "8/8/8/8/8/8/8/K1k5 w - - 0 1");
/// ```
pub fn parse_fen(text: &str) -> Result<Setup, ParseFenError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if !(4..=6).contains(&fields.len()) {
        return Err(ParseFenError::FieldCount(fields.len()));
    }
    let mut setup = parse_fen_fields(fields[0], fields[1], fields[2], fields[3])?;
    if let Some(h) = fields.get(4) {
        setup.halfmove_clock = h
            .parse()
            .map_err(|_| ParseFenError::Clock("halfmove clock", (*h).to_owned()))?;
    }
    if let Some(f) = fields.get(5) {
        setup.fullmove_number = f
            .parse()
            .map_err(|_| ParseFenError::Clock("fullmove number", (*f).to_owned()))?;
    }
    Ok(setup)
}

/// The board field of a FEN.
pub fn board_to_fen(pos: &Position) -> String {
    board_field(|sq| pos.piece_at(sq))
}

/// The board field for whatever stands where `piece_at` says.
fn board_field(piece_at: impl Fn(Square) -> Option<Piece>) -> String {
    let mut s = String::with_capacity(72);
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            let piece = Square::from_coords(file, rank).and_then(&piece_at);
            match piece {
                Some(p) => {
                    if empty > 0 {
                        s.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    s.push(p.char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s
}

/// The first four FEN fields (EPD's position part).
pub fn to_epd_position(pos: &Position) -> String {
    setup_to_epd_position(&Setup::from_position(pos))
}

/// The first four FEN fields of a setup, legal or not, with its e.p. square as given (an EPD
/// writer must give back what it read).
pub fn setup_to_epd_position(setup: &Setup) -> String {
    format!(
        "{} {} {} {}",
        board_field(|sq| setup.piece_at(sq)),
        setup.turn.char(),
        setup.castling.to_fen(),
        setup
            .ep_square
            .map_or_else(|| "-".to_owned(), |sq| sq.to_string())
    )
}

/// A full six-field FEN. The e.p. square is written only when a pawn could capture there.
pub fn to_fen(pos: &Position) -> String {
    format!(
        "{} {} {}",
        to_epd_position(pos),
        pos.halfmove_clock(),
        pos.fullmove_number()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Validation;

    #[test]
    fn round_trips() {
        for fen in [
            STARTPOS_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "8/8/8/8/8/8/8/K1k5 b - - 99 150",
        ] {
            let pos = parse_fen(fen)
                .unwrap()
                .into_position(Validation::Strict)
                .unwrap();
            assert_eq!(to_fen(&pos), fen);
        }
    }

    #[test]
    fn four_fields_get_default_clocks() {
        let pos = parse_fen("8/8/8/8/8/8/8/K1k5 w - -")
            .unwrap()
            .into_position(Validation::Strict)
            .unwrap();
        assert_eq!(to_fen(&pos), "8/8/8/8/8/8/8/K1k5 w - - 0 1");
    }

    #[test]
    fn unusable_ep_square_is_dropped_from_output() {
        // Legal e.p. square but no black pawn can capture: written as '-'.
        let pos = parse_fen("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1")
            .unwrap()
            .into_position(Validation::Strict)
            .unwrap();
        assert_eq!(to_fen(&pos), "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
    }

    #[test]
    fn every_syntax_error_is_reported() {
        let err = |fen: &str| parse_fen(fen).unwrap_err();
        assert_eq!(err("8/8/8 w"), ParseFenError::FieldCount(2));
        assert_eq!(
            err("8/8/8/8/8/8/8/8 w - - 0 1 extra"),
            ParseFenError::FieldCount(7)
        );
        assert!(matches!(
            err("8/8/8/8/8/8/8 w - - 0 1"),
            ParseFenError::Board(_)
        ));
        assert!(matches!(
            err("9/8/8/8/8/8/8/8 w - - 0 1"),
            ParseFenError::Board(_)
        ));
        assert!(matches!(
            err("7/8/8/8/8/8/8/8 w - - 0 1"),
            ParseFenError::Board(_)
        ));
        assert!(matches!(
            err("pppppppppp/8/8/8/8/8/8/8 w - - 0 1"),
            ParseFenError::Board(_)
        ));
        assert!(matches!(
            err("x7/8/8/8/8/8/8/8 w - - 0 1"),
            ParseFenError::Board(_)
        ));
        assert_eq!(
            err("8/8/8/8/8/8/8/8 x - - 0 1"),
            ParseFenError::Turn("x".into())
        );
        assert_eq!(
            err("8/8/8/8/8/8/8/8 w KK - 0 1"),
            ParseFenError::Castling("KK".into())
        );
        assert_eq!(
            err("8/8/8/8/8/8/8/8 w X - 0 1"),
            ParseFenError::Castling("X".into())
        );
        assert_eq!(
            err("8/8/8/8/8/8/8/8 w - e4 0 1"),
            ParseFenError::EnPassant("e4".into())
        );
        assert_eq!(
            err("8/8/8/8/8/8/8/8 w - - x 1"),
            ParseFenError::Clock("halfmove clock", "x".into())
        );
        assert_eq!(
            err("8/8/8/8/8/8/8/8 w - - 0 -1"),
            ParseFenError::Clock("fullmove number", "-1".into())
        );
    }
}
