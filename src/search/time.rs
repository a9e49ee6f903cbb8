//! Time management: how long to think on a move, given `movetime` or the clocks
//! (`wtime/btime/winc/binc/movestogo`), and the [`Clock`] a running search reads.
//!
//! Two limits: past the *soft* limit the search starts no new iteration (a new one would
//! rarely finish); at the *hard* limit it stops at once. While pondering neither applies; on
//! `ponderhit` they start counting from that moment. This module only measures time; stopping
//! is the search's business.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Time kept back for the engine's own output and the GUI's bookkeeping.
const MOVE_OVERHEAD: Duration = Duration::from_millis(10);
/// With clocks but no `movestogo`, plan as if this many moves remain.
const DEFAULT_MOVES_TO_GO: u32 = 30;

/// The side to move's clock as the GUI reports it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct ClockState {
    pub remaining: Duration,
    pub increment: Duration,
    pub moves_to_go: Option<u32>,
}

/// How long a search may run.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TimeBudget {
    /// Start no new iteration after this.
    pub soft: Duration,
    /// Stop at once after this.
    pub hard: Duration,
}

impl TimeBudget {
    /// A fixed time per move (`go movetime`): think for all of it, minus the overhead.
    ///
    /// ```
    /// use mateproof::search::TimeBudget;
    /// use std::time::Duration;
    /// let b = TimeBudget::fixed(Duration::from_millis(100));
    /// assert_eq!(b.hard, Duration::from_millis(90));
    /// assert_eq!(TimeBudget::fixed(Duration::ZERO).hard, Duration::ZERO);
    /// ```
    pub fn fixed(movetime: Duration) -> TimeBudget {
        let t = movetime.saturating_sub(MOVE_OVERHEAD);
        TimeBudget { soft: t, hard: t }
    }

    /// A share of the clock: the remaining time spread over the moves to go plus most of the
    /// increment; the hard limit allows three times that for unstable positions but never more
    /// than 80 % of what is left.
    pub fn from_clock(clock: ClockState) -> TimeBudget {
        let usable = clock.remaining.saturating_sub(MOVE_OVERHEAD);
        let moves = clock
            .moves_to_go
            .unwrap_or(DEFAULT_MOVES_TO_GO)
            .clamp(1, 100);
        let share = usable / moves + clock.increment * 3 / 4;
        let ceiling = usable * 4 / 5;
        let hard = (share * 3).min(ceiling);
        TimeBudget {
            soft: share.min(hard),
            hard,
        }
    }
}

/// The running search's clock, shared with the thread that may send `ponderhit`.
#[derive(Debug)]
pub struct Clock {
    started: Instant,
    budget: Option<TimeBudget>,
    pondering: AtomicBool,
    /// Microseconds from `started` to `ponderhit` (the budget counts from there).
    budget_start_us: AtomicU64,
}

impl Clock {
    /// A clock starting now. `budget: None` = no time limit. When `pondering`, the budget
    /// applies only after [`Clock::ponderhit`].
    pub fn new(budget: Option<TimeBudget>, pondering: bool) -> Clock {
        Clock {
            started: Instant::now(),
            budget,
            pondering: AtomicBool::new(pondering),
            budget_start_us: AtomicU64::new(0),
        }
    }

    /// The opponent played the expected move: the budget starts counting now.
    pub fn ponderhit(&self) {
        let now = self.started.elapsed().as_micros().min(u64::MAX as u128) as u64;
        self.budget_start_us.store(now, Ordering::Relaxed);
        self.pondering.store(false, Ordering::Release);
    }

    pub fn is_pondering(&self) -> bool {
        self.pondering.load(Ordering::Acquire)
    }

    /// Time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    fn budget_elapsed(&self) -> Option<(Duration, TimeBudget)> {
        if self.is_pondering() {
            return None;
        }
        let budget = self.budget?;
        let start = Duration::from_micros(self.budget_start_us.load(Ordering::Relaxed));
        Some((self.started.elapsed().saturating_sub(start), budget))
    }

    /// Time left until the hard limit; `None` while pondering or without a budget.
    pub fn hard_remaining(&self) -> Option<Duration> {
        self.budget_elapsed().map(|(t, b)| b.hard.saturating_sub(t))
    }

    /// True once no new iteration should start.
    pub fn soft_passed(&self) -> bool {
        self.budget_elapsed().is_some_and(|(t, b)| t >= b.soft)
    }

    /// True once the search must stop.
    #[inline]
    pub fn hard_passed(&self) -> bool {
        self.budget_elapsed().is_some_and(|(t, b)| t >= b.hard)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn clock_budgets_share_the_time_and_never_flag() {
        let b = TimeBudget::from_clock(ClockState {
            remaining: ms(60_000),
            increment: ms(0),
            moves_to_go: None,
        });
        assert_eq!(b.soft, ms(59_990) / 30);
        assert_eq!(b.hard, b.soft * 3);

        // One move to the time control: use most of it, but keep a fifth.
        let last = TimeBudget::from_clock(ClockState {
            remaining: ms(1_010),
            increment: ms(0),
            moves_to_go: Some(1),
        });
        assert_eq!(last.hard, ms(800));
        assert_eq!(last.soft, ms(800));

        // Increment counts; an empty clock gives zero, not an underflow.
        let inc = TimeBudget::from_clock(ClockState {
            remaining: ms(10_010),
            increment: ms(1_000),
            moves_to_go: Some(10),
        });
        assert_eq!(inc.soft, ms(1_000 + 750));
        let empty = TimeBudget::from_clock(ClockState {
            remaining: ms(3),
            increment: ms(0),
            moves_to_go: None,
        });
        assert_eq!((empty.soft, empty.hard), (Duration::ZERO, Duration::ZERO));
    }

    #[test]
    fn pondering_suspends_the_budget() {
        let clock = Clock::new(Some(TimeBudget::fixed(Duration::ZERO)), true);
        assert!(clock.is_pondering());
        assert!(!clock.hard_passed() && !clock.soft_passed());
        assert_eq!(clock.hard_remaining(), None);
        clock.ponderhit();
        assert!(!clock.is_pondering());
        assert!(clock.hard_passed() && clock.soft_passed());
        assert_eq!(clock.hard_remaining(), Some(Duration::ZERO));
        let unlimited = Clock::new(None, false);
        assert!(!unlimited.hard_passed());
    }
}
