//! Depth-first proof-number search (df-pn, Nagai 2002) for "the attacker mates within n".
//!
//! Nodes are (position, attacker moves left): bounding the depth makes the search graph
//! acyclic, so there is no graph-history interaction to worry about. Proof and disproof
//! numbers live in a working table of their own; every node df-pn settles is also written to
//! the shared bounds table, where the depth-first prover and the tree builder find it. Nodes
//! within two attacker moves of the end are settled by the depth-first prover rather than
//! expanded. Generic over the game ([`Rules`]) and the table's question, like the prover.

use super::prover::Prover;
use super::tt::{Bounds, DirectMate, Question, TranspositionTable};
use crate::board::Position;
use crate::rules::{Moves, Rules};

const INF: u32 = u32::MAX / 4;

/// Attacker nodes with at most this many moves left are settled by the depth-first prover.
const LEAF_MOVES: u32 = 1;

#[derive(Clone, Copy, Debug)]
struct Numbers {
    pn: u32,
    dn: u32,
}

impl Numbers {
    const PROVEN: Numbers = Numbers { pn: 0, dn: INF };
    const DISPROVEN: Numbers = Numbers { pn: INF, dn: 0 };
    const UNKNOWN: Numbers = Numbers { pn: 1, dn: 1 };
}

/// Proof and disproof numbers of unsettled nodes: a direct-mapped table of (check word,
/// numbers) pairs, keyed by position and moves left.
struct NumberTable {
    /// Plain zeroed heap memory (not huge pages): most df-pn runs are short, and a fresh
    /// table should cost only the pages they touch.
    words: Vec<u64>,
    mask: usize,
}

impl NumberTable {
    fn new(entries: usize) -> NumberTable {
        let count = entries.next_power_of_two();
        NumberTable {
            words: vec![0; 2 * count],
            mask: count - 1,
        }
    }

    /// The node's own hash: the position key mixed with the moves left.
    #[inline]
    fn check(key: u64, n: u32) -> u64 {
        (key ^ (u64::from(n) + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15)) | 1
    }

    #[inline]
    fn slot(&self, check: u64) -> usize {
        2 * ((check >> 7) as usize & self.mask)
    }

    fn get(&self, key: u64, n: u32) -> Option<Numbers> {
        let check = Self::check(key, n);
        let i = self.slot(check);
        (self.words[i] == check).then(|| {
            let packed = self.words[i + 1];
            Numbers {
                pn: packed as u32,
                dn: (packed >> 32) as u32,
            }
        })
    }

    fn insert(&mut self, key: u64, n: u32, numbers: Numbers) {
        let check = Self::check(key, n);
        let i = self.slot(check);
        self.words[i] = check;
        self.words[i + 1] = u64::from(numbers.pn) | u64::from(numbers.dn) << 32;
    }

    fn remove(&mut self, key: u64, n: u32) {
        let check = Self::check(key, n);
        let i = self.slot(check);
        if self.words[i] == check {
            self.words[i] = 0;
        }
    }
}

/// A df-pn searcher sharing a prover's bounds table.
pub struct Dfpn<'p, 'a, R: Rules = Position, Q: Question = DirectMate> {
    prover: &'p mut Prover<'a, R, Q>,
    numbers: NumberTable,
    /// The prover's node count at which this search gives up (a budget, not a global stop).
    node_limit: u64,
}

impl<'p, 'a, R: Rules, Q: Question> Dfpn<'p, 'a, R, Q> {
    /// A searcher whose working table holds about `max_entries` nodes (a newer node overwrites
    /// an older one in its slot; the bounds table keeps every settled result).
    pub fn new(prover: &'p mut Prover<'a, R, Q>, max_entries: usize) -> Self {
        Dfpn {
            prover,
            numbers: NumberTable::new(max_entries.max(1024)),
            node_limit: u64::MAX,
        }
    }

    /// Gives up (answering `None`) after `nodes` more nodes, without stopping the prover.
    pub fn with_node_budget(mut self, nodes: u64) -> Self {
        self.node_limit = self.prover.nodes().saturating_add(nodes);
        self
    }

    fn out_of_budget(&self) -> bool {
        self.prover.aborted() || self.prover.nodes() >= self.node_limit
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
            let result = self.mid(pos, n, attacker, INF - 1, INF - 1);
            if self.out_of_budget() {
                return None;
            }
            if result.pn == 0 {
                return Some(true);
            }
            if result.dn == 0 {
                return Some(false);
            }
            // Thresholds were reached only because the working table was cleared: go again.
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

    fn lookup(&mut self, pos: &R, n: u32, attacker: bool) -> Numbers {
        if let Some(settled) = self.settled(pos, n, attacker) {
            return settled;
        }
        match self.numbers.get(pos.key(), n) {
            Some(numbers) => numbers,
            // df-pn+ style initialisation: a defender with few replies is closer to a proof.
            None if !attacker => Numbers {
                pn: pos.count_legal_moves().max(1) as u32,
                dn: 1,
            },
            None => Numbers::UNKNOWN,
        }
    }

    fn record(&mut self, pos: &R, n: u32, numbers: Numbers, best: R::Move) {
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
            self.numbers.insert(pos.key(), n, numbers);
        }
    }

    /// Multiple iterative deepening at one node until its proof or disproof number reaches a
    /// threshold. Attacker nodes are OR nodes, defender nodes AND nodes.
    fn mid(&mut self, pos: &R, n: u32, attacker: bool, th_pn: u32, th_dn: u32) -> Numbers {
        if let Some(settled) = self.settled(pos, n, attacker) {
            return settled;
        }
        let moves: Moves<R> = pos.legal_moves();
        let child_n = if attacker { n - 1 } else { n };
        let children: Vec<(R::Move, R)> = moves.iter().map(|&m| (m, pos.play(m))).collect();
        // Children's numbers are looked up once and then refreshed only for the child just
        // searched: re-reading every sibling each round costs more than stale heuristics do.
        let mut child_numbers: Vec<Numbers> = children
            .iter()
            .map(|(_, child)| self.lookup(child, child_n, !attacker))
            .collect();
        loop {
            if self.out_of_budget() {
                return Numbers::UNKNOWN;
            }
            self.prover.note_node();
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
            let best_move = best.map_or_else(R::Move::default, |i| children[i].0);
            if numbers.pn == 0 || numbers.dn == 0 || numbers.pn >= th_pn || numbers.dn >= th_dn {
                self.record(pos, n, numbers, best_move);
                return numbers;
            }
            let Some(i) = best else {
                self.record(pos, n, numbers, best_move);
                return numbers;
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
            child_numbers[i] =
                self.mid(&children[i].1, child_n, !attacker, child_th_pn, child_th_dn);
        }
    }
}
