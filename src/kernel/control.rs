//! Limits on a search: a stop flag another thread may raise (UCI `stop`, `quit`), a deadline
//! and a node budget. Searches poll [`SearchControl::should_stop`] often; it is cheap.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Most nodes between two polls of the limits (see [`PollPace`] for why no more: 4096 let
/// `stop` wait seconds on a large fresh table). A poll (a flag and the clock) costs about
/// 20 ns, under 0.1 ns a node at this interval.
pub const MAX_POLL_INTERVAL: u64 = 256;

/// Longer than this between two polls, and a searcher polls more often.
const SLOW_POLL: Duration = Duration::from_millis(2);

/// How many nodes a searcher counts between two polls of its limits. Nodes are usually fast,
/// but while a freshly mapped table is first touched every store into a new 2 MB page waits
/// for the kernel to zero it: with a large `Hash` a fixed interval lets `stop` wait for
/// hundreds of page faults. So the interval shrinks while polls come slowly and grows back to
/// its maximum when they come fast again — only without a node budget, whose cut points must
/// not depend on timing.
#[derive(Clone, Debug)]
pub struct PollPace {
    interval: u64,
    max: u64,
    adaptive: bool,
    last: Instant,
}

impl PollPace {
    /// At most `max` nodes between polls; `adaptive` lets the interval follow the node speed.
    pub fn new(max: u64, adaptive: bool) -> PollPace {
        PollPace {
            interval: max.max(1),
            max: max.max(1),
            adaptive,
            last: Instant::now(),
        }
    }

    /// Nodes to count before the next poll.
    #[inline]
    pub fn interval(&self) -> u64 {
        self.interval
    }

    /// Notes a poll, adapting the interval to how long the last one took.
    pub fn polled(&mut self) {
        if !self.adaptive {
            return;
        }
        let now = Instant::now();
        let slow = now.duration_since(self.last) > SLOW_POLL;
        self.last = now;
        self.interval = if slow {
            (self.interval / 8).max(1)
        } else {
            (self.interval * 2).min(self.max)
        };
    }
}

/// Shared limits for one search (clone it to hand the same flag to several threads).
#[derive(Clone, Debug)]
pub struct SearchControl {
    stop: Arc<AtomicBool>,
    nodes: Arc<AtomicU64>,
    started: Instant,
    deadline: Option<Instant>,
    max_nodes: Option<u64>,
    threads: usize,
}

impl Default for SearchControl {
    fn default() -> Self {
        SearchControl::unlimited()
    }
}

impl SearchControl {
    /// No limits; only an explicit [`SearchControl::stop`] ends the search early.
    pub fn unlimited() -> SearchControl {
        SearchControl {
            stop: Arc::new(AtomicBool::new(false)),
            nodes: Arc::new(AtomicU64::new(0)),
            started: Instant::now(),
            deadline: None,
            max_nodes: None,
            threads: 1,
        }
    }

    /// Lets the search use up to `threads` threads (at least one).
    pub fn with_threads(mut self, threads: usize) -> SearchControl {
        self.threads = threads.max(1);
        self
    }

    /// How many threads the search may use.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Uses an existing stop flag (e.g. the UCI loop's).
    pub fn with_stop_flag(mut self, stop: Arc<AtomicBool>) -> SearchControl {
        self.stop = stop;
        self
    }

    pub fn with_time_limit(mut self, limit: Duration) -> SearchControl {
        self.deadline = Some(self.started + limit);
        self
    }

    /// A time limit counted from `start` rather than from now: a command's limit counts from
    /// the process start ([`crate::util::clock::limit_start`]), so start-up lies inside it.
    pub fn with_time_limit_from(mut self, start: Instant, limit: Duration) -> SearchControl {
        self.deadline = Some(start + limit);
        self
    }

    /// When the time limit ends the search, if there is one.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    pub fn with_node_limit(mut self, nodes: u64) -> SearchControl {
        self.max_nodes = Some(nodes);
        self
    }

    /// Asks every search sharing this control to stop soon.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// How many nodes a searcher may count between polls of the limits: small enough that a
    /// node budget is overshot by at most about 1 %, never more than [`MAX_POLL_INTERVAL`].
    pub fn poll_interval(&self) -> u64 {
        self.max_nodes.map_or(MAX_POLL_INTERVAL, |max| {
            (max / 128).clamp(16, MAX_POLL_INTERVAL)
        })
    }

    /// The pace of polls for a searcher under this control.
    pub fn poll_pace(&self) -> PollPace {
        PollPace::new(self.poll_interval(), self.max_nodes.is_none())
    }

    /// Adds `n` searched nodes to the shared counter.
    #[inline]
    pub fn add_nodes(&self, n: u64) {
        self.nodes.fetch_add(n, Ordering::Relaxed);
    }

    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// True once stopped, past the deadline, or over the node budget. Sets the stop flag when a
    /// limit is reached so other threads see it without reading the clock.
    #[inline]
    pub fn should_stop(&self) -> bool {
        if self.stop.load(Ordering::Relaxed) {
            return true;
        }
        let over = self.max_nodes.is_some_and(|max| self.nodes() >= max)
            || self.deadline.is_some_and(|d| Instant::now() >= d);
        if over {
            self.stop();
        }
        over
    }

    /// True when the search was cut short (as opposed to finishing).
    pub fn was_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A limit counted from an earlier start (the process start) ends that much sooner.
    #[test]
    fn a_limit_from_an_earlier_start_ends_from_it() {
        let started = Instant::now();
        let limit = Duration::from_millis(50);
        let control = SearchControl::unlimited().with_time_limit_from(started, limit);
        assert_eq!(control.deadline(), Some(started + limit));
        std::thread::sleep(limit);
        assert!(control.should_stop());
        let from_now = SearchControl::unlimited().with_time_limit(limit);
        assert!(from_now.deadline() > control.deadline());
        assert!(!from_now.should_stop());
    }
}
