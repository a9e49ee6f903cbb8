//! The suite solves what the engine solves: every problem of the shared fairy collections
//! (`../shared/popeye/fairy`, `../shared/popeye/real-fairy`) that `mateproof popeye` solves —
//! it skips nothing of the file — is checked by `mateproof suite` too, on a fairy position, and
//! comes out as Popeye's output beside it says (never `error` but where Popeye itself refuses
//! the problem, never `unsupported` but for PostKeyPlay, whose key is given).

use mateproof::reference::shared;
use std::path::PathBuf;
use std::process::Command;

fn mateproof() -> Command {
    Command::new(env!("CARGO_BIN_EXE_mateproof"))
}

/// The `.inp` files of a shared folder that `mateproof popeye` solves whole (exit status 0).
fn solved_by_popeye(folder: &str) -> Option<Vec<PathBuf>> {
    let dir = shared(folder)?;
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "inp"))
        .collect();
    files.sort();
    Some(
        files
            .into_iter()
            .filter(|f| {
                mateproof()
                    .args(["popeye", "-regression", "-maxtime", "20"])
                    .arg(f)
                    .output()
                    .is_ok_and(|out| out.status.code() == Some(0))
            })
            .collect(),
    )
}

#[test]
fn every_fairy_problem_the_engine_solves_the_suite_solves() {
    let mut files = Vec::new();
    for folder in ["popeye/fairy", "popeye/real-fairy"] {
        match solved_by_popeye(folder) {
            Some(found) => files.extend(found),
            None => return,
        }
    }
    assert!(
        files.len() >= 30,
        "the generated fairy problems at least: {}",
        files.len()
    );
    let dir = std::env::temp_dir().join(format!("mateproof-suite-fairy-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let jsonl = dir.join("fairy.jsonl");
    let out = mateproof()
        .args(["suite", "-q", "--threads", "2", "--time", "60", "--jsonl"])
        .arg(&jsonl)
        .args(&files)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let records: Vec<serde_json::Value> = std::fs::read_to_string(&jsonl)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .filter(|v: &serde_json::Value| v.get("index").is_some())
        .collect();
    assert!(records.len() >= files.len());
    for record in &records {
        let status = record["status"].as_str().unwrap();
        let notes = record["notes"].to_string();
        // Popeye's own refusal ("only one king allowed / problem ignored"), which `popeye`
        // prints as Popeye does, is an error of the input for the suite.
        let refused_by_popeye = status == "error" && notes.contains("problem ignored");
        let post_key = status == "unsupported" && notes.contains("PostKeyPlay");
        assert!(
            status == "solved" || refused_by_popeye || post_key,
            "{record}\n{stdout}"
        );
    }
    let fairy = records.iter().filter(|r| r["fen"].is_null()).count();
    assert!(fairy >= 30, "on fairy positions: {fairy}");
    std::fs::remove_dir_all(&dir).ok();
}
