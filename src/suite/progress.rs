//! Progress of a run on standard error: an indicatif bar (count, rate, ETA, failures so far)
//! when the output goes to a terminal, plain periodic lines when it goes to a file or a batch
//! system's log, nothing when asked for quiet. Lines about positions go to the caller's output
//! through [`Progress::print`], which keeps the bar from tearing them.
//!
//! Display only: it never decides anything about a run.

use super::record::{Record, Status};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{self, Write};
use std::time::{Duration, Instant};

/// How progress is shown.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ProgressMode {
    /// An indicatif bar on standard error.
    Bar,
    /// A plain line on standard error at most this often.
    Lines(Duration),
    /// Nothing.
    Quiet,
}

/// The progress display of one run.
pub struct Progress {
    bar: Option<ProgressBar>,
    every: Option<Duration>,
    total: Option<u64>,
    done: u64,
    failed: u64,
    started: Instant,
    last_line: Instant,
}

impl Progress {
    /// `total` is the estimated number of entries, when known.
    pub fn new(mode: ProgressMode, total: Option<u64>) -> Progress {
        let bar = (mode == ProgressMode::Bar).then(|| {
            let bar = ProgressBar::with_draw_target(total, ProgressDrawTarget::stderr());
            // The rate is written as the plain lines write it (indicatif's own `{per_sec}`
            // shows four decimals: `13.7101/s`).
            let template = "{elapsed_precise} [{wide_bar}] {pos}/{len} {rate}/s ETA {eta} {msg}";
            if let Ok(style) = ProgressStyle::with_template(template) {
                let style = style.with_key(
                    "rate",
                    |state: &indicatif::ProgressState, out: &mut dyn std::fmt::Write| {
                        let _ = out.write_str(&rate_text(state.per_sec()));
                    },
                );
                bar.set_style(style.progress_chars("=> "));
            }
            bar.enable_steady_tick(Duration::from_millis(250));
            bar
        });
        let now = Instant::now();
        Progress {
            bar,
            every: match mode {
                ProgressMode::Lines(every) => Some(every),
                _ => None,
            },
            total,
            done: 0,
            failed: 0,
            started: now,
            last_line: now,
        }
    }

    /// Sets the estimated number of entries once it is known (it is counted while the run
    /// goes, so a long file starts at once).
    pub fn set_total(&mut self, total: u64) {
        self.total = Some(total);
        if let Some(bar) = &self.bar {
            bar.set_length(total);
        }
    }

    /// Counts a finished entry.
    pub fn record(&mut self, record: &Record) {
        self.done += 1;
        self.failed += u64::from(record.status != Status::Solved);
        if let Some(bar) = &self.bar {
            bar.inc(1);
            if record.status != Status::Solved {
                bar.set_message(format!("{} not as expected", self.failed));
            }
        }
        if let Some(every) = self.every {
            if self.last_line.elapsed() >= every {
                self.last_line = Instant::now();
                // Progress is a courtesy: a closed stderr must not end the run.
                let _ = writeln!(std::io::stderr(), "{}", self.line());
            }
        }
    }

    /// A plain progress line: count, share, rate, ETA, failures.
    pub fn line(&self) -> String {
        let elapsed = self.started.elapsed().as_secs_f64();
        let rate = if elapsed > 0.0 {
            self.done as f64 / elapsed
        } else {
            0.0
        };
        let mut text = format!("suite: {} done", self.done);
        if let Some(total) = self.total.filter(|&t| t > 0) {
            let share = 100.0 * self.done as f64 / total as f64;
            text = format!("suite: {}/{total} ({share:.1}%)", self.done);
            if rate > 0.0 && total > self.done {
                let eta = (total - self.done) as f64 / rate;
                text.push_str(&format!(", ETA {}", clock(eta)));
            }
        }
        text.push_str(&format!(
            ", {}/s, {} not as expected, {} elapsed",
            rate_text(rate),
            self.failed,
            clock(elapsed)
        ));
        text
    }

    /// Writes `line` to `out` without tearing the bar.
    pub fn print(&self, out: &mut dyn Write, line: &str) -> io::Result<()> {
        match &self.bar {
            Some(bar) => bar.suspend(|| writeln!(out, "{line}")),
            None => writeln!(out, "{line}"),
        }
    }

    /// Removes the bar (the summary follows).
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// A rate of entries per second to three significant figures at most, no more decimals than
/// that: `245`, `13.7`, `2.35`, `0.042`.
fn rate_text(rate: f64) -> String {
    if !rate.is_finite() || rate <= 0.0 {
        return "0".to_owned();
    }
    let decimals = match rate {
        r if r >= 100.0 => 0,
        r if r >= 10.0 => 1,
        r if r >= 1.0 => 2,
        r => (2.0 - r.log10().floor()).min(6.0) as usize,
    };
    let text = format!("{rate:.decimals$}");
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        text
    }
}

/// `1h02m03s`, `2m05s`, `7s`.
fn clock(seconds: f64) -> String {
    let s = seconds.max(0.0).round() as u64;
    match (s / 3600, s / 60 % 60, s % 60) {
        (0, 0, sec) => format!("{sec}s"),
        (0, min, sec) => format!("{min}m{sec:02}s"),
        (h, min, sec) => format!("{h}h{min:02}m{sec:02}s"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_lines_show_share_rate_and_eta() {
        let progress = Progress::new(ProgressMode::Quiet, Some(200));
        let line = progress.line();
        assert!(line.starts_with("suite: 0/200 (0.0%)"), "{line}");
        assert_eq!(clock(3725.0), "1h02m05s");
        assert_eq!(clock(125.0), "2m05s");
        assert_eq!(clock(7.2), "7s");
    }

    #[test]
    fn rates_keep_three_significant_figures_at_most() {
        for (rate, text) in [
            (13.7101, "13.7"),
            (245.49, "245"),
            (1234.6, "1235"),
            (2.3456, "2.35"),
            (1.0, "1"),
            (0.04213, "0.0421"),
            (0.5, "0.5"),
            (0.0, "0"),
            (f64::NAN, "0"),
        ] {
            assert_eq!(rate_text(rate), text, "{rate}");
        }
        let line = Progress::new(ProgressMode::Quiet, Some(200)).line();
        assert!(line.contains(", 0/s, "), "{line}");
    }
}
