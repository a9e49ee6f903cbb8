//! Help and series play handed on line by line as the search finds them (issue 36.2): in
//! Popeye's order without sorting the whole list, `MaxSolutions` as the first lines in that
//! order, a sink that stops the search, the intelligent mode in the same order; and the front
//! ends that stream — `solve --stip` (text and JSON Lines) writes its first line while the
//! search still runs, UCI sends `mp solution` records before the summary — and refuse the
//! battle-play options that mean nothing there.
//!
//! The oracle of the order is the sort of the whole collected list (`sort_lines`), which the
//! Popeye writers used before and which `tests/help/popeye.rs` pins against Popeye's text.

use mateproof::board::{Move, Position, Validation};
use mateproof::help::{search_lines, search_lines_into, HelpOptions, Hints, LineSink, Plan};
use mateproof::kernel::SearchControl;
use mateproof::popeye::line_text::{sort_lines, LineStyle, PopeyeLineOrder};
use mateproof::solution::Line;
use std::ops::ControlFlow;
use std::process::{Command, Stdio};

use crate::common;
use crate::help_positions;
use common::{mateproof, Rng};
use help_positions::random_fen;

/// Every line of `plan` from `pos`, collected and then sorted into Popeye's order.
fn sorted(pos: &Position, plan: &Plan, style: LineStyle) -> Vec<Vec<Move>> {
    let found = search_lines(
        pos,
        plan,
        &HelpOptions::default(),
        &SearchControl::unlimited(),
    );
    let mut lines: Vec<Line> = found
        .lines
        .into_iter()
        .map(|moves| Line { moves })
        .collect();
    sort_lines(pos, &mut lines, style.last);
    lines.into_iter().map(|l| l.moves).collect()
}

/// The lines as the search hands them on in Popeye's order, and how it ended.
fn streamed(
    pos: &Position,
    plan: &Plan,
    limits: &HelpOptions,
    style: LineStyle,
) -> (Vec<Vec<Move>>, mateproof::help::Outcome) {
    let mut lines = Vec::new();
    let order = PopeyeLineOrder::of(style);
    let outcome = search_lines_into(
        pos,
        plan,
        limits,
        &SearchControl::unlimited(),
        &mut lines,
        Some(&order),
    );
    (lines, outcome)
}

/// Random positions of each kind (stipulation, Black starts, most men besides the kings),
/// each with its plan and style; `check` gets them and says whether the case was notable
/// (two lines or more). Returns the notable count per kind.
fn on_random_positions(
    seed: u64,
    kinds: &[(&str, bool, usize)],
    per_kind: usize,
    mut check: impl FnMut(&str, &Position, &Plan, LineStyle) -> bool,
) -> Vec<usize> {
    let (mut rng, seed) = Rng::from_env(seed);
    let mut notable_counts = Vec::new();
    for &(stipulation, black_starts, extra) in kinds {
        let stip = stipulation.parse().expect("a stipulation");
        let plan = Plan::of(&stip).expect("help or series play");
        let style = LineStyle::of(&stip);
        let (mut tried, mut notable) = (0, 0);
        while tried < per_kind || (notable < 3 && tried < 10 * per_kind) {
            let men = 1 + rng.below(extra);
            let Some(fen) = random_fen(&mut rng, men, black_starts) else {
                continue;
            };
            let pos = Position::from_fen(&fen, Validation::Lenient).expect("legal");
            tried += 1;
            if check(&fen, &pos, &plan, style) {
                notable += 1;
            }
        }
        // Random positions seldom hold a self-play series.
        let needed = if stipulation.starts_with("ser-s") {
            0
        } else {
            3
        };
        assert!(
            notable >= needed,
            "{stipulation}: only {notable} positions with two lines or more (seed {seed:#x})"
        );
        notable_counts.push(notable);
    }
    notable_counts
}

const KINDS: [(&str, bool, usize); 10] = [
    ("h#1", true, 6),
    ("h#1.5", false, 5),
    ("h#2", true, 5),
    ("h#2.5", false, 3),
    ("h=2", true, 4),
    ("ser-#2", false, 5),
    ("ser-#3", false, 3),
    ("ser-h#2", true, 4),
    ("ser-s#2", false, 5),
    ("ser-=3", false, 3),
];

#[test]
fn streamed_lines_come_in_popeye_order() {
    let notable = on_random_positions(0x5742_ea4d_0001, &KINDS, 60, |fen, pos, plan, style| {
        let expected = sorted(pos, plan, style);
        let (lines, outcome) = streamed(pos, plan, &HelpOptions::default(), style);
        assert_eq!(lines, expected, "{plan:?} in {fen}");
        assert!(outcome.complete && !outcome.max_lines_reached);
        assert_eq!(outcome.lines, lines.len());
        lines.len() >= 2
    });
    println!("notable positions per kind: {notable:?}");
}

#[test]
fn max_solutions_keeps_the_first_lines_in_popeye_order() {
    on_random_positions(0x5742_ea4d_0002, &KINDS, 40, |fen, pos, plan, style| {
        let expected = sorted(pos, plan, style);
        if expected.len() < 2 {
            return false;
        }
        for max in [1, 2, expected.len(), expected.len() + 1] {
            let limits = HelpOptions {
                max_lines: Some(max),
                ..HelpOptions::default()
            };
            let (lines, outcome) = streamed(pos, plan, &limits, style);
            let kept = max.min(expected.len());
            assert_eq!(
                lines,
                expected[..kept],
                "MaxSolutions {max}, {plan:?} in {fen}"
            );
            assert_eq!(outcome.max_lines_reached, max <= expected.len(), "{fen}");
            assert!(outcome.complete);
        }
        true
    });
}

/// An order that cannot tell many moves apart: by target square only.
struct ByTarget;

impl mateproof::help::LineOrder<Position> for ByTarget {
    fn rank(&self, _pos: &Position, m: Move, last: bool) -> u32 {
        // The last move in reverse, so the batches' sort does something.
        let to = m.to().index() as u32;
        if last {
            63 - to
        } else {
            to
        }
    }
}

/// Where an order ties siblings, their lines come out as a stable sort of the whole list
/// would put them (by the ranks of their later moves, then as found).
#[test]
fn siblings_an_order_ties_are_sorted_by_their_later_moves() {
    use mateproof::rules::Rules;
    on_random_positions(0x5742_ea4d_0004, &KINDS[..8], 30, |fen, pos, plan, _| {
        let found = search_lines(
            pos,
            plan,
            &HelpOptions::default(),
            &SearchControl::unlimited(),
        );
        let mut expected = found.lines.clone();
        // Shorter lines first in any order, then by ranks.
        expected.sort_by_cached_key(|line| {
            let mut at = *pos;
            let last = line.len() - 1;
            let ranks = line
                .iter()
                .enumerate()
                .map(|(i, &m)| {
                    let rank = mateproof::help::LineOrder::rank(&ByTarget, &at, m, i == last);
                    at = if m.is_null() { at.pass() } else { at.play(m) };
                    rank
                })
                .collect::<Vec<u32>>();
            (line.len(), ranks)
        });
        let mut lines = Vec::new();
        let outcome = search_lines_into(
            pos,
            plan,
            &HelpOptions::default(),
            &SearchControl::unlimited(),
            &mut lines,
            Some(&ByTarget),
        );
        assert_eq!(lines, expected, "{plan:?} in {fen}");
        assert!(outcome.complete);
        lines.len() >= 2
    });
}

/// A sink that wants only so many lines.
struct Stops {
    after: usize,
    seen: usize,
}

impl LineSink<Position> for Stops {
    fn line(&mut self, _start: &Position, _moves: &[Move]) -> ControlFlow<()> {
        self.seen += 1;
        if self.seen >= self.after {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

#[test]
fn a_sink_that_stops_ends_the_search_incomplete() {
    // h#2 with many solutions (a queen and rook against a lone king).
    let pos = Position::from_fen("8/8/8/3k4/8/8/1Q6/R3K3 b - - 0 1", Validation::Lenient).unwrap();
    let stip = "h#2".parse().unwrap();
    let plan = Plan::of(&stip).unwrap();
    let style = LineStyle::of(&stip);
    let all = sorted(&pos, &plan, style).len();
    assert!(all >= 5, "{all} lines");
    for order in [None, Some(PopeyeLineOrder::of(style))] {
        let mut sink = Stops { after: 3, seen: 0 };
        let outcome = search_lines_into(
            &pos,
            &plan,
            &HelpOptions::default(),
            &SearchControl::unlimited(),
            &mut sink,
            order
                .as_ref()
                .map(|o| o as &dyn mateproof::help::LineOrder<Position>),
        );
        assert_eq!((sink.seen, outcome.lines), (3, 2), "{order:?}");
        assert!(!outcome.complete && !outcome.max_lines_reached);
    }
}

#[test]
fn intelligent_lines_come_in_the_same_popeye_order() {
    let kinds = [("h#2", true, 5), ("h#2.5", false, 4), ("h#3", true, 3)];
    let mut answered = 0;
    on_random_positions(0x5742_ea4d_0003, &kinds, 40, |fen, pos, plan, style| {
        let expected = sorted(pos, plan, style);
        let order = PopeyeLineOrder::of(style);
        let mut lines = Vec::new();
        let limits = HelpOptions::default();
        let control = SearchControl::unlimited();
        if let Some(outcome) =
            pos.intelligent_lines_into(plan, &limits, &control, &mut lines, Some(&order))
        {
            assert_eq!(lines, expected, "Intelligent {plan:?} in {fen}");
            assert!(outcome.complete);
            answered += 1;
            // MaxSolutions under Intelligent: the first lines in Popeye's order too.
            if expected.len() >= 2 {
                let limits = HelpOptions {
                    max_lines: Some(1),
                    ..limits
                };
                let mut first = Vec::new();
                let outcome = pos
                    .intelligent_lines_into(plan, &limits, &control, &mut first, Some(&order))
                    .expect("the mode answers with MaxSolutions too");
                assert_eq!(first, expected[..1], "Intelligent MaxSolutions 1 in {fen}");
                assert!(outcome.max_lines_reached);
            }
        }
        expected.len() >= 2
    });
    assert!(answered > 30, "the mode answered {answered} positions");
}

/// The h#4 with hundreds of thousands of solutions.
const MANY_LINES: &str = "8/3Q1k1B/5p2/5R1P/1rp2K1B/1B1q4/8/7n b - - 0 1";

/// `solve --stip` writes each line as it is found: the first arrives while the search still
/// runs (it runs for minutes; the test ends it), and the output is in the form asked.
#[test]
fn solve_writes_its_first_lines_while_the_search_runs() {
    use std::io::{BufRead, BufReader};
    for json in [false, true] {
        let mut args = vec![
            "solve", "--fen", MANY_LINES, "--stip", "h#4", "--hash", "16",
        ];
        if json {
            args.push("--json");
        }
        let mut child = Command::new(env!("CARGO_BIN_EXE_mateproof"))
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("mateproof starts");
        let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
        let first: Vec<String> = (0..100)
            .map(|_| lines.next().expect("a line").expect("text"))
            .collect();
        let running = child.try_wait().expect("waitable").is_none();
        let _ = child.kill();
        let _ = child.wait();
        assert!(running, "the search ended before 100 lines were read");
        for line in &first {
            if json {
                assert!(
                    line.starts_with("{\"solution\":[\"") && line.ends_with("\"]}"),
                    "{line}"
                );
            } else {
                assert!(line.starts_with("  1.") && line.ends_with(" #"), "{line}");
            }
        }
    }
}

const H2: &str = "3K4/8/8/2RP4/8/1kN5/3p4/8 b - - 0 1";

#[test]
fn json_lines_end_with_a_summary_that_counts_them() {
    let (code, out, _) = mateproof(&["solve", "--fen", H2, "--stip", "h#2", "--json"]);
    assert_eq!(code, 0, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    let (summary, solutions) = lines.split_last().expect("output");
    assert_eq!(
        solutions,
        ["{\"solution\":[\"b3b2\",\"c5b5\",\"b2a1\",\"b5b1\"]}"]
    );
    let summary: serde_json::Value = serde_json::from_str(summary).expect("JSON");
    assert_eq!(summary["stipulation"], "h#2");
    assert_eq!(summary["count"], 1);
    assert_eq!(summary["complete"], true);
    assert_eq!(summary["max_solutions_reached"], false);
}

#[test]
fn battle_play_options_are_refused_in_help_play_by_name() {
    for option in [
        &["--tries", "1"][..],
        &["--keys-only"],
        &["--postkey"],
        &["--no-threat"],
        &["--no-short-variations"],
        &["--threat-max", "2"],
        &["--max-flights", "1"],
        &["--notation", "problemist"],
    ] {
        let mut args = vec!["solve", "--fen", H2, "--stip", "h#2"];
        args.extend_from_slice(option);
        let (code, out, err) = mateproof(&args);
        assert_eq!(code, 2, "{option:?}: {out}{err}");
        assert!(out.is_empty(), "{option:?}: {out}");
        assert!(
            err.contains(option[0]) && err.contains("does not apply to help and series play"),
            "{option:?}: {err}"
        );
    }
    let (code, _, err) = mateproof(&[
        "solve",
        "--fen",
        H2,
        "--stip",
        "h#2",
        "--max-solutions",
        "0",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--max-solutions"), "{err}");
    let (code, _, err) = mateproof(&["solve", "--fen", H2, "--mate", "2", "--max-solutions", "0"]);
    assert_eq!(code, 2, "{err}");
}

/// `--setplay` in help play writes the set play first, an empty line, then the play, as
/// Popeye does; where there is none (`ser-#`) it is refused.
#[test]
fn set_play_of_help_play_comes_first() {
    let input = "BeginProblem\nPieces White Kc5 Rh2 Black Ka7 Pb7\nStipulation h#2\n\
                 Option SetPlay\nEndProblem\n";
    let popeye = mateproof::popeye::run::run(
        input,
        &mateproof::popeye::run::RunOptions {
            regression: true,
            ..Default::default()
        },
    )
    .text;
    // After the stipulation's line: the empty line that opens the play, the set play, an
    // empty line, the play, and the empty line before "solution finished".
    let lines: Vec<&str> = popeye
        .lines()
        .skip_while(|l| !l.trim_start().starts_with("h#2"))
        .skip(2)
        .take_while(|l| !l.starts_with("solution finished"))
        .collect();
    let expected = &lines[..lines.len() - 1];
    assert!(
        expected.iter().filter(|l| l.starts_with("  1...")).count() >= 5,
        "{popeye}"
    );
    let fen = "8/kp6/8/2K5/8/8/7R/8 b - - 0 1";
    let (code, out, err) = mateproof(&["solve", "--fen", fen, "--stip", "h#2", "--setplay"]);
    assert_eq!(code, 0, "{err}");
    let got: Vec<&str> = out.lines().collect();
    assert_eq!(&got[..got.len() - 1], expected, "{popeye}");
    let (code, _, err) = mateproof(&[
        "solve",
        "--fen",
        "7k/8/6K1/8/8/8/8/R7 w - - 0 1",
        "--stip",
        "ser-#2",
        "--setplay",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--setplay") && err.contains("no set play"),
        "{err}"
    );
}

/// UCI sends each `mp solution` record as it comes, then the summary and `end`; the
/// solutions in Popeye's order, as `solve --stip` writes them.
#[test]
fn uci_sends_solution_records_before_the_summary() {
    use std::time::Duration;
    let fen = "8/8/8/3k4/8/8/1Q6/R3K3 b - - 0 1";
    let mut engine = common::engine::Engine::start_uci();
    engine.send("setoption name Stipulation value h#2");
    engine.send(&format!("position fen {fen}"));
    engine.send("go");
    let seen = engine.until("bestmove", Duration::from_secs(60));
    let records: Vec<&String> = seen
        .iter()
        .filter(|l| l.starts_with("info string mp"))
        .collect();
    let solutions: Vec<&&String> = records
        .iter()
        .take_while(|l| l.starts_with("info string mp solution "))
        .collect();
    assert!(solutions.len() >= 5, "{seen:#?}");
    let summary = records[solutions.len()];
    assert!(
        summary.starts_with(&format!(
            "info string mp solutions stipulation=h#2 count={} complete=yes",
            solutions.len()
        )),
        "{summary}"
    );
    assert_eq!(
        records[solutions.len() + 1],
        &format!("info string mp end lines={}", solutions.len() + 2)
    );
    assert_eq!(records.len(), solutions.len() + 2);
    // The same lines as the JSON of `solve`, in the same order.
    let (_, json, _) = mateproof(&["solve", "--fen", fen, "--stip", "h#2", "--json"]);
    let from_solve: Vec<String> = json
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter_map(|v| {
            let moves = v["solution"].as_array()?.iter();
            Some(
                moves
                    .filter_map(|m| m.as_str())
                    .collect::<Vec<_>>()
                    .join(","),
            )
        })
        .collect();
    let from_uci: Vec<String> = solutions
        .iter()
        .map(|l| {
            l.split_whitespace()
                .find_map(|f| f.strip_prefix("moves="))
                .expect("moves=")
                .to_owned()
        })
        .collect();
    assert_eq!(from_uci, from_solve);
    let first = from_uci[0].split(',').next().expect("a first move");
    assert_eq!(seen.last().expect("bestmove"), &format!("bestmove {first}"));
}

/// UCI hands help play's `mp solution` records to its output in batches, one write each
/// (a line-buffered standard output made a system call of every record: 14 times slower
/// than `solve`), and still as the search runs: the first records come long before
/// `bestmove`, and every record before it.
#[test]
fn uci_writes_solution_records_in_batches_while_the_search_runs() {
    use std::io::{BufReader, Read, Write};
    use std::sync::{Arc, Mutex};
    use std::time::{Duration, Instant};

    /// Each write with the time it came.
    type Timed = Vec<(Instant, Vec<u8>)>;
    /// What the engine wrote, each write on its own.
    #[derive(Clone, Default)]
    struct Writes(Arc<Mutex<Timed>>);
    impl Write for Writes {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            let mut writes = self.0.lock().map_err(|_| std::io::ErrorKind::Other)?;
            writes.push((Instant::now(), bytes.to_vec()));
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    impl Writes {
        fn text(&self) -> String {
            let writes = self.0.lock().expect("not poisoned");
            writes
                .iter()
                .map(|(_, w)| String::from_utf8_lossy(w).into_owned())
                .collect()
        }
    }
    /// The commands, then `quit` once `bestmove` is out (or after a minute).
    struct Commands {
        first: Option<Vec<u8>>,
        out: Writes,
        quit_sent: bool,
    }
    impl Read for Commands {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let bytes = match self.first.take() {
                Some(first) => first,
                None if self.quit_sent => return Ok(0),
                None => {
                    let waiting = Instant::now();
                    while !self.out.text().contains("bestmove")
                        && waiting.elapsed() < Duration::from_secs(60)
                    {
                        std::thread::sleep(Duration::from_millis(10));
                    }
                    self.quit_sent = true;
                    b"quit\n".to_vec()
                }
            };
            buf[..bytes.len()].copy_from_slice(&bytes);
            Ok(bytes.len())
        }
    }
    let out = Writes::default();
    let commands = Commands {
        first: Some(
            format!(
                "setoption name Stipulation value h#4\nposition fen {MANY_LINES}\ngo movetime 400\n"
            )
            .into_bytes(),
        ),
        out: out.clone(),
        quit_sent: false,
    };
    let sent = Instant::now();
    mateproof::uci::run(BufReader::new(commands), out.clone()).expect("reads");
    let writes = out.0.lock().expect("not poisoned").clone();
    let with_records: Vec<&(Instant, Vec<u8>)> = writes
        .iter()
        .filter(|(_, w)| String::from_utf8_lossy(w).contains("info string mp solution "))
        .collect();
    let text = out.text();
    let records = text
        .lines()
        .filter(|l| l.starts_with("info string mp solution "))
        .count();
    assert!(records >= 1000, "{records} records");
    assert!(
        with_records.len() * 20 <= records,
        "{records} records in {} writes",
        with_records.len()
    );
    // Streamed: the first batch long before the time is up, every record before `bestmove`.
    let first = with_records.first().map(|(at, _)| at.duration_since(sent));
    assert!(
        first.is_some_and(|t| t < Duration::from_millis(300)),
        "first records after {first:?}"
    );
    let bestmove = text.find("bestmove").expect("bestmove");
    assert!(text[..bestmove].matches("info string mp solution ").count() == records);
}
