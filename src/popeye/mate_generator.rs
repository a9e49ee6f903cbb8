//! The moves Popeye's orthodox mate-in-one generator produces, the candidates it numbers under
//! `MoveNumbers` in a `#1` (`optimisations/orthodox_mating_moves/`, read and followed, not
//! copied), and the castlings its ordinary generator produces. Both are pseudo-legal: Popeye
//! numbers a move before it tests its legality.
//!
//! The mate generator only makes the moves that may check the opponent's king: a man in front
//! of a battery (a rook, bishop or queen of the same side behind it on the line to the king)
//! makes all its moves, the king then every step off the battery line that does not touch the
//! other king; otherwise a knight goes to the squares a knight's move from the king, a rook or
//! bishop to the first square of a line to the king that it reaches going nearer to it (or
//! takes the man that stands on its line to the king), a queen to every square from which its
//! line to the king is open, a pawn to the squares from which it attacks the king (or, on the
//! promotion rank, to those where the new piece may). Castling is always made, and en passant.
//!
//! Castling (both generators) needs the king on its home square with the right, the squares to
//! the rook empty, the king not in check and the square it passes not attacked; the square it
//! lands on is tested later, with the legality of every move.
//!
//! This module lists moves; it never orders, plays or judges them.

use super::order::KNIGHT_STEPS;
use crate::board::{
    castle_geometry as geometry, Bitboard, Color, Move, MoveKind, Position, Role, Square, Wing,
};

type Step = (i8, i8);

/// Popeye's rook vectors in its order: right, up, left, down.
const ROOK: [Step; 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
/// Popeye's bishop vectors in its order: up-left, up-right, down-right, down-left.
const BISHOP: [Step; 4] = [(-1, 1), (1, 1), (1, -1), (-1, -1)];
/// Popeye's queen (and king) vectors: the rook's, then the bishop's.
const QUEEN: [Step; 8] = [
    ROOK[0], ROOK[1], ROOK[2], ROOK[3], BISHOP[0], BISHOP[1], BISHOP[2], BISHOP[3],
];

/// The promotions of one generated pawn move, in the order Popeye chooses them.
const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Knight, Role::Rook, Role::Bishop];

/// The lines a rider moves along.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Lines {
    Orthogonal,
    Diagonal,
    Both,
}

/// Squared distance, Popeye's `move_diff_code`.
fn distance2(a: Square, b: Square) -> i32 {
    let df = i32::from(a.file()) - i32::from(b.file());
    let dr = i32::from(a.rank()) - i32::from(b.rank());
    df * df + dr * dr
}

fn same_colour(a: Square, b: Square) -> bool {
    a.is_dark() == b.is_dark()
}

/// The unit step from `from` towards `to` when `to` is on one of `lines` from `from`.
fn line_step(from: Square, to: Square, lines: Lines) -> Option<Step> {
    let df = to.file() as i8 - from.file() as i8;
    let dr = to.rank() as i8 - from.rank() as i8;
    let orthogonal = (df == 0) != (dr == 0);
    let diagonal = df != 0 && df.abs() == dr.abs();
    let on = match lines {
        Lines::Orthogonal => orthogonal,
        Lines::Diagonal => diagonal,
        Lines::Both => orthogonal || diagonal,
    };
    on.then(|| (df.signum(), dr.signum()))
}

fn same_axis(a: Step, b: Step) -> bool {
    a == b || a == (-b.0, -b.1)
}

struct Generator<'p> {
    pos: &'p Position,
    us: Color,
    /// The opponent's king.
    king: Square,
    moves: Vec<Move>,
}

impl Generator<'_> {
    fn empty(&self, sq: Square) -> bool {
        self.pos.piece_at(sq).is_none()
    }

    /// A man of the opponent other than the king (a move never "takes" the king: the
    /// position would be illegal).
    fn takeable(&self, sq: Square) -> bool {
        self.pos
            .piece_at(sq)
            .is_some_and(|p| p.color != self.us && p.role != Role::King)
    }

    /// The first occupied square from `from` along `step`, if the line meets one on the board.
    fn end_of_line(&self, from: Square, step: Step) -> Option<Square> {
        let mut sq = from.offset(step.0, step.1)?;
        while self.empty(sq) {
            sq = sq.offset(step.0, step.1)?;
        }
        Some(sq)
    }

    /// The line from `from` along `step` is open up to the king.
    fn sees_king(&self, from: Square, step: Step) -> bool {
        self.end_of_line(from, step) == Some(self.king)
    }

    fn push(&mut self, from: Square, to: Square) {
        self.moves.push(Move::normal(from, to));
    }

    /// A move to an empty square or a capture of a man that may be taken.
    fn push_if_free_or_takeable(&mut self, from: Square, to: Square) {
        if self.empty(to) || self.takeable(to) {
            self.push(from, to);
        }
    }

    /// The step of the line from `from` to the king when `from` is the front man of a battery
    /// whose rear piece moves along `lines` (Popeye's `detect_directed_battery`).
    fn battery(&self, from: Square, rider: Role) -> Option<Step> {
        let lines = if rider == Role::Rook {
            Lines::Orthogonal
        } else {
            Lines::Diagonal
        };
        let step = line_step(from, self.king, lines)?;
        if !self.sees_king(from, step) {
            return None;
        }
        let rear = self.end_of_line(from, (-step.0, -step.1))?;
        self.pos
            .piece_at(rear)
            .is_some_and(|p| p.color == self.us && (p.role == rider || p.role == Role::Queen))
            .then_some(step)
    }

    fn any_battery(&self, from: Square) -> Option<Step> {
        self.battery(from, Role::Bishop)
            .or_else(|| self.battery(from, Role::Rook))
    }

    /// Every move of a rider along `steps` (the front man of a battery).
    fn fire_battery(&mut self, from: Square, steps: &[Step]) {
        for &step in steps {
            let mut to = from.offset(step.0, step.1);
            while let Some(sq) = to.filter(|&sq| self.empty(sq)) {
                self.push(from, sq);
                to = sq.offset(step.0, step.1);
            }
            if let Some(sq) = to.filter(|&sq| self.takeable(sq)) {
                self.push(from, sq);
            }
        }
    }

    /// A rider on a line to the king takes the man in between if the line is then open.
    fn approach_directly(&mut self, from: Square, step: Step) {
        if let Some(sq) = self.end_of_line(from, step) {
            if self.takeable(sq) && self.sees_king(sq, step) {
                self.push(from, sq);
            }
        }
    }

    /// A rider off the king's lines: along each step that brings it nearer, to the first
    /// square on a line to the king, if that line is open (a capture there too).
    fn approach_indirectly(&mut self, from: Square, steps: &[Step], lines: Lines) {
        let distance = distance2(from, self.king);
        for &step in steps {
            let Some(mut to) = from.offset(step.0, step.1) else {
                continue;
            };
            if distance2(to, self.king) >= distance {
                continue;
            }
            let mut line = line_step(to, self.king, lines);
            while line.is_none() && self.empty(to) {
                let Some(next) = to.offset(step.0, step.1) else {
                    break;
                };
                to = next;
                line = line_step(to, self.king, lines);
            }
            if let Some(line) = line {
                if (self.empty(to) || self.takeable(to)) && self.sees_king(to, line) {
                    self.push(from, to);
                }
            }
        }
    }

    fn rider(&mut self, from: Square, role: Role) {
        let (steps, lines, battery_rider): (&[Step], Lines, Role) = match role {
            Role::Rook => (&ROOK, Lines::Orthogonal, Role::Bishop),
            _ => (&BISHOP, Lines::Diagonal, Role::Rook),
        };
        if self.battery(from, battery_rider).is_some() {
            self.fire_battery(from, steps);
        } else if role == Role::Rook || same_colour(from, self.king) {
            match line_step(from, self.king, lines) {
                Some(step) => self.approach_directly(from, step),
                None => self.approach_indirectly(from, steps, lines),
            }
        }
    }

    fn queen(&mut self, from: Square) {
        for step in QUEEN {
            let mut to = from.offset(step.0, step.1);
            while let Some(sq) = to {
                if !self.empty(sq) {
                    break;
                }
                if line_step(sq, self.king, Lines::Both).is_some_and(|l| self.sees_king(sq, l)) {
                    self.push(from, sq);
                }
                to = sq.offset(step.0, step.1);
            }
            if let Some(sq) = to.filter(|&sq| self.takeable(sq)) {
                if line_step(sq, self.king, Lines::Both).is_some_and(|l| self.sees_king(sq, l)) {
                    self.push(from, sq);
                }
            }
        }
    }

    fn knight(&mut self, from: Square) {
        let battery = self.any_battery(from).is_some();
        let near = distance2(from, self.king);
        if !battery && !(same_colour(from, self.king) && near <= 20 && near != 8) {
            return;
        }
        for (df, dr) in KNIGHT_STEPS {
            if let Some(to) = from.offset(df, dr) {
                let checks = KNIGHT_STEPS
                    .iter()
                    .any(|&(x, y)| to.offset(x, y) == Some(self.king));
                if battery || checks {
                    self.push_if_free_or_takeable(from, to);
                }
            }
        }
    }

    fn king_moves(&mut self, from: Square) {
        if let Some(battery) = self.any_battery(from) {
            for step in QUEEN {
                if same_axis(step, battery) {
                    continue;
                }
                if let Some(to) = from.offset(step.0, step.1) {
                    if distance2(to, self.king) > 2 {
                        self.push_if_free_or_takeable(from, to);
                    }
                }
            }
        }
        self.moves.extend(castlings(self.pos));
    }

    /// A pawn on `to` attacks the king, or a piece promoted there might.
    fn pawn_may_check(&self, to: Square, forward: i8, promotes: bool) -> bool {
        to.offset(-1, forward) == Some(self.king)
            || to.offset(1, forward) == Some(self.king)
            || (promotes
                && (line_step(to, self.king, Lines::Both).is_some()
                    || KNIGHT_STEPS
                        .iter()
                        .any(|&(x, y)| to.offset(x, y) == Some(self.king))))
    }

    fn push_pawn(&mut self, from: Square, to: Square, kind: MoveKind, last_rank: u8) {
        if to.rank() == last_rank {
            for role in PROMOTIONS {
                self.moves
                    .push(Move::new(from, to, MoveKind::Promotion(role)));
            }
        } else {
            self.moves.push(Move::new(from, to, kind));
        }
    }

    fn pawn(&mut self, from: Square) {
        let forward = self.us.forward();
        let (base_rank, double_rank, last_rank) = if self.us == Color::White {
            (0, 1, 7)
        } else {
            (7, 6, 0)
        };
        if from.rank() == base_rank {
            return;
        }
        let battery = self.any_battery(from);
        if let Some(ep) = self.pos.ep_square() {
            for side in [1, -1] {
                if from.offset(side, forward) == Some(ep) {
                    self.moves.push(Move::new(from, ep, MoveKind::EnPassant));
                }
            }
        }
        let vertical = battery.is_some_and(|b| b.0 == 0);
        if !vertical {
            if let Some(one) = from.offset(0, forward).filter(|&sq| self.empty(sq)) {
                let promotes = one.rank() == last_rank;
                if battery.is_some() || self.pawn_may_check(one, forward, promotes) {
                    self.push_pawn(from, one, MoveKind::Normal, last_rank);
                }
                if from.rank() == double_rank {
                    if let Some(two) = one.offset(0, forward).filter(|&sq| self.empty(sq)) {
                        if battery.is_some() || self.pawn_may_check(two, forward, false) {
                            self.moves.push(Move::normal(from, two));
                        }
                    }
                }
            }
        }
        for side in [-1, 1] {
            if let Some(to) = from.offset(side, forward).filter(|&sq| self.takeable(sq)) {
                let promotes = to.rank() == last_rank;
                if battery.is_some() || self.pawn_may_check(to, forward, promotes) {
                    self.push_pawn(from, to, MoveKind::Normal, last_rank);
                }
            }
        }
    }
}

/// The moves Popeye's orthodox mate-in-one generator makes for the side to move (none when
/// the opponent has no king), in no particular order.
///
/// ```
/// use mateproof::board::{Position, Validation};
/// use mateproof::popeye::mate_generator::mating_candidates;
/// // Popeye numbers only Rh1-e1 and Rh1-h5 in a #1 with White Ka1 Rh1 Ba8 Sc2, Black Ke5.
/// let pos = Position::from_fen("B7/8/8/4k3/8/8/2N5/K6R w - - 0 1", Validation::Lenient).unwrap();
/// let mut moves: Vec<String> = mating_candidates(&pos).iter().map(|m| m.to_string()).collect();
/// moves.sort();
/// assert_eq!(moves, ["h1e1", "h1h5"]);
/// ```
pub fn mating_candidates(pos: &Position) -> Vec<Move> {
    let us = pos.turn();
    let Some(king) = pos.king(!us) else {
        return Vec::new();
    };
    let mut generator = Generator {
        pos,
        us,
        king,
        moves: Vec::new(),
    };
    for from in pos.by_color(us) {
        match pos.role_at(from) {
            Some(Role::King) => generator.king_moves(from),
            Some(Role::Pawn) => generator.pawn(from),
            Some(Role::Knight) => generator.knight(from),
            Some(Role::Queen) => generator.queen(from),
            Some(role @ (Role::Rook | Role::Bishop)) => generator.rider(from, role),
            None => {}
        }
    }
    generator.moves
}

/// The castlings Popeye generates for the side to move: the right, the king on its home
/// square, the squares to the rook empty, the king not in check and the square it crosses not
/// attacked. Where it lands is not tested here (a castling into check is generated).
pub fn castlings(pos: &Position) -> Vec<Move> {
    let us = pos.turn();
    let occupied = pos.occupied();
    let mut moves = Vec::new();
    if pos.is_check() {
        return moves;
    }
    for wing in Wing::ALL {
        let g = geometry(us, wing);
        let home = pos
            .piece_at(g.king_from)
            .is_some_and(|p| p.role == Role::King && p.color == us);
        if !pos.castling().has(us, wing) || !home || (occupied & g.must_be_empty).any() {
            continue;
        }
        // The king stands on the square it crosses (the rook's destination) for the test.
        let crossing = occupied - Bitboard::from_square(g.king_from);
        if !pos.is_attacked(g.rook_to, !us, crossing) {
            moves.push(Move::new(g.king_from, g.king_to, MoveKind::Castle));
        }
    }
    moves
}
