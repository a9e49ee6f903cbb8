//! `mateproof solve --stip h#2 --notation san` (and `uci`): help and series play written in
//! the chosen style, one solution a line, the moves unnumbered and the other side's passes of
//! series play left out. The oracle is shakmaty 0.30.1's SAN: on random positions of each kind
//! (help play from either side, series play with and without the other side's closing move, a
//! stalemate goal) every line of the JSON Lines output (UCI, passes `0000`) is replayed on
//! shakmaty, and the `san` and `uci` outputs must be those lines, in the same order, move for
//! move. The battle tree's notations are refused by name.

use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Position as _};

use crate::common;
use crate::help_positions;
use common::{mateproof, Rng};
use help_positions::{chess_of, random_fen};

/// The solution lines of `solve --fen fen --stip stipulation` with `extra` options: stdout's
/// lines but the closing count (or summary object).
fn solution_lines(fen: &str, stipulation: &str, extra: &[&str]) -> Vec<String> {
    let mut args = vec!["solve", "--fen", fen, "--stip", stipulation];
    args.extend_from_slice(extra);
    let (code, out, err) = mateproof(&args);
    assert!(code == 0 || code == 1, "{args:?}: exit {code}: {err}");
    let mut lines: Vec<String> = out.lines().map(str::to_owned).collect();
    lines.pop();
    lines
}

/// One JSON solution's moves replayed on shakmaty from `fen`: the line in SAN and in UCI, as
/// `--notation san` and `uci` must write it.
fn expected(fen: &str, moves: &[String]) -> (String, String) {
    let mut pos: Chess = chess_of(fen);
    let (mut san, mut uci) = (Vec::new(), Vec::new());
    for text in moves {
        if text == "0000" {
            pos = pos
                .swap_turn()
                .expect("a pass where the side to move is not in check");
            continue;
        }
        let m = text
            .parse::<UciMove>()
            .expect("UCI")
            .to_move(&pos)
            .unwrap_or_else(|e| panic!("{fen}: {moves:?}: {text} illegal: {e}"));
        san.push(SanPlus::from_move_and_play_unchecked(&mut pos, m).to_string());
        uci.push(text.clone());
    }
    (san.join(" "), uci.join(" "))
}

#[test]
fn help_and_series_lines_in_san_and_uci_match_shakmaty() {
    // (stipulation, the starter is Black, most men besides the kings)
    let kinds = [
        ("h#2", true, 5),
        ("h#1.5", false, 5),
        ("h=2", true, 4),
        ("ser-#3", false, 4),
        ("ser-h#2", true, 4),
    ];
    let (mut rng, seed) = Rng::from_env(0x5a17_0000_0034_0001);
    let mut total = 0;
    for (stipulation, black_starts, most) in kinds {
        let mut checked = 0;
        for _ in 0..400 {
            if checked >= 60 {
                break;
            }
            let extra = 2 + rng.below(most - 1);
            let Some(fen) = random_fen(&mut rng, extra, black_starts) else {
                continue;
            };
            let json = solution_lines(&fen, stipulation, &["--json"]);
            if json.is_empty() {
                continue;
            }
            let san = solution_lines(&fen, stipulation, &["--notation", "san"]);
            let uci = solution_lines(&fen, stipulation, &["--notation", "uci"]);
            assert_eq!(san.len(), json.len(), "seed {seed}: {fen} {stipulation}");
            assert_eq!(uci.len(), json.len(), "seed {seed}: {fen} {stipulation}");
            for ((object, san), uci) in json.iter().zip(&san).zip(&uci) {
                let value: serde_json::Value = serde_json::from_str(object).expect("JSON");
                let moves: Vec<String> = value["solution"]
                    .as_array()
                    .expect("a solution array")
                    .iter()
                    .map(|m| m.as_str().expect("a move").to_owned())
                    .collect();
                let (want_san, want_uci) = expected(&fen, &moves);
                assert_eq!(san, &want_san, "seed {seed}: {fen} {stipulation}");
                assert_eq!(uci, &want_uci, "seed {seed}: {fen} {stipulation}");
            }
            checked += json.len();
        }
        assert!(
            checked >= 20,
            "seed {seed}: {stipulation}: only {checked} lines compared"
        );
        total += checked;
    }
    assert!(total >= 200, "seed {seed}: only {total} lines compared");
}

/// An h#2 with one solution (also `tests/help/stream.rs`'s).
const H2: &str = "3K4/8/8/2RP4/8/1kN5/3p4/8 b - - 0 1";

#[test]
fn the_count_closes_the_styled_lines_and_popeye_stays_the_default() {
    let (code, out, err) = mateproof(&["solve", "--fen", H2, "--stip", "h#2", "--notation", "san"]);
    assert_eq!(code, 0, "{err}");
    // python-chess 1.11.2's `Board.san` writes this line the same.
    assert_eq!(out, "Kb2 Rb5+ Ka1 Rb1#\n1 solution\n");
    let (_, uci, _) = mateproof(&["solve", "--fen", H2, "--stip", "h#2", "--notation", "uci"]);
    assert_eq!(uci, "b3b2 c5b5 b2a1 b5b1\n1 solution\n");
    let (_, popeye, _) = mateproof(&["solve", "--fen", H2, "--stip", "h#2"]);
    let (_, named, _) = mateproof(&[
        "solve",
        "--fen",
        H2,
        "--stip",
        "h#2",
        "--notation",
        "popeye",
    ]);
    assert_eq!(named, popeye);
    assert!(popeye.contains("Rc5-b5 +"), "{popeye}");
}

#[test]
fn the_battle_trees_notations_are_refused_by_name() {
    for style in ["problemist", "thesis"] {
        let (code, out, err) =
            mateproof(&["solve", "--fen", H2, "--stip", "h#2", "--notation", style]);
        assert_eq!(code, 2, "{style}: {out}{err}");
        assert!(out.is_empty(), "{style}: {out}");
        assert!(
            err.contains(&format!(
                "--notation {style} does not apply to help and series play"
            )) && err.contains("popeye (the default), san or uci"),
            "{style}: {err}"
        );
    }
}
