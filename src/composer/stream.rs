//! The improver as a running job: [`improvements`] starts the search on its own threads and
//! returns an [`ImprovementStream`] that yields improvements as they are found (what the engine
//! hands to its listener as [`Suggestions`]), honours the caller's
//! [`SearchControl`] stop flag and deadline, and stops its threads when dropped.
//! [`compose`] runs the same job to the end and returns the improvements best first.
//!
//! This module schedules and collects; it never prints.

use super::breakdown::QualityScore;
use super::kmove::KMoveScore;
use super::search::{
    judge_original, run, ComposeOptions, ComposeStats, Improvement, LevelReport, Original,
};
use crate::board::{fen::to_fen, Color};
use crate::kernel::SearchControl;
use crate::problem::{Goal, PlayKind, Problem, Stipulation};
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
    // The composer improves directmates the solver solves (not `exact-`: its soundness is
    // "within N"); `#0` is a directmate of a length out of range, and said so below.
    let direct_mate = stip.play == PlayKind::Direct && stip.goal == Goal::Mate && !stip.is_exact();
    if !direct_mate || (!stip.is_supported() && stip != Stipulation::direct_mate(0)) {
        return Err(ComposeError::Unsupported(stip));
    }
    if !(1..=MAX_MOVES).contains(&stip.moves()) {
        return Err(ComposeError::Length(stip.moves()));
    }
    if problem.position.turn() != Color::White {
        return Err(ComposeError::BlackToMove);
    }
    let original = Arc::new(judge_original(
        &problem.position,
        stip.moves(),
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

/// How many improvements `compose` prints and the UCI option `ComposerTop` sends by default.
pub const DEFAULT_TOP: usize = 10;

/// The original problem as the composer judged it, before any improvement: its quality score
/// (two-movers), its k-move metric (longer problems), or why it is not sound.
#[derive(Clone, Debug)]
pub enum OriginalScore {
    Quality(QualityScore),
    KMove(KMoveScore),
    /// Not sound (the words say why): nothing is searched or suggested.
    Unsound(String),
}

/// What the improver found in time for a sound original.
#[derive(Clone, Debug)]
pub enum Suggestions {
    /// The best improvements, best first (at least one).
    Best(Vec<Improvement>),
    /// None, and why.
    None(String),
    /// A composer thread failed (a bug of ours): no verdict on the improvements.
    Failed(String),
}

/// The composer working for the engine (`ComposerSuggestions`): first [`SuggestionRun::score`],
/// the original's verdict, known at once; then [`SuggestionRun::best`], the best few
/// improvements found in time, or why there are none. Data only: the UCI text is
/// `crate::uci`'s.
pub struct SuggestionRun {
    score: OriginalScore,
    /// `None` when the original is not sound: there is nothing to improve on.
    stream: Option<ImprovementStream>,
    depth: u32,
}

/// Judges the original and starts the improver for the engine.
pub fn suggestions(
    problem: &Problem,
    options: ComposeOptions,
    control: SearchControl,
) -> Result<SuggestionRun, ComposeError> {
    let settings = options.settings.clone();
    let (kmove, depth) = (options.kmove, options.depth);
    let stream = improvements(problem, options, control)?;
    let original = stream.original();
    let score = match original.verdict {
        Ok(key) if original.moves == 2 => {
            OriginalScore::Quality(super::score::evaluate(&original.position, key, &settings))
        }
        Ok(key) => {
            let (tt, control) = (
                crate::solver::TranspositionTable::new(16),
                SearchControl::unlimited(),
            );
            let mut prover = crate::solver::Prover::new(&tt, &control);
            OriginalScore::KMove(super::kmove::kmove_metric(
                &mut prover,
                &original.position,
                key,
                original.moves,
                &kmove,
                None,
            ))
        }
        Err(ref reason) => OriginalScore::Unsound(reason.to_string()),
    };
    // Against an unsound original any sound problem "improves" it: thousands of meaningless
    // edits. A GUI gets the one line saying why instead.
    let stream = original.verdict.is_ok().then_some(stream);
    Ok(SuggestionRun {
        score,
        stream,
        depth,
    })
}

impl SuggestionRun {
    /// The original's score (or why it is not sound), known before any improvement.
    pub fn score(&self) -> &OriginalScore {
        &self.score
    }

    /// Waits until the improver finishes, the control stops it, or `deadline` passes (then it
    /// is cancelled), and returns the best `top` improvements, best first, or why there are
    /// none. `None` for an unsound original: its score said why.
    pub fn best(self, top: usize, deadline: Option<Instant>) -> Option<Suggestions> {
        let mut stream = self.stream?;
        let mut found = Vec::new();
        let mut timed_out = false;
        loop {
            let wait = deadline.map_or(Duration::from_millis(100), |d| {
                d.saturating_duration_since(Instant::now())
                    .min(Duration::from_millis(100))
            });
            match stream.next_within(wait) {
                Polled::Found(imp) => found.push(*imp),
                Polled::Finished => break,
                Polled::Pending => {}
            }
            if deadline.is_some_and(|d| Instant::now() >= d) {
                timed_out = true;
                stream.cancel();
                break;
            }
        }
        // Improvements that arrived while cancelling are as good as the others.
        while let Polled::Found(imp) = stream.next_within(Duration::ZERO) {
            found.push(*imp);
        }
        let complete = !timed_out && stream.levels().iter().all(|l| l.complete);
        if let Some(failure) = stream.failure() {
            // A bug of ours: what was found is no verdict on the rest, so say that instead.
            return Some(Suggestions::Failed(failure.to_string()));
        }
        drop(stream);
        if found.is_empty() {
            let why = if complete {
                format!("no higher score within {} transformations", self.depth)
            } else {
                "stopped before an improvement was found".to_owned()
            };
            return Some(Suggestions::None(why));
        }
        rank(&mut found);
        found.truncate(top.max(1));
        Some(Suggestions::Best(found))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Position, Validation};

    /// A run whose search thread panicked: it says so instead of passing for a search that
    /// found nothing.
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
        let run = SuggestionRun {
            score: OriginalScore::Unsound(String::new()),
            stream: Some(stream),
            depth: 1,
        };
        match run.best(10, None) {
            Some(Suggestions::Failed(why)) => assert_eq!(
                why,
                "internal error: a composer thread failed (injected failure)"
            ),
            other => panic!("the failure is not said: {other:?}"),
        }
    }
}
