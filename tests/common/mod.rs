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

/// Every partition of n (parts non-increasing), largest first part first: the diagrams of the
/// impartial-chess tests.
#[allow(dead_code)] // not every test file uses every helper
pub fn partitions(n: u64) -> Vec<Vec<u64>> {
    fn extend(rest: u64, max: u64, prefix: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
        if rest == 0 {
            out.push(prefix.clone());
            return;
        }
        for part in (1..=rest.min(max)).rev() {
            prefix.push(part);
            extend(rest - part, part, prefix, out);
            prefix.pop();
        }
    }
    let mut out = Vec::new();
    extend(n, n, &mut Vec::new(), &mut out);
    out
}
