//! The pieces of one fairy game, compiled once from their definitions into per-square tables
//! (as Fairy-Stockfish compiles its Betza pieces): leap targets as bitboards, the squares of
//! each ride and hop line in order, the paths of lame leaps, and for the attack test each
//! capturing line's hit on each target (the squares before it, the hurdles they must hold),
//! for White and for Black (whose vectors are White's mirrored front to back; one shared table
//! when that changes nothing). The king and the pawn are kinds 0 and 1 with
//! their own rules; every other kind, the orthodox queen, rook, bishop and knight included,
//! is data. Also the Zobrist keys, so a position needs no other table.

use crate::board::{Bitboard, Color, Square};
use crate::pieces::{betza, Component, ComponentKind, Landing, Modality, PieceDefinition};
use std::sync::Arc;

/// Index of a kind in [`Walks`]: 0 the king, 1 the pawn, then the walks.
pub type Kind = u8;
pub const KING: Kind = 0;
/// The orthodox kinds come first: king, pawn, queen, rook, bishop, knight.
const ORTHODOX_KINDS: usize = 6;
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

/// Most squares of one line on the 8×8 board.
const MAX_LINE: usize = 7;

/// One line from one square: the squares in order from the nearest (inline, no allocation).
#[derive(Clone, Copy, Debug)]
pub struct Line {
    pub kind: LineKind,
    pub modes: Modes,
    len: u8,
    squares: [Square; MAX_LINE],
}

impl Line {
    /// The line's squares in order from the nearest.
    #[inline]
    pub fn squares(&self) -> &[Square] {
        &self.squares[..usize::from(self.len)]
    }
}

/// One lame leap from one square: its target if every square of `path` is empty.
#[derive(Clone, Copy, Debug)]
pub struct LameLeap {
    pub path: Bitboard,
    pub target: Square,
    pub modes: Modes,
}

/// How one capturing line of a square reaches one target square: the target is attacked
/// when exactly `hurdles` squares of `between` are occupied and, for a hop landing next
/// beyond its hurdle, the square `prev` just before the target is one of them. A ride is
/// the case of no hurdle (and only targets within its range get a hit).
#[derive(Clone, Copy, Debug)]
pub struct LineHit {
    pub between: Bitboard,
    pub prev: Square,
    pub hurdles: u8,
    pub next: bool,
}

impl LineHit {
    /// True when the line's man attacks the target with the board's occupancy `occ`.
    #[inline]
    pub fn attacks(&self, occ: Bitboard) -> bool {
        (self.between & occ).count() == u32::from(self.hurdles)
            && (!self.next || occ.contains(self.prev))
    }
}

/// One bitboard per square, inline (one pointer less on the hot path than a `Vec`).
pub type PerSquare = [Bitboard; 64];

/// A kind's moves from every square, for one colour.
#[derive(Clone, Debug)]
pub struct Tables {
    pub leap_quiet: PerSquare,
    pub leap_capture: PerSquare,
    pub lines: Vec<Vec<Line>>,
    pub lames: Vec<Vec<LameLeap>>,
    /// Every square the kind could reach from each square on some occupancy: a square
    /// outside it is never attacked from there.
    pub reach: PerSquare,
    /// The capturing lame leaps' targets and the squares with line hits, from each square.
    pub lame_reach: PerSquare,
    pub line_reach: PerSquare,
    /// `reached_from[sq]`: the squares whose `reach` holds `sq` (a check on a king on `sq`
    /// comes from one of them).
    pub reached_from: PerSquare,
    /// The capturing lines' hits, grouped by (from, target): those of `from * 64 + target`
    /// are `hits[hit_start[i]..hit_start[i + 1]]`, so an attack test costs a few bit
    /// operations per line through the target and walks no square.
    pub hits: Vec<LineHit>,
    pub hit_start: Vec<u32>,
}

impl Default for Tables {
    /// No moves from any square (the pawn's, whose moves are the board's own code).
    fn default() -> Tables {
        let empty = [Bitboard::EMPTY; 64];
        Tables {
            leap_quiet: empty,
            leap_capture: empty,
            lines: Vec::new(),
            lames: Vec::new(),
            reach: empty,
            lame_reach: empty,
            line_reach: empty,
            reached_from: empty,
            hits: Vec::new(),
            hit_start: Vec::new(),
        }
    }
}

impl Tables {
    /// The line hits of the man on `from` on `target`.
    #[inline]
    pub fn hits(&self, from: Square, target: Square) -> &[LineHit] {
        let i = from.index() * 64 + target.index();
        let (start, end) = (self.hit_start[i] as usize, self.hit_start[i + 1] as usize);
        &self.hits[start..end]
    }

    /// The squares whose occupancy decides whether the man on `from` attacks `target`: the
    /// capturing lines' squares before it, the capturing lame leaps' paths. A move that
    /// changes none of them cannot start or end that attack.
    #[inline]
    pub fn sensitive(&self, from: Square, target: Square) -> Bitboard {
        let mut squares = Bitboard::EMPTY;
        for hit in self.hits(from, target) {
            squares |= hit.between;
        }
        for lame in &self.lames[from.index()] {
            if lame.target == target && lame.modes.capture {
                squares |= lame.path;
            }
        }
        squares
    }

    /// True when the man on `from` attacks `target` with the board's occupancy `occ`.
    #[inline]
    pub fn attacks(&self, from: Square, target: Square, occ: Bitboard) -> bool {
        let s = from.index();
        if !self.reach[s].contains(target) {
            return false;
        }
        if self.leap_capture[s].contains(target) {
            return true;
        }
        let lame_hit = self.lame_reach[s].contains(target)
            && self.lames[s].iter().any(|lame| {
                lame.target == target && lame.modes.capture && (lame.path & occ).is_empty()
            });
        lame_hit
            || (self.line_reach[s].contains(target)
                && self.hits(from, target).iter().any(|hit| hit.attacks(occ)))
    }
}

/// One kind: its letter, name and tables.
#[derive(Clone, Debug)]
pub struct KindInfo {
    /// Upper-case FEN letter.
    pub letter: char,
    pub name: String,
    /// Popeye's English code in upper case (`S` the knight, `AM` the amazon), if it has one.
    pub popeye: Option<String>,
    /// White's and Black's, shared when they are the same.
    pub tables: [Arc<Tables>; 2],
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
        lines: vec![Vec::new(); 64],
        lames: vec![Vec::new(); 64],
        ..Tables::default()
    };
    let flip = if color == Color::White { 1 } else { -1 };
    let vectors: Vec<_> = components.iter().map(Component::all_vectors).collect();
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
        for (c, vectors) in components.iter().zip(&vectors) {
            let modes = Modes::from(c.modality);
            for &v in vectors {
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
                        let mut squares = [Square::A1; MAX_LINE];
                        let mut len = 0;
                        while let Some(to) = at(v.files * (len + 1), v.ranks * (len + 1)) {
                            squares[len as usize] = to;
                            len += 1;
                            if len as usize == MAX_LINE {
                                break;
                            }
                        }
                        if len == 0 {
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
                        let line = Line {
                            kind,
                            modes,
                            len: len as u8,
                            squares,
                        };
                        for &to in line.squares() {
                            t.reach[s] = t.reach[s].with(to);
                        }
                        t.lines[s].push(line);
                    }
                }
            }
        }
    }
    for (reach, lames) in t.lame_reach.iter_mut().zip(&t.lames) {
        *reach = lames
            .iter()
            .filter(|lame| lame.modes.capture)
            .map(|lame| lame.target)
            .collect();
    }
    for from in Square::all() {
        for to in t.reach[from.index()] {
            t.reached_from[to.index()] = t.reached_from[to.index()].with(from);
        }
    }
    index_attacks(&mut t);
    t
}

/// Fills a kind's attack hits from its lines.
fn index_attacks(t: &mut Tables) {
    let mut keyed: Vec<(u16, LineHit)> = Vec::new();
    for s in 0..64 {
        for line in t.lines[s].iter().filter(|line| line.modes.capture) {
            let (hurdles, next, range) = match line.kind {
                LineKind::Ride { max } => (0, false, usize::from(max)),
                LineKind::Hop { hurdles, landing } => {
                    (hurdles, landing == Landing::Next, usize::MAX)
                }
            };
            let squares = line.squares();
            let mut between = Bitboard::EMPTY;
            for (k, &to) in squares.iter().enumerate().take(range) {
                if k >= usize::from(hurdles) {
                    // With a hurdle, k ≥ 1: the square before the target.
                    let prev = squares[k.saturating_sub(1)];
                    let i = s * 64 + to.index();
                    keyed.push((
                        i as u16,
                        LineHit {
                            between,
                            prev,
                            hurdles,
                            next: next && hurdles > 0,
                        },
                    ));
                }
                between = between.with(to);
            }
        }
    }
    // Already grouped by origin: a counting sort on the target finishes the grouping.
    let mut start = vec![0u32; 64 * 64 + 1];
    for &(i, _) in &keyed {
        start[usize::from(i) + 1] += 1;
    }
    for i in 0..64 * 64 {
        start[i + 1] += start[i];
    }
    let mut cursor = start.clone();
    let mut hits = vec![keyed.first().map_or(FILLER, |k| k.1); keyed.len()];
    for (i, hit) in keyed {
        let at = &mut cursor[usize::from(i)];
        hits[*at as usize] = hit;
        *at += 1;
    }
    for (s, reach) in t.line_reach.iter_mut().enumerate() {
        *reach = Square::all()
            .filter(|to| start[s * 64 + to.index()] < start[s * 64 + to.index() + 1])
            .collect();
    }
    t.hit_start = start;
    t.hits = hits;
}

/// A placeholder overwritten by the counting sort.
const FILLER: LineHit = LineHit {
    between: Bitboard::EMPTY,
    prev: Square::A1,
    hurdles: 0,
    next: false,
};

/// Compiles a piece's tables for both colours; Black's are White's when the piece's moves
/// are symmetric front to back (every catalogue piece).
fn compile_both(components: &[Component]) -> [Arc<Tables>; 2] {
    let white = Arc::new(compile(components, Color::White));
    let symmetric = components.iter().all(|c| {
        let vectors = c.all_vectors();
        vectors.iter().all(|v| {
            vectors
                .iter()
                .any(|w| w.files == v.files && w.ranks == -v.ranks)
        })
    });
    let black = if symmetric {
        Arc::clone(&white)
    } else {
        Arc::new(compile(components, Color::Black))
    };
    [white, black]
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
                tables: compile_both(&parts),
                value,
            })
        };
        let mut kinds = vec![
            orthodox('K', "king", "K", 0)?,
            KindInfo {
                letter: 'P',
                name: "pawn".into(),
                popeye: Some("P".into()),
                tables: [Arc::default(), Arc::default()],
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
                tables: compile_both(&piece.components),
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

    /// True for the game of the six orthodox men alone (no extra kind).
    pub fn is_orthodox(&self) -> bool {
        self.kinds.len() == ORTHODOX_KINDS
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
