//! The attacker's last move of self and reflex play: does one move of the side to move leave
//! the defender only replies that reach the goal (self play), or, in reflex play, one after
//! which the defender reaches the goal in one?
//!
//! Most of these nodes fail, each attacker move at the defender's first reply, so the moves
//! are neither ordered nor made ahead. In self play the reply that spoiled the last move is
//! tried first (it usually spoils this one too, without generating), and a selfmate's
//! attacker moves after which a quiet reply certainly survives
//! ([`crate::board::QuietReplies`]) are never played: the men all of whose moves have such a
//! survivor are not even generated ([`Rules::moves_spoiling`]). Which moves are skipped does
//! not change which reply becomes the spoiler, so the search visits the same nodes. A move
//! that is played is not made when the defender's king tells its outcome
//! ([`crate::board::KingReply`]): the spoiler, a king move, stays legal and quiet, or the
//! king's first legal move becomes the spoiler, as the made move would have shown.
//!
//! Keep the spoiler as it is learned here: it is also the first defence tried one move
//! earlier among moves of equal rank (the parent's shorter search writes the same killer
//! slot). Before the defender's checks went first in self play ([`Prover::defend`]),
//! beispiel_ep_011 (s#6) proved 13.8 M last-move positions in 11.9 s, and these were
//! measured there: other spoilers grew the search (a finer choice of the moves played by
//! 14 %, skipping moves that leave the defender's king a flight 10 %, preferring a spoiler
//! that is not a king move 14 %, killers per remaining depth instead of per ply 2.0 times);
//! generating only the moves in the spoiler's zone, again after each new spoiler, cost 1.3
//! times the CPU time; keeping a replaced spoiler's guard for its return cost more to move
//! than to read again; prefetching the table slot the killer leaves after each
//! second-to-last move moved the wait elsewhere; the spoiler that survived the most moves, or
//! the one the node began with, as the killer cost 1.6 times the CPU time. With checks first
//! the same problem takes 0.07 s.

use super::{result_bounds, Prover};
use crate::board::KingReply;
use crate::rules::{RuleMove, Rules};
use crate::solver::question::{BattleGoal, BattlePlay, Question};

impl<R: Rules, Q: Question> Prover<'_, R, Q> {
    /// [`Prover::attack`] with one attacker move left in self or reflex play, `pos` not yet
    /// in the table under `key`; the answer is stored there.
    pub(super) fn last_attack(&mut self, pos: &R, key: u64, ply: usize) -> bool {
        self.count_node();
        let mut spoiler = self.killers(false, ply + 1)[0];
        // A quiet reply that survives White's move cannot mate: no need to play it.
        let quiet = match (Q::PLAY, Q::GOAL) {
            (BattlePlay::SelfPlay, BattleGoal::Mate) => pos.quiet_replies(),
            _ => None,
        };
        // The spoiler, when quiet, with its fine guard: a move it certainly survives is
        // spoiled without being played.
        // (`None` until first needed: most nodes end before.)
        let mut spoiler_guard: Option<Option<R::QuietReplies>> = None;
        let moves = match &quiet {
            Some(quiet) => pos.moves_spoiling(quiet),
            None => pos.legal_moves(),
        };
        for &m in moves.iter() {
            if Q::PLAY == BattlePlay::SelfPlay {
                self.count_node();
                let guard = spoiler_guard.get_or_insert_with(|| match &quiet {
                    Some(_) if !spoiler.is_null() => pos.quiet_reply(spoiler),
                    _ => None,
                });
                if guard
                    .as_ref()
                    .is_some_and(|g| pos.quiet_survivor(g, m).is_some())
                {
                    continue;
                }
            }
            if Q::PLAY == BattlePlay::SelfPlay && Q::GOAL == BattleGoal::Mate {
                // What playing the move would find, when the defender's king tells it.
                match pos.king_reply_after(m, spoiler) {
                    KingReply::Stays => continue,
                    KingReply::First(miss) => {
                        spoiler = miss;
                        spoiler_guard = None;
                        continue;
                    }
                    KingReply::Unknown => {}
                }
            }
            let child = pos.play(m);
            if Q::PLAY == BattlePlay::SelfPlay {
                if !spoiler.is_null()
                    && child.is_legal(spoiler)
                    && !Self::move_reaches_goal(&child, spoiler)
                {
                    continue;
                }
                match Self::goal_refuter(&child) {
                    Ok(()) => {}
                    Err(miss) => {
                        if let Some(miss) = miss {
                            spoiler = miss;
                            spoiler_guard = None;
                        }
                        continue;
                    }
                }
            } else if !self.defend(&child, 0, ply + 1) {
                continue;
            }
            self.tt.store(key, result_bounds(true, 1, m));
            return true;
        }
        if Q::PLAY == BattlePlay::SelfPlay && !spoiler.is_null() {
            self.add_killer(false, ply + 1, spoiler);
        }
        self.tt
            .store(key, result_bounds(false, 1, R::Move::default()));
        false
    }
}
