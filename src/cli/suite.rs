//! The `mateproof suite` and `mateproof suite-merge` commands: argument parsing, the choice of
//! progress display, the shard a batch system names (`--shard auto`), and exit statuses (0
//! every entry as claimed, 1 some wrong, unsolved in the limit or unsupported, 2 some input
//! unreadable or a bad argument; 128 + N when signal N ended the run, 141 when the output was
//! closed).
//!
//! Argument handling only; the work is [`crate::suite::runner`]'s and [`crate::suite::report`]'s.

use crate::suite::jsonl::{is_lines_file, read_lines};
use crate::suite::limits::Limits;
use crate::suite::progress::ProgressMode;
use crate::suite::report::{merge, read_report, save_report, MergeError};
use crate::suite::runner::{run, RunConfig, RunError};
use crate::suite::source::{Shard, SLURM_COUNT, SLURM_ID};
use crate::suite::summary::{Summary, EXIT_INPUT};
use std::io::{IsTerminal, Write};
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
    /// `Stipulation` tags), Popeye input, or YACPDB entries (Olive's `.olv` collections, single
    /// YAML entries, the query gateway's JSON page); the format is read from the content.
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
    /// Write the JSON report (one object per position and a summary) to FILE. A regular file
    /// (also behind symbolic links) is replaced only when the run ends (also by Ctrl-C, SIGTERM,
    /// SIGHUP or a closed output, then marked "interrupted"); a device, a FIFO or /dev/stdout is
    /// written into, never replaced. It may not be one of the input files.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Stream one JSON line per position to FILE as each is reported (written at once, so a
    /// killed run keeps every finished position), a header line first and an end line last.
    #[arg(long, value_name = "FILE")]
    pub jsonl: Option<PathBuf>,
    /// Resume the run whose lines FILE holds (written by --jsonl; a missing FILE starts
    /// afresh): its positions count as done, the rest are checked and appended to FILE. The
    /// files, shard and limits must be the same.
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,
    /// Take one shard of the entries, for batch clusters: K/N (every N-th entry from the K-th,
    /// 1-based), `auto` (a Slurm job array's task: SLURM_ARRAY_TASK_ID of
    /// SLURM_ARRAY_TASK_COUNT), or env:ID/COUNT (K and N from the variables ID and COUNT).
    #[arg(long, value_name = "K/N|auto|env:ID/COUNT")]
    pub shard: Option<ShardArg>,
    /// Deal the entries to the shards by a hash seeded with S instead of in turn, so a sorted
    /// collection spreads its hard problems over all shards (default 1 with `auto` and `env:`;
    /// every shard of a run needs the same seed).
    #[arg(long, value_name = "S")]
    pub shard_seed: Option<u64>,
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
    pub const ABOUT: &'static str = "Check EPD, PGN, Popeye or YACPDB suites: claimed mates and keys, a verdict per problem, a summary";
}

/// `--shard`: a fixed shard, or one the environment names.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ShardArg {
    Fixed(Shard),
    /// K and N from these variables (Slurm's for `auto`).
    Env {
        id: String,
        count: String,
    },
}

impl std::str::FromStr for ShardArg {
    type Err = String;

    fn from_str(text: &str) -> Result<ShardArg, String> {
        if text == "auto" {
            return Ok(ShardArg::Env {
                id: SLURM_ID.to_owned(),
                count: SLURM_COUNT.to_owned(),
            });
        }
        if let Some(names) = text.strip_prefix("env:") {
            return match names.split_once('/') {
                Some((id, count)) if !id.is_empty() && !count.is_empty() => Ok(ShardArg::Env {
                    id: id.to_owned(),
                    count: count.to_owned(),
                }),
                _ => Err(format!("'{text}': give env:ID/COUNT, two variable names")),
            };
        }
        text.parse()
            .map(ShardArg::Fixed)
            .map_err(|e: crate::suite::source::ParseShardError| {
                format!("{e}, or auto, or env:ID/COUNT")
            })
    }
}

impl ShardArg {
    /// The shard this names now, with the seed given (`auto` and `env:` deal by hash, seed 1,
    /// unless one is given).
    fn resolve(&self, seed: Option<u64>) -> Result<Shard, String> {
        match self {
            ShardArg::Fixed(shard) => Ok(Shard { seed, ..*shard }),
            ShardArg::Env { id, count } => {
                let shard = Shard::from_env(id, count, |name| std::env::var(name).ok())
                    .map_err(|e| e.to_string())?;
                Ok(Shard {
                    seed: Some(seed.unwrap_or(1)),
                    ..shard
                })
            }
        }
    }
}

/// Arguments of `mateproof suite-merge`.
#[derive(clap::Args, Debug, Clone)]
#[command(about = Self::ABOUT)]
pub struct MergeArgs {
    /// The reports of every shard of one run: JSON reports (--json) or JSON Lines (--jsonl).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Write the merged JSON report to FILE (a regular file replaced when complete, a device,
    /// FIFO or /dev/stdout written into).
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
}

impl MergeArgs {
    /// What `mateproof suite-merge` does, in its help and in `mateproof --help`.
    pub const ABOUT: &'static str =
        "Merge the reports (JSON or JSON Lines) of `suite --shard` runs into one summary";
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
    let jsonl = match (&args.jsonl, &args.resume) {
        (Some(a), Some(b)) if a != b => {
            eprintln!(
                "error: --jsonl {} and --resume {}: one lines file, resumed or not",
                a.display(),
                b.display()
            );
            return ExitCode::from(EXIT_INPUT);
        }
        (a, b) => b.clone().or_else(|| a.clone()),
    };
    for (flag, report) in [("--json", &args.json), ("--jsonl", &jsonl)] {
        let Some(report) = report else { continue };
        if let Some(input) = args.files.iter().find(|f| same_file(f, report)) {
            eprintln!(
                "error: {flag} {}: that is the input file {}; the report would overwrite it",
                report.display(),
                input.display()
            );
            return ExitCode::from(EXIT_INPUT);
        }
    }
    if let (Some(json), Some(lines)) = (&args.json, &jsonl) {
        if json == lines || same_file(json, lines) {
            eprintln!(
                "error: --json and --jsonl name one file: {}",
                json.display()
            );
            return ExitCode::from(EXIT_INPUT);
        }
    }
    let shard = match &args.shard {
        None if args.shard_seed.is_some() => {
            eprintln!("error: --shard-seed goes with --shard");
            return ExitCode::from(EXIT_INPUT);
        }
        None => Shard::ALL,
        Some(arg) => match arg.resolve(args.shard_seed) {
            Ok(shard) => shard,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(EXIT_INPUT);
            }
        },
    };
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
        shard,
        fail_fast: args.fail_fast,
        verbose: args.verbose,
        progress,
        json: args.json.clone(),
        jsonl,
        resume: args.resume.is_some(),
        notation: args.notation,
    };
    crate::util::interrupt::catch();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match run(&config, &mut out) {
        Ok(result) => match result.interrupted {
            Some(signal) => {
                ExitCode::from(128u8.saturating_add(u8::try_from(signal).unwrap_or(127)))
            }
            // Nothing checked is no success: a wrong path or format must not pass a batch
            // job. A shard may be empty (more shards than entries), and says so by its total.
            None if result.summary.json().total.count == 0 && shard == Shard::ALL => {
                let _ = writeln!(
                    std::io::stderr(),
                    "error: no positions to check in the input (EPD lines with dm/bm, PGN games with FEN, Popeye problems, YACPDB entries)"
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

pub use crate::suite::summary::EXIT_OUTPUT_CLOSED;

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
        let read = match is_lines_file(path) {
            Ok(true) => read_lines(path),
            Ok(false) => read_report(path),
            Err(source) => Err(MergeError::Read {
                file: path.display().to_string(),
                source,
            }),
        };
        match read {
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
        if let Err(e) = save_report(path, &merged) {
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
