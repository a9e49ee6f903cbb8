//! How far a line has brought the men towards one target. [`Aims`] holds what the target
//! wants of the men, fixed through its search: each placed man's place, the blocks and
//! their men, which side has nothing to take (its pawns move straight). [`Progress`]
//! follows every man through the moves of a line (captures and promotions too) and keeps,
//! per side, the empty-board moves its placed men and blocks still need: each placed man's
//! moves to its place, and per block the fewest moves of any of its men still on the board
//! ([`super::blocks`]). Each man moves by its own side's moves only, so where that sum
//! exceeds the moves the side has left, no line from here reaches the target.
//!
//! A move changes the numbers of its own man and of the man it takes only: the sums are
//! mended for those two, and per block the man nearest to it is remembered, so that a block
//! is counted anew over its men only where that man moved away or was taken.

use super::blocks::{held_apart, moves_to_hold, Block, MAX_BLOCKS};
use super::men::{moves_to, Men, Place, MAX_MEN, NO_MAN};
use crate::board::{Bitboard, Color, Move, Role, Square};

/// No man can stand on the square any more.
const UNREACHABLE: u32 = u32::MAX / 4;

/// What one target wants of the men.
#[derive(Clone, Copy)]
pub(super) struct Aims {
    color: [Color; MAX_MEN],
    /// Per man, its place in the target.
    place: [Option<Place>; MAX_MEN],
    blocks: [Block; MAX_BLOCKS],
    block_count: usize,
    /// The side whose men hold the blocks.
    blocker: Color,
    /// The placed men, as bits.
    placed: u32,
    /// Per side, its men, as bits.
    sides: [u32; 2],
    /// Per side, true where it has nothing to take: the other side's men are its king and
    /// placed men (which stand on their places at the end), so its pawns move straight.
    straight: [bool; 2],
}

/// The men as a line has moved them, and what they still need.
#[derive(Clone, Copy)]
pub(super) struct Progress {
    /// Per square, the man on it.
    at: [u8; 64],
    role: [Role; MAX_MEN],
    square: [Square; MAX_MEN],
    /// Per side, the moves its placed men still need.
    need: [u32; 2],
    /// Per block, the fewest moves any of its men still needs, and one man that needs them.
    fewest: [u32; MAX_BLOCKS],
    nearest: [u8; MAX_BLOCKS],
    /// The sum of `fewest`.
    blocks_need: u32,
    /// The blocks' men still on the board, as bits.
    holders: u32,
    /// The men the target wants taken by the end and still on the board, as bits.
    doomed: u32,
    /// [`Self::key`].
    key: u64,
}

impl Aims {
    /// The aims of a target (its `places`, its `blocks` held by men of `blocker`, the men of
    /// `doomed` to be taken by the end) for `men`, and the progress at the diagram; `None`
    /// where a placed man cannot reach its place, or no man a block.
    pub(super) fn new(
        men: &Men,
        places: &[Place],
        blocks: &[Block],
        blocker: Color,
        doomed: u32,
    ) -> Option<(Aims, Progress)> {
        let placed = places
            .iter()
            .fold(0u32, |bits, place| bits | 1 << place.man);
        let mut aims = Aims {
            color: men.color,
            place: [None; MAX_MEN],
            blocks: [Block {
                square: Square::A1,
                holders: 0,
                roles: 0,
            }; MAX_BLOCKS],
            block_count: 0,
            blocker,
            placed,
            sides: [0; 2],
            straight: [false; 2],
        };
        for (man, _, _) in men.all() {
            aims.sides[men.color[man as usize].index()] |= 1 << man;
        }
        for color in Color::ALL {
            aims.straight[color.index()] = !men.all().any(|(man, role, _)| {
                men.color[man as usize] != color && role != Role::King && placed & 1 << man == 0
            });
        }
        for &place in places {
            aims.place[place.man as usize] = Some(place);
        }
        // A placed man stands on its place at the end, never on a block.
        let mut holders = 0;
        for &block in blocks.iter().take(MAX_BLOCKS) {
            aims.blocks[aims.block_count] = Block {
                holders: block.holders & !placed,
                ..block
            };
            aims.block_count += 1;
            holders |= block.holders & !placed;
        }
        let mut progress = Progress {
            at: men.at,
            role: men.role,
            square: men.square,
            need: [0; 2],
            fewest: [0; MAX_BLOCKS],
            nearest: [NO_MAN; MAX_BLOCKS],
            blocks_need: 0,
            holders,
            doomed,
            key: 0,
        };
        for &place in places {
            let man = place.man as usize;
            let need = aims.moves_to(man, progress.role[man], progress.square[man])?;
            progress.need[aims.color[man].index()] += need;
        }
        for j in 0..aims.block_count {
            progress.count_block(&aims, j)?;
        }
        progress.key = progress.fresh_key(&aims);
        Some((aims, progress))
    }

    fn blocks(&self) -> &[Block] {
        &self.blocks[..self.block_count]
    }

    /// The moves `man`, a `role` on `from`, needs to its place (none where it has none).
    fn moves_to(&self, man: usize, role: Role, from: Square) -> Option<u32> {
        let Some(place) = self.place[man] else {
            return Some(0);
        };
        let color = self.color[man];
        moves_to(
            self.straight[color.index()],
            color,
            role,
            from,
            place.square,
            place.role,
        )
    }

    /// The moves `man`, a `role` on `from`, needs to hold `block`.
    fn hold_moves(&self, man: usize, role: Role, from: Square, block: &Block) -> u32 {
        let color = self.color[man];
        moves_to_hold(self.straight[color.index()], color, role, from, block).unwrap_or(UNREACHABLE)
    }
}

impl Progress {
    /// The moves `color`'s placed men and blocks still need (per block the fewest moves any
    /// of its men needs: one man may count for several blocks, so this is at most what they
    /// need).
    pub(super) fn need(&self, aims: &Aims, color: Color) -> u32 {
        let mut need = self.need[color.index()];
        if color == aims.blocker {
            need += self.blocks_need;
        }
        need
    }

    /// [`Self::need`] with the blocks counted held by men of their own ([`held_apart`]):
    /// more work than a move can afford, asked once per target.
    pub(super) fn need_held_apart(&self, aims: &Aims, color: Color) -> u32 {
        let mut need = self.need[color.index()];
        if color == aims.blocker && aims.block_count > 0 {
            let moves = |man: usize, block: &Block| {
                aims.hold_moves(man, self.role[man], self.square[man], block)
            };
            need = need.saturating_add(held_apart(aims.blocks(), self.holders, UNREACHABLE, moves));
        }
        need
    }

    /// The squares of `color`'s men whose moves can lower what it needs: its placed men and
    /// the men of its blocks. Where `color` needs all the moves it has left, a move of any
    /// other man leaves the need as it is with a move less: no line through it fits.
    pub(super) fn squares_of_needed(&self, aims: &Aims, color: Color) -> Bitboard {
        let mut men = (aims.placed | self.holders) & aims.sides[color.index()];
        let mut squares = Bitboard::EMPTY;
        while men != 0 {
            let man = men.trailing_zeros() as usize;
            men &= men - 1;
            if self.at[self.square[man].index()] as usize == man {
                squares = squares.with(self.square[man]);
            }
        }
        squares
    }

    /// The captures `color` still has to make: one move each for the doomed men of the other
    /// side still on the board (the doomed are all of one side).
    pub(super) fn captures_needed(&self, aims: &Aims, color: Color) -> u32 {
        if self.doomed == 0 || aims.color[self.doomed.trailing_zeros() as usize] == color {
            0
        } else {
            self.doomed.count_ones()
        }
    }

    /// A key of what the bound reads besides the position: where each placed man and each
    /// man of a block stands and as what, and which doomed men are still on the board. The
    /// same position reached by two lines may hold its men swapped (the rook that went to a1
    /// in one, a pawn promoted to a rook in the other), and then they need other moves: a
    /// dead end of one is none of the other.
    pub(super) fn key(&self) -> u64 {
        self.key
    }

    /// At most what [`Self::need`] and [`Self::captures_needed`] would say for `color` after
    /// `m`, read without copying the men; `None` where [`Self::after`] is `None` for the
    /// move's man or victim. The blocks are counted as they are, less what the move brings
    /// its man nearer to each of its blocks than the nearest man so far: a block's fewest
    /// only grows where a man moves away from it or is taken.
    pub(super) fn need_after(&self, aims: &Aims, m: Move, color: Color) -> Option<(u32, u32)> {
        let (from, to) = (m.from(), m.to());
        let mut doomed = self.doomed;
        let victim = self.at[taken_on(m)?.index()];
        if victim != NO_MAN {
            if aims.place[victim as usize].is_some() {
                return None;
            }
            doomed &= !(1 << victim);
        }
        let mover = self.at[from.index()];
        if mover == NO_MAN {
            return None;
        }
        let man = mover as usize;
        let mut need = self.need[color.index()];
        let role = m.promotion().unwrap_or(self.role[man]);
        if aims.color[man] == color && aims.place[man].is_some() {
            let before = aims.moves_to(man, self.role[man], from)?;
            let now = aims.moves_to(man, role, to)?;
            need = need + now - before;
        }
        if color == aims.blocker {
            need += self.blocks_need;
            if self.holders & (1 << man) != 0 {
                for (j, block) in aims.blocks().iter().enumerate() {
                    if block.holders & (1 << man) != 0 {
                        let now = aims.hold_moves(man, role, to, block);
                        need -= self.fewest[j].saturating_sub(now);
                    }
                }
            }
        }
        let captures = if doomed == 0 || aims.color[doomed.trailing_zeros() as usize] == color {
            0
        } else {
            doomed.count_ones()
        };
        Some((need, captures))
    }

    /// The men after `m` is played; `None` where the move captures a placed man or leaves a
    /// placed man or a block out of reach. Castling is not followed: the intelligent search
    /// is not asked while either side may castle.
    pub(super) fn after(&self, aims: &Aims, m: Move) -> Option<Progress> {
        let mut next = *self;
        let (from, to) = (m.from(), m.to());
        let taken_on = taken_on(m)?;
        let victim = next.at[taken_on.index()];
        if victim != NO_MAN {
            let victim = victim as usize;
            if aims.place[victim].is_some() {
                return None;
            }
            next.at[taken_on.index()] = NO_MAN;
            next.key ^= next.standing(aims, victim) ^ doomed_key(next.doomed);
            next.doomed &= !(1 << victim);
            next.key ^= doomed_key(next.doomed);
            if next.holders & (1 << victim) != 0 {
                next.holders &= !(1 << victim);
                for j in 0..aims.block_count {
                    if next.nearest[j] as usize == victim {
                        next.count_block(aims, j)?;
                    }
                }
            }
        }
        let mover = next.at[from.index()];
        if mover == NO_MAN {
            return None;
        }
        let man = mover as usize;
        let role = m.promotion().unwrap_or(next.role[man]);
        if aims.place[man].is_some() {
            let before = aims.moves_to(man, next.role[man], from)?;
            let now = aims.moves_to(man, role, to)?;
            let need = &mut next.need[aims.color[man].index()];
            *need = *need + now - before;
        }
        next.key ^= next.standing(aims, man);
        next.at[from.index()] = NO_MAN;
        next.at[to.index()] = mover;
        next.square[man] = to;
        next.role[man] = role;
        next.key ^= next.standing(aims, man);
        if next.holders & (1 << man) != 0 {
            next.move_holder(aims, man)?;
        }
        Some(next)
    }

    /// Mends the blocks of `man`, a man of theirs that has just moved: it may now be the
    /// nearest, or, where it was, another may be; `None` where a block is out of reach.
    fn move_holder(&mut self, aims: &Aims, man: usize) -> Option<()> {
        for (j, block) in aims.blocks().iter().enumerate() {
            if block.holders & (1 << man) == 0 {
                continue;
            }
            let now = aims.hold_moves(man, self.role[man], self.square[man], block);
            if now < self.fewest[j] {
                self.blocks_need -= self.fewest[j] - now;
                self.fewest[j] = now;
                self.nearest[j] = man as u8;
            } else if self.nearest[j] as usize == man && now > self.fewest[j] {
                self.count_block(aims, j)?;
            }
        }
        Some(())
    }

    /// Counts block `j` anew over its men still on the board; `None` where none reaches it.
    fn count_block(&mut self, aims: &Aims, j: usize) -> Option<()> {
        let block = &aims.blocks[j];
        let (mut fewest, mut nearest) = (UNREACHABLE, NO_MAN);
        let mut men = self.holders & block.holders;
        while men != 0 {
            let man = men.trailing_zeros() as usize;
            men &= men - 1;
            let moves = aims.hold_moves(man, self.role[man], self.square[man], block);
            if moves < fewest {
                (fewest, nearest) = (moves, man as u8);
            }
        }
        self.blocks_need = self.blocks_need - self.fewest[j] + fewest;
        (self.fewest[j], self.nearest[j]) = (fewest, nearest);
        (fewest < UNREACHABLE).then_some(())
    }

    /// `man`'s share of the key: its number, square and role where the bound reads them.
    fn standing(&self, aims: &Aims, man: usize) -> u64 {
        if aims.place[man].is_none() && self.holders & (1 << man) == 0 {
            return 0;
        }
        let standing = (man as u64) << 16
            | (self.square[man].index() as u64) << 8
            | self.role[man].index() as u64;
        mix(standing.wrapping_add(1))
    }

    /// The key counted from scratch.
    fn fresh_key(&self, aims: &Aims) -> u64 {
        let men = self.at.iter().filter(|&&man| man != NO_MAN);
        men.fold(doomed_key(self.doomed), |key, &man| {
            key ^ self.standing(aims, man as usize)
        })
    }
}

/// The doomed men's share of the key.
fn doomed_key(doomed: u32) -> u64 {
    mix(u64::from(doomed) | 1 << 40)
}

/// A 64-bit mix (splitmix64's finaliser).
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The square where `m` takes a man, if it takes one: its target, or beside it en passant.
fn taken_on(m: Move) -> Option<Square> {
    if m.is_en_passant() {
        Square::from_coords(m.to().file(), m.from().rank())
    } else {
        Some(m.to())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Position, Validation};

    fn sq(name: &str) -> Square {
        Square::from_ascii(name.as_bytes()).expect("a square")
    }

    /// A target with men placed (White's bishop, Black's pawn as whatever it ends as), two
    /// blocks of Black's, and a black man doomed, in `fen`.
    fn aimed(fen: &str) -> (Position, Aims, Progress) {
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
        let holders = [sq("f7"), sq("c6"), sq("d7")]
            .iter()
            .fold(0, |bits, &square| bits | 1 << numbered(square));
        let blocks = [sq("d8"), sq("f8")].map(|square| Block {
            square,
            holders,
            roles: (1 << Role::Knight.index()) | (1 << Role::Queen.index()) | 1,
        });
        let doomed = 1 << numbered(sq("c6"));
        let (aims, progress) =
            Aims::new(&men, &places, &blocks, Color::Black, doomed).expect("all in reach");
        (pos, aims, progress)
    }

    const FENS: [&str; 2] = [
        "4k3/1p1q1p2/2n5/4N3/3B4/8/P4PP1/R3K2R w - - 0 1",
        "4k3/1p1q1p2/2n5/4N3/3B4/8/P4PP1/R3K2R b - - 0 1",
    ];

    /// The bound read without copying is at most the bound after the move (equal but for
    /// the blocks), and is `None` exactly where the move is, for every move of both sides.
    #[test]
    fn need_after_is_at_most_the_need_after_the_move() {
        let (mut compared, mut below) = (0, 0);
        for fen in FENS {
            let (pos, aims, progress) = aimed(fen);
            for &m in pos.legal_moves().iter() {
                for color in Color::ALL {
                    let quick = progress.need_after(&aims, m, color);
                    let full = progress.after(&aims, m).map(|after| {
                        (
                            after.need(&aims, color),
                            after.captures_needed(&aims, color),
                        )
                    });
                    match (quick, full) {
                        (Some((need, captures)), Some((full_need, full_captures))) => {
                            assert!(need <= full_need, "{m} for {color:?} in {fen}");
                            assert_eq!(captures, full_captures, "{m} for {color:?} in {fen}");
                            if color != aims.blocker {
                                assert_eq!(need, full_need, "{m} for {color:?} in {fen}");
                            }
                            below += usize::from(need < full_need);
                        }
                        (None, None) => {}
                        // A block out of reach shows only after the move.
                        (Some(_), None) => assert_eq!(color, aims.blocker),
                        (None, Some(_)) => panic!("{m} for {color:?} in {fen}"),
                    }
                    compared += 1;
                }
            }
        }
        assert!(compared > 40 && below > 0, "{compared} {below}");
    }

    /// The key kept move by move is the key counted from scratch, and the blocks' numbers
    /// kept move by move are those counted anew, along every line of two moves.
    #[test]
    fn the_key_and_the_blocks_follow_the_moves() {
        for fen in FENS {
            let (pos, aims, progress) = aimed(fen);
            for &m in pos.legal_moves().iter() {
                let Some(next) = progress.after(&aims, m) else {
                    continue;
                };
                let pos = pos.after(m);
                for &reply in pos.legal_moves().iter() {
                    let Some(last) = next.after(&aims, reply) else {
                        continue;
                    };
                    assert_eq!(last.key(), last.fresh_key(&aims), "{m} {reply} in {fen}");
                    let mut counted = last;
                    for j in 0..aims.block_count {
                        counted.count_block(&aims, j).expect("in reach");
                    }
                    assert_eq!(counted.fewest, last.fewest, "{m} {reply} in {fen}");
                    assert_eq!(
                        counted.blocks_need, last.blocks_need,
                        "{m} {reply} in {fen}"
                    );
                }
            }
        }
    }
}
