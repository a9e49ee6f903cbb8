//! Twins: the changes a `Twin` command makes to the diagram (move, exchange, remove, add,
//! substitute, rotate, mirror, shift, stipulation), applied to the original position or — with
//! `Continued` — to the previous twin, and the header text Popeye prints for them
//! (`b) -wRa1  `, `c) wQf8-->g8  `, `+d) #2  `, `b) N ==> G  `).
//!
//! A twin's board holds [`Man`]s, each naming a walk of the piece catalogue, so orthodox and
//! fairy twins go through the same changes and labels (a fairy man is named by its Popeye code
//! in the file's language, `wKGf7-->c7`). This module only transforms boards and writes
//! labels; it never validates a position.

use super::keywords::{twin_spelling, TwinWord};
use super::messages::colour_letter;
use crate::board::{Color, Piece, Role, Square};
use crate::notation::Language;
use crate::pieces::catalogue;
use crate::problem::Stipulation;

/// A board as read: 64 squares, a1 first.
pub type Board = [Option<Piece>; 64];

/// A twin's board: 64 squares of men, a1 first.
pub type Men = [Option<Man>; 64];

/// A man of either colour and any walk of the catalogue.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Man {
    pub color: Color,
    /// The walk's index in [`catalogue::walks`] (Popeye's order: the six orthodox pieces first).
    pub walk: usize,
}

/// The catalogue's first six walks, in its order.
const ORTHODOX: [Role; 6] = [
    Role::King,
    Role::Pawn,
    Role::Queen,
    Role::Knight,
    Role::Rook,
    Role::Bishop,
];

impl Man {
    /// The man of an orthodox piece.
    pub fn orthodox(piece: Piece) -> Man {
        Man {
            color: piece.color,
            walk: orthodox_walk(piece.role),
        }
    }

    /// The orthodox piece this man is, if its walk is one of the six.
    pub fn piece(self) -> Option<Piece> {
        ORTHODOX
            .get(self.walk)
            .map(|&role| Piece::new(self.color, role))
    }

    /// Whether the walk is a fairy one.
    pub fn is_fairy(self) -> bool {
        self.walk >= ORTHODOX.len()
    }
}

/// The catalogue index of an orthodox piece's walk.
pub fn orthodox_walk(role: Role) -> usize {
    ORTHODOX.iter().position(|&r| r == role).unwrap_or(0)
}

/// The board of men of an orthodox `board` plus fairy `men` (colour, walk, square).
pub fn men_of(board: &Board, fairy: impl IntoIterator<Item = (Color, usize, Square)>) -> Men {
    let mut men = board.map(|piece| piece.map(Man::orthodox));
    for (color, walk, sq) in fairy {
        men[sq.index()] = Some(Man { color, walk });
    }
    men
}

/// The walk's letters as Popeye prints them in `language`: upper case, one or two (`S`, `KG`).
pub fn walk_text(walk: usize, language: Language) -> String {
    match ORTHODOX.get(walk) {
        Some(&role) => language.letter(role).to_string(),
        None => catalogue::walks()
            .nth(walk)
            .map(|w| w.codes[super::tokens::language_column(language)].to_ascii_uppercase())
            .unwrap_or_default(),
    }
}

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
    /// A man on a square (replacing what stood there).
    Add {
        man: Man,
        on: Square,
    },
    /// Every man of one walk takes another (both colours); walks as in [`Man::walk`].
    Substitute {
        from: usize,
        to: usize,
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
    /// Popeye's `PolishType`: every man changes colour where it stands.
    PolishType,
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

impl TwinChange {
    /// Whether the change brings a fairy walk onto the board.
    pub fn names_fairy_walk(&self) -> bool {
        match *self {
            TwinChange::Add { man, .. } => man.is_fairy(),
            TwinChange::Substitute { to, .. } => to >= ORTHODOX.len(),
            _ => false,
        }
    }
}

/// The position and stipulation of one twin.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TwinState {
    pub men: Men,
    pub stipulation: Stipulation,
}

/// Applies `spec` to `base` (the diagram, or the previous twin for `Continued`) and returns
/// the new state and the header items (each followed by two blanks, as Popeye prints them).
///
/// ```
/// use mateproof::board::{Color, Piece, Role, Square};
/// use mateproof::notation::Language;
/// use mateproof::popeye::twin::{apply, Man, TwinChange, TwinSpec, TwinState};
/// use mateproof::problem::Stipulation;
/// let mut men = [None; 64];
/// men[0] = Some(Man::orthodox(Piece::new(Color::White, Role::Rook)));
/// let base = TwinState { men, stipulation: Stipulation::direct_mate(3) };
/// let spec = TwinSpec { continued: false, changes: vec![TwinChange::Remove { on: Square::A1 }] };
/// let (state, label) = apply(&base, &spec, Language::English).unwrap();
/// assert_eq!(label, "-wRa1  ");
/// assert!(state.men[0].is_none());
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

fn man_text(man: Man, language: Language) -> String {
    format!(
        "{}{}",
        colour_letter(language, man.color == Color::White),
        walk_text(man.walk, language)
    )
}

/// The header item of `change`, written before it is applied (so moved pieces are named).
fn describe(state: &TwinState, change: &TwinChange, language: Language, out: &mut String) {
    let at = |sq: Square| state.men[sq.index()];
    let named = |sq: Square| at(sq).map_or_else(String::new, |m| man_text(m, language));
    let item = match *change {
        // A man moved onto another removes it first, and Popeye says so.
        TwinChange::Move { from, to } => match at(to) {
            Some(_) => format!("-{}{to}  {}{from}-->{to}", named(to), named(from)),
            None => format!("{}{from}-->{to}", named(from)),
        },
        TwinChange::Exchange { a, b } => format!("{}{a}<-->{}{b}", named(a), named(b)),
        TwinChange::Remove { on } => format!("-{}{on}", named(on)),
        // Popeye writes a man replacing another without the `+` of an addition.
        TwinChange::Add { man, on } => format!(
            "{}{}{on}",
            if at(on).is_some() { "" } else { "+" },
            man_text(man, language)
        ),
        TwinChange::Substitute { from, to } => {
            format!(
                "{} ==> {}",
                walk_text(from, language),
                walk_text(to, language)
            )
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
        TwinChange::PolishType => twin_spelling(language, TwinWord::PolishType).to_owned(),
    };
    out.push_str(&item);
    out.push_str("  ");
}

fn change_state(state: &mut TwinState, change: &TwinChange) -> Result<(), TwinError> {
    let board = &mut state.men;
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
        TwinChange::Add { man, on } => board[on.index()] = Some(man),
        TwinChange::Substitute { from, to } => {
            for man in board.iter_mut().flatten() {
                if man.walk == from {
                    man.walk = to;
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
        TwinChange::PolishType => {
            for man in board.iter_mut().flatten() {
                man.color = !man.color;
            }
        }
    }
    Ok(())
}

/// Moves every piece to the square `map(file, rank)` names; fails if one would leave the board.
fn remap(board: &Men, map: impl Fn(u8, u8) -> Option<(u8, u8)>) -> Result<Men, TwinError> {
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
        let mut men = [None; 64];
        for &(sq, p) in pieces {
            men[sq.index()] = Some(Man::orthodox(p));
        }
        TwinState {
            men,
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
        assert_eq!(once.men[Square::A8.index()], Some(Man::orthodox(k)));
        let (full, _) = apply(&base, &turn(360), Language::English).unwrap();
        assert_eq!(full.men, base.men);
        let mirror = TwinSpec {
            continued: false,
            changes: vec![TwinChange::Mirror(Mirror::A1H8)],
        };
        let (m, label) = apply(&base, &mirror, Language::English).unwrap();
        assert_eq!(
            (m.men[0], label.as_str()),
            (Some(Man::orthodox(k)), "mirror a1<-->h8  ")
        );
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

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    /// A fairy man of the English `code`.
    fn fairy(color: Color, code: &str) -> Man {
        let walk = crate::popeye::tokens::fairy_walk(Language::English, code).unwrap();
        Man { color, walk }
    }

    fn twin(changes: Vec<TwinChange>) -> TwinSpec {
        TwinSpec {
            continued: false,
            changes,
        }
    }

    #[test]
    fn fairy_men_are_named_by_their_codes_in_the_language() {
        let grasshopper = fairy(Color::White, "g");
        let nightrider = fairy(Color::Black, "n");
        let mut base = state_with(&[(Square::E1, Piece::new(Color::White, Role::King))]);
        base.men[sq("d4").index()] = Some(grasshopper);
        base.men[sq("h5").index()] = Some(nightrider);
        let label = |changes, language| apply(&base, &twin(changes), language).unwrap().1;
        let moved = vec![TwinChange::Move {
            from: sq("d4"),
            to: sq("d5"),
        }];
        assert_eq!(label(moved.clone(), Language::English), "wGd4-->d5  ");
        assert_eq!(label(moved, Language::French), "bSd4-->d5  ");
        let onto = vec![TwinChange::Move {
            from: sq("h5"),
            to: sq("d4"),
        }];
        assert_eq!(label(onto, Language::English), "-wGd4  bNh5-->d4  ");
        let swap = vec![TwinChange::Exchange {
            a: sq("d4"),
            b: sq("h5"),
        }];
        assert_eq!(label(swap, Language::German), "wGd4<-->sNh5  ");
        // An addition on an empty square has a `+`; one replacing a man has none.
        let added = vec![
            TwinChange::Add {
                man: nightrider,
                on: Square::A1,
            },
            TwinChange::Add {
                man: grasshopper,
                on: Square::E1,
            },
        ];
        assert_eq!(label(added, Language::English), "+bNa1  wGe1  ");
        let substituted = vec![TwinChange::Substitute {
            from: nightrider.walk,
            to: orthodox_walk(Role::Knight),
        }];
        assert_eq!(label(substituted.clone(), Language::English), "N ==> S  ");
        assert_eq!(label(substituted, Language::French), "N ==> C  ");
    }

    #[test]
    fn board_transformations_carry_fairy_men_with_their_walks() {
        let grasshopper = fairy(Color::White, "g");
        let mut base = state_with(&[(Square::A1, Piece::new(Color::White, Role::King))]);
        base.men[Square::B1.index()] = Some(grasshopper);
        let (turned, _) = apply(
            &base,
            &twin(vec![TwinChange::Rotate { degrees: 90 }]),
            Language::English,
        )
        .unwrap();
        assert_eq!(turned.men[sq("a7").index()], Some(grasshopper));
        let (mirrored, _) = apply(
            &base,
            &twin(vec![TwinChange::Mirror(Mirror::A1H1)]),
            Language::English,
        )
        .unwrap();
        assert_eq!(mirrored.men[Square::G1.index()], Some(grasshopper));
        let (shifted, _) = apply(
            &base,
            &twin(vec![TwinChange::Shift {
                from: Square::A1,
                to: sq("c3"),
            }]),
            Language::English,
        )
        .unwrap();
        assert_eq!(shifted.men[sq("d3").index()], Some(grasshopper));
        let queen = orthodox_walk(Role::Queen);
        let (substituted, _) = apply(
            &base,
            &twin(vec![TwinChange::Substitute {
                from: grasshopper.walk,
                to: queen,
            }]),
            Language::English,
        )
        .unwrap();
        let men: Vec<Man> = substituted.men.iter().flatten().copied().collect();
        assert_eq!(
            men,
            [
                Man::orthodox(Piece::new(Color::White, Role::King)),
                Man {
                    color: Color::White,
                    walk: queen
                }
            ]
        );
    }

    /// Popeye's `PolishType` changes every man's colour where it stands, fairy men too, and
    /// writes its word in the file's language.
    #[test]
    fn polish_type_changes_every_colour_in_place() {
        let king = |color| Man::orthodox(Piece::new(color, Role::King));
        let grasshopper = fairy(Color::White, "g");
        let mut base = state_with(&[
            (Square::A1, Piece::new(Color::White, Role::King)),
            (Square::H8, Piece::new(Color::Black, Role::King)),
        ]);
        base.men[Square::B1.index()] = Some(grasshopper);
        let polish = twin(vec![TwinChange::PolishType]);
        let (swapped, text) = apply(&base, &polish, Language::German).unwrap();
        assert_eq!(text, "Farbwechsel  ");
        assert_eq!(swapped.men[Square::A1.index()], Some(king(Color::Black)));
        assert_eq!(swapped.men[Square::H8.index()], Some(king(Color::White)));
        let black_grasshopper = Man {
            color: Color::Black,
            ..grasshopper
        };
        assert_eq!(swapped.men[Square::B1.index()], Some(black_grasshopper));
        let (back, _) = apply(&swapped, &polish, Language::English).unwrap();
        assert_eq!(back.men, base.men);
        for (language, word) in [
            (Language::English, "PolishType  "),
            (Language::French, "CouleurEchange  "),
        ] {
            assert_eq!(apply(&base, &polish, language).unwrap().1, word);
        }
    }
}
