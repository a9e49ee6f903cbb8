//! Runs a suite: one reader thread streams entries through a bounded channel to `threads`
//! workers (each checks one entry at a time with a single-threaded search and a table of its
//! own), and the calling thread takes the records back *in entry order* — through a
//! reordering window the reader may not run ahead of — into the summary, the JSON report, the
//! progress display and the per-position lines. Memory stays flat however long the input:
//! at most [`WINDOW`] entries are between reading and reporting.
//!
//! `fail_fast` ends the run at the first entry (in order) that is not as claimed: searches in
//! flight are stopped and their results dropped. A signal caught by [`crate::util::interrupt`]
//! or a closed output ends the run the same way, and the report is finished as `interrupted`.
//!
//! Records go, in order, to the JSON report (`--json`, written whole at the end) and to the
//! JSON Lines file (`--jsonl`, a line as each entry is reported: [`super::jsonl`]). A resumed
//! run (`--resume`) first reads the lines file: its records are the first entries of the shard,
//! they go to the summary, the report and the printed lines as if just found, and the run takes
//! up from the next entry, appending. So an interrupted and resumed run ends with the summary
//! of an uninterrupted one (times aside). The runner decides nothing about an entry; that is
//! [`super::verify`]'s job.

use super::jsonl::{read_lines_with, EndLine, LinesError, LinesWriter};
use super::limits::Limits;
use super::progress::{Progress, ProgressMode};
use super::record::Record;
use super::report::{ReportEnd, ReportFile, ReportHeader, ReportLimits};
use super::source::{estimate_entries, EntryStream, Shard};
use super::summary::Summary;
use super::verify::verify;
use parking_lot::{Condvar, Mutex};
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
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
    /// Stream one JSON line per entry to this file as each is reported.
    pub jsonl: Option<PathBuf>,
    /// `jsonl` holds an earlier run's lines: take them as done and append the rest.
    pub resume: bool,
    /// How the text lines write keys (the JSON report keeps SAN).
    pub notation: crate::notation::MoveStyle,
}

impl Default for RunConfig {
    fn default() -> RunConfig {
        RunConfig {
            files: Vec::new(),
            threads: 1,
            limits: Limits::default(),
            shard: Shard::ALL,
            fail_fast: false,
            verbose: false,
            progress: ProgressMode::Quiet,
            json: None,
            jsonl: None,
            resume: false,
            notation: crate::notation::MoveStyle::default(),
        }
    }
}

/// What a run produced.
#[derive(Clone, Debug)]
pub struct RunResult {
    pub summary: Summary,
    /// `fail_fast` stopped the run before the end of the input.
    pub stopped_early: bool,
    /// A signal (its number) ended the run before the end of the input.
    pub interrupted: Option<i32>,
    /// Entries taken as done from the lines file of an earlier run (`--resume`).
    pub resumed: u64,
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
    #[error("--resume {path}: {why}")]
    Resume { path: String, why: String },
}

/// Runs the suite, writing per-position lines and the summary table to `out`.
pub fn run(config: &RunConfig, out: &mut dyn Write) -> Result<RunResult, RunError> {
    let report_error = |path: &Option<PathBuf>| {
        let path = path
            .as_ref()
            .map(|p| p.display().to_string())
            .unwrap_or_default();
        move |source: io::Error| RunError::Report {
            path: path.clone(),
            source,
        }
    };
    let header = header(config);
    // An earlier run's lines: checked, then read again as they are fed (flat memory).
    let resumed = match (&config.jsonl, config.resume) {
        (Some(path), true) => earlier_lines(path, &header)?,
        _ => None,
    };
    let mut report = match &config.json {
        None => None,
        Some(path) => Some(ReportFile::create(path, &header).map_err(report_error(&config.json))?),
    };
    let mut lines = match (&config.jsonl, &resumed) {
        (None, _) => None,
        (Some(path), Some(earlier)) => {
            Some(LinesWriter::append(path, earlier.keep).map_err(report_error(&config.jsonl))?)
        }
        (Some(path), None) => {
            Some(LinesWriter::create(path, &header).map_err(report_error(&config.jsonl))?)
        }
    };
    let total = estimate_in_background(config);
    let mut progress = Progress::new(config.progress, None);
    let mut summary = Summary::default();
    let mut emit = |record: &Record, fresh: bool| -> Result<bool, RunError> {
        if let Some(total) = total.as_ref().and_then(|rx| rx.try_recv().ok()) {
            progress.set_total(total);
        }
        summary.add(record);
        if let Some(report) = report.as_mut() {
            report.record(record).map_err(report_error(&config.json))?;
        }
        if let (Some(lines), true) = (lines.as_mut(), fresh) {
            lines.record(record).map_err(report_error(&config.jsonl))?;
        }
        progress.record(record);
        if config.verbose || record.status.is_failure() {
            progress
                .print(out, &record.line(config.notation).to_string())
                .map_err(RunError::Output)?;
        }
        Ok(config.fail_fast && record.status.is_failure())
    };
    let mut skip_through = 0;
    let mut ended = Ok(End::Finished);
    if let (Some(earlier), Some(path)) = (&resumed, &config.jsonl) {
        skip_through = earlier.last;
        let mut failed = None;
        let read = read_lines_with(path, false, &mut |record| {
            if failed.is_none() && record.index <= earlier.last {
                match emit(record, false) {
                    Ok(false) => {}
                    Ok(true) => failed = Some(Ok(End::StoppedEarly)),
                    Err(e) => failed = Some(Err(e)),
                }
            }
        });
        read.map_err(|e| resume_error(path, e))?;
        if let Some(stop) = failed {
            ended = stop;
        }
    }
    let entries = AtomicU64::new(0);
    if matches!(ended, Ok(End::Finished)) {
        ended = run_workers(config, skip_through, &entries, &mut emit);
    }
    progress.finish();
    let stopped_early = matches!(ended, Ok(End::StoppedEarly));
    let interrupted = match ended {
        Ok(End::Interrupted(signal)) => Some(signal),
        _ => None,
    };
    // A closed output is an interruption too: the reports keep what was reported.
    let closed = matches!(ended, Err(RunError::Output(_)));
    let mut summary_json = summary.json();
    if let Some(signal) = interrupted {
        summary_json.exit_status = 128u8.saturating_add(u8::try_from(signal).unwrap_or(127));
    } else if closed {
        summary_json.exit_status = super::summary::EXIT_OUTPUT_CLOSED;
    }
    let entries = match entries.load(Ordering::SeqCst) {
        0 => None,
        n => Some(n - 1),
    };
    if let Some(lines) = lines {
        let end = EndLine {
            interrupted: interrupted.is_some() || closed,
            stopped_early,
            entries,
            exit_status: summary_json.exit_status,
        };
        lines.finish(end).map_err(report_error(&config.jsonl))?;
    }
    if let Some(report) = report {
        let end = ReportEnd {
            stopped_early,
            interrupted: interrupted.is_some() || closed,
            entries,
            summary: summary_json,
        };
        report.finish(&end).map_err(report_error(&config.json))?;
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
        resumed: resumed.map_or(0, |r| r.count),
    })
}

/// What a resumed run takes from its lines file.
struct Earlier {
    /// Bytes of the file that stay (header and whole records; not a torn line, not the end).
    keep: u64,
    /// The last entry done (0 for none), and how many were.
    last: u64,
    count: u64,
}

/// Reads the lines of an earlier run, if `path` holds any: they must come from the same run
/// (files, shard, limits) and be the first entries of the shard.
fn earlier_lines(path: &Path, header: &ReportHeader) -> Result<Option<Earlier>, RunError> {
    let fresh = match std::fs::metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => true,
        Ok(meta) => meta.is_file() && meta.len() == 0,
        Err(e) => return Err(resume_error(path, LinesError::Io(e))),
    };
    if fresh {
        return Ok(None);
    }
    let shard = header.shard().unwrap_or(Shard::ALL);
    let mut expected = (1..).filter(|&i| shard.takes(i));
    let mut last = 0;
    let mut count = 0;
    let mut order = Ok(());
    let read = read_lines_with(path, false, &mut |record| {
        let next = expected.next().unwrap_or(u64::MAX);
        if record.index != next && order.is_ok() {
            order = Err(format!(
                "its line for entry {} stands where entry {next} of the shard should be",
                record.index
            ));
        }
        last = record.index;
        count += 1;
    })
    .map_err(|e| resume_error(path, e))?;
    order.map_err(|why| RunError::Resume {
        path: path.display().to_string(),
        why,
    })?;
    if read.header != *header {
        let what = if read.header.files != header.files {
            "input files"
        } else if read.header.shard != header.shard || read.header.shard_seed != header.shard_seed {
            "shard"
        } else {
            "limits"
        };
        return Err(RunError::Resume {
            path: path.display().to_string(),
            why: format!("its lines come from a run with other {what}"),
        });
    }
    Ok(Some(Earlier {
        keep: read.whole_bytes,
        last,
        count,
    }))
}

fn resume_error(path: &Path, error: LinesError) -> RunError {
    RunError::Resume {
        path: path.display().to_string(),
        why: error.to_string(),
    }
}

fn header(config: &RunConfig) -> ReportHeader {
    ReportHeader {
        files: config
            .files
            .iter()
            .map(|p| p.display().to_string())
            .collect(),
        shard: (config.shard != Shard::ALL).then(|| config.shard.name()),
        shard_seed: config.shard.seed,
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
/// `emit` asks to stop (returns true) or a signal is caught. Entries up to `skip_through` are
/// done already (numbered, not checked). When the input is read to its end, `entries` is one
/// more than the entries it holds.
fn run_workers(
    config: &RunConfig,
    skip_through: u64,
    entries: &AtomicU64,
    emit: &mut dyn FnMut(&Record, bool) -> Result<bool, RunError>,
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
            let mut stream = EntryStream::new(&config.files, config.shard).skipping(skip_through);
            let mut seq = 0u64;
            while let Some(entry) = stream.next_entry() {
                if !window.admit(seq) || entry_tx.send((seq, entry)).is_err() {
                    return;
                }
                seq += 1;
            }
            entries.store(stream.next_index(), Ordering::SeqCst);
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
                match emit(&record, true) {
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
