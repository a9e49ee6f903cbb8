//! Runs a suite: one reader thread streams entries through a bounded channel to `threads`
//! workers (each checks one entry at a time with a single-threaded search and a table of its
//! own), and the calling thread takes the records back *in entry order* — through a
//! reordering window the reader may not run ahead of — into the summary, the JSON report, the
//! progress display and the per-position lines. Memory stays flat however long the input:
//! at most [`WINDOW`] entries are between reading and reporting.
//!
//! `fail_fast` ends the run at the first entry (in order) that is not as claimed: searches in
//! flight are stopped and their results dropped. A signal caught by [`crate::util::interrupt`]
//! or a closed output ends the run the same way, and the report is finished as `interrupted`. The runner decides nothing about an entry;
//! that is [`super::verify`]'s job.

use super::progress::{Progress, ProgressMode};
use super::record::Record;
use super::report::{ReportEnd, ReportFile, ReportHeader, ReportLimits};
use super::source::{estimate_entries, EntryStream, Shard};
use super::summary::Summary;
use super::verify::{verify, Limits};
use parking_lot::{Condvar, Mutex};
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, sync_channel, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::time::Duration;

/// How often the reporting thread looks for a caught signal while it waits for a record.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// Entries that may be read but not yet reported.
pub const WINDOW: u64 = 1024;

/// Everything a run needs.
#[derive(Clone, Debug)]
pub struct RunConfig {
    pub files: Vec<PathBuf>,
    /// Worker threads (at least one).
    pub threads: usize,
    pub limits: Limits,
    pub shard: Shard,
    pub fail_fast: bool,
    /// Print a line for every entry, not only for those not as claimed.
    pub verbose: bool,
    pub progress: ProgressMode,
    pub json: Option<PathBuf>,
    /// How the text lines write keys (the JSON report keeps SAN).
    pub notation: crate::notation::MoveStyle,
}

/// What a run produced.
#[derive(Clone, Debug)]
pub struct RunResult {
    pub summary: Summary,
    /// `fail_fast` stopped the run before the end of the input.
    pub stopped_early: bool,
    /// A signal (its number) ended the run before the end of the input.
    pub interrupted: Option<i32>,
}

/// How the stream of records ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum End {
    /// Every entry was reported.
    Finished,
    /// `fail_fast` met an entry not as claimed.
    StoppedEarly,
    /// A caught signal (its number).
    Interrupted(i32),
}

/// Why a run could not finish.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error("cannot write the report {path}: {source}")]
    Report { path: String, source: io::Error },
    #[error("cannot write the output: {0}")]
    Output(io::Error),
}

/// Runs the suite, writing per-position lines and the summary table to `out`.
pub fn run(config: &RunConfig, out: &mut dyn Write) -> Result<RunResult, RunError> {
    let report_error = |source: io::Error| RunError::Report {
        path: config
            .json
            .as_ref()
            .map(|p| p.display().to_string())
            .unwrap_or_default(),
        source,
    };
    let mut report = match &config.json {
        None => None,
        Some(path) => Some(ReportFile::create(path, &header(config)).map_err(report_error)?),
    };
    let total = estimate_in_background(config);
    let mut progress = Progress::new(config.progress, None);
    let mut summary = Summary::default();
    let mut emit = |record: &Record| -> Result<bool, RunError> {
        if let Some(total) = total.as_ref().and_then(|rx| rx.try_recv().ok()) {
            progress.set_total(total);
        }
        summary.add(record);
        if let Some(report) = report.as_mut() {
            report.record(record).map_err(report_error)?;
        }
        progress.record(record);
        if config.verbose || record.status.is_failure() {
            progress
                .print(out, &record.line(config.notation).to_string())
                .map_err(RunError::Output)?;
        }
        Ok(config.fail_fast && record.status.is_failure())
    };
    let ended = run_workers(config, &mut emit);
    progress.finish();
    let stopped_early = matches!(ended, Ok(End::StoppedEarly));
    let interrupted = match ended {
        Ok(End::Interrupted(signal)) => Some(signal),
        _ => None,
    };
    if let Some(report) = report {
        // A closed output is an interruption too: the report keeps what was reported.
        let end = ReportEnd {
            stopped_early,
            interrupted: interrupted.is_some() || matches!(ended, Err(RunError::Output(_))),
            summary: summary.json(),
        };
        report.finish(&end).map_err(report_error)?;
    }
    ended?;
    if let Some(signal) = interrupted {
        writeln!(
            out,
            "interrupted by {}: the positions reported so far are all the run checked",
            crate::util::interrupt::name(signal)
        )
        .map_err(RunError::Output)?;
    }
    if stopped_early {
        writeln!(
            out,
            "stopped at the first entry not as expected (--fail-fast)"
        )
        .map_err(RunError::Output)?;
    }
    writeln!(out).map_err(RunError::Output)?;
    summary.write_table(out).map_err(RunError::Output)?;
    Ok(RunResult {
        summary,
        stopped_early,
        interrupted,
    })
}

fn header(config: &RunConfig) -> ReportHeader {
    ReportHeader {
        files: config
            .files
            .iter()
            .map(|p| p.display().to_string())
            .collect(),
        shard: (config.shard != Shard::ALL)
            .then(|| format!("{}/{}", config.shard.first, config.shard.count)),
        limits: ReportLimits {
            time_s: config.limits.time.map(|t| t.as_secs_f64()),
            nodes: config.limits.nodes,
            hash_mb: config.limits.hash_mb,
            threads: config.threads.max(1),
        },
    }
}

/// Counts the entries of the run for the progress display on a thread of its own, so that
/// reading a long file twice does not delay the first result; `None` when nothing is shown.
fn estimate_in_background(config: &RunConfig) -> Option<Receiver<u64>> {
    if config.progress == ProgressMode::Quiet {
        return None;
    }
    let (tx, rx) = channel();
    let (files, shard) = (config.files.clone(), config.shard);
    std::thread::spawn(move || tx.send(shard_size(estimate_entries(&files), shard)));
    Some(rx)
}

/// How many of `total` entries a shard takes.
fn shard_size(total: u64, shard: Shard) -> u64 {
    if total < shard.first {
        0
    } else {
        (total - shard.first) / shard.count + 1
    }
}

/// How far the reader may run ahead of the reporting, and whether the run is over.
struct Window {
    state: Mutex<(u64, bool)>,
    moved: Condvar,
}

impl Window {
    /// Waits until entry `seq` fits in the window; false once the run is cancelled.
    fn admit(&self, seq: u64) -> bool {
        let mut state = self.state.lock();
        while seq >= state.0 + WINDOW && !state.1 {
            self.moved.wait(&mut state);
        }
        !state.1
    }

    fn reported(&self, count: u64) {
        self.state.lock().0 = count;
        self.moved.notify_all();
    }

    fn cancel(&self) {
        self.state.lock().1 = true;
        self.moved.notify_all();
    }
}

/// Runs reader and workers; hands records to `emit` in entry order until the input ends,
/// `emit` asks to stop (returns true) or a signal is caught.
fn run_workers(
    config: &RunConfig,
    emit: &mut dyn FnMut(&Record) -> Result<bool, RunError>,
) -> Result<End, RunError> {
    let threads = config.threads.max(1);
    let (entry_tx, entry_rx) = sync_channel(2 * threads);
    let entry_rx = Mutex::new(entry_rx);
    let (record_tx, record_rx) = channel::<(u64, Record)>();
    let window = Window {
        state: Mutex::new((0, false)),
        moved: Condvar::new(),
    };
    let cancelled = AtomicBool::new(false);
    let running: Vec<Mutex<Option<Arc<AtomicBool>>>> =
        (0..threads).map(|_| Mutex::new(None)).collect();
    let cancel = || {
        cancelled.store(true, Ordering::SeqCst);
        for slot in &running {
            if let Some(stop) = slot.lock().as_ref() {
                stop.store(true, Ordering::SeqCst);
            }
        }
        window.cancel();
    };

    std::thread::scope(|scope| {
        let (window, cancelled, entry_rx, running) = (&window, &cancelled, &entry_rx, &running);
        scope.spawn(move || {
            for (seq, entry) in EntryStream::new(&config.files, config.shard).enumerate() {
                let seq = seq as u64;
                if !window.admit(seq) || entry_tx.send((seq, entry)).is_err() {
                    break;
                }
            }
        });
        for slot in running {
            let record_tx = record_tx.clone();
            scope.spawn(move || loop {
                let Ok((seq, entry)) = entry_rx.lock().recv() else {
                    break;
                };
                if cancelled.load(Ordering::SeqCst) {
                    continue; // drain, so the reader is never stuck on a full channel
                }
                let stop = Arc::new(AtomicBool::new(false));
                *slot.lock() = Some(Arc::clone(&stop));
                // Checked after registering: a cancel either sees this flag or is seen here.
                if cancelled.load(Ordering::SeqCst) {
                    stop.store(true, Ordering::SeqCst);
                }
                let record = verify(&entry, &config.limits, stop);
                *slot.lock() = None;
                if record_tx.send((seq, record)).is_err() {
                    break;
                }
            });
        }
        drop(record_tx);

        let mut pending = BTreeMap::new();
        let mut next = 0u64;
        loop {
            if let Some(signal) = crate::util::interrupt::received() {
                cancel();
                return Ok(End::Interrupted(signal));
            }
            let (seq, record) = match record_rx.recv_timeout(SIGNAL_POLL) {
                Ok(received) => received,
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => break,
            };
            pending.insert(seq, record);
            while let Some(record) = pending.remove(&next) {
                next += 1;
                window.reported(next);
                match emit(&record) {
                    Ok(false) => {}
                    Ok(true) => {
                        cancel();
                        return Ok(End::StoppedEarly);
                    }
                    Err(e) => {
                        cancel();
                        return Err(e);
                    }
                }
            }
        }
        Ok(End::Finished)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shard_sizes() {
        let shard = |s: &str| s.parse::<Shard>().unwrap();
        assert_eq!(shard_size(10, Shard::ALL), 10);
        assert_eq!(shard_size(10, shard("1/3")), 4);
        assert_eq!(shard_size(10, shard("3/3")), 3);
        assert_eq!(shard_size(2, shard("3/3")), 0);
    }
}
