//! The pieces of one fairy game, compiled once from their definitions into per-square tables
//! (as Fairy-Stockfish compiles its Betza pieces): leap targets as bitboards, the squares of
//! each ride and hop line in order, the paths of lame leaps, for White and for Black (whose
//! vectors are White's mirrored front to back). The king and the pawn are kinds 0 and 1 with
//! their own rules; every other kind, the orthodox queen, rook, bishop and knight included,
//! is data. Also the Zobrist keys, so a position needs no other table.

use crate::board::{Bitboard, Color, Square};
use crate::pieces::{betza, Component, ComponentKind, Landing, Modality, PieceDefinition};

/// Index of a kind in [`Walks`]: 0 the king, 1 the pawn, then the walks.
pub type Kind = u8;
pub const KING: Kind = 0;
pub const PAWN: Kind = 1;
/// Most kinds one game may have (the board packs a kind in 6 bits beside its colour).
pub const MAX_KINDS: usize = 40;

/// Which moves a line or leap gives: to empty squares, captures, or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Modes {
    pub quiet: bool,
    pub capture: bool,
}

impl From<Modality> for Modes {
    fn from(m: Modality) -> Modes {
        Modes {
            quiet: m != Modality::CaptureOnly,
            capture: m != Modality::MoveOnly,
        }
    }
}

/// How a piece moves along one line of squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineKind {
    /// At most `max` squares over empty ones, capturing on the first occupied one.
    Ride { max: u8 },
    /// Over `hurdles` occupied squares, landing as `landing` says.
    Hop { hurdles: u8, landing: Landing },
}

/// One line from one square: the squares in order from the nearest.
#[derive(Clone, Debug)]
pub struct Line {
    pub kind: LineKind,
    pub modes: Modes,
    pub squares: Vec<Square>,
}

/// One lame leap from one square: its target if every square of `path` is empty.
#[derive(Clone, Copy, Debug)]
pub struct LameLeap {
    pub path: Bitboard,
    pub target: Square,
    pub modes: Modes,
}

/// A kind's moves from every square, for one colour.
#[derive(Clone, Debug, Default)]
pub struct Tables {
    pub leap_quiet: Vec<Bitboard>,
    pub leap_capture: Vec<Bitboard>,
    pub lines: Vec<Vec<Line>>,
    pub lames: Vec<Vec<LameLeap>>,
    /// Every square the kind could reach from each square on some occupancy: a square
    /// outside it is never attacked from there.
    pub reach: Vec<Bitboard>,
    /// `line_mask[from][to]`: bit `i` set when line `i` of `from` passes `to`, so an attack
    /// test walks only the lines that matter.
    pub line_mask: Vec<[u64; 64]>,
}

/// One kind: its letter, name and tables.
#[derive(Clone, Debug)]
pub struct KindInfo {
    /// Upper-case FEN letter.
    pub letter: char,
    pub name: String,
    /// Popeye's English code in upper case (`S` the knight, `AM` the amazon), if it has one.
    pub popeye: Option<String>,
    pub tables: [Tables; 2],
    /// Its value for move ordering (pawn 1, knight 3, queen 9).
    pub value: i32,
}

/// The kinds of one game and which of them a pawn may promote to.
#[derive(Clone, Debug)]
pub struct Walks {
    kinds: Vec<KindInfo>,
    promotions: Vec<Kind>,
    zobrist: Vec<[[u64; 64]; 2]>,
}

/// Why a set of pieces is no game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WalksError {
    #[error("the letter '{0}' is the orthodox {1}; give the fairy piece another letter")]
    Orthodox(char, &'static str),
    #[error("the letter '{0}' is declared twice")]
    Duplicate(char),
    #[error("'{0}' is not a letter")]
    NotALetter(char),
    #[error("at most {MAX_KINDS} kinds of piece in one game")]
    TooMany,
    #[error("{0}")]
    Piece(String),
}

fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The Zobrist key of the side to move, a castling right set and an en-passant file.
pub fn side_key() -> u64 {
    splitmix(0xfa1_5eed)
}
pub fn castling_key(bits: u8) -> u64 {
    splitmix(0xca57_0000 + u64::from(bits))
}
pub fn ep_key(file: u8) -> u64 {
    splitmix(0xe9_0000 + u64::from(file))
}

/// Compiles one colour's tables of a piece.
fn compile(components: &[Component], color: Color) -> Tables {
    let mut t = Tables {
        leap_quiet: vec![Bitboard::EMPTY; 64],
        leap_capture: vec![Bitboard::EMPTY; 64],
        lines: vec![Vec::new(); 64],
        lames: vec![Vec::new(); 64],
        reach: vec![Bitboard::EMPTY; 64],
        line_mask: vec![[0; 64]; 64],
    };
    let flip = if color == Color::White { 1 } else { -1 };
    for sq in Square::all() {
        let s = sq.index();
        let at = |f: i32, r: i32| -> Option<Square> {
            let file = i32::from(sq.file()) + f;
            let rank = i32::from(sq.rank()) + r * flip;
            if (0..8).contains(&file) && (0..8).contains(&rank) {
                Square::from_coords(file as u8, rank as u8)
            } else {
                None
            }
        };
        for c in components {
            let modes = Modes::from(c.modality);
            for v in c.all_vectors() {
                match c.kind {
                    ComponentKind::Leap => {
                        if let Some(to) = at(v.files, v.ranks) {
                            if modes.quiet {
                                t.leap_quiet[s] = t.leap_quiet[s].with(to);
                            }
                            if modes.capture {
                                t.leap_capture[s] = t.leap_capture[s].with(to);
                            }
                            t.reach[s] = t.reach[s].with(to);
                        }
                    }
                    ComponentKind::Lame { via } => {
                        let (Some(to), Some(path)) = (at(v.files, v.ranks), v.lame_path(via))
                        else {
                            continue;
                        };
                        let path: Option<Bitboard> =
                            path.iter().map(|p| at(p.files, p.ranks)).collect();
                        if let Some(path) = path {
                            t.lames[s].push(LameLeap {
                                path,
                                target: to,
                                modes,
                            });
                            t.reach[s] = t.reach[s].with(to);
                        }
                    }
                    ComponentKind::Ride { .. } | ComponentKind::Hop { .. } => {
                        let squares: Vec<Square> =
                            (1..).map_while(|k| at(v.files * k, v.ranks * k)).collect();
                        if squares.is_empty() {
                            continue;
                        }
                        let kind = match c.kind {
                            ComponentKind::Ride { max } => LineKind::Ride {
                                max: max.map_or(u8::MAX, |m| m.min(64) as u8),
                            },
                            ComponentKind::Hop { hurdles, landing } => {
                                LineKind::Hop { hurdles, landing }
                            }
                            _ => unreachable!("matched above"),
                        };
                        let index = t.lines[s].len();
                        for &to in &squares {
                            t.reach[s] = t.reach[s].with(to);
                            if index < 64 {
                                t.line_mask[s][to.index()] |= 1 << index;
                            }
                        }
                        t.lines[s].push(Line {
                            kind,
                            modes,
                            squares,
                        });
                    }
                }
            }
        }
    }
    t
}

impl Walks {
    /// The game of orthodox chess with these extra pieces, each under its FEN letter (upper
    /// case); pawns promote to queen, rook, bishop, knight and every promotable extra piece.
    pub fn new(extra: &[(char, PieceDefinition)]) -> Result<Walks, WalksError> {
        let orthodox = |letter: char, name: &str, text: &str, value: i32| {
            let parts = betza::parse(text).map_err(|e| WalksError::Piece(e.to_string()))?;
            let code = if letter == 'N' { 'S' } else { letter };
            Ok::<KindInfo, WalksError>(KindInfo {
                letter,
                name: name.to_owned(),
                popeye: Some(code.to_string()),
                tables: [compile(&parts, Color::White), compile(&parts, Color::Black)],
                value,
            })
        };
        let mut kinds = vec![
            orthodox('K', "king", "K", 0)?,
            KindInfo {
                letter: 'P',
                name: "pawn".into(),
                popeye: Some("P".into()),
                tables: [Tables::default(), Tables::default()],
                value: 1,
            },
            orthodox('Q', "queen", "Q", 9)?,
            orthodox('R', "rook", "R", 5)?,
            orthodox('B', "bishop", "B", 3)?,
            orthodox('N', "knight", "N", 3)?,
        ];
        let mut promotions: Vec<Kind> = vec![2, 3, 4, 5];
        for (letter, piece) in extra {
            let letter = letter.to_ascii_uppercase();
            if !letter.is_ascii_alphabetic() {
                return Err(WalksError::NotALetter(letter));
            }
            if let Some(name) = ["king", "pawn", "queen", "rook", "bishop", "knight"]
                .into_iter()
                .zip("KPQRBN".chars())
                .find_map(|(name, l)| (l == letter).then_some(name))
            {
                return Err(WalksError::Orthodox(letter, name));
            }
            if kinds.iter().any(|k| k.letter == letter) {
                return Err(WalksError::Duplicate(letter));
            }
            if kinds.len() == MAX_KINDS {
                return Err(WalksError::TooMany);
            }
            piece
                .validate()
                .map_err(|e| WalksError::Piece(e.to_string()))?;
            let edges = crate::pieces::graph::movement_graph(&piece.components, 8).edges;
            if piece.promotable {
                promotions.push(kinds.len() as Kind);
            }
            kinds.push(KindInfo {
                letter,
                name: piece.name.clone(),
                popeye: piece.popeye.as_ref().map(|c| c.to_ascii_uppercase()),
                tables: [
                    compile(&piece.components, Color::White),
                    compile(&piece.components, Color::Black),
                ],
                // A rough worth from the empty-board mobility (knight 336 edges ≈ 3).
                value: (edges as i32 / 110).clamp(1, 9),
            });
        }
        let zobrist = kinds
            .iter()
            .map(|k| {
                let mut keys = [[0u64; 64]; 2];
                for (c, side) in keys.iter_mut().enumerate() {
                    for (s, key) in side.iter_mut().enumerate() {
                        *key = splitmix(((k.letter as u64) << 16) | ((c as u64) << 8) | s as u64);
                    }
                }
                keys
            })
            .collect();
        Ok(Walks {
            kinds,
            promotions,
            zobrist,
        })
    }

    /// The kind with this FEN letter (either case).
    pub fn kind_of_letter(&self, letter: char) -> Option<Kind> {
        let letter = letter.to_ascii_uppercase();
        self.kinds
            .iter()
            .position(|k| k.letter == letter)
            .map(|i| i as Kind)
    }

    #[inline]
    pub fn info(&self, kind: Kind) -> &KindInfo {
        &self.kinds[kind as usize]
    }

    #[inline]
    pub fn tables(&self, kind: Kind, color: Color) -> &Tables {
        &self.kinds[kind as usize].tables[color.index()]
    }

    /// The kinds a pawn promotes to, queen first.
    pub fn promotions(&self) -> &[Kind] {
        &self.promotions
    }

    #[inline]
    pub fn zobrist(&self, kind: Kind, color: Color, sq: Square) -> u64 {
        self.zobrist[kind as usize][color.index()][sq.index()]
    }
}
