//! The `mateproof suite` and `mateproof suite-merge` commands: argument parsing, the choice of
//! progress display, and exit statuses (0 every entry as claimed, 1 some wrong, unsolved in
//! the limit or unsupported, 2 some input unreadable or a bad argument; 128 + N when signal N
//! ended the run, 141 when the output was closed).
//!
//! Argument handling only; the work is [`crate::suite::runner`]'s and [`crate::suite::report`]'s.

use crate::suite::progress::ProgressMode;
use crate::suite::report::{merge, read_report, write_report};
use crate::suite::runner::{run, RunConfig, RunError};
use crate::suite::source::Shard;
use crate::suite::summary::{Summary, EXIT_INPUT};
use crate::suite::verify::Limits;
use std::fs::File;
use std::io::{BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

/// How often plain progress lines are written when the output is not a terminal.
const PROGRESS_LINE_EVERY: Duration = Duration::from_secs(10);

/// Arguments of `mateproof suite`.
#[derive(clap::Args, Debug, Clone)]
#[command(about = Self::ABOUT)]
pub struct SuiteArgs {
    /// Suite files: EPD (`dm N`, `bm #N`, `bm #-N`, `bm` with SAN keys), PGN (`FEN` and
    /// `Stipulation` tags) or Popeye input; the format is read from the content.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Positions checked at once, each by a single-threaded search with its own table
    /// (default: all cores, as `solve` and `compose`; at most 1024). Memory is bounded by
    /// N × --hash.
    #[arg(long, value_name = "N", value_parser = crate::util::threads::parse_threads)]
    pub threads: Option<usize>,
    /// Time limit per position in seconds (a positive number; leave it out for none).
    #[arg(long, value_name = "S")]
    pub time: Option<f64>,
    /// Node limit per position.
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// Transposition table per position in MB (default: 1, 2, 4, 8, 32 for #1–#5, 128 beyond).
    /// Each worker holds one table at a time, so the run's memory stays within about
    /// --threads × --hash MB.
    #[arg(long, value_name = "MB", value_parser = crate::cli::args::parse_hash_mb)]
    pub hash: Option<usize>,
    /// Write the JSON report (one object per position and a summary) to FILE. FILE is replaced
    /// only when the run ends (also by Ctrl-C, SIGTERM, SIGHUP or a closed output, then marked
    /// "interrupted"); it may not be one of the input files.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Take every N-th entry starting with the K-th (1-based), for batch clusters.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,
    /// Stop at the first position that is not as claimed.
    #[arg(long)]
    pub fail_fast: bool,
    /// A line for every position, not only for those not as claimed.
    #[arg(long, short)]
    pub verbose: bool,
    /// No progress display.
    #[arg(long, short)]
    pub quiet: bool,
    /// How the text lines write keys: problemist (short algebraic with `+`/`#`, the default),
    /// popeye, san, uci or thesis. The JSON report always keeps SAN.
    #[arg(long, value_enum, default_value_t = crate::notation::MoveStyle::Problemist)]
    pub notation: crate::notation::MoveStyle,
}

impl SuiteArgs {
    /// What `mateproof suite` does, in its help and in `mateproof --help`.
    pub const ABOUT: &'static str =
        "Check EPD, PGN or Popeye suites: claimed mates and keys, a summary per mate length";
}

/// Arguments of `mateproof suite-merge`.
#[derive(clap::Args, Debug, Clone)]
#[command(about = Self::ABOUT)]
pub struct MergeArgs {
    /// The JSON reports of every shard of one run.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Write the merged JSON report to FILE.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
}

impl MergeArgs {
    /// What `mateproof suite-merge` does, in its help and in `mateproof --help`.
    pub const ABOUT: &'static str =
        "Merge the JSON reports of `suite --shard K/N` runs into one summary";
}

/// Runs `mateproof suite`.
pub fn run_suite(args: &SuiteArgs) -> ExitCode {
    let time = match args.time {
        None => None,
        Some(s) if s.is_finite() && s > 0.0 => Some(Duration::from_secs_f64(s)),
        Some(s) => {
            eprintln!("error: --time {s}: give a positive number of seconds");
            return ExitCode::from(EXIT_INPUT);
        }
    };
    let threads = args
        .threads
        .unwrap_or_else(crate::cli::args::default_threads);
    if let Some(json) = &args.json {
        if let Some(input) = args.files.iter().find(|f| same_file(f, json)) {
            eprintln!(
                "error: --json {}: that is the input file {}; the report would overwrite it",
                json.display(),
                input.display()
            );
            return ExitCode::from(EXIT_INPUT);
        }
    }
    let progress = if args.quiet {
        ProgressMode::Quiet
    } else if std::io::stdout().is_terminal() && std::io::stderr().is_terminal() {
        ProgressMode::Bar
    } else {
        ProgressMode::Lines(PROGRESS_LINE_EVERY)
    };
    let config = RunConfig {
        files: args.files.clone(),
        threads,
        limits: Limits {
            time,
            nodes: args.nodes,
            hash_mb: args.hash,
        },
        shard: args.shard.unwrap_or(Shard::ALL),
        fail_fast: args.fail_fast,
        verbose: args.verbose,
        progress,
        json: args.json.clone(),
        notation: args.notation,
    };
    crate::util::interrupt::catch();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match run(&config, &mut out) {
        Ok(result) => match result.interrupted {
            Some(signal) => ExitCode::from(128 + signal as u8),
            // Nothing checked is no success: a wrong path or format must not pass a batch
            // job. A shard may be empty (more shards than entries), and says so by its total.
            None if result.summary.json().total.count == 0 && args.shard.is_none() => {
                let _ = writeln!(
                    std::io::stderr(),
                    "error: no positions to check in the input (EPD lines with dm/bm, PGN games with FEN, Popeye problems)"
                );
                ExitCode::from(EXIT_INPUT)
            }
            None => ExitCode::from(result.summary.exit_status()),
        },
        // A reader that closed the output (`| head`) ends the run quietly, as SIGPIPE would.
        Err(RunError::Output(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => {
            ExitCode::from(EXIT_OUTPUT_CLOSED)
        }
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "error: {e}");
            ExitCode::from(EXIT_INPUT)
        }
    }
}

/// Exit status when the output was closed by its reader: 128 + SIGPIPE, as a program the
/// signal ended.
pub const EXIT_OUTPUT_CLOSED: u8 = 141;

/// True when both paths name one existing file (also through a link or another spelling).
fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Runs `mateproof suite-merge`: prints the merged summary, writes the merged report.
pub fn run_merge(args: &MergeArgs) -> ExitCode {
    let mut reports = Vec::new();
    for path in &args.files {
        match read_report(path) {
            Ok(report) => reports.push((path.display().to_string(), report)),
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(EXIT_INPUT);
            }
        }
    }
    let interrupted: Vec<(String, usize)> = reports
        .iter()
        .filter(|(_, r)| r.interrupted)
        .map(|(name, r)| (name.clone(), r.positions.len()))
        .collect();
    let merged = match merge(reports) {
        Ok(merged) => merged,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(EXIT_INPUT);
        }
    };
    if let Some(path) = &args.json {
        let written = File::create(path).and_then(|f| write_report(BufWriter::new(f), &merged));
        if let Err(e) = written {
            eprintln!("error: cannot write {}: {e}", path.display());
            return ExitCode::from(EXIT_INPUT);
        }
    }
    let summary: Summary = merged.positions.iter().collect();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let printed = merged
        .positions
        .iter()
        .filter(|r| r.status.is_failure())
        .try_for_each(|r| writeln!(out, "{r}"))
        .and_then(|()| {
            if merged.stopped_early {
                writeln!(out, "a shard stopped at its first failure (--fail-fast)")?;
            }
            for (name, report) in &interrupted {
                writeln!(
                    out,
                    "{name}: interrupted; its {} positions are all that shard checked",
                    report
                )?;
            }
            writeln!(out)?;
            summary.write_table(&mut out)
        });
    if let Err(e) = printed {
        eprintln!("error: cannot write the output: {e}");
        return ExitCode::from(EXIT_INPUT);
    }
    ExitCode::from(summary.exit_status())
}
