//! The command line has one home: `clap` is named only in `src/cli/` and `src/main.rs`, so the
//! library below the command line can be used without it and every subcommand's arguments are
//! found in one folder.

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

/// Files under `src/` whose text names `clap`, relative to `src/`, with `/` separators.
fn files_naming_clap() -> Vec<String> {
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
                .contains("clap")
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
    let naming = files_naming_clap();
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
        "cli/solve.rs",
        "cli/suite.rs",
        "cli/composer.rs",
    ] {
        assert!(
            naming.iter().any(|f| f == expected),
            "{expected} names clap: {naming:?}"
        );
    }
}
