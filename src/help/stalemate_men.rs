//! The men argument of help stalemates: whether every piece of the side to be stalemated can
//! have lost its moves by the end of a line, in the moves each side has left, by empty-board
//! distances ([`crate::board::distances`]). [`super::goal_reach`] asks it beside its king
//! argument.
//!
//! At a stalemate no man of the stalemated side has a legal move, and its king is not in
//! check. A knight, bishop, rook or queen of that side (a *piece* here) with a square next to
//! it on one of its lines (a knight: a knight's step) that is empty or holds a man of the
//! other side has a pseudo-legal move there; the other king cannot stand there (the piece
//! would give check with the stalemated side to move). That move is illegal only if the
//! piece is pinned. So at the end every piece is
//! - **captured**: some man of the other side lands where the piece then stands;
//! - **boxed**: every square next to it on its lines holds one of its own men; or
//! - **pinned** so that no move along the pin is left: a knight, a bishop on a rank or file,
//!   a rook on a diagonal (a queen always keeps a move along the pin, the pinning man at
//!   its end to capture).
//!
//! Counted in moves: a piece that is captured walks (within its side's moves) to a square
//! some man of the other side reaches within that side's moves; a boxed piece walks to a
//! square whose empty neighbours its side's men fill, one move each. The walks are the
//! piece's own moves and add up over the pieces; the fillings may serve two pieces at once,
//! so each is only checked against the moves left. Each capture is a move of the other side,
//! so the pieces that only a capture can stop are at most its moves. A pin needs a line man
//! of the other side; where it has none and no pawn that can promote in time, no piece is
//! pinned, else the pieces a pin stops are left out of the count.
//!
//! Castling moves two men in one move: while either side may castle the argument is not
//! made (as the king argument).

use crate::board::attacks::{bishop_attacks, knight_attacks, queen_attacks, rook_attacks};
use crate::board::distances::reach_within;
use crate::board::{Bitboard, Color, Position, Role, Square};
use std::sync::OnceLock;

/// The pieces the argument counts, with every role a man may have.
const PIECES: [Role; 4] = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

/// True when, with `attacker_moves` moves left to the side that stalemates and
/// `sufferer_moves` to the other, some piece of the sufferer can be neither captured, nor
/// boxed, nor pinned by the end, or the pieces together ask for more moves than either side
/// has: then no line of that length ends in stalemate.
pub(super) fn pieces_stay_free(
    pos: &Position,
    attacker: Color,
    attacker_moves: u32,
    sufferer_moves: u32,
) -> bool {
    let sufferer = !attacker;
    let landings = landing_squares(pos, attacker, attacker_moves);
    let own = pos.by_color(sufferer);
    let mut walks = 0;
    let mut captures_only = 0;
    for role in PIECES {
        for from in pos.pieces(sufferer, role) {
            if may_be_pinned(pos, attacker, attacker_moves, role) {
                continue;
            }
            let captured = walk_to(sufferer, role, from, sufferer_moves, |_, level| {
                (level & landings).any()
            });
            let others = own.without(from);
            // A square to be boxed on has some own man next to it or few neighbours at all.
            let near_others = others
                .into_iter()
                .fold(Bitboard::EMPTY, |near, at| near | neighbours(role, at));
            let boxed = walk_to(sufferer, role, from, sufferer_moves, |walk, level| {
                let fillings = sufferer_moves - walk;
                (level & (near_others | few_neighbours(role, fillings)))
                    .into_iter()
                    .any(|to| (neighbours(role, to) - others).count() <= fillings)
            });
            match (captured, boxed) {
                (None, None) => return true,
                (Some(walk), None) => {
                    captures_only += 1;
                    walks += walk;
                }
                (captured, Some(walk)) => walks += captured.map_or(walk, |c| c.min(walk)),
            }
        }
    }
    captures_only > attacker_moves || walks > sufferer_moves
}

/// The squares some man of `side` (its king included) can land on within `moves`.
fn landing_squares(pos: &Position, side: Color, moves: u32) -> Bitboard {
    if moves == 0 {
        return Bitboard::EMPTY;
    }
    let mut squares = Bitboard::EMPTY;
    for role in [Role::King, Role::Pawn].into_iter().chain(PIECES) {
        for from in pos.pieces(side, role) {
            squares |= reach_within(side, role, from, moves);
        }
    }
    squares
}

/// The fewest moves n (at most `most`) after which the piece stands on a square `wanted`
/// accepts, asked with n and the squares the piece first reaches after n moves.
fn walk_to(
    side: Color,
    role: Role,
    from: Square,
    most: u32,
    mut wanted: impl FnMut(u32, Bitboard) -> bool,
) -> Option<u32> {
    let mut before = Bitboard::EMPTY;
    for n in 0..=most {
        let level = reach_within(side, role, from, n);
        if wanted(n, level - before) {
            return Some(n);
        }
        before = level;
    }
    None
}

/// The squares next to `at` on the lines of a `role` piece (a knight: its steps).
fn neighbours(role: Role, at: Square) -> Bitboard {
    match role {
        Role::Knight => knight_attacks(at),
        Role::Bishop => bishop_attacks(at, Bitboard::FULL),
        Role::Rook => rook_attacks(at, Bitboard::FULL),
        _ => queen_attacks(at, Bitboard::FULL),
    }
}

/// The squares with at most `most` neighbours on the lines of a `role` piece (the corners
/// and edges, where a piece is boxed in by fewer men).
fn few_neighbours(role: Role, most: u32) -> Bitboard {
    static FEW: OnceLock<[[Bitboard; 9]; 4]> = OnceLock::new();
    let few = FEW.get_or_init(|| {
        let mut few = [[Bitboard::EMPTY; 9]; 4];
        for (row, &role) in few.iter_mut().zip(&PIECES) {
            for at in Bitboard::FULL {
                let count = neighbours(role, at).count() as usize;
                for level in &mut row[count..] {
                    *level = level.with(at);
                }
            }
        }
        few
    });
    let row = PIECES
        .iter()
        .position(|&r| r == role)
        .unwrap_or(PIECES.len() - 1);
    few[row][(most as usize).min(8)]
}

/// True when a piece of `role` of the sufferer may end pinned without a move: a pin that
/// leaves it none, by a line man of the attacker it has or a pawn of it may promote to in
/// its moves.
fn may_be_pinned(pos: &Position, attacker: Color, moves: u32, role: Role) -> bool {
    let pinners: &[Role] = match role {
        Role::Knight => &[Role::Bishop, Role::Rook, Role::Queen],
        Role::Bishop => &[Role::Rook, Role::Queen],
        Role::Rook => &[Role::Bishop, Role::Queen],
        _ => return false,
    };
    pinners.iter().any(|&r| pos.pieces(attacker, r).any()) || may_promote(pos, attacker, moves)
}

/// True when a pawn of `side` can reach its last rank within `moves`.
fn may_promote(pos: &Position, side: Color, moves: u32) -> bool {
    pos.pieces(side, Role::Pawn).into_iter().any(|from| {
        let rank = u32::from(from.rank());
        let (to_go, double) = match side {
            Color::White => (7 - rank, rank == 1),
            Color::Black => (rank, rank == 6),
        };
        to_go - u32::from(double) <= moves
    })
}
