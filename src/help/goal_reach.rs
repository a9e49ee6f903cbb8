//! The moves-left argument of help and series play: whether the side to be mated or stalemated at the end
//! of a line can be, in the moves each side has left, by empty-board distances
//! ([`crate::board::distances`]).
//!
//! At the end the suffering king stands on some square k its own moves reach. In a mate a
//! man of the other side other than its king attacks k; in mate and stalemate alike every
//! square next to k is held by a man of the sufferer or attacked by the other side.
//!
//! The attacker. Its men move one at a time, so the moves it needs are at least the sum, over
//! its men, of the most moves any square given to that man takes it (one man at one square
//! may attack several). Each man is told apart up to [`SEPARATE_GUARDS`]; the strongest of the
//! rest count as one man, which only lowers the sum. With one move left, one man moves and
//! attacks from the one square it goes to; the others attack from where they stand.
//!
//! The sufferer. A square next to k that the attacker leaves unattacked needs a man of the
//! sufferer on it; distinct squares take distinct men and so distinct moves: the king's walk
//! plus, per such square, the fewest moves any of its men needs to stand there must fit in
//! the sufferer's moves.
//!
//! Where no square k and no sharing of the squares fit both sides' moves, no line of that
//! length reaches the goal. Castling, which moves two men in one move, is left out: while
//! either side may castle the argument is not made.
//!
//! A sufferer without a king (Popeye's `NoWk`/`NoBk`) is never mated, so a mate is out of
//! reach at once; its stalemate, and any goal where the attacker has no king, is left to
//! the search (the argument is made only with both kings).

use super::hints::MovesLeft;
use super::stalemate_men;
use crate::board::attacks::{attacks, king_attacks};
use crate::board::distances::{attack_within, reach_within, HORIZON};
use crate::board::{Bitboard, Color, Position, Role, Square};
use crate::problem::Goal;

/// How many of the attacker's men are told apart; the rest count as one.
const SEPARATE_GUARDS: usize = 4;

/// The roles of the men other than the king, by how much of the board one move attacks.
const MEN: [Role; 5] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
];

/// Per number of moves 0..=HORIZON: a set of squares (levels grow with the moves).
type Levels = [Bitboard; HORIZON + 1];

/// True when no line in which each side makes the moves `left` gives it can end in `goal`
/// for the sufferer: the moves-left argument above.
pub(super) fn out_of_reach(pos: &Position, goal: Goal, left: MovesLeft) -> bool {
    let mate = match goal {
        Goal::Mate => true,
        Goal::Stalemate => false,
        _ => return false,
    };
    let MovesLeft {
        attacker_to_move,
        attacker: attacker_moves,
        sufferer: sufferer_moves,
    } = left;
    let attacker = if attacker_to_move {
        pos.turn()
    } else {
        !pos.turn()
    };
    let too_long = attacker_moves as usize > HORIZON || sufferer_moves as usize > HORIZON;
    if attacker_moves == 0 || too_long || !pos.castling().is_empty() {
        return false;
    }
    let sufferer = !attacker;
    let Some(sufferer_king) = pos.king(sufferer) else {
        return mate;
    };
    if !pos.has_both_kings() {
        return false;
    }
    if !mate && stalemate_men::pieces_stay_free(pos, attacker, attacker_moves, sufferer_moves) {
        return true;
    }
    // With one move left a mate goes to the one-square test, which refutes far more.
    if (attacker_moves > 1 || !mate)
        && one_man_suffices(pos, sufferer_king, attacker, attacker_moves, mate)
    {
        return false;
    }
    let guards = Guards::new(pos, attacker, attacker_moves);
    let king = KingWalk::new(sufferer, sufferer_king, sufferer_moves);
    let men = Blockers::new(pos, sufferer, sufferer_moves);
    let mut squares = king.levels[sufferer_moves as usize];
    if mate {
        squares &= guards.checks;
    }
    !squares.into_iter().any(|k| {
        let walk = king.moves_to(k);
        Need::at(k, mate, &guards, &men, sufferer_moves - walk)
            .is_some_and(|need| need.met(&guards, attacker_moves))
    })
}

/// The cheap answer first: one man of the attacker attacks, within its moves, the suffering
/// king's square (in a mate) and every square next to it but those its own men hold now.
fn one_man_suffices(pos: &Position, k: Square, attacker: Color, moves: u32, mate: bool) -> bool {
    let need = king_attacks(k) - pos.by_color(!attacker);
    let need = if mate { need.with(k) } else { need };
    MEN.into_iter().any(|role| {
        pos.pieces(attacker, role)
            .into_iter()
            .any(|square| (need - attack_within(attacker, role, square, moves)).is_empty())
    })
}

/// The attacker's men, each with the squares it attacks within 0, 1, … of its moves.
struct Guards {
    side: Color,
    men: [Guard; SEPARATE_GUARDS],
    count: usize,
    /// Every square some man attacks within the moves left.
    held: Bitboard,
    /// Every square some man other than the king attacks within the moves left.
    checks: Bitboard,
}

#[derive(Clone, Copy, Default)]
struct Guard {
    levels: Levels,
    /// False for the king, which gives no check.
    checks: bool,
    /// The piece and its square where the guard is one man other than a pawn (whose moves
    /// may promote): with one move left it attacks from one square it reaches.
    piece: Option<(Role, Square)>,
    /// How many men the guard stands for.
    men: u8,
}

impl Guards {
    fn new(pos: &Position, side: Color, moves: u32) -> Guards {
        let top = moves as usize;
        let mut guards = Guards {
            side,
            men: [Guard::default(); SEPARATE_GUARDS],
            count: 0,
            held: Bitboard::EMPTY,
            checks: Bitboard::EMPTY,
        };
        // The king, then the weakest: the men told apart are those whose moves count most.
        for role in std::iter::once(Role::King).chain(MEN) {
            for square in pos.pieces(side, role) {
                let index = guards.count.min(SEPARATE_GUARDS - 1);
                guards.count = (guards.count + 1).min(SEPARATE_GUARDS);
                let guard = &mut guards.men[index];
                guard.checks |= role != Role::King;
                guard.men += 1;
                guard.piece = (guard.men == 1 && role != Role::Pawn).then_some((role, square));
                for n in 0..=top {
                    guard.levels[n] |= attack_within(side, role, square, n as u32);
                }
                guards.held |= guard.levels[top];
                if role != Role::King {
                    guards.checks |= guard.levels[top];
                }
            }
        }
        guards
    }
}

/// The squares the suffering king reaches within each number of its side's moves.
struct KingWalk {
    levels: Levels,
}

impl KingWalk {
    fn new(side: Color, from: Square, moves: u32) -> KingWalk {
        let mut levels = [Bitboard::EMPTY; HORIZON + 1];
        for n in 0..=moves {
            levels[n as usize] = reach_within(side, Role::King, from, n);
        }
        KingWalk { levels }
    }

    /// The fewest moves to `square`, which is within reach.
    fn moves_to(&self, square: Square) -> u32 {
        self.levels
            .iter()
            .position(|level| level.contains(square))
            .map_or(u32::MAX, |n| n as u32)
    }
}

/// The squares the sufferer's men other than its king can stand on within each number of
/// moves.
struct Blockers {
    levels: Levels,
}

impl Blockers {
    fn new(pos: &Position, side: Color, moves: u32) -> Blockers {
        let mut levels = [Bitboard::EMPTY; HORIZON + 1];
        for role in MEN {
            for square in pos.pieces(side, role) {
                for n in 0..=moves {
                    levels[n as usize] |= reach_within(side, role, square, n);
                }
            }
        }
        Blockers { levels }
    }

    /// The fewest moves any man needs to stand on `square`, if at most `most`.
    fn moves_to(&self, square: Square, most: u32) -> Option<u32> {
        self.levels[..=most as usize]
            .iter()
            .position(|level| level.contains(square))
            .map(|n| n as u32)
    }
}

/// What the final king square k asks: squares the attacker must attack (k itself in a mate,
/// and its neighbours the attacker can reach), each neighbour blocked by the sufferer instead
/// at its cost in the sufferer's moves.
struct Need {
    squares: [Square; 9],
    /// Per square: the sufferer's moves to block it instead (`None`: it cannot, or it is k).
    blocks: [Option<u32>; 9],
    len: usize,
    /// The sufferer's moves left after its king's walk and the blocks no guard can spare.
    sufferer_left: u32,
    /// A mate: the first square is k, which only a man other than the king can attack.
    mate: bool,
}

impl Need {
    /// The need of `k` with `sufferer_left` moves after the king's walk, or `None` where the
    /// squares no guard can reach already ask too much of the sufferer.
    fn at(
        k: Square,
        mate: bool,
        guards: &Guards,
        men: &Blockers,
        sufferer_left: u32,
    ) -> Option<Need> {
        let mut need = Need {
            squares: [k; 9],
            blocks: [None; 9],
            len: usize::from(mate),
            sufferer_left,
            mate,
        };
        for flight in king_attacks(k) {
            let block = men.moves_to(flight, need.sufferer_left);
            if guards.held.contains(flight) {
                need.squares[need.len] = flight;
                need.blocks[need.len] = block;
                need.len += 1;
            } else {
                need.sufferer_left -= block?;
            }
        }
        Some(need)
    }

    /// True when some sharing of the squares among the guards fits the attacker's moves,
    /// the squares left to the sufferer fitting its own.
    fn met(&self, guards: &Guards, attacker_moves: u32) -> bool {
        if attacker_moves == 1 {
            return self.met_in_one_move(guards);
        }
        let mut covers = [[0u16; HORIZON + 1]; SEPARATE_GUARDS];
        for (cover, guard) in covers.iter_mut().zip(&guards.men[..guards.count]) {
            let levels = &guard.levels[..=attacker_moves as usize];
            for (bits, &level) in cover.iter_mut().zip(levels) {
                *bits = self.covered(guard, level);
            }
        }
        self.share(&covers[..guards.count], attacker_moves as usize, 0)
    }

    /// With one move left the attacker moves one man and the others stay: where that man is
    /// one piece, it attacks from one square it reaches (a pawn, or several men counted as
    /// one, from all of them). The squares tried are those from which the piece attacks every
    /// square the others leave and the sufferer cannot block.
    fn met_in_one_move(&self, guards: &Guards) -> bool {
        let men = &guards.men[..guards.count];
        let mut staying = [0u16; SEPARATE_GUARDS];
        for (bits, guard) in staying.iter_mut().zip(men) {
            *bits = self.covered(guard, guard.levels[0]);
        }
        men.iter().enumerate().any(|(i, guard)| {
            let others = (0..men.len())
                .filter(|&j| j != i)
                .fold(0, |bits, j| bits | staying[j]);
            let Some((role, from)) = guard.piece else {
                return self.rest_blocked(others | self.covered(guard, guard.levels[1]));
            };
            let mut squares = reach_within(guards.side, role, from, 1);
            for (index, &square) in self.squares[..self.len].iter().enumerate() {
                if others & (1 << index) == 0 && self.blocks[index].is_none() {
                    // A square nobody else holds and no man of the sufferer can block.
                    squares &= attacks(guards.side, role, square, Bitboard::EMPTY);
                }
            }
            squares.into_iter().any(|to| {
                let seen = attacks(guards.side, role, to, Bitboard::EMPTY);
                self.rest_blocked(others | self.covered(guard, seen))
            })
        })
    }

    /// The squares (as bits) a guard attacking `level` attacks.
    fn covered(&self, guard: &Guard, level: Bitboard) -> u16 {
        let mut bits = 0;
        for i in 0..self.len {
            let checks_k = i == 0 && self.mate;
            if level.contains(self.squares[i]) && (guard.checks || !checks_k) {
                bits |= 1 << i;
            }
        }
        bits
    }

    /// Tries the first guard at each number of moves where it attacks more, then the rest.
    fn share(&self, covers: &[[u16; HORIZON + 1]], left: usize, covered: u16) -> bool {
        let Some((cover, rest)) = covers.split_first() else {
            return self.rest_blocked(covered);
        };
        let mut before = None;
        for (n, &bits) in cover.iter().enumerate().take(left + 1) {
            if before != Some(bits) {
                before = Some(bits);
                if self.share(rest, left - n, covered | bits) {
                    return true;
                }
            }
        }
        false
    }

    /// True when the squares not `covered` can all be blocked in the sufferer's moves left.
    fn rest_blocked(&self, covered: u16) -> bool {
        let mut left = self.sufferer_left;
        for i in 0..self.len {
            if covered & (1 << i) == 0 {
                match self.blocks[i] {
                    Some(moves) if moves <= left => left -= moves,
                    _ => return false,
                }
            }
        }
        true
    }
}
