//! How Mateproof is invoked as Popeye: Popeye's command line, parsed by hand as Popeye does,
//! in two dialects ([`Dialect`]): `mateproof popeye` reads Popeye's flags anywhere (also
//! spelled with `--`), several files, and refuses a bad value by name; a copy of the binary
//! named `py` or `popeye` reads it exactly as Popeye 4.104's `parseCommandlineOptions` does
//! (`-maxpos N`, `-maxtime N`, `-heartbeat [N]`, `-maxmem N[M|G]`, `-regression`,
//! `-maxtrace N`, `-notraceptr`, then the one input file; a value it cannot read is ignored as
//! Popeye ignores it). Also the test that tells Popeye input from UCI, and the run over
//! already-read inputs with Popeye's text on standard output. Exit status ([`EXIT_HELP`]): 0,
//! or 1 when a file is not a complete Popeye input (no `BeginProblem`, or no `EndProblem`), 2
//! for bad flags or unreadable files, 4 when Popeye's input errors were reported (Popeye itself
//! exits 0 then; Mateproof never does after an input error), 3 when every file was read but a
//! problem was skipped as not supported yet.
//!
//! The `mateproof popeye` subcommand itself (files or standard input) is `crate::cli::popeye`;
//! reading, solving and writing are [`super::run`]'s.

use super::keywords::language_of_begin;
use super::run::{run_streaming, RunOptions};
use super::streams::{in_order, Stream};
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

/// Exit status 3: problems were skipped (each is named in the output, and counted on stderr).
pub const EXIT_SKIPPED: u8 = 3;

/// Exit status 4: Popeye's input errors were reported (each in the output, where Popeye writes
/// it; the problems read and solved as Popeye reads and solves them).
pub const EXIT_INPUT_ERRORS: u8 = 4;

/// The exit statuses, for `popeye --help`.
pub const EXIT_HELP: &str = "Exit status: 0 every problem solved, \
1 a file is not a complete Popeye input (no BeginProblem or no EndProblem), \
2 bad flags or an unreadable file, \
3 a problem was skipped because Mateproof does not support something in it yet \
(its number, author and source are named in the output), \
4 the input had errors, reported as Popeye reports them (the problems read and solved as Popeye \
reads and solves them; an error outweighs a skipped problem).";

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
pub fn parse_mem_size(text: &str) -> Result<usize, InvocationError> {
    let bad = || InvocationError::MemSize(text.to_owned());
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
        return Err(InvocationError::MemTooLarge(text.to_owned()));
    }
    Ok(mb.max(1) as usize)
}

/// Why `mateproof popeye` refuses its command line (Popeye's drop-in refuses nothing); each
/// names the flag.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum InvocationError {
    #[error("-maxtime needs a number of seconds")]
    NoTime,
    #[error("-maxtime: '{0}' is not a number of seconds")]
    Time(String),
    /// The same rule as every front end's time limit.
    #[error("-maxtime 0: give a positive number of seconds (leave the flag out for no limit)")]
    ZeroTime,
    #[error("-maxmem needs a size")]
    NoMemSize,
    #[error("-maxmem: '{0}' is not a size (kilobytes, or a number with K, M or G)")]
    MemSize(String),
    #[error("-maxmem: '{0}' is more than the {max} MB a table may have", max = crate::cli::args::MAX_HASH_MB)]
    MemTooLarge(String),
    /// A flag of [`IGNORED_WITH_VALUE`] (named without its dashes) without its value.
    #[error("-{0} needs a number")]
    NoNumber(String),
    #[error("-{flag}: '{value}' is not a number")]
    Number { flag: String, value: String },
    #[error("unknown flag '{0}' (Popeye's flags: -maxmem, -maxtime, -maxpos, -heartbeat, -regression, -maxtrace, -notraceptr)")]
    UnknownFlag(String),
}

/// How a command line is read ([`parse_args_in`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Dialect {
    /// `mateproof popeye`: flags anywhere, with one dash or two, several files; a value that
    /// cannot be read is refused by name.
    #[default]
    Mateproof,
    /// A binary named `py` or `popeye` (Popeye's drop-in): Popeye's own reading. Flags come
    /// first, each with one dash; the first other argument is the input file and the rest is
    /// not read; a value Popeye cannot read is ignored (no time limit, the default table).
    Popeye,
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
pub fn parse_args(args: &[String]) -> Result<Invocation, InvocationError> {
    parse_args_in(args, Dialect::Mateproof)
}

/// Reads a command line in `dialect`.
///
/// ```
/// use mateproof::popeye::invocation::{parse_args_in, Dialect};
/// let args: Vec<String> = ["-maxmem", "1024M", "-maxtime", "soon", "-notraceptr", "a", "b"]
///     .iter().map(|s| s.to_string()).collect();
/// let inv = parse_args_in(&args, Dialect::Popeye).unwrap();
/// assert_eq!((inv.max_mem, inv.max_time, inv.files), (Some(1024), None, vec!["a".to_owned()]));
/// ```
pub fn parse_args_in(args: &[String], dialect: Dialect) -> Result<Invocation, InvocationError> {
    match dialect {
        Dialect::Mateproof => parse_mateproof(args),
        Dialect::Popeye => Ok(parse_popeye(args)),
    }
}

/// Flags that take a value and only have Popeye's meaning (accepted, without effect here):
/// `-maxpos` (the hash table's positions; Mateproof sizes its tables by `-maxmem`) and
/// `-maxtrace` (the trace of a debugging build).
const IGNORED_WITH_VALUE: [&str; 2] = ["maxpos", "maxtrace"];

fn parse_mateproof(args: &[String]) -> Result<Invocation, InvocationError> {
    let mut inv = Invocation::default();
    let mut iter = args.iter().peekable();
    while let Some(arg) = iter.next() {
        let flag = arg.trim_start_matches('-');
        if arg.starts_with('-') && arg.len() > 1 {
            match flag {
                "regression" => inv.regression = true,
                "notraceptr" => {}
                "heartbeat" => {
                    // An optional rate, as Popeye reads it.
                    if iter.peek().is_some_and(|next| next.parse::<u32>().is_ok()) {
                        iter.next();
                    }
                }
                "maxtime" => {
                    let value = iter.next().ok_or(InvocationError::NoTime)?;
                    let secs: u64 = value
                        .parse()
                        .map_err(|_| InvocationError::Time(value.clone()))?;
                    if secs == 0 {
                        return Err(InvocationError::ZeroTime);
                    }
                    inv.max_time = Some(Duration::from_secs(secs));
                }
                "maxmem" => {
                    let value = iter.next().ok_or(InvocationError::NoMemSize)?;
                    inv.max_mem = Some(parse_mem_size(value)?);
                }
                _ if IGNORED_WITH_VALUE.contains(&flag) => {
                    let value = iter
                        .next()
                        .ok_or_else(|| InvocationError::NoNumber(flag.to_owned()))?;
                    value.parse::<u64>().map_err(|_| InvocationError::Number {
                        flag: flag.to_owned(),
                        value: value.clone(),
                    })?;
                }
                _ => return Err(InvocationError::UnknownFlag(arg.clone())),
            }
        } else {
            inv.files.push(arg.clone());
        }
    }
    Ok(inv)
}

/// Popeye's `parseCommandlineOptions`, word for word.
fn parse_popeye(args: &[String]) -> Invocation {
    let mut inv = Invocation::default();
    let mut index = 0;
    let value = |index: usize| args.get(index + 1).map(String::as_str);
    while let Some(arg) = args.get(index) {
        match (arg.as_str(), value(index)) {
            ("-maxpos", Some(_)) | ("-maxtrace", Some(_)) => index += 2,
            ("-maxtime", Some(seconds)) => {
                // Popeye reads the leading digits; none, or 0, is no limit.
                inv.max_time = leading_digits(seconds)
                    .filter(|&secs| secs > 0)
                    .map(Duration::from_secs);
                index += 2;
            }
            ("-heartbeat", rate) => {
                let has_rate = rate.and_then(leading_digits).is_some();
                index += 1 + usize::from(has_rate);
            }
            ("-maxmem", Some(size)) => {
                inv.max_mem = popeye_mem_size(size);
                index += 2;
            }
            ("-regression", _) => {
                inv.regression = true;
                index += 1;
            }
            ("-maxtrace", None) => index += 1,
            ("-notraceptr", _) => index += 1,
            _ => break,
        }
    }
    // The first other argument is the input file (standard input without one); Popeye reads
    // no more.
    inv.files.extend(args.get(index).cloned());
    inv
}

/// The number `strtoul` reads at the start of `text`, if any.
fn leading_digits(text: &str) -> Option<u64> {
    let digits: String = text.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// Popeye's `-maxmem` value as Popeye reads it: the leading digits in kilobytes, or in
/// megabytes or gigabytes when `M` or `G` follows; in whole megabytes for the table (at least
/// 1, at most the largest table). `None` when there are no digits (Popeye's default).
fn popeye_mem_size(text: &str) -> Option<usize> {
    let count = leading_digits(text)?;
    let unit_kb = match text
        .trim_start_matches(|c: char| c.is_ascii_digit())
        .chars()
        .next()
    {
        Some('G') => 1 << 20,
        Some('M') => 1 << 10,
        _ => 1,
    };
    let mb = count.saturating_mul(unit_kb) >> 10;
    Some(mb.clamp(1, crate::cli::args::MAX_HASH_MB as u64) as usize)
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

/// Writes `text` on `out` and flushes it.
fn write_flushed(out: &mut impl Write, text: &str) -> std::io::Result<()> {
    out.write_all(text.as_bytes())?;
    out.flush()
}

/// Runs already-read inputs (the UCI front end calls this when stdin holds Popeye input).
pub fn run_texts(inputs: &[String], inv: &Invocation) -> ExitCode {
    let options = RunOptions {
        regression: inv.regression,
        max_time: inv.max_time,
        hash_mb: inv.max_mem,
        stop: None,
    };
    let (mut failed, mut skipped, mut input_errors) = (false, 0, 0);
    let stdout = std::io::stdout();
    for text in inputs {
        // Each problem is written as soon as it is solved: a long file shows progress, and an
        // interrupted run (SIGTERM, a closed pipe) keeps every problem finished before.
        let output = run_streaming(text, &options, &mut |piece| {
            // Popeye's messages on standard error go there, where Popeye writes them: each
            // part flushed in its turn, so one pipe for both streams reads as its protocol.
            for (stream, part) in in_order(piece) {
                let _ = match stream {
                    Stream::Stdout => write_flushed(&mut stdout.lock(), &part),
                    Stream::Stderr => write_flushed(&mut std::io::stderr().lock(), &part),
                };
            }
        });
        if let Some((_, message)) = output.error {
            eprintln!("{message}");
            failed = true;
        }
        if let Some(word) = &output.halted_at {
            input_errors += 1;
            // Popeye ends its run there without a word; a note says why nothing follows.
            eprintln!(
                "mateproof: input not read from '{word}' on (Popeye stops at a word that is \
                 neither a twin nor the end of a problem after the twins)"
            );
        }
        skipped += output.skipped;
        input_errors += output.input_errors;
    }
    if skipped > 0 {
        let problems = if skipped == 1 { "problem" } else { "problems" };
        eprintln!(
            "mateproof: {skipped} {problems} skipped as not supported yet (named in the output)"
        );
    }
    if input_errors > 0 {
        let problems = if input_errors == 1 {
            "problem"
        } else {
            "problems"
        };
        eprintln!("mateproof: input errors in {input_errors} {problems} (named in the output)");
    }
    if failed {
        ExitCode::from(1)
    } else if input_errors > 0 {
        ExitCode::from(EXIT_INPUT_ERRORS)
    } else if skipped > 0 {
        ExitCode::from(EXIT_SKIPPED)
    } else {
        ExitCode::SUCCESS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(args: &[&str]) -> InvocationError {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        parse_args(&args).expect_err("a refused command line")
    }

    #[test]
    fn a_bad_command_line_is_refused_by_kind_and_by_name() {
        assert_eq!(refusal(&["-maxtime"]), InvocationError::NoTime);
        assert_eq!(refusal(&["-maxtime", "0"]), InvocationError::ZeroTime);
        assert_eq!(refusal(&["--maxmem"]), InvocationError::NoMemSize);
        assert_eq!(
            refusal(&["-maxpos", "x"]),
            InvocationError::Number {
                flag: "maxpos".to_owned(),
                value: "x".to_owned()
            }
        );
        let words = |args: &[&str]| refusal(args).to_string();
        assert_eq!(
            words(&["-maxtime", "soon"]),
            "-maxtime: 'soon' is not a number of seconds"
        );
        assert_eq!(
            words(&["-maxmem", "1T"]),
            "-maxmem: '1T' is not a size (kilobytes, or a number with K, M or G)"
        );
        assert_eq!(
            words(&["-maxmem", "17G"]),
            "-maxmem: '17G' is more than the 16384 MB a table may have"
        );
        assert_eq!(words(&["a.inp", "-maxtrace"]), "-maxtrace needs a number");
        assert_eq!(
            words(&["-fast"]),
            "unknown flag '-fast' (Popeye's flags: -maxmem, -maxtime, -maxpos, -heartbeat, \
             -regression, -maxtrace, -notraceptr)"
        );
    }
}
