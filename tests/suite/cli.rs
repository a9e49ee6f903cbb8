//! `mateproof suite` as a command: exit status 0 when every entry is as claimed, 1 when any is
//! wrong or unsolved, 2 when input cannot be read (a malformed line, a missing file, a bad
//! argument); `--fail-fast` stops at the first failure, even in a 100,000-line file, which is
//! streamed rather than read first; the progress display stays out of redirected output.

use std::path::PathBuf;
use std::process::{Command, Output};

fn suite(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("testsuites/suites-small")
        .join(name)
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("mateproof-suite-cli-{}-{name}", std::process::id()))
}

fn mateproof(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mateproof"))
        .args(args)
        .output()
        .expect("run mateproof")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The counts of the summary's total row: count, solved, wrong, unsolved, unsupported, error.
fn total_row(text: &str) -> Vec<u64> {
    text.lines()
        .find_map(|l| l.trim_start().strip_prefix("total"))
        .map(|rest| {
            rest.split_whitespace()
                .map_while(|n| n.parse().ok())
                .collect()
        })
        .unwrap_or_default()
}

fn path_arg(path: &std::path::Path) -> String {
    path.display().to_string()
}

#[test]
fn exit_status_follows_the_worst_entry() {
    let clean = mateproof(&["suite", "--threads", "2", &path_arg(&suite("clean.epd"))]);
    assert_eq!(clean.status.code(), Some(0), "{}", stdout(&clean));
    let text = stdout(&clean);
    assert!(total_row(&text).starts_with(&[7, 7, 0]), "{text}");

    let wrong = mateproof(&["suite", "--threads", "2", &path_arg(&suite("wrong.epd"))]);
    assert_eq!(wrong.status.code(), Some(1));
    let text = stdout(&wrong);
    assert!(text.contains("wrong.epd:2 \"small.wrong-bm\""), "{text}");

    let cooked = mateproof(&["suite", &path_arg(&suite("cooked.inp"))]);
    assert_eq!(cooked.status.code(), Some(1));
    assert!(stdout(&cooked).contains("cooked: 2 keys"));

    // A malformed line: reported with its number, the rest still solved, status 2 even
    // beside wrong entries.
    let malformed = mateproof(&[
        "suite",
        &path_arg(&suite("wrong.epd")),
        &path_arg(&suite("malformed.epd")),
    ]);
    assert_eq!(malformed.status.code(), Some(2));
    let text = stdout(&malformed);
    assert!(
        text.lines()
            .any(|l| l.starts_with("error") && l.contains("malformed.epd:3")),
        "{text}"
    );
    assert!(total_row(&text).starts_with(&[9, 5, 3, 0, 0, 1]), "{text}");
}

#[test]
fn unreadable_input_and_bad_arguments_exit_2() {
    let missing = temp("does-not-exist.epd");
    let output = mateproof(&["suite", &path_arg(&missing), &path_arg(&suite("clean.epd"))]);
    assert_eq!(output.status.code(), Some(2));
    let text = stdout(&output);
    assert!(
        text.contains("does-not-exist.epd  (cannot read file") && !text.contains(".epd:0"),
        "{text}"
    );
    let total = total_row(&text);
    assert!(
        total.starts_with(&[8, 7, 0, 0, 0, 1]),
        "the other file runs: {text}"
    );

    let clean = path_arg(&suite("clean.epd"));
    for args in [
        vec!["suite", "--shard", "0/2", clean.as_str()],
        vec!["suite", "--shard", "3/2", clean.as_str()],
        vec!["suite", "--time", "-1", clean.as_str()],
        vec!["suite", "--threads", "0", clean.as_str()],
        vec!["suite"],
        vec!["suite-merge", clean.as_str()],
    ] {
        let output = mateproof(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(!output.stderr.is_empty(), "{args:?} says why");
    }
}

#[test]
fn fail_fast_stops_early_in_a_streamed_100000_line_file() {
    let big = temp("big.epd");
    let right = "8/6p1/5pk1/7R/B7/8/8/7K w - - bm Be8#; dm 1;\n";
    let wrong = "8/6p1/5pk1/7R/B7/8/8/7K w - - bm Bd7; dm 1;\n";
    let mut text = String::with_capacity(100_000 * right.len());
    for line in 1..=100_000 {
        text.push_str(if line == 3 { wrong } else { right });
    }
    std::fs::write(&big, text).expect("write the big suite");
    let json = temp("big.json");
    let output = mateproof(&[
        "suite",
        "--fail-fast",
        "--threads",
        "2",
        "--json",
        &path_arg(&json),
        &path_arg(&big),
    ]);
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    assert!(
        text.contains("stopped at the first entry not as expected"),
        "{text}"
    );
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("report")).expect("json");
    assert_eq!(report["stopped_early"], true);
    let lines: Vec<u64> = report["positions"]
        .as_array()
        .expect("positions")
        .iter()
        .filter_map(|p| p["line"].as_u64())
        .collect();
    assert_eq!(lines, [1, 2, 3], "records stop at the failure, in order");
    // Progress on a redirected stderr is plain text, never terminal control codes.
    assert!(
        !output.stderr.contains(&0x1b),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    std::fs::remove_file(&big).ok();
    std::fs::remove_file(&json).ok();
}

#[test]
fn verbose_lists_every_entry_and_shards_split_the_run() {
    let files = [
        path_arg(&suite("clean.epd")),
        path_arg(&suite("problems.pgn")),
    ];
    let whole = mateproof(&["suite", "-v", "-q", &files[0], &files[1]]);
    assert_eq!(whole.status.code(), Some(0));
    let solved = |o: &Output| {
        stdout(o)
            .lines()
            .filter(|l| l.starts_with("solved"))
            .count()
    };
    assert_eq!(solved(&whole), 11);
    let first = mateproof(&["suite", "-v", "-q", "--shard", "1/2", &files[0], &files[1]]);
    let second = mateproof(&["suite", "-v", "-q", "--shard", "2/2", &files[0], &files[1]]);
    assert_eq!((solved(&first), solved(&second)), (6, 5));
}
