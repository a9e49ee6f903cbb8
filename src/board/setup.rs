//! `Setup`: a board as written in a FEN or a problem file, not yet checked for legality.
//! [`Setup::into_position`] validates it (see [`super::validate`]) and builds a [`Position`].

use super::{Castling, CastlingExclusions, Color, Piece, Position, Role, Square, Wing};

/// The raw contents of a position: anything may be on it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Setup {
    pub board: [Option<Piece>; 64],
    pub turn: Color,
    pub castling: Castling,
    /// Castlings that exclude each other (problem rule; FEN cannot express it).
    pub castling_exclusions: CastlingExclusions,
    pub ep_square: Option<Square>,
    pub halfmove_clock: u32,
    pub fullmove_number: u32,
}

/// How strictly a setup is checked before it becomes a position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Validation {
    /// Everything a game could have reached: at most 16 pieces and 8 pawns a side, promoted
    /// pieces covered by missing pawns, no impossible double checks, a plausible e.p. square.
    Strict,
    /// What a problem may show and the search can handle: one king each, no pawns on the
    /// first or last rank, the side not to move not in check, consistent castling and e.p.
    Lenient,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::empty()
    }
}

impl Setup {
    pub fn empty() -> Setup {
        Setup {
            board: [None; 64],
            turn: Color::White,
            castling: Castling::NONE,
            castling_exclusions: CastlingExclusions::NONE,
            ep_square: None,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }

    pub fn startpos() -> Setup {
        let mut s = Setup::empty();
        let back = [
            Role::Rook,
            Role::Knight,
            Role::Bishop,
            Role::Queen,
            Role::King,
            Role::Bishop,
            Role::Knight,
            Role::Rook,
        ];
        for (file, role) in back.into_iter().enumerate() {
            let f = file as u8;
            s.board[f as usize] = Some(Piece::new(Color::White, role));
            s.board[8 + f as usize] = Some(Piece::new(Color::White, Role::Pawn));
            s.board[48 + f as usize] = Some(Piece::new(Color::Black, Role::Pawn));
            s.board[56 + f as usize] = Some(Piece::new(Color::Black, role));
        }
        s.castling = Castling::ALL;
        s
    }

    pub fn from_position(pos: &Position) -> Setup {
        let mut s = Setup::empty();
        for sq in Square::all() {
            s.board[sq.index()] = pos.piece_at(sq);
        }
        s.turn = pos.turn();
        s.castling = pos.castling();
        s.castling_exclusions = pos.castling_exclusions();
        s.ep_square = pos.ep_square();
        s.halfmove_clock = pos.halfmove_clock();
        s.fullmove_number = pos.fullmove_number();
        s
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        self.board[sq.index()] = piece;
    }

    /// Squares holding `piece`, a1 first.
    pub fn squares_of(&self, piece: Piece) -> impl Iterator<Item = Square> + '_ {
        Square::all().filter(move |&sq| self.board[sq.index()] == Some(piece))
    }

    /// Gives every castling right whose king and rook stand on their home squares (Popeye's
    /// convention for problem diagrams, where castling is allowed unless ruled out).
    pub fn grant_castling_from_home_squares(&mut self) {
        let mut rights = Castling::NONE;
        for color in Color::ALL {
            for wing in Wing::ALL {
                let g = super::castling::geometry(color, wing);
                if self.piece_at(g.king_from) == Some(Piece::new(color, Role::King))
                    && self.piece_at(g.rook_from) == Some(Piece::new(color, Role::Rook))
                {
                    rights.add(color, wing);
                }
            }
        }
        self.castling = rights;
    }

    /// Validates and builds the position; both sides need their king.
    pub fn into_position(&self, validation: Validation) -> Result<Position, super::PositionError> {
        super::validate::build(self, validation, super::KinglessSides::NONE)
    }

    /// Validates and builds the position, where the sides of `kingless` may have no king
    /// (Popeye's `NoWk`/`NoBk`).
    pub fn into_kingless_position(
        &self,
        validation: Validation,
        kingless: super::KinglessSides,
    ) -> Result<Position, super::PositionError> {
        super::validate::build(self, validation, kingless)
    }
}
