//! perft against the known counts of perftsuite.epd and cpw_perft.epd, every count up to a node
//! budget CI can afford (the full depths run from `tools/perft-suite`); `divide` against
//! shakmaty root move by root move; and the `mateproof perft` command's output, which must be
//! exactly Stockfish's `go perft` format.

use mateproof::board::{Position, Validation};
use mateproof::perft::{divide, perft, read_suite, SuiteEntry};
use mateproof::reference::shared_text;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position as _};
use std::collections::BTreeMap;
use std::process::Command;

/// Counts above this many leaves are left to `tools/perft-suite`.
const NODE_BUDGET: u64 = 20_000_000;
/// Depth of the root-move comparison with shakmaty.
const DIVIDE_DEPTH: u32 = 3;

/// The perft suite `name` of the shared reference data (`None`: absent, the check skips).
fn suite(name: &str) -> Option<Vec<SuiteEntry>> {
    let text = shared_text(&format!("suites/{name}"))?;
    let entries = read_suite(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert!(!entries.is_empty(), "{name} holds no positions");
    Some(entries)
}

fn position(entry: &SuiteEntry) -> Position {
    Position::from_fen(&entry.fen, Validation::Lenient)
        .unwrap_or_else(|e| panic!("{}: {e}", entry.fen))
}

/// Every count within the budget; all mismatches are listed, not just the first.
fn check_counts(name: &str) {
    let Some(entries) = suite(name) else {
        return;
    };
    let mut checked = 0;
    let mut wrong = Vec::new();
    for entry in entries {
        let pos = position(&entry);
        for &(depth, expected) in entry.counts.iter().filter(|&&(_, n)| n <= NODE_BUDGET) {
            let got = perft(&pos, depth);
            checked += 1;
            if got != expected {
                wrong.push(format!(
                    "{} D{depth}: expected {expected}, got {got}",
                    entry.fen
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{name}: {} wrong counts:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    assert!(checked > 0, "{name}: no count within the budget");
}

#[test]
fn perftsuite_counts() {
    check_counts("perftsuite.epd");
}

#[test]
fn cpw_counts() {
    check_counts("cpw_perft.epd");
}

/// shakmaty's divide, keyed by UCI.
fn shakmaty_divide(fen: &str, depth: u32) -> BTreeMap<String, u64> {
    // One perftsuite line checks with two pieces at once in a way no game reaches; shakmaty
    // objects, but the position is still legal to search.
    let pos: Chess = fen
        .parse::<Fen>()
        .ok()
        .and_then(|f| {
            f.into_position(CastlingMode::Standard)
                .or_else(|e| e.ignore_impossible_check().map_err(drop))
                .ok()
        })
        .unwrap_or_else(|| panic!("shakmaty rejects {fen}"));
    pos.legal_moves()
        .iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(*m);
            (
                m.to_uci(CastlingMode::Standard).to_string(),
                shakmaty::perft(&child, depth - 1),
            )
        })
        .collect()
}

#[test]
fn divide_matches_shakmaty_and_sums_to_perft() {
    for name in ["perftsuite.epd", "cpw_perft.epd"] {
        let Some(entries) = suite(name) else {
            break;
        };
        for entry in entries {
            let pos = position(&entry);
            let rows = divide(&pos, DIVIDE_DEPTH);
            let ours: BTreeMap<String, u64> =
                rows.iter().map(|(m, n)| (m.to_string(), *n)).collect();
            assert_eq!(
                ours.len(),
                rows.len(),
                "{}: a root move is listed twice",
                entry.fen
            );
            assert_eq!(
                ours,
                shakmaty_divide(&entry.fen, DIVIDE_DEPTH),
                "{}",
                entry.fen
            );
            let sum: u64 = rows.iter().map(|&(_, n)| n).sum();
            assert_eq!(
                sum,
                perft(&pos, DIVIDE_DEPTH),
                "{}: divide does not sum to perft",
                entry.fen
            );
            if let Some(&(_, expected)) = entry.counts.iter().find(|&&(d, _)| d == DIVIDE_DEPTH) {
                assert_eq!(sum, expected, "{} D{DIVIDE_DEPTH}", entry.fen);
            }
        }
    }
    assert!(
        divide(&Position::startpos(), 0).is_empty(),
        "depth 0 has no root moves"
    );
}

fn mateproof(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_mateproof"))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run mateproof: {e}"))
}

/// The command's report parsed back: root moves with counts, and the total.
fn parse_report(stdout: &str) -> (BTreeMap<String, u64>, u64) {
    // Stockfish: `move: count` lines, a blank line, `Nodes searched: N`, a blank line.
    let lines: Vec<&str> = stdout.split('\n').collect();
    let [rows @ .., "", total, "", ""] = lines.as_slice() else {
        panic!("not Stockfish's layout:\n{stdout}")
    };
    let total = total
        .strip_prefix("Nodes searched: ")
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("bad total line `{total}`"));
    let rows = rows
        .iter()
        .map(|line| {
            let (m, n) = line
                .split_once(": ")
                .unwrap_or_else(|| panic!("bad line `{line}`"));
            (
                m.to_string(),
                n.parse()
                    .unwrap_or_else(|_| panic!("bad count in `{line}`")),
            )
        })
        .collect();
    (rows, total)
}

#[test]
fn perft_command_prints_stockfish_format() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    for (fen, depth) in [
        (None, 1),
        (Some(kiwipete), 2),
        (Some("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), 2),
    ] {
        let depth_arg = depth.to_string();
        let mut args = vec!["perft", depth_arg.as_str()];
        if let Some(fen) = fen {
            args.extend(["--fen", fen]);
        }
        let out = mateproof(&args);
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let stdout = String::from_utf8(out.stdout).unwrap_or_else(|e| panic!("{args:?}: {e}"));
        let (rows, total) = parse_report(&stdout);
        let fen = fen.unwrap_or(mateproof::board::STARTPOS_FEN);
        assert_eq!(rows, shakmaty_divide(fen, depth), "{args:?}");
        assert_eq!(total, rows.values().sum::<u64>(), "{args:?}");
    }
}

#[test]
fn perft_command_rejects_bad_fens_with_status_2() {
    for (fen, reason) in [
        ("not a fen", "fields"),
        ("8/8/8/8/8/8/8/8 w - - 0 1", "no king"),
        ("4k3/8/8/8/8/8/8/4K2R w KQ - 0 1", "castl"),
    ] {
        let out = mateproof(&["perft", "1", "--fen", fen]);
        assert_eq!(out.status.code(), Some(2), "{fen}");
        assert!(out.stdout.is_empty(), "{fen}: printed a report");
        let stderr = String::from_utf8_lossy(&out.stderr).to_lowercase();
        assert!(
            stderr.contains(reason),
            "{fen}: the message `{stderr}` does not say why"
        );
    }
}
