//! `classify` against known answers: the theory digest's oracles K7–K10 (§1.16) through the
//! line search and through `mateproof classify --json`, the directmate preset against the
//! dedicated directmate solver on the proven dm2/dm3 suites, and UCI's `go classify`.

use crate::common;

use mateproof::board::{Color, Move, Position, Validation};
use mateproof::classify::{LineQuestion, LineSearch, LineTable};
use mateproof::formats::{Epd, Operand};
use mateproof::kernel::SearchControl;
use mateproof::notation::to_san_plus;
use mateproof::problem::{Problem, Stipulation};
use mateproof::reference::shared_text;
use mateproof::solver::{solve, Presentation};
use serde_json::Value;
use std::collections::BTreeSet;
use std::process::Command;

/// Positions of the proven suites the directmate preset is compared on, per suite.
const SUITE_SAMPLE: usize = 12;

fn pos(fen: &str) -> Position {
    Position::from_fen(fen, Validation::Strict).expect("oracle FEN")
}

/// Whether `question` holds at `fen` within `plies`.
fn holds(question: LineQuestion, fen: &str, plies: u32) -> bool {
    let control = SearchControl::unlimited();
    let mut table = LineTable::for_question(1, question);
    LineSearch::new(&mut table, &control)
        .holds(&pos(fen), plies)
        .expect("unlimited")
}

/// The directmate preset's keys of `#moves` at `p`, in SAN.
fn preset_keys(p: &Position, moves: u32) -> BTreeSet<String> {
    let control = SearchControl::unlimited();
    let mut table = LineTable::for_question(16, LineQuestion::direct_mate(p.turn()));
    let keys: Vec<Move> = LineSearch::new(&mut table, &control)
        .successful_moves(p, 2 * moves - 1)
        .expect("unlimited");
    keys.into_iter().map(|m| to_san_plus(p, m)).collect()
}

/// The help-win pattern within 1, 3 and 5 plies.
fn help_wins(fen: &str) -> [bool; 3] {
    [1, 3, 5].map(|n| holds(LineQuestion::help_win(Color::White), fen, n))
}

fn classify_json(fen: &str, plies: u32) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_mateproof"))
        .args([
            "classify",
            "--fen",
            fen,
            "--plies",
            &plies.to_string(),
            "--json",
        ])
        .output()
        .expect("run mateproof");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

#[test]
fn k7_mate_in_one_is_a_help_win_at_every_bound_and_not_every_move_mates() {
    let fen = "7k/8/6K1/8/8/8/8/R7 w - - 0 1";
    assert_eq!(help_wins(fen), [true, true, true]);
    assert_eq!(
        preset_keys(&pos(fen), 1),
        BTreeSet::from(["Ra8#".to_owned()])
    );
    // "Every move mates" (∀∀ within one ply) is false: Kf6 does not.
    let every_line_wins = LineQuestion {
        x_plays: mateproof::classify::Quantifier::ForAll,
        opponent_plays: mateproof::classify::OpponentPlay::Moves(
            mateproof::classify::Quantifier::ForAll,
        ),
        ..LineQuestion::direct_mate(Color::White)
    };
    assert!(!holds(every_line_wins, fen, 1));
    for plies in [1, 3, 5] {
        let json = classify_json(fen, plies);
        assert_eq!(json["help_win"], 1, "within {plies}: {json}");
        assert_eq!(json["forced_win"], 1, "within {plies}: {json}");
        assert_eq!(json["witness"]["help_win"], serde_json::json!(["Ra8#"]));
    }
}

#[test]
fn k8_two_mates_in_one_are_two_keys() {
    let fen = "7k/8/6K1/8/8/8/8/RR6 w - - 0 1";
    let keys = BTreeSet::from(["Ra8#".to_owned(), "Rb8#".to_owned()]);
    assert_eq!(preset_keys(&pos(fen), 1), keys);
    let json = classify_json(fen, 1);
    let listed: BTreeSet<String> = json["keys"]
        .as_array()
        .expect("keys")
        .iter()
        .map(|k| k.as_str().expect("SAN").to_owned())
        .collect();
    assert_eq!(listed, keys, "{json}");
}

#[test]
fn k9_mate_in_two_with_two_keys_is_a_help_win_from_three_plies() {
    let fen = "k7/8/2K5/8/8/8/8/7R w - - 0 1";
    assert_eq!(help_wins(fen), [false, true, true]);
    assert!(preset_keys(&pos(fen), 1).is_empty());
    assert_eq!(
        preset_keys(&pos(fen), 2),
        BTreeSet::from(["Kb6".to_owned(), "Kc7".to_owned()])
    );
    assert_eq!(classify_json(fen, 1)["help_win"], Value::Null);
    for plies in [3, 5] {
        let json = classify_json(fen, plies);
        assert_eq!(json["help_win"], 3, "{json}");
        assert_eq!(json["forced_win"], 2, "{json}");
        assert_eq!(json["keys"], serde_json::json!(["Kb6", "Kc7"]), "{json}");
    }
}

#[test]
fn k10_no_help_win_within_five_plies() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    assert_eq!(help_wins(fen), [false, false, false]);
    assert!(preset_keys(&pos(fen), 2).is_empty());
    let json = classify_json(fen, 5);
    assert_eq!(json["help_win"], Value::Null, "{json}");
    assert_eq!(json["forced_win"], Value::Null, "{json}");
    assert_eq!(json["hang"], false, "Rc1 … Kxc6 ends dead: {json}");
}

#[test]
fn a_witness_searches_no_further_than_its_first_successful_move() {
    // Help draw within 5 (a ten-man dm4 position): once the length is known, the witness
    // walks the line the search found; trying every root move again instead costs several
    // times the search itself.
    let fen = "1r4rk/4Nq2/7K/8/8/6R1/b5Q1/6R1 w - - 0 1";
    let p = pos(fen);
    let control = SearchControl::unlimited();
    let mut table = LineTable::for_question(16, LineQuestion::help_draw(p.turn()));
    let mut search = LineSearch::new(&mut table, &control);
    assert_eq!(search.shortest(&p, 5).expect("unlimited"), Some(5));
    let searched = search.nodes();
    let line = search.witness(&p, 5).expect("unlimited");
    let witnessed = search.nodes() - searched;
    assert_eq!(line.len(), 5);
    let end = line
        .iter()
        .fold(p, |at, &m| mateproof::rules::Rules::play(&at, m));
    assert!(
        mateproof::classify::LineEnd::of(&end).is_some(),
        "the witness ends the line"
    );
    assert!(
        witnessed <= searched,
        "the witness took {witnessed} nodes, the search {searched}"
    );
}

#[test]
fn a_stalemate_search_tries_captures_first() {
    // Help draw within 5: after 1.Nxa6, Black's first successful move in move order is no
    // capture (1...Rh1 2.Rxb7 Rh4 3.Bxh4 also stalemates), but the search, and so the witness,
    // tries 1...Rxa6 first.
    use mateproof::rules::Rules;
    let p = pos("k7/1pR2R2/p6r/8/1N6/2K5/3P4/4B3 w - - 0 1");
    let control = SearchControl::unlimited();
    let mut table = LineTable::for_question(16, LineQuestion::help_draw(p.turn()));
    let mut search = LineSearch::new(&mut table, &control);
    assert_eq!(search.shortest(&p, 5).expect("unlimited"), Some(5));
    let line = search.witness(&p, 5).expect("unlimited");
    let after = Rules::play(&p, line[0]);
    let successful = search.successful_moves(&after, 4).expect("unlimited");
    assert!(after.captured_value(successful[0]).is_none());
    assert!(after.captured_value(line[1]).is_some());
    assert!(successful.contains(&line[1]));
}

#[test]
fn the_json_object_has_the_six_fields_and_the_detail() {
    let json = classify_json("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", 3);
    let mut fields: Vec<&str> = json
        .as_object()
        .expect("object")
        .keys()
        .map(String::as_str)
        .collect();
    fields.sort_unstable();
    assert_eq!(
        fields,
        [
            "forced_loss",
            "forced_win",
            "hang",
            "help_draw",
            "help_loss",
            "help_win",
            "keys",
            "witness"
        ]
    );
    assert_eq!(json["hang"], true, "no line of 3 plies ends: {json}");
}

#[test]
fn the_text_explains_each_verdict_in_a_line() {
    let out = Command::new(env!("CARGO_BIN_EXE_mateproof"))
        .args([
            "classify",
            "--fen",
            "k7/8/2K5/8/8/8/8/7R w - - 0 1",
            "--plies",
            "3",
        ])
        .output()
        .expect("run mateproof");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines,
        [
            "White to move, within 3 plies:",
            "help win: 3 plies — a line ends with White mating: 1.Kb6 Kb8 2.Rh8#",
            "help loss: none — no line of at most 3 plies ends with White checkmated",
            "help draw: none — no line of at most 3 plies ends with stalemate or a dead position",
            "hang: no — a line ends within 3 plies: 1.Kb6 Kb8 2.Rh8#",
            "forced win: mate in 2 against every defence — keys Kb6 Kc7; main line 1.Kb6 Kb8 2.Rh8#",
            "forced loss: none — White is not mated by force within 3 plies",
        ]
    );
}

/// The directmate preset finds exactly the keys the dedicated solver finds, on the first
/// positions of the proven suites.
#[test]
fn the_directmate_preset_agrees_with_the_directmate_solver() {
    for suite in ["suites/dm2.epd", "suites/dm3.epd"] {
        let Some(text) = shared_text(suite) else {
            return;
        };
        let mut checked = 0;
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let epd = Epd::parse(line).expect("suite line");
            let p = epd.position(Validation::Lenient).expect("suite position");
            let Some(Operand::Word(n)) = epd.operation("dm").and_then(|op| op.operands.first())
            else {
                continue;
            };
            let moves: u32 = n.parse().expect("dm N");
            let mut problem = Problem::new(p, Stipulation::direct_mate(moves));
            problem.options.variations = false;
            let solution = solve(&problem, &SearchControl::unlimited(), Presentation::NEUTRAL)
                .expect("solved");
            let solver_keys: BTreeSet<String> =
                solution.keys().map(|k| to_san_plus(&p, k.mv)).collect();
            assert!(!solver_keys.is_empty(), "{line}");
            assert_eq!(preset_keys(&p, moves), solver_keys, "{suite}: {line}");
            checked += 1;
            if checked == SUITE_SAMPLE {
                break;
            }
        }
        assert_eq!(checked, SUITE_SAMPLE, "{suite}");
    }
}

/// `go classify plies N`: the heading, the six records in order with SAN lines and keys, then
/// the forced win's first key as the best move (protocol/uci-extensions.md).
#[test]
fn uci_go_classify_answers_with_records_then_bestmove() {
    let guard = std::time::Duration::from_secs(60);
    let mut uci = common::engine::Engine::start_uci();
    uci.send("position fen k7/8/2K5/8/8/8/8/7R w - - 0 1");
    uci.send("go classify plies 5");
    let lines = uci.until("bestmove", guard);
    assert_eq!(
        lines,
        [
            "info string classify side white plies 5",
            "info string classify help_win 3 line Kb6 Kb8 Rh8#",
            "info string classify help_loss null",
            "info string classify help_draw 4 line Ra1+ Kb8 Ra7 Kxa7",
            "info string classify hang false line Kb6 Kb8 Rh8#",
            "info string classify forced_win 2 keys Kb6 Kc7 line Kb6 Kb8 Rh8#",
            "info string classify forced_loss null",
            "bestmove c6b6",
        ]
    );
    // A hang: no key, so the first legal move.
    uci.send("position fen 4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    uci.send("go classify plies 3");
    let lines = uci.until("bestmove", guard);
    assert!(
        lines.contains(&"info string classify hang true".to_owned()),
        "{lines:#?}"
    );
    assert!(lines
        .last()
        .is_some_and(|l| l.starts_with("bestmove ") && l != "bestmove 0000"));
}
