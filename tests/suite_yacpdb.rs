//! YACPDB entries and Olive collections through `mateproof suite`: one verdict of each kind
//! (testsuites/yacpdb/verdicts.olv), malformed entries reported with their file and entry
//! while the rest runs, Olive's own collections read whole, the query gateway's JSON page; the
//! JSON Lines report of a run killed by SIGTERM or SIGKILL parses line by line and `--resume`
//! finishes it with the summary of an uninterrupted run; shards named by the environment merge
//! into the whole run; deep YAML is refused before it is parsed.

use mateproof::reference::shared;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn mateproof() -> Command {
    Command::new(env!("CARGO_BIN_EXE_mateproof"))
}

/// Runs `command`, which must fail as an input error (exit 2) with `words` on stderr.
fn refused(command: &mut Command, words: &str) {
    let out = command.output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{words}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains(words), "{stderr}");
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn verdicts_file() -> PathBuf {
    root().join("testsuites/yacpdb/verdicts.olv")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mateproof-yacpdb-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// Every line of a lines file, each parsed (a line that does not parse fails the test).
fn lines(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .expect("the lines file")
        .lines()
        .enumerate()
        .map(|(i, line)| {
            serde_json::from_str(line).unwrap_or_else(|e| panic!("line {}: {e}: {line}", i + 1))
        })
        .collect()
}

/// The records of a lines file (header and end line left out).
fn records(path: &Path) -> Vec<Value> {
    lines(path)
        .into_iter()
        .filter(|l| l.get("index").is_some())
        .collect()
}

fn text(value: &Value, key: &str) -> String {
    value[key].as_str().unwrap_or_default().to_owned()
}

/// (verdict, stored result) of each record, by label.
fn verdicts(records: &[Value]) -> BTreeMap<String, (String, String)> {
    records
        .iter()
        .map(|r| {
            let stored = r["stored"]["result"].as_str().unwrap_or("-").to_owned();
            (text(r, "label"), (text(r, "verdict"), stored))
        })
        .collect()
}

#[test]
fn each_verdict_is_right_and_malformed_entries_are_named() {
    let dir = scratch("verdicts");
    let jsonl = dir.join("run.jsonl");
    let out = mateproof()
        .args([
            "suite",
            "-q",
            "--threads",
            "2",
            "--nodes",
            "300000",
            "--jsonl",
        ])
        .arg(&jsonl)
        .arg(verdicts_file())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "errors are there: {stdout}");
    let records = records(&jsonl);
    let by_entry = |n: usize| -> Vec<&Value> {
        records
            .iter()
            .filter(|r| {
                let label = text(r, "label");
                label == format!("entry {n}") || label.starts_with(&format!("entry {n} "))
            })
            .collect()
    };
    let expected: [(usize, &str, &str); 13] = [
        (1, "sound", "agrees"),
        (2, "cooked", "differs"),
        (3, "short", "agrees"),
        (4, "no_solution", "not_comparable"),
        (5, "missing", "not_comparable"),
        (6, "unsupported", "-"),
        (7, "cooked", "agrees"),
        (8, "sound", "agrees"),
        (9, "out_of_time", "not_comparable"),
        (10, "error", "-"),
        (11, "error", "-"),
        (12, "error", "-"),
        (13, "sound", "not_comparable"),
    ];
    for (entry, verdict, stored) in expected {
        let found = by_entry(entry);
        assert!(!found.is_empty(), "entry {entry}: no record");
        for record in found {
            assert_eq!(text(record, "verdict"), verdict, "entry {entry}: {record}");
            let result = record["stored"]["result"].as_str().unwrap_or("-");
            assert_eq!(result, stored, "entry {entry}: {record}");
            assert_eq!(text(record, "format"), "yacpdb");
        }
    }
    // Twins are entries of their own; the stored solution is matched twin by twin.
    assert_eq!(by_entry(8).len(), 2);
    // The cooks are listed; the fairy problem's keys are in Popeye's notation.
    let cooked = by_entry(7)[0];
    assert_eq!(
        cooked["found"]["keys"],
        serde_json::json!(["Kg2-f2", "Rb8-d8"])
    );
    // Malformed entries name their file line and what is wrong.
    let notes = |n: usize| by_entry(n)[0]["notes"].to_string();
    assert!(notes(10).contains("line 130"), "{}", notes(10));
    assert!(notes(11).contains("repetition limit"), "{}", notes(11));
    assert!(
        notes(12).contains("unknown field 'option'"),
        "{}",
        notes(12)
    );
    assert!(notes(6).contains("Madrasi"), "{}", notes(6));
    assert!(stdout.contains("verdicts.olv:145 \"entry 12\""), "{stdout}");
    // The per-verdict table ends the run.
    let table = stdout
        .lines()
        .skip_while(|l| !l.trim_start().starts_with("verdict"));
    let table: Vec<&str> = table.collect();
    assert!(
        table[0].contains("sound") && table[0].contains("no solution"),
        "{stdout}"
    );
    let counts: Vec<u64> = table[1]
        .split_whitespace()
        .skip(1)
        .map(|n| n.parse().unwrap())
        .collect();
    assert_eq!(counts, [4, 2, 1, 1, 1, 1, 1, 3]);
    assert!(
        table[2].starts_with("stored solution: 5 agree, 1 differ, 4 not comparable"),
        "{stdout}"
    );
    let end = lines(&jsonl).pop().unwrap();
    assert_eq!(end["end"]["interrupted"], false);
    assert_eq!(end["end"]["entries"], 14);
}

#[test]
fn olives_collections_read_whole() {
    let Some(dir) = shared("yacpdb") else {
        return;
    };
    let files = [dir.join("Broodings-50.olv"), dir.join("chest_test.olv")];
    let out_dir = scratch("olive");
    let jsonl = out_dir.join("run.jsonl");
    mateproof()
        .args([
            "suite",
            "-q",
            "--threads",
            "2",
            "--nodes",
            "200000",
            "--jsonl",
        ])
        .arg(&jsonl)
        .args(&files)
        .output()
        .unwrap();
    let records = records(&jsonl);
    // 12 entries (one of four twins) and 14 entries.
    assert_eq!(records.len(), 15 + 14);
    let errors: Vec<&Value> = records.iter().filter(|r| r["status"] == "error").collect();
    assert!(errors.is_empty(), "every real entry reads: {errors:?}");
    let found = verdicts(&records);
    let of = |prefix: &str| {
        found
            .iter()
            .filter(|(label, _)| label.starts_with(prefix))
            .map(|(_, v)| v.clone())
            .collect::<Vec<_>>()
    };
    let sound_agrees = ("sound".to_owned(), "agrees".to_owned());
    // Broodings 3: four twins, each as stored; 4: four solutions intended, as stored.
    assert_eq!(of("entry 3 (Müller"), vec![sound_agrees.clone(); 4]);
    assert_eq!(of("entry 4 (Abdurahmanović"), vec![sound_agrees.clone()]);
    assert_eq!(of("entry 9 (McDowell"), vec![sound_agrees]);
    // Conditions and walks Mateproof lacks are named.
    assert!(of("entry 12 (Bakcsi")
        .iter()
        .all(|(v, _)| v == "unsupported"));
    let mirror = records
        .iter()
        .find(|r| text(r, "label").starts_with("entry 12 (Bakcsi"))
        .unwrap();
    assert!(mirror["notes"].to_string().contains("MirrorCirce"));
    // chest_test 13: `EnPassant f6` names too few squares for Popeye, which then finds no mate
    // in 2 either.
    assert_eq!(of("entry 13 (Мочалкін")[0].0, "no_solution");
}

#[test]
fn a_gateway_page_is_read_entry_by_entry() {
    let dir = scratch("gateway");
    let page = dir.join("page.json");
    std::fs::write(
        &page,
        r##"{"success": true, "result": {"count": 3, "entries": [
            {"id": 101, "algebraic": {"white": ["Kh6", "Ra1"], "black": ["Kh8"]}, "stipulation": "#1", "solution": "1.Ra1-a8 # !"},
            {"id": 102, "algebraic": {"white": ["Kh6", "Ra1", "Rb1"], "black": ["Kh8"]}, "stipulation": "#1"},
            {"id": 103, "algebraic": {"white": ["Kh6"]}, "stipulation": "#1", "conditions": ["Madrasi"]}
        ]}}"##,
    )
    .unwrap();
    let jsonl = dir.join("run.jsonl");
    mateproof()
        .args(["suite", "-q", "--threads", "1", "--jsonl"])
        .arg(&jsonl)
        .arg(&page)
        .output()
        .unwrap();
    let found = verdicts(&records(&jsonl));
    let labels: Vec<&String> = found.keys().collect();
    assert_eq!(labels, ["entry 1 (id 101)", "entry 2 (id 102)", "entry 3"]);
    assert_eq!(found["entry 1 (id 101)"], ("sound".into(), "agrees".into()));
    assert_eq!(found["entry 2 (id 102)"].0, "cooked");
    // An unknown field: the entry is not read, so only its number names it.
    assert_eq!(found["entry 3"].0, "error");
    // A page that reports a failure is one error naming it.
    std::fs::write(&page, r#"{"success": false, "errors": ["query syntax"]}"#).unwrap();
    let out = mateproof()
        .args(["suite", "-q"])
        .arg(&page)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stdout).contains("query syntax"));
}

/// A collection long enough to be stopped mid-way: the verdicts file `copies` times over (its
/// out-of-time entry takes the node limit's time each time).
fn long_collection(dir: &Path, copies: usize) -> PathBuf {
    let text = std::fs::read_to_string(verdicts_file()).unwrap();
    let path = dir.join("long.olv");
    std::fs::write(&path, text.repeat(copies)).unwrap();
    path
}

/// The summary of a lines file as `suite-merge` makes it, times left out.
fn merged_summary(files: &[PathBuf]) -> Value {
    let dir = files[0].parent().unwrap();
    let json = dir.join(format!("merged-{}.json", files.len()));
    let out = mateproof()
        .arg("suite-merge")
        .args(files)
        .arg("--json")
        .arg(&json)
        .output()
        .unwrap();
    assert!(json.exists(), "{}", String::from_utf8_lossy(&out.stderr));
    let report: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let mut summary = report["summary"].clone();
    let untimed = |row: &mut Value| {
        let row = row.as_object_mut().unwrap();
        row.remove("median_ms");
        row.remove("p90_ms");
    };
    summary["by_mate"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .for_each(untimed);
    untimed(&mut summary["total"]);
    summary
}

fn suite_args(input: &Path) -> Vec<String> {
    ["suite", "-q", "--threads", "1", "--nodes", "100000"]
        .iter()
        .map(|s| s.to_string())
        .chain([input.display().to_string()])
        .collect()
}

#[test]
fn killed_runs_leave_whole_lines_and_resume_to_the_same_summary() {
    let dir = scratch("resume");
    let input = long_collection(&dir, 12);
    let whole = dir.join("whole.jsonl");
    let out = mateproof()
        .args(suite_args(&input))
        .arg("--jsonl")
        .arg(&whole)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let expected = merged_summary(std::slice::from_ref(&whole));
    let all = records(&whole).len();
    for signal in ["-TERM", "-KILL"] {
        let jsonl = dir.join(format!("cut{signal}.jsonl"));
        let mut child = mateproof()
            .args(suite_args(&input))
            .arg("--jsonl")
            .arg(&jsonl)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let started = Instant::now();
        while std::fs::read_to_string(&jsonl).map_or(0, |t| t.lines().count()) < 30 {
            assert!(started.elapsed() < Duration::from_secs(60), "no lines came");
            std::thread::sleep(Duration::from_millis(5));
        }
        let ok = Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .unwrap();
        assert!(ok.success());
        let status = child.wait().unwrap();
        let cut = lines(&jsonl);
        let done = cut.iter().filter(|l| l.get("index").is_some()).count();
        assert!(
            done < all,
            "{signal}: the run was stopped mid-way ({done} of {all})"
        );
        match signal {
            "-TERM" => {
                assert_eq!(status.code(), Some(143));
                let end = &cut.last().unwrap()["end"];
                assert_eq!(
                    (end["interrupted"].clone(), end["exit_status"].clone()),
                    (true.into(), 143.into())
                );
            }
            _ => assert!(
                cut.last().unwrap().get("end").is_none(),
                "SIGKILL writes no end"
            ),
        }
        let out = mateproof()
            .args(suite_args(&input))
            .arg("--resume")
            .arg(&jsonl)
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(2),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(records(&jsonl).len(), all, "{signal}: each entry once");
        assert_eq!(
            merged_summary(std::slice::from_ref(&jsonl)),
            expected,
            "{signal}"
        );
        // The printed summary is the uninterrupted run's too (its counts).
        let counts = |text: &[u8]| -> Vec<String> {
            String::from_utf8_lossy(text)
                .lines()
                .filter(|l| {
                    l.trim_start().starts_with("total") || l.trim_start().starts_with("entries")
                })
                .map(|l| l.split_whitespace().take(7).collect::<Vec<_>>().join(" "))
                .collect()
        };
        let whole_text = mateproof().args(suite_args(&input)).output().unwrap();
        assert_eq!(counts(&out.stdout), counts(&whole_text.stdout), "{signal}");
    }
    // A lines file of another run is refused by name.
    let other = dir.join("other.olv");
    std::fs::write(
        &other,
        "stipulation: '#1'\nalgebraic: {white: [Kh6, Ra1], black: [Kh8]}\n",
    )
    .unwrap();
    refused(
        mateproof()
            .args(suite_args(&other))
            .arg("--resume")
            .arg(&whole),
        "other input files",
    );
}

#[test]
fn shards_named_by_the_environment_merge_into_the_whole_run() {
    let dir = scratch("shards");
    let input = long_collection(&dir, 3);
    let run = |jsonl: &Path, shard: &str, env: &[(&str, &str)]| {
        let out = mateproof()
            .args([
                "suite",
                "-q",
                "--threads",
                "1",
                "--nodes",
                "20000",
                "--shard",
                shard,
            ])
            .arg(&input)
            .arg("--jsonl")
            .arg(jsonl)
            .envs(env.iter().copied())
            .output()
            .unwrap();
        assert!(
            out.status.code().is_some_and(|c| c <= 2),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    let whole = dir.join("whole.jsonl");
    run(&whole, "1/1", &[]);
    let mut shards = Vec::new();
    for k in 1..=4 {
        let path = dir.join(format!("shard{k}.jsonl"));
        let id = k.to_string();
        if k == 4 {
            // A Slurm array from 0: task 3 is the fourth shard.
            run(
                &path,
                "auto",
                &[
                    ("SLURM_ARRAY_TASK_ID", "3"),
                    ("SLURM_ARRAY_TASK_COUNT", "4"),
                    ("SLURM_ARRAY_TASK_MIN", "0"),
                ],
            );
        } else {
            run(
                &path,
                "env:MY_TASK/MY_COUNT",
                &[("MY_TASK", &id), ("MY_COUNT", "4")],
            );
        }
        let header = &lines(&path)[0];
        assert_eq!(header["shard"], format!("{k}/4"));
        assert_eq!(
            header["shard_seed"], 1,
            "env and auto deal by a seeded hash"
        );
        assert!(!records(&path).is_empty());
        shards.push(path);
    }
    assert_eq!(
        merged_summary(&shards),
        merged_summary(std::slice::from_ref(&whole))
    );
    // A missing shard is named; a shard given twice is refused.
    refused(
        mateproof().arg("suite-merge").args(&shards[..3]),
        "shards missing: 4/4",
    );
    let out = mateproof()
        .arg("suite-merge")
        .args([&shards[0], &shards[0], &shards[1], &shards[2], &shards[3]])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("given twice"));
    // Outside a job array, `auto` says what is missing.
    refused(
        mateproof()
            .args(["suite", "-q", "--shard", "auto"])
            .arg(&input)
            .env_remove("SLURM_ARRAY_TASK_ID"),
        "SLURM_ARRAY_TASK_ID is not set",
    );
}

#[test]
fn deep_yaml_is_refused_before_it_is_parsed() {
    let dir = scratch("deep");
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let piece = dir.join("deep-piece.yaml");
    std::fs::write(&piece, format!("piece: X\ncomponents: {deep}\n")).unwrap();
    refused(
        mateproof().args(["piece-info", "--yaml"]).arg(&piece),
        "nested more than 64 deep",
    );
    // In a collection: the deep entry is an error, the next one still runs.
    let collection = dir.join("deep.olv");
    std::fs::write(
        &collection,
        format!("---\nalgebraic: {deep}\nstipulation: '#1'\n---\nalgebraic: {{white: [Kh6, Ra1], black: [Kh8]}}\nstipulation: '#1'\n"),
    )
    .unwrap();
    let jsonl = dir.join("run.jsonl");
    mateproof()
        .args(["suite", "-q", "--jsonl"])
        .arg(&jsonl)
        .arg(&collection)
        .output()
        .unwrap();
    let found = verdicts(&records(&jsonl));
    assert_eq!(found["entry 1"].0, "error");
    assert_eq!(found["entry 2"].0, "sound");
}
