//! Where the reference data lives, for the tests and benches that check Mateproof against it.
//!
//! Reference data — the EPD suites with proven answers, Popeye's own outputs, the composer
//! thesis — is not part of the repository: it sits in `../shared/` beside the checkout (see its
//! README), or wherever the environment variable `MATEPROOF_SHARED` points, and is read there in
//! place. [`shared`] finds one file or folder of it, [`shared_text`] reads one file. When it is
//! absent, the test that asked skips: one line on stderr names the missing data and the caller
//! returns. In CI (`CI` set to anything but empty, `false` or `0`) `../shared/` is always
//! present, so absence there is a failure, never a silent pass. The `tools/` scripts follow the
//! same rule.
//!
//! The engine itself never reads reference data; this module serves the tests and benches.

use std::io::Write;
use std::path::{Path, PathBuf};

/// The environment variable that names the shared folder in place of `../shared`.
pub const SHARED_ENV: &str = "MATEPROOF_SHARED";

/// The shared folder: `$MATEPROOF_SHARED` when set and non-empty, else `../shared` beside the
/// repository this crate was built from.
pub fn shared_root() -> PathBuf {
    match std::env::var_os(SHARED_ENV) {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared"),
    }
}

/// The suites whose positions meet every kind of move and board (castling, en passant,
/// promotions, crowded boards, problem positions): the perft suite and the proven directmates
/// dm1–dm5, as paths inside the shared folder.
pub const POSITION_SUITES: [&str; 6] = [
    "suites/perftsuite.epd",
    "suites/dm1.epd",
    "suites/dm2.epd",
    "suites/dm3.epd",
    "suites/dm4.epd",
    "suites/dm5.epd",
];

/// Whether this runs in CI, where the shared folder must be present.
pub fn in_ci() -> bool {
    is_ci_value(std::env::var("CI").ok().as_deref())
}

/// Whether a value of `CI` (`None`: unset) means CI.
fn is_ci_value(value: Option<&str>) -> bool {
    value.is_some_and(|v| !matches!(v.trim(), "" | "false" | "0"))
}

/// The file or folder `relative` (e.g. `"suites/dm2.epd"`, `"popeye/features"`) inside the
/// shared folder, when it exists. When it does not, `None` after one line on stderr naming it
/// and the test that asked (written past the test harness' capture, so it shows in `cargo
/// test`); in CI a panic with that message instead.
pub fn shared(relative: &str) -> Option<PathBuf> {
    match find(&shared_root(), relative) {
        Ok(path) => Some(path),
        Err(missing) if in_ci() => panic!("{missing}; in CI it must be present"),
        Err(missing) => {
            // One write of the whole line, so parallel tests do not interleave inside it.
            let _ = std::io::stderr().write_all(format!("skipped: {missing}\n").as_bytes());
            None
        }
    }
}

/// `relative` inside `root`, or the message saying it is missing and who asked.
fn find(root: &Path, relative: &str) -> Result<PathBuf, String> {
    let path = root.join(relative);
    if path.exists() {
        return Ok(path);
    }
    let thread = std::thread::current();
    let asker = thread.name().unwrap_or("a test");
    Err(format!(
        "reference data {} is missing (../shared/ beside the repository, or ${SHARED_ENV}): {asker} needs it",
        path.display()
    ))
}

/// The text of the file `relative` of the shared folder, or `None` as in [`shared`]. A file that
/// is there but cannot be read is a failure (a panic naming it).
pub fn shared_text(relative: &str) -> Option<String> {
    let path = shared(relative)?;
    let text = std::fs::read_to_string(&path);
    Some(text.unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

#[cfg(test)]
mod tests {
    use super::*;

    // The environment is process-wide and the tests of this crate run in parallel, so these
    // tests only read it; the skip line and the CI failure are seen by running the test suite
    // with `MATEPROOF_SHARED=/nonexistent`, without and with `CI=true`.
    #[test]
    fn the_shared_root_is_beside_the_repository_unless_overridden() {
        let root = shared_root();
        match std::env::var_os(SHARED_ENV) {
            Some(dir) if !dir.is_empty() => assert_eq!(root, PathBuf::from(dir)),
            _ => assert!(root.ends_with("../shared"), "{}", root.display()),
        }
    }

    #[test]
    fn ci_means_set_and_not_false() {
        for (value, ci) in [
            (None, false),
            (Some(""), false),
            (Some("false"), false),
            (Some("0"), false),
            (Some("true"), true),
            (Some("1"), true),
        ] {
            assert_eq!(is_ci_value(value), ci, "CI={value:?}");
        }
    }

    #[test]
    fn a_missing_file_is_named_with_the_test_that_needs_it() {
        let repository = Path::new(env!("CARGO_MANIFEST_DIR"));
        assert_eq!(
            find(repository, "Cargo.toml"),
            Ok(repository.join("Cargo.toml"))
        );
        let missing = find(repository, "no/such/suite.epd").unwrap_err();
        assert!(
            missing.contains("no/such/suite.epd is missing"),
            "{missing}"
        );
        assert!(missing.contains(SHARED_ENV), "{missing}");
        // libtest names each test's thread after the test.
        let asker = std::thread::current().name().unwrap_or("a test").to_owned();
        assert!(
            missing.ends_with(&format!(": {asker} needs it")),
            "{missing}"
        );
    }
}
