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
    /// Popeye's `Rotate 90`, `180`, `270`: quarter turns counterclockwise (90 takes a1 to
    /// h1 and h1 to h8).
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
    /// a1<-->h8: a1 and h8 change places (reflected in the a8-h1 diagonal).
    A1H8,
    /// a8<-->h1: a8 and h1 change places (reflected in the a1-h8 diagonal).
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
    let mut first_fault = None;
    let made = apply_each(base, spec, language, &mut |fault| {
        first_fault.get_or_insert(fault);
    });
    match first_fault {
        Some(fault) => Err(fault),
        None => Ok(made),
    }
}

/// Applies `spec`'s changes one by one to `base` as Popeye does: a change that cannot be made
/// (a man to move or remove from an empty square, a shift off the board) is handed to
/// `skipped` and left out, and the others are made. Returns the new state and the header
/// items of the changes made (each followed by two blanks).
pub fn apply_each(
    base: &TwinState,
    spec: &TwinSpec,
    language: Language,
    skipped: &mut dyn FnMut(TwinError),
) -> (TwinState, String) {
    let mut state = base.clone();
    let mut items = Vec::new();
    for change in &spec.changes {
        let item = describe(&state, change, language);
        match change_state(&mut state, change) {
            Ok(()) => items.push(item),
            Err(fault) => skipped(fault),
        }
    }
    let mut label = String::new();
    for item in items {
        match item {
            Item::Text(text) => label.push_str(&text),
            // Popeye names an exchange's men by the walks on its squares once the whole twin
            // is made (its colours are those the men had): a later change shows through.
            Item::Exchange { a, b, colours } => {
                let walk_on = |sq: Square| {
                    state.men[sq.index()]
                        .map_or_else(|| ".".to_owned(), |m| walk_text(m.walk, language))
                };
                let colour = |white| colour_letter(language, white);
                label.push_str(&format!(
                    "{}{}{a}<-->{}{}{b}",
                    colour(colours.0),
                    walk_on(b),
                    colour(colours.1),
                    walk_on(a)
                ));
            }
        }
        label.push_str("  ");
    }
    (state, label)
}

/// One header item of a twin, as Popeye writes it.
enum Item {
    Text(String),
    /// An exchange of the men on `a` and `b`, whose colours (white?) were `colours`.
    Exchange {
        a: Square,
        b: Square,
        colours: (bool, bool),
    },
}

fn man_text(man: Man, language: Language) -> String {
    format!(
        "{}{}",
        colour_letter(language, man.color == Color::White),
        walk_text(man.walk, language)
    )
}

/// The header item of `change`, made before it is applied (so moved pieces are named).
fn describe(state: &TwinState, change: &TwinChange, language: Language) -> Item {
    let at = |sq: Square| state.men[sq.index()];
    let named = |sq: Square| at(sq).map_or_else(String::new, |m| man_text(m, language));
    let white = |sq: Square| at(sq).is_some_and(|m| m.color == Color::White);
    let item = match *change {
        // A man moved onto another removes it first, and Popeye says so.
        TwinChange::Move { from, to } => match at(to) {
            Some(_) => format!("-{}{to}  {}{from}-->{to}", named(to), named(from)),
            None => format!("{}{from}-->{to}", named(from)),
        },
        TwinChange::Exchange { a, b } => {
            return Item::Exchange {
                a,
                b,
                colours: (white(a), white(b)),
            }
        }
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
    Item::Text(item)
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
        // Popeye's `transformSquare` (position/board.c): each man goes to the image of its
        // square.
        TwinChange::Rotate { degrees } => {
            for _ in 0..(degrees / 90) % 4 {
                *board = remap(board, |f, r| Some((7 - r, f)))?;
            }
        }
        TwinChange::Mirror(mirror) => {
            *board = remap(board, |f, r| {
                Some(match mirror {
                    Mirror::A1H1 => (7 - f, r),
                    Mirror::A1A8 => (f, 7 - r),
                    Mirror::A1H8 => (7 - r, 7 - f),
                    Mirror::A8H1 => (r, f),
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

    /// Where a1, h1, a8 and c2 go under each of Popeye's board transformations, as Popeye
    /// 4.104 itself moves them (`Twin Rotate 90` … `Twin Mirror a8<-->h1`, read back from its
    /// `MoveNumbers` lists of a king and a rook or knight on those squares).
    #[test]
    fn board_transformations_move_men_where_popeye_does() {
        use Mirror::{A1A8, A1H1, A1H8, A8H1};
        let rotate = |degrees| TwinChange::Rotate { degrees };
        let pins: [(TwinChange, [&str; 4]); 7] = [
            // change: images of a1, h1, a8, c2
            (rotate(90), ["h1", "h8", "a1", "g3"]),
            (rotate(180), ["h8", "a8", "h1", "f7"]),
            (rotate(270), ["a8", "a1", "h8", "b6"]),
            (TwinChange::Mirror(A1H1), ["h1", "a1", "h8", "f2"]),
            (TwinChange::Mirror(A1A8), ["a8", "h8", "a1", "c7"]),
            (TwinChange::Mirror(A1H8), ["h8", "h1", "a8", "g6"]),
            (TwinChange::Mirror(A8H1), ["a1", "a8", "h1", "b3"]),
        ];
        let king = Man::orthodox(Piece::new(Color::White, Role::King));
        for (change, images) in pins {
            for (from, to) in ["a1", "h1", "a8", "c2"].into_iter().zip(images) {
                let mut base = state_with(&[]);
                base.men[sq(from).index()] = Some(king);
                let (moved, _) = apply(&base, &twin(vec![change]), Language::English).unwrap();
                let now: Vec<Square> = Square::all()
                    .filter(|s| moved.men[s.index()].is_some())
                    .collect();
                assert_eq!(now, [sq(to)], "{change:?} takes {from} to {to}");
            }
        }
        // Popeye's labels, and a full turn is no change.
        let turned = twin(vec![rotate(90), rotate(270)]);
        let base = state_with(&[(sq("c2"), Piece::new(Color::White, Role::Knight))]);
        let (back, label) = apply(&base, &turned, Language::English).unwrap();
        assert_eq!(
            (back.men, label.as_str()),
            (base.men, "rotate 90  rotate 270  ")
        );
        let (_, label) = apply(
            &base,
            &twin(vec![TwinChange::Mirror(A1H8)]),
            Language::English,
        )
        .unwrap();
        assert_eq!(label, "mirror a1<-->h8  ");
        // Shift c2 ==> d1 takes Kb7 to c6 and Sc2 to d1; Shift b7 ==> a8 takes Sc2 to b3.
        let shifted = state_with(&[
            (sq("b7"), Piece::new(Color::White, Role::King)),
            (sq("c2"), Piece::new(Color::White, Role::Knight)),
        ]);
        let shift = |from: &str, to: &str| {
            twin(vec![TwinChange::Shift {
                from: sq(from),
                to: sq(to),
            }])
        };
        let (b, label) = apply(&shifted, &shift("c2", "d1"), Language::English).unwrap();
        assert_eq!(label, "shift c2 ==> d1  ");
        assert!(b.men[sq("c6").index()].is_some() && b.men[sq("d1").index()].is_some());
        let (c, _) = apply(&shifted, &shift("b7", "a8"), Language::English).unwrap();
        assert!(c.men[sq("a8").index()].is_some() && c.men[sq("b3").index()].is_some());
        assert_eq!(
            apply(&shifted, &shift("c2", "a1"), Language::English),
            Err(TwinError::OffBoard)
        );
    }

    /// An exchange is named as Popeye names it: the walks on its squares once the twin is
    /// made, with the colours the men had (Popeye 4.104: `Exchange a1 d8 Mirror a1<-->a8`
    /// with Black Ka1, White Rd8 is `b.a1<-->w.d8  mirror a1<-->a8  `).
    #[test]
    fn exchanges_are_named_by_what_stands_there_after_the_twin() {
        let base = state_with(&[
            (Square::A1, Piece::new(Color::Black, Role::King)),
            (sq("d8"), Piece::new(Color::White, Role::Rook)),
        ]);
        let exchange = TwinChange::Exchange {
            a: Square::A1,
            b: sq("d8"),
        };
        let label = |changes| apply(&base, &twin(changes), Language::English).unwrap().1;
        assert_eq!(label(vec![exchange]), "bKa1<-->wRd8  ");
        assert_eq!(
            label(vec![exchange, TwinChange::Mirror(Mirror::A1A8)]),
            "b.a1<-->w.d8  mirror a1<-->a8  "
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
        assert_eq!(turned.men[sq("h2").index()], Some(grasshopper));
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
