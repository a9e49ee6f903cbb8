//! Popeye's `exact-` in battle play: the goal must be reached in exactly the stipulated number
//! of moves. Every move of the play must keep it going: an attacker's move that reaches the
//! goal early, or leaves the defender no move, is no continuation (a shorter win does not
//! count, so the attacker must find one of the full length); a defence that reaches the goal
//! early (self play), or a reply the defender is forced to make early (reflex play), refutes.
//!
//! "In exactly n" is not monotone in n, so the answers are not "within" bounds: each is stored
//! under the position's key salted with n, as a plain yes (win within 1) or no (no win within
//! 1), in the table of the [`super::super::Exact`] question, which holds nothing else.
//! Exact problems are short and rare: the search is a plain AND/OR recursion without move
//! ordering.

use super::{result_bounds, Prover};
use crate::rules::Rules;
use crate::solver::question::{BattlePlay, Question};

/// The table key of the question "exactly `n`" at a position of key `key`.
pub(super) fn salted(key: u64, n: u32) -> u64 {
    key ^ u64::from(n + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl<R: Rules, Q: Question> Prover<'_, R, Q> {
    /// The attacker to move reaches the goal in exactly `n` of its moves against any defence.
    pub(super) fn exact_attack(&mut self, pos: &R, n: u32, ply: usize) -> bool {
        if self.aborted || n == 0 {
            return false;
        }
        if Q::PLAY == BattlePlay::SelfPlay && Self::goal_reached(pos) {
            return false; // the defender's move reached the goal early: it refutes
        }
        self.count_node();
        let key = salted(pos.key(), n);
        if let Some(known) = self.known(key) {
            return known;
        }
        // Reflex play: an attacker that can reach the goal at once must, and so fails.
        let win = !(Q::PLAY == BattlePlay::Reflex && self.goal_in_one_at(pos, ply).is_some())
            && pos
                .legal_moves()
                .iter()
                .any(|&m| self.exact_defend(&pos.play(m), n - 1, ply + 1));
        self.remember(key, win);
        win
    }

    /// With the defender to move: the attacker reaches the goal in exactly `n` more of its
    /// moves whatever the defender does (`n` = 0: the attacker's last move reached it).
    pub(super) fn exact_defend(&mut self, pos: &R, n: u32, ply: usize) -> bool {
        if self.aborted {
            return false;
        }
        self.count_node();
        match Q::PLAY {
            BattlePlay::Direct if n == 0 => return Self::goal_reached(pos),
            BattlePlay::SelfPlay if n == 0 => return Self::goal_forced(pos),
            BattlePlay::Reflex => {
                if self.goal_in_one_at(pos, ply).is_some() {
                    // The defender must reach the goal now: the end if no moves are left.
                    return n == 0;
                }
                if n == 0 {
                    return false;
                }
            }
            BattlePlay::Direct | BattlePlay::SelfPlay => {}
        }
        let key = salted(pos.key(), n);
        if let Some(known) = self.known(key) {
            return known;
        }
        let moves = pos.legal_moves();
        // No defence left before the end (the goal reached early, or a stalemate): no win.
        let win = !moves.is_empty()
            && moves
                .iter()
                .all(|&b| self.exact_attack(&pos.play(b), n, ply + 1));
        self.remember(key, win);
        win
    }

    pub(super) fn known(&self, key: u64) -> Option<bool> {
        let bounds = self.tt.probe(key);
        if bounds.proves_win(1) {
            Some(true)
        } else if bounds.proves_no_win(1) {
            Some(false)
        } else {
            None
        }
    }

    pub(super) fn remember(&mut self, key: u64, win: bool) {
        if !self.aborted {
            self.tt
                .store(key, result_bounds(win, 1, R::Move::default()));
        }
    }
}
