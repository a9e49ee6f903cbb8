//! The targets of an intelligent help mate: sets of men placed where they stand at the end,
//! enumerated so that every mate the line's moves can reach agrees with at least one.
//!
//! At the end of a line that mates, the mated king stands on a square k its own side's moves
//! reach; a man of the mating side other than its king attacks k (the checker); and every
//! square f next to k either holds a man of the mated side or is attacked by a man of the
//! mating side (with k empty: a line through the king counts). So the enumeration places the
//! king on each k in reach, a checker (any non-king man, as any role it can become, on any
//! square from which that role attacks k, in reach), and then, square by square around k,
//! one reason for f: nothing where a man placed already attacks f (no need to know more), or
//! else f held by some man of the mated side (which one is left open: the bound counts the
//! fewest moves of men of their own, [`super::blocks::held_apart`]), or a not yet placed man
//! of the mating side, its king too, on a square from which it attacks f. Each man is placed
//! once, each square holds one man, and the moves of each side's placed men add up within its
//! moves: every placement is true of the final position of some line, so a line's final
//! mate agrees with the target built from its own king, checker and reasons. Empty-board
//! attacks only over-approximate, which keeps more targets, never fewer.
//!
//! Facts about the final position leave targets out that no mate agrees with:
//! - the mating move gives the check, so a pawn or knight (which cannot check by discovery)
//!   moves to its square with it;
//! - the check and every guard act along lines that are empty at the end: no placed man and
//!   no block stands between the checker and the king, or between a guard and the square
//!   it was placed to guard;
//! - kings never stand side by side;
//! - where the check is single and no man of the mated side is pinned (the mating side has no
//!   man but its king and the checker, or every other is placed where it neither attacks the
//!   king's square nor stands on a line through it), a man of the mated side next to the
//!   checker or to a square between it and the king (or a knight's jump away) would take it
//!   or step between, so no such man holds a square next to the king.
//!
//! In `ser-h#` the mating side makes one move and the series side every other: there each
//! man that can hold a square next to the king is placed on it in a target of its own, so
//! that the bound counts each man's own moves.

use super::blocks::{Block, ALL_ROLES};
use super::men::{Men, Place};
use crate::board::attacks::{attacks, between, king_attacks};
use crate::board::{Bitboard, Color, Role, Square};
use std::collections::BTreeSet;

/// The most men that may hold a square next to the king for each to be placed there in a
/// target of its own; with more the square is only wanted held.
const PLACED_HOLDERS: usize = 2;

/// A target: the men placed, sorted (so equal sets are equal targets), the squares some
/// man of the mated side other than its king must hold, each with the men that may (in
/// the order of their squares), and the men to be taken by the end (as a set of men's
/// numbers).
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub(super) struct Target {
    pub places: Vec<Place>,
    pub blocks: Vec<Block>,
    pub doomed: u32,
}

/// The sides and the moves each makes in the line.
#[derive(Clone, Copy, Debug)]
pub(super) struct Budget {
    pub mater: Color,
    pub mater_moves: u32,
    pub mated_moves: u32,
}

impl Budget {
    /// The moves `color` makes in the line.
    pub(super) fn moves_of(&self, color: Color) -> u32 {
        if color == self.mater {
            self.mater_moves
        } else {
            self.mated_moves
        }
    }
}

/// Every target of a mate within `budget` for the men `men`; `None` where there are more than
/// `most` (the enumeration stops there).
pub(super) fn mate_targets(men: &Men, budget: Budget, most: usize) -> Option<BTreeSet<Target>> {
    // A series' mated side moves alone: its every man counts, so each holder is placed.
    let placed_holders = if budget.mater_moves == 1 && budget.mated_moves > 1 {
        usize::MAX
    } else {
        PLACED_HOLDERS
    };
    let lone_checker = men
        .of_color(budget.mater)
        .filter(|&(_, role, _)| role != Role::King)
        .count()
        == 1;
    let mut builder = Builder {
        men,
        budget,
        mated: !budget.mater,
        placed_holders,
        lone_checker,
        checker: None,
        places: Vec::new(),
        blocks: Vec::new(),
        used: [0; 2],
        claimed: Bitboard::EMPTY,
        clear: Bitboard::EMPTY,
        targets: BTreeSet::new(),
        most,
    };
    let Some((king, _, _)) = men
        .of_color(builder.mated)
        .find(|&(_, role, _)| role == Role::King)
    else {
        return Some(builder.targets);
    };
    for k in Square::all() {
        if builder.fits(king, k, Some(Role::King)) {
            builder.place(king, k, Some(Role::King), |b| b.checkers(k));
        }
    }
    (!builder.full()).then_some(builder.targets)
}

struct Builder<'a> {
    men: &'a Men,
    budget: Budget,
    mated: Color,
    /// The most men that may hold a square for each to be placed there (see
    /// [`PLACED_HOLDERS`]).
    placed_holders: usize,
    /// True when the mating side has one man besides its king: the checker, which then
    /// gives a single check and pins nothing (see [`Builder::single_check_without_pins`]).
    lone_checker: bool,
    /// The checker's square and the mated king's once placed.
    checker: Option<(Square, Square)>,
    places: Vec<Place>,
    /// The squares to be held by some man of the mated side, with the men that may.
    blocks: Vec<Block>,
    /// Per side, the moves its placed men (and, for the mated side, the blocks) need.
    used: [u32; 2],
    /// The squares placed men stand on.
    claimed: Bitboard,
    /// The squares that stand empty at the end: between the checker and the king, and
    /// between each guard and the square it was placed to guard (the king's own aside).
    clear: Bitboard,
    targets: BTreeSet<Target>,
    /// The most targets wanted: past them nothing more is placed ([`Builder::full`]).
    most: usize,
}

impl Builder<'_> {
    /// True when there are more targets than wanted: the enumeration stops.
    fn full(&self) -> bool {
        self.targets.len() > self.most
    }

    fn moves_of(&self, color: Color) -> u32 {
        self.budget.moves_of(color)
    }

    /// True when `man` is free, `square` unclaimed and the man reaches it in its side's
    /// moves left.
    fn fits(&self, man: u8, square: Square, role: Option<Role>) -> bool {
        let color = self.men.color_of(man);
        !self.claimed.contains(square)
            && !self.clear.contains(square)
            && !self.places.iter().any(|p| p.man == man)
            && self
                .men
                .moves_to(man, square, role)
                .is_some_and(|n| self.used[color.index()] + n <= self.moves_of(color))
    }

    /// Places `man` (which [`Self::fits`]), goes on with `next`, and takes the man back.
    fn place(&mut self, man: u8, square: Square, role: Option<Role>, next: impl FnOnce(&mut Self)) {
        if self.full() {
            return;
        }
        let color = self.men.color_of(man);
        let moves = self.men.moves_to(man, square, role).unwrap_or(0);
        self.places.push(Place { man, square, role });
        self.used[color.index()] += moves;
        self.claimed = self.claimed.with(square);
        next(self);
        self.claimed = self.claimed.without(square);
        self.used[color.index()] -= moves;
        self.places.pop();
    }

    /// Wants `square` held by some man of the mated side where one can stand there in the
    /// moves left (counting the fewest any needs), goes on with `next`, and takes it back.
    /// The men that may hold it are the mated side's men but its king, not placed, as a
    /// role that cannot parry the check at once ([`Self::parries_check`]).
    fn block(&mut self, square: Square, next: impl FnOnce(&mut Self)) {
        let side = self.mated.index();
        if self.full() || self.claimed.contains(square) || self.clear.contains(square) {
            return;
        }
        let roles = if self.lone_checker {
            self.unparrying_roles(square)
        } else {
            ALL_ROLES
        };
        let Some((block, fewest)) = self.holding(square, roles) else {
            return;
        };
        if self.used[side] + fewest > self.budget.mated_moves {
            return;
        }
        self.blocks.push(block);
        self.used[side] += fewest;
        self.claimed = self.claimed.with(square);
        next(self);
        self.claimed = self.claimed.without(square);
        self.used[side] -= fewest;
        self.blocks.pop();
    }

    /// The roles a man of the mated side may stand as on `square` without parrying the
    /// check at once ([`Self::parries_check`]), as bits of [`Role::index`].
    fn unparrying_roles(&self, square: Square) -> u8 {
        Role::ALL
            .into_iter()
            .filter(|&role| role != Role::King && !self.parries_check(role, square))
            .fold(0, |bits, role| bits | 1 << role.index())
    }

    /// The block of `square` as `roles`: the mated side's men but its king, not placed, that
    /// can stand there as one of them, and the fewest moves any needs; `None` where none can.
    fn holding(&self, square: Square, roles: u8) -> Option<(Block, u32)> {
        let mut block = Block {
            square,
            holders: 0,
            roles,
        };
        let mut fewest = u32::MAX;
        for (man, role, _) in self.men.of_color(self.mated) {
            if role == Role::King || self.places.iter().any(|p| p.man == man) {
                continue;
            }
            if let Some(moves) = self.men.hold_moves_of(man, &block) {
                block.holders |= 1 << man;
                fewest = fewest.min(moves);
            }
        }
        (block.holders != 0).then_some((block, fewest))
    }

    /// Wants the squares of `line` empty at the end where no placed man or block stands on
    /// one, goes on with `next`, and takes it back. A mate's check and each of its guards
    /// act along lines that are empty in its final position, where its placed men stand.
    fn keeping_clear(&mut self, line: Bitboard, next: impl FnOnce(&mut Self)) {
        if !(line & self.claimed).is_empty() {
            return;
        }
        let before = self.clear;
        self.clear |= line;
        next(self);
        self.clear = before;
    }

    /// Every checker of the king on `k`, then the reasons around it.
    fn checkers(&mut self, k: Square) {
        let mater = self.budget.mater;
        let candidates: Vec<(u8, Role)> = self
            .men
            .of_color(mater)
            .filter(|&(_, role, _)| role != Role::King)
            .map(|(man, role, _)| (man, role))
            .collect();
        for (man, role) in candidates {
            for checker in roles_of(role) {
                for square in attackers_of(mater, checker, k) {
                    if self.fits(man, square, Some(checker))
                        && self.checks_by_moving(man, square, checker)
                    {
                        self.checker = Some((square, k));
                        self.keeping_clear(between(square, k), |b| {
                            b.place(man, square, Some(checker), |b| {
                                b.flights(k, king_attacks(k))
                            });
                        });
                        self.checker = None;
                    }
                }
            }
        }
    }

    /// False where `man` would check as a `role` on `square` without the moves it takes to
    /// give check. The mating move gives the check (before it the mated side has just
    /// moved, so its king stands in no check); a pawn or knight gives no check by discovery,
    /// so it makes the mating move and stands on `square` only after it: a pawn already on
    /// its square never moved there, a knight there has to leave and come back (two moves
    /// at least, where the count from its square says none).
    fn checks_by_moving(&self, man: u8, square: Square, role: Role) -> bool {
        let color = self.men.color_of(man);
        let standing = self.men.moves_to(man, square, Some(role)) == Some(0);
        match (standing, role) {
            (true, Role::Pawn) => false,
            (true, Role::Knight) => self.used[color.index()] + 2 <= self.moves_of(color),
            _ => true,
        }
    }

    /// True where a placed man of the mated side parries the check at once
    /// ([`Self::parries_check`]).
    fn check_parried(&self) -> bool {
        self.places.iter().any(|p| {
            let man_role = self.men.role_of(p.man);
            if self.men.color_of(p.man) != self.mated || man_role == Role::King {
                return false;
            }
            // A pawn placed as whatever it is then may have promoted: its role is unknown.
            p.role
                .or((man_role != Role::Pawn).then_some(man_role))
                .is_some_and(|role| self.parries_check(role, p.square))
        })
    }

    /// True where, with the target complete, the mate's check is single and no man of the
    /// mated side is pinned: a second check, or a pin, needs a man of the mating side other
    /// than its king and the checker that attacks the king's square, or stands on a line of
    /// its own through it (a pinner); where the mating side has no other man
    /// ([`Self::lone_checker`]), or every other is placed where it does neither, there is
    /// none. (The checker stands on one line to the king, its check: it pins nothing.)
    fn single_check_without_pins(&self) -> bool {
        let Some((c, k)) = self.checker else {
            return false;
        };
        if self.lone_checker {
            return true;
        }
        let mater = self.budget.mater;
        self.men
            .of_color(mater)
            .filter(|&(_, role, _)| role != Role::King)
            .all(|(man, _, _)| {
                self.places.iter().any(|p| {
                    p.man == man
                        && (p.square == c
                            || p.role.is_some_and(|role| {
                                !attacks(mater, role, p.square, Bitboard::EMPTY).contains(k)
                            }))
                })
            })
    }

    /// True where a man of the mated side standing as a `role` on `square` parries a single
    /// check at once, with a move no other man can stop: it takes the checker, or (but a
    /// pawn) steps between the checker and the king, from a square next to the one it goes
    /// to or a knight's jump away. Where the check is single and no man of the mated side is
    /// pinned ([`Self::single_check_without_pins`]), that move is legal (the mating side's
    /// king never stands next to the mated one) and parries the check: no mate agrees with a
    /// target that has such a man next to the king.
    fn parries_check(&self, role: Role, square: Square) -> bool {
        let Some((c, k)) = self.checker else {
            return false;
        };
        if role == Role::King {
            return false;
        }
        let reach = attacks(self.mated, role, square, Bitboard::EMPTY);
        let near = if role == Role::Knight {
            reach
        } else {
            reach & king_attacks(square)
        };
        let steps_between = role != Role::Pawn && !(near & between(c, k)).is_empty();
        near.contains(c) || steps_between
    }

    /// One reason for each square of `open` (around the king on `k`), the first first.
    fn flights(&mut self, k: Square, open: Bitboard) {
        let Some(flight) = open.into_iter().next() else {
            let single = self.single_check_without_pins();
            if single && self.check_parried() {
                return;
            }
            let mut places = self.places.clone();
            places.sort_unstable();
            let mut blocks = self.blocks.clone();
            if single && !self.lone_checker {
                // Known only now: the blocks' men may not parry the check either.
                for block in &mut blocks {
                    let roles = block.roles & self.unparrying_roles(block.square);
                    let Some((held, _)) = self.holding(block.square, roles) else {
                        return;
                    };
                    *block = held;
                }
            }
            blocks.sort_unstable();
            self.targets.insert(Target {
                places,
                blocks,
                doomed: 0,
            });
            return;
        };
        let rest = open.without(flight);
        if self.attacked_by_placed(flight) {
            return self.flights(k, rest);
        }
        // Few men that can hold the square: each is placed (the bound then counts each man
        // once); many: the square is only wanted held (fewer targets, a looser bound).
        let holders: Vec<u8> = self
            .men
            .of_color(self.mated)
            .filter(|&(man, role, _)| role != Role::King && self.fits(man, flight, None))
            .map(|(man, _, _)| man)
            .collect();
        if holders.len() <= self.placed_holders {
            for man in holders {
                self.place(man, flight, None, |b| b.flights(k, rest));
            }
        } else {
            self.block(flight, |b| b.flights(k, rest));
        }
        let mater = self.budget.mater;
        let guards: Vec<(u8, Role)> = self
            .men
            .of_color(mater)
            .map(|(man, role, _)| (man, role))
            .collect();
        for (man, role) in guards {
            for guard in roles_of(role) {
                for square in attackers_of(mater, guard, flight) {
                    // Kings never stand side by side.
                    let beside_the_king = guard == Role::King && king_attacks(k).contains(square);
                    if square != k && !beside_the_king && self.fits(man, square, Some(guard)) {
                        let line = between(square, flight).without(k);
                        self.keeping_clear(line, |b| {
                            b.place(man, square, Some(guard), |b| b.flights(k, rest));
                        });
                    }
                }
            }
        }
    }

    /// True when a placed man of the mating side attacks `square` on the empty board.
    fn attacked_by_placed(&self, square: Square) -> bool {
        let mater = self.budget.mater;
        self.places.iter().any(|p| {
            self.men.color_of(p.man) == mater
                && p.role.is_some_and(|role| {
                    attacks(mater, role, p.square, Bitboard::EMPTY).contains(square)
                })
        })
    }
}

/// The roles a man of `role` can have at the end: a pawn stays one or promotes.
pub(super) fn roles_of(role: Role) -> impl Iterator<Item = Role> {
    const PAWN: [Role; 5] = [
        Role::Pawn,
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
    ];
    let roles: &'static [Role] = match role {
        Role::Pawn => &PAWN,
        Role::Knight => &[Role::Knight],
        Role::Bishop => &[Role::Bishop],
        Role::Rook => &[Role::Rook],
        Role::Queen => &[Role::Queen],
        Role::King => &[Role::King],
    };
    roles.iter().copied()
}

/// The squares from which a `color` man of `role` attacks `target` on the empty board.
fn attackers_of(color: Color, role: Role, target: Square) -> Bitboard {
    if role == Role::Pawn {
        // A pawn attacks forward: the squares it attacks from are those the other colour's
        // pawn would attack from the target.
        attacks(!color, Role::Pawn, target, Bitboard::EMPTY)
    } else {
        attacks(color, role, target, Bitboard::EMPTY)
    }
}
