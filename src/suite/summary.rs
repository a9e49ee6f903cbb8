//! The summary of a run: per claimed mate length, how many entries, how they came out, and the
//! median and 90th percentile of the search time; totals; how many entries got each verdict
//! (sound, cooked, short …) and each comparison with a stored solution; the exit status. Built record by
//! record, so a run of any length keeps only counters: times go into a fixed log-scale
//! histogram (1 % wide buckets), whose quantiles are within half a percent of the exact ones.
//!
//! A summary depends only on the records fed to it, never on their order, so `suite-merge`
//! rebuilds from shard reports exactly the summary the whole run prints. This module never
//! solves or reads input.

use super::record::{Record, Status, Verdict};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io::{self, Write};

/// Exit status: every entry came out as claimed.
pub const EXIT_OK: u8 = 0;
/// Exit status: some entry is wrong, unsolved in the limit, or unsupported.
pub const EXIT_FAILURES: u8 = 1;
/// Exit status: some input could not be read.
pub const EXIT_INPUT: u8 = 2;
/// Exit status when the output was closed by its reader: 128 + SIGPIPE, as a program the
/// signal ended.
pub const EXIT_OUTPUT_CLOSED: u8 = 141;

/// Times below this many microseconds get one bucket each.
const EXACT_US: u64 = 128;
/// Growth factor of the buckets above [`EXACT_US`].
const STEP: f64 = 1.01;
/// Enough buckets for more than a day in microseconds.
const BUCKETS: usize = EXACT_US as usize + 2_200;

/// Search times on a log scale: a fixed array of counters, however many are added.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TimeHistogram {
    counts: Vec<u64>,
    total: u64,
}

impl Default for TimeHistogram {
    fn default() -> Self {
        TimeHistogram {
            counts: vec![0; BUCKETS],
            total: 0,
        }
    }
}

impl TimeHistogram {
    fn bucket(us: u64) -> usize {
        if us < EXACT_US {
            return us as usize;
        }
        let steps = ((us as f64 / EXACT_US as f64).ln() / STEP.ln()).floor();
        (EXACT_US as usize + steps as usize).min(BUCKETS - 1)
    }

    /// The middle of a bucket (geometric, so within half a step of any time in it).
    fn value(bucket: usize) -> f64 {
        if bucket < EXACT_US as usize {
            return bucket as f64;
        }
        EXACT_US as f64 * STEP.powf((bucket - EXACT_US as usize) as f64 + 0.5)
    }

    pub fn add(&mut self, us: u64) {
        if let Some(count) = self.counts.get_mut(Self::bucket(us)) {
            *count += 1;
            self.total += 1;
        }
    }

    pub fn len(&self) -> u64 {
        self.total
    }

    pub fn is_empty(&self) -> bool {
        self.total == 0
    }

    /// The nearest-rank `q`-quantile in microseconds (`q` in 0..=1), `None` when empty.
    ///
    /// ```
    /// use mateproof::suite::summary::TimeHistogram;
    /// let mut h = TimeHistogram::default();
    /// for us in [5, 1_000, 2_000_000] { h.add(us); }
    /// assert_eq!(h.quantile_us(0.5).map(|t| (t / 10.0).round()), Some(100.0));
    /// assert_eq!(h.quantile_us(0.0), Some(5.0));
    /// ```
    pub fn quantile_us(&self, q: f64) -> Option<f64> {
        if self.total == 0 {
            return None;
        }
        let rank = ((q.clamp(0.0, 1.0) * self.total as f64).ceil() as u64).max(1);
        let mut seen = 0;
        for (bucket, &count) in self.counts.iter().enumerate() {
            seen += count;
            if seen >= rank {
                return Some(Self::value(bucket));
            }
        }
        None
    }
}

/// Counts of one row of the table.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Row {
    pub count: u64,
    pub solved: u64,
    pub wrong: u64,
    pub unsolved: u64,
    pub unsupported: u64,
    pub errors: u64,
    /// Times of the entries that were searched.
    pub times: TimeHistogram,
}

impl Row {
    fn add(&mut self, record: &Record) {
        self.count += 1;
        match record.status {
            Status::Solved => self.solved += 1,
            Status::Wrong => self.wrong += 1,
            Status::Unsolved => self.unsolved += 1,
            Status::Unsupported => self.unsupported += 1,
            Status::Error => self.errors += 1,
        }
        if record.check.is_some() {
            self.times.add(record.time_us());
        }
    }

    fn json(&self, mate: Option<i32>) -> RowJson {
        RowJson {
            mate,
            count: self.count,
            solved: self.solved,
            wrong: self.wrong,
            unsolved: self.unsolved,
            unsupported: self.unsupported,
            errors: self.errors,
            median_ms: self.times.quantile_us(0.5).map(round_ms),
            p90_ms: self.times.quantile_us(0.9).map(round_ms),
        }
    }
}

/// Microseconds as milliseconds to the microsecond.
fn round_ms(us: f64) -> f64 {
    us.round() / 1000.0
}

/// The table of a run: one row per claimed mate length (none for unreadable entries).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Summary {
    rows: BTreeMap<RowKey, Row>,
    total: Row,
    verdicts: BTreeMap<Verdict, u64>,
    /// Comparisons with a stored solution, by result name.
    stored: BTreeMap<&'static str, u64>,
}

/// Rows in the order a reader expects: #1, #2, …, then #-1, #-2, …, then no length.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
struct RowKey(u8, u32, Option<i32>);

impl RowKey {
    fn of(mate: Option<i32>) -> RowKey {
        match mate {
            Some(m) if m >= 0 => RowKey(0, m.unsigned_abs(), mate),
            Some(m) => RowKey(1, m.unsigned_abs(), mate),
            None => RowKey(2, 0, None),
        }
    }
}

/// A row as the JSON report writes it.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct RowJson {
    /// The claimed mate length (negative: the side to move is mated); `null`: not read.
    pub mate: Option<i32>,
    pub count: u64,
    pub solved: u64,
    pub wrong: u64,
    pub unsolved: u64,
    pub unsupported: u64,
    pub errors: u64,
    /// Median and 90th percentile search time of the searched entries; `null` if none.
    pub median_ms: Option<f64>,
    pub p90_ms: Option<f64>,
}

/// The summary as the JSON report writes it.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct SummaryJson {
    pub by_mate: Vec<RowJson>,
    pub total: RowJson,
    /// Entries per verdict (`sound`, `cooked`, `no_solution` …), those given.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub verdicts: BTreeMap<Verdict, u64>,
    /// Comparisons with a stored solution per result (`agrees`, `differs` …).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub stored: BTreeMap<String, u64>,
    pub exit_status: u8,
}

impl<'r> FromIterator<&'r Record> for Summary {
    fn from_iter<I: IntoIterator<Item = &'r Record>>(records: I) -> Summary {
        let mut summary = Summary::default();
        records.into_iter().for_each(|r| summary.add(r));
        summary
    }
}

impl Summary {
    pub fn add(&mut self, record: &Record) {
        self.rows
            .entry(RowKey::of(record.expected.mate))
            .or_default()
            .add(record);
        self.total.add(record);
        if let Some(verdict) = record.verdict {
            *self.verdicts.entry(verdict).or_default() += 1;
        }
        if let Some(stored) = &record.stored {
            *self.stored.entry(stored.name()).or_default() += 1;
        }
    }

    /// How many entries got `verdict`.
    pub fn verdict_count(&self, verdict: Verdict) -> u64 {
        self.verdicts.get(&verdict).copied().unwrap_or(0)
    }

    pub fn total(&self) -> &Row {
        &self.total
    }

    /// 0 when every entry was solved as claimed, 2 when any could not be read, else 1.
    pub fn exit_status(&self) -> u8 {
        let t = &self.total;
        if t.errors > 0 {
            EXIT_INPUT
        } else if t.wrong + t.unsolved + t.unsupported > 0 {
            EXIT_FAILURES
        } else {
            EXIT_OK
        }
    }

    pub fn json(&self) -> SummaryJson {
        SummaryJson {
            by_mate: self.rows.iter().map(|(key, row)| row.json(key.2)).collect(),
            total: self.total.json(None),
            verdicts: self.verdicts.clone(),
            stored: self
                .stored
                .iter()
                .map(|(name, &n)| (name.replace(' ', "_"), n))
                .collect(),
            exit_status: self.exit_status(),
        }
    }

    /// The table as text.
    pub fn write_table(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "{:>6} {:>7} {:>7} {:>6} {:>8} {:>11} {:>6} {:>9} {:>9}",
            "mate", "count", "solved", "wrong", "unsolved", "unsupported", "error", "median", "p90"
        )?;
        for (key, row) in &self.rows {
            let name = match key.2 {
                Some(m) => format!("#{m}"),
                None => "-".to_owned(),
            };
            write_row(out, &name, row)?;
        }
        write_row(out, "total", &self.total)?;
        self.write_verdicts(out)
    }

    /// The verdicts given (sound, cooked, short …) and the comparisons with stored
    /// solutions, when the run gave any.
    fn write_verdicts(&self, out: &mut dyn Write) -> io::Result<()> {
        if self.verdicts.is_empty() {
            return Ok(());
        }
        let names: Vec<String> = Verdict::ALL
            .iter()
            .map(|v| format!("{:>w$}", v.name(), w = v.name().len().max(5)))
            .collect();
        let counts: Vec<String> = Verdict::ALL
            .iter()
            .map(|&v| format!("{:>w$}", self.verdict_count(v), w = v.name().len().max(5)))
            .collect();
        writeln!(out)?;
        writeln!(out, "{:>8} {}", "verdict", names.join(" "))?;
        writeln!(out, "{:>8} {}", "entries", counts.join(" "))?;
        if !self.stored.is_empty() {
            let count = |name| self.stored.get(name).copied().unwrap_or(0);
            writeln!(
                out,
                "stored solution: {} agree, {} differ, {} not comparable, {} not checked",
                count("agrees"),
                count("differs"),
                count("not comparable"),
                count("not checked")
            )?;
        }
        Ok(())
    }
}

fn write_row(out: &mut dyn Write, name: &str, row: &Row) -> io::Result<()> {
    writeln!(
        out,
        "{:>6} {:>7} {:>7} {:>6} {:>8} {:>11} {:>6} {:>9} {:>9}",
        name,
        row.count,
        row.solved,
        row.wrong,
        row.unsolved,
        row.unsupported,
        row.errors,
        duration_text(row.times.quantile_us(0.5)),
        duration_text(row.times.quantile_us(0.9)),
    )
}

/// `0.42ms`, `12.3ms`, `4.56s`, `-` for no time.
fn duration_text(us: Option<f64>) -> String {
    match us {
        None => "-".to_owned(),
        Some(us) if us < 10_000.0 => format!("{:.2}ms", us / 1000.0),
        Some(us) if us < 1_000_000.0 => format!("{:.1}ms", us / 1000.0),
        Some(us) => format!("{:.2}s", us / 1_000_000.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn quantiles_are_within_half_a_percent(times in prop::collection::vec(0u64..50_000_000_000, 1..300)) {
            let mut h = TimeHistogram::default();
            for &t in &times { h.add(t); }
            let mut sorted = times.clone();
            sorted.sort_unstable();
            for q in [0.0, 0.5, 0.9, 1.0] {
                let rank = ((q * sorted.len() as f64).ceil() as usize).max(1);
                let exact = sorted[rank - 1] as f64;
                let got = h.quantile_us(q).unwrap();
                prop_assert!((got - exact).abs() <= exact * 0.005 + 0.5, "q {} exact {} got {}", q, exact, got);
            }
        }
    }

    #[test]
    fn rows_order_and_exit_status() {
        let mut summary = Summary::default();
        assert_eq!(summary.exit_status(), EXIT_OK);
        let record = |mate: Option<i32>, status: Status| Record {
            index: 1,
            file: "f".into(),
            line: 1,
            label: None,
            format: super::super::format::Format::Epd,
            fen: None,
            check: mate.map(|_| super::super::record::Check::Keys),
            expected: super::super::record::Expected {
                mate,
                ..Default::default()
            },
            found: Default::default(),
            status,
            cooked: false,
            verdict: None,
            stored: None,
            notes: Vec::new(),
            nodes: 0,
            time_ms: 1.5,
        };
        for (mate, status) in [
            (Some(-2), Status::Solved),
            (Some(3), Status::Solved),
            (Some(1), Status::Solved),
        ] {
            summary.add(&record(mate, status));
        }
        assert_eq!(summary.exit_status(), EXIT_OK);
        summary.add(&record(Some(3), Status::Unsolved));
        assert_eq!(summary.exit_status(), EXIT_FAILURES);
        summary.add(&record(None, Status::Error));
        assert_eq!(summary.exit_status(), EXIT_INPUT);
        let json = summary.json();
        let order: Vec<Option<i32>> = json.by_mate.iter().map(|r| r.mate).collect();
        assert_eq!(order, [Some(1), Some(3), Some(-2), None]);
        assert_eq!(
            (
                json.total.count,
                json.total.solved,
                json.by_mate[1].unsolved
            ),
            (5, 3, 1)
        );
        assert_eq!(json.by_mate[3].median_ms, None);
        let mut text = Vec::new();
        summary.write_table(&mut text).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert!(
            text.lines()
                .last()
                .unwrap()
                .trim_start()
                .starts_with("total       5       3"),
            "{text}"
        );
    }
}
