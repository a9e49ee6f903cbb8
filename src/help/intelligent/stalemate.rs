//! The targets of an intelligent help stalemate: final positions drawn man by man until the
//! side to be stalemated (the *sufferer*) has no move in them, with every man of the sufferer
//! accounted for.
//!
//! The drawing starts with the sufferer's king on each square its moves reach. Then, while
//! the [`Sketch`] shows a check or a move of the sufferer, it asks for one more man where
//! the sketch's [`Demand`]s say (the trouble with the fewest ways out first), trying every
//! man not yet placed that reaches such a square, as every role it can have there, in its
//! side's moves left. Where the sufferer has no move left, each of its men not yet placed is
//! either taken by the end (the other side has one move per man taken) or stands somewhere,
//! which may bring new trouble. Every man placed stands where the moves of its side can
//! bring it, and those moves add up within the side's moves.
//!
//! Every final stalemate agrees with a target: drawing along it, each sketch holds only men of
//! that position on their squares, so each trouble is stopped there by a man the sketch
//! leaves out, on a square some demand names; and each man of the sufferer there either
//! stands somewhere or was taken. A target so names the square of every man of the
//! sufferer that stays, the men it loses, and the men of the other side that stop its
//! moves; the other side's remaining men stay free. The same drawing reached in another
//! order is met once ([`Builder::seen`]).

use super::men::{Men, Place};
use super::sketch::{attackers_of, Demand, Sketch};
use super::targets::{roles_of, Budget, Target};
use crate::board::{Color, Role, Square};
use std::collections::{BTreeSet, HashSet};

/// The most drawings the enumeration looks at before it gives up (the plain search answers).
const MOST_DRAWINGS: usize = 2_000_000;

/// Every target of a stalemate within `budget` for the men `men`; `None` where there are
/// more than `most` targets, the drawings run over [`MOST_DRAWINGS`] or the men over
/// [`DrawingKey::MOST_MEN`].
pub(super) fn stalemate_targets(
    men: &Men,
    budget: Budget,
    most: usize,
) -> Option<BTreeSet<Target>> {
    if men.all().count() > DrawingKey::MOST_MEN {
        return None;
    }
    let sufferer = !budget.mater;
    let mut builder = Builder {
        men,
        budget,
        sufferer,
        places: Vec::new(),
        used: [0; 2],
        placed: 0,
        doomed: 0,
        sketch: Sketch::new(sufferer),
        key: DrawingKey::default(),
        seen: HashSet::new(),
        targets: BTreeSet::new(),
        most,
        overflow: false,
    };
    let king = men
        .of_color(sufferer)
        .find(|&(_, role, _)| role == Role::King)
        .map(|(man, _, _)| man)?;
    for k in Square::all() {
        builder.try_place(king, k, Role::King);
        if builder.overflow {
            return None;
        }
    }
    Some(builder.targets)
}

/// One man on one square as one role.
type Option3 = (u8, Square, Role);

struct Builder<'a> {
    men: &'a Men,
    budget: Budget,
    sufferer: Color,
    places: Vec<Place>,
    /// Per side, the moves its placed men need.
    used: [u32; 2],
    /// The men placed and the men to be taken, as bits.
    placed: u32,
    doomed: u32,
    sketch: Sketch,
    /// The drawing as it stands, exactly ([`DrawingKey`]), and every drawing met so far.
    key: DrawingKey,
    seen: HashSet<DrawingKey>,
    targets: BTreeSet<Target>,
    most: usize,
    overflow: bool,
}

impl Builder<'_> {
    fn moves_of(&self, color: Color) -> u32 {
        self.budget.moves_of(color)
    }

    /// The moves `man` needs to stand on `square` as `role`, where it is free, the square
    /// empty and its side has them left.
    fn cost(&self, man: u8, square: Square, role: Role) -> Option<u32> {
        let bit = 1 << man;
        if (self.placed | self.doomed) & bit != 0 || self.sketch.occupied().contains(square) {
            return None;
        }
        let color = self.men.color_of(man);
        let moves = self.men.moves_to(man, square, Some(role))?;
        (self.used[color.index()] + moves <= self.moves_of(color)).then_some(moves)
    }

    /// Places `man` where [`Self::cost`] allows, draws on, and takes it back.
    fn try_place(&mut self, man: u8, square: Square, role: Role) {
        let Some(moves) = self.cost(man, square, role) else {
            return;
        };
        let color = self.men.color_of(man);
        self.places.push(Place {
            man,
            square,
            role: Some(role),
        });
        self.used[color.index()] += moves;
        self.placed |= 1 << man;
        self.key.place(man, square, role);
        self.sketch.put(color, role, square);
        self.draw();
        self.sketch.take(color, square);
        self.key.unplace(man);
        self.placed &= !(1 << man);
        self.used[color.index()] -= moves;
        self.places.pop();
    }

    /// Goes on from the sketch as it stands: stops its trouble, or accounts for the next
    /// man of the sufferer, or takes the target.
    fn draw(&mut self) {
        if self.overflow {
            return;
        }
        self.key.doomed = self.doomed;
        if !self.seen.insert(self.key) {
            return;
        }
        if self.seen.len() > MOST_DRAWINGS {
            self.overflow = true;
            return;
        }
        if let Some(demands) = self
            .sketch
            .trouble(|d, fewest| self.count_options(d, fewest))
        {
            let mut options: Vec<Option3> = Vec::new();
            self.each_option(&demands, |option| {
                if !options.contains(&option) {
                    options.push(option);
                }
                true
            });
            for (man, square, role) in options {
                self.try_place(man, square, role);
            }
            return;
        }
        let free = self
            .men
            .of_color(self.sufferer)
            .map(|(man, _, _)| man)
            .find(|&man| (self.placed | self.doomed) & (1 << man) == 0);
        let Some(man) = free else {
            let mut places = self.places.clone();
            places.sort_unstable();
            self.targets.insert(Target {
                places,
                blocks: Vec::new(),
                doomed: self.doomed,
            });
            self.overflow = self.targets.len() > self.most;
            return;
        };
        // Taken by the end: one move of the other side each.
        if self.doomed.count_ones() < self.budget.mater_moves {
            self.doomed |= 1 << man;
            self.draw();
            self.doomed &= !(1 << man);
        }
        for square in Square::all() {
            for role in roles_of(self.men.role_of(man)) {
                self.try_place(man, square, role);
            }
        }
    }

    /// The men, squares and roles that meet one of `demands` (one may meet several), up to
    /// `most`: past it, the trouble is not the one with the fewest.
    fn count_options(&self, demands: &[Demand], most: usize) -> usize {
        let mut count = 0;
        self.each_option(demands, |_| {
            count += 1;
            count < most
        });
        count
    }

    /// Gives `f` every man, square and role that meets one of `demands`, while it answers
    /// true.
    fn each_option(&self, demands: &[Demand], mut f: impl FnMut(Option3) -> bool) {
        let other = !self.sufferer;
        let mut offer = |man: u8, square: Square, role: Role| {
            self.cost(man, square, role).is_none() || f((man, square, role))
        };
        for &demand in demands {
            let going = match demand {
                Demand::Occupy {
                    square,
                    sufferer_only,
                } => self
                    .men
                    .all()
                    .filter(|&(man, _, _)| {
                        !sufferer_only || self.men.color_of(man) == self.sufferer
                    })
                    .all(|(man, role, _)| roles_of(role).all(|there| offer(man, square, there))),
                Demand::Guard { square, occupied } => {
                    self.men.of_color(other).all(|(man, role, _)| {
                        roles_of(role).all(|there| {
                            attackers_of(other, there, square, occupied)
                                .into_iter()
                                .all(|from| offer(man, from, there))
                        })
                    })
                }
                Demand::Pin { squares, diagonal } => {
                    let pinner = if diagonal { Role::Bishop } else { Role::Rook };
                    self.men.of_color(other).all(|(man, role, _)| {
                        roles_of(role)
                            .filter(|&there| there == Role::Queen || there == pinner)
                            .all(|there| squares.into_iter().all(|from| offer(man, from, there)))
                    })
                }
            };
            if !going {
                return;
            }
        }
    }
}

/// A drawing exactly: per man (by number) nine bits, zero where it is not placed, else one
/// more than its square and role as `square * 6 + role`; and the men to be taken. Stalemates
/// are drawn for at most 14 men ([`stalemate_targets`] gives up on more), so 126 bits hold
/// them all.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
struct DrawingKey {
    places: u128,
    doomed: u32,
}

impl DrawingKey {
    const BITS: u32 = 9;
    const MOST_MEN: usize = (u128::BITS / Self::BITS) as usize;

    fn place(&mut self, man: u8, square: Square, role: Role) {
        let code = (square.index() * 6 + role.index() + 1) as u128;
        self.places |= code << (u32::from(man) * Self::BITS);
    }

    fn unplace(&mut self, man: u8) {
        self.places &= !(0x1ff_u128 << (u32::from(man) * Self::BITS));
    }
}
