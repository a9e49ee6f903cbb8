//! Two homes, checked by scanning `src/`: the command line's (`clap` is named only in `src/cli/`
//! and `src/main.rs`, so every subcommand's arguments are found in one folder and the library
//! below can be used without it) and the UCI protocol's (UCI lines are written only in
//! `src/uci/`; the engine in `src/engine/` hands out data).

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src/ is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// Files under `src/` whose text contains one of `needles`, relative to `src/`, with `/`
/// separators.
fn files_containing(needles: &[&str]) -> Vec<String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    assert!(
        files.len() > 50,
        "src/ has its modules ({} files)",
        files.len()
    );
    let mut naming: Vec<String> = files
        .iter()
        .filter(|path| {
            std::fs::read_to_string(path)
                .expect("a source file is UTF-8")
                .lines()
                .any(|line| needles.iter().any(|n| line.contains(n)))
        })
        .map(|path| {
            let rel = path.strip_prefix(&src).expect("under src/");
            rel.components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/")
        })
        .collect();
    naming.sort();
    naming
}

#[test]
fn clap_is_used_only_in_cli_and_main() {
    let naming = files_containing(&["clap"]);
    let outside: Vec<&String> = naming
        .iter()
        .filter(|f| !f.starts_with("cli/") && f.as_str() != "main.rs")
        .collect();
    assert!(
        outside.is_empty(),
        "clap outside src/cli/ and src/main.rs: {outside:?}"
    );
    // The scan sees the command line where it lives (else it could pass by seeing nothing).
    for expected in [
        "main.rs",
        "cli/mod.rs",
        "cli/solve_args.rs",
        "cli/suite.rs",
        "cli/composer.rs",
    ] {
        assert!(
            naming.iter().any(|f| f == expected),
            "{expected} names clap: {naming:?}"
        );
    }
}

#[test]
fn uci_lines_are_written_only_in_uci() {
    // String literals that start a UCI line the engine sends.
    let writing = files_containing(&["\"info ", "\"bestmove", "\"readyok", "\"uciok"]);
    let outside: Vec<&String> = writing.iter().filter(|f| !f.starts_with("uci/")).collect();
    assert!(outside.is_empty(), "UCI text outside src/uci/: {outside:?}");
    for expected in [
        "uci/info.rs",
        "uci/composer.rs",
        "uci/listener.rs",
        "uci/session.rs",
    ] {
        assert!(
            writing.iter().any(|f| f == expected),
            "{expected} writes UCI lines: {writing:?}"
        );
    }
}
