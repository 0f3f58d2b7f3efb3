//! The AI's searchers, shared by every game against the AI (issue 16): a fixed number of
//! searches at once (one per core by default), each with a transposition table kept
//! from search to search ([`mancala_ai::Ai::reconfigure`]), and a bounded queue of games
//! waiting for one. The AI's memory is the pool's, whatever the number of games; a move
//! that would join a full queue is refused before anything changes.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};

use mancala_ai::{Ai, ConfigError, SearchConfig};

/// The pool's shape: searches at once, and games that may wait for one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PoolSize {
    /// Searches running at once (each with its own table); at least 1.
    pub searchers: usize,
    /// Games waiting for a searcher, at most; a move beyond is refused.
    pub queue: usize,
}

impl Default for PoolSize {
    /// One searcher per core (as the OS reports them), and 64 waiting games.
    fn default() -> Self {
        PoolSize {
            searchers: std::thread::available_parallelism().map_or(1, |n| n.get()),
            queue: 64,
        }
    }
}

/// The searchers and the games waiting for them.
pub struct AiPool {
    size: PoolSize,
    /// Searchers not in use (made on first need, so an idle bot holds no table).
    idle: Mutex<Vec<Ai>>,
    /// Searchers handed out or made so far.
    made: Mutex<usize>,
    freed: Condvar,
    /// Games holding a [`Ticket`]: searching or waiting.
    admitted: AtomicUsize,
}

/// A game's place in the pool: searching or waiting. Dropping it gives the place up.
#[must_use = "the place is given up when the ticket is dropped"]
pub struct Ticket<'a> {
    pool: &'a AiPool,
}

impl Drop for Ticket<'_> {
    fn drop(&mut self) {
        self.pool.admitted.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The pool is full: `ahead` games are searching or waiting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Busy {
    /// Games in the pool now.
    pub ahead: usize,
}

impl AiPool {
    /// An empty pool of `size` (at least one searcher).
    pub fn new(size: PoolSize) -> AiPool {
        AiPool {
            size: PoolSize {
                searchers: size.searchers.max(1),
                queue: size.queue,
            },
            idle: Mutex::new(Vec::new()),
            made: Mutex::new(0),
            freed: Condvar::new(),
            admitted: AtomicUsize::new(0),
        }
    }

    /// Games searching or waiting now.
    pub fn in_use(&self) -> usize {
        self.admitted.load(Ordering::SeqCst)
    }

    /// Games waiting for a searcher now (beyond those searching).
    pub fn waiting(&self) -> usize {
        self.in_use().saturating_sub(self.size.searchers)
    }

    /// A place for one game, if the searchers and the queue are not all taken.
    ///
    /// # Errors
    /// [`Busy`] with the games ahead: nothing was taken.
    pub fn admit(&self) -> Result<Ticket<'_>, Busy> {
        let cap = self.size.searchers + self.size.queue;
        self.admitted
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                (n < cap).then_some(n + 1)
            })
            .map(|_| Ticket { pool: self })
            .map_err(|ahead| Busy { ahead })
    }

    /// Runs `search` with a searcher set to `config`, waiting for one to be free. The
    /// caller holds a [`Ticket`], so at most `searchers + queue` callers wait here.
    ///
    /// # Errors
    /// The configuration refused ([`Ai::reconfigure`]); nothing was searched.
    pub fn search<T>(
        &self,
        _ticket: &Ticket<'_>,
        config: SearchConfig,
        search: impl FnOnce(&mut Ai) -> T,
    ) -> Result<T, ConfigError> {
        let mut ai = self.take(config)?;
        let found = search(&mut ai);
        self.idle.lock().unwrap_or_else(|e| e.into_inner()).push(ai);
        self.freed.notify_one();
        Ok(found)
    }

    /// A free searcher set to `config`: an idle one, a new one while fewer than
    /// `searchers` exist, else the first one freed.
    fn take(&self, config: SearchConfig) -> Result<Ai, ConfigError> {
        let mut idle = self.idle.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if let Some(mut ai) = idle.pop() {
                if let Err(e) = ai.reconfigure(config) {
                    idle.push(ai);
                    return Err(e);
                }
                return Ok(ai);
            }
            {
                let mut made = self.made.lock().unwrap_or_else(|e| e.into_inner());
                if *made < self.size.searchers {
                    let ai = Ai::new(config)?;
                    *made += 1;
                    return Ok(ai);
                }
            }
            idle = self.freed.wait(idle).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// Searchers made so far (each holds one table): at most `searchers`.
    pub fn searchers_made(&self) -> usize {
        *self.made.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::time::Duration;

    fn config() -> SearchConfig {
        SearchConfig {
            level: 1,
            ms_per_move: 0,
            tt_mb: 1,
            seed: 0,
            max_nodes: Some(100),
        }
    }

    #[test]
    fn admits_searchers_plus_queue_then_refuses_and_frees_on_drop() {
        let pool = AiPool::new(PoolSize {
            searchers: 2,
            queue: 1,
        });
        let tickets: Vec<Ticket<'_>> = (0..3).map(|_| pool.admit().unwrap()).collect();
        assert_eq!(pool.waiting(), 1);
        assert_eq!(pool.admit().err(), Some(Busy { ahead: 3 }));
        drop(tickets);
        assert_eq!(pool.in_use(), 0);
        assert!(pool.admit().is_ok());
    }

    #[test]
    fn at_most_the_searchers_exist_and_search_at_once() {
        let pool = Arc::new(AiPool::new(PoolSize {
            searchers: 2,
            queue: 16,
        }));
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let threads: Vec<_> = (0..8)
            .map(|_| {
                let (pool, running, most) = (pool.clone(), running.clone(), most.clone());
                std::thread::spawn(move || {
                    let ticket = pool.admit().unwrap();
                    pool.search(&ticket, config(), |_| {
                        let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        std::thread::sleep(Duration::from_millis(20));
                        running.fetch_sub(1, Ordering::SeqCst);
                    })
                    .unwrap();
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        assert_eq!(most.load(Ordering::SeqCst), 2);
        assert_eq!(pool.searchers_made(), 2);
        assert_eq!(pool.in_use(), 0);
    }
}
