//! Replays the fuzz regression corpus: every input in `testsuites/fuzz-corpus/<target>/` once
//! crashed (or broke a promise of) the named fuzz target, was fixed, and must stay fixed. The
//! checks are the fuzz harness itself (`fuzz/src/lib.rs`), so this test and the fuzzers cannot
//! disagree about what counts as a failure.

use crate::harness;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

fn corpus_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("testsuites/fuzz-corpus")
}

/// Every file under a target folder, sorted, skipping the README.
fn inputs(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

#[test]
fn every_corpus_folder_names_a_target() {
    for entry in
        std::fs::read_dir(corpus_root()).expect("testsuites/fuzz-corpus is in the repository")
    {
        let path = entry.expect("readable folder").path();
        if path.is_dir() {
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            assert!(
                harness::target(name).is_some(),
                "{}: no fuzz target named '{name}' (targets: {:?})",
                path.display(),
                harness::TARGETS.iter().map(|(n, _)| *n).collect::<Vec<_>>()
            );
        }
    }
}

#[test]
fn every_crashing_input_found_so_far_is_handled() {
    let mut failures = Vec::new();
    let mut replayed = 0;
    for (name, run) in harness::TARGETS {
        let dir = corpus_root().join(name);
        if !dir.is_dir() {
            continue;
        }
        for file in inputs(&dir) {
            let data = std::fs::read(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            replayed += 1;
            if let Err(panic) = catch_unwind(AssertUnwindSafe(|| run(&data))) {
                let why = mateproof::util::threads::panic_text(&*panic);
                failures.push(format!("{}: {why}", file.display()));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {replayed} corpus inputs fail again:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
