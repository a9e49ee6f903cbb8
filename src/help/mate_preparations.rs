//! The moves after which the other side may mate at once: the ply before a help mate's
//! mating move (help play's last but one, a `ser-h#` series' last move), where most moves of a
//! large search are tried and almost none is followed by a mate. A move is left out only where
//! no mate in one can follow it; every other move is kept, in the generator's order.
//!
//! Say the side to move (the sufferer, king on k) plays m, and the other side (the mater) then
//! mates with w, one man of role r from a to b. At the mate the king is in check and every
//! square next to it that holds no man of the sufferer is attacked by the mater, the king
//! seen through. The board at the mate holds every man it holds now, but on the squares m and
//! w leave (and where an en passant capture or castling empties another, which is why the
//! argument leaves out no such move, no double step, and is not made while a side may
//! castle). So a square the mater does not attack now, the king seen through, is attacked at
//! the mate by w's man from b, or by a man whose line to it only the emptying of a or of m's
//! square opened.
//!
//! The cover test. Given the squares T to be attacked at the mate (the king's square and its
//! open flights), some man of the mater on a must do it with its fellows: each square of T
//! that the fellows do not attack now with a emptied must be attacked by the man from one
//! square b it reaches in one move on an empty board (a pawn attacking as a pawn, a knight or a
//! queen, as it may promote), with only the mater's other men on the board (at the mate there
//! are at least those). When no man passes, no mate follows.
//!
//! The king's moves. After the king's move to k', T is k' and the squares next to k' that hold
//! no man of the sufferer and that the mater does not attack now (its lines seen through k,
//! which the king leaves, and through k', which holds no man): m empties only k. A king's
//! capture is kept: it empties a square the mater's lines are seen blocked at.
//!
//! The other moves, from f to t, where the cover test fails at k itself (T: k and the open
//! flights U, the squares next to k holding no man of the sufferer that the mater does not
//! attack). Let X be the squares of the sufferer's men that stand alone, but for at most one
//! man of the mater, between a slider of the mater and a square of T it attacks on an empty
//! board: only there can m's leaving, with w's, open a line to T. A move that takes not en
//! passant, castles not, makes no double step, lands outside U and leaves a square outside X
//! changes no square of T: U stays free of the sufferer's men (t is outside it) and lines to
//! T open only through a, as in the test at k (a capture on t leaves t held and takes attacks
//! away). So no mate follows it.
//!
//! A sufferer without a king (Popeye's `NoWk`/`NoBk`) is never mated: no move is kept. Where
//! the mater has no king the argument is not made.

use crate::board::attacks::{attacks, between, king_attacks, pawn_attacks};
use crate::board::distances::{attack_within, reach_within};
use crate::board::{Bitboard, Color, MoveKind, MoveList, Position, Role, Square};

/// The legal moves of `pos` after which the other side may mate in one move: every such
/// move is among them (see the module's text); `None` where the argument is not made.
pub(super) fn mate_preparations(pos: &Position) -> Option<MoveList> {
    let Some(king) = pos.king(pos.turn()) else {
        return Some(MoveList::new());
    };
    if !pos.castling().is_empty() || !pos.has_both_kings() {
        return None;
    }
    let mut moves = pos.legal_moves();
    let Some(ground) = Ground::of(pos, king) else {
        return Some(moves);
    };
    moves.retain(|m| !ground.left_out(pos, m));
    Some(moves)
}

/// The most men of the mater the argument follows (a side has at most 16).
const MOST_MEN: usize = 16;

/// What the mater's men attack now and may attack after one move, and where no mate can
/// follow a quiet move: the open flights U and the squares X whose leaving may open a line
/// to them or to the king.
struct Ground {
    mater: Color,
    /// The sufferer's men other than its king.
    ours: Bitboard,
    /// Every square the mater attacks, the king seen through.
    attacked: Bitboard,
    men: [Man; MOST_MEN],
    count: usize,
    /// Some man covers the king where it stands: no quiet move is left out.
    king_covered: bool,
    flights: Bitboard,
    lines: Bitboard,
}

/// One man of the mater.
#[derive(Clone, Copy)]
struct Man {
    role: Role,
    square: Square,
    /// What its fellows attack with its square emptied, the king seen through.
    others: Bitboard,
    /// Every square it may attack after one move on an empty board.
    reach: Bitboard,
}

impl Ground {
    /// `None` where the mater has more men than followed. `k`: the sufferer's king.
    fn of(pos: &Position, k: Square) -> Option<Ground> {
        let sufferer = pos.turn();
        let mater = !sufferer;
        let seen_through = pos.occupied().without(k);
        let mut held = [Bitboard::EMPTY; MOST_MEN];
        let mut ground = Ground {
            mater,
            ours: pos.by_color(sufferer).without(k),
            attacked: Bitboard::EMPTY,
            men: [Man {
                role: Role::King,
                square: k,
                others: Bitboard::EMPTY,
                reach: Bitboard::EMPTY,
            }; MOST_MEN],
            count: 0,
            king_covered: false,
            flights: Bitboard::EMPTY,
            lines: Bitboard::EMPTY,
        };
        for role in Role::ALL {
            for square in pos.pieces(mater, role) {
                if ground.count == MOST_MEN {
                    return None;
                }
                held[ground.count] = attacks(mater, role, square, seen_through);
                ground.attacked |= held[ground.count];
                ground.men[ground.count] = Man {
                    role,
                    square,
                    others: Bitboard::EMPTY,
                    reach: attack_within(mater, role, square, 1),
                };
                ground.count += 1;
            }
        }
        for i in 0..ground.count {
            let a = ground.men[i].square;
            // With a emptied, only the sliders that see a see further.
            let opened = seen_through.without(a);
            let mut others = Bitboard::EMPTY;
            for (j, man) in ground.men[..ground.count].iter().enumerate() {
                if j != i {
                    others |= if is_slider(man.role) && held[j].contains(a) {
                        attacks(mater, man.role, man.square, opened)
                    } else {
                        held[j]
                    };
                }
            }
            ground.men[i].others = others;
        }
        ground.flights = king_attacks(k) - pos.by_color(sufferer) - ground.attacked;
        let targets = ground.flights.with(k);
        ground.king_covered = ground.covers(pos, targets);
        // The lines a move of the sufferer may open: its one man between, with at most one
        // man of the mater (w's) beside it.
        let theirs = pos.by_color(mater);
        for man in ground.men[..ground.count]
            .iter()
            .filter(|man| is_slider(man.role))
        {
            for s in targets & attacks(mater, man.role, man.square, Bitboard::EMPTY) {
                let on_line = between(man.square, s);
                let blocker = on_line & ground.ours;
                if blocker.count() == 1 && (on_line & theirs).count() <= 1 {
                    ground.lines |= blocker;
                }
            }
        }
        Some(ground)
    }

    /// True when some man of the mater may, in one move, attack every square of `targets`
    /// with its fellows (see the module's text).
    fn covers(&self, pos: &Position, targets: Bitboard) -> bool {
        self.men[..self.count].iter().any(|man| {
            let need = targets - man.others;
            need.is_empty()
                || ((need - man.reach).is_empty()
                    && covers_from(pos, self.mater, man.role, man.square, need))
        })
    }

    /// True for a move after which no mate follows: a king move to a square where no man
    /// covers the king and its open flights, or a quiet move (see the module's text).
    fn left_out(&self, pos: &Position, m: crate::board::Move) -> bool {
        let (from, to) = (m.from(), m.to());
        let role = pos.role_at(from);
        if role == Some(Role::King) {
            let flights = king_attacks(to) - self.ours - self.attacked;
            // A capture empties a square the mater's lines were seen blocked at: kept.
            let takes = pos.by_color(self.mater).contains(to);
            return m.kind() == MoveKind::Normal && !takes && !self.covers(pos, flights.with(to));
        }
        if self.king_covered {
            return false;
        }
        let quiet_kind = matches!(m.kind(), MoveKind::Normal | MoveKind::Promotion(_));
        let double_step = role == Some(Role::Pawn) && from.rank().abs_diff(to.rank()) == 2;
        quiet_kind && !double_step && !self.flights.contains(to) && !self.lines.contains(from)
    }
}

fn is_slider(role: Role) -> bool {
    matches!(role, Role::Bishop | Role::Rook | Role::Queen)
}

/// True when the `mater`'s man of `role` on `a` reaches in one move (on an empty board) a
/// square from which it attacks every square of `need`, with only the mater's other men on
/// the board; a pawn as a pawn, a knight or a queen (it may promote).
fn covers_from(pos: &Position, mater: Color, role: Role, a: Square, need: Bitboard) -> bool {
    let blockers = pos.by_color(mater).without(a);
    let reached = reach_within(mater, role, a, 1);
    let roles = if role == Role::Pawn {
        [Role::Pawn, Role::Knight, Role::Queen].as_slice()
    } else {
        std::slice::from_ref(&role)
    };
    roles.iter().any(|&as_role| {
        // The squares from which a man of `as_role` attacks s are those it attacks from s
        // (a pawn's: those a pawn of the other colour attacks from s).
        need.into_iter()
            .fold(reached, |from, s| {
                from & if as_role == Role::Pawn {
                    pawn_attacks(!mater, s)
                } else {
                    attacks(mater, as_role, s, blockers)
                }
            })
            .any()
    })
}
