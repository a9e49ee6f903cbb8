//! The improver as a running job: [`improvements`] starts the search on its own threads and
//! returns an [`ImprovementStream`] that yields improvements as they are found (what the UCI
//! engine turns into `info string composer suggestion …` lines), honours the caller's
//! [`SearchControl`] stop flag and deadline, and stops its threads when dropped.
//! [`compose`] runs the same job to the end and returns the improvements best first.
//!
//! This module schedules and collects; it never prints.

use super::search::{
    judge_original, run, ComposeOptions, ComposeStats, Improvement, LevelReport, Original,
};
use crate::board::{fen::to_fen, Color};
use crate::problem::{Aim, Play, Problem};
use crate::solver::SearchControl;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// A problem the composer cannot work on.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ComposeError {
    #[error("the composer improves directmates (#N); {0} is not one")]
    Unsupported(crate::problem::Stipulation),
    #[error("the composer needs White to move in the diagram")]
    BlackToMove,
    #[error("mate in {0} is out of the composer's range (1 to {max})", max = MAX_MOVES)]
    Length(u32),
    /// A search thread panicked (a bug of ours): the levels it worked on are unknown, so no
    /// report claims them searched.
    #[error("internal error: a composer thread failed ({0})")]
    ThreadPanicked(String),
}

/// The longest stipulation the composer accepts: each examined position needs a full
/// soundness test, which grows steeply with the length.
pub const MAX_MOVES: u32 = 8;

/// What [`ImprovementStream::next_within`] saw.
#[derive(Debug)]
pub enum Polled {
    Found(Box<Improvement>),
    /// Nothing yet; the search is still running.
    Pending,
    /// The search is over (finished or stopped) and every improvement was handed out.
    Finished,
}

/// A running improver.
pub struct ImprovementStream {
    original: Arc<Original>,
    receiver: Receiver<Improvement>,
    stats: Arc<ComposeStats>,
    cancel: Arc<AtomicBool>,
    handle: Option<JoinHandle<Vec<LevelReport>>>,
    levels: Vec<LevelReport>,
    /// The panic message of the search thread, if it failed.
    failure: Option<String>,
}

/// Checks the problem, judges the original and starts the search.
pub fn improvements(
    problem: &Problem,
    options: ComposeOptions,
    control: SearchControl,
) -> Result<ImprovementStream, ComposeError> {
    let stip = problem.stipulation;
    if stip.play != Play::Direct || stip.aim != Aim::Mate {
        return Err(ComposeError::Unsupported(stip));
    }
    if !(1..=MAX_MOVES).contains(&stip.moves) {
        return Err(ComposeError::Length(stip.moves));
    }
    if problem.position.turn() != Color::White {
        return Err(ComposeError::BlackToMove);
    }
    let original = Arc::new(judge_original(
        &problem.position,
        stip.moves,
        &options,
        &control,
    ));
    let stats = Arc::new(ComposeStats::default());
    let cancel = Arc::new(AtomicBool::new(false));
    let (sender, receiver) = mpsc::channel();
    let handle = {
        let (original, stats, cancel) = (
            Arc::clone(&original),
            Arc::clone(&stats),
            Arc::clone(&cancel),
        );
        std::thread::spawn(move || {
            let found = |imp: Improvement| {
                // A closed receiver means nobody listens any more; the cancel flag ends the work.
                let _ = sender.send(imp);
            };
            run(&original, &options, &control, &cancel, &stats, &found)
        })
    };
    Ok(ImprovementStream {
        original,
        receiver,
        stats,
        cancel,
        handle: Some(handle),
        levels: Vec::new(),
        failure: None,
    })
}

impl ImprovementStream {
    /// The problem being improved, its verdict and the score to beat.
    pub fn original(&self) -> &Original {
        &self.original
    }

    /// Live counters of the search.
    pub fn stats(&self) -> &ComposeStats {
        &self.stats
    }

    /// The next improvement if one arrives within `timeout`.
    pub fn next_within(&mut self, timeout: Duration) -> Polled {
        match self.receiver.recv_timeout(timeout) {
            Ok(imp) => Polled::Found(Box::new(imp)),
            Err(RecvTimeoutError::Timeout) => Polled::Pending,
            Err(RecvTimeoutError::Disconnected) => {
                self.join();
                Polled::Finished
            }
        }
    }

    /// Asks the search to stop soon; improvements already found can still be read.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// Per-level reports, complete once the stream is finished.
    pub fn levels(&self) -> &[LevelReport] {
        &self.levels
    }

    /// Why the search ended without its level reports, once it has ended: a thread panicked.
    pub fn failure(&self) -> Option<ComposeError> {
        self.failure.clone().map(ComposeError::ThreadPanicked)
    }

    fn join(&mut self) {
        if let Some(handle) = self.handle.take() {
            match handle.join() {
                Ok(levels) => self.levels = levels,
                Err(payload) => {
                    self.failure = Some(crate::util::threads::panic_text(&*payload));
                }
            }
        }
    }
}

impl Iterator for ImprovementStream {
    type Item = Improvement;

    /// Blocks until the next improvement, or `None` once the search is over.
    fn next(&mut self) -> Option<Improvement> {
        match self.receiver.recv() {
            Ok(imp) => Some(imp),
            Err(_) => {
                self.join();
                None
            }
        }
    }
}

impl Drop for ImprovementStream {
    fn drop(&mut self) {
        self.cancel();
        // Drain so a worker blocked on nothing is never left behind, then wait for the threads.
        while self.receiver.try_recv().is_ok() {}
        self.join();
    }
}

/// Everything a finished (or stopped) improver run produced.
#[derive(Clone, Debug)]
pub struct ComposeReport {
    pub original: Original,
    /// Best first: higher score, then fewer transformations, then FEN.
    pub improvements: Vec<Improvement>,
    pub levels: Vec<LevelReport>,
    pub positions: u64,
    pub elapsed: Duration,
    /// False when stopped by the control before the last level was done.
    pub complete: bool,
}

/// Sorts improvements best first (deterministic whatever order the threads found them in).
pub fn rank(improvements: &mut [Improvement]) {
    improvements.sort_by_cached_key(|imp| {
        (
            std::cmp::Reverse(imp.score),
            imp.path.len(),
            to_fen(&imp.position),
        )
    });
}

/// Runs the improver to the end (or until `control` stops it).
pub fn compose(
    problem: &Problem,
    options: ComposeOptions,
    control: SearchControl,
) -> Result<ComposeReport, ComposeError> {
    let started = Instant::now();
    let mut stream = improvements(problem, options, control)?;
    let mut found: Vec<Improvement> = stream.by_ref().collect();
    if let Some(failure) = stream.failure() {
        return Err(failure);
    }
    rank(&mut found);
    let levels = stream.levels().to_vec();
    Ok(ComposeReport {
        original: stream.original().clone(),
        improvements: found,
        complete: levels.iter().all(|l| l.complete),
        levels,
        positions: stream.stats().positions.load(Ordering::Relaxed),
        elapsed: started.elapsed(),
    })
}

/// The composer's UCI lines for one problem, as the engine should print them: first
/// `info string composer score …` for the original (or `… score score=0 sound=no reason=…`
/// when it is not sound), then one `info string composer suggestion …` per improvement as the
/// search finds it. Stops with the control; see `report::uci_score_line` and
/// `report::uci_suggestion_line` for the grammar.
pub struct UciLines {
    first: Option<String>,
    stream: ImprovementStream,
}

/// Starts the improver for the UCI engine (`setoption name ComposerSuggestions value true`).
pub fn uci_lines(
    problem: &Problem,
    options: ComposeOptions,
    control: SearchControl,
) -> Result<UciLines, ComposeError> {
    let settings = options.settings.clone();
    let kmove = options.kmove;
    let stream = improvements(problem, options, control)?;
    let original = stream.original();
    let first =
        match original.verdict {
            Ok(key) if original.moves == 2 => super::report::uci_score_line(
                &super::score::evaluate(&original.position, key, &settings),
            ),
            Ok(key) => {
                let (tt, control) = (
                    crate::solver::TranspositionTable::new(16),
                    SearchControl::unlimited(),
                );
                let mut prover = crate::solver::Prover::new(&tt, &control);
                let metric = super::kmove::kmove_metric(
                    &mut prover,
                    &original.position,
                    key,
                    original.moves,
                    &kmove,
                    None,
                );
                super::report::uci_kmove_line(&metric)
            }
            Err(reason) => format!(
                "info string composer score score=0 sound=no reason={}",
                reason.to_string().replace(' ', "_")
            ),
        };
    Ok(UciLines {
        first: Some(first),
        stream,
    })
}

impl UciLines {
    /// Asks the search to stop soon (the engine's `stop`).
    pub fn cancel(&self) {
        self.stream.cancel();
    }
}

impl Iterator for UciLines {
    type Item = String;

    /// Blocks until the next line; `None` once the search is over.
    fn next(&mut self) -> Option<String> {
        if let Some(first) = self.first.take() {
            return Some(first);
        }
        match self.stream.next() {
            Some(imp) => Some(super::report::uci_suggestion_line(&imp)),
            None => {
                let failure = self.stream.failure()?;
                self.stream.failure = None; // said once
                Some(format!("info string error: composer: {failure}"))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Position, Validation};

    /// A stream whose search thread panicked: its end says so instead of passing for a search
    /// that found nothing.
    #[test]
    fn a_panicking_search_thread_is_reported() {
        let position = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", Validation::Lenient)
            .expect("legal");
        let problem = Problem::directmate(position, 1);
        let options = ComposeOptions {
            depth: 1,
            ..ComposeOptions::default()
        };
        let mut stream = improvements(&problem, options, SearchControl::unlimited()).expect("a #1");
        stream.cancel();
        let real = stream.handle.take().expect("running");
        assert!(real.join().is_ok());
        stream.handle = Some(std::thread::spawn(|| panic!("injected failure")));
        let mut lines = UciLines {
            first: None,
            stream,
        };
        let said: Vec<String> = lines.by_ref().collect();
        let last = said.last().expect("the failure is said");
        assert_eq!(
            last,
            "info string error: composer: internal error: a composer thread failed (injected failure)"
        );
        assert!(lines.stream.levels().is_empty());
    }
}
