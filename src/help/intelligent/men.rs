//! The men of a help problem by identity, and how far each placed man still is from its
//! place. A target ([`super::targets`]) names where some men must stand at the end of the
//! line; [`Men`] follows every man through the moves of a line (captures and promotions
//! too) and keeps, per side, the sum of the empty-board moves
//! ([`moves_between`](crate::board::distances::moves_between)) its placed men still need.
//! Each man moves by its own side's moves only, so where that sum exceeds the moves the side
//! has left, no line from here reaches the target.

use crate::board::distances::{moves_between, moves_to_stand, pawn_moves_straight};
use crate::board::{Color, Move, Position, Role, Square};

/// No man: an empty square in [`Men::at`].
const NO_MAN: u8 = u8::MAX;

/// The most men a position holds.
pub(super) const MAX_MEN: usize = 32;

/// Where a man must stand at the end: on `square`, as `role` where it is named (a pawn may
/// promote), or as whatever it is then.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub(super) struct Place {
    pub man: u8,
    pub square: Square,
    pub role: Option<Role>,
}

/// A square some man of the mated side must hold at the end, the men that may (as bits of
/// men's numbers) and the roles they may stand there as (as bits of [`Role::index`]): which
/// man does not matter.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub(super) struct Block {
    pub square: Square,
    pub holders: u32,
    pub roles: u8,
}

/// Every man of a position, numbered, with the places of one target.
#[derive(Clone, Copy)]
pub(super) struct Men {
    /// Per square, the man on it.
    at: [u8; 64],
    color: [Color; MAX_MEN],
    role: [Role; MAX_MEN],
    square: [Square; MAX_MEN],
    /// Per man, its place in the target.
    place: [Option<Place>; MAX_MEN],
    /// Per side, the moves its placed men still need.
    need: [u32; 2],
    /// Squares the target wants held by one of some men of `blocker` (which one does not
    /// matter), and per such square the fewest moves any of them needs.
    blocks: [(Block, u32); MAX_BLOCKS],
    block_count: usize,
    blocker: Color,
    /// The men that may hold some block, still on the board, as bits.
    blocker_men: u32,
    /// The men the target wants taken by the end and still on the board, as bits.
    doomed: u32,
    /// Per side, true where it has nothing to take: the other side's men are its king and
    /// placed men (which stand on their places at the end), so its pawns move straight.
    straight: [bool; 2],
}

/// The most squares a target blocks: the squares next to a king.
const MAX_BLOCKS: usize = 8;

/// No man can stand on the square any more.
const UNREACHABLE: u32 = u32::MAX / 4;

impl Men {
    /// The men of `pos`, numbered square by square from a1, none placed.
    pub(super) fn of(pos: &Position) -> Men {
        let mut men = Men {
            at: [NO_MAN; 64],
            color: [Color::White; MAX_MEN],
            role: [Role::Pawn; MAX_MEN],
            square: [Square::A1; MAX_MEN],
            place: [None; MAX_MEN],
            need: [0; 2],
            blocks: [(
                Block {
                    square: Square::A1,
                    holders: 0,
                    roles: 0,
                },
                0,
            ); MAX_BLOCKS],
            block_count: 0,
            blocker: Color::White,
            blocker_men: 0,
            doomed: 0,
            straight: [false; 2],
        };
        for (number, square) in pos.occupied().into_iter().take(MAX_MEN).enumerate() {
            if let Some(piece) = pos.piece_at(square) {
                men.at[square.index()] = number as u8;
                men.color[number] = piece.color;
                men.role[number] = piece.role;
                men.square[number] = square;
            }
        }
        men
    }

    /// The numbers of `color`'s men, with their roles and squares.
    pub(super) fn of_color(&self, color: Color) -> impl Iterator<Item = (u8, Role, Square)> + '_ {
        self.at
            .iter()
            .filter(|&&man| man != NO_MAN)
            .map(|&man| man as usize)
            .filter(move |&man| self.color[man] == color)
            .map(|man| (man as u8, self.role[man], self.square[man]))
    }

    /// The numbers of every man, with their roles and squares.
    pub(super) fn all(&self) -> impl Iterator<Item = (u8, Role, Square)> + '_ {
        self.at
            .iter()
            .filter(|&&man| man != NO_MAN)
            .map(|&man| (man, self.role[man as usize], self.square[man as usize]))
    }

    pub(super) fn color_of(&self, man: u8) -> Color {
        self.color[man as usize]
    }

    pub(super) fn role_of(&self, man: u8) -> Role {
        self.role[man as usize]
    }

    /// The same men with the men of `doomed` (bits of men's numbers, all of one side) to be
    /// taken by the end.
    pub(super) fn with_doomed(mut self, doomed: u32) -> Men {
        self.doomed = doomed;
        self
    }

    /// The captures `color` still has to make: one move each for the doomed men of the other
    /// side still on the board (the doomed are all of one side).
    pub(super) fn captures_needed(&self, color: Color) -> u32 {
        if self.doomed == 0 || self.color[self.doomed.trailing_zeros() as usize] == color {
            0
        } else {
            self.doomed.count_ones()
        }
    }

    /// A key of what the bound reads besides the position: where each placed man stands and
    /// as what, and which doomed men are still on the board. The same position reached by
    /// two lines may hold its men swapped (the rook that went to a1 in one, a pawn promoted
    /// to a rook in the other), and then the placed men need other moves: a dead end of one
    /// is none of the other.
    pub(super) fn key(&self) -> u64 {
        let mut key = u64::from(self.doomed).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for (man, place) in self.place.iter().enumerate() {
            if place.is_some() {
                let standing = (man as u64) << 16
                    | (self.square[man].index() as u64) << 8
                    | self.role[man].index() as u64;
                key = (key ^ standing)
                    .wrapping_mul(0xFF51_AFD7_ED55_8CCD)
                    .rotate_left(31);
            }
        }
        key
    }

    /// The moves `man` needs from where it stands to `square` (as `role` where named).
    pub(super) fn moves_to(&self, man: u8, square: Square, role: Option<Role>) -> Option<u32> {
        let man = man as usize;
        let color = self.color[man];
        moves_to(
            self.straight[color.index()],
            color,
            self.role[man],
            self.square[man],
            square,
            role,
        )
    }

    /// The same men with the target's places and its `blocks` to be held by men of
    /// `blocker`; `None` where a placed man cannot reach its place, or no man a block.
    pub(super) fn placed(&self, places: &[Place], blocks: &[Block], blocker: Color) -> Option<Men> {
        let mut men = *self;
        men.place = [None; MAX_MEN];
        men.need = [0; 2];
        let placed = places
            .iter()
            .fold(0u32, |bits, place| bits | 1 << place.man);
        for color in Color::ALL {
            men.straight[color.index()] = !self.all().any(|(man, role, _)| {
                self.color[man as usize] != color && role != Role::King && placed & 1 << man == 0
            });
        }
        for &place in places {
            let need = men.moves_to(place.man, place.square, place.role)?;
            men.place[place.man as usize] = Some(place);
            men.need[men.color[place.man as usize].index()] += need;
        }
        men.blocker = blocker;
        // A placed man stands on its place at the end, never on a block.
        men.blocker_men = blocks.iter().fold(0, |bits, block| bits | block.holders) & !placed;
        men.block_count = 0;
        for &block in blocks.iter().take(MAX_BLOCKS) {
            men.blocks[men.block_count] = (block, men.fewest_to(block));
            men.block_count += 1;
        }
        men.fits_blocks().then_some(men)
    }

    /// [`Self::need`] with the blocks counted as [`Self::blocks_held_apart`]: more work
    /// than a move can afford, asked once per target.
    pub(super) fn need_held_apart(&self, color: Color) -> u32 {
        let mut need = self.need[color.index()];
        if color == self.blocker && self.block_count > 0 {
            need = need.saturating_add(self.blocks_held_apart());
        }
        need
    }

    /// The fewest moves the blocks take with each held by a man of its own: a man stands
    /// on one square at the end, so this is at least the sum of each block's fewest moves
    /// ([`Self::need`] counts that sum, which is cheaper to keep up to date).
    pub(super) fn blocks_held_apart(&self) -> u32 {
        let blocks = &self.blocks[..self.block_count];
        let full = (1usize << blocks.len()) - 1;
        // Per set of blocks held so far (as bits of their indices), the fewest moves, man by
        // man: each man holds one block of the set or none.
        let mut fewest = vec![UNREACHABLE; full + 1];
        fewest[0] = 0;
        let mut men = self.blocker_men;
        while men != 0 {
            let man = men.trailing_zeros() as usize;
            men &= men - 1;
            for held in (0..=full).rev() {
                for (j, (block, _)) in blocks.iter().enumerate() {
                    if held & (1 << j) == 0 || block.holders & (1 << man) == 0 {
                        continue;
                    }
                    let before = fewest[held & !(1 << j)];
                    let moves = before.saturating_add(self.hold_moves(man, *block));
                    fewest[held] = fewest[held].min(moves);
                }
            }
        }
        fewest[full]
    }

    /// The moves `color`'s placed men and blocks still need (per block the fewest moves any
    /// man of the blocker needs: one man may count for several squares, so this is at most
    /// what they need).
    pub(super) fn need(&self, color: Color) -> u32 {
        let mut need = self.need[color.index()];
        if color == self.blocker {
            need += self.blocks[..self.block_count]
                .iter()
                .map(|&(_, moves)| moves)
                .sum::<u32>();
        }
        need
    }

    /// False where some block has no man left that can stand there.
    fn fits_blocks(&self) -> bool {
        self.blocks[..self.block_count]
            .iter()
            .all(|&(_, moves)| moves < UNREACHABLE)
    }

    /// The fewest moves any of the men that may hold `block` needs to stand there.
    fn fewest_to(&self, block: Block) -> u32 {
        let mut fewest = UNREACHABLE;
        let mut men = self.blocker_men & block.holders;
        while men != 0 {
            let man = men.trailing_zeros() as usize;
            men &= men - 1;
            fewest = fewest.min(self.hold_moves(man, block));
        }
        fewest
    }

    /// The moves `man` needs to hold `block`.
    fn hold_moves(&self, man: usize, block: Block) -> u32 {
        self.hold_moves_as(man, self.role[man], self.square[man], block)
    }

    /// The moves `man` would need to hold `block` as a `role` on `from`.
    fn hold_moves_as(&self, man: usize, role: Role, from: Square, block: Block) -> u32 {
        let color = self.color[man];
        moves_to_hold(self.straight[color.index()], color, role, from, block).unwrap_or(UNREACHABLE)
    }

    /// The moves `man` needs to hold `block`, where it can.
    pub(super) fn hold_moves_of(&self, man: u8, block: Block) -> Option<u32> {
        let man = man as usize;
        let color = self.color[man];
        moves_to_hold(
            self.straight[color.index()],
            color,
            self.role[man],
            self.square[man],
            block,
        )
    }

    /// What [`Self::need`] and [`Self::captures_needed`] would say for `color` after `m`,
    /// without the blocks (so at most what they say), read without copying the men; `None`
    /// where [`Self::after`] is `None` for the move's man or victim.
    pub(super) fn need_after(&self, m: Move, color: Color) -> Option<(u32, u32)> {
        let (from, to) = (m.from(), m.to());
        let taken_on = taken_on(m)?;
        let mut doomed = self.doomed;
        let victim = self.at[taken_on.index()];
        if victim != NO_MAN {
            if self.place[victim as usize].is_some() {
                return None;
            }
            doomed &= !(1 << victim);
        }
        let mover = self.at[from.index()];
        if mover == NO_MAN {
            return None;
        }
        let index = mover as usize;
        let mut need = self.need[color.index()];
        if let (Some(place), true) = (self.place[index], self.color[index] == color) {
            let role = m.promotion().unwrap_or(self.role[index]);
            let straight = self.straight[color.index()];
            let before = moves_to(
                straight,
                color,
                self.role[index],
                from,
                place.square,
                place.role,
            )?;
            let now = moves_to(straight, color, role, to, place.square, place.role)?;
            need = need + now - before;
        }
        let captures = if doomed == 0 || self.color[doomed.trailing_zeros() as usize] == color {
            0
        } else {
            doomed.count_ones()
        };
        Some((need, captures))
    }

    /// The men after `m` is played in `pos`; `None` where the move captures a placed man or
    /// takes a placed man where it can no longer reach its place. Castling is not followed:
    /// the intelligent search is not asked while either side may castle.
    pub(super) fn after(&self, pos: &Position, m: Move) -> Option<Men> {
        let mut men = *self;
        let (from, to) = (m.from(), m.to());
        let taken_on = taken_on(m)?;
        let victim = men.at[taken_on.index()];
        if victim != NO_MAN {
            if men.place[victim as usize].is_some() {
                return None;
            }
            men.at[taken_on.index()] = NO_MAN;
            men.doomed &= !(1 << victim);
            if men.blocker_men & (1 << victim) != 0 {
                men.blocker_men &= !(1 << victim);
                men.forget_blocker(victim as usize)?;
            }
        }
        let mover = men.at[from.index()];
        if mover == NO_MAN {
            debug_assert!(false, "no man on the move's square in {pos:?}");
            return None;
        }
        let index = mover as usize;
        let role = m.promotion().unwrap_or(men.role[index]);
        if let Some(place) = men.place[index] {
            let color = men.color[index];
            let straight = men.straight[color.index()];
            let before = moves_to(
                straight,
                color,
                men.role[index],
                from,
                place.square,
                place.role,
            )?;
            let now = moves_to(straight, color, role, to, place.square, place.role)?;
            let need = &mut men.need[color.index()];
            *need = *need + now - before;
        }
        men.at[from.index()] = NO_MAN;
        men.at[to.index()] = mover;
        let was = men.role[index];
        men.square[index] = to;
        men.role[index] = role;
        if men.blocker_men & (1 << mover) != 0 && men.block_count > 0 {
            men.move_blocker(index, was, from)?;
        }
        Some(men)
    }

    /// Mends the blocks' fewest moves after the blocker's `man` was taken (`self` still
    /// knows where it stood; it is out of `blocker_men` already); `None` where a block has
    /// no man left.
    fn forget_blocker(&mut self, man: usize) -> Option<()> {
        for j in 0..self.block_count {
            let (block, fewest) = self.blocks[j];
            if block.holders & (1 << man) != 0 && self.hold_moves(man, block) == fewest {
                self.blocks[j].1 = self.fewest_to(block);
            }
        }
        self.fits_blocks().then_some(())
    }

    /// Mends the blocks' fewest moves after the blocker's `man` moved, a `role` on `from`
    /// before the move.
    fn move_blocker(&mut self, man: usize, role: Role, from: Square) -> Option<()> {
        for j in 0..self.block_count {
            let (block, fewest) = self.blocks[j];
            if block.holders & (1 << man) == 0 {
                continue;
            }
            let was = self.hold_moves_as(man, role, from, block);
            let now = self.hold_moves(man, block);
            if now < fewest {
                self.blocks[j].1 = now;
            } else if was == fewest && now > was {
                self.blocks[j].1 = self.fewest_to(block);
            }
        }
        self.fits_blocks().then_some(())
    }
}

/// The square where `m` takes a man, if it takes one: its target, or beside it en passant.
fn taken_on(m: Move) -> Option<Square> {
    if m.is_en_passant() {
        Square::from_coords(m.to().file(), m.from().rank())
    } else {
        Some(m.to())
    }
}

/// The moves a `color` man of `role` on `from` needs to stand on `block`'s square as one of
/// its roles (a pawn may promote on the way; where `straight`, without capturing).
fn moves_to_hold(
    straight: bool,
    color: Color,
    role: Role,
    from: Square,
    block: Block,
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

/// [`moves_between`]; for a pawn of a side with nothing to take (`straight`),
/// [`pawn_moves_straight`].
fn moves_as(
    straight: bool,
    color: Color,
    role: Role,
    from: Square,
    there: Role,
    square: Square,
) -> Option<u32> {
    if straight && role == Role::Pawn {
        pawn_moves_straight(color, from, there, square)
    } else {
        moves_between(color, role, from, there, square)
    }
}

/// Every role, as bits of [`Role::index`].
pub(super) const ALL_ROLES: u8 = (1 << 6) - 1;

/// The moves a `color` man of `role` on `from` needs to stand on `square`, as `role_there`
/// where named, else as whatever serves (a pawn may promote; where `straight`, without
/// capturing).
fn moves_to(
    straight: bool,
    color: Color,
    role: Role,
    from: Square,
    square: Square,
    role_there: Option<Role>,
) -> Option<u32> {
    let moves = |there| moves_as(straight, color, role, from, there, square);
    match role_there {
        Some(there) => moves(there),
        None if role == Role::Pawn => std::iter::once(Role::Pawn)
            .chain(Role::PROMOTIONS)
            .filter_map(moves)
            .min(),
        None => moves(role),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Validation;

    fn sq(name: &str) -> Square {
        Square::from_ascii(name.as_bytes()).expect("a square")
    }

    /// The bound read without copying agrees with the men after the move, for every move of
    /// both sides, with men placed and a man doomed.
    #[test]
    fn need_after_agrees_with_the_men_after_the_move() {
        let fens = [
            "4k3/1p3p2/2n5/4N3/3B4/8/P4PP1/R3K2R w - - 0 1",
            "4k3/1p3p2/2n5/4N3/3B4/8/P4PP1/R3K2R b - - 0 1",
        ];
        let mut compared = 0;
        for fen in fens {
            let pos = Position::from_fen(fen, Validation::Lenient).expect("a legal position");
            let men = Men::of(&pos);
            let numbered = |square: Square| men.at[square.index()];
            let places = [
                Place {
                    man: numbered(sq("d4")),
                    square: sq("f6"),
                    role: Some(Role::Bishop),
                },
                Place {
                    man: numbered(sq("b7")),
                    square: sq("b5"),
                    role: None,
                },
            ];
            let men = men
                .placed(&places, &[], Color::Black)
                .expect("the places are in reach")
                .with_doomed(1 << numbered(sq("c6")));
            for &m in pos.legal_moves().iter() {
                for color in Color::ALL {
                    let quick = men.need_after(m, color);
                    let full = men
                        .after(&pos, m)
                        .map(|after| (after.need(color), after.captures_needed(color)));
                    assert_eq!(quick, full, "{m} for {color:?} in {fen}");
                    compared += 1;
                }
            }
        }
        assert!(compared > 40);
    }

    /// The blocks held by men of their own: the fewest moves over every way of giving each
    /// block its own man, counted one by one, and at least the sum of each block's fewest.
    #[test]
    fn blocks_held_apart_take_the_fewest_moves_of_any_assignment() {
        let pos = Position::from_fen(
            "4k3/1p1q1p2/b1n5/4N3/3B4/8/P4PP1/R3K2R b - - 0 1",
            Validation::Lenient,
        )
        .expect("a legal position");
        let men = Men::of(&pos);
        let squares = ["d8", "e7", "f8", "d6"];
        let black: Vec<u8> = men
            .of_color(Color::Black)
            .filter(|&(_, role, _)| role != Role::King)
            .map(|(man, _, _)| man)
            .collect();
        let holders = black.iter().fold(0u32, |bits, &man| bits | 1 << man);
        let blocks: Vec<Block> = squares
            .iter()
            .map(|&name| Block {
                square: sq(name),
                holders,
                roles: ALL_ROLES,
            })
            .collect();
        let mut more_than_the_sum = 0;
        for count in 1..=squares.len() {
            let placed = men
                .placed(&[], &blocks[..count], Color::Black)
                .expect("the blocks can be held");
            // Every way of giving the first `count` blocks men of their own.
            fn fewest(men: &Men, blocks: &[Block], free: &[u8]) -> u32 {
                let Some((block, rest)) = blocks.split_first() else {
                    return 0;
                };
                free.iter()
                    .map(|&man| {
                        let others: Vec<u8> = free.iter().copied().filter(|&m| m != man).collect();
                        men.hold_moves(man as usize, *block)
                            .saturating_add(fewest(men, rest, &others))
                    })
                    .min()
                    .unwrap_or(UNREACHABLE)
            }
            let expected = fewest(&placed, &blocks[..count], &black);
            assert_eq!(placed.blocks_held_apart(), expected, "{count} blocks");
            assert!(placed.need(Color::Black) <= expected);
            more_than_the_sum += usize::from(placed.need(Color::Black) < expected);
        }
        // The queen is the nearest man to d8, e7 and d6 alike: held apart, they cost more.
        assert!(more_than_the_sum >= 2, "{more_than_the_sum}");
    }
}
