//! The streamed report of a suite run (`--jsonl FILE`): JSON Lines, one object a line, each
//! written with one write and no buffer as soon as its entry is reported, so a run killed at
//! any moment — SIGTERM, SIGKILL, a node that dies — leaves a file whose every line is whole
//! (a write the kill cut short leaves at most a torn last line, which the reader drops).
//!
//! ```text
//! {"format":"mateproof-suite-lines","version":1,"files":[...],"shard":"2/8","limits":{...}}
//! {"index":2,"file":"big.olv","line":14,...}          one record per entry (see super::report)
//! {"index":10,...}
//! {"end":{"interrupted":false,"stopped_early":false,"entries":100000,"exit_status":0}}
//! ```
//!
//! The first line is the run's header (as the JSON report's); records follow in entry order;
//! the last line, written when the run ends (also at a signal), says how. A file without it
//! was killed. `--resume FILE` reads such a file back: the records it holds are the first
//! entries of its shard (entries are reported in order), so the resumed run takes them as
//! done, drops a torn line and the end line, and appends the rest. `suite-merge` reads these
//! files as it reads JSON reports ([`read_lines`] makes a [`Report`] of one). This module
//! writes and reads the lines; it never solves.

use super::destination::Destination;
use super::record::Record;
use super::report::{MergeError, Report, ReportHeader, FORMAT_NAME, VERSION};
use super::summary::Summary;
use serde::{Deserialize, Serialize};
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::Path;

/// The format name of the header line.
pub const LINES_FORMAT: &str = "mateproof-suite-lines";

/// The first line.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
struct HeaderLine {
    format: String,
    version: u32,
    #[serde(flatten)]
    header: ReportHeader,
}

/// How a run ended, the last line.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct EndLine {
    pub interrupted: bool,
    pub stopped_early: bool,
    /// Entries of the whole input (all shards), when it was read to its end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entries: Option<u64>,
    pub exit_status: u8,
}

#[derive(Serialize, Deserialize)]
struct EndWrapper {
    end: EndLine,
}

/// A lines file being written.
pub struct LinesWriter {
    file: File,
}

impl LinesWriter {
    /// Starts `path` afresh with the header (a regular file is emptied first).
    pub fn create(path: &Path, header: &ReportHeader) -> io::Result<LinesWriter> {
        let file = Destination::of(path)?.append(true)?;
        let mut writer = LinesWriter { file };
        writer.line(&HeaderLine {
            format: LINES_FORMAT.to_owned(),
            version: VERSION,
            header: header.clone(),
        })?;
        Ok(writer)
    }

    /// Appends to `path` after its `keep` first bytes (what [`Resumed`] found whole).
    pub fn append(path: &Path, keep: u64) -> io::Result<LinesWriter> {
        let file = Destination::of(path)?.append(false)?;
        file.set_len(keep)?;
        Ok(LinesWriter { file })
    }

    pub fn record(&mut self, record: &Record) -> io::Result<()> {
        self.line(record)
    }

    pub fn finish(mut self, end: EndLine) -> io::Result<()> {
        self.line(&EndWrapper { end })?;
        self.file.sync_data().or(Ok(()))
    }

    /// One line, in one write.
    fn line<T: Serialize>(&mut self, value: &T) -> io::Result<()> {
        let mut text = serde_json::to_string(value).map_err(io::Error::other)?;
        text.push('\n');
        self.file.write_all(text.as_bytes())
    }
}

/// A lines file read back whole: its header, records, and end (none when the run was killed).
#[derive(Clone, Debug)]
pub struct LinesFile {
    pub header: ReportHeader,
    pub records: Vec<Record>,
    pub end: Option<EndLine>,
    /// Bytes of the header and records (what a resumed run keeps).
    pub whole_bytes: u64,
    /// A last line cut short by a kill was dropped.
    pub torn: bool,
}

/// Why a lines file cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum LinesError {
    #[error("{0}")]
    Io(#[from] io::Error),
    #[error("line {line}: {why}")]
    Line { line: usize, why: String },
    #[error("not a suite lines file (its first line is no {LINES_FORMAT} header)")]
    NoHeader,
}

/// True when the file begins with a lines header (else it may be a JSON report).
pub fn is_lines_file(path: &Path) -> io::Result<bool> {
    let mut head = String::new();
    BufReader::new(File::open(path)?)
        .take(64 * 1024)
        .read_line(&mut head)?;
    Ok(serde_json::from_str::<HeaderLine>(head.trim_end()).is_ok_and(|h| h.format == LINES_FORMAT))
}

/// Reads a lines file, calling `each` with every record in order (the records are not kept
/// when `keep` is false: a resumed run of any length reads in flat memory).
pub fn read_lines_with(
    path: &Path,
    keep: bool,
    each: &mut dyn FnMut(&Record),
) -> Result<LinesFile, LinesError> {
    let mut reader = BufReader::new(File::open(path)?);
    let mut header = None;
    let mut records = Vec::new();
    let mut end = None;
    let mut whole_bytes = 0u64;
    let mut torn = false;
    let mut raw = Vec::new();
    let mut number = 0;
    loop {
        raw.clear();
        let read = reader.read_until(b'\n', &mut raw)?;
        if read == 0 {
            break;
        }
        number += 1;
        if raw.last() != Some(&b'\n') {
            // The last line, cut short by a kill: dropped (a resumed run redoes its entry).
            torn = true;
            break;
        }
        let text = String::from_utf8_lossy(&raw);
        let text = text.trim_end();
        let bad = |why: String| LinesError::Line { line: number, why };
        if end.is_some() {
            if text.is_empty() {
                continue;
            }
            return Err(bad("a line after the end line".to_owned()));
        }
        if header.is_none() {
            let line: HeaderLine = serde_json::from_str(text).map_err(|_| LinesError::NoHeader)?;
            if line.format != LINES_FORMAT || line.version != VERSION {
                return Err(LinesError::NoHeader);
            }
            header = Some(line.header);
            whole_bytes += read as u64;
            continue;
        }
        if let Ok(wrapper) = serde_json::from_str::<EndWrapper>(text) {
            end = Some(wrapper.end);
            continue;
        }
        let record: Record = serde_json::from_str(text).map_err(|e| bad(e.to_string()))?;
        each(&record);
        if keep {
            records.push(record);
        }
        whole_bytes += read as u64;
    }
    Ok(LinesFile {
        header: header.ok_or(LinesError::NoHeader)?,
        records,
        end,
        whole_bytes,
        torn,
    })
}

/// A lines file as a report, for `suite-merge`: without its end line it is interrupted (killed).
pub fn read_lines(path: &Path) -> Result<Report, MergeError> {
    let file = path.display().to_string();
    let lines = read_lines_with(path, true, &mut |_| {}).map_err(|e| MergeError::Inconsistent {
        file: file.clone(),
        reason: e.to_string(),
    })?;
    let summary: Summary = lines.records.iter().collect();
    let header = lines.header;
    let (interrupted, stopped_early, entries) = match &lines.end {
        Some(end) => (end.interrupted, end.stopped_early, end.entries),
        None => (true, false, None),
    };
    Ok(Report {
        format: FORMAT_NAME.to_owned(),
        version: VERSION,
        files: header.files,
        shard: header.shard,
        shard_seed: header.shard_seed,
        limits: header.limits,
        positions: lines.records,
        stopped_early,
        interrupted,
        entries,
        summary: summary.json(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::suite::report::ReportLimits;

    fn record(index: u64) -> Record {
        Record {
            index,
            file: "f.olv".into(),
            line: 1,
            label: None,
            format: crate::suite::format::Format::Yacpdb,
            fen: None,
            check: None,
            expected: Default::default(),
            found: Default::default(),
            status: crate::suite::record::Status::Error,
            cooked: false,
            verdict: Some(crate::suite::record::Verdict::Error),
            stored: None,
            notes: vec!["x".into()],
            nodes: 0,
            time_ms: 0.0,
        }
    }

    #[test]
    fn a_torn_last_line_is_dropped_and_the_end_line_read() {
        let dir = std::env::temp_dir().join(format!("mateproof-jsonl-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("run.jsonl");
        let header = ReportHeader {
            files: vec!["f.olv".into()],
            shard: Some("1/2".into()),
            shard_seed: Some(3),
            limits: ReportLimits::default(),
        };
        let mut writer = LinesWriter::create(&path, &header).unwrap();
        writer.record(&record(1)).unwrap();
        writer.record(&record(3)).unwrap();
        drop(writer);
        // A kill in the middle of a write.
        let mut file = std::fs::OpenOptions::new()
            .append(true)
            .open(&path)
            .unwrap();
        file.write_all(b"{\"index\":5,\"fi").unwrap();
        let read = read_lines_with(&path, true, &mut |_| {}).unwrap();
        assert_eq!(read.records.len(), 2);
        assert!(read.torn && read.end.is_none());
        assert_eq!(read.header, header);
        // Resumed: the torn line goes, the rest is appended, the end closes it.
        let mut writer = LinesWriter::append(&path, read.whole_bytes).unwrap();
        writer.record(&record(5)).unwrap();
        writer
            .finish(EndLine {
                interrupted: false,
                stopped_early: false,
                entries: Some(5),
                exit_status: 2,
            })
            .unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text
            .lines()
            .all(|l| serde_json::from_str::<serde_json::Value>(l).is_ok()));
        let report = read_lines(&path).unwrap();
        assert_eq!(report.positions.len(), 3);
        assert_eq!((report.interrupted, report.entries), (false, Some(5)));
        assert!(is_lines_file(&path).unwrap());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
