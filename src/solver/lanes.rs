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
//! One thread runs the lanes in rounds: each lane (restricted ones first) gets the same node
//! budget per round, doubled every round, and resumes with the numbers it kept. A restricted
//! lane that disproves the root is dropped; the unrestricted lane's disproof ends the race.

use super::dfpn::Dfpn;
use super::prover::{Prover, Restrictions};
use super::tt::{DirectMate, Restricted, TranspositionTable};
use crate::rules::Rules;

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
                .map(|&r| TranspositionTable::for_question(mb, Restricted(r)))
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
pub fn race<R: Rules>(
    shared: &mut Prover<'_, R, DirectMate>,
    shared_entries: usize,
    lanes: &LaneTables<R::Move>,
    pos: &R,
    n: u32,
    total_budget: Option<u64>,
) -> Race {
    let control = shared.control();
    let mut provers: Vec<Prover<'_, R, Restricted>> = lanes
        .tables
        .iter()
        .map(|t| Prover::new(t, control))
        .collect();
    let mut restricted: Vec<Option<Dfpn<'_, '_, R, Restricted>>> = provers
        .iter_mut()
        .map(|p| Some(Dfpn::new(p, lanes.entries)))
        .collect();
    let mut main = Dfpn::new(shared, shared_entries);
    let mut spent = 0u64;
    let mut round_nodes = FIRST_ROUND_NODES;
    let outcome = 'race: loop {
        for (i, lane) in restricted.iter_mut().enumerate() {
            let Some(search) = lane else { continue };
            let before = search.prover().nodes();
            search.set_node_budget(round_nodes);
            let result = search.attacker_wins(pos, n);
            spent += search.prover().nodes() - before;
            match result {
                Some(true) => break 'race Race::Mate(Some(i)),
                Some(false) => *lane = None,
                None if search.prover().aborted() => break 'race Race::Undecided,
                None => {}
            }
        }
        let before = main.prover().nodes();
        main.set_node_budget(round_nodes);
        let result = main.attacker_wins(pos, n);
        spent += main.prover().nodes() - before;
        match result {
            Some(true) => break 'race Race::Mate(None),
            Some(false) => break 'race Race::NoMate,
            None if main.prover().aborted() => break 'race Race::Undecided,
            None => {}
        }
        if total_budget.is_some_and(|b| spent >= b) {
            break 'race Race::Undecided;
        }
        round_nodes = round_nodes.saturating_mul(2);
    };
    drop(main);
    drop(restricted);
    let mut nodes = 0;
    for p in provers.iter_mut() {
        p.flush_nodes();
        nodes += p.nodes();
    }
    shared.add_foreign_nodes(nodes);
    outcome
}
