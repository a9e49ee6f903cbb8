//! The engine's mate search (UCI `go mate N`, the mate search beside `go infinite`, suites
//! with `bm #N`): a proven forced mate of the side to move within N moves.
//!
//! Short lengths (up to [`EXACT_MOVES`]) are settled one by one with the depth-first prover,
//! so a mate found there is the shortest and every key is listed. Beyond that, proving "no
//! mate in n" for each shorter n first would cost far more than finding the mate, so df-pn
//! proves "mate within N" directly, its restriction lanes racing the unrestricted search
//! ([`super::lanes`]), then budgeted races shorten the bound while they can. The search stops
//! at the first shorter bound disproved (the mate found is then the shortest, and says so) or
//! left undecided by its budget (the reported length is then a proven mate length, not
//! necessarily the shortest).

use super::lanes::{race, LaneTables, Race};
use super::prover::Prover;
use super::question::{DirectMate, Question};
use super::solve::DFPN_ROOT_BUDGET;
use super::{Dfpn, TranspositionTable};
use crate::board::Move;
use crate::kernel::SearchControl;
use crate::rules::{RuleMove, Rules};

/// Lengths settled exactly (shortest mate, all keys) by the depth-first prover.
pub const EXACT_MOVES: u32 = 4;

/// A forced mate found by [`mate_search`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MateFound<M = Move> {
    /// A proven mate in this many moves of the side to move.
    pub moves: u32,
    /// True when `moves` is proven to be the shortest mate (always so up to
    /// [`EXACT_MOVES`]).
    pub shortest: bool,
    /// First moves that mate in `moves`: every one of them when `shortest`, else the key found.
    pub keys: Vec<M>,
    /// A principal variation for the first key.
    pub pv: Vec<M>,
}

/// A forced mate of the side to move within `max_moves`, or `None` (also when the search was
/// stopped before finding one; see `control.was_stopped()`).
pub fn mate_search<R: Rules>(
    pos: &R,
    max_moves: u32,
    control: &SearchControl,
    tt: &TranspositionTable<DirectMate, R::Move>,
) -> Option<MateFound<R::Move>> {
    mate_search_among(pos, &[], max_moves, control, tt)
}

/// As [`mate_search`], with the first move restricted to `root_moves` (UCI `searchmoves`);
/// an empty list means every legal move.
pub fn mate_search_among<R: Rules>(
    pos: &R,
    root_moves: &[R::Move],
    max_moves: u32,
    control: &SearchControl,
    tt: &TranspositionTable<DirectMate, R::Move>,
) -> Option<MateFound<R::Move>> {
    let mut prover = Prover::new(tt, control);
    let candidates: Vec<R::Move> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| root_moves.is_empty() || root_moves.contains(m))
        .collect();
    // An answer of the exact phase is trusted only when no limit cut it short (a stopped
    // search could miss a shorter mate); a deep mate is proven when found, whatever follows.
    let exact_moves = max_moves.min(EXACT_MOVES);
    if let Some(found) = exact(&mut prover, pos, &candidates, exact_moves) {
        prover.flush_nodes();
        return (!prover.aborted()).then_some(found);
    }
    let result = (max_moves > EXACT_MOVES && !prover.aborted())
        .then(|| deep(&mut prover, pos, &candidates, max_moves))
        .flatten();
    prover.flush_nodes();
    result
}

/// Lengths 1..=`max` in turn with the depth-first prover: the first found is the shortest.
fn exact<R: Rules>(
    prover: &mut Prover<R>,
    pos: &R,
    candidates: &[R::Move],
    max: u32,
) -> Option<MateFound<R::Move>> {
    let moves = (1..=max).find(|&n| {
        candidates
            .iter()
            .any(|&m| prover.defender_loses(&pos.play(m), n - 1))
    })?;
    let keys: Vec<R::Move> = candidates
        .iter()
        .copied()
        .filter(|&m| prover.defender_loses(&pos.play(m), moves - 1))
        .collect();
    let pv = principal_variation(prover, pos, *keys.first()?, moves);
    Some(MateFound {
        moves,
        shortest: true,
        keys,
        pv,
    })
}

/// df-pn for "mate within `max`", then shorter bounds while budgeted runs still prove them.
/// Shortening ends at the first bound that is not proven: a disproved one makes the mate
/// found the shortest (and the search stops there), an undecided one leaves it a bound.
fn deep<R: Rules>(
    prover: &mut Prover<R>,
    pos: &R,
    candidates: &[R::Move],
    max: u32,
) -> Option<MateFound<R::Move>> {
    let all = candidates.len() == pos.legal_moves().len();
    let lanes = LaneTables::new(prover.table().size_bytes());
    let floor = EXACT_MOVES + 1;
    let mut moves = max;
    // Key and variation are read as soon as a bound is proven: a limit that stops a later,
    // shorter bound leaves this mate standing.
    let Race::Mate(proof) = prove(prover, &lanes, pos, candidates, all, max, None) else {
        return None;
    };
    let (mut key, mut pv) = read_line(prover, &lanes, proof, pos, candidates, max)?;
    // The exact phase settled every length below `floor` (the search reached here unstopped).
    let mut shortest = moves == floor;
    while !shortest {
        let budget = DFPN_ROOT_BUDGET << (moves - floor).min(4);
        let proof = match prove(
            prover,
            &lanes,
            pos,
            candidates,
            all,
            moves - 1,
            Some(budget),
        ) {
            Race::Mate(proof) => proof,
            // No mate within moves - 1: the mate in `moves` is the shortest.
            Race::NoMate => {
                shortest = !prover.aborted();
                break;
            }
            Race::Undecided => break,
        };
        let Some(line) = read_line(prover, &lanes, proof, pos, candidates, moves - 1) else {
            break;
        };
        (key, pv) = line;
        moves -= 1;
        shortest = moves == floor;
    }
    Some(MateFound {
        moves,
        shortest,
        keys: vec![key],
        pv,
    })
}

/// The key and variation of a proven bound, read from the table of the lane that proved it.
fn read_line<R: Rules>(
    prover: &mut Prover<R>,
    lanes: &LaneTables<R::Move>,
    lane: Option<usize>,
    pos: &R,
    candidates: &[R::Move],
    n: u32,
) -> Option<(R::Move, Vec<R::Move>)> {
    match lane {
        None => principal_line(prover, pos, candidates, n),
        Some(i) => principal_line(
            &mut Prover::new(lanes.table(i), prover.control()),
            pos,
            candidates,
            n,
        ),
    }
}

/// Proves or disproves "mate within `n`": with every move allowed, by a race of the
/// restriction lanes ([`race`]); with `searchmoves`, by df-pn on the listed moves one by one.
/// A mate's lane: `None` the shared table holds its proof, `Some(i)` restricted lane `i`'s.
fn prove<R: Rules>(
    prover: &mut Prover<R>,
    lanes: &LaneTables<R::Move>,
    pos: &R,
    candidates: &[R::Move],
    all: bool,
    n: u32,
    budget: Option<u64>,
) -> Race {
    let entries = working_entries(prover.table());
    if all {
        return race(prover, entries, lanes, pos, n, budget);
    }
    let mut dfpn = Dfpn::new(prover, entries);
    if let Some(nodes) = budget {
        dfpn = dfpn.with_node_budget(nodes);
    }
    let mut undecided = false;
    for &m in candidates {
        match dfpn.defender_loses(&pos.play(m), n - 1) {
            Some(true) => return Race::Mate(None),
            Some(false) => {}
            None => undecided = true,
        }
    }
    if undecided {
        Race::Undecided
    } else {
        Race::NoMate
    }
}

/// Working-table entries of the mate search's unrestricted df-pn: from the engine's `Hash`, one
/// 24-byte entry per 96 bytes of the shared table, so it adds at most a quarter of it (and the
/// lanes another quarter, see [`LaneTables::new`]); pages are taken only as they are used.
fn working_entries<Q: Question, M: RuleMove>(tt: &TranspositionTable<Q, M>) -> usize {
    (tt.size_bytes() / 96).max(1 << 12)
}

/// The key of a proven "mate within `n`" and its principal variation, read with `prover`
/// (whose table holds the proof; under restrictions its mates are still mates). `None` when a
/// limit stopped it before the key was found.
fn principal_line<R: Rules, Q: Question>(
    prover: &mut Prover<R, Q>,
    pos: &R,
    candidates: &[R::Move],
    n: u32,
) -> Option<(R::Move, Vec<R::Move>)> {
    // The key is the first move whose position the proof settled within n - 1.
    let table = prover.table();
    let key = candidates
        .iter()
        .copied()
        .find(|&m| table.probe(pos.play(m).key()).proves_win(n - 1))
        .or_else(|| {
            candidates
                .iter()
                .copied()
                .find(|&m| prover.defender_loses(&pos.play(m), n - 1))
        })?;
    // A limit may cut the variation short; the key stands (it was proven).
    Some((key, principal_variation(prover, pos, key, n)))
}

/// Key, then the defence that holds out longest and a mating reply, down to mate. Lengths
/// come from the table where the proof left them (cheap), else from the prover.
fn principal_variation<R: Rules, Q: Question>(
    prover: &mut Prover<R, Q>,
    pos: &R,
    key: R::Move,
    moves: u32,
) -> Vec<R::Move> {
    let mut pv = vec![key];
    let mut current = pos.play(key);
    let mut remaining = moves - 1;
    while remaining > 0 && !prover.aborted() {
        let mut best: Option<(u32, R::Move)> = None;
        for &b in current.legal_moves().iter() {
            let len = known_length(prover, &current.play(b), remaining).unwrap_or(u32::MAX);
            if best.is_none_or(|(l, _)| len > l) {
                best = Some((len, b));
            }
        }
        let Some((len, defence)) = best else { break };
        if len == u32::MAX {
            break;
        }
        pv.push(defence);
        let after_defence = current.play(defence);
        let reply = after_defence
            .legal_moves()
            .iter()
            .copied()
            .find(|&w| prover.defender_loses(&after_defence.play(w), len - 1));
        let Some(reply) = reply else { break };
        pv.push(reply);
        current = after_defence.play(reply);
        remaining = len - 1;
    }
    pv
}

/// A bound `n <= max` within which the attacker (to move in `pos`) mates: the table's bound
/// when it has one, else the shortest by the prover when `max` is small.
fn known_length<R: Rules, Q: Question>(
    prover: &mut Prover<R, Q>,
    pos: &R,
    max: u32,
) -> Option<u32> {
    let bounds = prover.table().probe(pos.key());
    if bounds.win_within != 0 && u32::from(bounds.win_within) <= max {
        return Some(u32::from(bounds.win_within));
    }
    if max <= EXACT_MOVES {
        return prover.shortest_win(pos, max);
    }
    prover.attacker_wins(pos, max).then_some(max)
}
