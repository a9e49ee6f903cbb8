//! Quiet replies that survive a move: for a position with one side (here White) to move, the
//! other side's legal moves that give no check (were White to pass), each with the squares a
//! White move would have to leave or reach to spoil it, so that "does this reply stay legal
//! and quiet after White's move?" is answered without making the move. It is a fact about
//! the legal moves of two plies, read from the attack tables and the generator's own sinks
//! (`MoveSink`, `GenKind`), which is why it lives in the board; nothing here knows what
//! a problem asks.
//!
//! The one search that asks is the selfmate's last move pair
//! (`crate::solver::prover::last_move`, through [`crate::rules::Rules::quiet_replies`] and
//! its siblings): there every Black reply must mate, so one that stays legal and gives no
//! check after White's move refutes that move unplayed. Say the quiet legal reply `b` goes
//! from `bf` to `bt` and leaves the Black king on `k` (`bt` for a king move). White's ordinary
//! move (king moves, castling and e.p. excepted) from `mf` to `mt` changes three squares
//! only: `mf` empties, White's man (of its promoted role) stands on `mt`, whatever stood there
//! is gone. So `b` stays legal and quiet unless
//! - `mt` is `bf` or `bt` or on `b`'s path (the reply changes or is blocked);
//! - `mf` is `bt` (a capture that no longer is one);
//! - the man arriving on `mt` attacks `k` over the board after `b` (a check, or a pin of the
//!   man `b` moves: its square is empty on that board, so a pinning line runs through it),
//!   read by its role: a knight's jump, a pawn's capture, a bishop's or rook's line (a queen
//!   both) from `k`;
//! - `mf` is the first man on a line from `k` whose next man is a White slider moving along
//!   that line (a discovered check or pin);
//! - `mf` is the first man on a line from White's king whose next man after `b` is a Black
//!   slider moving along it (`b` would then give a discovered check);
//! - a pawn promotes on `mt` to a man whose lines from `k` (read as above) include `mf`.
//!
//! Emptying `mf` opens no other line: a line through `mf` whose first man is elsewhere still
//! stops there, a White slider standing first on a line from `k` that it moves along is
//! impossible (`b` is legal), and only a promoting pawn becomes a slider on its way along
//! one. Filling `mt` only blocks, and a White man taking a Black one on `mt` stands there in
//! its place. These are the *fine* guards ([`QuietReplies::for_reply`]).
//!
//! [`QuietReplies::new`] keeps *coarse* guards instead, the same test with wider squares: any
//! `mt` or `mf` on a queen's line from `k`, any `mt` a knight's jump from it, any `mf` on a
//! queen's line from White's king. The selfmate search decides with the coarse guards which
//! White moves it plays, and with the fine one whether the reply that spoiled the previous move
//! spoils this one too; finer guards for the choice would change which replies the search
//! meets and learns from (on beispiel_ep_011, an s#6, they made the search 1.8 times as large).
//!
//! [`QuietReplies::spoiling_moves`] reads the guards per man: a move has no survivor when its
//! target spoils every guard its origin does not, and a man with no such square in reach is
//! not generated at all.

use super::attacks::{
    attacks, between, bishop_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
};
use super::{Bitboard, Color, GenKind, Move, MoveKind, MoveList, MoveSink, Position, Role, Square};

/// At most this many replies are kept (one per Black man): a White move is tested against
/// each.
const KEPT: usize = 8;

/// The squares that spoil one quiet reply: a White move from `from` or to `to` may, and one
/// with a man of role `r` (after promotion; no king) to the replies' `to_by_role[r]`.
#[derive(Clone, Copy, Default)]
struct Guard {
    reply: Move,
    from: Bitboard,
    to: Bitboard,
}

/// The quiet replies of a position with the attacker to move ([`QuietReplies::new`],
/// [`QuietReplies::for_reply`]).
#[derive(Clone)]
pub struct QuietReplies {
    guards: [Guard; KEPT],
    len: usize,
    /// The squares by role that spoil every guard: empty for coarse guards, the checking
    /// and pinning squares of a fine one's king (its only guard). Kept once, not per guard,
    /// so that the replies stay small to move around.
    to_by_role: [Bitboard; 5],
}

/// The men standing first on a line from `sq` over `occupied` whose next man on that line is
/// one of `rooks` (on a rank or file) or `bishops` (on a diagonal): emptying one of their
/// squares opens that slider's line to `sq`.
fn shields(sq: Square, occupied: Bitboard, rooks: Bitboard, bishops: Bitboard) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    let near = rook_attacks(sq, occupied);
    for slider in rook_attacks(sq, occupied & !near) & rooks & !near {
        out |= between(sq, slider) & occupied;
    }
    let near = bishop_attacks(sq, occupied);
    for slider in bishop_attacks(sq, occupied & !near) & bishops & !near {
        out |= between(sq, slider) & occupied;
    }
    out
}

/// The kings' squares of `them` (the defender to move after the attacker's pass). The guards
/// are read around both, so a problem without one of them keeps no replies.
#[derive(Clone, Copy)]
struct Kings {
    defender: Square,
    attacker: Square,
}

impl Kings {
    fn of(them: &Position) -> Option<Kings> {
        Some(Kings {
            defender: them.king(them.turn())?,
            attacker: them.king(!them.turn())?,
        })
    }
}

/// What a quiet reply `b` of `them` (the defender to move after the attacker's pass) leaves:
/// the board, and the defender's king's square.
fn after_reply(them: &Position, kings: Kings, b: Move) -> (Bitboard, Square) {
    let (bf, bt) = (b.from(), b.to());
    let king = if them.role_at(bf) == Some(Role::King) {
        bt
    } else {
        kings.defender
    };
    (them.occupied().without(bf).with(bt), king)
}

/// The coarse guard of the quiet legal reply `b` of `them` (see the module paragraph).
fn coarse_guard(them: &Position, kings: Kings, b: Move) -> Guard {
    let (bf, bt) = (b.from(), b.to());
    let (after, king) = after_reply(them, kings, b);
    let near_king = queen_attacks(king, after);
    let attacker_king = kings.attacker;
    Guard {
        reply: b,
        from: near_king | queen_attacks(attacker_king, after) | Bitboard::from_square(bt),
        to: near_king | knight_attacks(king) | between(bf, bt).with(bf).with(bt),
    }
}

/// The fine guard of the quiet legal reply `b` of `them` (see the module paragraph), with its
/// squares by role.
fn fine_guard(them: &Position, kings: Kings, b: Move) -> (Guard, [Bitboard; 5]) {
    let (bf, bt) = (b.from(), b.to());
    let (after, king) = after_reply(them, kings, b);
    let defender = them.turn();
    let role = them.role_at(bf);
    // The sliders of each side once `b` is played.
    let moved = |set: Bitboard, r: Role| {
        let set = set.without(bf).without(bt);
        if role == Some(r) || role == Some(Role::Queen) {
            set.with(bt)
        } else {
            set
        }
    };
    let black = them.by_color(defender);
    let black_rooks = moved(them.rooks_queens() & black, Role::Rook);
    let black_bishops = moved(them.bishops_queens() & black, Role::Bishop);
    let white = them.by_color(!defender).without(bt);
    let (white_rooks, white_bishops) = (them.rooks_queens() & white, them.bishops_queens() & white);
    let (diagonal, straight) = (bishop_attacks(king, after), rook_attacks(king, after));
    let guard = Guard {
        reply: b,
        from: shields(king, after, white_rooks, white_bishops)
            | shields(kings.attacker, after, black_rooks, black_bishops)
            | Bitboard::from_square(bt),
        to: between(bf, bt).with(bf).with(bt),
    };
    let by_role = [
        pawn_attacks(defender, king),
        knight_attacks(king),
        diagonal,
        straight,
        diagonal | straight,
    ];
    (guard, by_role)
}

/// Keeps the first quiet legal reply of each man, up to [`KEPT`] of them, with its coarse
/// guard: what [`QuietReplies::new`] reads, in generation order, without listing the moves.
struct FirstQuiet<'p> {
    them: &'p Position,
    kings: Kings,
    replies: QuietReplies,
    seen: Bitboard,
}

impl MoveSink for FirstQuiet<'_> {
    #[inline]
    fn push(&mut self, b: Move) {
        let bf = b.from();
        if self.replies.len == KEPT
            || b.kind() != MoveKind::Normal
            || self.seen.contains(bf)
            || self.them.gives_check(b)
        {
            return;
        }
        self.seen = self.seen.with(bf);
        self.replies.guards[self.replies.len] = coarse_guard(self.them, self.kings, b);
        self.replies.len += 1;
    }

    #[inline]
    fn push_targets(&mut self, from: Square, targets: Bitboard) {
        // A man whose reply is kept has nothing more to give.
        if !self.seen.contains(from) {
            for to in targets {
                self.push(Move::normal(from, to));
            }
        }
    }

    #[inline]
    fn is_satisfied(&self) -> bool {
        self.replies.len == KEPT
    }
}

impl QuietReplies {
    /// The defender's quiet legal replies were the side to move in `pos` to pass, one per
    /// man, with coarse guards; `None` when the side to move is in check (a pass is not a
    /// position then), when a side has no king, or when there is none.
    pub fn new(pos: &Position) -> Option<QuietReplies> {
        if pos.is_check() {
            return None;
        }
        let them = pos.after_null();
        let mut sink = FirstQuiet {
            them: &them,
            kings: Kings::of(&them)?,
            replies: QuietReplies {
                guards: [Guard::default(); KEPT],
                len: 0,
                to_by_role: [Bitboard::EMPTY; 5],
            },
            seen: Bitboard::EMPTY,
        };
        them.generate(GenKind::All, Bitboard::FULL, &mut sink);
        (sink.replies.len > 0).then_some(sink.replies)
    }

    /// The one reply `b`, with its fine guard, when it is a quiet legal reply (an ordinary
    /// move, no castling, e.p. or promotion) were the side to move in `pos`, not in check, to
    /// pass.
    pub fn for_reply(pos: &Position, b: Move) -> Option<QuietReplies> {
        if pos.is_check() || b.kind() != MoveKind::Normal {
            return None;
        }
        let them = pos.after_null();
        let kings = Kings::of(&them)?;
        if !them.is_legal(b) || them.gives_check(b) {
            return None;
        }
        let mut guards = [Guard::default(); KEPT];
        let to_by_role;
        (guards[0], to_by_role) = fine_guard(&them, kings, b);
        Some(QuietReplies {
            guards,
            len: 1,
            to_by_role,
        })
    }

    /// The legal moves of `pos` (the position these replies were read from) after which no
    /// reply certainly survives, in generation order: king moves, castling and e.p. captures
    /// (never judged), and each other man's moves to the squares that spoil every guard whose
    /// `from` misses the man (for a pawn, as any role it may arrive as). The other men are
    /// not generated at all. With the coarse guards of [`QuietReplies::new`] these are exactly
    /// the moves [`QuietReplies::survivor`] finds no reply for.
    pub fn spoiling_moves(&self, pos: &Position) -> MoveList {
        let us = pos.turn();
        let occupied = pos.occupied();
        // Replies are kept only where both kings stand (see `Kings`).
        let Some(king) = pos.king(us) else {
            return pos.legal_moves();
        };
        // The list is filled in place (the sink only borrows it), so it is not copied out.
        let mut list = MoveList::new();
        let mut sink = Spoiling {
            targets: [Bitboard::EMPTY; 64],
            list: &mut list,
        };
        sink.targets[king.index()] = Bitboard::FULL;
        let mut men = Bitboard::from_square(king);
        if pos.ep_square().is_some() {
            men |= pos.pieces(us, Role::Pawn);
        }
        // A pawn may arrive as any role, and its lines run through its square.
        let pawn_by_role = self
            .to_by_role
            .iter()
            .fold(Bitboard::EMPTY, |all, &by| all | by);
        for from in pos.by_color(us).without(king) {
            let Some(role) = pos.role_at(from) else {
                continue;
            };
            let mut spoiling = reach(pos, role, from, occupied);
            for g in &self.guards[..self.len] {
                let by_role = match role {
                    Role::Pawn => pawn_by_role,
                    _ => self.to_by_role[role.index()],
                };
                if !(g.from.contains(from) || role == Role::Pawn && by_role.contains(from)) {
                    spoiling &= g.to | by_role;
                }
            }
            if spoiling.any() {
                men = men.with(from);
            }
            sink.targets[from.index()] = spoiling;
        }
        pos.generate(GenKind::All, men, &mut sink);
        list
    }

    /// A reply that is still legal and quiet after the legal move `m` of the position these
    /// replies were read from, if one certainly is.
    pub fn survivor(&self, pos: &Position, m: Move) -> Option<Move> {
        let role = match m.kind() {
            MoveKind::Normal => pos.role_at(m.from())?,
            MoveKind::Promotion(role) => role,
            MoveKind::EnPassant | MoveKind::Castle => return None,
        };
        if role == Role::King {
            return None;
        }
        let (from, to) = (m.from(), m.to());
        // A promoted man's lines from `k` run through the square its pawn leaves.
        let promotes = m.promotion().is_some();
        let by_role = self.to_by_role[role.index()];
        self.guards[..self.len]
            .iter()
            .find(|g| {
                !(g.from.contains(from)
                    || (g.to | by_role).contains(to)
                    || (promotes && by_role.contains(from)))
            })
            .map(|g| g.reply)
    }
}

/// Keeps the moves to their origin's target squares, and every castling and e.p. capture.
struct Spoiling<'l> {
    targets: [Bitboard; 64],
    list: &'l mut MoveList,
}

impl MoveSink for Spoiling<'_> {
    #[inline]
    fn push(&mut self, m: Move) {
        if matches!(m.kind(), MoveKind::Castle | MoveKind::EnPassant)
            || self.targets[m.from().index()].contains(m.to())
        {
            self.list.push(m);
        }
    }
}

/// The squares a man of `pos`'s side to move on `from` may move to (a superset).
fn reach(pos: &Position, role: Role, from: Square, occupied: Bitboard) -> Bitboard {
    let us = pos.turn();
    if role != Role::Pawn {
        return attacks(us, role, from, occupied);
    }
    let ahead = Bitboard::from_square(from);
    let (one, two) = match us {
        Color::White => (ahead.north(), ahead.north().north()),
        Color::Black => (ahead.south(), ahead.south().south()),
    };
    pawn_attacks(us, from) | one | two
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::board::fen::to_fen;
    use crate::board::Validation;

    /// Every position two plies from a few crowded ones (pins, castling, e.p., promotions, a
    /// selfmate's final positions), with the attacker to move.
    fn crowded() -> Vec<Position> {
        let fens = [
            "8/R4PpP/5kp1/PP1R2N1/Kp3P1B/bQ4P1/rr1p4/nn1b1N1B w - - 0 1",
            "1n2k3/P1P3P1/3p4/2K5/8/8/1p3pp1/R3N2R w - - 0 1",
            "r1b1k2r/1P1pq1PP/2n5/3N4/1Q6/8/p1p3p1/R3K2R w KQkq - 0 1",
            "2r5/1P1k1P2/8/2Q5/8/5B2/2R5/4K3 w - - 0 1",
            "KR2N3/4P1P1/6QB/3N1pPB/n6P/rP6/ppkPP2P/3R4 w - - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "5b2/8/8/2q5/1kp5/8/1P6/1K1R1B2 w - - 0 1",
        ];
        positions_near(&fens)
    }

    /// The positions up to three plies from each of `fens` (at most a few thousand per ply).
    pub(in crate::board) fn positions_near(fens: &[&str]) -> Vec<Position> {
        let mut all = Vec::new();
        for fen in fens {
            let root = Position::from_fen(fen, Validation::Strict).expect("a legal position");
            let mut level = vec![root];
            for _ in 0..3 {
                let mut next = Vec::new();
                for pos in &level {
                    if next.len() < 3000 {
                        next.extend(pos.legal_moves().iter().map(|&m| pos.after(m)));
                    }
                }
                all.extend(level);
                level = next;
            }
        }
        all
    }

    /// True when the reply `b` is legal and gives no check after the move `m` of `pos`.
    fn survives(pos: &Position, m: Move, b: Move) -> bool {
        let child = pos.after(m);
        child.is_legal(b) && !child.gives_check(b)
    }

    /// Every reply a coarse guard says survives a move is, after that move, legal and gives
    /// no check.
    #[test]
    fn survivors_stay_legal_and_quiet() {
        let (mut survivors, mut positions) = (0, 0);
        for pos in crowded() {
            positions += 1;
            if let Some(replies) = QuietReplies::new(&pos) {
                for m in pos.legal_moves().iter().copied() {
                    if let Some(b) = replies.survivor(&pos, m) {
                        assert!(survives(&pos, m, b), "{}: {b} after {m}", to_fen(&pos));
                        survivors += 1;
                    }
                }
            }
        }
        assert!(
            positions > 5000 && survivors > 50_000,
            "{positions} {survivors}"
        );
    }

    /// The same for the fine guard of every quiet reply: and it finds
    /// more survivors than the coarse one would for the same reply.
    #[test]
    fn fine_survivors_stay_legal_and_quiet() {
        let (mut fine, mut coarse) = (0, 0);
        for pos in &crowded() {
            for b in pos.after_null().legal_moves().iter().copied() {
                let Some(one) = QuietReplies::for_reply(pos, b) else {
                    continue;
                };
                let rough = QuietReplies {
                    guards: [coarse_guard(
                        &pos.after_null(),
                        Kings::of(&pos.after_null()).unwrap(),
                        b,
                    ); KEPT],
                    len: 1,
                    to_by_role: [Bitboard::EMPTY; 5],
                };
                for m in pos.legal_moves().iter().copied() {
                    if one.survivor(pos, m).is_some() {
                        assert!(survives(pos, m, b), "{}: {b} after {m}", to_fen(pos));
                        fine += 1;
                    }
                    if rough.survivor(pos, m).is_some() {
                        coarse += 1;
                    }
                }
            }
        }
        assert!(
            fine > coarse + coarse / 4 && coarse > 100_000,
            "{fine} {coarse}"
        );
    }

    /// The spoiling moves are exactly the legal moves no coarse guard has a survivor for, in
    /// the same order.
    #[test]
    fn spoiling_moves_are_those_without_survivor() {
        let mut left_out = 0;
        for pos in crowded() {
            let Some(replies) = QuietReplies::new(&pos) else {
                continue;
            };
            let all = pos.legal_moves();
            let spoiling: Vec<Move> = all
                .iter()
                .copied()
                .filter(|&m| replies.survivor(&pos, m).is_none())
                .collect();
            assert_eq!(
                replies.spoiling_moves(&pos).as_slice(),
                spoiling.as_slice(),
                "{}",
                to_fen(&pos)
            );
            left_out += all.len() - spoiling.len();
        }
        assert!(left_out > 50_000, "{left_out}");
    }
}
