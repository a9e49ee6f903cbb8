//! Helpers shared by the integration tests (each test file that needs them says `mod common;`).

use mateproof::reference::shared;
use std::path::PathBuf;

/// The folders of the shared `popeye/` that hold orthodox directmates with Popeye's output
/// (the others, fairy pieces and other stipulations, are beyond the solver).
pub const POPEYE_DIRECTMATE_FOLDERS: [&str; 6] =
    ["chestuci", "dm", "features", "suite", "timing", "vaeth"];

/// Every Popeye reference pair of [`POPEYE_DIRECTMATE_FOLDERS`]: (`X.inp`, `X.out`), sorted by
/// path. `None` when the shared reference data is absent (the test skips).
#[allow(dead_code)] // not every test file uses every helper
pub fn popeye_pairs() -> Option<Vec<(PathBuf, PathBuf)>> {
    let mut out = Vec::new();
    for folder in POPEYE_DIRECTMATE_FOLDERS {
        let dir = shared(&format!("popeye/{folder}"))?;
        for f in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let inp = f.expect("a readable file entry").path();
            let expected = inp.with_extension("out");
            if inp.extension().is_some_and(|e| e == "inp") && expected.exists() {
                out.push((inp, expected));
            }
        }
    }
    out.sort();
    Some(out)
}
