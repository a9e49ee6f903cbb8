//! How the command loop reaches a running search: a [`StopSwitch`] that fans one `stop` out to
//! every phase of a job (each phase has its own [`SearchControl`], so one phase can end another
//! without ending the job), and a [`Gate`] that holds `bestmove` back during `go infinite` and
//! `go ponder` until the GUI releases it.

use crate::kernel::SearchControl;
use parking_lot::{Condvar, Mutex};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// One `stop` for all the controls a job hands out.
#[derive(Default)]
pub struct StopSwitch {
    stopped: AtomicBool,
    flags: Mutex<Vec<Arc<AtomicBool>>>,
}

impl StopSwitch {
    pub fn new() -> StopSwitch {
        StopSwitch::default()
    }

    /// A fresh control for one phase of the job. It is stopped by [`StopSwitch::stop`] (or at
    /// once, if the switch was already thrown) and may also be stopped on its own.
    pub fn control(&self) -> SearchControl {
        let flag = Arc::new(AtomicBool::new(false));
        let mut flags = self.flags.lock();
        // Read under the lock, so a concurrent `stop` either sees this flag or is seen here.
        if self.stopped.load(Ordering::Acquire) {
            flag.store(true, Ordering::Relaxed);
        }
        flags.push(Arc::clone(&flag));
        SearchControl::unlimited().with_stop_flag(flag)
    }

    /// Stops every control handed out, and every one handed out later.
    pub fn stop(&self) {
        let flags = self.flags.lock();
        self.stopped.store(true, Ordering::Release);
        for flag in flags.iter() {
            flag.store(true, Ordering::Relaxed);
        }
    }
}

/// A one-way gate: closed until [`Gate::open`], then open for good.
#[derive(Default)]
pub struct Gate {
    open: Mutex<bool>,
    opened: Condvar,
}

impl Gate {
    pub fn new() -> Gate {
        Gate::default()
    }

    pub fn open(&self) {
        *self.open.lock() = true;
        self.opened.notify_all();
    }

    /// Blocks until the gate is open.
    pub fn wait(&self) {
        let mut open = self.open.lock();
        while !*open {
            self.opened.wait(&mut open);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_stop_reaches_every_control_and_later_ones() {
        let switch = StopSwitch::new();
        let a = switch.control();
        let b = switch.control();
        b.stop();
        assert!(
            !a.was_stopped() && b.was_stopped(),
            "a phase may end on its own"
        );
        switch.stop();
        assert!(a.was_stopped());
        assert!(
            switch.control().should_stop(),
            "controls made after stop start stopped"
        );
    }

    #[test]
    fn gate_releases_a_waiting_thread() {
        let gate = Arc::new(Gate::new());
        let waiter = {
            let gate = Arc::clone(&gate);
            std::thread::spawn(move || {
                gate.wait();
                true
            })
        };
        gate.open();
        assert!(waiter.join().unwrap());
        gate.wait(); // already open: returns at once
    }
}
