//! `mateproof popeye [FLAGS] [FILE…]`: Popeye's flags after the subcommand, input from files or
//! standard input, Popeye's text on standard output. Exit statuses:
//! [`crate::popeye::invocation::EXIT_HELP`].

use crate::popeye::invocation::{decode, parse_args, run_texts};
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
        let _program = args.next()?;
        if args.next()? != "popeye" {
            return None;
        }
        let args: Vec<String> = args
            .map(|arg| arg.into_string().ok())
            .collect::<Option<_>>()?;
        let clap_reads = |arg: &String| matches!(arg.as_str(), "-h" | "--help" | "--");
        (!args.iter().any(clap_reads)).then_some(PopeyeArgs { args })
    }
}

/// Runs `mateproof popeye`.
pub fn run_command(args: &PopeyeArgs) -> ExitCode {
    // Also on the quick path past clap (`main.rs`): a closed output ends the run, status 141.
    crate::util::interrupt::end_on_closed_output();
    let inv = match parse_args(&args.args) {
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
                Err(e) => {
                    eprintln!("error: {file}: {e}");
                    return ExitCode::from(2);
                }
            }
        }
    }
    run_texts(&inputs, &inv)
}
