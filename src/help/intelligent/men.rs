//! The men of a help problem by identity: [`Men`] numbers every man of the diagram, square
//! by square from a1, with its colour, role and square, and tells the empty-board moves a man
//! needs to stand somewhere ([`moves_between`]; a pawn of a side with nothing to take moves
//! straight, [`pawn_moves_straight`]). The targets ([`super::targets`],
//! [`super::stalemate`]) are built from it; [`super::progress`] follows the men through the
//! moves of a line.

use super::blocks::{moves_to_hold, Block};
use crate::board::distances::{moves_between, pawn_moves_straight};
use crate::board::{Color, Position, Role, Square};

/// No man: an empty square in [`Men::at`].
pub(super) const NO_MAN: u8 = u8::MAX;

/// The most men the mode numbers (a diagram with more goes to the plain search).
pub(super) const MAX_MEN: usize = 32;

/// Where a man must stand at the end: on `square`, as `role` where it is named (a pawn may
/// promote), or as whatever it is then.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub(super) struct Place {
    pub man: u8,
    pub square: Square,
    pub role: Option<Role>,
}

/// Every man of a position, numbered.
#[derive(Clone, Copy)]
pub(super) struct Men {
    /// Per square, the man on it.
    pub(super) at: [u8; 64],
    pub(super) color: [Color; MAX_MEN],
    pub(super) role: [Role; MAX_MEN],
    pub(super) square: [Square; MAX_MEN],
}

impl Men {
    /// The men of `pos`, numbered square by square from a1.
    pub(super) fn of(pos: &Position) -> Men {
        let mut men = Men {
            at: [NO_MAN; 64],
            color: [Color::White; MAX_MEN],
            role: [Role::Pawn; MAX_MEN],
            square: [Square::A1; MAX_MEN],
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
        self.all()
            .filter(move |&(man, _, _)| self.color[man as usize] == color)
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

    /// The moves `man` needs from the diagram to `square` (as `role` where named).
    pub(super) fn moves_to(&self, man: u8, square: Square, role: Option<Role>) -> Option<u32> {
        let man = man as usize;
        let (color, from) = (self.color[man], self.square[man]);
        moves_to(false, color, self.role[man], from, square, role)
    }

    /// The moves `man` needs from the diagram to hold `block`, where it can.
    pub(super) fn hold_moves_of(&self, man: u8, block: &Block) -> Option<u32> {
        let man = man as usize;
        let (color, from) = (self.color[man], self.square[man]);
        moves_to_hold(false, color, self.role[man], from, block)
    }
}

/// [`moves_between`]; for a pawn of a side with nothing to take (`straight`),
/// [`pawn_moves_straight`].
pub(super) fn moves_as(
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

/// The moves a `color` man of `role` on `from` needs to stand on `square`, as `role_there`
/// where named, else as whatever serves (a pawn may promote; where `straight`, without
/// capturing).
pub(super) fn moves_to(
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
