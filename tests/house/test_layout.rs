//! The integration tests are one binary per theme (`tests/<theme>/main.rs`), so the library and
//! its generics are compiled once per theme. Two ways that layout silently decays: a new file
//! dropped directly under `tests/` (a binary of its own again), and a file put in a theme's
//! folder without its `mod` line in `main.rs` (never compiled, never run).

use std::path::Path;

fn tests_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests")
}

fn names(dir: &Path) -> Vec<String> {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let mut names: Vec<String> = entries
        .map(|e| {
            e.expect("directory entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}

#[test]
fn no_test_file_stands_alone_under_tests() {
    let loose: Vec<String> = names(&tests_dir())
        .into_iter()
        .filter(|n| n.ends_with(".rs"))
        .collect();
    assert!(
        loose.is_empty(),
        "{loose:?} would each be a test binary of its own: move them into a theme's folder \
         and name them in its main.rs"
    );
}

#[test]
fn every_file_of_a_theme_is_a_module_of_its_main() {
    let mut themes = 0;
    for theme in names(&tests_dir()) {
        let folder = tests_dir().join(&theme);
        let Ok(main) = std::fs::read_to_string(folder.join("main.rs")) else {
            continue; // a helper module (common/, …) or a data folder
        };
        themes += 1;
        for file in names(&folder) {
            let Some(module) = file.strip_suffix(".rs").filter(|m| *m != "main") else {
                continue;
            };
            assert!(
                main.lines().any(|l| l.trim() == format!("mod {module};")),
                "tests/{theme}/{file} is not named in tests/{theme}/main.rs: it never runs"
            );
        }
    }
    assert!(
        themes >= 10,
        "only {themes} theme folders with a main.rs under tests/"
    );
}
