//! `mateproof popeye [FLAGS] [FILE…]`: Popeye's flags after the subcommand, input from files or
//! standard input, Popeye's text on standard output. A copy of (or link to) the binary named
//! `py`, `py.exe` or `popeye` (any case, any folder) is this subcommand with Popeye's own
//! command line ([`Dialect::Popeye`]): a drop-in for Popeye behind Olive and scripts. Exit
//! statuses: [`crate::popeye::invocation::EXIT_HELP`].

use crate::popeye::invocation::{decode, parse_args_in, run_texts, Dialect};
use std::io::Read;
use std::process::ExitCode;

/// Raw arguments after `popeye`; Popeye's single-dash flags are parsed by hand.
#[derive(clap::Args, Debug, Clone)]
#[command(about = Self::ABOUT)]
pub struct PopeyeArgs {
    /// Input files (standard input when none), then Popeye's flags: -maxmem N (table size:
    /// kilobytes, or with K, M or G), -maxtime S (positive seconds), -regression (also with --).
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    pub args: Vec<String>,
    /// How the arguments are read: Mateproof's way, or Popeye's own (a binary named `py`).
    #[arg(skip)]
    pub dialect: Dialect,
}

/// Whether a program path names Popeye: its file name, without `.exe`, is `py` or `popeye`
/// in any case.
///
/// ```
/// use mateproof::cli::popeye::is_popeye_name;
/// assert!(is_popeye_name("/usr/local/bin/py".as_ref()));
/// assert!(is_popeye_name(r"C:\Olive\PY.EXE".as_ref()) || cfg!(not(windows)));
/// assert!(is_popeye_name("Popeye".as_ref()));
/// assert!(!is_popeye_name("mateproof".as_ref()) && !is_popeye_name("py3".as_ref()));
/// ```
pub fn is_popeye_name(program: &std::ffi::OsStr) -> bool {
    let path = std::path::Path::new(program);
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return false;
    };
    let lower = name.to_ascii_lowercase();
    let stem = lower.strip_suffix(".exe").unwrap_or(&lower);
    matches!(stem, "py" | "popeye")
}

impl PopeyeArgs {
    /// What `mateproof popeye` does, in its help and in `mateproof --help`.
    pub const ABOUT: &'static str =
        "Solve Popeye input files (or stdin) and answer in Popeye's text; flags -maxmem, -maxtime, -regression";

    /// The arguments of `mateproof popeye ARG…` read without clap, when clap would pass them
    /// on as they are: every argument valid UTF-8, none `-h`, `--help` or `--` (any of those,
    /// anywhere, sends the whole line to clap). Building clap's parser for every subcommand
    /// was a fiftieth of a two-mover's run (T01 of the timing problems, whole process);
    /// anything else, `None`, goes to clap.
    pub fn from_command_line(
        mut args: impl Iterator<Item = std::ffi::OsString>,
    ) -> Option<PopeyeArgs> {
        let program = args.next()?;
        if is_popeye_name(&program) {
            // Popeye's drop-in: its whole command line, read as Popeye reads it.
            let args = args.map(|arg| arg.to_string_lossy().into_owned()).collect();
            return Some(PopeyeArgs {
                args,
                dialect: Dialect::Popeye,
            });
        }
        if args.next()? != "popeye" {
            return None;
        }
        let args: Vec<String> = args
            .map(|arg| arg.into_string().ok())
            .collect::<Option<_>>()?;
        let clap_reads = |arg: &String| matches!(arg.as_str(), "-h" | "--help" | "--");
        (!args.iter().any(clap_reads)).then_some(PopeyeArgs {
            args,
            dialect: Dialect::Mateproof,
        })
    }
}

/// Runs `mateproof popeye`.
pub fn run_command(args: &PopeyeArgs) -> ExitCode {
    // Also on the quick path past clap (`main.rs`): a closed output ends the run, status 141.
    crate::util::interrupt::end_on_closed_output();
    let inv = match parse_args_in(&args.args, args.dialect) {
        Ok(inv) => inv,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let mut inputs = Vec::new();
    if inv.files.is_empty() {
        let mut bytes = Vec::new();
        if let Err(e) = std::io::stdin().read_to_end(&mut bytes) {
            eprintln!("error: reading standard input: {e}");
            return ExitCode::from(2);
        }
        inputs.push(decode(&bytes));
    } else {
        for file in &inv.files {
            match std::fs::read(file) {
                Ok(bytes) => inputs.push(decode(&bytes)),
                Err(e) if args.dialect == Dialect::Popeye => {
                    // Popeye's words (its `perror`); the run fails.
                    eprintln!("error opening input file: {}", io_message(&e));
                    return ExitCode::from(2);
                }
                Err(e) => {
                    eprintln!("error: {file}: {e}");
                    return ExitCode::from(2);
                }
            }
        }
    }
    run_texts(&inputs, &inv)
}

/// An I/O error's text without Rust's `(os error N)`, as C's `perror` writes it.
fn io_message(error: &std::io::Error) -> String {
    let text = error.to_string();
    match text.find(" (os error") {
        Some(at) => text[..at].to_owned(),
        None => text,
    }
}
