//! The JSON report of `mateproof suite` and the shard/merge contract: the report has exactly
//! the documented fields and types (src/suite/report.rs), its summary agrees with its
//! positions, and running a suite as shards `1/3`, `2/3`, `3/3` and merging the reports —
//! with the library and with `mateproof suite-merge` — gives the unsharded run's report
//! (search times aside, which no two runs share; the shards run on one worker, the whole run
//! on two).

use mateproof::reference::shared;
use mateproof::suite::limits::Limits;
use mateproof::suite::progress::ProgressMode;
use mateproof::suite::report::{merge, read_report, Report};
use mateproof::suite::runner::{run, RunConfig};
use mateproof::suite::source::Shard;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

const FILES: [&str; 5] = [
    "clean.epd",
    "wrong.epd",
    "malformed.epd",
    "problems.pgn",
    "cooked.inp",
];

/// The small suites, and Popeye twins with Popeye's output from the shared reference data
/// (left out, after the line saying so, where that is absent). Looked up once.
fn files() -> Vec<PathBuf> {
    static PATHS: OnceLock<Vec<PathBuf>> = OnceLock::new();
    let paths = PATHS.get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("testsuites/suites-small");
        let twins = shared("popeye/features/f09_twins_dual_threats.inp");
        FILES.iter().map(|f| dir.join(f)).chain(twins).collect()
    });
    paths.clone()
}

/// The entries of [`files`]: 21 in the small suites, 4 twins in the shared problem.
fn entries(files: &[PathBuf]) -> usize {
    21 + if files.len() > FILES.len() { 4 } else { 0 }
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!(
        "mateproof-suite-report-{}-{name}",
        std::process::id()
    ))
}

fn run_to(json: &Path, shard: Shard, threads: usize) -> Report {
    let config = RunConfig {
        files: files(),
        threads,
        limits: Limits::default(),
        shard,
        fail_fast: false,
        verbose: false,
        progress: ProgressMode::Quiet,
        json: Some(json.to_path_buf()),
        jsonl: None,
        resume: false,
        notation: Default::default(),
    };
    run(&config, &mut Vec::new()).expect("run");
    read_report(json).expect("report")
}

/// The report without what differs between any two runs: times (and the worker count, which
/// changes nothing else: each entry is searched alone, with a fresh table).
fn timeless(mut report: Report) -> Report {
    report.limits.threads = 0;
    for record in &mut report.positions {
        record.time_ms = 0.0;
    }
    for row in report
        .summary
        .by_mate
        .iter_mut()
        .chain([&mut report.summary.total])
    {
        row.median_ms = None;
        row.p90_ms = None;
    }
    report
}

fn keys(value: &Value) -> Vec<&str> {
    let mut keys: Vec<&str> = value
        .as_object()
        .unwrap_or_else(|| panic!("not an object: {value}"))
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    keys
}

fn is_count(v: &Value) -> bool {
    v.as_u64().is_some()
}

fn is_opt_number(v: &Value) -> bool {
    v.is_null() || v.as_f64().is_some_and(|t| t >= 0.0)
}

fn check_row(row: &Value) {
    assert_eq!(
        keys(row),
        [
            "count",
            "errors",
            "mate",
            "median_ms",
            "p90_ms",
            "solved",
            "unsolved",
            "unsupported",
            "wrong"
        ]
    );
    assert!(row["mate"].is_null() || row["mate"].is_i64(), "{row}");
    let parts = ["solved", "wrong", "unsolved", "unsupported", "errors"];
    assert!(parts.iter().all(|p| is_count(&row[p])), "{row}");
    let sum: u64 = parts.iter().filter_map(|p| row[p].as_u64()).sum();
    assert_eq!(Some(sum), row["count"].as_u64(), "{row}");
    assert!(
        is_opt_number(&row["median_ms"]) && is_opt_number(&row["p90_ms"]),
        "{row}"
    );
}

#[test]
fn report_has_the_documented_schema() {
    let path = temp("schema.json");
    let report = run_to(&path, Shard::ALL, 2);
    let files = files();
    let value: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    std::fs::remove_file(&path).ok();
    assert_eq!(
        keys(&value),
        [
            "entries",
            "files",
            "format",
            "interrupted",
            "limits",
            "positions",
            "shard",
            "stopped_early",
            "summary",
            "version"
        ]
    );
    assert_eq!(value["entries"].as_u64(), Some(entries(&files) as u64));
    assert_eq!(value["format"], "mateproof-suite-report");
    assert_eq!(value["version"], 1);
    assert_eq!(value["files"].as_array().map(Vec::len), Some(files.len()));
    assert!(value["shard"].is_null() && value["stopped_early"] == false);
    assert_eq!(value["interrupted"], false);
    assert_eq!(
        keys(&value["limits"]),
        ["hash_mb", "nodes", "threads", "time_s"]
    );
    assert_eq!(value["limits"]["threads"], 2);

    let positions = value["positions"].as_array().expect("positions");
    assert_eq!(positions.len(), entries(&files));
    let mut last_index = 0;
    for p in positions {
        // The verdict is there where the entry is a problem (and for what was not searched).
        let mut position_keys = keys(p);
        position_keys.retain(|&k| k != "verdict");
        assert_eq!(
            position_keys,
            [
                "check", "cooked", "expected", "fen", "file", "format", "found", "index", "label",
                "line", "nodes", "notes", "status", "time_ms"
            ]
        );
        assert!(
            p.get("verdict").is_none_or(|v| v.as_str().is_some_and(|v| [
                "sound",
                "cooked",
                "short",
                "missing",
                "no_solution",
                "unsupported",
                "out_of_time",
                "error"
            ]
            .contains(&v))),
            "{p}"
        );
        let index = p["index"].as_u64().expect("index");
        assert!(index > last_index, "positions in entry order");
        last_index = index;
        assert!(p["file"].is_string() && is_count(&p["line"]) && is_count(&p["nodes"]));
        assert!(p["label"].is_null() || p["label"].is_string());
        assert!(p["fen"].is_null() || p["fen"].as_str().is_some_and(|f| f.split(' ').count() == 4));
        assert!(["epd", "pgn", "popeye"].contains(&p["format"].as_str().unwrap_or("")));
        assert!([Value::Null, "keys".into(), "mate".into(), "mated".into()].contains(&p["check"]));
        let status = p["status"].as_str().unwrap_or("");
        assert!(["solved", "wrong", "unsolved", "unsupported", "error"].contains(&status));
        assert!(p["cooked"].is_boolean() && p["time_ms"].as_f64().is_some_and(|t| t >= 0.0));
        assert!(p["notes"]
            .as_array()
            .is_some_and(|n| n.iter().all(Value::is_string)));
        let expected = &p["expected"];
        assert_eq!(keys(expected), ["exact", "keys", "mate", "unique"]);
        assert!(expected["mate"].is_null() || expected["mate"].is_i64());
        assert!(
            expected["keys"].is_null()
                || expected["keys"]
                    .as_array()
                    .is_some_and(|k| k.iter().all(Value::is_string))
        );
        assert!(expected["exact"].is_boolean() && expected["unique"].is_boolean());
        let found = &p["found"];
        assert_eq!(keys(found), ["keys", "mate"]);
        assert!(found["mate"].is_null() || found["mate"].is_i64());
        let found_keys = found["keys"].as_array().expect("found keys");
        assert_eq!(p["cooked"], found_keys.len() > 1);
        // Unsearched entries have no check, no finding and no time.
        if p["check"].is_null() {
            assert!(status == "error" || status == "unsupported", "{p}");
            assert!(found["mate"].is_null() && found_keys.is_empty() && p["time_ms"] == 0.0);
        }
    }

    let summary = &value["summary"];
    assert_eq!(
        keys(summary),
        ["by_mate", "exit_status", "total", "verdicts"]
    );
    let verdicts: u64 = summary["verdicts"]
        .as_object()
        .expect("verdict counts")
        .values()
        .filter_map(Value::as_u64)
        .sum();
    assert!(verdicts <= entries(&files) as u64);
    assert_eq!(summary["exit_status"], 2);
    let rows = summary["by_mate"].as_array().expect("rows");
    rows.iter().for_each(check_row);
    check_row(&summary["total"]);
    let counted: u64 = rows.iter().filter_map(|r| r["count"].as_u64()).sum();
    assert_eq!(summary["total"]["count"].as_u64(), Some(counted));
    assert_eq!(counted, entries(&files) as u64);

    // The summary is a function of the positions: rebuilt from them, times included, it is
    // the one the run wrote.
    let rebuilt = merge(vec![("whole".to_owned(), report.clone())]).expect("merge");
    assert_eq!(rebuilt.summary, report.summary);
    assert_eq!(rebuilt.positions, report.positions);
}

#[test]
fn shards_merged_equal_the_whole_run() {
    let whole = run_to(&temp("whole.json"), Shard::ALL, 2);
    let mut shards = Vec::new();
    let mut shard_paths = Vec::new();
    for k in 1..=3u64 {
        let path = temp(&format!("shard{k}.json"));
        let shard = Shard {
            first: k,
            count: 3,
            seed: None,
        };
        let report = run_to(&path, shard, 1);
        assert_eq!(report.shard.as_deref(), Some(format!("{k}/3").as_str()));
        assert!(report.positions.iter().all(|r| shard.takes(r.index)));
        assert!(!report.positions.is_empty());
        shards.push((path.display().to_string(), report));
        shard_paths.push(path);
    }
    // Given in any order.
    shards.reverse();
    let merged = merge(shards.clone()).expect("merge");
    assert_eq!(merged.shard, None);
    assert_eq!(timeless(merged), timeless(whole.clone()));

    // The command does the same, and exits as the whole run would.
    let out_path = temp("merged.json");
    let output = Command::new(env!("CARGO_BIN_EXE_mateproof"))
        .arg("suite-merge")
        .args(&shard_paths)
        .arg("--json")
        .arg(&out_path)
        .output()
        .expect("run mateproof suite-merge");
    assert_eq!(output.status.code(), Some(2));
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("malformed.epd:3"), "{text}");
    assert!(
        text.lines().any(|l| {
            l.split_whitespace().take(2).collect::<Vec<_>>()
                == ["total", &entries(&files()).to_string()]
        }),
        "{text}"
    );
    let from_cli = read_report(&out_path).expect("merged report");
    assert_eq!(timeless(from_cli), timeless(whole));

    // Missing or repeated shards are refused.
    let missing = merge(shards[..2].to_vec()).unwrap_err().to_string();
    assert!(missing.contains("shards missing: 1/3"), "{missing}");
    let mut twice = shards.clone();
    twice.push(shards[0].clone());
    assert!(merge(twice)
        .unwrap_err()
        .to_string()
        .contains("given twice"));

    for path in shard_paths.iter().chain([&out_path, &temp("whole.json")]) {
        std::fs::remove_file(path).ok();
    }
}
