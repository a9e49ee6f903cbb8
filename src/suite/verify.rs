//! Checks one entry against its claim with the solver's public entry points and turns the
//! answer into a [`Record`]. Which search depends on what the source claims:
//!
//! - help and series play (`h#N`, `ser-#N` …) — every solution, by
//!   [`super::check_lines`];
//! - `dm N`, a problem's `#N` / `exact-#N` (and `s#N`, `r#N`, `=N` …) — [`solve_with_table`], keys only: every first move
//!   mating within N. The key set is compared with the claimed one; a key mating sooner than
//!   a proven `dm N` is wrong, sooner than a stipulated `#N` a noted short mate.
//! - `bm #N` (shortest *known*) — [`mate_search`] within N: any mate within N solves it (a
//!   shorter one is noted), none in a finished search is wrong.
//! - `classify "plies N …"` — [`super::classify_claim`]: the classification within N plies,
//!   each claimed field compared;
//! - `bm #-N` — the side to move is mated in N: after *each* of its legal moves the opponent
//!   mates in at most N moves (`#-1`: every move allows mate at once); the prover's
//!   `shortest_loss` with the side to move defending gives the exact length (0 = already
//!   checkmated). Any length up to N solves it (a shorter one is noted);
//!   a defence that escapes is wrong.
//!
//! The first two serve every board ([`SuiteGame`]: the orthodox one and fairy positions, as
//! `mateproof popeye` solves them); the others are orthodox claims of EPD suites.
//!
//! Beside the status (did the claim hold?) each record gets a [`Verdict`] (what the problem
//! is: sound, cooked, short, no solution …) where the entry is a problem, and, when the source
//! stores its solution as text, the comparison of that text with Popeye's text of the computed
//! solution ([`super::stored`]).
//!
//! A search a limit stopped is `unsolved`: nothing an interrupted search says is trusted.
//! Each entry gets a fresh transposition table, so its result (nodes included) does not
//! depend on which worker ran it or what ran before — a sharded run finds exactly what the
//! whole run finds. This module never reads input and never prints.

use super::case::{saturating_i32, Case, Claim, Entry, Game, KeyClaim, Unusable};
use super::check_lines::check_lines;
use super::classify_claim::check_classify;
use super::game::SuiteGame;
use super::limits::Limits;
use super::outcome::{verdict_of, Outcome};
use super::record::{play_of, Check, Expected, Found, Record, Status, Verdict};
use crate::board::Position;
use crate::kernel::SearchControl;
use crate::problem::{Goal, PlayKind};
use crate::solver::{mate_search, solve_with_table, Prover, TranspositionTable};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

/// Megabytes of each classification question's table (one at a time) unless `--hash` says.
const CLASSIFY_TABLE_MB: usize = 16;

/// Checks `entry`; `stop` is this search's own stop flag, which another thread may raise to
/// abandon it (the result is then `unsolved`). A panicking search yields a `wrong` record that
/// says so.
pub fn verify(entry: &Entry, limits: &Limits, stop: Arc<AtomicBool>) -> Record {
    let run = std::panic::AssertUnwindSafe(|| checked(entry, limits, stop));
    std::panic::catch_unwind(run).unwrap_or_else(|panic| {
        // A solver bug must not take the run down (or leave a gap the report waits for).
        let message = crate::util::threads::panic_text(&*panic);
        let mut record = unsearched(entry);
        record.status = Status::Wrong;
        record.notes.push(format!("the search panicked: {message}"));
        record
    })
}

/// The record of an entry before any search.
fn unsearched(entry: &Entry) -> Record {
    Record {
        index: entry.index,
        file: entry.origin.file.clone(),
        line: entry.origin.line,
        label: entry.origin.label.clone(),
        format: entry.origin.format,
        fen: entry.fen.clone(),
        check: None,
        expected: Expected::default(),
        found: Found::default(),
        status: Status::Error,
        cooked: false,
        verdict: None,
        stored: None,
        notes: Vec::new(),
        nodes: 0,
        time_ms: 0.0,
    }
}

fn checked(entry: &Entry, limits: &Limits, stop: Arc<AtomicBool>) -> Record {
    let mut record = unsearched(entry);
    let game = match &entry.case {
        Ok(game) => game,
        Err(reason) => {
            (record.status, record.verdict) = match reason {
                Unusable::Input(_) => (Status::Error, Some(Verdict::Error)),
                Unusable::Unsupported(_) => (Status::Unsupported, Some(Verdict::Unsupported)),
            };
            record.notes.push(reason.to_string());
            return record;
        }
    };
    let control = limits.control(Arc::clone(&stop));
    let started = Instant::now();
    match game {
        Game::Orthodox(case) if !is_problem_claim(case) => {
            orthodox_claim(case, limits, &control, &mut record)
        }
        Game::Orthodox(case) => problem_check(case, limits, &control, &mut record),
        Game::Fairy(case) => problem_check(case, limits, &control, &mut record),
    }
    let elapsed = u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX);
    record.time_ms = Record::time_ms_of(elapsed);
    if record.status == Status::Unsolved {
        record.verdict = Some(Verdict::OutOfTime);
    }
    let stored = match game {
        Game::Orthodox(case) => case.stored.as_ref(),
        Game::Fairy(case) => case.stored.as_ref(),
    };
    if let Some(stored) = stored {
        record.stored = Some(super::stored::compare(stored, limits, &record, stop));
    }
    record
}

/// True for the claims every board can be checked for: a problem's keys (`#N`, `dm N`, `s#N`
/// …) or its help and series solutions; false for EPD's `bm #N`, `bm #-N` and `classify`.
fn is_problem_claim<P: crate::rules::Rules>(case: &Case<P>) -> bool {
    case.problem.stipulation.is_help_or_series()
        || matches!(case.claim, Claim::Proven(_) | Claim::Within(_))
}

/// Checks a problem's keys, or its help and series solutions, on any board.
fn problem_check<G: SuiteGame>(
    case: &Case<G>,
    limits: &Limits,
    control: &SearchControl,
    record: &mut Record,
) {
    let position = &case.problem.position;
    record.fen = record.fen.take().or_else(|| position.epd());
    record.expected = expected(case);
    record.notes.extend(case.notes.iter().cloned());
    let outcome = if case.problem.stipulation.is_help_or_series() {
        record.check = Some(Check::Lines);
        check_lines(case, limits.hash_mb, control)
    } else {
        record.check = Some(Check::Keys);
        let n = case.problem.stipulation.moves();
        check_keys(case, n, control, &limits.table(n))
    };
    record.verdict = outcome.verdict;
    finish(record, outcome, |keys| texts(position, keys));
}

/// Checks an EPD claim that only the orthodox board has: `bm #N`, `bm #-N`, `classify`.
fn orthodox_claim(case: &Case, limits: &Limits, control: &SearchControl, record: &mut Record) {
    let position = case.problem.position;
    record.expected = expected(case);
    record.notes.extend(case.notes.iter().cloned());
    let outcome = match case.claim {
        Claim::Known(n) => {
            record.check = Some(Check::Mate);
            check_mate(&position, n, control, &limits.table(n))
        }
        Claim::Mated(n) => {
            record.check = Some(Check::Mated);
            check_mated(&position, n, control, &limits.table(n))
        }
        Claim::Classified(claim) => {
            record.check = Some(Check::Classify);
            let table_mb = limits.hash_mb.unwrap_or(CLASSIFY_TABLE_MB);
            let (outcome, found) = check_classify(&claim, &position, table_mb, control);
            record.found.classify = found;
            outcome
        }
        // Keys and lines are `problem_check`'s.
        Claim::Proven(_) | Claim::Within(_) => Outcome::unsupported(String::new()),
    };
    finish(record, outcome, |keys| texts(&position, keys));
}

/// Moves the search's outcome into the record, keys written by `keys_text`.
fn finish<M>(record: &mut Record, outcome: Outcome<M>, keys_text: impl Fn(&[M]) -> Vec<String>) {
    record.nodes = outcome.nodes;
    record.cooked = outcome.keys.len() > 1;
    record.found = Found {
        mate: outcome.mate,
        keys: keys_text(&outcome.keys),
        solutions: outcome.solutions,
        classify: record.found.classify.take(),
    };
    record.status = outcome.status;
    record.notes.extend(outcome.notes);
}

fn expected<G: SuiteGame>(case: &Case<G>) -> Expected {
    let stipulation = case.problem.stipulation;
    let position = &case.problem.position;
    // A directmate's claim is its mate length; any other play names its stipulation.
    let plain = stipulation.play == PlayKind::Direct && stipulation.goal == Goal::Mate;
    Expected {
        stipulation: (!plain).then(|| stipulation.to_string()),
        mate: case.claim.signed_length(),
        exact: matches!(case.claim, Claim::Proven(_)),
        keys: match &case.keys {
            KeyClaim::Exactly(keys) => Some(texts(position, keys)),
            KeyClaim::Lines { lines, .. } => Some(lines.clone()),
            KeyClaim::Unique | KeyClaim::Any | KeyClaim::Intended(_) => None,
        },
        unique: case.keys == KeyClaim::Unique,
        intended: match &case.keys {
            KeyClaim::Intended(intended) => Some(intended.count),
            _ => None,
        },
        classify: match case.claim {
            Claim::Classified(claim) => Some(claim.to_string()),
            _ => None,
        },
    }
}

/// Keys as a report stores them (SAN on the orthodox board, Popeye's notation on a fairy one).
fn texts<G: SuiteGame>(position: &G, moves: &[G::Move]) -> Vec<String> {
    moves.iter().map(|&m| position.key_text(m)).collect()
}

fn check_keys<G: SuiteGame>(
    case: &Case<G>,
    n: u32,
    control: &SearchControl,
    tt: &TranspositionTable<crate::solver::DirectMate, G::Move>,
) -> Outcome<G::Move> {
    let solution = match solve_with_table(&case.problem, control, tt, G::PRESENTATION) {
        Ok(solution) => solution,
        Err(e) => return Outcome::unsupported(e.to_string()),
    };
    let nodes = solution.stats.nodes;
    if !solution.complete {
        return Outcome::stopped(nodes);
    }
    let position = &case.problem.position;
    let keys: Vec<G::Move> = solution.keys().map(|k| k.mv).collect();
    let stipulation = case.problem.stipulation.to_string();
    let play = play_of(&stipulation);
    let shortest = solution.keys().map(|k| k.length).min();
    let short = shortest.is_some_and(|k| k < n);
    let mut notes = Vec::new();
    let mut wrong = false;
    match shortest {
        None => {
            let expected_none =
                matches!(&case.keys, KeyClaim::Exactly(listed) if listed.is_empty());
            if expected_none {
                notes.push("no solution, as expected".to_owned());
            } else {
                wrong = true;
                notes.push(match play {
                    "#" => format!("no mate in {n}"),
                    _ => format!("no solution of {}", case.problem.stipulation),
                });
            }
        }
        Some(k) if k < n && matches!(case.claim, Claim::Proven(_)) => {
            wrong = true;
            notes.push(format!(
                "shorter mate: {play}{k} where {play}{n} is claimed exact"
            ));
        }
        Some(k) if k < n => {
            // A sound problem has no short solution.
            wrong |= matches!(case.keys, KeyClaim::Intended(_));
            notes.push(format!("short mate: {play}{k}"));
        }
        Some(_) => {}
    }
    match &case.keys {
        KeyClaim::Exactly(listed) => {
            let missing: Vec<G::Move> = listed
                .iter()
                .copied()
                .filter(|m| !keys.contains(m))
                .collect();
            let extra: Vec<G::Move> = keys
                .iter()
                .copied()
                .filter(|m| !listed.contains(m))
                .collect();
            if !missing.is_empty() {
                wrong = true;
                notes.push(format!(
                    "listed but not a key: {}",
                    texts(position, &missing).join(" ")
                ));
            }
            if !extra.is_empty() {
                wrong = true;
                // A second key beside a listed one is a cook; beside none, just the key.
                let word = if missing.len() == listed.len() {
                    "key"
                } else {
                    "cook"
                };
                notes.push(format!(
                    "{word} not listed: {}",
                    texts(position, &extra).join(" ")
                ));
            }
            if missing.is_empty() && extra.is_empty() && keys.len() > 1 {
                notes.push(format!("cooked: {} keys, as listed", keys.len()));
            }
        }
        KeyClaim::Unique if keys.len() > 1 => {
            wrong = true;
            notes.push(format!("cooked: {} keys", keys.len()));
        }
        KeyClaim::Intended(intended) if !keys.is_empty() && keys.len() as u64 != intended.count => {
            wrong = true;
            let word = if keys.len() as u64 > intended.count {
                "cooked"
            } else {
                "fewer keys than intended"
            };
            notes.push(format!(
                "{word}: {} keys ({}) where {} intended",
                keys.len(),
                texts(position, &keys).join(" "),
                intended.count
            ));
        }
        // Solution lines are claimed in help play only (checked by `check_lines`).
        KeyClaim::Unique | KeyClaim::Any | KeyClaim::Lines { .. } | KeyClaim::Intended(_) => {}
    }
    Outcome {
        status: if wrong { Status::Wrong } else { Status::Solved },
        verdict: Some(verdict_of(keys.len(), short, case.keys.intended_count())),
        mate: shortest.map(saturating_i32),
        keys,
        solutions: None,
        notes,
        nodes,
    }
}

fn check_mate(
    position: &Position,
    n: u32,
    control: &SearchControl,
    tt: &TranspositionTable,
) -> Outcome {
    let found = mate_search(position, n, control, tt);
    let nodes = control.nodes();
    match found {
        Some(mate) => {
            let mut notes = Vec::new();
            if mate.moves < n {
                notes.push(format!(
                    "mate in {}, shorter than the known #{n}",
                    mate.moves
                ));
            }
            Outcome {
                status: Status::Solved,
                verdict: None,
                mate: Some(saturating_i32(mate.moves)),
                keys: mate.keys,
                solutions: None,
                notes,
                nodes,
            }
        }
        None if control.was_stopped() => Outcome::stopped(nodes),
        None => Outcome {
            status: Status::Wrong,
            verdict: None,
            mate: None,
            keys: Vec::new(),
            solutions: None,
            notes: vec![format!("no mate within {n}")],
            nodes,
        },
    }
}

fn check_mated(
    position: &Position,
    n: u32,
    control: &SearchControl,
    tt: &TranspositionTable,
) -> Outcome {
    let mut prover = Prover::new(tt, control);
    let length = prover.shortest_loss(position, n);
    prover.flush_nodes();
    let nodes = prover.nodes();
    if prover.aborted() {
        return Outcome::stopped(nodes);
    }
    match length {
        Some(k) => {
            let mut notes = Vec::new();
            if k == 0 {
                notes.push("already checkmated".to_owned());
            } else if k < n {
                notes.push(format!("mated in {k}, sooner than the known #-{n}"));
            }
            Outcome {
                status: Status::Solved,
                verdict: None,
                mate: Some(-saturating_i32(k)),
                keys: Vec::new(),
                solutions: None,
                notes,
                nodes,
            }
        }
        None => Outcome {
            status: Status::Wrong,
            verdict: None,
            mate: None,
            keys: Vec::new(),
            solutions: None,
            notes: vec![format!("the side to move escapes mate in {n}")],
            nodes,
        },
    }
}
