//! The `mateproof` binary: parses the command line and hands it to [`mateproof::cli::run`],
//! where every subcommand lives.
//!
//! On Linux with glibc the entry point is C's `main`, not Rust's (`no_main`): a one-problem run
//! (`mateproof popeye` on a #3) takes under a millisecond, and Rust's start-up was a fourteenth
//! of it (T03 of the Popeye timing problems, keys only, perf stat task-clock in the same run:
//! 0.69 -> 0.64 ms). It reads `/proc/self/maps` to find the main thread's stack guard and maps
//! an alternate signal stack, only to turn a stack overflow into a message instead of a plain
//! SIGSEGV. What else it does for a program is done here: SIGPIPE ignored (a closed output is a
//! write error the writers handle), a panic ends the process with status 101 after its
//! message, and standard output is flushed at the end (`std::process::exit`). glibc hands
//! the command line to `std::env::args` itself; elsewhere Rust's own start-up does, so other
//! platforms keep it.

#![cfg_attr(all(target_os = "linux", target_env = "gnu"), no_main)]

use clap::Parser;
use mateproof::cli::popeye::PopeyeArgs;
use std::process::ExitCode;

/// The run: the command line parsed and carried out (`mateproof popeye …` mostly without
/// clap, see [`PopeyeArgs::from_command_line`]).
fn run() -> ExitCode {
    mateproof::util::clock::mark_process_start();
    match PopeyeArgs::from_command_line(std::env::args_os()) {
        Some(args) => mateproof::cli::popeye::run_command(&args),
        None => mateproof::cli::run(mateproof::cli::Cli::parse()),
    }
}

/// Called by the C runtime; the command line is read through `std::env::args`.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[unsafe(no_mangle)]
pub extern "C" fn main(
    _argc: std::ffi::c_int,
    _argv: *const *const std::ffi::c_char,
) -> std::ffi::c_int {
    // SAFETY: setting a signal's disposition to "ignore" runs no code of ours.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
    let code = std::panic::catch_unwind(run).unwrap_or(ExitCode::from(101));
    // An exit code's number cannot be read back on stable Rust, only compared.
    let status = (0..=u8::MAX).find(|&n| ExitCode::from(n) == code);
    std::process::exit(status.map_or(1, i32::from))
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn main() -> ExitCode {
    run()
}
