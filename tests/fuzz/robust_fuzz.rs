//! Stable-Rust fuzzing: the fuzz targets of `fuzz/` fed by the seeded, structure-aware
//! generators of `fuzz/src/generate.rs` (real FENs, EPD lines, Popeye files and UCI sessions from
//! the shared reference data and this repository, damaged at random). libFuzzer needs a nightly compiler that CI does not
//! have; these tests give every target the same checks on stable.
//!
//! Under `cargo test` each target runs a fixed number of inputs from a fixed seed, so a run is
//! repeatable and short. `tools/fuzz-run --stable` runs them for minutes instead, by setting
//! `MATEPROOF_FUZZ_SECONDS` (seconds per target), optionally `MATEPROOF_FUZZ_SEED` and
//! `MATEPROOF_FUZZ_TARGET`; in that mode each input that fails is saved under
//! `testsuites/fuzz-corpus/<target>/`, where `tests/fuzz/regressions.rs` replays it for good.

use crate::common;
use crate::harness;

use harness::generate::{input, Rng, Seeds};
use mateproof::reference::shared;
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::panic::{self, catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::{Once, OnceLock};
use std::time::{Duration, Instant};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Files under `dir` (recursively) whose name ends with `suffix`, sorted.
fn files(dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.to_string_lossy().ends_with(suffix) {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

fn read(path: &Path) -> String {
    String::from_utf8_lossy(
        &std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display())),
    )
    .into_owned()
}

/// The seeds, read once: every 7th line of the mate and perft suites (shared and the
/// repository's own), every Popeye input (shared directmate folders, the repository's own
/// problems), every command of the recorded UCI sessions. Without the shared reference data the
/// repository's own seeds remain (after the skip line that says so).
fn seeds() -> &'static Seeds {
    static SEEDS: OnceLock<Seeds> = OnceLock::new();
    SEEDS.get_or_init(|| {
        let mut seeds = Seeds::default();
        seeds
            .fens
            .extend(harness::START_POSITIONS.iter().map(|s| (*s).to_owned()));
        let shared_suites = shared("suites");
        // Where the shared data is absent, its Popeye folders are not asked for: one skip line.
        let shared_present = shared_suites.is_some();
        let suites = shared_suites
            .into_iter()
            .chain([root().join("testsuites/suites-small")]);
        for dir in suites {
            for file in files(&dir, ".epd") {
                for line in read(&file).lines().step_by(7).take(400) {
                    let fields: Vec<&str> = line.split_whitespace().collect();
                    if fields.len() >= 4 {
                        seeds.fens.push(fields[..4].join(" "));
                    }
                    seeds.epd_lines.push(line.to_owned());
                }
            }
        }
        let popeye_folders = common::POPEYE_DIRECTMATE_FOLDERS
            .iter()
            .filter(|_| shared_present)
            .map_while(|folder| shared(&format!("popeye/{folder}")))
            .chain([root().join("testsuites")]);
        for dir in popeye_folders {
            seeds
                .popeye_files
                .extend(files(&dir, ".inp").iter().map(|p| read(p)));
        }
        seeds.pgn_files = files(&root().join("testsuites/suites-small"), ".pgn")
            .iter()
            .map(|p| read(p))
            .collect();
        seeds.reports = shard_reports();
        for file in files(&root().join("protocol/sessions"), ".txt") {
            for line in read(&file).lines() {
                if let Some(command) = line.strip_prefix("> ") {
                    seeds.uci_lines.push(command.to_owned());
                }
            }
        }
        assert!(
            !seeds.fens.is_empty()
                && !seeds.pgn_files.is_empty()
                && seeds.reports.len() == 2
                && !seeds.epd_lines.is_empty()
                && !seeds.popeye_files.is_empty()
                && !seeds.uci_lines.is_empty(),
            "seed files missing under testsuites/, protocol/sessions/ or the shared reference data"
        );
        seeds
    })
}

/// The JSON reports of a suite run in two shards (over the small project suite), as seeds for
/// `suite_merge`.
fn shard_reports() -> Vec<String> {
    use mateproof::suite::{limits::Limits, progress::ProgressMode, runner, source::Shard};
    (1..=2)
        .map(|first| {
            let json = std::env::temp_dir().join(format!(
                "mateproof-fuzz-seed-{}-{first}.json",
                std::process::id()
            ));
            let config = runner::RunConfig {
                files: vec![root().join("testsuites/suites-small/clean.epd")],
                threads: 1,
                limits: Limits::default(),
                shard: Shard {
                    first,
                    count: 2,
                    seed: None,
                },
                fail_fast: false,
                verbose: false,
                progress: ProgressMode::Quiet,
                json: Some(json.clone()),
                jsonl: None,
                resume: false,
                notation: Default::default(),
            };
            runner::run(&config, &mut Vec::new()).expect("the seed run");
            let text = read(&json);
            let _ = std::fs::remove_file(&json);
            text
        })
        .collect()
}

thread_local! {
    /// Where the last panic on this thread happened, for telling crashes apart.
    static LAST_PANIC: RefCell<String> = const { RefCell::new(String::new()) };
    /// Set while a fuzz input runs on this thread: its panics are recorded, not printed.
    static FUZZING: Cell<bool> = const { Cell::new(false) };
}

/// A panic hook that records the location of panics inside the fuzz loop (which reports them
/// itself) and leaves every other panic to the previous hook.
fn quiet_panics() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if FUZZING.with(Cell::get) {
                let place = info
                    .location()
                    .map(|l| format!("{}:{}", l.file(), l.line()))
                    .unwrap_or_default();
                LAST_PANIC.with(|p| *p.borrow_mut() = place);
            } else {
                previous(info);
            }
        }));
    });
}

struct Campaign {
    target: &'static str,
    seed: u64,
    /// Stop after this many inputs …
    max_inputs: u64,
    /// … or this much time, whichever comes first.
    max_time: Option<Duration>,
    /// Save failing inputs to the regression corpus.
    save: bool,
}

struct Outcome {
    executions: u64,
    /// Distinct failures: location → (message, input).
    failures: BTreeMap<String, (String, Vec<u8>)>,
}

fn fuzz(c: &Campaign) -> Outcome {
    quiet_panics();
    let run = harness::target(c.target).unwrap_or_else(|| panic!("no target {}", c.target));
    let mut rng = Rng::new(c.seed);
    let started = Instant::now();
    let mut outcome = Outcome {
        executions: 0,
        failures: BTreeMap::new(),
    };
    while outcome.executions < c.max_inputs && c.max_time.is_none_or(|t| started.elapsed() < t) {
        let data = input(c.target, seeds(), &mut rng);
        outcome.executions += 1;
        FUZZING.with(|f| f.set(true));
        let result = catch_unwind(AssertUnwindSafe(|| run(&data)));
        FUZZING.with(|f| f.set(false));
        if let Err(payload) = result {
            let message = mateproof::util::threads::panic_text(&*payload);
            let place = LAST_PANIC.with(|p| p.borrow().clone());
            outcome.failures.entry(place).or_insert((message, data));
        }
    }
    if c.save {
        let dir = root().join("testsuites/fuzz-corpus").join(c.target);
        for (i, (_, (_, data))) in outcome.failures.iter().enumerate() {
            let _ = std::fs::create_dir_all(&dir);
            let path = dir.join(format!("stable-{:x}-{i}", c.seed));
            if let Err(e) = std::fs::write(&path, data) {
                eprintln!("cannot save {}: {e}", path.display());
            }
        }
    }
    outcome
}

/// Runs one target as configured by the environment (see the module comment).
fn campaign(target: &'static str, default_inputs: u64) {
    let seconds: Option<u64> = std::env::var("MATEPROOF_FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok());
    let only = std::env::var("MATEPROOF_FUZZ_TARGET").ok();
    if seconds.is_some() && only.as_deref().is_some_and(|t| t != target) {
        return;
    }
    let seed = std::env::var("MATEPROOF_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x6d61_7465 ^ target.len() as u64);
    let c = match seconds {
        Some(s) => Campaign {
            target,
            seed,
            max_inputs: u64::MAX,
            max_time: Some(Duration::from_secs(s)),
            save: true,
        },
        None => Campaign {
            target,
            seed,
            max_inputs: default_inputs,
            max_time: None,
            save: false,
        },
    };
    let outcome = fuzz(&c);
    // tools/fuzz-run reads this line (run with --nocapture).
    println!(
        "fuzz {target}: {} executions, {} distinct failures, seed {}",
        outcome.executions,
        outcome.failures.len(),
        c.seed
    );
    let report: Vec<String> = outcome
        .failures
        .iter()
        .map(|(place, (message, data))| {
            format!(
                "at {place}: {message}\n  input: {:?}",
                String::from_utf8_lossy(data)
            )
        })
        .collect();
    assert!(
        report.is_empty(),
        "{target}: {} distinct failures:\n{}",
        report.len(),
        report.join("\n")
    );
}

#[test]
fn fen_epd() {
    campaign("fen_epd", 3000);
}

#[test]
fn moves() {
    campaign("moves", 2000);
}

#[test]
fn uci_line() {
    campaign("uci_line", 3000);
}

#[test]
fn popeye_input() {
    campaign("popeye_input", 120);
}

#[test]
fn make_unmake() {
    campaign("make_unmake", 400);
}

#[test]
fn suite_epd() {
    campaign("suite_epd", 60);
}

#[test]
fn suite_pgn() {
    campaign("suite_pgn", 40);
}

#[test]
fn suite_merge() {
    campaign("suite_merge", 300);
}

/// The generators really produce hostile input: not all of it is accepted, not all refused.
#[test]
fn generated_inputs_are_mixed() {
    let mut rng = Rng::new(7);
    let (mut read, mut refused) = (0, 0);
    for _ in 0..300 {
        let data = input("fen_epd", seeds(), &mut rng);
        match mateproof::formats::Epd::parse(&String::from_utf8_lossy(&data)) {
            Ok(_) => read += 1,
            Err(_) => refused += 1,
        }
    }
    assert!(read > 10 && refused > 10, "{read} read, {refused} refused");
}
