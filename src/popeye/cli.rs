//! The `mateproof popeye [FLAGS] [FILE…]` command: Popeye's command line (`-maxmem`,
//! `-maxtime`, `-regression`, also spelled with `--`), input from files or standard input,
//! Popeye's text on standard output. Exit status ([`EXIT_HELP`]): 0, or 1 when a file is not a
//! complete Popeye input (no `BeginProblem`, or no `EndProblem`), 2 for bad flags or unreadable
//! files, 3 when every file was read but a problem was skipped as not supported yet.
//!
//! Argument handling only; reading, solving and writing are [`super::run`]'s.

use super::keywords::language_of_begin;
use super::run::{run_streaming, RunOptions};
use std::io::{Read, Write};
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

/// Raw arguments after `popeye`; Popeye's single-dash flags are parsed by hand.
#[derive(clap::Args, Debug, Clone)]
pub struct PopeyeArgs {
    /// Input files (standard input when none), then Popeye's flags: -maxmem N, -maxtime S,
    /// -regression (also with --).
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    pub args: Vec<String>,
}

/// Parsed command line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Invocation {
    pub files: Vec<String>,
    pub regression: bool,
    pub max_time: Option<Duration>,
    /// Accepted for Popeye compatibility; the transposition table sizes itself.
    pub max_mem: Option<String>,
}

/// Reads Popeye's flags in either spelling.
///
/// ```
/// use mateproof::popeye::cli::parse_args;
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
                    inv.max_time = Some(Duration::from_secs(secs));
                }
                "maxmem" => {
                    let value = iter.next().ok_or("-maxmem needs a size")?;
                    inv.max_mem = Some(value.clone());
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
/// assert!(mateproof::popeye::cli::looks_like_popeye("begin\nPieces White Ka1"));
/// assert!(!mateproof::popeye::cli::looks_like_popeye("uci\nisready"));
/// ```
pub fn looks_like_popeye(text: &str) -> bool {
    text.split_whitespace()
        .next()
        .and_then(language_of_begin)
        .is_some()
}

/// Runs the command.
pub fn run_command(args: &PopeyeArgs) -> ExitCode {
    let inv = match parse_args(&args.args) {
        Ok(inv) => inv,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let mut inputs = Vec::new();
    if inv.files.is_empty() {
        let mut text = String::new();
        if let Err(e) = std::io::stdin().read_to_string(&mut text) {
            eprintln!("error: reading standard input: {e}");
            return ExitCode::from(2);
        }
        inputs.push(text);
    } else {
        for file in &inv.files {
            match std::fs::read(file) {
                // Popeye files are often Latin-1; keep every byte readable.
                Ok(bytes) => inputs.push(String::from_utf8_lossy(&bytes).into_owned()),
                Err(e) => {
                    eprintln!("error: {file}: {e}");
                    return ExitCode::from(2);
                }
            }
        }
    }
    run_texts(&inputs, &inv)
}

/// Runs already-read inputs (the UCI front end calls this when stdin holds Popeye input).
pub fn run_texts(inputs: &[String], inv: &Invocation) -> ExitCode {
    let options = RunOptions {
        regression: inv.regression,
        max_time: inv.max_time,
    };
    let (mut failed, mut skipped) = (false, 0);
    let stdout = std::io::stdout();
    for text in inputs {
        // Each problem is written as soon as it is solved: a long file shows progress, and an
        // interrupted run (SIGTERM, a closed pipe) keeps every problem finished before.
        let output = run_streaming(text, &options, &mut |piece| {
            let mut lock = stdout.lock();
            let _ = lock.write_all(piece.as_bytes());
            let _ = lock.flush();
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
