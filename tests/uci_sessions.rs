//! Replays the recorded UCI sessions in `protocol/sessions/*.txt` against the built binary and
//! checks the engine's answers. The format is documented in `protocol/sessions/README.md`:
//!
//! - `> text` sends a line to the engine;
//! - `! glob` the next output line must match;
//! - `~ glob` skips output lines until one matches;
//! - `- glob` forbids lines matching the glob from now on (`-` alone lifts every ban);
//! - `. ms` pauses before the next command (pacing only; nothing is timed);
//! - `# …` and blank lines are comments.
//!
//! In globs `*` matches any run of characters; everything else is literal. After the last
//! directive the engine's input is closed, and it must exit with status 0.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Only a guard against a hung engine, far above anything a session needs.
const HANG_GUARD: Duration = Duration::from_secs(60);

/// `*` = any run of characters; the rest literal.
fn glob_match(pattern: &str, text: &str) -> bool {
    let parts: Vec<&str> = pattern.split('*').collect();
    let (first, rest) = match parts.split_first() {
        Some(split) => split,
        None => return text.is_empty(),
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

struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    seen: Vec<String>,
    banned: Vec<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_mateproof"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("cannot start the mateproof binary");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
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

    fn send(&mut self, text: &str) -> Result<(), String> {
        let stdin = self.stdin.as_mut().ok_or("stdin already closed")?;
        writeln!(stdin, "{text}")
            .and_then(|_| stdin.flush())
            .map_err(|e| format!("cannot send '{text}': {e}"))
    }

    /// The next output line, checked against the banned patterns.
    fn next_line(&mut self) -> Result<String, String> {
        let line = match self.lines.recv_timeout(HANG_GUARD) {
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

    fn expect_next(&mut self, pattern: &str) -> Result<(), String> {
        let line = self.next_line()?;
        if glob_match(pattern, &line) {
            Ok(())
        } else {
            Err(format!(
                "expected a line matching '{pattern}', got '{line}'"
            ))
        }
    }

    fn skip_to(&mut self, pattern: &str) -> Result<(), String> {
        let until = Instant::now() + HANG_GUARD;
        while Instant::now() < until {
            if glob_match(pattern, &self.next_line()?) {
                return Ok(());
            }
        }
        Err(format!(
            "no line matching '{pattern}' within the hang guard"
        ))
    }

    /// Closes the input and waits for a clean exit.
    fn finish(&mut self) -> Result<(), String> {
        self.stdin = None;
        let until = Instant::now() + HANG_GUARD;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) if status.success() => return Ok(()),
                Ok(Some(status)) => return Err(format!("engine exited with {status}")),
                Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(5)),
                Ok(None) => {
                    let _ = self.child.kill();
                    return Err("engine did not exit after its input was closed".into());
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

/// Runs one session file; on failure, says where and shows the latest output.
fn replay(path: &Path) -> Result<usize, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read: {e}"))?;
    let mut engine = Engine::start();
    let mut checks = 0;
    for (number, raw) in text.lines().enumerate() {
        let line = raw.trim_end();
        let (directive, arg) = line.split_at(line.len().min(1));
        let arg = arg.strip_prefix(' ').unwrap_or(arg);
        let result = match directive {
            "" | "#" => Ok(()),
            ">" => engine.send(arg),
            "!" => engine.expect_next(arg).map(|_| checks += 1),
            "~" => engine.skip_to(arg).map(|_| checks += 1),
            "-" if arg.is_empty() => {
                engine.banned.clear();
                Ok(())
            }
            "-" => {
                engine.banned.push(arg.to_owned());
                Ok(())
            }
            "." => arg
                .parse()
                .map(|ms| std::thread::sleep(Duration::from_millis(ms)))
                .map_err(|_| format!("bad pause '{arg}'")),
            _ => Err(format!("unknown directive '{directive}'")),
        };
        if let Err(why) = result {
            let tail = engine
                .seen
                .iter()
                .rev()
                .take(12)
                .rev()
                .cloned()
                .collect::<Vec<_>>()
                .join("\n    ");
            return Err(format!(
                "line {}: `{line}`: {why}\n  last output:\n    {tail}",
                number + 1
            ));
        }
    }
    engine.finish()?;
    Ok(checks + 1)
}

fn session_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("protocol/sessions");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    files
}

#[test]
fn glob_matching() {
    assert!(glob_match("bestmove *", "bestmove e2e4 ponder e7e5"));
    assert!(glob_match(
        "info * score mate 2 * pv a1a6*",
        "info depth 3 score mate 2 nodes 5 pv a1a6 b7a6"
    ));
    assert!(glob_match("readyok", "readyok"));
    assert!(!glob_match("readyok", "readyok "));
    assert!(!glob_match("info * mate 2 *", "info depth 3 score cp 2 x"));
    assert!(glob_match("*", ""));
    assert!(!glob_match("a*b*c", "acb"));
    assert!(glob_match("a*b*c", "abbc"));
}

#[test]
fn recorded_sessions_replay() {
    let files = session_files();
    assert!(
        files.len() >= 8,
        "expected the recorded sessions in protocol/sessions, found {}",
        files.len()
    );
    // Sessions are independent processes: run them side by side.
    let results: Vec<(PathBuf, Result<usize, String>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = files
            .iter()
            .map(|f| (f.clone(), scope.spawn(|| replay(f))))
            .collect();
        handles
            .into_iter()
            .map(|(f, h)| {
                (
                    f,
                    h.join()
                        .unwrap_or_else(|_| Err("the replay panicked".into())),
                )
            })
            .collect()
    });
    let mut failures = Vec::new();
    for (file, result) in &results {
        let name = file
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        match result {
            Ok(checks) => eprintln!("{name}: {checks} checks passed"),
            Err(why) => failures.push(format!("{name}: {why}")),
        }
    }
    assert!(
        failures.is_empty(),
        "{} session(s) failed:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}
