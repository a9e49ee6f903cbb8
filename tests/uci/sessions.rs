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

use crate::common::engine::{glob_match, Engine};
use std::path::{Path, PathBuf};
use std::time::Duration;

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
            ">" => engine.try_send(arg.as_bytes()),
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
    let status = engine.finish()?;
    if !status.success() {
        return Err(format!("the engine exited with {status} at end of input"));
    }
    Ok(checks + 1)
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
