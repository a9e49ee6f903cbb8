//! Depth-first proof-number search (df-pn, Nagai 2002) for "the attacker mates within n".
//!
//! Nodes are (position, attacker moves left): bounding the depth makes the search graph
//! acyclic, so there is no graph-history interaction to worry about. Proof and disproof
//! numbers live in a working table of their own ([`NumberTable`]); every node df-pn settles is
//! also written to the shared bounds table, where the depth-first prover and the tree builder
//! find it. Nodes within one attacker move of the end are settled by the depth-first prover
//! rather than expanded. Generic over the game ([`Rules`]) and the table's question, like the
//! prover: with a [`super::Restricted`] table only the attacking moves its restrictions allow
//! are searched (a restriction lane, see [`super::lanes`]).
//!
//! An expansion keeps only the moves: children are made once to read what is known of them
//! and made again when searched, and every child made counts as a node. A fresh child starts
//! from cheap numbers ([`InitialNumbers`]); the moves are ordered as the prover orders them
//! (checks and captures first for the attacker, killers and refutation history for the
//! defender), so ties go to the likeliest move, and refutations df-pn finds feed that history.

use super::dfpn_table::{NumberTable, Numbers, INF};
use super::prover::Prover;
use super::question::{DirectMate, Question};
use super::tt::{Bounds, TranspositionTable};
use crate::board::Position;
use crate::rules::{Moves, RuleMove, Rules};
use std::sync::atomic::{AtomicBool, Ordering};

/// Attacker nodes with at most this many moves left are settled by the depth-first prover.
const LEAF_MOVES: u32 = 1;

/// How a node df-pn has not seen yet starts.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum InitialNumbers {
    /// Every fresh node at 1/1.
    Unit,
    /// A defender node's proof number is its king's moves plus one (a king with few flights
    /// is near mate); attacker nodes at 1/1.
    KingMobility,
    /// A defender node's proof number is its number of legal moves (df-pn+; a full move
    /// generation per child).
    LegalMoves,
}

/// The measured default (tools/suite-run, same run, equal time).
pub const DEFAULT_INITIAL_NUMBERS: InitialNumbers = InitialNumbers::KingMobility;

/// A df-pn searcher sharing a prover's bounds table.
pub struct Dfpn<'p, 'a, R: Rules = Position, Q: Question = DirectMate> {
    prover: &'p mut Prover<'a, R, Q>,
    numbers: NumberTable,
    /// The prover's node count at which this search gives up (a budget, not a global stop).
    node_limit: u64,
    initial: InitialNumbers,
    /// Set by another search (a race's other thread) to stop this one.
    cancel: Option<&'p AtomicBool>,
}

impl<'p, 'a, R: Rules, Q: Question> Dfpn<'p, 'a, R, Q> {
    /// A searcher whose working table holds about `max_entries` nodes (see [`NumberTable`]; the
    /// bounds table keeps every settled result).
    pub fn new(prover: &'p mut Prover<'a, R, Q>, max_entries: usize) -> Self {
        Dfpn {
            prover,
            numbers: NumberTable::new(max_entries.max(1024)),
            node_limit: u64::MAX,
            initial: DEFAULT_INITIAL_NUMBERS,
            cancel: None,
        }
    }

    /// Gives up (answering `None`) after `nodes` more nodes, without stopping the prover.
    pub fn with_node_budget(mut self, nodes: u64) -> Self {
        self.set_node_budget(nodes);
        self
    }

    /// As [`Dfpn::with_node_budget`], for a search resumed with a new budget (the working
    /// table keeps its numbers between runs).
    pub fn set_node_budget(&mut self, nodes: u64) {
        self.node_limit = self.prover.nodes().saturating_add(nodes);
    }

    /// Gives up (answering `None`) once `cancel` is set, without stopping the prover.
    pub fn with_cancel(mut self, cancel: &'p AtomicBool) -> Self {
        self.cancel = Some(cancel);
        self
    }

    /// Chooses how fresh nodes start (default [`DEFAULT_INITIAL_NUMBERS`]).
    pub fn with_initial_numbers(mut self, initial: InitialNumbers) -> Self {
        self.initial = initial;
        self
    }

    /// The prover this search settles its leaves with.
    pub fn prover(&mut self) -> &mut Prover<'a, R, Q> {
        self.prover
    }

    fn out_of_budget(&self) -> bool {
        self.prover.aborted()
            || self.prover.nodes() >= self.node_limit
            || self.cancel.is_some_and(|c| c.load(Ordering::Relaxed))
    }

    /// True/false when settled; `None` when a limit stopped the search.
    pub fn attacker_wins(&mut self, pos: &R, n: u32) -> Option<bool> {
        self.solve_root(pos, n, true)
    }

    /// With the defender to move: true when the attacker mates within `n` more moves.
    pub fn defender_loses(&mut self, pos: &R, n: u32) -> Option<bool> {
        self.solve_root(pos, n, false)
    }

    fn solve_root(&mut self, pos: &R, n: u32, attacker: bool) -> Option<bool> {
        loop {
            let result = self.mid(pos, n, attacker, INF - 1, INF - 1, 0);
            if self.out_of_budget() {
                return None;
            }
            if result.pn == 0 {
                return Some(true);
            }
            if result.dn == 0 {
                return Some(false);
            }
            // Thresholds were reached only because the working table lost entries: go again.
        }
    }

    fn table(&self) -> &'a TranspositionTable<Q, R::Move> {
        self.prover.table()
    }

    /// What is already settled for this node, without expanding it.
    fn settled(&mut self, pos: &R, n: u32, attacker: bool) -> Option<Numbers> {
        let known = self.table().probe(pos.key());
        if known.proves_win(n) {
            return Some(Numbers::PROVEN);
        }
        if known.proves_no_win(n) {
            return Some(Numbers::DISPROVEN);
        }
        // Near the leaves the depth-first prover is cheaper than bookkeeping numbers.
        let exact = if attacker {
            (n <= LEAF_MOVES).then(|| self.prover.attacker_wins(pos, n))
        } else {
            (n < LEAF_MOVES || !pos.has_legal_move()).then(|| self.prover.defender_loses(pos, n))
        };
        exact.map(|win| {
            if win {
                Numbers::PROVEN
            } else {
                Numbers::DISPROVEN
            }
        })
    }

    /// A child's numbers: settled, from the working table, or a first estimate.
    fn lookup(&mut self, pos: &R, n: u32, attacker: bool) -> Numbers {
        if let Some(settled) = self.settled(pos, n, attacker) {
            return settled;
        }
        if let Some((numbers, _)) = self.numbers.get(pos.key(), n) {
            return numbers;
        }
        if attacker {
            return Numbers::UNKNOWN;
        }
        let pn = match self.initial {
            InitialNumbers::Unit => 1,
            InitialNumbers::KingMobility => pos.king_move_count() + 1,
            InitialNumbers::LegalMoves => pos.count_legal_moves().max(1) as u32,
        };
        Numbers { pn, dn: 1 }
    }

    fn record(&mut self, pos: &R, n: u32, numbers: Numbers, best: R::Move, work: u64) {
        if numbers.pn == 0 || numbers.dn == 0 {
            let win = numbers.pn == 0;
            let bound = n.min(u8::MAX as u32) as u8;
            let bounds = Bounds {
                win_within: if win { bound } else { 0 },
                no_win_within: if win { 0 } else { bound },
                best,
            };
            self.table().store(pos.key(), bounds);
            self.numbers.remove(pos.key(), n);
        } else {
            self.numbers.insert(pos.key(), n, numbers, work);
        }
    }

    /// The node's moves in the prover's order; for the attacker, only those its restrictions
    /// allow.
    fn ordered_moves(&mut self, pos: &R, n: u32, attacker: bool, ply: usize) -> Moves<R> {
        let mut moves = pos.legal_moves();
        let best = self.table().probe(pos.key()).best;
        if attacker {
            if !self.prover.restrictions().is_none() {
                let prover = &mut *self.prover;
                moves.retain(|m| prover.move_allowed(pos, m, n));
            }
            self.prover.order_attacks(pos, &mut moves, best, ply);
        } else {
            self.prover.order_defences(&mut moves, best, ply);
        }
        moves
    }

    /// Multiple iterative deepening at one node until its proof or disproof number reaches a
    /// threshold. Attacker nodes are OR nodes, defender nodes AND nodes.
    fn mid(
        &mut self,
        pos: &R,
        n: u32,
        attacker: bool,
        th_pn: u32,
        th_dn: u32,
        ply: usize,
    ) -> Numbers {
        if let Some(settled) = self.settled(pos, n, attacker) {
            return settled;
        }
        let started = self.prover.nodes();
        let earlier_work = self.numbers.get(pos.key(), n).map_or(0, |(_, work)| work);
        let moves = self.ordered_moves(pos, n, attacker, ply);
        let child_n = if attacker { n - 1 } else { n };
        // Children's numbers are looked up once and then refreshed only for the child just
        // searched: re-reading every sibling each round costs more than stale heuristics do.
        // All children are made first, their table entries prefetched, so the lookups do not
        // wait for memory one after the other.
        let children: Vec<R> = moves
            .iter()
            .map(|&m| {
                let child = pos.play(m);
                self.table().prefetch(child.key());
                child
            })
            .collect();
        let mut child_numbers: Vec<Numbers> = Vec::with_capacity(moves.len());
        for child in &children {
            self.prover.note_node();
            child_numbers.push(self.lookup(child, child_n, !attacker));
        }
        loop {
            if self.out_of_budget() {
                return Numbers::UNKNOWN;
            }
            // OR node: minimise pn, sum dn. AND node: minimise dn, sum pn.
            let mut sum = 0u32;
            let mut best_value = INF;
            let mut second_value = INF;
            let mut best: Option<usize> = None;
            let mut best_other = 0u32;
            for (i, c) in child_numbers.iter().enumerate() {
                let (select, other) = if attacker { (c.pn, c.dn) } else { (c.dn, c.pn) };
                sum = sum.saturating_add(other).min(INF);
                if select < best_value {
                    second_value = best_value;
                    best_value = select;
                    best = Some(i);
                    best_other = other;
                } else if select < second_value {
                    second_value = select;
                }
            }
            let numbers = if attacker {
                Numbers {
                    pn: best_value,
                    dn: sum,
                }
            } else {
                Numbers {
                    pn: sum,
                    dn: best_value,
                }
            };
            let best_move = best.map_or_else(R::Move::default, |i| moves[i]);
            let done = numbers.pn == 0 || numbers.dn == 0;
            let i = match best {
                Some(i) if !done && numbers.pn < th_pn && numbers.dn < th_dn => i,
                _ => {
                    if done && attacker == (numbers.pn == 0) && !best_move.is_null() {
                        // The proving attack or the refuting defence: the prover's killers and
                        // history learn from df-pn's results as from its own.
                        self.prover.learn(attacker, ply, best_move, n);
                    }
                    let work = earlier_work + (self.prover.nodes() - started);
                    self.record(pos, n, numbers, best_move, work);
                    return numbers;
                }
            };
            let (child_th_pn, child_th_dn) = if attacker {
                (
                    th_pn.min(second_value.saturating_add(1)),
                    th_dn - numbers.dn + best_other,
                )
            } else {
                (
                    th_pn - numbers.pn + best_other,
                    th_dn.min(second_value.saturating_add(1)),
                )
            };
            child_numbers[i] = self.mid(
                &children[i],
                child_n,
                !attacker,
                child_th_pn,
                child_th_dn,
                ply + 1,
            );
        }
    }
}
