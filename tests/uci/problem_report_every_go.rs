//! `ProblemReport` (issue 34): the full verdict comes whenever a `go` proves the position a
//! problem within its limits — whatever the thread count (`Threads 1`, as polyglot and xboard
//! send, and 2) and whatever the `go` (`movetime`, the clocks, `depth`, `mate`) — and where it
//! proves none, the listener is told so instead of hearing nothing. Driven through the engine's
//! own calls (no UCI), then once through the UCI front end as a GUI drives it.

use crate::common;

use mateproof::board::{History, Move, Position, Validation};
use mateproof::engine::{
    ComposerEvent, Engine, EngineListener, Go, MateReport, Message, PerftReport, Settings, Task,
};
use mateproof::problem::Stipulation;
use mateproof::search::{ClockState, GoLimits, Iteration, TimeBudget};
use mateproof::solution::Solution;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Mates in two and three moves, each with its shortest length and its keys (UCI): sound
/// two- and three-movers with one key, a cooked two-mover, and Black to move and mate.
const PROBLEMS: [(&str, u32, &[&str]); 6] = [
    // The composer thesis' D1.
    ("b2K4/2p5/3k4/1Q6/5P2/1B6/8/8 w - - 0 1", 2, &["b5c4"]),
    ("k7/8/8/2K5/8/8/8/7R w - - 0 1", 2, &["c5b6"]),
    // Two keys (the cooked example of protocol/uci-extensions.md).
    (
        "8/8/8/2p1R3/1p3p2/1p1k1p2/1B5p/1K2Q3 w - - 0 1",
        2,
        &["e1d1", "e1e4"],
    ),
    ("7k/8/8/5K2/8/8/8/6R1 w - - 0 1", 3, &["f5g6"]),
    ("8/7k/8/5K2/8/8/8/R7 w - - 0 1", 3, &["f5f6"]),
    (
        "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1",
        3,
        &["f8c5"],
    ),
];

/// Every event as a short description, sent down a channel as it comes.
struct Recorder {
    events: Mutex<Sender<String>>,
}

impl Recorder {
    fn push(&self, event: String) {
        let _ = self.events.lock().unwrap().send(event);
    }
}

/// Every event of one `go`, up to `bestmove` (within 60 s: a guard against a hung engine only).
fn until_bestmove(events: &Receiver<String>) -> Vec<String> {
    let mut seen = Vec::new();
    loop {
        match events.recv_timeout(Duration::from_secs(60)) {
            Ok(event) => {
                let last = event.starts_with("bestmove");
                seen.push(event);
                if last {
                    return seen;
                }
            }
            Err(_) => panic!("no best move: {seen:?}"),
        }
    }
}

impl EngineListener for Recorder {
    fn on_iteration(&self, _: &Iteration) {}
    fn on_no_legal_move(&self, mated: bool) {
        self.push(format!("no legal move mated={mated}"));
    }
    fn on_mate(&self, report: &MateReport) {
        self.push(format!("mate {}", report.found.moves));
    }
    fn on_problem_report(&self, solution: &Solution, stipulation: &Stipulation) {
        let mut keys: Vec<String> = solution.keys().map(|k| k.mv.to_string()).collect();
        keys.sort();
        self.push(format!("report {stipulation} keys {}", keys.join(",")));
    }
    fn on_composer(&self, _: &ComposerEvent) {}
    fn on_perft(&self, _: &PerftReport) {}
    fn on_message(&self, message: &Message) {
        self.push(format!("message {message}"));
    }
    fn on_bestmove(&self, best: Move, _: Option<Move>) {
        self.push(format!("bestmove {best}"));
    }
}

fn settings(threads: usize) -> Settings {
    Settings {
        hash_mb: 16,
        threads,
        tries: 0,
        problem_report: true,
        composer_suggestions: false,
        composer_top: 10,
        presentation: mateproof::solver::Presentation::NEUTRAL,
    }
}

/// The `go` forms a GUI sends, by name.
fn go_form(form: &str) -> Go {
    let mut go = Go {
        task: Task::Game,
        limits: GoLimits {
            multipv: 1,
            ..GoLimits::default()
        },
        budget: None,
        ponder: false,
        infinite: false,
    };
    match form {
        "movetime 1000" => go.budget = Some(TimeBudget::fixed(Duration::from_secs(1))),
        "wtime 20000 btime 20000" => {
            go.budget = Some(TimeBudget::from_clock(ClockState {
                remaining: Duration::from_secs(20),
                increment: Duration::ZERO,
                moves_to_go: None,
            }))
        }
        "depth 6" => go.limits.depth = Some(6),
        "depth 1" => go.limits.depth = Some(1),
        "mate 3" => go.task = Task::Mate(3),
        other => panic!("no go form {other}"),
    }
    go
}

fn engine_at(fen: &str) -> (Engine, Receiver<String>) {
    let (sender, events) = channel();
    let mut engine = Engine::new(Arc::new(Recorder {
        events: Mutex::new(sender),
    }));
    let pos = Position::from_fen(fen, Validation::Lenient).expect("a legal FEN");
    let mut history = History::new();
    history.push(&pos);
    engine.set_position(pos, history);
    (engine, events)
}

#[test]
fn every_go_form_reports_a_proved_problem_with_one_thread_or_two() {
    let forms = [
        "movetime 1000",
        "wtime 20000 btime 20000",
        "depth 6",
        "mate 3",
    ];
    for (fen, moves, keys) in PROBLEMS {
        for threads in [1, 2] {
            for form in forms {
                let (mut engine, heard) = engine_at(fen);
                engine.go(go_form(form), &settings(threads));
                let events = until_bestmove(&heard);
                let mut sorted: Vec<&str> = keys.to_vec();
                sorted.sort();
                let report = format!("report #{moves} keys {}", sorted.join(","));
                let at = events.iter().position(|e| *e == report).unwrap_or_else(|| {
                    panic!("{fen}, Threads {threads}, go {form}: no {report} in {events:?}")
                });
                // A proved mate comes first, the report after it and before the best move,
                // which is a key; nothing says the report is missing.
                let mate = events.iter().position(|e| *e == format!("mate {moves}"));
                assert!(
                    mate.is_some_and(|m| m < at),
                    "{fen}, Threads {threads}, go {form}: {events:?}"
                );
                let best = events.last().expect("events").replace("bestmove ", "");
                assert!(
                    keys.contains(&best.as_str()),
                    "{fen}, Threads {threads}, go {form}: best move {best}: {events:?}"
                );
                assert!(
                    !events.iter().any(|e| e.contains("problem report: none")),
                    "{events:?}"
                );
                for kind in ["report", "mate "] {
                    assert_eq!(
                        events.iter().filter(|e| e.starts_with(kind)).count(),
                        1,
                        "one {kind}: {events:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn a_go_that_proves_nothing_says_why_there_is_no_report() {
    // The start position: no mate to prove, whatever the thread count.
    for threads in [1, 2] {
        let (mut engine, heard) =
            engine_at("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        engine.go(go_form("depth 1"), &settings(threads));
        let events = until_bestmove(&heard);
        assert!(
            events.contains(
                &"message problem report: none, no mate was proved within the search's limits"
                    .to_owned()
            ),
            "Threads {threads}: {events:?}"
        );
        assert!(
            !events.iter().any(|e| e.starts_with("report")),
            "{events:?}"
        );
    }
    // A three-mover searched one ply deep by the game search alone: its limits prove nothing.
    let (mut engine, heard) = engine_at(PROBLEMS[3].0);
    engine.go(go_form("depth 1"), &settings(1));
    let events = until_bestmove(&heard);
    assert!(
        events
            .iter()
            .any(|e| e.starts_with("message problem report: none")),
        "{events:?}"
    );
    assert!(
        !events.iter().any(|e| e.starts_with("report")),
        "{events:?}"
    );
    // `go mate N` says it in its own words: no mate in N.
    let (mut engine, heard) = engine_at(PROBLEMS[3].0);
    engine.go(
        Go {
            task: Task::Mate(2),
            ..go_form("depth 1")
        },
        &settings(1),
    );
    let events = until_bestmove(&heard);
    assert!(
        events.contains(&"message no mate in 2".to_owned()),
        "{events:?}"
    );
}

#[test]
fn the_report_is_off_unless_asked_for() {
    let (mut engine, heard) = engine_at(PROBLEMS[0].0);
    let quiet = Settings {
        problem_report: false,
        ..settings(1)
    };
    engine.go(go_form("depth 6"), &quiet);
    let events = until_bestmove(&heard);
    assert!(
        !events
            .iter()
            .any(|e| e.starts_with("report") || e.contains("problem report")),
        "{events:?}"
    );
}

/// Through UCI as polyglot drives an engine for xboard: `Threads 1`, then `go` with clocks
/// and with a fixed time; the report's lines come before `bestmove` each time.
#[test]
fn uci_with_threads_1_reports_after_movetime_and_clock_goes() {
    let mut uci = common::engine::Engine::start_uci();
    let guard = Duration::from_secs(30);
    uci.send("uci");
    uci.until("uciok", guard);
    for line in [
        "setoption name Threads value 1",
        "setoption name ProblemReport value true",
        "isready",
    ] {
        uci.send(line);
    }
    uci.until("readyok", guard);
    for go in [
        "go wtime 20000 btime 20000",
        "go movetime 1000",
        "go depth 1",
    ] {
        uci.send(&format!("position fen {}", PROBLEMS[4].0));
        uci.send(go);
        let lines = uci.until("bestmove", guard);
        let verdict = lines
            .iter()
            .position(|l| l.starts_with("info string mp verdict stipulation=#3 keys=1"));
        let none = lines
            .iter()
            .any(|l| l.starts_with("info string problem report: none"));
        if go == "go depth 1" {
            assert!(verdict.is_none() && none, "{go}: {lines:?}");
        } else {
            assert!(verdict.is_some() && !none, "{go}: {lines:?}");
            assert!(
                lines
                    .iter()
                    .any(|l| l == "info string mp key move=f5f6 mate=3"),
                "{go}: {lines:?}"
            );
        }
        if go != "go depth 1" {
            assert_eq!(
                lines.last().and_then(|l| l.split(' ').nth(1)),
                Some("f5f6"),
                "{go}: {lines:?}"
            );
        }
    }
    uci.send("quit");
}
