//! The engine without a protocol (`mateproof::engine`): driven by calls, it hands its results
//! to a listener as data — no UCI text anywhere on the way.

use mateproof::board::{History, Move, Position, Validation};
use mateproof::engine::{
    ComposerEvent, Engine, EngineListener, Go, MateReport, Message, PerftReport, Settings, Task,
};
use mateproof::problem::Stipulation;
use mateproof::search::{GoLimits, Iteration};
use mateproof::solution::Solution;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Every event, in order, as a short description (and the data the tests look at).
#[derive(Default)]
struct Recorder {
    events: Mutex<Vec<String>>,
}

impl Recorder {
    fn push(&self, event: String) {
        self.events.lock().unwrap().push(event);
    }

    fn events(&self) -> Vec<String> {
        self.events.lock().unwrap().clone()
    }

    /// Waits (up to 60 s) for a `bestmove` event, then returns every event.
    fn until_bestmove(&self) -> Vec<String> {
        let until = Instant::now() + Duration::from_secs(60);
        while Instant::now() < until {
            let events = self.events();
            if events.iter().any(|e| e.starts_with("bestmove")) {
                return events;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        panic!("no best move: {:?}", self.events());
    }
}

impl EngineListener for Recorder {
    fn on_iteration(&self, it: &Iteration) {
        self.push(format!("iteration {}", it.depth));
    }
    fn on_no_legal_move(&self, mated: bool) {
        self.push(format!("no legal move mated={mated}"));
    }
    fn on_mate(&self, report: &MateReport) {
        let keys: Vec<String> = report.found.keys.iter().map(Move::to_string).collect();
        self.push(format!(
            "mate {} keys {}",
            report.found.moves,
            keys.join(",")
        ));
    }
    fn on_problem_report(&self, solution: &Solution, stipulation: &Stipulation) {
        let keys: Vec<String> = solution.keys().map(|k| k.mv.to_string()).collect();
        self.push(format!("report {stipulation} keys {}", keys.join(",")));
    }
    fn on_composer(&self, event: &ComposerEvent) {
        self.push(match event {
            ComposerEvent::Score(_) => "composer score".to_owned(),
            ComposerEvent::Suggestions(_) => "composer suggestions".to_owned(),
            ComposerEvent::Refused(e) => format!("composer refused {e}"),
        });
    }
    fn on_perft(&self, report: &PerftReport) {
        self.push(format!("perft {} rows {}", report.total, report.rows.len()));
    }
    fn on_message(&self, message: &Message) {
        self.push(format!("message {message}"));
    }
    fn on_bestmove(&self, best: Move, ponder: Option<Move>) {
        let ponder = ponder.map_or("-".to_owned(), |p| p.to_string());
        self.push(format!("bestmove {best} ponder {ponder}"));
    }
}

fn settings() -> Settings {
    Settings {
        hash_mb: 4,
        threads: 1,
        tries: 0,
        problem_report: false,
        composer_suggestions: false,
        composer_top: 10,
        presentation: mateproof::solver::Presentation::NEUTRAL,
    }
}

fn go(task: Task, depth: Option<u32>) -> Go {
    Go {
        task,
        limits: GoLimits {
            depth,
            multipv: 1,
            ..GoLimits::default()
        },
        budget: None,
        ponder: false,
        infinite: false,
    }
}

fn engine_at(fen: &str) -> (Engine, Arc<Recorder>) {
    let recorder = Arc::new(Recorder::default());
    let mut engine = Engine::new(recorder.clone());
    let pos = Position::from_fen(fen, Validation::Lenient).expect("a legal FEN");
    let mut history = History::new();
    history.push(&pos);
    engine.set_position(pos, history);
    (engine, recorder)
}

/// Back-rank mate in one: Ra8#.
const MATE_IN_ONE: &str = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";

#[test]
fn a_proved_mate_comes_as_data_then_the_report_then_the_best_move() {
    let (mut engine, recorder) = engine_at(MATE_IN_ONE);
    let settings = Settings {
        problem_report: true,
        ..settings()
    };
    engine.go(go(Task::Mate(2), None), &settings);
    let events = recorder.until_bestmove();
    assert_eq!(
        events,
        [
            "mate 1 keys a1a8",
            "report #1 keys a1a8",
            "bestmove a1a8 ponder -"
        ]
    );
    assert!(!engine.is_searching());
}

#[test]
fn no_mate_is_said_in_words_and_the_game_search_picks_the_move() {
    let (mut engine, recorder) = engine_at(mateproof::board::fen::STARTPOS_FEN);
    engine.go(go(Task::Mate(1), None), &settings());
    let events = recorder.until_bestmove();
    assert_eq!(events[0], "message no mate in 1", "{events:?}");
    assert!(
        events[1..].iter().any(|e| e.starts_with("iteration ")),
        "{events:?}"
    );
    assert!(
        events.last().unwrap().starts_with("bestmove "),
        "{events:?}"
    );
}

#[test]
fn a_mated_side_gets_the_null_move() {
    let (mut engine, recorder) = engine_at("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
    engine.go(go(Task::Game, Some(3)), &settings());
    assert_eq!(
        recorder.until_bestmove(),
        ["no legal move mated=true", "bestmove 0000 ponder -"]
    );
}

#[test]
fn perft_counts_come_as_rows_and_a_total_without_a_best_move() {
    let (mut engine, recorder) = engine_at(mateproof::board::fen::STARTPOS_FEN);
    engine.go(go(Task::Perft(3), None), &settings());
    let until = Instant::now() + Duration::from_secs(60);
    while engine.is_searching() && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(recorder.events(), ["perft 8902 rows 20"]);
}

#[test]
fn stop_ends_an_infinite_search_promptly() {
    let (mut engine, recorder) = engine_at(mateproof::board::fen::STARTPOS_FEN);
    let mut request = go(Task::Game, None);
    request.infinite = true;
    engine.go(request, &settings());
    std::thread::sleep(Duration::from_millis(50));
    assert!(engine.is_searching(), "an infinite search waits for stop");
    let stopped = Instant::now();
    engine.stop();
    let events = recorder.until_bestmove();
    assert!(
        stopped.elapsed() < Duration::from_secs(5),
        "stop took {:?}",
        stopped.elapsed()
    );
    assert!(
        events.last().unwrap().starts_with("bestmove "),
        "{events:?}"
    );
}
