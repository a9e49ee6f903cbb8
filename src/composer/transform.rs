//! The Chess Composer's transformations of a diagram (thesis §3.3, digest §1.1): delete a
//! piece, add a piece, shift every piece some files or ranks ("transparency"). Moving or
//! exchanging a piece is a deletion plus an addition.
//!
//! Transformations act on a [`Setup`], which may hold anything, because the improver walks
//! through illegal positions on its way to legal ones. Kings are never added or deleted.

use crate::board::{castle_geometry, Color, Piece, Role, Setup, Square, Wing};
use std::fmt;

/// One edit of a diagram.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Transformation {
    /// Every piece moves this many files (positive: towards the h-file).
    ShiftFiles(i8),
    /// Every piece moves this many ranks (positive: towards the eighth rank).
    ShiftRanks(i8),
    Delete(Piece, Square),
    Add(Piece, Square),
}

impl Transformation {
    /// Applies the edit. Returns false, leaving `setup` unchanged, when it does not apply:
    /// a deletion of a piece that is not there or of a king, an addition on an occupied square
    /// or of a king, a shift that would push a piece off the board.
    pub fn apply(self, setup: &mut Setup) -> bool {
        match self {
            Transformation::Delete(piece, sq) => {
                if piece.role == Role::King || setup.piece_at(sq) != Some(piece) {
                    return false;
                }
                setup.set(sq, None);
                true
            }
            Transformation::Add(piece, sq) => {
                if piece.role == Role::King || setup.piece_at(sq).is_some() {
                    return false;
                }
                setup.set(sq, Some(piece));
                true
            }
            Transformation::ShiftFiles(df) => shift(setup, df, 0),
            Transformation::ShiftRanks(dr) => shift(setup, 0, dr),
        }
    }
}

/// Moves every piece by (`df`, `dr`) if all stay on the board. Castling rights and the e.p.
/// square do not survive a shift.
fn shift(setup: &mut Setup, df: i8, dr: i8) -> bool {
    if df == 0 && dr == 0 {
        return false;
    }
    let mut board = [None; 64];
    for sq in Square::all() {
        if let Some(piece) = setup.piece_at(sq) {
            match sq.offset(df, dr) {
                Some(to) => board[to.index()] = Some(piece),
                None => return false,
            }
        }
    }
    setup.board = board;
    setup.castling = crate::board::Castling::NONE;
    setup.ep_square = None;
    true
}

/// Makes a transformed setup claim no more than it shows: castling rights only where king
/// and rook still stand on their home squares, and no e.p. right (a composed diagram has no
/// last move to justify one).
pub fn settle_rights(setup: &mut Setup) {
    let mut rights = setup.castling;
    for color in Color::ALL {
        for wing in Wing::ALL {
            let g = castle_geometry(color, wing);
            let home = setup.piece_at(g.king_from) == Some(Piece::new(color, Role::King))
                && setup.piece_at(g.rook_from) == Some(Piece::new(color, Role::Rook));
            if rights.has(color, wing) && !home {
                rights.remove(color, wing);
            }
        }
    }
    setup.castling = rights;
    setup.ep_square = None;
}

impl fmt::Display for Transformation {
    /// `+Pe3` adds a White pawn on e3, `-ba8` deletes a Black bishop, `files+1` / `ranks-2`
    /// shift the whole position.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Transformation::ShiftFiles(d) => write!(f, "files{d:+}"),
            Transformation::ShiftRanks(d) => write!(f, "ranks{d:+}"),
            Transformation::Delete(p, sq) => write!(f, "-{}{}", p.char(), sq),
            Transformation::Add(p, sq) => write!(f, "+{}{}", p.char(), sq),
        }
    }
}

/// The transformations of a path, space-separated (`+Pe3 +ra7 +pe4`).
pub fn path_text(path: &[Transformation]) -> String {
    path.iter()
        .map(|t| t.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}
