//! Reading UCI moves (`e2e4`, `e7e8q`, `e1g1`, `0000`) against a position. Writing is
//! [`Move`]'s `Display`.
//!
//! UCI names a move by its squares, so the only knowledge needed is which legal move those
//! squares mean: castling is the king's two-square move (the king-takes-rook form `e1h1` of
//! Chess960 GUIs is accepted too), and a promotion needs its piece letter.

use super::{Notation, ParseMoveError};
use crate::board::{Move, MoveKind, Position, Role, Square};

/// Parses a UCI move and returns the legal move of `pos` it names.
///
/// The null move `0000` is returned as [`Move::NULL`] when the side to move is not in check
/// (passing out of check is no move at all). Promotion letters may be of either case.
///
/// ```
/// use mateproof::board::{Position, Validation};
/// use mateproof::notation::{parse_uci, ParseMoveError};
/// let pos = Position::startpos();
/// assert_eq!(parse_uci(&pos, "g1f3").unwrap().to_string(), "g1f3");
/// assert!(matches!(parse_uci(&pos, "e2e5"), Err(ParseMoveError::Illegal { .. })));
/// assert!(matches!(parse_uci(&pos, "e2"), Err(ParseMoveError::Syntax { .. })));
/// ```
pub fn parse_uci(pos: &Position, text: &str) -> Result<Move, ParseMoveError> {
    let syntax = |reason| ParseMoveError::syntax(Notation::Uci, text, reason);
    if text == "0000" {
        return if pos.is_check() {
            Err(ParseMoveError::illegal(Notation::Uci, text))
        } else {
            Ok(Move::NULL)
        };
    }
    let bytes = text.as_bytes();
    let (squares, promotion) = match bytes {
        [squares @ .., p] if bytes.len() == 5 => {
            let role = Role::from_char(char::from(*p))
                .filter(|r| Role::PROMOTIONS.contains(r))
                .ok_or_else(|| syntax("the fifth letter must be q, r, b or n"))?;
            (squares, Some(role))
        }
        _ if bytes.len() == 4 => (bytes, None),
        _ => {
            return Err(syntax(
                "expected four or five characters such as e2e4 or e7e8q",
            ))
        }
    };
    let from = Square::from_ascii(&squares[..2]).ok_or_else(|| syntax("bad origin square"))?;
    let to = Square::from_ascii(&squares[2..]).ok_or_else(|| syntax("bad destination square"))?;
    legal_by_squares(pos, from, to, promotion)
        .ok_or_else(|| ParseMoveError::illegal(Notation::Uci, text))
}

/// The legal move of `pos` from `from` to `to` with this promotion, if there is one.
fn legal_by_squares(
    pos: &Position,
    from: Square,
    to: Square,
    promotion: Option<Role>,
) -> Option<Move> {
    let king_takes_own_rook = pos
        .moved_piece(Move::normal(from, to))
        .is_some_and(|p| p.role == Role::King)
        && pos
            .piece_at(to)
            .is_some_and(|p| p.role == Role::Rook && p.color == pos.turn());
    pos.legal_moves().iter().copied().find(|&m| {
        m.from() == from
            && m.promotion() == promotion
            && (m.to() == to
                || (king_takes_own_rook && m.kind() == MoveKind::Castle && same_wing(m.to(), to)))
    })
}

/// True when the castling king's destination lies on the side of the rook square `rook`.
fn same_wing(king_to: Square, rook: Square) -> bool {
    (king_to.file() > 4) == (rook.file() > 4) && king_to.rank() == rook.rank()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Validation;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen, Validation::Strict).unwrap()
    }

    #[test]
    fn every_legal_move_round_trips() {
        for fen in [
            crate::board::STARTPOS_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        ] {
            let p = pos(fen);
            for &m in p.legal_moves().iter() {
                assert_eq!(parse_uci(&p, &m.to_string()), Ok(m), "{fen}: {m}");
            }
        }
    }

    #[test]
    fn castling_en_passant_and_promotions() {
        let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert_eq!(parse_uci(&p, "e1g1").unwrap().kind(), MoveKind::Castle);
        assert_eq!(parse_uci(&p, "e1c1").unwrap().kind(), MoveKind::Castle);
        assert_eq!(
            parse_uci(&p, "e1h1").unwrap().to_string(),
            "e1g1",
            "king takes rook"
        );
        assert_eq!(
            parse_uci(&p, "e1a1").unwrap().to_string(),
            "e1c1",
            "king takes rook"
        );
        let black = pos("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
        assert_eq!(parse_uci(&black, "e8a8").unwrap().to_string(), "e8c8");

        let ep = pos("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
        assert_eq!(parse_uci(&ep, "e5f6").unwrap().kind(), MoveKind::EnPassant);

        let promo = pos("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        for (text, role) in [
            ("a7b8q", Role::Queen),
            ("a7a8r", Role::Rook),
            ("a7b8B", Role::Bishop),
            ("a7a8n", Role::Knight),
        ] {
            assert_eq!(
                parse_uci(&promo, text).unwrap().promotion(),
                Some(role),
                "{text}"
            );
        }
        assert!(matches!(
            parse_uci(&promo, "a7a8"),
            Err(ParseMoveError::Illegal { .. })
        ));
        assert!(matches!(
            parse_uci(&promo, "a7a8k"),
            Err(ParseMoveError::Syntax { .. })
        ));
        assert!(matches!(
            parse_uci(&promo, "e1e2q"),
            Err(ParseMoveError::Illegal { .. })
        ));
    }

    #[test]
    fn null_move_only_out_of_check() {
        assert_eq!(parse_uci(&Position::startpos(), "0000"), Ok(Move::NULL));
        let checked = pos("4k3/8/8/8/8/8/8/4K2r w - - 0 1");
        assert!(matches!(
            parse_uci(&checked, "0000"),
            Err(ParseMoveError::Illegal { .. })
        ));
    }

    #[test]
    fn garbage_is_a_syntax_error() {
        let p = Position::startpos();
        for text in [
            "", "e2", "e2e4e", "i2e4", "e0e4", "e2e9", "e2-e4", "é2e4", "e2e4qq",
        ] {
            assert!(
                matches!(parse_uci(&p, text), Err(ParseMoveError::Syntax { .. })),
                "{text:?}"
            );
        }
    }
}
