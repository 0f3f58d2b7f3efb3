//! The core's intake of work, for a clean shutdown (hosting bug 3): what is running now
//! (commands, the driver's ticks, a transport's handling of one event with its reply),
//! and whether new work is still taken. A shutdown closes the intake, waits for the
//! work in flight to finish (bounded), and only then lets the process end: a command is
//! either not taken or taken to its end, never cut between its write and its reply.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Instant;

/// Work in flight, and whether new work is taken. Shared (`Arc`) by the core and the
/// transports.
#[derive(Debug, Default)]
pub struct Intake {
    closed: AtomicBool,
    /// Work in flight now.
    busy: Mutex<usize>,
    /// Signalled when `busy` falls to zero.
    idle: Condvar,
    /// Passes given since start.
    entered: AtomicU64,
}

/// One piece of work in flight: counted until dropped (also on a panic), or counted
/// nowhere ([`Pass::untracked`]).
#[must_use = "the work counts as running only while the pass is held"]
#[derive(Debug)]
pub struct Pass {
    intake: Option<Arc<Intake>>,
}

impl Pass {
    /// A pass no intake counts: for a core that does not wait for its work (fakes in
    /// tests).
    pub fn untracked() -> Pass {
        Pass { intake: None }
    }
}

impl Drop for Pass {
    fn drop(&mut self) {
        let Some(intake) = &self.intake else {
            return;
        };
        let mut busy = intake.busy.lock().unwrap_or_else(|e| e.into_inner());
        *busy = busy.saturating_sub(1);
        if *busy == 0 {
            intake.idle.notify_all();
        }
    }
}

impl Intake {
    /// An open intake with nothing in flight.
    pub fn new() -> Arc<Intake> {
        Arc::new(Intake::default())
    }

    /// A pass for new work, or `None` once the intake is closed: the work must not start.
    pub fn enter(self: &Arc<Self>) -> Option<Pass> {
        if self.closed.load(Ordering::SeqCst) {
            return None;
        }
        Some(self.track())
    }

    /// A pass for work that is already under way (a command whose event was taken
    /// before the intake closed): counted whether the intake is open or not.
    pub fn track(self: &Arc<Self>) -> Pass {
        *self.busy.lock().unwrap_or_else(|e| e.into_inner()) += 1;
        self.entered.fetch_add(1, Ordering::SeqCst);
        Pass {
            intake: Some(self.clone()),
        }
    }

    /// Whether new work is taken.
    pub fn is_open(&self) -> bool {
        !self.closed.load(Ordering::SeqCst)
    }

    /// Takes no new work from now on ([`Intake::enter`] answers `None`). Cannot be undone.
    pub fn close(&self) {
        self.closed.store(true, Ordering::SeqCst);
    }

    /// Work in flight now.
    pub fn busy(&self) -> usize {
        *self.busy.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Passes given since start (each command, tick and event handled counts once per
    /// pass).
    pub fn entered(&self) -> u64 {
        self.entered.load(Ordering::SeqCst)
    }

    /// Waits (blocking) until nothing is in flight or `deadline` passes; the work still
    /// in flight then (0 when all finished).
    pub fn drain(&self, deadline: Instant) -> usize {
        let mut busy = self.busy.lock().unwrap_or_else(|e| e.into_inner());
        while *busy > 0 {
            let now = Instant::now();
            if now >= deadline {
                break;
            }
            busy = self
                .idle
                .wait_timeout(busy, deadline - now)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
        *busy
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_closed_intake_takes_nothing_new_and_drains_what_runs() {
        let intake = Intake::new();
        let running = intake.enter().unwrap();
        assert_eq!(intake.busy(), 1);
        intake.close();
        assert!(intake.enter().is_none(), "nothing new once closed");
        let late = intake.track();
        assert_eq!(intake.busy(), 2);
        let soon = Instant::now() + Duration::from_millis(50);
        assert_eq!(intake.drain(soon), 2, "still running at the deadline");
        let finisher = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            drop(running);
            drop(late);
        });
        let t0 = Instant::now();
        assert_eq!(intake.drain(Instant::now() + Duration::from_secs(10)), 0);
        assert!(t0.elapsed() < Duration::from_secs(5));
        finisher.join().unwrap();
        assert_eq!(intake.entered(), 2);
    }
}
