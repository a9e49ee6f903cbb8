//! Walks the table of `protocol/errors.md`: every row (a kind of bad input, where it is given,
//! the input itself, what Mateproof says and what it does next) is run against the built binary.
//! The table is parsed here, so page and program cannot drift apart: change a message and this
//! test names the row that no longer holds. The reading rules are the page's own ("How to read
//! the table").

use crate::common::engine::{glob_match, Engine, HANG_GUARD};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// Only a guard against a hung process, far above what any row needs (nothing here is timed).
/// Set before every `position unchanged` row; `d` must still show it afterwards.
const BEFORE: &str = "position startpos moves e2e4";
const BEFORE_FEN: &str = "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
/// What the good problem or position at the end of a `goes on` input produces.
const POPEYE_GOOD: &str = "   1.Rb1-b8 # !";
const SUITE_GOOD: &str = "solved *";

#[derive(Debug)]
struct Row {
    line: usize,
    place: String,
    what: String,
    input: Vec<u8>,
    says: String,
    then: String,
}

fn page() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("protocol/errors.md")
}

/// The rows of the table whose header starts with `| Where |`.
fn rows() -> Vec<Row> {
    let text = std::fs::read_to_string(page()).expect("protocol/errors.md is in the repository");
    let mut rows = Vec::new();
    let mut in_table = false;
    for (i, line) in text.lines().enumerate() {
        if line.starts_with("| Where |") {
            in_table = true;
            continue;
        }
        if !in_table || line.starts_with("|---") {
            continue;
        }
        if !line.starts_with('|') {
            if !rows.is_empty() {
                break;
            }
            continue;
        }
        let cells: Vec<&str> = line
            .trim()
            .trim_matches('|')
            .split(" | ")
            .map(str::trim)
            .collect();
        let [place, what, input, says, then] = cells[..] else {
            panic!(
                "errors.md:{}: a row needs 5 cells, found {}: {line}",
                i + 1,
                cells.len()
            );
        };
        rows.push(Row {
            line: i + 1,
            place: place.to_owned(),
            what: what.to_owned(),
            input: unescape(code(input, i + 1)),
            says: code(says, i + 1).to_owned(),
            then: then.to_owned(),
        });
    }
    rows
}

/// The text inside a cell's backticks.
fn code(cell: &str, line: usize) -> &str {
    cell.strip_prefix('`')
        .and_then(|c| c.strip_suffix('`'))
        .unwrap_or_else(|| panic!("errors.md:{line}: expected `code` in cell '{cell}'"))
}

/// `\n`, `\t`, `\\`, `\xNN` and `{{c*N}}`, as the page says.
fn unescape(text: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if let Some(after) = rest.strip_prefix("{{") {
            let (inner, tail) = after.split_once("}}").expect("{{c*N}} is closed");
            let (unit, count) = inner.rsplit_once('*').expect("{{c*N}} has a count");
            let count: usize = count.parse().expect("{{c*N}}: N is a number");
            out.extend(unit.repeat(count).into_bytes());
            rest = tail;
        } else if let Some(after) = rest.strip_prefix('\\') {
            match after.chars().next() {
                Some('n') => out.push(b'\n'),
                Some('t') => out.push(b'\t'),
                Some('\\') => out.push(b'\\'),
                Some('x') => {
                    let hex = after.get(1..3).expect("\\xNN has two digits");
                    out.push(u8::from_str_radix(hex, 16).expect("\\xNN is hexadecimal"));
                    rest = &after[3..];
                    continue;
                }
                other => panic!("unknown escape \\{other:?}"),
            }
            rest = &after[1..];
        } else {
            let mut buf = [0u8; 4];
            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// Command-line words: split at spaces, `"…"` keeps spaces.
fn words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in text.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            ' ' if !quoted => {
                if any {
                    out.push(std::mem::take(&mut word));
                    any = false;
                }
            }
            _ => {
                word.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(word);
    }
    out
}

struct Ran {
    stdout: Vec<String>,
    stderr: Vec<String>,
    status: ExitStatus,
}

fn lines(bytes: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(bytes)
        .lines()
        .map(str::to_owned)
        .collect()
}

/// Reads a child's stream to its end on a thread of its own, so a child that writes more than a
/// pipe holds is never stuck waiting for the test.
fn drain(stream: Option<impl std::io::Read + Send + 'static>) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(mut stream) = stream {
            let _ = stream.read_to_end(&mut bytes);
        }
        bytes
    })
}

/// Runs `mateproof ARGS` to completion (with the hang guard).
fn run(args: &[String]) -> Ran {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mateproof"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cannot start the mateproof binary");
    let (stdout, stderr) = (drain(child.stdout.take()), drain(child.stderr.take()));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("waitable") {
            break status;
        }
        if started.elapsed() > HANG_GUARD {
            let _ = child.kill();
            panic!("mateproof {args:?} hung");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    Ran {
        stdout: lines(&stdout.join().expect("stdout reader")),
        stderr: lines(&stderr.join().expect("stderr reader")),
        status,
    }
}

/// A file holding `input`, named for the row and with the extension its front end expects.
fn input_file(row: &Row, extension: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mateproof-robust-errors-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary folder");
    let path = dir.join(format!("row{}.{extension}", row.line));
    std::fs::write(&path, &row.input).expect("temporary file");
    path
}

/// Checks a whole-process row (`popeye`, `suite.*`, `cli`); returns why it fails, if it does.
fn check_process(row: &Row) -> Result<(), String> {
    let mut args: Vec<String> = match row.place.as_str() {
        "popeye" => vec![
            "popeye".into(),
            "-regression".into(),
            input_file(row, "inp").display().to_string(),
        ],
        "suite.epd" | "suite.pgn" => {
            let ext = &row.place["suite.".len()..];
            ["suite", "-q", "-v", "--threads", "1"]
                .iter()
                .map(|s| (*s).to_owned())
                .chain([input_file(row, ext).display().to_string()])
                .collect()
        }
        "cli" => words(&String::from_utf8_lossy(&row.input)),
        other => return Err(format!("unknown place '{other}'")),
    };
    if args.is_empty() {
        args.push(String::new());
    }
    let ran = run(&args);
    let (stream, pattern, name) = if let Some(p) = row.says.strip_prefix("out: ") {
        (&ran.stdout, p, "stdout")
    } else if let Some(p) = row.says.strip_prefix("err: ") {
        (&ran.stderr, p, "stderr")
    } else {
        return Err(format!(
            "'Mateproof says' must start with out: or err:, found '{}'",
            row.says
        ));
    };
    let Some(said_at) = stream.iter().position(|l| glob_match(pattern, l)) else {
        return Err(format!(
            "no {name} line matches '{pattern}'\nstdout:\n{}\nstderr:\n{}",
            ran.stdout.join("\n"),
            ran.stderr.join("\n")
        ));
    };
    if let Some(code) = row.then.strip_prefix("exit ") {
        let code: i32 = code
            .parse()
            .map_err(|_| format!("bad Then '{}'", row.then))?;
        if ran.status.code() != Some(code) {
            return Err(format!(
                "exit status {:?}, expected {code}",
                ran.status.code()
            ));
        }
    } else if row.then == "goes on" {
        let good = if row.place == "popeye" {
            POPEYE_GOOD
        } else {
            SUITE_GOOD
        };
        let later = &ran.stdout[if name == "stdout" { said_at } else { 0 }..];
        if !later.iter().any(|l| glob_match(good, l)) {
            return Err(format!(
                "the good entry after the bad one was not solved ('{good}' missing)\n{}",
                ran.stdout.join("\n")
            ));
        }
    } else {
        return Err(format!("unknown Then '{}' for {}", row.then, row.place));
    }
    Ok(())
}

/// Checks a `uci` row.
fn check_uci(row: &Row) -> Result<(), String> {
    let mut engine = Engine::start();
    let unchanged = row.then == "position unchanged";
    if unchanged {
        engine.try_send(BEFORE.as_bytes())?;
    }
    engine.try_send(&row.input)?;
    if unchanged {
        engine.try_send(b"d")?;
    }
    engine.try_send(b"isready")?;
    engine
        .skip_to("readyok")
        .map_err(|e| format!("{e}\n{}", engine.seen.join("\n")))?;
    if !engine.seen.iter().any(|l| glob_match(&row.says, l)) {
        return Err(format!(
            "no line matches '{}'; the engine said:\n{}",
            row.says,
            engine.seen.join("\n")
        ));
    }
    let errors = engine
        .seen
        .iter()
        .filter(|l| l.starts_with("info string error: "))
        .count();
    if errors > 1 {
        return Err(format!(
            "{errors} error lines for one bad line:\n{}",
            engine.seen.join("\n")
        ));
    }
    if unchanged && !engine.seen.iter().any(|l| l == BEFORE_FEN) {
        return Err(format!(
            "the position changed: 'd' did not show '{BEFORE_FEN}'\n{}",
            engine.seen.join("\n")
        ));
    }
    if row.then != "keeps serving" && !unchanged {
        return Err(format!("unknown Then '{}' for uci", row.then));
    }
    let status = engine.finish()?;
    if status.code() != Some(0) {
        return Err(format!("exit status {status} at end of input, expected 0"));
    }
    Ok(())
}

#[test]
fn every_row_of_the_error_table_holds() {
    let rows = rows();
    assert!(
        rows.len() >= 40,
        "the table in protocol/errors.md has only {} rows: was it parsed?",
        rows.len()
    );
    let failures: Vec<String> = rows
        .iter()
        .filter_map(|row| {
            let result = if row.place == "uci" {
                check_uci(row)
            } else {
                check_process(row)
            };
            result.err().map(|why| {
                format!(
                    "errors.md:{} ({} — {}): {why}",
                    row.line, row.place, row.what
                )
            })
        })
        .collect();
    let _ = std::fs::remove_dir_all(
        std::env::temp_dir().join(format!("mateproof-robust-errors-{}", std::process::id())),
    );
    assert!(
        failures.is_empty(),
        "{} of {} rows fail:\n\n{}",
        failures.len(),
        rows.len(),
        failures.join("\n\n")
    );
}

#[test]
fn every_front_end_has_rows() {
    let rows = rows();
    for place in ["uci", "popeye", "suite.epd", "suite.pgn", "cli"] {
        assert!(rows.iter().any(|r| r.place == place), "no row for {place}");
    }
    for then in [
        "keeps serving",
        "position unchanged",
        "goes on",
        "exit 1",
        "exit 2",
    ] {
        assert!(
            rows.iter().any(|r| r.then == then),
            "no row with Then '{then}'"
        );
    }
}

#[test]
fn the_reading_rules_work() {
    assert_eq!(unescape(r"a\nb\x41{{x*3}}\\"), b"a\nbAxxx\\");
    assert!(glob_match("info * '*'", "info string 'x'"));
    assert!(!glob_match("abc", "abcd"));
    assert_eq!(
        words(r#"solve --fen "8/8 w" --mate 2"#),
        ["solve", "--fen", "8/8 w", "--mate", "2"]
    );
}
