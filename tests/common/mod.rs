//! Helpers shared by the integration tests (each test file that needs them says `mod common;`).

use std::path::{Path, PathBuf};

/// Every Popeye reference pair under `testsuites/popeye`: (`X.inp`, `X.out`), sorted by path.
#[allow(dead_code)] // not every test file uses every helper
pub fn popeye_pairs() -> Vec<(PathBuf, PathBuf)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("testsuites/popeye");
    let mut out = Vec::new();
    for dir in std::fs::read_dir(&root).expect("testsuites/popeye exists") {
        let dir = dir.expect("a readable folder entry").path();
        if !dir.is_dir() {
            continue;
        }
        for f in std::fs::read_dir(&dir).expect("a readable folder") {
            let inp = f.expect("a readable file entry").path();
            let expected = inp.with_extension("out");
            if inp.extension().is_some_and(|e| e == "inp") && expected.exists() {
                out.push((inp, expected));
            }
        }
    }
    out.sort();
    out
}
