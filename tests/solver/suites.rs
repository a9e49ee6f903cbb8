//! The solver against proven directmate suites: every position of dm1–dm4 and the first 50 of
//! dm5 (`suites/` of the shared reference data, read in place). The set of keys must equal the
//! suite's `bm` (several = cooked) and no key may mate sooner than `dm`.
//!
//! Positions are spread over two threads; each builds its own transposition table.

use mateproof::board::{Move, Position, Validation};
use mateproof::formats::epd::{parse_lines, BestMoves};
use mateproof::kernel::SearchControl;
use mateproof::popeye::shown::PRESENTATION;
use mateproof::problem::Problem;
use mateproof::reference::shared_text;
use mateproof::solver::{solve_with_table, TranspositionTable};

struct Case {
    line: usize,
    position: Position,
    mate: u32,
    keys: Vec<Move>,
}

/// The first `limit` cases of a suite (`None`: the shared reference data is absent).
fn load(name: &str, limit: usize) -> Option<Vec<Case>> {
    let text = shared_text(&format!("suites/{name}"))?;
    let cases = parse_lines(&text)
        .take(limit)
        .map(|(line, epd)| {
            let epd = epd.unwrap_or_else(|e| panic!("{name}:{line}: {e}"));
            let position = epd
                .position(Validation::Lenient)
                .unwrap_or_else(|e| panic!("{name}:{line}: {e}"));
            let mate = epd
                .dm()
                .ok()
                .flatten()
                .unwrap_or_else(|| panic!("{name}:{line}: no dm"));
            let keys = match epd.best_moves(&position) {
                Ok(Some(BestMoves::Moves(moves))) => moves,
                other => panic!("{name}:{line}: bm {other:?}"),
            };
            Case {
                line,
                position,
                mate,
                keys,
            }
        })
        .collect();
    Some(cases)
}

fn check(name: &str, case: &Case, tt: &TranspositionTable) -> Result<(), String> {
    tt.clear();
    let problem = Problem::directmate(case.position, case.mate);
    let solution = solve_with_table(&problem, &SearchControl::unlimited(), tt, PRESENTATION)
        .map_err(|e| e.to_string())?;
    let mut found: Vec<Move> = solution.keys().map(|k| k.mv).collect();
    let mut expected = case.keys.clone();
    found.sort_by_key(|m| m.to_u16());
    expected.sort_by_key(|m| m.to_u16());
    if found != expected {
        return Err(format!(
            "{name}:{}: keys {found:?}, expected {expected:?}",
            case.line
        ));
    }
    if let Some(short) = solution.keys().find(|k| k.length < case.mate) {
        return Err(format!(
            "{name}:{}: key {} mates in {} < {}",
            case.line, short.mv, short.length, case.mate
        ));
    }
    if solution.is_cooked() != (expected.len() > 1) {
        return Err(format!("{name}:{}: cooked flag wrong", case.line));
    }
    Ok(())
}

fn run_suite(name: &str, limit: usize) {
    let Some(cases) = load(name, limit) else {
        return;
    };
    assert!(!cases.is_empty(), "{name} is empty");
    let failures: Vec<String> = std::thread::scope(|scope| {
        let halves: Vec<&[Case]> = cases.chunks(cases.len().div_ceil(2)).collect();
        let handles: Vec<_> = halves
            .into_iter()
            .map(|chunk| {
                scope.spawn(move || {
                    let tt = TranspositionTable::new(32);
                    chunk
                        .iter()
                        .filter_map(|case| check(name, case, &tt).err())
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_else(|_| vec!["thread panicked".into()]))
            .collect()
    });
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn dm1_every_position() {
    run_suite("dm1.epd", usize::MAX);
}

#[test]
fn dm2_every_position() {
    run_suite("dm2.epd", usize::MAX);
}

#[test]
fn dm3_every_position() {
    run_suite("dm3.epd", usize::MAX);
}

#[test]
fn dm4_every_position() {
    run_suite("dm4.epd", usize::MAX);
}

#[test]
fn dm5_first_fifty() {
    run_suite("dm5.epd", 50);
}

/// Cooked positions (`keys=K` > 1) report every key; the count must equal the suite's.
#[test]
fn cooks_report_every_key() {
    let mut cooked = 0;
    for name in ["dm2.epd", "dm3.epd"] {
        let Some(text) = shared_text(&format!("suites/{name}")) else {
            return;
        };
        for (line, epd) in parse_lines(&text) {
            let Ok(epd) = epd else { continue };
            let count: usize = epd
                .comment(2)
                .and_then(|c| c.strip_prefix("keys="))
                .and_then(|n| n.parse().ok())
                .unwrap_or(1);
            if count < 2 {
                continue;
            }
            cooked += 1;
            let position = epd
                .position(Validation::Lenient)
                .unwrap_or_else(|e| panic!("{name}:{line}: {e}"));
            let mate = epd.dm().ok().flatten().unwrap_or(0);
            let solution = mateproof::solver::solve(
                &Problem::directmate(position, mate),
                &SearchControl::unlimited(),
                PRESENTATION,
            )
            .unwrap_or_else(|e| panic!("{name}:{line}: {e}"));
            assert!(
                solution.is_cooked(),
                "{name}:{line}: not reported as cooked"
            );
            assert_eq!(solution.keys().count(), count, "{name}:{line}");
        }
    }
    assert!(cooked > 0, "the suites should contain cooked positions");
}
