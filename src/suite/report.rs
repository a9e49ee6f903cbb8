//! The JSON report of a suite run (`--json FILE`), written as the run goes, one position per
//! line, and read back by `suite-merge`, which joins shard reports into the report of the
//! whole run.
//!
//! The report is written to a temporary file beside FILE (`.FILE.partial-PID`) and renamed
//! onto FILE when the run ends, so FILE only ever holds a whole report: the previous one while
//! the run goes, the new one after. FILE through symbolic links is their target; a device, a
//! FIFO or `/dev/stdout` is written into, never replaced ([`super::destination`]). A run ended
//! by a signal (SIGINT, SIGTERM, SIGHUP) or a closed output still finishes its report, with the
//! positions reported so far, `"interrupted": true` and the exit status the process ends with
//! (128 + the signal); only SIGKILL leaves the temporary file behind (and FILE untouched).
//!
//! Schema (version 1):
//!
//! ```text
//! {
//!   "format": "mateproof-suite-report", "version": 1,
//!   "files": ["dm2.epd", ...],            // as given on the command line, in order
//!   "shard": "2/8" | null,                // K/N: entries K, K+N, K+2N, ... (1-based)
//!   "shard_seed": 7,                      // only when the entries were dealt by a seeded hash
//!   "limits": {"time_s": 5.0|null, "nodes": 1000000|null, "hash_mb": 64|null, "threads": 2},
//!   "positions": [                        // in entry order
//!     {"index": 17,                       // entry number over all files (1-based)
//!      "file": "dm2.epd", "line": 17, "label": "id or Event or problem/twin"|null,
//!      "format": "epd"|"pgn"|"popeye",
//!      "fen": "<4 EPD fields>"|null,
//!      "check": "keys"|"mate"|"mated"|"lines"|"classify"|null,  // null: not searched
//!      "expected": {"stipulation": "s#2",   // only when not a directmate (#N)
//!                   "mate": 3|-3|null, "exact": true, "keys": ["Qd5+"]|null, "unique": false,
//!                   "classify": "plies 5 help_win 3"},  // EPD classify only: the claim
//!      "found": {"mate": 3|null, "keys": ["Qd5+", "Rf8"],
//!                "solutions": ["1.Rc4-b4 Kd2-c3   2.Rb4-b5 Rc2-a2 #"],  // help/series only
//!                "classify": "plies 5 help_win 3 help_loss none …"},  // classify: all six
//!      "status": "solved"|"wrong"|"unsolved"|"unsupported"|"error",
//!      "cooked": false,                   // more than one key found
//!      "verdict": "sound"|"cooked"|"short"|"missing"|"no_solution"|"unsupported"
//!                 |"out_of_time"|"error",  // what the problem is; absent for EPD bm/classify
//!      "stored": {"result": "agrees"|"differs"|"not_comparable"|"not_checked",
//!                 "note": "why"},         // YACPDB: the stored solution against the computed
//!      "notes": ["cook not listed: Rf8"],
//!      "nodes": 12345, "time_ms": 3.217}
//!   ],
//!   "stopped_early": false,               // --fail-fast ended the run at a failure
//!   "interrupted": false,                 // a signal or a closed output ended the run: the
//!                                         // positions are those reported before it
//!   "entries": 1475,                      // entries of the whole input (every shard), when
//!                                         // the input was read to its end
//!   "summary": {
//!     "by_mate": [{"mate": 3|null, "count": 513, "solved": 512, "wrong": 1, "unsolved": 0,
//!                  "unsupported": 0, "errors": 0, "median_ms": 1.2|null, "p90_ms": 9.8|null}],
//!     "total": {... the same fields, "mate": null},
//!     "verdicts": {"sound": 10, "cooked": 2, ...},   // counts of each verdict given
//!     "stored": {"agrees": 8, "differs": 1, ...},    // counts of each comparison
//!     "exit_status": 0|1|2|128+N             // 128+N: signal N ended the run (141: output closed)
//!   }
//! }
//! ```
//!
//! Keys are SAN with check marks; in help and series play `expected.keys` holds Popeye's
//! solution lines when its output was read, and `found.keys` the solutions' first moves. Times of unsearched entries are 0 and stay out of the
//! quantiles. This module writes and reads reports; it never solves.

use super::destination::ReportTarget;
use super::record::Record;
use super::source::Shard;
use super::summary::{Summary, SummaryJson};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::Path;

pub const FORMAT_NAME: &str = "mateproof-suite-report";
pub const VERSION: u32 = 1;

/// Limits of a run, as reported.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
pub struct ReportLimits {
    pub time_s: Option<f64>,
    pub nodes: Option<u64>,
    pub hash_mb: Option<usize>,
    pub threads: usize,
}

/// Everything a report says before its positions.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct ReportHeader {
    pub files: Vec<String>,
    pub shard: Option<String>,
    /// The seed of a shard dealt by hash (`--shard-seed`, `--shard auto`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard_seed: Option<u64>,
    pub limits: ReportLimits,
}

impl ReportHeader {
    /// The shard the header names (the whole suite when none).
    pub fn shard(&self) -> Result<Shard, super::source::ParseShardError> {
        match &self.shard {
            None => Ok(Shard::ALL),
            Some(text) => text.parse().map(|shard: Shard| Shard {
                seed: self.shard_seed,
                ..shard
            }),
        }
    }
}

/// A whole report as read back.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Report {
    pub format: String,
    pub version: u32,
    pub files: Vec<String>,
    pub shard: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard_seed: Option<u64>,
    pub limits: ReportLimits,
    pub positions: Vec<Record>,
    pub stopped_early: bool,
    /// Reports written before this field existed are complete runs.
    #[serde(default)]
    pub interrupted: bool,
    /// Entries of the whole input (all shards), when it was read to its end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entries: Option<u64>,
    pub summary: SummaryJson,
}

impl Report {
    pub fn header(&self) -> ReportHeader {
        ReportHeader {
            files: self.files.clone(),
            shard: self.shard.clone(),
            shard_seed: self.shard_seed,
            limits: self.limits.clone(),
        }
    }
}

/// Writes a report as the records come: header, one record per line, summary.
pub struct ReportWriter<W: Write> {
    out: W,
    first: bool,
}

impl<W: Write> ReportWriter<W> {
    pub fn begin(mut out: W, header: &ReportHeader) -> io::Result<ReportWriter<W>> {
        let seed = match header.shard_seed {
            Some(seed) => format!(",\"shard_seed\":{seed}"),
            None => String::new(),
        };
        write!(
            out,
            "{{\"format\":{},\"version\":{VERSION},\"files\":{},\"shard\":{}{seed},\"limits\":{},\"positions\":[",
            json(&FORMAT_NAME)?,
            json(&header.files)?,
            json(&header.shard)?,
            json(&header.limits)?,
        )?;
        Ok(ReportWriter { out, first: true })
    }

    pub fn record(&mut self, record: &Record) -> io::Result<()> {
        let separator = if self.first { "\n" } else { ",\n" };
        self.first = false;
        write!(self.out, "{separator}{}", json(record)?)
    }

    pub fn finish(mut self, end: &ReportEnd) -> io::Result<W> {
        let entries = match end.entries {
            Some(n) => format!(",\"entries\":{n}"),
            None => String::new(),
        };
        writeln!(
            self.out,
            "\n],\"stopped_early\":{},\"interrupted\":{}{entries},\"summary\":{}}}",
            end.stopped_early,
            end.interrupted,
            json(&end.summary)?
        )?;
        self.out.flush()?;
        Ok(self.out)
    }
}

/// What a report says after its positions.
pub struct ReportEnd {
    pub stopped_early: bool,
    pub interrupted: bool,
    /// Entries of the whole input, when it was read to its end.
    pub entries: Option<u64>,
    pub summary: SummaryJson,
}

/// A report written to a temporary file and moved onto (or copied into) its destination when
/// finished (see the module comment); dropped unfinished, it removes the temporary file.
pub struct ReportFile {
    writer: Option<ReportWriter<BufWriter<File>>>,
    target: Option<ReportTarget>,
}

impl ReportFile {
    pub fn create(path: &Path, header: &ReportHeader) -> io::Result<ReportFile> {
        let target = ReportTarget::create(path)?;
        let file = target.file()?.try_clone()?;
        let writer = ReportWriter::begin(BufWriter::new(file), header)?;
        Ok(ReportFile {
            writer: Some(writer),
            target: Some(target),
        })
    }

    pub fn record(&mut self, record: &Record) -> io::Result<()> {
        match self.writer.as_mut() {
            Some(writer) => writer.record(record),
            None => Err(io::Error::other("the report is already finished")),
        }
    }

    /// Ends the report and moves it onto its destination (or copies it into it).
    pub fn finish(mut self, end: &ReportEnd) -> io::Result<()> {
        let (Some(writer), Some(target)) = (self.writer.take(), self.target.take()) else {
            return Err(io::Error::other("the report is already finished"));
        };
        writer
            .finish(end)?
            .into_inner()
            .map_err(|e| e.into_error())?;
        target.finish()
    }
}

fn json<T: Serialize + ?Sized>(value: &T) -> io::Result<String> {
    serde_json::to_string(value).map_err(io::Error::other)
}

/// Why reports cannot be merged.
#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    #[error("{file}: {source}")]
    Read { file: String, source: io::Error },
    #[error("{file}: not a suite report: {source}")]
    Parse {
        file: String,
        source: serde_json::Error,
    },
    #[error("{file}: report format '{format}' version {version}; expected {FORMAT_NAME} version {VERSION}")]
    Version {
        file: String,
        format: String,
        version: u32,
    },
    #[error("{file}: {reason}")]
    Inconsistent { file: String, reason: String },
    #[error("shards missing: {0}")]
    MissingShards(String),
    #[error("no reports to merge")]
    Empty,
}

/// Reads one report file.
pub fn read_report(path: &std::path::Path) -> Result<Report, MergeError> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|source| MergeError::Read {
        file: file.clone(),
        source,
    })?;
    let report: Report = serde_json::from_str(&text).map_err(|source| MergeError::Parse {
        file: file.clone(),
        source,
    })?;
    if report.format != FORMAT_NAME || report.version != VERSION {
        return Err(MergeError::Version {
            file,
            format: report.format,
            version: report.version,
        });
    }
    Ok(report)
}

/// Joins the reports of the shards of one run (named by `names`, for messages) into the
/// report of the whole run: the same files, every shard `K/N` present once, each entry once;
/// positions in entry order and the summary rebuilt from them.
pub fn merge(reports: Vec<(String, Report)>) -> Result<Report, MergeError> {
    let Some((first_name, first)) = reports.first() else {
        return Err(MergeError::Empty);
    };
    let inconsistent = |file: &str, reason: String| MergeError::Inconsistent {
        file: file.to_owned(),
        reason,
    };
    let total_shards = shard_count(first_name, first)?;
    let entries = first.entries;
    let mut seen_shards = BTreeSet::new();
    let mut seen_entries = BTreeSet::new();
    let mut positions = Vec::new();
    let mut stopped_early = false;
    let mut interrupted = false;
    for (name, report) in &reports {
        if report.files != first.files {
            return Err(inconsistent(
                name,
                format!("files differ from {first_name}'s"),
            ));
        }
        if report.limits != first.limits {
            return Err(inconsistent(
                name,
                format!("limits differ from {first_name}'s"),
            ));
        }
        if shard_count(name, report)? != total_shards {
            return Err(inconsistent(
                name,
                format!("shard count differs from {first_name}'s"),
            ));
        }
        if report.shard_seed != first.shard_seed {
            return Err(inconsistent(
                name,
                format!("shard seed differs from {first_name}'s"),
            ));
        }
        if report.entries.is_some() && entries.is_some() && report.entries != entries {
            return Err(inconsistent(
                name,
                format!("it counts other entries in the input than {first_name}"),
            ));
        }
        let shard = report.shard.clone().unwrap_or_else(|| "1/1".to_owned());
        if !seen_shards.insert(shard.clone()) {
            return Err(inconsistent(name, format!("shard {shard} given twice")));
        }
        check_positions_whole(name, report)?;
        for record in &report.positions {
            if !seen_entries.insert(record.index) {
                return Err(inconsistent(
                    name,
                    format!("entry {} appears twice", record.index),
                ));
            }
        }
        positions.extend(report.positions.iter().cloned());
        stopped_early |= report.stopped_early;
        interrupted |= report.interrupted;
    }
    let missing: Vec<String> = (1..=total_shards)
        .map(|k| format!("{k}/{total_shards}"))
        .filter(|s| !seen_shards.contains(s))
        .collect();
    if !missing.is_empty() {
        return Err(MergeError::MissingShards(missing.join(", ")));
    }
    positions.sort_by_key(|r| r.index);
    // Whole shards of one run cover entries 1, 2, 3, ... without a gap (up to the input's
    // count, where the shards know it); a gap means a shard lost positions at its end (a cut
    // short shard may end anywhere).
    if !stopped_early && !interrupted {
        if let Some((at, _)) = positions
            .iter()
            .enumerate()
            .find(|(i, r)| r.index != *i as u64 + 1)
        {
            return Err(MergeError::MissingShards(format!(
                "entry {} is in no shard: a report lost positions",
                at + 1
            )));
        }
        let all = reports.iter().filter_map(|(_, r)| r.entries).max();
        if let Some(all) = all.filter(|&n| n != positions.len() as u64) {
            return Err(MergeError::MissingShards(format!(
                "the input has {all} entries, the shards report {}",
                positions.len()
            )));
        }
    }
    let summary: Summary = positions.iter().collect();
    Ok(Report {
        format: FORMAT_NAME.to_owned(),
        version: VERSION,
        files: first.files.clone(),
        shard: None,
        shard_seed: None,
        limits: first.limits.clone(),
        positions,
        stopped_early,
        interrupted,
        entries,
        summary: summary.json(),
    })
}

/// Refuses a shard report whose positions were edited away: its entries must be the shard's
/// first ones in order, with no gap, and as many as its summary counted.
fn check_positions_whole(name: &str, report: &Report) -> Result<(), MergeError> {
    let refuse = |reason: String| MergeError::Inconsistent {
        file: name.to_owned(),
        reason,
    };
    let shard = report.header().shard().map_err(|e| refuse(e.to_string()))?;
    let counted = report.summary.total.count;
    if counted != report.positions.len() as u64 {
        return Err(refuse(format!(
            "{} positions, but its summary counts {counted}: positions were removed",
            report.positions.len()
        )));
    }
    let mut expected = (1..).filter(|&i| shard.takes(i));
    for record in &report.positions {
        let next = expected.next().unwrap_or(u64::MAX);
        if record.index != next {
            return Err(refuse(format!(
                "entry {next} is missing (the next is {}): positions were removed",
                record.index
            )));
        }
    }
    // A finished shard ends where the input does.
    if let (Some(all), false) = (report.entries, report.interrupted || report.stopped_early) {
        if let Some(next) = expected.next().filter(|&next| next <= all) {
            return Err(refuse(format!(
                "entry {next} is missing: the shard ends before the input does"
            )));
        }
    }
    Ok(())
}

/// N of a report's `K/N` (1 for an unsharded report).
fn shard_count(name: &str, report: &Report) -> Result<u64, MergeError> {
    match &report.shard {
        None => Ok(1),
        Some(text) => text
            .parse::<super::source::Shard>()
            .map(|s| s.count)
            .map_err(|e| MergeError::Inconsistent {
                file: name.to_owned(),
                reason: e.to_string(),
            }),
    }
}

/// Writes a finished report in one go (the merged one).
pub fn write_report(out: impl Write, report: &Report) -> io::Result<()> {
    let mut writer = ReportWriter::begin(out, &report.header())?;
    for record in &report.positions {
        writer.record(record)?;
    }
    writer.finish(&report.end())?;
    Ok(())
}

/// Writes a finished report to `path` through the report writer ([`ReportFile`]: atomic for a
/// regular file, written into a device, FIFO or `/dev/stdout`).
pub fn save_report(path: &Path, report: &Report) -> io::Result<()> {
    let mut file = ReportFile::create(path, &report.header())?;
    for record in &report.positions {
        file.record(record)?;
    }
    file.finish(&report.end())
}

impl Report {
    fn end(&self) -> ReportEnd {
        ReportEnd {
            stopped_early: self.stopped_early,
            interrupted: self.interrupted,
            entries: self.entries,
            summary: self.summary.clone(),
        }
    }
}
