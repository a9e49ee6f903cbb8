//! How Mateproof is invoked as Popeye: Popeye's command line (`-maxmem`, `-maxtime`,
//! `-regression`, also spelled with `--`, parsed by hand as Popeye does), the test that tells
//! Popeye input from UCI, and the run over already-read inputs with Popeye's text on standard
//! output. Exit status ([`EXIT_HELP`]): 0, or 1 when a file is not a
//! complete Popeye input (no `BeginProblem`, or no `EndProblem`), 2 for bad flags or unreadable
//! files, 3 when every file was read but a problem was skipped as not supported yet.
//!
//! The `mateproof popeye` subcommand itself (files or standard input) is `crate::cli::popeye`;
//! reading, solving and writing are [`super::run`]'s.

use super::keywords::language_of_begin;
use super::run::{run_streaming, RunOptions};
use super::streams::split;
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

/// Exit status 3: problems were skipped (each is named in the output, and counted on stderr).
pub const EXIT_SKIPPED: u8 = 3;

/// The exit statuses, for `popeye --help`.
pub const EXIT_HELP: &str =
    "Exit status: 0 every problem solved (or reported as Popeye reports it), \
1 a file is not a complete Popeye input (no BeginProblem or no EndProblem), \
2 bad flags or an unreadable file, \
3 a problem was skipped because Mateproof does not support something in it yet \
(its number, author and source are named in the output).";

/// Parsed command line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Invocation {
    pub files: Vec<String>,
    pub regression: bool,
    pub max_time: Option<Duration>,
    /// `-maxmem`: the transposition table's size in MB (see [`parse_mem_size`]).
    pub max_mem: Option<usize>,
}

/// Popeye's `-maxmem` value: a number of kilobytes, or of kilo-, mega- or gigabytes with the
/// suffix `K`, `M` or `G` (either case), as Popeye reads it. Mateproof spends it on the
/// transposition table, in whole megabytes: at least 1, at most the 16384 the `Hash` option
/// allows (a larger value is refused rather than silently cut).
///
/// ```
/// use mateproof::popeye::invocation::parse_mem_size;
/// assert_eq!(parse_mem_size("512M"), Ok(512));
/// assert_eq!(parse_mem_size("2g"), Ok(2048));
/// assert_eq!(parse_mem_size("65536"), Ok(64)); // kilobytes
/// assert!(parse_mem_size("lots").is_err());
/// assert!(parse_mem_size("1T").is_err());
/// ```
pub fn parse_mem_size(text: &str) -> Result<usize, String> {
    let bad = || format!("-maxmem: '{text}' is not a size (kilobytes, or a number with K, M or G)");
    let (digits, kib_per_unit) = match text.char_indices().last() {
        Some((i, 'k' | 'K')) => (&text[..i], 1u64),
        Some((i, 'm' | 'M')) => (&text[..i], 1 << 10),
        Some((i, 'g' | 'G')) => (&text[..i], 1 << 20),
        _ => (text, 1),
    };
    let count: u64 = digits.parse().map_err(|_| bad())?;
    let mb = count.checked_mul(kib_per_unit).ok_or_else(bad)? >> 10;
    let max = crate::cli::args::MAX_HASH_MB as u64;
    if mb > max {
        return Err(format!(
            "-maxmem: '{text}' is more than the {max} MB a table may have"
        ));
    }
    Ok(mb.max(1) as usize)
}

/// Reads Popeye's flags in either spelling.
///
/// ```
/// use mateproof::popeye::invocation::parse_args;
/// let args: Vec<String> = ["-maxtime", "60", "--regression", "a.inp"].iter().map(|s| s.to_string()).collect();
/// let inv = parse_args(&args).unwrap();
/// assert!(inv.regression && inv.files == ["a.inp"]);
/// assert_eq!(inv.max_time.unwrap().as_secs(), 60);
/// ```
pub fn parse_args(args: &[String]) -> Result<Invocation, String> {
    let mut inv = Invocation::default();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let flag = arg.trim_start_matches('-');
        if arg.starts_with('-') && arg.len() > 1 {
            match flag {
                "regression" => inv.regression = true,
                "maxtime" => {
                    let value = iter.next().ok_or("-maxtime needs a number of seconds")?;
                    let secs: u64 = value
                        .parse()
                        .map_err(|_| format!("-maxtime: '{value}' is not a number of seconds"))?;
                    if secs == 0 {
                        // The same rule as every front end's time limit.
                        return Err(
                            "-maxtime 0: give a positive number of seconds (leave the flag out for no limit)"
                                .into(),
                        );
                    }
                    inv.max_time = Some(Duration::from_secs(secs));
                }
                "maxmem" => {
                    let value = iter.next().ok_or("-maxmem needs a size")?;
                    inv.max_mem = Some(parse_mem_size(value)?);
                }
                _ => {
                    return Err(format!(
                        "unknown flag '{arg}' (Popeye's flags: -maxmem, -maxtime, -regression)"
                    ))
                }
            }
        } else {
            inv.files.push(arg.clone());
        }
    }
    Ok(inv)
}

/// True when `text` starts like Popeye input (`BeginProblem`, `AnfangProblem`,
/// `DebutProbleme` or an abbreviation), so a front end can tell it from UCI commands.
///
/// ```
/// assert!(mateproof::popeye::invocation::looks_like_popeye("begin\nPieces White Ka1"));
/// assert!(!mateproof::popeye::invocation::looks_like_popeye("uci\nisready"));
/// ```
pub fn looks_like_popeye(text: &str) -> bool {
    text.split_whitespace()
        .next()
        .and_then(language_of_begin)
        .is_some()
}

/// Popeye input as text, read the same way from a file or standard input: a UTF-8 byte-order
/// mark (which editors on Windows write) is dropped, and bytes that are not UTF-8 (Popeye files
/// are often Latin-1) become U+FFFD instead of failing the read; keywords and moves are ASCII.
pub fn decode(bytes: &[u8]) -> String {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    String::from_utf8_lossy(bytes).into_owned()
}

/// Runs already-read inputs (the UCI front end calls this when stdin holds Popeye input).
pub fn run_texts(inputs: &[String], inv: &Invocation) -> ExitCode {
    let options = RunOptions {
        regression: inv.regression,
        max_time: inv.max_time,
        hash_mb: inv.max_mem,
        stop: None,
    };
    let (mut failed, mut skipped) = (false, 0);
    let stdout = std::io::stdout();
    for text in inputs {
        // Each problem is written as soon as it is solved: a long file shows progress, and an
        // interrupted run (SIGTERM, a closed pipe) keeps every problem finished before.
        let output = run_streaming(text, &options, &mut |piece| {
            // Popeye's messages on standard error go there, as Popeye writes them.
            let streams = split(piece);
            let mut lock = stdout.lock();
            let _ = lock.write_all(streams.stdout.as_bytes());
            let _ = lock.flush();
            if !streams.stderr.is_empty() {
                let mut err = std::io::stderr().lock();
                let _ = err.write_all(streams.stderr.as_bytes());
                let _ = err.flush();
            }
        });
        if let Some((_, message)) = output.error {
            eprintln!("{message}");
            failed = true;
        }
        skipped += output.skipped;
    }
    if skipped > 0 {
        let problems = if skipped == 1 { "problem" } else { "problems" };
        eprintln!(
            "mateproof: {skipped} {problems} skipped as not supported yet (named in the output)"
        );
    }
    if failed {
        ExitCode::from(1)
    } else if skipped > 0 {
        ExitCode::from(EXIT_SKIPPED)
    } else {
        ExitCode::SUCCESS
    }
}
