//! Popeye's sibling order: the order in which Popeye prints the moves of one list (first
//! moves, threats, Black replies, continuations, refutations), so that Mateproof's Popeye text
//! matches Popeye's byte for byte.
//!
//! Popeye prints moves in the reverse of its generation order (its move stack is taken from
//! the top). Its ordinary generator visits squares h8…a1, so pieces come out a1…h8; its
//! mate-in-one generator visits a1…h8, so mating moves come out h8…a1. Within one piece the
//! order is the reverse of that piece's direction table; promotions keep the order Q, S, R, B.
//! `protocol/popeye.md` §3 derives this from Popeye's sources and the reference outputs.
//!
//! This module only ranks legal moves; it never generates, filters or prints them.

use crate::board::{Move, MoveKind, MoveList, Position, Role, Square};

/// Which of Popeye's generators produced a list of sibling moves.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Lister {
    /// The ordinary generator: every Black list, and White moves that do not mate at once.
    Ordinary,
    /// The orthodox mate-in-one generator: White moves of length 1 (mating moves).
    Mating,
}

impl Lister {
    /// The lister of a White move that needs `length` moves to mate (1 = it mates).
    pub const fn for_attack(length: u32) -> Lister {
        if length == 1 {
            Lister::Mating
        } else {
            Lister::Ordinary
        }
    }
}

/// Direction steps as (file, rank) deltas in the order of Popeye's `vec[]` table for kings and
/// queens: right, up, left, down, up-left, up-right, down-right, down-left.
const QUEEN_DIRECTIONS: [(i8, i8); 8] = [
    (1, 0),
    (0, 1),
    (-1, 0),
    (0, -1),
    (-1, 1),
    (1, 1),
    (1, -1),
    (-1, -1),
];
const ROOK_DIRECTIONS: [(i8, i8); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
const BISHOP_DIRECTIONS: [(i8, i8); 4] = [(-1, 1), (1, 1), (1, -1), (-1, -1)];
/// Popeye's knight vectors `22, 47, 49, 26, -22, -47, -49, -26` on its 24-wide board.
pub(super) const KNIGHT_STEPS: [(i8, i8); 8] = [
    (-2, 1),
    (-1, 2),
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
];

/// The sort key of legal move `m` of `pos` among its siblings: sorting a list by ascending key
/// gives Popeye's printing order.
///
/// ```
/// use mateproof::board::{Position, Validation};
/// use mateproof::notation::parse_uci;
/// use mateproof::popeye::order::{sibling_key, Lister};
/// let pos = Position::from_fen("4Q3/8/8/8/8/8/8/4K2k w - - 0 1", Validation::Lenient).unwrap();
/// let key = |uci: &str| sibling_key(&pos, parse_uci(&pos, uci).unwrap(), Lister::Ordinary);
/// // Pieces by square a1..h8: the king on e1 before the queen on e8.
/// assert!(key("e1d2") < key("e8a4"));
/// // A rider's farthest square first.
/// assert!(key("e8a4") < key("e8d7"));
/// ```
pub fn sibling_key(pos: &Position, m: Move, lister: Lister) -> u32 {
    move_key(pos.role_at(m.from()), m, lister)
}

/// [`sibling_key`] of a move `m` of a man of `role` (any board with the six orthodox men: a
/// fairy position without fairy men is listed so too).
pub fn move_key(role: Option<Role>, m: Move, lister: Lister) -> u32 {
    if m.is_null() {
        return 0;
    }
    let from = m.from().index() as u32;
    let square_rank = match lister {
        Lister::Ordinary => from,
        Lister::Mating => 63 - from,
    };
    let generated = role.map_or(0, |role| generation_index(role, m, lister));
    // Printed order is the reverse of generation within a piece.
    let within_piece = 255 - generated.min(255);
    (square_rank << 16) | (within_piece << 8) | promotion_rank(m)
}

/// Sorts `moves` (legal moves of `pos`) into Popeye's printing order. Each move's key is
/// computed once (a two-mover's hundred first moves asked for theirs seven times each).
pub fn sort_siblings(pos: &Position, moves: &mut [Move], lister: Lister) {
    moves.sort_by_cached_key(|&m| sibling_key(pos, m, lister));
}

/// Sorts the legal first moves of a `moves`-move directmate into Popeye's listing order: the
/// order in which the solver tries them (so `MaxSolutions` keeps Popeye's keys) and in which
/// the text, JSON and UCI reports list them. A [`crate::solver::FirstMoveOrder`].
pub fn sort_first_moves(pos: &Position, first: &mut MoveList, moves: u32) {
    sort_siblings(pos, first, Lister::for_attack(moves));
}

/// Whether `moves` already stand in Popeye's order (ties allowed).
pub fn is_in_sibling_order(pos: &Position, moves: &[Move], lister: Lister) -> bool {
    moves
        .windows(2)
        .all(|w| sibling_key(pos, w[0], lister) <= sibling_key(pos, w[1], lister))
}

/// Promotions are chosen when the move is played, in the order Q, S, R, B (not reversed).
fn promotion_rank(m: Move) -> u32 {
    match m.promotion() {
        None | Some(Role::Queen) => 0,
        Some(Role::Knight) => 1,
        Some(Role::Rook) => 2,
        Some(Role::Bishop) => 3,
        Some(_) => 4,
    }
}

/// The position of `m` in the generation sequence of the moving piece.
fn generation_index(role: Role, m: Move, lister: Lister) -> u32 {
    let (df, dr) = delta(m.from(), m.to());
    match role {
        Role::King => king_index(m, df, dr),
        Role::Queen => rider_index(&QUEEN_DIRECTIONS, df, dr),
        Role::Rook => rider_index(&ROOK_DIRECTIONS, df, dr),
        Role::Bishop => rider_index(&BISHOP_DIRECTIONS, df, dr),
        Role::Knight => position_of(&KNIGHT_STEPS, (df, dr)),
        Role::Pawn => pawn_index(m, df, dr, lister),
    }
}

fn delta(from: Square, to: Square) -> (i8, i8) {
    (
        to.file() as i8 - from.file() as i8,
        to.rank() as i8 - from.rank() as i8,
    )
}

fn position_of(steps: &[(i8, i8)], step: (i8, i8)) -> u32 {
    steps
        .iter()
        .position(|&s| s == step)
        .map_or(0, |i| i as u32)
}

/// King steps in queen-direction order, then 0-0, then 0-0-0 (generated after the steps).
fn king_index(m: Move, df: i8, dr: i8) -> u32 {
    if m.is_castle() {
        return if df > 0 { 8 } else { 9 };
    }
    position_of(&QUEEN_DIRECTIONS, (df, dr))
}

/// Riders generate direction by direction, each from the nearest square outward.
fn rider_index(directions: &[(i8, i8)], df: i8, dr: i8) -> u32 {
    let distance = df.unsigned_abs().max(dr.unsigned_abs());
    if distance == 0 {
        return 0;
    }
    let unit = (df / distance as i8, dr / distance as i8);
    position_of(directions, unit) * 8 + u32::from(distance)
}

/// Ordinary generator: capture towards the a-file, capture towards the h-file, single step,
/// double step (e.p. in its capture direction). Mate-in-one generator: e.p., single step,
/// double step, capture towards the a-file, capture towards the h-file.
fn pawn_index(m: Move, df: i8, dr: i8, lister: Lister) -> u32 {
    #[derive(PartialEq)]
    enum Step {
        EnPassant,
        CaptureLeft,
        CaptureRight,
        Single,
        Double,
    }
    let step = if m.kind() == MoveKind::EnPassant && lister == Lister::Mating {
        Step::EnPassant
    } else if df < 0 {
        Step::CaptureLeft
    } else if df > 0 {
        Step::CaptureRight
    } else if dr.abs() == 2 {
        Step::Double
    } else {
        Step::Single
    };
    let order: [Step; 5] = match lister {
        Lister::Ordinary => [
            Step::CaptureLeft,
            Step::CaptureRight,
            Step::Single,
            Step::Double,
            Step::EnPassant,
        ],
        Lister::Mating => [
            Step::EnPassant,
            Step::Single,
            Step::Double,
            Step::CaptureLeft,
            Step::CaptureRight,
        ],
    };
    order
        .iter()
        .position(|s| *s == step)
        .map_or(0, |i| i as u32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Validation;
    use crate::notation::{parse_popeye, to_popeye, Language};

    fn ordered(fen: &str, lister: Lister) -> Vec<String> {
        let pos = Position::from_fen(fen, Validation::Lenient).unwrap();
        let mut moves: Vec<Move> = pos.legal_moves().iter().copied().collect();
        sort_siblings(&pos, &mut moves, lister);
        moves
            .iter()
            .map(|&m| to_popeye(&pos, m, Language::English))
            .collect()
    }

    /// Popeye's MoveNumbers listing of features/f13 (Juehe #3) gives its full first-move order.
    #[test]
    fn first_moves_follow_popeye_move_numbers() {
        let got = ordered(
            "4Q3/8/8/3pP3/3p1BN1/4p2P/6k1/4K2R w K - 0 1",
            Lister::Ordinary,
        );
        // Popeye numbers pseudo-legal moves; Ke1-f2, Ke1-d2 and Ke1-f1 are illegal and left out.
        let popeye = "Ke1-d1 Ke1-e2 Rh1-f1 Rh1-g1 Rh1-h2 h3-h4 Bf4*e3 Bf4-h2 \
                      Bf4-g3 Bf4-h6 Bf4-g5 Sg4*e3 Sg4-f2 Sg4-h2 Sg4-h6 Sg4-f6 e5-e6 Qe8-a4 Qe8-b5 \
                      Qe8-c6 Qe8-d7 Qe8-h5 Qe8-g6 Qe8-f7 Qe8-e6 Qe8-e7 Qe8-a8 Qe8-b8 Qe8-c8 Qe8-d8 \
                      Qe8-h8 Qe8-g8 Qe8-f8";
        // Castling is allowed in f13, but 0-0 is illegal there (the black king guards f1).
        assert_eq!(got.join(" "), popeye);
    }

    #[test]
    fn castling_comes_before_the_kings_steps() {
        let got = ordered("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", Lister::Ordinary);
        let castle = got.iter().position(|m| m == "0-0-0").unwrap();
        let short = got.iter().position(|m| m == "0-0").unwrap();
        let step = got.iter().position(|m| m.starts_with("Ke1")).unwrap();
        assert!(castle < short && short < step, "{got:?}");
    }

    #[test]
    fn mating_moves_run_from_h8_to_a1_and_promotions_keep_q_s_r_b() {
        let pos =
            Position::from_fen("r5k1/1P6/8/8/8/8/8/2Q1K3 w - - 0 1", Validation::Lenient).unwrap();
        let m = |t: &str| parse_popeye(&pos, t, Language::English).unwrap();
        let mut moves = vec![m("Qc1-c8"), m("b7*a8=R"), m("b7*a8=Q"), m("b7-b8=S")];
        sort_siblings(&pos, &mut moves, Lister::Mating);
        let texts: Vec<String> = moves
            .iter()
            .map(|&x| to_popeye(&pos, x, Language::English))
            .collect();
        assert_eq!(texts, ["b7*a8=Q", "b7*a8=R", "b7-b8=S", "Qc1-c8"]);
        sort_siblings(&pos, &mut moves, Lister::Ordinary);
        let texts: Vec<String> = moves
            .iter()
            .map(|&x| to_popeye(&pos, x, Language::English))
            .collect();
        assert_eq!(texts, ["Qc1-c8", "b7-b8=S", "b7*a8=Q", "b7*a8=R"]);
    }

    #[test]
    fn knight_order_reverses_popeye_vectors() {
        let got = ordered("7k/8/8/8/3N4/8/8/K7 w - - 0 1", Lister::Ordinary);
        let knight: Vec<&String> = got.iter().filter(|m| m.starts_with('S')).collect();
        assert_eq!(
            knight,
            ["Sd4-b3", "Sd4-c2", "Sd4-e2", "Sd4-f3", "Sd4-f5", "Sd4-e6", "Sd4-c6", "Sd4-b5"]
        );
    }
}
