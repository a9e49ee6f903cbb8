//! The bundled examples of `testsuites/examples/` (the README's fresh-machine command solves
//! one): each is a sound problem — exactly one key, as the suite runner judges a Popeye problem
//! without Popeye's output beside it — and `mateproof popeye` solves it to the end.

use std::path::PathBuf;
use std::process::Command;

fn examples() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("testsuites/examples");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a readable folder entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "inp"))
        .collect();
    files.sort();
    assert!(files.len() >= 2, "the bundled examples: {files:?}");
    files
}

#[test]
fn every_example_is_sound() {
    let files = examples();
    let out = Command::new(env!("CARGO_BIN_EXE_mateproof"))
        .arg("suite")
        .args(&files)
        .output()
        .expect("run mateproof suite");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    // The summary's total row: count, solved, wrong, …
    let total: Vec<usize> = text
        .lines()
        .find_map(|l| l.trim_start().strip_prefix("total"))
        .map(|rest| {
            rest.split_whitespace()
                .map_while(|n| n.parse().ok())
                .collect()
        })
        .unwrap_or_default();
    let n = files.len();
    assert!(
        total.starts_with(&[n, n, 0]),
        "every example solved:\n{text}"
    );
}

#[test]
fn every_example_is_solved_by_the_popeye_command() {
    for file in examples() {
        let out = Command::new(env!("CARGO_BIN_EXE_mateproof"))
            .args(["popeye", "-regression"])
            .arg(&file)
            .output()
            .expect("run mateproof popeye");
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{}:\n{text}", file.display());
        assert_eq!(
            text.lines()
                .filter(|l| l.starts_with("   1.") && l.contains(" !"))
                .count(),
            1,
            "{}: one key line:\n{text}",
            file.display()
        );
        assert!(text.ends_with("solution finished.\n\n\n"), "{text}");
    }
}
