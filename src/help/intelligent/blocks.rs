//! Blocks: squares next to the mated king that a target wants held by some man of the mated
//! side, without saying which. A [`Block`] names the men that may hold its square and the
//! roles they may stand there as; the moves a man needs to hold it are its empty-board
//! moves to stand there as one of those roles ([`moves_to_hold`]). Each man stands on one
//! square at the end, so the blocks together need at least the fewest moves of any way of
//! giving each a man of its own ([`held_apart`]), which is at least the sum of each block's
//! fewest: the search keeps that sum up to date move by move
//! ([`super::progress::Progress`]), and the assignment is asked once per target.

use super::men::moves_as;
use crate::board::distances::moves_to_stand;
use crate::board::{Color, Role, Square};

/// A square some man of the mated side must hold at the end, the men that may (as bits of
/// men's numbers) and the roles they may stand there as (as bits of [`Role::index`]): which
/// man does not matter.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub(super) struct Block {
    pub square: Square,
    pub holders: u32,
    pub roles: u8,
}

/// Every role, as bits of [`Role::index`].
pub(super) const ALL_ROLES: u8 = (1 << 6) - 1;

/// The most squares a target blocks: the squares next to a king.
pub(super) const MAX_BLOCKS: usize = 8;

/// The moves a `color` man of `role` on `from` needs to stand on `block`'s square as one of
/// its roles (a pawn may promote on the way; where `straight`, without capturing).
pub(super) fn moves_to_hold(
    straight: bool,
    color: Color,
    role: Role,
    from: Square,
    block: &Block,
) -> Option<u32> {
    if block.roles == ALL_ROLES && !(straight && role == Role::Pawn) {
        return moves_to_stand(color, role, from, block.square);
    }
    let ends: &[Role] = if role == Role::Pawn {
        &[
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
        ]
    } else {
        std::slice::from_ref(&role)
    };
    ends.iter()
        .filter(|end| block.roles & (1 << end.index()) != 0)
        .filter_map(|&end| moves_as(straight, color, role, from, end, block.square))
        .min()
}

/// The fewest moves `blocks` take with each held by a man of its own, `moves(man, block)`
/// being what a man needs to hold a block (at least `unreachable` where it cannot), over the
/// men of `men` (as bits). A small dynamic programme: per set of blocks held so far (as bits
/// of their indices), the fewest moves, man by man, each man holding one block of the set
/// or none.
pub(super) fn held_apart(
    blocks: &[Block],
    men: u32,
    unreachable: u32,
    moves: impl Fn(usize, &Block) -> u32,
) -> u32 {
    let full = (1usize << blocks.len()) - 1;
    let mut fewest = [unreachable; 1 << MAX_BLOCKS];
    fewest[0] = 0;
    let mut rest = men;
    while rest != 0 {
        let man = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        for held in (1..=full).rev() {
            for (j, block) in blocks.iter().enumerate() {
                if held & (1 << j) == 0 || block.holders & (1 << man) == 0 {
                    continue;
                }
                let with = fewest[held & !(1 << j)].saturating_add(moves(man, block));
                fewest[held] = fewest[held].min(with);
            }
        }
    }
    fewest[full]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Position, Validation};
    use crate::help::intelligent::men::Men;

    /// The blocks held by men of their own: the fewest moves over every way of giving each
    /// block its own man, tried one by one, and at least the sum of each block's fewest.
    #[test]
    fn held_apart_takes_the_fewest_moves_of_any_assignment() {
        let pos = Position::from_fen(
            "4k3/1p1q1p2/b1n5/4N3/3B4/8/P4PP1/R3K2R b - - 0 1",
            Validation::Lenient,
        )
        .expect("a legal position");
        let men = Men::of(&pos);
        let black: Vec<u8> = men
            .of_color(Color::Black)
            .filter(|&(_, role, _)| role != Role::King)
            .map(|(man, _, _)| man)
            .collect();
        let holders = black.iter().fold(0u32, |bits, &man| bits | 1 << man);
        let blocks: Vec<Block> = ["d8", "e7", "f8", "d6"]
            .iter()
            .map(|name| Block {
                square: Square::from_ascii(name.as_bytes()).expect("a square"),
                holders,
                roles: ALL_ROLES,
            })
            .collect();
        const NEVER: u32 = 1000;
        let moves =
            |man: usize, block: &Block| men.hold_moves_of(man as u8, block).unwrap_or(NEVER);
        fn fewest(blocks: &[Block], free: &[u8], moves: &impl Fn(usize, &Block) -> u32) -> u32 {
            let Some((block, rest)) = blocks.split_first() else {
                return 0;
            };
            free.iter()
                .map(|&man| {
                    let others: Vec<u8> = free.iter().copied().filter(|&m| m != man).collect();
                    moves(man as usize, block) + fewest(rest, &others, moves)
                })
                .min()
                .unwrap_or(NEVER)
        }
        let mut more_than_the_sum = 0;
        for count in 1..=blocks.len() {
            let expected = fewest(&blocks[..count], &black, &moves);
            assert_eq!(
                held_apart(&blocks[..count], holders, NEVER, moves),
                expected
            );
            let sum: u32 = blocks[..count]
                .iter()
                .map(|block| {
                    black
                        .iter()
                        .map(|&man| moves(man as usize, block))
                        .min()
                        .unwrap_or(NEVER)
                })
                .sum();
            assert!(sum <= expected);
            more_than_the_sum += usize::from(sum < expected);
        }
        // The queen is the nearest man to d8, e7 and d6 alike: held apart, they cost more.
        assert!(more_than_the_sum >= 2, "{more_than_the_sum}");
    }
}
