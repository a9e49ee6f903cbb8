//! The signals that end a long batch run early — SIGINT (Ctrl-C), SIGTERM (what Slurm and
//! systemd send at a time limit), SIGHUP (a closed terminal) and SIGPIPE (a reader that closed
//! the output) — caught so the run can end its work in order: stop the searches, finish the
//! report it is writing, say why it stopped. The handler only records the signal; everything
//! else happens on the run's own threads, which poll [`received`].

use std::sync::atomic::{AtomicI32, Ordering};

/// The first signal caught, or 0.
static RECEIVED: AtomicI32 = AtomicI32::new(0);

/// The signals [`catch`] handles.
#[cfg(unix)]
const SIGNALS: [libc::c_int; 4] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP, libc::SIGPIPE];

#[cfg(unix)]
extern "C" fn on_signal(signal: libc::c_int) {
    // Only an atomic store: all a signal handler may safely do.
    let _ = RECEIVED.compare_exchange(0, signal, Ordering::SeqCst, Ordering::SeqCst);
}

/// From now on the signals above are recorded instead of ending the process. With SIGPIPE
/// caught, a write to a closed pipe fails with `BrokenPipe`, which the writer handles.
pub fn catch() {
    #[cfg(unix)]
    for signal in SIGNALS {
        // SAFETY: installs a handler that only stores to an atomic (async-signal-safe).
        unsafe {
            let handler: extern "C" fn(libc::c_int) = on_signal;
            libc::signal(signal, handler as libc::sighandler_t);
        }
    }
}

/// From now on a write to a closed output ends the process as SIGPIPE ends a Unix program: at
/// once, without a word, the shell reporting status 141 (128 + SIGPIPE). The rule of every
/// command but the UCI engine (where a GUI closing the pipe ends the session as `quit` does,
/// status 0) and a suite run (which [`catch`]es it to finish its report, then exits 141 too):
/// README, "Rules every front end shares". The process starts with SIGPIPE ignored (`main`).
pub fn end_on_closed_output() {
    #[cfg(unix)]
    // SAFETY: restores the signal's default disposition; no handler of ours runs.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// The signal caught so far, if any (its number).
pub fn received() -> Option<i32> {
    match RECEIVED.load(Ordering::SeqCst) {
        0 => None,
        signal => Some(signal),
    }
}

/// A signal's usual name (`SIGTERM`), for messages.
pub fn name(signal: i32) -> String {
    #[cfg(unix)]
    {
        let known = [
            (libc::SIGINT, "SIGINT"),
            (libc::SIGTERM, "SIGTERM"),
            (libc::SIGHUP, "SIGHUP"),
            (libc::SIGPIPE, "SIGPIPE"),
        ];
        if let Some((_, name)) = known.iter().find(|(n, _)| *n == signal) {
            return (*name).to_owned();
        }
    }
    format!("signal {signal}")
}
