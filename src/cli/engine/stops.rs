//! Which searches are to end early: the one place where the input loop (which reads
//! `stop`, `quit` and the end of input) and the command thread (which runs the
//! searches, one after another) meet.
//!
//! Searches are named by the number of the input line of their `go`, so that `stop`
//! means the same whatever the timing: it ends every search sent before it, the
//! running one at once and those still queued as soon as they start (each still
//! completes its first iteration and answers `bestmove`), and none sent after it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

/// The shared record of stops; cloned into each side.
#[derive(Clone, Default)]
pub struct Stops(Arc<Mutex<StopState>>);

#[derive(Default)]
struct StopState {
    /// Every `go` on a line before this one (input lines count from 1) is stopped.
    before: u64,
    /// The input has ended: a `go infinite` stops (the others run to their limits).
    ended: bool,
    /// The search running now, if any.
    running: Option<Search>,
}

/// A running search, as [`Stops`] knows it.
struct Search {
    line: u64,
    infinite: bool,
    flag: Arc<AtomicBool>,
}

impl Search {
    fn stopped_by(&self, state: &StopState) -> bool {
        self.line < state.before || (self.infinite && state.ended)
    }
}

impl Stops {
    fn lock(&self) -> MutexGuard<'_, StopState> {
        // The state stays consistent whatever panicked while holding the lock.
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// `stop` (or `quit`) read on input line `line`: every search sent before it ends.
    pub fn stop_before(&self, line: u64) {
        let mut state = self.lock();
        state.before = state.before.max(line);
        raise_if_stopped(&state);
    }

    /// The input has ended: `go infinite` searches, running or queued, end.
    pub fn end_of_input(&self) {
        let mut state = self.lock();
        state.ended = true;
        raise_if_stopped(&state);
    }

    /// A search of the `go` on input line `line` starts: the flag it must watch,
    /// already raised when a `stop` came after that line. The search counts as running
    /// until the guard is dropped.
    pub fn start(&self, line: u64, infinite: bool) -> Running<'_> {
        let mut state = self.lock();
        let search = Search {
            line,
            infinite,
            flag: Arc::new(AtomicBool::new(false)),
        };
        let flag = search.flag.clone();
        state.running = Some(search);
        raise_if_stopped(&state);
        Running { stops: self, flag }
    }
}

/// Raises the running search's flag when a stop or the end of input covers it.
fn raise_if_stopped(state: &StopState) {
    if let Some(search) = &state.running {
        if search.stopped_by(state) {
            search.flag.store(true, Ordering::Relaxed);
        }
    }
}

/// A search known to [`Stops`] as running, until dropped.
pub struct Running<'a> {
    stops: &'a Stops,
    flag: Arc<AtomicBool>,
}

impl Running<'_> {
    /// The flag the search watches (`mancala_ai::Limits::stop`).
    pub fn flag(&self) -> Arc<AtomicBool> {
        self.flag.clone()
    }
}

impl Drop for Running<'_> {
    fn drop(&mut self) {
        self.stops.lock().running = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raised(flag: &AtomicBool) -> bool {
        flag.load(Ordering::Relaxed)
    }

    #[test]
    fn stop_ends_the_searches_sent_before_it_and_no_other() {
        let stops = Stops::default();
        let running = stops.start(2, false);
        let flag = running.flag();
        assert!(!raised(&flag));
        stops.stop_before(2);
        assert!(
            !raised(&flag),
            "a stop on the line of the `go` is not after it"
        );
        stops.stop_before(3);
        assert!(raised(&flag));
        drop(running);
        // A `go` queued before the stop starts stopped; one after it does not.
        assert!(raised(&stops.start(1, true).flag()));
        assert!(!raised(&stops.start(4, true).flag()));
    }

    #[test]
    fn end_of_input_ends_infinite_searches_only() {
        let stops = Stops::default();
        let infinite = stops.start(1, true);
        stops.end_of_input();
        assert!(raised(&infinite.flag()));
        drop(infinite);
        assert!(!raised(&stops.start(2, false).flag()));
        assert!(raised(&stops.start(3, true).flag()));
    }
}
