//! Popeye's `NonTrivial m n` in self play (`s#`, `s=`) ([`super::super::NonTrivial`]): at a
//! defence with more than `n` attacker moves to come, the defender's non-trivial moves (those
//! after which the attacker cannot win within `n`) are counted, `c`; with the budget `b` of
//! the play so far (at first `m`), the defence stands when `c > b + 1`, and otherwise the play
//! below it is judged with the budget `b + 1 - c` (so a defence without non-trivial moves
//! raises it by one). Popeye's `options/nontrivial.c` counts with the same search, in which
//! no defence is long enough for the count to apply again.
//!
//! The answers depend on the budget, which follows the path: each is stored under the
//! position's key salted with `n` and, where a count can still apply below (more than `n`
//! attacker moves to come), the budget, as a plain yes or no in the table of the
//! `NonTrivial` question, which holds nothing else. The search is a plain AND/OR recursion
//! "within n" without move ordering, as the `exact` module's.

use super::Prover;
use crate::rules::Rules;
use crate::solver::question::{BattleGoal, BattlePlay, Question};

/// The table key of "within `n`" at a position of key `key`, under `budget` where it matters:
/// the `exact` module's key of `n`, salted with the budget.
fn salted(key: u64, n: u32, budget: Option<u32>) -> u64 {
    let budget = budget.map_or(0, |b| u64::from(b) + 1);
    super::exact::salted(key, n) ^ budget.wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
}

impl<R: Rules, Q: Question> Prover<'_, R, Q> {
    /// The attacker to move wins within `n` of its moves against any defence.
    pub(super) fn nontrivial_attack(&mut self, pos: &R, n: u32, ply: usize) -> bool {
        if self.aborted {
            return false;
        }
        if Q::PLAY == BattlePlay::SelfPlay && Self::goal_reached(pos) {
            return true; // the defender's move reached the goal
        }
        if n == 0 {
            return false;
        }
        if Q::QUODLIBET && self.goal_in_one_at(pos, ply).is_some() {
            return true;
        }
        if Q::PLAY == BattlePlay::Reflex && self.goal_in_one_at(pos, ply).is_some() {
            return false; // the attacker must reach the goal itself: the play fails
        }
        self.count_node();
        let key = self.nontrivial_key(pos, n);
        if let Some(known) = self.known(key) {
            return known;
        }
        let win = self.nontrivial_attack(pos, n - 1, ply)
            || pos
                .legal_moves()
                .iter()
                .any(|&m| self.nontrivial_defend(&pos.play(m), n - 1, ply + 1));
        self.remember(key, win);
        win
    }

    /// With the defender to move: the attacker wins within `n` more of its moves whatever the
    /// defender does, the count of non-trivial defences applied here and below.
    pub(super) fn nontrivial_defend(&mut self, pos: &R, n: u32, ply: usize) -> bool {
        if self.aborted {
            return false;
        }
        self.count_node();
        if let Some(ended) = self.defender_end(pos, n, ply) {
            return ended;
        }
        let key = self.nontrivial_key(pos, n);
        if let Some(known) = self.known(key) {
            return known;
        }
        let Some(saved) = self.enter_defence(pos, n, ply) else {
            self.remember(key, false); // too many non-trivial defences: one stands
            return false;
        };
        let moves = pos.legal_moves();
        let win = if moves.is_empty() {
            Q::PLAY == BattlePlay::Direct && pos.is_check() == (Q::GOAL == BattleGoal::Mate)
        } else {
            moves
                .iter()
                .all(|&b| self.nontrivial_attack(&pos.play(b), n, ply + 1))
        };
        self.budget = saved;
        self.remember(key, win);
        win
    }

    /// The count at a defence in `pos` with `n` attacker moves to come: `None` when the
    /// defence stands, else the budget to restore after the play below it (the budget for
    /// that play set). No count with `n` attacker moves or fewer to come.
    pub(super) fn enter_defence(&mut self, pos: &R, n: u32, ply: usize) -> Option<u32> {
        let saved = self.budget;
        let Some((_, min_length)) = self.tt.question().nontrivial() else {
            return Some(saved);
        };
        if n <= min_length {
            return Some(saved);
        }
        // The file's m may be as large as the reader takes: the budget saturates (any budget
        // over the most moves a position has means no limit).
        let allowed = saved.saturating_add(1);
        let mut count = 0;
        for &b in pos.legal_moves().iter() {
            if !self.nontrivial_attack(&pos.play(b), min_length, ply + 1) {
                count += 1;
                if count > allowed {
                    return None;
                }
            }
        }
        self.budget = allowed - count;
        Some(saved)
    }

    fn nontrivial_key(&self, pos: &R, n: u32) -> u64 {
        let min_length = self.tt.question().nontrivial().map_or(0, |(_, min)| min);
        salted(pos.key(), n, (n > min_length).then_some(self.budget))
    }
}
