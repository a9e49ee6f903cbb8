//! The other side's king after one move of the side to move, read without making the move:
//! which of its moves are then legal, and which comes first in generation order. A fact of
//! the board's attacks and of its generator's order, so it lives beside them; nothing here
//! knows what a problem asks.
//!
//! The one search that asks is the selfmate's last move pair
//! (`crate::solver::prover::last_move`, through [`crate::rules::Rules::king_reply_after`]):
//! a selfmate's last White move fails when Black then has a move that does not mate, and the
//! search takes the first such move found as the *spoiler* it tries first elsewhere. Most
//! spoilers are moves of the Black king, and a king move gives check only by discovery, so
//! when no line runs from White's king through Black's king, every legal king move is one
//! that does not mate. The generator makes king moves first, in ascending order of their
//! target, so the first one that does not mate is the legal king move with the lowest target.
//!
//! After White's move from `mf` to `mt` (no castling or e.p.; the man arriving of its
//! promoted role; a king move asks for no line from the square White's king goes to), a square `f` next to Black's king that is empty or White is a legal
//! target exactly when no White man attacks it over the board as it will be: `mf` empty, `mt`
//! occupied, Black's king lifted off its square (it must not shelter `f` from a line through
//! it), the man that moved counted from `mt` and not from `mf`. A White man on `f` itself
//! does not defend it; Black's man taken on `mt` no longer bars its king from that square.
//! So [`Position::king_reply_after`] answers exactly what making the move and asking the
//! board would answer, whenever it answers at all.

use super::attacks::{attacks, king_attacks, queen_attacks};
use super::{Bitboard, Move, MoveKind, Position, Role, Square};

/// The defender's king after one attacker's move ([`Position::king_reply_after`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum KingReply<M = Move> {
    /// Not read: the move or the spoiler is of a kind this does not judge, a king move may
    /// give a discovered check, or the king has no legal move.
    Unknown,
    /// The spoiler, a move of the defender's king, stays legal and gives no check.
    Stays,
    /// The spoiler does not stay (or there is none), and this legal king move, giving no
    /// check, is the first legal move of the defender in generation order.
    First(M),
}

impl Position {
    /// After the legal move `m` of the side to move, what the other side's king can do
    /// (see the module paragraph): whether `spoiler` (or null), when a move of that king,
    /// stays a legal move giving no check, else the king's first legal move, which gives no
    /// check. `Unknown` when `spoiler` is neither null nor a move of that king, when `m`
    /// castles or takes e.p., when a line runs from the mover's king (where `m` leaves it)
    /// through the other king, or when that king has no legal move.
    pub fn king_reply_after(&self, m: Move, spoiler: Move) -> KingReply {
        let us = self.turn();
        let Some(defender_king) = self.king(!us) else {
            return KingReply::Unknown;
        };
        let (mf, mt) = (m.from(), m.to());
        let role = match m.kind() {
            MoveKind::Normal => match self.role_at(mf) {
                Some(role) => role,
                None => return KingReply::Unknown,
            },
            MoveKind::Promotion(role) => role,
            MoveKind::EnPassant | MoveKind::Castle => return KingReply::Unknown,
        };
        // A king move gives check only by discovery, along a line from the mover's king (a
        // mover without a king is never checked).
        let king = if role == Role::King {
            Some(mt)
        } else {
            self.king(us)
        };
        if king.is_some_and(|king| queen_attacks(king, Bitboard::EMPTY).contains(defender_king)) {
            return KingReply::Unknown;
        }
        let spoiler_is_king_move = spoiler.kind() == MoveKind::Normal
            && spoiler.from() == defender_king
            && king_attacks(defender_king).contains(spoiler.to());
        if !spoiler.is_null() && !spoiler_is_king_move {
            return KingReply::Unknown;
        }
        let occupied = self.occupied().without(mf).with(mt).without(defender_king);
        let attackers = self.by_color(us).without(mf);
        let attacked = |f: Square| {
            (self.attackers_to(f, us, occupied) & attackers).any()
                || attacks(us, role, mt, occupied).contains(f)
        };
        let targets = king_attacks(defender_king) & !self.by_color(!us).without(mt);
        if spoiler_is_king_move && targets.contains(spoiler.to()) && !attacked(spoiler.to()) {
            return KingReply::Stays;
        }
        targets
            .into_iter()
            .find(|&f| !attacked(f))
            .map_or(KingReply::Unknown, |f| {
                KingReply::First(Move::normal(defender_king, f))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::fen::to_fen;
    use crate::board::quiet_replies::tests::positions_near;

    /// Positions two and three plies from a few crowded ones and from selfmate play around a
    /// Black king near White's army.
    fn positions() -> Vec<Position> {
        let fens = [
            "KR2N3/4P1P1/6QB/3N1pPB/n6P/rP6/pp1kP2P/R7 w - - 0 2",
            "K3N3/4P1P1/6QB/1R1N1pPB/P6P/1r6/4P2P/1q2k3 w - - 2 6",
            "KR2N3/4P1P1/2Q4B/3N1pPB/7P/2nr4/ppk1P2P/1R6 w - - 6 6",
            "1R2N3/K3P1P1/7B/3N2P1/n6P/rP3B2/1p2Pk1P/1q6 w - - 0 6",
            "8/R4PpP/5kp1/PP1R2N1/Kp3P1B/bQ4P1/rr1p4/nn1b1N1B w - - 0 1",
            "1n2k3/P1P3P1/3p4/2K5/8/8/1p3pp1/R3N2R w - - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "5b2/8/8/2q5/1kp5/8/1P6/1K1R1B2 w - - 0 1",
        ];
        positions_near(&fens)
    }

    /// Every answer agrees with the move made: a spoiler said to stay is legal there and
    /// gives no check; a first move is the first legal move generated, a king move giving no
    /// check, and the spoiler (when there is one) is not legal there.
    #[test]
    fn answers_agree_with_the_move_made() {
        let (mut stays, mut firsts, mut asked) = (0, 0, 0);
        for pos in positions() {
            let replies: Vec<Move> = pos.after_null().legal_moves().iter().copied().collect();
            for m in pos.legal_moves().iter().copied() {
                let child = pos.after(m);
                let generated = child.legal_moves();
                // The null spoiler and each king move of the other side.
                let king = pos.king(!pos.turn()).unwrap();
                let spoilers = std::iter::once(Move::default())
                    .chain(replies.iter().copied().filter(|b| b.from() == king));
                for spoiler in spoilers {
                    asked += 1;
                    let context = format!("{}: {m}, spoiler {spoiler}", to_fen(&pos));
                    match pos.king_reply_after(m, spoiler) {
                        KingReply::Unknown => {}
                        KingReply::Stays => {
                            assert!(child.is_legal(spoiler), "{context}");
                            assert!(!child.gives_check(spoiler), "{context}");
                            stays += 1;
                        }
                        KingReply::First(first) => {
                            assert_eq!(generated.first(), Some(&first), "{context}");
                            assert!(!child.gives_check(first), "{context}");
                            assert!(spoiler.is_null() || !child.is_legal(spoiler), "{context}");
                            firsts += 1;
                        }
                    }
                }
            }
        }
        assert!(
            stays > 100_000 && firsts > 100_000,
            "{asked} {stays} {firsts}"
        );
    }
}
