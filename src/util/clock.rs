//! The process's clock: the instant the process started (marked first thing in the binary's
//! `main`), from which a command's first time limit counts, so that start-up (the binary's
//! pages read on a cold first run, the input parsed, the tables made) lies inside the limit
//! the user gave: `-maxtime 1` or `--time 1` is the whole command's second, output included.
//! A later limited search of the same process (a Popeye run's next problem) counts from its
//! own start.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;
use std::time::Instant;

static PROCESS_START: OnceLock<Instant> = OnceLock::new();

/// Whether the process's first limited search has taken the process start.
static FIRST_LIMIT: FirstLimit = FirstLimit::new();

/// Marks the process's start; the binary's `main` calls it first. Later calls change nothing.
pub fn mark_process_start() {
    PROCESS_START.get_or_init(Instant::now);
}

/// When the process started: as marked by [`mark_process_start`], else when first asked (a
/// library user's process).
pub fn process_start() -> Instant {
    *PROCESS_START.get_or_init(Instant::now)
}

/// Where a command's time limit counts from: the process start for the first limited search
/// of the process, now for every later one.
pub fn limit_start() -> Instant {
    FIRST_LIMIT.start(process_start(), Instant::now())
}

/// Hands out the process start once, then the time of asking.
pub struct FirstLimit {
    taken: AtomicBool,
}

impl FirstLimit {
    pub const fn new() -> FirstLimit {
        FirstLimit {
            taken: AtomicBool::new(false),
        }
    }

    /// `process_start` the first time, `now` afterwards.
    pub fn start(&self, process_start: Instant, now: Instant) -> Instant {
        if self.taken.swap(true, Ordering::Relaxed) {
            now
        } else {
            process_start
        }
    }
}

impl Default for FirstLimit {
    fn default() -> Self {
        FirstLimit::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn only_the_first_limit_counts_from_the_process_start() {
        let first = FirstLimit::new();
        let started = Instant::now();
        let later = started + Duration::from_millis(30);
        assert_eq!(first.start(started, later), started);
        assert_eq!(first.start(started, later), later);
        assert!(process_start() <= Instant::now());
    }
}
