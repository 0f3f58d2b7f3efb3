//! What keeps `!analyze` from locking everyone out of the AI (issue 33): analyses run
//! on a pool of their own ([`PoolKind::Analysis`], below play: a move never waits behind
//! an analysis, and a full analysis queue refuses analyses only), one game is analysed
//! by one search at a time, each position's search is capped at [`NODE_CAP`] whatever
//! `[ai] max_nodes` says, and a user who started an analysis waits
//! [`super::Settings::analysis_cooldown`] before starting the next one. A stored
//! analysis is reused (see `review_store`) and passes none of these gates.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::ai_pool::{AiPool, PoolKind, PoolSize, Ticket};
use crate::metrics::Metrics;

/// The most positions searched per position of an analysed game, whatever `[ai]
/// max_nodes` says: a game of 700 moves is then about 70 million positions, seconds of
/// one search thread rather than minutes.
pub const NODE_CAP: u64 = 50_000;

/// The positions searched per position of the game: `[ai] max_nodes` when set, else
/// the cap, never above [`NODE_CAP`].
pub(crate) fn nodes_per_position(max_nodes: Option<u64>) -> u64 {
    max_nodes.unwrap_or(NODE_CAP).clamp(1, NODE_CAP)
}

/// The first guess of an analysis's time, before one was measured, milliseconds.
const FIRST_GUESS_MS: u64 = 10_000;

/// The analysis pool and its gates.
pub(super) struct Analyses {
    /// The analyses' own searchers and queue.
    pub(super) pool: AiPool,
    /// The pool's shape, for the wait of a refusal.
    size: PoolSize,
    /// `community|user` -> until when (ms) the user waits for his next analysis.
    cooldowns: Mutex<HashMap<String, u64>>,
    /// The games (by id) being analysed now.
    running: Mutex<HashSet<String>>,
    /// A running mean of an analysis's time, milliseconds (for "try again in N s").
    mean_ms: AtomicU64,
}

/// Why an analysis cannot start now; each says how long to wait, in seconds (at least
/// 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum NotNow {
    /// The user started one less than the cooldown ago.
    Cooldown(u64),
    /// This game is being analysed now (its result is stored when done).
    Running(u64),
    /// The analysis pool is full: `ahead` analyses are running or waiting.
    Busy {
        /// Analyses in the pool.
        ahead: usize,
        /// Seconds to wait.
        secs: u64,
    },
}

/// The place of one game's analysis: the game is marked running and the pool's place
/// taken; dropping it gives both up.
pub(super) struct Slot<'a> {
    analyses: &'a Analyses,
    game: String,
    /// The place in the analysis pool.
    pub(super) ticket: Ticket<'a>,
}

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        self.analyses
            .running
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&self.game);
    }
}

impl Analyses {
    /// An analysis pool of `size` recording into `metrics`.
    pub(super) fn new(size: PoolSize, metrics: Arc<Metrics>) -> Analyses {
        Analyses {
            pool: AiPool::of_kind(PoolKind::Analysis, size, metrics),
            size,
            cooldowns: Mutex::new(HashMap::new()),
            running: Mutex::new(HashSet::new()),
            mean_ms: AtomicU64::new(FIRST_GUESS_MS),
        }
    }

    /// Seconds until `n` analyses ahead are done, by the mean time of one.
    fn wait_secs(&self, n: usize) -> u64 {
        let rounds = n.div_ceil(self.size.searchers.max(1)).max(1) as u64;
        (self.mean_ms.load(Ordering::Relaxed) * rounds)
            .div_ceil(1000)
            .max(1)
    }

    /// A place for `user` (`community|id`) to analyse `game` at `now_ms`, with a
    /// cooldown of `cooldown` starting now; nothing is taken when refused.
    ///
    /// # Errors
    /// [`NotNow`]: the user's cooldown, the game already being analysed, or the pool
    /// full.
    pub(super) fn start(
        &self,
        user: &str,
        game: &str,
        now_ms: u64,
        cooldown: Duration,
    ) -> Result<Slot<'_>, NotNow> {
        let mut cooldowns = self.cooldowns.lock().unwrap_or_else(|e| e.into_inner());
        cooldowns.retain(|_, until| *until > now_ms);
        if let Some(until) = cooldowns.get(user) {
            return Err(NotNow::Cooldown((until - now_ms).div_ceil(1000).max(1)));
        }
        let mut running = self.running.lock().unwrap_or_else(|e| e.into_inner());
        if running.contains(game) {
            return Err(NotNow::Running(self.wait_secs(1)));
        }
        let ticket = self.pool.admit().map_err(|b| NotNow::Busy {
            ahead: b.ahead,
            secs: self.wait_secs(b.ahead + 1 - self.size.searchers.min(b.ahead)),
        })?;
        running.insert(game.to_string());
        let ms = u64::try_from(cooldown.as_millis()).unwrap_or(u64::MAX);
        if ms > 0 {
            cooldowns.insert(user.to_string(), now_ms.saturating_add(ms));
        }
        Ok(Slot {
            analyses: self,
            game: game.to_string(),
            ticket,
        })
    }

    /// An analysis took `took`: the running mean moves a quarter of the way to it.
    pub(super) fn took(&self, took: Duration) {
        let ms = u64::try_from(took.as_millis()).unwrap_or(u64::MAX);
        let _ = self
            .mean_ms
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |mean| {
                Some((mean.saturating_mul(3).saturating_add(ms)) / 4)
            });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn analyses(searchers: usize, queue: usize) -> Analyses {
        Analyses::new(PoolSize { searchers, queue }, Arc::new(Metrics::new()))
    }

    #[test]
    fn the_node_cap_holds_whatever_max_nodes_says() {
        assert_eq!(nodes_per_position(None), NODE_CAP);
        assert_eq!(nodes_per_position(Some(10_000_000_000)), NODE_CAP);
        assert_eq!(nodes_per_position(Some(2000)), 2000);
    }

    #[test]
    fn a_user_waits_the_cooldown_and_a_game_is_analysed_once_at_a_time() {
        let a = analyses(1, 4);
        let minute = Duration::from_secs(60);
        let slot = a.start("c|ann", "g1", 1_000, minute).unwrap();
        assert_eq!(
            a.start("c|ann", "g2", 31_000, minute).err(),
            Some(NotNow::Cooldown(30))
        );
        assert!(matches!(
            a.start("c|bob", "g1", 31_000, minute).err(),
            Some(NotNow::Running(_))
        ));
        drop(slot);
        assert!(a.start("c|bob", "g1", 31_000, minute).is_ok());
        assert!(a.start("c|ann", "g2", 61_000, minute).is_ok());
    }

    #[test]
    fn a_full_pool_refuses_with_a_wait_and_takes_nothing() {
        let a = analyses(1, 0);
        a.took(Duration::from_secs(10));
        let _slot = a.start("c|ann", "g1", 0, Duration::ZERO).unwrap();
        let refused = a.start("c|bob", "g2", 0, Duration::ZERO).err();
        assert_eq!(refused, Some(NotNow::Busy { ahead: 1, secs: 10 }));
        // Bob was refused before his cooldown began, and g2 is not marked running.
        assert_eq!(a.pool.in_use(), 1);
        assert!(a.running.lock().unwrap().get("g2").is_none());
        assert!(a.cooldowns.lock().unwrap().get("c|bob").is_none());
    }
}
