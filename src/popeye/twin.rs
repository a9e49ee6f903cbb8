//! Twins: the changes a `Twin` command makes to the diagram (move, exchange, remove, add,
//! substitute, rotate, mirror, shift, stipulation), applied to the original position or — with
//! `Continued` — to the previous twin, and the header text Popeye prints for them
//! (`b) -wRa1  `, `c) wQf8-->g8  `, `+d) #2  `).
//!
//! This module only transforms boards and writes labels; it never validates a position.

use super::keywords::{twin_spelling, TwinWord};
use super::messages::colour_letter;
use crate::board::{Color, Piece, Role, Square};
use crate::notation::Language;
use crate::problem::Stipulation;

/// A board as read: 64 squares, a1 first.
pub type Board = [Option<Piece>; 64];

/// One change of a twin.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TwinChange {
    Move {
        from: Square,
        to: Square,
    },
    Exchange {
        a: Square,
        b: Square,
    },
    Remove {
        on: Square,
    },
    Add {
        piece: Piece,
        on: Square,
    },
    /// Every piece of one kind becomes another (both colours).
    Substitute {
        from: Role,
        to: Role,
    },
    /// Quarter turns clockwise: 90, 180 or 270 degrees.
    Rotate {
        degrees: u16,
    },
    Mirror(Mirror),
    Shift {
        from: Square,
        to: Square,
    },
    Stipulation(Stipulation),
}

/// The mirror lines Popeye offers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mirror {
    /// a1<-->h1: files reversed.
    A1H1,
    /// a1<-->a8: ranks reversed.
    A1A8,
    /// a1<-->h8: the long diagonal.
    A1H8,
    /// a8<-->h1: the other diagonal.
    A8H1,
}

impl Mirror {
    fn word(self) -> TwinWord {
        match self {
            Mirror::A1H1 => TwinWord::MirrorA1H1,
            Mirror::A1A8 => TwinWord::MirrorA1A8,
            Mirror::A1H8 => TwinWord::MirrorA1H8,
            Mirror::A8H1 => TwinWord::MirrorA8H1,
        }
    }
}

/// A `Twin` command: its changes, and whether it continues from the previous twin.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct TwinSpec {
    pub continued: bool,
    pub changes: Vec<TwinChange>,
}

/// Why a twin cannot be applied.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum TwinError {
    #[error("square {0} is empty - cannot (re)move any piece")]
    EmptySquare(Square),
    #[error("a piece would be moved off the board")]
    OffBoard,
}

/// The position and stipulation of one twin, and its header line without the letter.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TwinState {
    pub board: Board,
    pub stipulation: Stipulation,
}

/// Applies `spec` to `base` (the diagram, or the previous twin for `Continued`) and returns
/// the new state and the header items (each followed by two blanks, as Popeye prints them).
///
/// ```
/// use mateproof::board::{Color, Piece, Role, Square};
/// use mateproof::notation::Language;
/// use mateproof::popeye::twin::{apply, TwinChange, TwinSpec, TwinState};
/// use mateproof::problem::Stipulation;
/// let mut board = [None; 64];
/// board[0] = Some(Piece::new(Color::White, Role::Rook));
/// let base = TwinState { board, stipulation: Stipulation::direct_mate(3) };
/// let spec = TwinSpec { continued: false, changes: vec![TwinChange::Remove { on: Square::A1 }] };
/// let (state, label) = apply(&base, &spec, Language::English).unwrap();
/// assert_eq!(label, "-wRa1  ");
/// assert!(state.board[0].is_none());
/// ```
pub fn apply(
    base: &TwinState,
    spec: &TwinSpec,
    language: Language,
) -> Result<(TwinState, String), TwinError> {
    let mut state = base.clone();
    let mut label = String::new();
    for change in &spec.changes {
        describe(&state, change, language, &mut label);
        change_state(&mut state, change)?;
    }
    Ok((state, label))
}

fn piece_text(piece: Piece, language: Language) -> String {
    format!(
        "{}{}",
        colour_letter(language, piece.color == Color::White),
        language.letter(piece.role)
    )
}

/// The header item of `change`, written before it is applied (so moved pieces are named).
fn describe(state: &TwinState, change: &TwinChange, language: Language, out: &mut String) {
    let at = |sq: Square| state.board[sq.index()];
    let named = |sq: Square| at(sq).map_or_else(String::new, |p| piece_text(p, language));
    let item = match *change {
        TwinChange::Move { from, to } => format!("{}{from}-->{to}", named(from)),
        TwinChange::Exchange { a, b } => format!("{}{a}<-->{}{b}", named(a), named(b)),
        TwinChange::Remove { on } => format!("-{}{on}", named(on)),
        TwinChange::Add { piece, on } => format!("+{}{on}", piece_text(piece, language)),
        TwinChange::Substitute { from, to } => {
            format!("{} ==> {}", language.letter(from), language.letter(to))
        }
        TwinChange::Rotate { degrees } => {
            format!("{} {degrees}", twin_spelling(language, TwinWord::Rotate))
        }
        TwinChange::Mirror(mirror) => format!(
            "{} {}",
            twin_spelling(language, TwinWord::Mirror),
            twin_spelling(language, mirror.word())
        ),
        TwinChange::Shift { from, to } => format!(
            "{} {from} ==> {to}",
            twin_spelling(language, TwinWord::Shift)
        ),
        TwinChange::Stipulation(stipulation) => stipulation.to_string(),
    };
    out.push_str(&item);
    out.push_str("  ");
}

fn change_state(state: &mut TwinState, change: &TwinChange) -> Result<(), TwinError> {
    let board = &mut state.board;
    match *change {
        TwinChange::Move { from, to } => {
            let piece = board[from.index()]
                .take()
                .ok_or(TwinError::EmptySquare(from))?;
            board[to.index()] = Some(piece);
        }
        TwinChange::Exchange { a, b } => {
            if board[a.index()].is_none() {
                return Err(TwinError::EmptySquare(a));
            }
            if board[b.index()].is_none() {
                return Err(TwinError::EmptySquare(b));
            }
            board.swap(a.index(), b.index());
        }
        TwinChange::Remove { on } => {
            board[on.index()].take().ok_or(TwinError::EmptySquare(on))?;
        }
        TwinChange::Add { piece, on } => board[on.index()] = Some(piece),
        TwinChange::Substitute { from, to } => {
            for piece in board.iter_mut().flatten() {
                if piece.role == from {
                    piece.role = to;
                }
            }
        }
        TwinChange::Rotate { degrees } => {
            for _ in 0..(degrees / 90) % 4 {
                *board = remap(board, |f, r| Some((r, 7 - f)))?;
            }
        }
        TwinChange::Mirror(mirror) => {
            *board = remap(board, |f, r| {
                Some(match mirror {
                    Mirror::A1H1 => (7 - f, r),
                    Mirror::A1A8 => (f, 7 - r),
                    Mirror::A1H8 => (r, f),
                    Mirror::A8H1 => (7 - r, 7 - f),
                })
            })?;
        }
        TwinChange::Shift { from, to } => {
            let df = to.file() as i8 - from.file() as i8;
            let dr = to.rank() as i8 - from.rank() as i8;
            *board = remap(board, |f, r| {
                let (nf, nr) = (f as i8 + df, r as i8 + dr);
                ((0..8).contains(&nf) && (0..8).contains(&nr)).then_some((nf as u8, nr as u8))
            })?;
        }
        TwinChange::Stipulation(stipulation) => state.stipulation = stipulation,
    }
    Ok(())
}

/// Moves every piece to the square `map(file, rank)` names; fails if one would leave the board.
fn remap(board: &Board, map: impl Fn(u8, u8) -> Option<(u8, u8)>) -> Result<Board, TwinError> {
    let mut out = [None; 64];
    for sq in Square::all() {
        if let Some(piece) = board[sq.index()] {
            let (f, r) = map(sq.file(), sq.rank()).ok_or(TwinError::OffBoard)?;
            let target = Square::from_coords(f, r).ok_or(TwinError::OffBoard)?;
            out[target.index()] = Some(piece);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state_with(pieces: &[(Square, Piece)]) -> TwinState {
        let mut board = [None; 64];
        for &(sq, p) in pieces {
            board[sq.index()] = Some(p);
        }
        TwinState {
            board,
            stipulation: Stipulation::direct_mate(2),
        }
    }

    #[test]
    fn labels_match_popeye_headers() {
        let q = Piece::new(Color::White, Role::Queen);
        let r = Piece::new(Color::Black, Role::Rook);
        let base = state_with(&[(Square::F8, q), (Square::C1, r)]);
        let moved = TwinSpec {
            continued: false,
            changes: vec![TwinChange::Move {
                from: Square::F8,
                to: Square::G8,
            }],
        };
        assert_eq!(
            apply(&base, &moved, Language::English).unwrap().1,
            "wQf8-->g8  "
        );
        let swap = TwinSpec {
            continued: false,
            changes: vec![TwinChange::Exchange {
                a: Square::C1,
                b: Square::F8,
            }],
        };
        assert_eq!(
            apply(&base, &swap, Language::German).unwrap().1,
            "sTc1<-->wDf8  "
        );
        let empty = TwinSpec {
            continued: false,
            changes: vec![TwinChange::Remove { on: Square::A1 }],
        };
        assert_eq!(
            apply(&base, &empty, Language::English),
            Err(TwinError::EmptySquare(Square::A1))
        );
    }

    #[test]
    fn board_transformations_keep_every_piece() {
        let k = Piece::new(Color::White, Role::King);
        let base = state_with(&[(Square::A1, k)]);
        let turn = |degrees| TwinSpec {
            continued: false,
            changes: vec![TwinChange::Rotate { degrees }],
        };
        let (once, _) = apply(&base, &turn(90), Language::English).unwrap();
        assert_eq!(once.board[Square::A8.index()], Some(k));
        let (full, _) = apply(&base, &turn(360), Language::English).unwrap();
        assert_eq!(full.board, base.board);
        let mirror = TwinSpec {
            continued: false,
            changes: vec![TwinChange::Mirror(Mirror::A1H8)],
        };
        let (m, label) = apply(&base, &mirror, Language::English).unwrap();
        assert_eq!((m.board[0], label.as_str()), (Some(k), "mirror a1<-->h8  "));
        let off = TwinSpec {
            continued: false,
            changes: vec![TwinChange::Shift {
                from: Square::B1,
                to: Square::A1,
            }],
        };
        assert_eq!(
            apply(&base, &off, Language::English),
            Err(TwinError::OffBoard)
        );
    }
}
