//! Deep mates (issue 15): every mate the engine's mate search reports beyond the exact lengths
//! is confirmed by the unrestricted depth-first prover over a fresh table, and df-pn under a
//! restriction lane's rules answers as the depth-first prover does under the same rules.

use mateproof::board::{Position, Validation};
use mateproof::formats::epd::{parse_lines, BestMoves};
use mateproof::kernel::SearchControl;
use mateproof::reference::shared_text;
use mateproof::solver::{
    mate_search, Dfpn, MateFound, Prover, Restricted, TranspositionTable, EXACT_MOVES, LANES,
};

/// (position, N) of the `bm #N` lines of a shared suite with N in `lengths`; `None` when the
/// shared reference data is absent (the test skips).
fn mates(name: &str, lengths: std::ops::RangeInclusive<u32>) -> Option<Vec<(Position, u32)>> {
    let text = shared_text(&format!("suites/{name}"))?;
    let mut found = Vec::new();
    for (line, epd) in parse_lines(&text) {
        let epd = epd.unwrap_or_else(|e| panic!("{name}:{line}: {e}"));
        let pos = epd
            .position(Validation::Lenient)
            .unwrap_or_else(|e| panic!("{name}:{line}: {e}"));
        let n = match epd.best_moves(&pos) {
            Ok(Some(BestMoves::Mate(n))) if n > 0 => n as u32,
            _ => match epd.dm() {
                Ok(Some(n)) => n,
                _ => continue,
            },
        };
        if lengths.contains(&n) {
            found.push((pos, n));
        }
    }
    Some(found)
}

/// True when the key `found` reports mates in its `moves` by the unrestricted depth-first
/// prover over a fresh table (nothing the search stored is trusted).
fn prover_confirms(pos: &Position, found: &MateFound) -> bool {
    let fresh = TranspositionTable::new(32);
    let verify = SearchControl::unlimited();
    Prover::new(&fresh, &verify).defender_loses(&pos.after(found.keys[0]), found.moves - 1)
}

/// Searches every `step`-th `bm #N` position of matetrack with N in `lengths` (at most `take`
/// of them) within N, on `threads` threads and with a node limit (deterministic, unlike time),
/// and has the prover confirm every mate reported; the number of deep mates (beyond
/// [`EXACT_MOVES`]) confirmed, `None` without the reference data.
fn confirmed_deep_mates(
    lengths: std::ops::RangeInclusive<u32>,
    (step, take): (usize, usize),
    threads: usize,
    nodes: u64,
) -> Option<usize> {
    let sample = mates("matetrack.epd", lengths)?;
    let mut confirmed = 0;
    for (pos, n) in sample.iter().step_by(step).take(take) {
        let control = SearchControl::unlimited()
            .with_threads(threads)
            .with_node_limit(nodes);
        let tt = TranspositionTable::new(32);
        let Some(found) = mate_search(pos, *n, &control, &tt) else {
            continue;
        };
        let fen = format!("{pos:?}");
        assert!(found.moves <= *n, "{fen}: mate in {} > {n}", found.moves);
        let key = found.keys[0];
        assert_eq!(found.pv.first(), Some(&key), "{fen}");
        assert!(
            prover_confirms(pos, &found),
            "{fen} ({threads} threads): the search's mate in {} with {key} is no mate",
            found.moves
        );
        confirmed += usize::from(found.moves > EXACT_MOVES);
    }
    Some(confirmed)
}

#[test]
fn every_deep_mate_the_search_reports_is_confirmed_by_the_prover() {
    let Some(confirmed) = confirmed_deep_mates(6..=8, (40, 12), 1, 3_000_000) else {
        return;
    };
    assert!(
        confirmed >= 3,
        "only {confirmed} deep mates found to confirm"
    );
}

#[test]
fn dfpn_in_a_restriction_lane_answers_as_the_restricted_prover() {
    let Some(sample) = mates("dm3.epd", 3..=3) else {
        return;
    };
    let control = SearchControl::unlimited();
    let (mut compared, mut restricted_away) = (0, 0);
    for (pos, n) in sample.iter().take(30) {
        let plain = Prover::new(&TranspositionTable::new(4), &control).attacker_wins(pos, *n);
        assert!(plain, "{pos:?}: no mate in {n}");
        for lane in LANES {
            let question = Restricted(lane);
            let dfs_table = TranspositionTable::for_question(4, question);
            let dfs = Prover::new(&dfs_table, &control).attacker_wins(pos, *n);
            let dfpn_table = TranspositionTable::for_question(4, question);
            let mut prover = Prover::new(&dfpn_table, &control);
            let dfpn = Dfpn::new(&mut prover, 1 << 16).attacker_wins(pos, *n);
            assert_eq!(dfpn, Some(dfs), "{pos:?} under {lane:?}");
            compared += 1;
            restricted_away += usize::from(!dfs);
        }
    }
    assert!(compared > 0);
    // The lanes do restrict: some mates are not found under them.
    assert!(
        restricted_away > 0,
        "no mate of the sample is restricted away"
    );
}

#[test]
fn a_deep_mate_stands_when_a_limit_stops_the_search_for_a_shorter_one() {
    // Mate in 7 (matetrack), searched within 10: the bound 10 is proven first, then shortened.
    let pos = Position::from_fen("8/7K/Bp5p/b1p5/k1P5/8/PP6/8 w - - 0 1", Validation::Strict)
        .expect("a legal position");
    let mut stopped_with_mate = 0;
    for limit in (0..8).map(|k| 250_000u64 << k) {
        let control = SearchControl::unlimited().with_node_limit(limit);
        let tt = TranspositionTable::new(32);
        let found = mate_search(&pos, 10, &control, &tt);
        let Some(found) = found else { continue };
        assert!(
            (7..=10).contains(&found.moves),
            "{limit}: mate in {}",
            found.moves
        );
        assert!(
            prover_confirms(&pos, &found),
            "{limit}: {} does not mate in {}",
            found.keys[0],
            found.moves
        );
        if control.was_stopped() {
            assert!(
                !found.shortest,
                "{limit}: a stopped search cannot know the shortest"
            );
            stopped_with_mate += 1;
        }
    }
    assert!(
        stopped_with_mate > 0,
        "no limit stopped the search after a mate was proven"
    );
}

#[test]
fn a_deep_mate_whose_shorter_bound_is_disproved_is_the_shortest() {
    // Mate in 6 (matetrack), searched within 8 without limits: shortening stops at 6 because
    // "mate within 5" is disproved, and the search says the mate in 6 is the shortest.
    let pos = Position::from_fen("6k1/8/7P/5R1P/7P/8/6K1/8 w - - 0 1", Validation::Strict)
        .expect("a legal position");
    let control = SearchControl::unlimited();
    let found = mate_search(&pos, 8, &control, &TranspositionTable::new(32)).expect("a mate");
    assert_eq!(found.moves, 6);
    assert!(found.shortest, "the disproof of mate in 5 was not used");
    let fresh = TranspositionTable::new(32);
    let mut prover = Prover::new(&fresh, &control);
    assert!(
        !prover.attacker_wins(&pos, 5),
        "the depth-first prover mates in 5"
    );
    assert!(prover.defender_loses(&pos.after(found.keys[0]), 5));
}

#[test]
fn with_two_threads_the_lanes_race_in_parallel_and_agree_with_one() {
    // Deep mates found with the lanes on a second thread are real mates; a disproof made by
    // the unrestricted lane on its own thread ends the race with "no mate" (not a hang, not a
    // stop), as with one thread.
    let Some(confirmed) = confirmed_deep_mates(6..=7, (50, 8), 2, 2_000_000) else {
        return;
    };
    assert!(confirmed >= 2, "only {confirmed} deep mates to confirm");
    // K+R against K: no mate within 5 (the race decides it; the exact phase covers 1-4).
    let pos =
        Position::from_fen("8/8/8/4k3/8/8/8/KR6 w - - 0 1", Validation::Lenient).expect("legal");
    for threads in [1, 2] {
        let control = SearchControl::unlimited().with_threads(threads);
        let found = mate_search(&pos, 5, &control, &TranspositionTable::new(8));
        assert_eq!(found, None, "{threads} threads");
        assert!(!control.was_stopped(), "{threads} threads: stopped");
    }
}
