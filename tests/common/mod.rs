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

/// A `mateproof` process spoken to over UCI: lines sent, lines read with a hang guard.
#[allow(dead_code)] // not every test file uses every helper
pub struct Uci {
    child: std::process::Child,
    stdin: Option<std::process::ChildStdin>,
    lines: std::sync::mpsc::Receiver<String>,
}

#[allow(dead_code)]
impl Uci {
    pub fn start() -> Uci {
        use std::io::BufRead;
        use std::process::{Command, Stdio};
        let mut child = Command::new(env!("CARGO_BIN_EXE_mateproof"))
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the mateproof binary starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stdout)
                .lines()
                .map_while(Result::ok)
            {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Uci {
            child,
            stdin,
            lines,
        }
    }

    pub fn send(&mut self, line: &str) {
        use std::io::Write;
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").expect("the engine reads its input");
        stdin.flush().expect("flush");
    }

    /// Every line up to and including the first that starts with `prefix`; panics (naming what
    /// was seen) if none comes within `guard`, which only guards against a hung engine.
    pub fn until(&mut self, prefix: &str, guard: std::time::Duration) -> Vec<String> {
        let until = std::time::Instant::now() + guard;
        let mut seen = Vec::new();
        loop {
            let left = until.saturating_duration_since(std::time::Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = line.starts_with(prefix);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(_) => panic!("no `{prefix}` within {guard:?}; seen: {seen:#?}"),
            }
        }
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        drop(self.stdin.take());
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
