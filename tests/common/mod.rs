//! Helpers shared by the integration tests: a test binary's `main.rs` declares `mod common;`
//! and its files say `use crate::common;`.

pub mod engine;

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

/// Runs the `mateproof` binary with `args`: its exit status (-1 when a signal ended it),
/// stdout and stderr.
#[allow(dead_code)] // not every test file uses every helper
pub fn mateproof(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mateproof"))
        .args(args)
        .output()
        .expect("mateproof runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// xorshift64*: tiny, seedable, good enough to pick moves and squares.
#[allow(dead_code)] // not every test file uses every helper
pub struct Rng(pub u64);

#[allow(dead_code)]
impl Rng {
    /// A generator from `MATEPROOF_SEED` when set (to rerun with another seed), else `default`.
    pub fn from_env(default: u64) -> (Rng, u64) {
        let seed = std::env::var("MATEPROOF_SEED")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(default);
        (Rng(seed.max(1)), seed)
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 32) as usize % n.max(1)
    }
}

/// Runs the `mateproof` binary with `args`, `input` on its standard input, and waits for it.
#[allow(dead_code)] // not every test file uses every helper
pub fn mateproof_with_input(args: &[&str], input: &str) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_mateproof"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the mateproof binary starts");
    child
        .stdin
        .take()
        .expect("piped stdin")
        .write_all(input.as_bytes())
        .expect("write the input");
    child.wait_with_output().expect("the binary ends")
}
