//! Restriction lanes: df-pn searches for "mate within n" in which only the attacker's moves
//! are restricted, run beside the unrestricted search (the idea of Chest's options and of
//! MateProver's lanes).
//!
//! In most deep mating lines the defending king never has more than one move, and most
//! attacking moves either leave it few flights or threaten mate: a search that tries only such
//! moves is far narrower and still finds those mates. A mate proven under a restriction is a
//! real mate (the defence was never restricted). "No mate" under a restriction proves nothing
//! about the unrestricted question, so each lane has its own table typed
//! [`TranspositionTable<Restricted>`](super::Restricted): its no-mate bounds cannot reach the
//! shared directmate table, by type.
//!
//! The lanes run in rounds: each lane (restricted ones first) gets the same node budget per
//! round, doubled every round, and resumes with the numbers it kept. A restricted lane that
//! disproves the root is dropped; the unrestricted lane's disproof ends the race. With two
//! threads or more the unrestricted lane has a thread of its own and the restricted lanes
//! take turns on another; the first to decide stops the other.

use super::dfpn::Dfpn;
use super::prover::Prover;
use super::question::{DirectMate, Question, Restricted, Restrictions};
use super::tt::{TableSize, TranspositionTable};
use crate::rules::Rules;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// The restricted lanes, most restrictive first: at most one flight after each attacking move
/// but the last; quiet moves that threaten mate at once; at most two flights.
pub const LANES: [Restrictions; 3] = [
    Restrictions {
        max_threat: None,
        max_flights: Some(1),
    },
    Restrictions {
        max_threat: Some(1),
        max_flights: None,
    },
    Restrictions {
        max_threat: None,
        max_flights: Some(2),
    },
];

/// Nodes each lane gets in the first round (doubled every round).
const FIRST_ROUND_NODES: u64 = 4_000;

/// The restricted lanes' tables, kept across races of one mate search (shorter bounds).
pub struct LaneTables<M: crate::rules::RuleMove> {
    tables: Vec<TranspositionTable<Restricted, M>>,
    /// Working-table entries of one restricted lane's df-pn.
    entries: usize,
}

impl<M: crate::rules::RuleMove> LaneTables<M> {
    /// Tables for [`LANES`] beside a shared table of `shared_bytes`: a sixteenth of it each
    /// for the bounds and about a fortieth for df-pn's working table, so the three lanes add
    /// at most a quarter of the shared table (pages are taken only as they are used).
    pub fn new(shared_bytes: usize) -> Self {
        let mb = (shared_bytes >> 24).max(1);
        LaneTables {
            tables: LANES
                .iter()
                .map(|&r| TranspositionTable::sized(TableSize::ceiling_mb(mb), Restricted(r)))
                .collect(),
            entries: (shared_bytes / 1024).max(1 << 12),
        }
    }
}

impl<M: crate::rules::RuleMove> LaneTables<M> {
    /// The table of restricted lane `i` (of [`LANES`]): its win bounds are real mates.
    pub fn table(&self, i: usize) -> &TranspositionTable<Restricted, M> {
        &self.tables[i]
    }
}

/// The outcome of a race.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Race {
    /// A lane proved "mate within n": restricted lane `Some(i)` of [`LANES`] (its table holds
    /// the proof), or the unrestricted lane `None` (the shared table holds it).
    Mate(Option<usize>),
    /// The unrestricted lane disproved it.
    NoMate,
    /// A limit or the budget ended the race first.
    Undecided,
}

/// Races the lanes on "the side to move in `pos` mates within `n`" (every root move allowed)
/// until one proves it, the unrestricted one disproves it, `total_budget` nodes are spent (if
/// given), or the limits stop it. The nodes of the restricted lanes are added to `shared`'s.
///
/// With one thread (the control's) the lanes take turns; with two or more the unrestricted
/// lane runs on a thread of its own beside the restricted ones (MateProver measured lanes in
/// parallel, not root splitting, as the gain of a second thread).
pub fn race<R: Rules>(
    shared: &mut Prover<'_, R, DirectMate>,
    shared_entries: usize,
    lanes: &LaneTables<R::Move>,
    pos: &R,
    n: u32,
    total_budget: Option<u64>,
) -> Race {
    let control = shared.control();
    let over = AtomicBool::new(false);
    let race = Shared {
        pos,
        n,
        total_budget,
        spent: AtomicU64::new(0),
        over: &over,
    };
    let mut provers: Vec<Prover<'_, R, Restricted>> = lanes
        .tables
        .iter()
        .map(|t| Prover::new(t, control))
        .collect();
    let outcome = if control.threads() >= 2 {
        let mut side = lane_searchers(&mut provers, lanes.entries, &over);
        let mut main = vec![Searcher::Main(
            Dfpn::new(shared, shared_entries).with_cancel(&over),
        )];
        let (a, b) = std::thread::scope(|scope| {
            let lanes = scope.spawn(|| race.run(&mut side));
            let own = race.run(&mut main);
            // A panicking lane thread proved nothing: its outcome is no outcome.
            (own, lanes.join().unwrap_or(Race::Undecided))
        });
        match (a, b) {
            (Race::Mate(lane), _) | (_, Race::Mate(lane)) => Race::Mate(lane),
            (Race::NoMate, _) | (_, Race::NoMate) => Race::NoMate,
            _ => Race::Undecided,
        }
    } else {
        let mut all = lane_searchers(&mut provers, lanes.entries, &over);
        all.push(Searcher::Main(Dfpn::new(shared, shared_entries)));
        race.run(&mut all)
    };
    let mut nodes = 0;
    for p in provers.iter_mut() {
        p.flush_nodes();
        nodes += p.nodes();
    }
    shared.add_foreign_nodes(nodes);
    outcome
}

/// One searcher of a race: the unrestricted df-pn (over the shared table, lifetime `'a`) or
/// restricted lane `i`'s (over its own, `'b`).
enum Searcher<'p, 'a, 'b, R: Rules> {
    Main(Dfpn<'p, 'a, R, DirectMate>),
    Lane(usize, Dfpn<'p, 'b, R, Restricted>),
}

/// The restricted lanes' searchers, stopping once `over` is set.
fn lane_searchers<'p, 'a, 'b, R: Rules>(
    provers: &'p mut [Prover<'b, R, Restricted>],
    entries: usize,
    over: &'p AtomicBool,
) -> Vec<Searcher<'p, 'a, 'b, R>> {
    provers
        .iter_mut()
        .enumerate()
        .map(|(i, p)| Searcher::Lane(i, Dfpn::new(p, entries).with_cancel(over)))
        .collect()
}

/// What the threads of one race share.
struct Shared<'r, R> {
    pos: &'r R,
    n: u32,
    total_budget: Option<u64>,
    /// Nodes spent by every searcher of the race.
    spent: AtomicU64,
    /// Set when a searcher decided the race (or the budget ended it): the others stop.
    over: &'r AtomicBool,
}

impl<R: Rules> Shared<'_, R> {
    /// Runs `searchers` in turns (each the same node budget per round, doubled every round)
    /// until the race is decided here or elsewhere. Restricted lanes that disprove the root
    /// drop out; with none left the thread's part is `Undecided`.
    fn run(&self, searchers: &mut Vec<Searcher<'_, '_, '_, R>>) -> Race {
        let mut round_nodes = FIRST_ROUND_NODES;
        loop {
            let mut i = 0;
            while i < searchers.len() {
                if self.over.load(Ordering::Relaxed) {
                    return Race::Undecided;
                }
                let (result, aborted, lane) = match &mut searchers[i] {
                    Searcher::Main(search) => {
                        let result = self.turn(search, round_nodes);
                        (result, search.prover().aborted(), None)
                    }
                    Searcher::Lane(l, search) => {
                        let result = self.turn(search, round_nodes);
                        (result, search.prover().aborted(), Some(*l))
                    }
                };
                let decided = match (result, lane) {
                    (Some(true), lane) => Race::Mate(lane),
                    (Some(false), None) => Race::NoMate,
                    (Some(false), Some(_)) => {
                        searchers.remove(i);
                        continue;
                    }
                    (None, _) if aborted => Race::Undecided,
                    (None, _) => {
                        i += 1;
                        continue;
                    }
                };
                return self.end(decided);
            }
            if searchers.is_empty() {
                return Race::Undecided;
            }
            if self
                .total_budget
                .is_some_and(|b| self.spent.load(Ordering::Relaxed) >= b)
            {
                return self.end(Race::Undecided);
            }
            round_nodes = round_nodes.saturating_mul(2);
        }
    }

    /// Ends the race for every thread with `outcome` (this thread's).
    fn end(&self, outcome: Race) -> Race {
        self.over.store(true, Ordering::Relaxed);
        outcome
    }

    /// One turn of `search`: at most `nodes` more nodes; the nodes are added to the race's.
    fn turn<Q: Question>(&self, search: &mut Dfpn<'_, '_, R, Q>, nodes: u64) -> Option<bool> {
        let before = search.prover().nodes();
        search.set_node_budget(nodes);
        let result = search.attacker_wins(self.pos, self.n);
        self.spent
            .fetch_add(search.prover().nodes() - before, Ordering::Relaxed);
        result
    }
}
