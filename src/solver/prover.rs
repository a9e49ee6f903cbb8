//! The depth-bounded AND/OR search: does the attacker (the side to move at the root) force
//! mate within `n` of its moves? Attacker nodes are OR nodes (one move suffices), defender
//! nodes AND nodes (every move must lose).
//!
//! Results go to the shared transposition table as proven bounds, so the tree builder can ask
//! the same question thousands of times for the price of one search. Move ordering
//! ([`ordering`]): the table's move, checks, captures, killers for the attacker; the table's
//! refutation, killer refutations and then a refutation history for the defender, whose
//! checking moves go first when the attacker has two moves left (in self and reflex play
//! at every depth). Mate in one is found from checking moves only.
//!
//! Most of a solve is spent refuting White's first moves, and a defender node whose first
//! defence refutes costs one attacker search instead of several: the history (how often, and
//! how deep, a from-to move refuted anywhere in this search) is what finds that defence.
//!
//! Generic over the game ([`Rules`]); the question it answers, restrictions included, is the
//! transposition table's ([`Question`]), so a prover cannot write into a table of another.
//! The question's play and goal are constants: for self play the defender's last move must
//! reach the goal whatever it plays; for reflex play a side that can reach the goal in one
//! must (the attacker then fails, the defender succeeds for it); a stalemate goal replaces
//! the mate test; under Popeye's `Quodlibet` (self play) the attacker's own move reaching the
//! goal wins too. Each question is compiled on its own, so the directmate search keeps its
//! shape (mate in one from checking moves, no self or reflex test).

mod exact;
mod last_move;
mod nontrivial;
mod ordering;

use super::question::{BattleGoal, BattlePlay, DirectMate, Question, Restrictions};
use super::tt::{Bounds, TranspositionTable};
use crate::board::Position;
use crate::kernel::{PollPace, SearchControl};
use crate::rules::{RuleMove, Rules, Sink};
use std::marker::PhantomData;

const MAX_PLY: usize = 256;
/// How many children of an attacker node are made ahead of the one searched.
const AHEAD: usize = 4;

/// Answers "mate within n?" questions over one transposition table: the game `R`, the
/// question `Q` (whose restrictions the prover applies).
pub struct Prover<'a, R: Rules = Position, Q: Question = DirectMate> {
    restrictions: Restrictions,
    tt: &'a TranspositionTable<Q, R::Move>,
    control: &'a SearchControl,
    nodes: u64,
    unreported_nodes: u64,
    /// Nodes between polls of the control's limits.
    pace: PollPace,
    aborted: bool,
    attack_killers: Vec<[R::Move; 2]>,
    defence_killers: Vec<[R::Move; 2]>,
    /// The last mating move found at each ply: often mates again after another defence.
    mate_killers: Vec<R::Move>,
    /// Refutation history: per from-to square pair, the weight of the defences that refuted.
    refutations: Box<[u32; 64 * 64]>,
    /// `NonTrivial`: the non-trivial defences still allowed along the play searched.
    budget: u32,
}

impl<'a, R: Rules, Q: Question> Prover<'a, R, Q> {
    /// A prover answering the table's question: with a [`super::Restricted`] table, under its
    /// restrictions.
    pub fn new(tt: &'a TranspositionTable<Q, R::Move>, control: &'a SearchControl) -> Self {
        Prover {
            restrictions: tt.question().restrictions(),
            tt,
            control,
            nodes: 0,
            unreported_nodes: 0,
            pace: control.poll_pace(),
            aborted: false,
            attack_killers: vec![[R::Move::default(); 2]; MAX_PLY],
            defence_killers: vec![[R::Move::default(); 2]; MAX_PLY],
            mate_killers: vec![R::Move::default(); MAX_PLY],
            refutations: Box::new([0; 64 * 64]),
            budget: tt.question().nontrivial().map_or(0, |(max, _)| max),
        }
    }

    /// True when the attacker's move `m` from `pos`, with `n` attacker moves to go (itself
    /// included), counts under the restrictions. Popeye's guards stand before the defender's
    /// move with the half-moves left: `MaxFlightsquares` where at least two attacker moves
    /// still follow (`n >= 3`: never in a `#2`, in a `#3` after the key only), `Threat m`
    /// where more than `m` attacker moves are left (itself included) and the move gives no
    /// check (`options/maxflightsquares.c`, `options/maxthreatlength.c`).
    pub fn move_allowed(&mut self, pos: &R, m: R::Move, n: u32) -> bool {
        if self.restrictions.is_none() || n < 2 {
            return true;
        }
        self.reached_allowed(&pos.play(m), n)
    }

    /// [`Prover::move_allowed`] for the position `child` the attacker's move reached, the
    /// defender to move (set play's diagram, the attacker having passed: Popeye's guards
    /// stand before the set defence too).
    pub fn reached_allowed(&mut self, child: &R, n: u32) -> bool {
        if self.restrictions.is_none() || n < 2 {
            return true;
        }
        if let Some(max) = self.restrictions.max_flights {
            if n >= 3 && child.king_move_count() > max {
                return false;
            }
        }
        if let Some(max) = self.restrictions.max_threat {
            if n > max && !child.is_check() && !self.attack(&child.pass(), max, 0) {
                return false;
            }
        }
        true
    }

    pub fn control(&self) -> &'a SearchControl {
        self.control
    }

    pub fn restrictions(&self) -> Restrictions {
        self.restrictions
    }

    /// Adds nodes searched by helper provers to this one's statistics.
    pub fn add_foreign_nodes(&mut self, nodes: u64) {
        self.nodes += nodes;
    }

    /// Nodes visited by this prover.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// True once a limit stopped the search; every answer since is unreliable.
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    pub fn table(&self) -> &'a TranspositionTable<Q, R::Move> {
        self.tt
    }

    /// Looks at the limits now (not only every few nodes); true once stopped.
    pub fn poll_limits(&mut self) -> bool {
        if !self.aborted && self.control.should_stop() {
            self.aborted = true;
        }
        self.aborted
    }

    #[inline]
    fn count_node(&mut self) {
        self.count_nodes(1);
    }

    #[inline(always)]
    pub(super) fn count_nodes(&mut self, made: u32) {
        self.nodes += made as u64;
        self.unreported_nodes += made as u64;
        if self.unreported_nodes >= self.pace.interval() {
            self.report_nodes();
        }
    }

    /// Hands the nodes counted since the last report to the control and polls its limits.
    #[cold]
    #[inline(never)]
    fn report_nodes(&mut self) {
        self.control.add_nodes(self.unreported_nodes);
        self.unreported_nodes = 0;
        self.poll_limits();
        self.pace.polled();
    }

    /// Counts a node visited by another search sharing this prover (df-pn), so limits and
    /// statistics see it.
    #[inline]
    pub fn note_node(&mut self) {
        self.count_node();
    }

    /// Reports outstanding node counts to the shared control.
    pub fn flush_nodes(&mut self) {
        self.control.add_nodes(self.unreported_nodes);
        self.unreported_nodes = 0;
    }

    /// A move of the side to move that mates at once, if any.
    pub fn mate_in_one(&mut self, pos: &R) -> Option<R::Move> {
        self.mate_in_one_at(pos, MAX_PLY - 1)
    }

    fn mate_in_one_at(&mut self, pos: &R, ply: usize) -> Option<R::Move> {
        // Most checks leave the king a flight: the rules skip those without making them. The
        // last mate found at this ply is tried first when it is among the candidates (a legal
        // check that may mate), so a killer that cannot mate costs nothing more; the rules
        // stop at the first mate.
        let killer = self.mate_killers.get(ply).copied().unwrap_or_default();
        let (mate, made) = pos.first_mate_in_one(killer);
        self.count_nodes(made);
        if let Some(m) = mate {
            if let Some(slot) = self.mate_killers.get_mut(ply) {
                *slot = m;
            }
        }
        mate
    }

    /// True when the side to move in `pos` has been brought to the question's goal: no legal
    /// move, in check for mate, not in check for stalemate.
    #[inline]
    pub fn goal_reached(pos: &R) -> bool {
        match Q::GOAL {
            BattleGoal::Mate => pos.is_check() && !pos.has_legal_move(),
            BattleGoal::Stalemate => !pos.is_check() && !pos.has_legal_move(),
        }
    }

    /// The moves of the side to move in `pos` that reach the goal at once.
    pub fn goal_moves(pos: &R) -> Vec<R::Move> {
        let moves = pos.legal_moves();
        moves
            .iter()
            .copied()
            .filter(|&m| Self::goal_reached(&pos.play(m)))
            .collect()
    }

    /// Self play's end: the side to move has a move, and every move reaches the goal.
    pub fn goal_forced(pos: &R) -> bool {
        Self::goal_refuter(pos).is_ok()
    }

    /// True when the side to move's move `m` brings the other side to the goal.
    #[inline]
    fn move_reaches_goal(pos: &R, m: R::Move) -> bool {
        // A move that does not check cannot mate; one that checks cannot stalemate.
        pos.gives_check(m) == (Q::GOAL == BattleGoal::Mate) && Self::goal_reached(&pos.play(m))
    }

    /// As [`Prover::goal_forced`]: `Ok` when forced, else the first move found that does not
    /// reach the goal (`None`: no move at all). The generator stops at that move.
    fn goal_refuter(pos: &R) -> Result<(), Option<R::Move>> {
        struct FirstMiss<'p, R: Rules, Q> {
            pos: &'p R,
            moves: u32,
            miss: Option<R::Move>,
            question: PhantomData<Q>,
        }
        impl<R: Rules, Q: Question> Sink<R::Move> for FirstMiss<'_, R, Q> {
            #[inline]
            fn push(&mut self, m: R::Move) {
                if self.miss.is_some() {
                    return;
                }
                self.moves += 1;
                if !Prover::<R, Q>::move_reaches_goal(self.pos, m) {
                    self.miss = Some(m);
                }
            }
            #[inline]
            fn is_satisfied(&self) -> bool {
                self.miss.is_some()
            }
        }
        let mut sink = FirstMiss::<R, Q> {
            pos,
            moves: 0,
            miss: None,
            question: PhantomData,
        };
        pos.generate(&mut sink);
        match sink.miss {
            None if sink.moves > 0 => Ok(()),
            miss => Err(miss),
        }
    }

    /// A move of the side to move reaching the goal at once, if any: for mate from checking
    /// moves ([`Prover::mate_in_one`]'s way), for stalemate from every move.
    #[inline]
    fn goal_in_one_at(&mut self, pos: &R, ply: usize) -> Option<R::Move> {
        match Q::GOAL {
            BattleGoal::Mate => self.mate_in_one_at(pos, ply),
            BattleGoal::Stalemate => {
                let moves = pos.legal_moves();
                for &m in moves.iter() {
                    self.count_node();
                    if Self::goal_reached(&pos.play(m)) {
                        return Some(m);
                    }
                }
                None
            }
        }
    }

    /// True when the side to move mates within `n` of its moves against any defence (in
    /// exactly `n` for an `exact-` question, [`super::Exact`]; under a `NonTrivial` question
    /// with the defences counted, [`super::NonTrivial`]; so in `defender_loses`,
    /// `shortest_win` and `shortest_loss` too).
    pub fn attacker_wins(&mut self, pos: &R, n: u32) -> bool {
        if Q::EXACT {
            return self.exact_attack(pos, n, 0);
        }
        if Q::NONTRIVIAL {
            return self.nontrivial_attack(pos, n, 0);
        }
        self.attack(pos, n, 0)
    }

    /// With the defender to move: true when the attacker mates within `n` more attacker moves
    /// whatever the defender does (n = 0: the defender is mated now).
    pub fn defender_loses(&mut self, pos: &R, n: u32) -> bool {
        if Q::EXACT {
            return self.exact_defend(pos, n, 0);
        }
        if Q::NONTRIVIAL {
            return self.nontrivial_defend(pos, n, 0);
        }
        self.defend(pos, n, 0)
    }

    /// `NonTrivial`: the count at a defence in `pos` with `n` attacker moves to come, as the
    /// search makes it, for a tree that shows the play below: the budget to restore with
    /// [`Prover::leave_defence`] (`None`: the defence stands, the budget unchanged).
    pub fn enter_defence_shown(&mut self, pos: &R, n: u32) -> Option<u32> {
        if !Q::NONTRIVIAL {
            return None;
        }
        self.enter_defence(pos, n, 0)
    }

    /// Restores the budget [`Prover::enter_defence_shown`] returned.
    pub fn leave_defence(&mut self, saved: Option<u32>) {
        if let Some(budget) = saved {
            self.budget = budget;
        }
    }

    /// The smallest `n` in `1..=max` with a forced mate, if any (`exact-`: `max` or none).
    pub fn shortest_win(&mut self, pos: &R, max: u32) -> Option<u32> {
        if Q::EXACT {
            return (max > 0 && self.exact_attack(pos, max, 0)).then_some(max);
        }
        if Q::NONTRIVIAL {
            return (1..=max).find(|&n| self.nontrivial_attack(pos, n, 0));
        }
        (1..=max).find(|&n| self.attack(pos, n, 0))
    }

    /// With the defender to move: the smallest number of attacker moves (0..=max) that forces
    /// mate against every defence, if any.
    pub fn shortest_loss(&mut self, pos: &R, max: u32) -> Option<u32> {
        if Q::EXACT {
            return self.exact_defend(pos, max, 0).then_some(max);
        }
        if Q::NONTRIVIAL {
            return (0..=max).find(|&n| self.nontrivial_defend(pos, n, 0));
        }
        (0..=max).find(|&n| self.defend(pos, n, 0))
    }

    fn attack(&mut self, pos: &R, n: u32, ply: usize) -> bool {
        if Q::PLAY == BattlePlay::SelfPlay && Self::goal_reached(pos) {
            // The defender's last move reached the goal.
            return true;
        }
        if n == 0 || self.aborted {
            return false;
        }
        if Q::QUODLIBET && self.goal_in_one_at(pos, ply).is_some() {
            // The attacker reaches the goal itself: a win too.
            return true;
        }
        if Q::PLAY == BattlePlay::Direct && n == 1 {
            // Mate in one is cheaper to recompute from checking moves than to fetch from
            // memory, so these nodes stay out of the table.
            self.count_node();
            return self.goal_in_one_at(pos, ply).is_some();
        }
        let key = pos.key();
        let known = self.tt.probe(key);
        if known.proves_win(n) {
            return true;
        }
        if known.proves_no_win(n) {
            return false;
        }
        if Q::PLAY == BattlePlay::Reflex && self.goal_in_one_at(pos, ply).is_some() {
            // The attacker must reach the goal itself: the play fails.
            self.tt
                .store(key, result_bounds(false, n, R::Move::default()));
            return false;
        }
        if Q::PLAY != BattlePlay::Direct && n == 1 {
            return self.last_attack(pos, key, ply);
        }
        // A shorter mate is cheap to look for and proves this bound too.
        if self.attack(pos, n - 1, ply) {
            return true;
        }
        self.count_node();
        let mut moves = pos.legal_moves();
        self.order_attacks(pos, &mut moves, known.best, ply);
        // Each child is made a few steps ahead and its table entry prefetched, so the probe
        // at the start of `defend` rarely waits for memory: near the leaves a child's search
        // is shorter than one trip to memory.
        let made_ahead = |m: R::Move| {
            let child = pos.play(m);
            self.tt.prefetch(child.key());
            child
        };
        // A ring of one more than that, so that no child is moved once made.
        let mut ahead: [Option<R>; AHEAD + 1] = std::array::from_fn(|i| {
            let &m = moves.get(i).filter(|_| i < AHEAD)?;
            Some(made_ahead(m))
        });
        for i in 0..moves.len() {
            let m = moves[i];
            if let Some(&following) = moves.get(i + AHEAD) {
                ahead[(i + AHEAD) % (AHEAD + 1)] = Some(made_ahead(following));
            }
            let Some(child) = &ahead[i % (AHEAD + 1)] else {
                break;
            };
            if !self.restrictions.is_none() && !self.move_allowed(pos, m, n) {
                continue;
            }
            if self.defend(child, n - 1, ply + 1) {
                if !self.aborted {
                    self.tt.store(key, result_bounds(true, n, m));
                    self.add_killer(true, ply, m);
                }
                return true;
            }
            if self.aborted {
                return false;
            }
        }
        if !self.aborted {
            self.tt
                .store(key, result_bounds(false, n, R::Move::default()));
        }
        false
    }

    /// At a defender node with `n` attacker moves to come: `Some(answer)` where the play ends
    /// here (the attacker's move reached the goal under Quodlibet; no attacker move left; in
    /// reflex play a defender that can reach the goal must), `None` where it goes on.
    #[inline(always)]
    fn defender_end(&mut self, pos: &R, n: u32, ply: usize) -> Option<bool> {
        if Q::QUODLIBET && Self::goal_reached(pos) {
            // The attacker's last move reached the goal itself.
            return Some(true);
        }
        match Q::PLAY {
            BattlePlay::Direct if n == 0 => Some(Self::goal_reached(pos)),
            BattlePlay::SelfPlay if n == 0 => Some(Self::goal_forced(pos)),
            BattlePlay::Direct | BattlePlay::SelfPlay => None,
            BattlePlay::Reflex => {
                if self.goal_in_one_at(pos, ply).is_some() {
                    return Some(true); // the defender must reach the goal
                }
                (n == 0).then_some(false)
            }
        }
    }

    fn defend(&mut self, pos: &R, n: u32, ply: usize) -> bool {
        if self.aborted {
            return false;
        }
        self.count_node();
        if let Some(ended) = self.defender_end(pos, n, ply) {
            return ended;
        }
        let key = pos.key();
        let known = self.tt.probe(key);
        if known.proves_win(n) {
            return true;
        }
        if known.proves_no_win(n) {
            return false;
        }
        // With two attacker moves left, the checking defences first: after a check the
        // attacker has few moves, so a check that refutes is refuted by a small mate-in-two
        // search, and a check that does not is soon answered. Against the killer refutation
        // first this takes T10 (#6) to a third of its CPU time and T08 (#5) to three quarters.
        // In self and reflex play at every depth: a refutation must be shown against every
        // attacker move down to the last, and after a check those are the few evasions. The
        // killer refutation first made beispiel_ep_011 (s#6) prove 13.8 M last-move
        // positions (11.9 s); checks first, 0.07 s, the same text. Thirty random r#4 of 6 to
        // 11 men: 0.89 s against 0.54 s, the same texts.
        let checks_first = match Q::PLAY {
            BattlePlay::Direct => n == 2,
            BattlePlay::SelfPlay | BattlePlay::Reflex => true,
        };
        // Otherwise the killer refutation first, before generating anything: it usually
        // refutes.
        let [killer, second] = if checks_first {
            [R::Move::default(); 2]
        } else {
            self.killers(false, ply)
        };
        if !killer.is_null() && pos.is_legal(killer) && !self.attack(&pos.play(killer), n, ply + 1)
        {
            if !self.aborted {
                self.tt.store(key, result_bounds(false, n, killer));
            }
            return false;
        }
        // The second killer too when the queue below would take it next (no other table move).
        let second_next = !second.is_null() && (known.best.is_null() || known.best == killer);
        let second_tried = (second_next || known.best == second) && pos.is_legal(second);
        if second_tried && !self.attack(&pos.play(second), n, ply + 1) {
            if !self.aborted {
                self.refuted(key, n, ply, second);
            }
            return false;
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            // Play is over: a success only if the attacker's last move reached the goal.
            return Q::PLAY == BattlePlay::Direct
                && pos.is_check() == (Q::GOAL == BattleGoal::Mate);
        }
        let queue = if checks_first {
            self.defence_queue_checks_first(pos, &moves, known.best, ply)
        } else {
            self.defence_queue(&moves, known.best, ply)
        };
        for m in queue {
            if (!killer.is_null() && m == killer) || (second_tried && m == second) {
                continue; // already tried
            }
            if !self.attack(&pos.play(m), n, ply + 1) {
                if !self.aborted {
                    self.refuted(key, n, ply, m);
                }
                return false;
            }
        }
        if self.aborted {
            return false;
        }
        self.tt
            .store(key, result_bounds(true, n, R::Move::default()));
        true
    }
}

impl<R: Rules, Q: Question> Prover<'_, R, Q> {
    /// Records the defence `m` that refuted a mate within `n` at `ply`: in the table, as a
    /// killer and in the refutation history.
    fn refuted(&mut self, key: u64, n: u32, ply: usize, m: R::Move) {
        self.tt.store(key, result_bounds(false, n, m));
        self.add_killer(false, ply, m);
        self.add_refutation(m, n);
    }
}

fn result_bounds<M>(win: bool, n: u32, best: M) -> Bounds<M> {
    let n = n.min(u8::MAX as u32) as u8;
    if win {
        Bounds {
            win_within: n,
            no_win_within: 0,
            best,
        }
    } else {
        Bounds {
            win_within: 0,
            no_win_within: n,
            best,
        }
    }
}
