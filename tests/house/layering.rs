//! Data flows one way: front ends → problem → rules and search → solution → writers. The core
//! modules (board, kernel, rules, solver, help, solution, problem, classify) must not reach back
//! into a front end (popeye, uci, suite, composer, cli). A source scan of every `.rs` file under
//! them.

use std::path::{Path, PathBuf};

const CORE: [&str; 8] = [
    "board", "kernel", "rules", "solver", "help", "solution", "problem", "classify",
];
const FRONT_ENDS: [&str; 5] = ["popeye", "uci", "suite", "composer", "cli"];

fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// The front ends a line of Rust code names through `crate::` (`crate::popeye::…` or
/// `crate::{…, popeye, …}`).
fn front_ends_named(line: &str) -> Vec<&'static str> {
    let code = line.split("//").next().unwrap_or_default();
    let mut named = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        let group = match rest.strip_prefix('{') {
            Some(inner) => inner.split('}').next().unwrap_or_default(),
            None => rest,
        };
        for item in group.split(',') {
            let head = item.trim().split("::").next().unwrap_or_default();
            let head = head
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .next();
            if let Some(front) = FRONT_ENDS.iter().find(|&&f| Some(f) == head) {
                named.push(*front);
            }
        }
    }
    named
}

#[test]
fn the_scan_recognises_both_import_forms() {
    assert_eq!(front_ends_named("use crate::popeye::order;"), ["popeye"]);
    assert_eq!(
        front_ends_named("use crate::{board::Move, uci::info};"),
        ["uci"]
    );
    assert_eq!(front_ends_named("    crate::cli::run(x)"), ["cli"]);
    assert!(front_ends_named("use crate::board::Move; // crate::popeye").is_empty());
    assert!(front_ends_named("use crate::suitecase::X;").is_empty());
}

#[test]
fn core_modules_import_no_front_end() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    for module in CORE {
        rust_files(&src.join(module), &mut files);
    }
    assert!(files.len() >= CORE.len(), "scanned only {files:?}");
    let mut offences = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable source");
        for (number, line) in text.lines().enumerate() {
            for front in front_ends_named(line) {
                offences.push(format!("{}:{}: {front}", file.display(), number + 1));
            }
        }
    }
    assert!(
        offences.is_empty(),
        "core imports a front end:\n{}",
        offences.join("\n")
    );
}

/// The engine is protocol-free: it may use the composer as a library, but never a protocol or
/// command-line front end (its results reach them as data through `EngineListener`).
#[test]
fn the_engine_imports_no_protocol() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src.join("engine"), &mut files);
    assert!(!files.is_empty(), "src/engine/ has files");
    let mut offences = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable source");
        for (number, line) in text.lines().enumerate() {
            for front in front_ends_named(line) {
                if front != "composer" {
                    offences.push(format!("{}:{}: {front}", file.display(), number + 1));
                }
            }
        }
    }
    assert!(
        offences.is_empty(),
        "the engine imports a protocol:\n{}",
        offences.join("\n")
    );
}
