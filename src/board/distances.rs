//! Empty-board distances: the squares a man can stand on, and the squares it can attack,
//! after at most n of its own moves on a board with no other man on it. A pawn may move
//! diagonally at any time (as if there were always something to capture) and promotes to
//! whatever serves. Every line on a real board needs at least as many moves of that man, so
//! searches may prune with these sets ("moves left" arguments, as in Popeye's intelligent
//! help play): a man that cannot reach a square within n moves here cannot on any board.
//!
//! The tables hold the levels 0 to [`HORIZON`]; a bound beyond the horizon reads the last
//! level, which holds every square the man can ever reach (or attack), so it stays a
//! superset.

use super::attacks::attacks;
use super::{Bitboard, Color, Role, Square};
use std::sync::OnceLock;

/// The last level the tables tell apart; every larger bound reads it.
pub const HORIZON: usize = 15;

/// The seven walkers: the five pieces, and the pawn of each colour.
const WALKERS: usize = 7;

/// Per walker and square: the squares reached (or attacked) within 0..=HORIZON moves.
struct Tables {
    reach: Vec<[Bitboard; HORIZON + 1]>,
    attack: Vec<[Bitboard; HORIZON + 1]>,
}

/// The squares a `color` man of `role` on `from` can stand on after at most `moves` of its
/// own moves on an empty board (a pawn: as a pawn or as any piece it promotes to).
pub fn reach_within(color: Color, role: Role, from: Square, moves: u32) -> Bitboard {
    tables().reach[slot(color, role, from)][level(moves)]
}

/// The squares a `color` man of `role` on `from` can attack after at most `moves` of its own
/// moves on an empty board.
pub fn attack_within(color: Color, role: Role, from: Square, moves: u32) -> Bitboard {
    tables().attack[slot(color, role, from)][level(moves)]
}

/// The fewest of its own moves a `color` man of role `from_role` on `from` needs, on the
/// empty board, to stand on `to` as a `to_role` (a pawn becomes a piece by promoting; a piece
/// never changes); `None` where it never can.
pub fn moves_between(
    color: Color,
    from_role: Role,
    from: Square,
    to_role: Role,
    to: Square,
) -> Option<u32> {
    let row = slot(color, from_role, from) * 6 * 64;
    let moves = exact_table()[row + to_role.index() * 64 + to.index()];
    (moves != NEVER).then_some(u32::from(moves))
}

/// The fewest of its own moves a `color` pawn on `from` needs, on the empty board and without
/// capturing, to stand on `to` as a `to_role`: ahead on its own file (two squares at once from
/// its first rank), promoting on the last rank to a piece that goes on from there; `None` where
/// it never can.
pub fn pawn_moves_straight(color: Color, from: Square, to_role: Role, to: Square) -> Option<u32> {
    // Ranks counted from the pawn's own side: its first rank is 1, the last 7.
    let ahead = |square: Square| match color {
        Color::White => square.rank(),
        Color::Black => 7 - square.rank(),
    };
    let pushes = |from_rank: u8, to_rank: u8| {
        let steps = u32::from(to_rank - from_rank);
        if from_rank == 1 && steps >= 2 {
            steps - 1
        } else {
            steps
        }
    };
    let start = ahead(from);
    if start == 0 || start == 7 {
        return None;
    }
    if to_role == Role::Pawn {
        let end = ahead(to);
        return (to.file() == from.file() && end >= start && end < 7).then(|| pushes(start, end));
    }
    if to_role == Role::King {
        return None;
    }
    let promotion = Square::from_coords(from.file(), if color == Color::White { 7 } else { 0 })?;
    let onwards = moves_between(color, to_role, promotion, to_role, to)?;
    Some(pushes(start, 7) + onwards)
}

/// The fewest of its own moves a `color` man of `role` on `from` needs to stand on `to` as
/// whatever serves (a pawn may promote on the way); `None` where it never can.
pub fn moves_to_stand(color: Color, role: Role, from: Square, to: Square) -> Option<u32> {
    let row = slot(color, role, from) * 64;
    let moves = stand_table()[row + to.index()];
    (moves != NEVER).then_some(u32::from(moves))
}

/// Per walker and square (as [`slot`]), per square: [`moves_to_stand`].
fn stand_table() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let exact = exact_table();
        let mut table = vec![NEVER; WALKERS * 64 * 64];
        for (row, cells) in table.chunks_mut(64).enumerate() {
            for role in Role::ALL {
                let from_row = (row * 6 + role.index()) * 64;
                for (cell, &moves) in cells.iter_mut().zip(&exact[from_row..from_row + 64]) {
                    *cell = (*cell).min(moves);
                }
            }
        }
        table
    })
}

/// An unreachable state in the exact table.
const NEVER: u8 = u8::MAX;

/// Per walker and square (as [`slot`]), per role and square: the moves between the states.
fn exact_table() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = vec![NEVER; WALKERS * 64 * 6 * 64];
        for walker in 0..WALKERS {
            let (color, role) = walker_of(walker);
            for from in Square::all() {
                let row = (walker * 64 + from.index()) * 6 * 64;
                for (distance, state) in distances(color, State { square: from, role }) {
                    let cell = &mut table[row + state.role.index() * 64 + state.square.index()];
                    *cell = distance.min(usize::from(NEVER - 1)) as u8;
                }
            }
        }
        table
    })
}

/// The colour and role a table row's walker stands for (pieces: white, as both colours
/// move them alike).
fn walker_of(walker: usize) -> (Color, Role) {
    match walker {
        0 => (Color::White, Role::Pawn),
        6 => (Color::Black, Role::Pawn),
        piece => (Color::White, Role::from_index(piece).unwrap_or(Role::King)),
    }
}

fn level(moves: u32) -> usize {
    (moves as usize).min(HORIZON)
}

/// The table row of a man: pieces share one walker for both colours, pawns have one each.
fn slot(color: Color, role: Role, from: Square) -> usize {
    let walker = match (role, color) {
        (Role::Pawn, Color::White) => 0,
        (Role::Pawn, Color::Black) => 6,
        (piece, _) => piece.index(),
    };
    walker * 64 + from.index()
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(build)
}

/// A man's state on the empty board: where it stands and what it is (a pawn may promote).
#[derive(Clone, Copy)]
struct State {
    square: Square,
    role: Role,
}

fn build() -> Tables {
    let mut reach = vec![[Bitboard::EMPTY; HORIZON + 1]; WALKERS * 64];
    let mut attack = vec![[Bitboard::EMPTY; HORIZON + 1]; WALKERS * 64];
    for walker in 0..WALKERS {
        let (color, role) = walker_of(walker);
        for from in Square::all() {
            let row = walker * 64 + from.index();
            for (distance, state) in distances(color, State { square: from, role }) {
                let seen = attacks_of(color, state);
                for n in distance.min(HORIZON)..=HORIZON {
                    reach[row][n] = reach[row][n].with(state.square);
                    attack[row][n] |= seen;
                }
            }
        }
    }
    Tables { reach, attack }
}

/// Every state a man can reach on the empty board, with its number of moves (breadth
/// first, so each state once, at its shortest distance).
fn distances(color: Color, start: State) -> Vec<(usize, State)> {
    let index = |s: State| s.role.index() * 64 + s.square.index();
    let mut seen = [false; 6 * 64];
    seen[index(start)] = true;
    let mut found = vec![(0, start)];
    let mut next = 0;
    while next < found.len() {
        let (distance, state) = found[next];
        next += 1;
        for step in steps(color, state) {
            if !seen[index(step)] {
                seen[index(step)] = true;
                found.push((distance + 1, step));
            }
        }
    }
    found
}

/// The states one move of the man leads to on the empty board: a piece moves where it
/// attacks.
fn steps(color: Color, state: State) -> Vec<State> {
    if state.role == Role::Pawn {
        return pawn_steps(color, state.square);
    }
    attacks_of(color, state)
        .into_iter()
        .map(|square| State {
            square,
            role: state.role,
        })
        .collect()
}

/// A pawn's pushes (two from its second rank), captures, and promotions on the last rank.
fn pawn_steps(color: Color, from: Square) -> Vec<State> {
    let forward = color.forward();
    let second_rank = if color == Color::White { 1 } else { 6 };
    let last_rank = if color == Color::White { 7 } else { 0 };
    let mut targets: Vec<Square> = [-1, 0, 1]
        .iter()
        .filter_map(|&df| from.offset(df, forward))
        .collect();
    if from.rank() == second_rank {
        targets.extend(from.offset(0, 2 * forward));
    }
    let mut states = Vec::new();
    for square in targets {
        if square.rank() == last_rank {
            states.extend(Role::PROMOTIONS.iter().map(|&role| State { square, role }));
        } else {
            states.push(State {
                square,
                role: Role::Pawn,
            });
        }
    }
    states
}

/// The squares the man attacks from its state on the empty board.
fn attacks_of(color: Color, state: State) -> Bitboard {
    attacks(color, state.role, state.square, Bitboard::EMPTY)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().expect("a square name")
    }

    /// A pawn's straight moves against a search of its own: pushes (a double step from the
    /// first rank), a promotion on the last rank, then the piece's moves on the empty board.
    #[test]
    fn straight_pawn_moves_equal_a_search_of_pushes_and_promotions() {
        for color in Color::ALL {
            let forward: i8 = if color == Color::White { 1 } else { -1 };
            for from in Square::all() {
                // Per role and square: the fewest moves, by a breadth-first search.
                let mut seen = [[u32::MAX; 64]; 6];
                let mut level = vec![(Role::Pawn, from)];
                let first = if color == Color::White { 1 } else { 6 };
                if from.rank() == 0 || from.rank() == 7 {
                    level.clear();
                }
                let mut moves = 0;
                while !level.is_empty() {
                    let mut next = Vec::new();
                    for (role, square) in level {
                        if seen[role.index()][square.index()] != u32::MAX {
                            continue;
                        }
                        seen[role.index()][square.index()] = moves;
                        let mut targets = Vec::new();
                        if role == Role::Pawn {
                            targets.extend(square.offset(0, forward));
                            if square.rank() == first {
                                targets.extend(square.offset(0, 2 * forward));
                            }
                        } else {
                            targets.extend(attacks(color, role, square, Bitboard::EMPTY));
                        }
                        for to in targets {
                            if role == Role::Pawn && (to.rank() == 0 || to.rank() == 7) {
                                next.extend(Role::PROMOTIONS.map(|promoted| (promoted, to)));
                            } else {
                                next.push((role, to));
                            }
                        }
                    }
                    level = next;
                    moves += 1;
                }
                for role in [Role::Pawn].into_iter().chain(Role::PROMOTIONS) {
                    for to in Square::all() {
                        let searched = seen[role.index()][to.index()];
                        let expected = (searched != u32::MAX).then_some(searched);
                        let straight = pawn_moves_straight(color, from, role, to);
                        assert_eq!(straight, expected, "{color:?} pawn {from} to {role:?} {to}");
                        // Never fewer than with captures.
                        if let Some(moves) = straight {
                            let free = moves_between(color, Role::Pawn, from, role, to);
                            assert!(free.is_some_and(|free| free <= moves));
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_knight_needs_six_moves_corner_to_corner_and_a_bishop_keeps_its_colour() {
        let knight = |n| reach_within(Color::White, Role::Knight, sq("a1"), n);
        assert!(!knight(5).contains(sq("h8")));
        assert!(knight(6).contains(sq("h8")));
        assert!(knight(0) == Bitboard::from_square(sq("a1")));
        let bishop = reach_within(Color::Black, Role::Bishop, sq("c1"), 20);
        assert!(bishop.contains(sq("h6")) && !bishop.contains(sq("h7")));
        assert!(attack_within(Color::White, Role::Rook, sq("a1"), 0).contains(sq("a8")));
        assert!(!attack_within(Color::White, Role::Rook, sq("a1"), 0).contains(sq("b2")));
    }

    #[test]
    fn a_pawn_walks_forward_captures_anywhere_and_promotes_to_what_serves() {
        let pawn = |n| reach_within(Color::White, Role::Pawn, sq("e2"), n);
        assert!(pawn(1).contains(sq("e4")) && pawn(1).contains(sq("d3")));
        assert!(!pawn(1).contains(sq("e1")) && !pawn(5).contains(sq("e1")));
        assert!(pawn(6).contains(sq("e1")), "back as a queen: e8=Q, Qe8-e1");
        // e2-e4, e5, e6, e7, e8 and promotes: five moves.
        assert!(pawn(5).contains(sq("e8")) && !pawn(4).contains(sq("e8")));
        assert!(pawn(6).contains(sq("a1")), "a queen from a8 reaches a1");
        let black = attack_within(Color::Black, Role::Pawn, sq("d7"), 0);
        assert_eq!(black, Bitboard::from_square(sq("c6")).with(sq("e6")));
        assert!(attack_within(Color::Black, Role::Pawn, sq("b2"), 1).contains(sq("h8")));
    }

    #[test]
    fn exact_moves_tell_the_promoted_piece_apart() {
        let between =
            |role, from, to_role, to| moves_between(Color::White, role, sq(from), to_role, sq(to));
        assert_eq!(between(Role::Pawn, "c2", Role::Queen, "c8"), Some(5));
        assert_eq!(between(Role::Pawn, "c2", Role::Queen, "g3"), Some(6));
        assert_eq!(between(Role::Pawn, "c2", Role::Knight, "b6"), Some(6));
        assert_eq!(between(Role::Pawn, "c2", Role::Pawn, "c1"), None);
        assert_eq!(between(Role::Bishop, "c1", Role::Bishop, "h7"), None);
        assert_eq!(between(Role::Knight, "a1", Role::Knight, "h8"), Some(6));
        assert_eq!(between(Role::Rook, "a1", Role::Rook, "a1"), Some(0));
        let black = moves_between(Color::Black, Role::Pawn, sq("f3"), Role::Rook, sq("f1"));
        assert_eq!(black, Some(2));
        let stand = |role, from, to| moves_to_stand(Color::White, role, sq(from), sq(to));
        assert_eq!(
            stand(Role::Pawn, "c2", "c1"),
            Some(6),
            "c4, c5, c6, c7, c8=R, Rc1"
        );
        assert_eq!(stand(Role::Pawn, "c2", "d3"), Some(1));
        assert_eq!(stand(Role::Bishop, "c1", "h7"), None);
        // Agrees with the levels wherever the role is kept.
        for from in Square::all() {
            for to in Square::all() {
                let n = moves_between(Color::Black, Role::Knight, from, Role::Knight, to);
                let n = n.expect("a knight goes everywhere");
                assert!(reach_within(Color::Black, Role::Knight, from, n).contains(to));
                assert!(
                    n == 0 || !reach_within(Color::Black, Role::Knight, from, n - 1).contains(to)
                );
            }
        }
    }

    /// Every level against a breadth-first search written another way: the squares reached
    /// after exactly n moves, grown one move at a time from the level before.
    #[test]
    fn each_level_is_the_last_one_grown_by_one_move() {
        for role in [
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
            Role::King,
        ] {
            for from in Square::all() {
                let mut level = Bitboard::from_square(from);
                for n in 0..=HORIZON as u32 {
                    assert_eq!(reach_within(Color::White, role, from, n), level);
                    let mut grown = level;
                    for square in level {
                        grown |= attacks_of(Color::White, State { square, role });
                    }
                    level = grown;
                }
            }
        }
    }
}
