//! The one engine test driver: a `mateproof` process spoken to over stdin/stdout, its output
//! lines read on a thread and kept, with a hang guard on every wait, and the `*` pattern the
//! error table (`uci/robust_errors.rs`) and the recorded sessions (`uci/sessions.rs`) match
//! lines with. Tests that treat a failure as the test's failure use the panicking `send` and
//! `until`; the replays that report where a file went wrong use the `Result` forms.

#![allow(dead_code)] // not every test binary uses every method

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Only a guard against a hung engine, far above anything a test needs.
pub const HANG_GUARD: Duration = Duration::from_secs(90);

/// `*` = any run of characters; the rest literal; the whole text must match.
pub fn glob_match(pattern: &str, text: &str) -> bool {
    let parts: Vec<&str> = pattern.split('*').collect();
    let Some((first, rest)) = parts.split_first() else {
        return text.is_empty();
    };
    let Some(mut remaining) = text.strip_prefix(first) else {
        return false;
    };
    let Some((last, middle)) = rest.split_last() else {
        return remaining.is_empty();
    };
    for part in middle {
        match remaining.find(part) {
            Some(i) => remaining = &remaining[i + part.len()..],
            None => return false,
        }
    }
    remaining.len() >= last.len() && remaining.ends_with(last)
}

/// An engine process (no subcommand: UCI, or Popeye by its first line) whose stdout lines
/// arrive on a channel; every line read is kept in `seen`, and a line matching one of `banned`
/// is an error when read.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    pub seen: Vec<String>,
    pub banned: Vec<String>,
}

impl Engine {
    /// `mateproof` with no subcommand: UCI, or Popeye when the first line is `BeginProblem`.
    pub fn start() -> Engine {
        Engine::start_with(&[])
    }

    /// `mateproof uci`.
    pub fn start_uci() -> Engine {
        Engine::start_with(&["uci"])
    }

    fn start_with(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_mateproof"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("cannot start the mateproof binary");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).split(b'\n') {
                let Ok(line) = line else { break };
                if tx
                    .send(String::from_utf8_lossy(&line).into_owned())
                    .is_err()
                {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines: rx,
            seen: Vec::new(),
            banned: Vec::new(),
        }
    }

    /// Sends `line` and a newline; panics if the engine no longer reads.
    pub fn send(&mut self, line: &str) {
        self.try_send(line.as_bytes())
            .unwrap_or_else(|e| panic!("{e}"));
    }

    /// Sends `bytes` and a newline (bytes: the error table sends what is not UTF-8 too).
    pub fn try_send(&mut self, bytes: &[u8]) -> Result<(), String> {
        let stdin = self.stdin.as_mut().ok_or("stdin already closed")?;
        stdin
            .write_all(bytes)
            .and_then(|_| stdin.write_all(b"\n"))
            .and_then(|_| stdin.flush())
            .map_err(|e| format!("cannot send '{}': {e}", String::from_utf8_lossy(bytes)))
    }

    /// The next output line within `deadline`, kept in `seen` and checked against `banned`.
    fn next_line_by(&mut self, deadline: Instant) -> Result<String, String> {
        let wait = deadline.saturating_duration_since(Instant::now());
        let line = match self.lines.recv_timeout(wait) {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => return Err("no output within the hang guard".into()),
            Err(RecvTimeoutError::Disconnected) => {
                return Err("the engine closed its output".into())
            }
        };
        self.seen.push(line.clone());
        if let Some(ban) = self.banned.iter().find(|b| glob_match(b, &line)) {
            return Err(format!("banned line '{line}' (matches '- {ban}')"));
        }
        Ok(line)
    }

    /// The next line must match `pattern`.
    pub fn expect_next(&mut self, pattern: &str) -> Result<(), String> {
        let line = self.next_line_by(Instant::now() + HANG_GUARD)?;
        if glob_match(pattern, &line) {
            Ok(())
        } else {
            Err(format!(
                "expected a line matching '{pattern}', got '{line}'"
            ))
        }
    }

    /// Reads lines until one matches `pattern`, within the hang guard.
    pub fn skip_to(&mut self, pattern: &str) -> Result<(), String> {
        let deadline = Instant::now() + HANG_GUARD;
        loop {
            match self.next_line_by(deadline) {
                Ok(line) if glob_match(pattern, &line) => return Ok(()),
                Ok(_) => {}
                Err(e) => return Err(format!("no line matching '{pattern}': {e}")),
            }
        }
    }

    /// The lines read by this call, up to and including the first that starts with `prefix`;
    /// panics (naming what was seen) if none comes within `guard`, a guard against a hung
    /// engine only.
    pub fn until(&mut self, prefix: &str, guard: Duration) -> Vec<String> {
        let deadline = Instant::now() + guard;
        let from = self.seen.len();
        loop {
            match self.next_line_by(deadline) {
                Ok(line) if line.starts_with(prefix) => return self.seen[from..].to_vec(),
                Ok(_) => {}
                Err(e) => panic!(
                    "no `{prefix}` within {guard:?} ({e}); seen: {:#?}",
                    &self.seen[from..]
                ),
            }
        }
    }

    /// Closes the input and waits for the exit status.
    pub fn finish(&mut self) -> Result<ExitStatus, String> {
        self.stdin = None;
        let deadline = Instant::now() + HANG_GUARD;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return Ok(status),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(5))
                }
                Ok(None) => {
                    let _ = self.child.kill();
                    return Err("the engine did not exit after its input was closed".into());
                }
                Err(e) => return Err(format!("cannot wait for the engine: {e}")),
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
