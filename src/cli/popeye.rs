//! `mateproof popeye [FLAGS] [FILE…]`: Popeye's flags after the subcommand, input from files or
//! standard input, Popeye's text on standard output. Exit statuses:
//! [`crate::popeye::invocation::EXIT_HELP`].

use crate::popeye::invocation::{parse_args, run_texts};
use std::io::Read;
use std::process::ExitCode;

/// Raw arguments after `popeye`; Popeye's single-dash flags are parsed by hand.
#[derive(clap::Args, Debug, Clone)]
pub struct PopeyeArgs {
    /// Input files (standard input when none), then Popeye's flags: -maxmem N, -maxtime S,
    /// -regression (also with --).
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    pub args: Vec<String>,
}

/// Runs `mateproof popeye`.
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
