//! `ComposerSuggestions` as a GUI meets it (issue 16): the improver stays within the `go`
//! command's limits, sends at most `ComposerTop` suggestions, best first, and says in one line
//! why there are none; and the mate prover's info line counts the nodes of the time it shows.
//!
//! The guards below only catch an engine that ignores its limits (the depth-3 improver on
//! the thesis' D1 runs for minutes); they time nothing.

use crate::common;

use common::engine::Engine;
use std::time::Duration;

/// The composer thesis' D1: sound, score 118, key b5c4.
const D1: &str = "b2K4/2p5/3k4/1Q6/5P2/1B6/8/8 w - - 0 1";
/// Far above every limit given here, far below the improver's full run.
const GUARD: Duration = Duration::from_secs(45);

fn composer_lines(lines: &[String]) -> Vec<&str> {
    lines
        .iter()
        .map(String::as_str)
        .filter(|l| l.starts_with("info string composer"))
        .collect()
}

/// The value of `name=value` in an `info string composer` line.
fn field<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    line.split(' ')
        .find_map(|t| t.strip_prefix(name)?.strip_prefix('='))
}

/// The number after the token `name` in an `info` line (`nodes 362`).
fn number(line: &str, name: &str) -> Option<u64> {
    let mut tokens = line.split(' ');
    tokens.find(|&t| t == name)?;
    tokens.next()?.parse().ok()
}

/// After the score line: suggestions, at most `top`, best first — or one `none` line.
fn check_suggestions(lines: &[String], top: usize) {
    let composer = composer_lines(lines);
    assert!(
        composer
            .first()
            .is_some_and(|l| l.starts_with("info string composer score score=118 ")),
        "{lines:#?}"
    );
    let rest = &composer[1..];
    if rest.len() == 1 && rest[0].starts_with("info string composer none reason=") {
        return;
    }
    assert!(
        !rest.is_empty() && rest.len() <= top,
        "1..={top} suggestions: {rest:#?}"
    );
    let scores: Vec<i32> = rest
        .iter()
        .map(|l| {
            assert!(l.starts_with("info string composer suggestion "), "{l}");
            field(l, "score")
                .and_then(|s| s.parse().ok())
                .unwrap_or_else(|| panic!("a score in {l}"))
        })
        .collect();
    assert!(
        scores.windows(2).all(|w| w[0] >= w[1]),
        "best first: {scores:?}"
    );
    assert!(
        scores.iter().all(|&s| s > 118),
        "each beats 118: {scores:?}"
    );
}

#[test]
fn composer_offers_at_most_composer_top_sorted_within_movetime() {
    let mut uci = Engine::start_uci();
    uci.send("setoption name ComposerSuggestions value true");
    uci.send("setoption name ComposerTop value 2");
    uci.send(&format!("position fen {D1}"));
    uci.send("go mate 2 movetime 3000");
    let lines = uci.until("bestmove", GUARD);
    assert!(
        lines.last().is_some_and(|l| l.starts_with("bestmove b5c4")),
        "{lines:#?}"
    );
    check_suggestions(&lines, 2);
}

#[test]
fn composer_without_limits_uses_the_default_budget() {
    let mut uci = Engine::start_uci();
    uci.send("setoption name ComposerSuggestions value true");
    uci.send(&format!("position fen {D1}"));
    uci.send("go mate 2");
    let lines = uci.until("bestmove", GUARD);
    check_suggestions(&lines, 10);
}

#[test]
fn stop_ends_the_composer_at_once() {
    let mut uci = Engine::start_uci();
    uci.send("setoption name ComposerSuggestions value true");
    uci.send(&format!("position fen {D1}"));
    uci.send("go mate 2 infinite");
    let mut lines = uci.until("info string composer score", GUARD);
    uci.send("stop");
    lines.extend(uci.until("bestmove", GUARD));
    check_suggestions(&lines, 10);
}

#[test]
fn composer_says_once_why_a_position_is_not_improved() {
    let mut uci = Engine::start_uci();
    uci.send("setoption name ComposerSuggestions value true");
    // Cooked (two keys): the score line says so, and nothing else is searched or sent.
    uci.send("position fen 8/8/8/2p1R3/1p3p2/1p1k1p2/1B5p/1K2Q3 w - - 0 1");
    uci.send("go mate 2");
    let lines = uci.until("bestmove", GUARD);
    assert_eq!(
        composer_lines(&lines),
        ["info string composer score score=0 sound=no reason=cooked:_more_than_one_key"],
        "{lines:#?}"
    );
    // Black mates: the composer works on White-to-move diagrams only, and says so once.
    uci.send("position fen r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1");
    uci.send("go mate 1");
    let lines = uci.until("bestmove", GUARD);
    let composer = composer_lines(&lines);
    assert_eq!(composer.len(), 1, "{lines:#?}");
    assert!(
        composer[0].starts_with("info string composer none reason=the_composer_needs_White"),
        "{lines:#?}"
    );
}

/// With `Threads` 2 the mate prover runs beside the game search; its line shows the time
/// since `go`, so its nodes must be both searches' (as the game search's lines before it
/// show, the game search alone already counted more than the prover).
#[test]
fn prover_line_counts_the_nodes_of_its_time() {
    // A mate in 4 of the dm4 suite (Popeye-checked reference data): the game search prints
    // its iterations before the prover's proof arrives.
    let Some(text) = mateproof::reference::shared_text("suites/dm4.epd") else {
        return;
    };
    let fen: Vec<&str> = text
        .lines()
        .next()
        .unwrap_or_default()
        .split(' ')
        .take(4)
        .collect();
    // Under load the game search may see the mate first, and then the prover's line is not
    // owed: a few attempts, of which one must show the prover's line.
    for _ in 0..4 {
        let mut uci = Engine::start_uci();
        uci.send("setoption name Threads value 2");
        uci.send(&format!("position fen {}", fen.join(" ")));
        uci.send("go movetime 2000");
        let lines = uci.until("bestmove", GUARD);
        if prover_lines_are_consistent(&lines) > 0 {
            return;
        }
    }
    panic!("in four searches the prover never reported its proof of the mate");
}

/// Checks every `nodes`/`time`/`nps` line (nps is nodes over time; the prover's line counts at
/// least every game node reported before it) and returns how many lines were the prover's.
fn prover_lines_are_consistent(lines: &[String]) -> usize {
    let mut game_nodes = 0u64;
    let mut prover_lines = 0;
    for line in lines {
        let (Some(nodes), Some(time), Some(nps)) = (
            number(line, "nodes"),
            number(line, "time"),
            number(line, "nps"),
        ) else {
            continue;
        };
        if line.contains(" hashfull ") {
            game_nodes = game_nodes.max(nodes);
        } else {
            assert!(nodes >= game_nodes, "{line} after {game_nodes} game nodes");
            prover_lines += 1;
        }
        if time > 0 {
            // `time` is whole milliseconds, nps is from the exact time: between the two.
            let (low, high) = (nodes * 1000 / (time + 1), nodes * 1000 / time);
            assert!(
                (low.saturating_sub(1)..=high + 1).contains(&nps),
                "nps {nps} is not nodes/time ({low}..={high}): {line}"
            );
        }
    }
    assert!(prover_lines <= 1, "one proof, one line: {lines:#?}");
    prover_lines
}
