//! What the core fuzz did, for the long run's report (is it reaching deep states?).

use std::sync::atomic::{AtomicU64, Ordering};

/// Counters over every case run in this process.
pub(crate) struct Stats {
    pub(crate) accepted: AtomicU64,
    pub(crate) refused: AtomicU64,
    pub(crate) silent: AtomicU64,
    pub(crate) human_moves: AtomicU64,
    pub(crate) ai_moves: AtomicU64,
    pub(crate) finished: AtomicU64,
    pub(crate) driver_replies: AtomicU64,
    pub(crate) tournament_games: AtomicU64,
}

pub(crate) static STATS: Stats = Stats {
    accepted: AtomicU64::new(0),
    refused: AtomicU64::new(0),
    silent: AtomicU64::new(0),
    human_moves: AtomicU64::new(0),
    ai_moves: AtomicU64::new(0),
    finished: AtomicU64::new(0),
    driver_replies: AtomicU64::new(0),
    tournament_games: AtomicU64::new(0),
};

pub(crate) fn bump(c: &AtomicU64, n: u64) {
    c.fetch_add(n, Ordering::Relaxed);
}

impl Stats {
    pub(crate) fn line(&self) -> String {
        let g = |c: &AtomicU64| c.load(Ordering::Relaxed);
        format!(
            "commands accepted {}, refused {}, unaddressed {}; moves by players {}, by the AI \
             {}; games finished {} (tournament games {}); driver replies {}",
            g(&self.accepted),
            g(&self.refused),
            g(&self.silent),
            g(&self.human_moves),
            g(&self.ai_moves),
            g(&self.finished),
            g(&self.tournament_games),
            g(&self.driver_replies),
        )
    }
}
