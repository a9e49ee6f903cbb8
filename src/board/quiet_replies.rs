//! Quiet replies that survive a move: for a position with the attacker to move, the
//! defender's legal moves that give no check (were the attacker to pass), each with the
//! squares an attacker's move would have to leave or reach to spoil it.
//!
//! The selfmate's last move pair asks, for each White move, whether every Black reply mates.
//! A Black reply that stays legal and gives no check after White's move answers "no" without
//! playing White's move. A quiet legal reply `b` stays so after White's ordinary move (king
//! moves, castling and e.p. excepted) from `mf` to `mt` when White's move touches nothing it
//! stands on: `mt` is not `b`'s origin, target or path, nor a knight's jump from the Black
//! king's square after `b`; neither square lies on a line from that square up to the first
//! man; `mf` is not `b`'s target and not on a line from the White king up to the first man.
//! Everything else of the position is as it was when `b` was found quiet and legal.

use super::attacks::{between, knight_attacks, queen_attacks};
use super::{Bitboard, Move, MoveKind, Position, Role};

/// At most this many replies are kept (one per Black man): a White move is tested against
/// each.
const KEPT: usize = 8;

/// The squares that spoil one quiet reply: a White move from `from` or to `to` may.
#[derive(Clone, Copy, Default)]
struct Guard {
    reply: Move,
    from: Bitboard,
    to: Bitboard,
}

/// The quiet replies of a position with the attacker to move ([`QuietReplies::new`]).
#[derive(Clone)]
pub struct QuietReplies {
    guards: [Guard; KEPT],
    len: usize,
}

impl QuietReplies {
    /// The defender's quiet legal replies were the side to move in `pos` to pass; `None`
    /// when the side to move is in check (a pass is not a position then) or there is none.
    pub fn new(pos: &Position) -> Option<QuietReplies> {
        if pos.is_check() {
            return None;
        }
        let them = pos.after_null();
        let defender = them.turn();
        let attacker_king = pos.king(pos.turn());
        let occupied = pos.occupied();
        let mut replies = QuietReplies {
            guards: [Guard::default(); KEPT],
            len: 0,
        };
        let mut seen = Bitboard::EMPTY;
        for b in them.legal_moves().iter().copied() {
            let (bf, bt) = (b.from(), b.to());
            if b.kind() != MoveKind::Normal || seen.contains(bf) || them.gives_check(b) {
                continue;
            }
            seen = seen.with(bf);
            let after = occupied.without(bf).with(bt);
            let king = if them.role_at(bf) == Some(Role::King) {
                bt
            } else {
                them.king(defender)
            };
            let near_king = queen_attacks(king, after);
            let ends = Bitboard::from_square(bf).with(bt);
            replies.guards[replies.len] = Guard {
                reply: b,
                from: near_king | queen_attacks(attacker_king, after) | Bitboard::from_square(bt),
                to: near_king | knight_attacks(king) | between(bf, bt) | ends,
            };
            replies.len += 1;
            if replies.len == KEPT {
                break;
            }
        }
        (replies.len > 0).then_some(replies)
    }

    /// A reply that is still legal and quiet after the legal move `m` of the position these
    /// replies were read from, if one certainly is.
    pub fn survivor(&self, pos: &Position, m: Move) -> Option<Move> {
        if !matches!(m.kind(), MoveKind::Normal | MoveKind::Promotion(_))
            || pos.role_at(m.from()) == Some(Role::King)
        {
            return None;
        }
        let (from, to) = (m.from(), m.to());
        self.guards[..self.len]
            .iter()
            .find(|g| !g.from.contains(from) && !g.to.contains(to))
            .map(|g| g.reply)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Validation;

    /// Every reply said to survive a move is, after that move, legal and gives no check: over
    /// every position two plies from a few crowded ones (pins, castling, e.p., promotions, a
    /// selfmate's final positions).
    #[test]
    fn survivors_stay_legal_and_quiet() {
        let fens = [
            "KR2N3/4P1P1/6QB/3N1pPB/n6P/rP6/ppkPP2P/3R4 w - - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "5b2/8/8/2q5/1kp5/8/1P6/1K1R1B2 w - - 0 1",
        ];
        let (mut survivors, mut positions) = (0, 0);
        for fen in fens {
            let root = Position::from_fen(fen, Validation::Strict).expect("a legal position");
            let mut level = vec![root];
            for _ in 0..3 {
                let mut next = Vec::new();
                for pos in &level {
                    positions += 1;
                    if let Some(replies) = QuietReplies::new(pos) {
                        for m in pos.legal_moves().iter().copied() {
                            if let Some(b) = replies.survivor(pos, m) {
                                let child = pos.after(m);
                                assert!(child.is_legal(b), "{fen}: {b} after {m}");
                                assert!(!child.gives_check(b), "{fen}: {b} checks after {m}");
                                survivors += 1;
                            }
                        }
                    }
                    if next.len() < 3000 {
                        next.extend(pos.legal_moves().iter().map(|&m| pos.after(m)));
                    }
                }
                level = next;
            }
        }
        assert!(
            positions > 5000 && survivors > 50_000,
            "{positions} {survivors}"
        );
    }
}
