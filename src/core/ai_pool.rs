//! The AI's searchers, shared by every game against the AI (issue 16): a fixed number of
//! search threads (one per core by default), each with a transposition table kept from
//! search to search ([`mancala_ai::Ai::reconfigure`]), and a bounded queue of games
//! waiting for one. The AI's memory is the pool's, whatever the number of games; a move
//! that would join a full queue is refused before anything changes. The search threads
//! run at the lowest priority (niceness 19 on Linux): the players' own commands (a move,
//! its pictures) always come first on a busy machine.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex, OnceLock};

use mancala_ai::{Ai, ConfigError, SearchConfig};

use crate::metrics::Metrics;

/// The pool's shape: searches at once, and games that may wait for one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PoolSize {
    /// Search threads (each with its own table); at least 1.
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

/// What a pool's searches are for: the games' moves (and hints), or the game analyses
/// of `!analyze` (issue 33), which have a pool of their own so that a move never waits
/// behind an analysis and a full analysis queue refuses analyses only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PoolKind {
    /// Moves and hints: `mancala_ai_queue_depth`, threads `ai-search-N`.
    Play,
    /// Game analyses: `mancala_analysis_queue_depth`, threads `ai-review-N`.
    Analysis,
}

impl PoolKind {
    /// Records a change of the queue's depth into this kind's gauge.
    fn queued(self, metrics: &Metrics, change: i64) {
        match self {
            PoolKind::Play => metrics.ai_queued(change),
            PoolKind::Analysis => metrics.analysis_queued(change),
        }
    }

    /// The threads' name before their number.
    fn thread_name(self) -> &'static str {
        match self {
            PoolKind::Play => "ai-search",
            PoolKind::Analysis => "ai-review",
        }
    }
}

/// What a search does with the searcher set to its configuration (or with the refusal).
type Run = Box<dyn FnOnce(Result<&mut Ai, ConfigError>) + Send>;

/// A search for a thread of the pool: its configuration, and what to do then.
struct Job {
    config: SearchConfig,
    run: Run,
    /// Where the job leaves the queue (`mancala_ai_queue_depth`) when a thread takes it.
    metrics: Arc<Metrics>,
    /// Which queue's gauge that is.
    kind: PoolKind,
}

/// Why a search did not run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PoolError {
    /// The configuration was refused ([`Ai::reconfigure`]).
    Config(ConfigError),
    /// The search thread stopped (a panic in the search); the next search gets a
    /// working thread only after a restart, so the error is logged loudly.
    Stopped,
    /// The bot is shutting down ([`AiPool::stop_all`]): the search was not started, or
    /// was cut short and its result dropped. A move the AI owes is played after the
    /// restart.
    ShuttingDown,
}

impl std::fmt::Display for PoolError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PoolError::Config(e) => write!(f, "{e}"),
            PoolError::Stopped => f.write_str("the AI's search thread stopped"),
            PoolError::ShuttingDown => f.write_str("the bot is shutting down"),
        }
    }
}

impl std::error::Error for PoolError {}

/// The search threads and the games waiting for them.
pub struct AiPool {
    size: PoolSize,
    /// Moves or analyses: the gauge and the threads' names.
    kind: PoolKind,
    /// The queue of searches, started with the threads on first need (an idle bot
    /// holds no table and no thread).
    jobs: OnceLock<mpsc::Sender<Job>>,
    /// Searchers (tables) made so far: at most one per thread.
    made: Arc<AtomicUsize>,
    /// Games holding a [`Ticket`]: searching or waiting.
    admitted: AtomicUsize,
    /// Raised by [`AiPool::stop_all`]: every searcher's stop flag.
    stopping: Arc<AtomicBool>,
    /// Searches cut short or not started because of [`AiPool::stop_all`].
    cancelled: Arc<AtomicUsize>,
    /// The queue's depth and the searches' times.
    metrics: Arc<Metrics>,
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
    /// An empty pool of `size` (at least one searcher); its threads start on first use.
    /// The searches waiting for a thread (`mancala_ai_queue_depth`) and each search's
    /// time (`mancala_ai_search_seconds`) are recorded into `metrics`.
    pub fn new(size: PoolSize, metrics: Arc<Metrics>) -> AiPool {
        AiPool::of_kind(PoolKind::Play, size, metrics)
    }

    /// As [`AiPool::new`], for `kind`'s searches: a [`PoolKind::Analysis`] pool records
    /// its queue into `mancala_analysis_queue_depth` and names its threads `ai-review-N`.
    pub fn of_kind(kind: PoolKind, size: PoolSize, metrics: Arc<Metrics>) -> AiPool {
        AiPool {
            kind,
            size: PoolSize {
                searchers: size.searchers.max(1),
                queue: size.queue,
            },
            jobs: OnceLock::new(),
            made: Arc::new(AtomicUsize::new(0)),
            admitted: AtomicUsize::new(0),
            stopping: Arc::new(AtomicBool::new(false)),
            cancelled: Arc::new(AtomicUsize::new(0)),
            metrics,
        }
    }

    /// Ends every search now and refuses new ones ([`PoolError::ShuttingDown`]): for a
    /// shutdown, so that no search holds it up. Cannot be undone.
    pub fn stop_all(&self) {
        self.stopping.store(true, Ordering::SeqCst);
    }

    /// Searches cut short or refused since [`AiPool::stop_all`].
    pub fn cancelled(&self) -> usize {
        self.cancelled.load(Ordering::SeqCst)
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

    /// Runs `search` on one of the pool's threads with its searcher set to `config`,
    /// waiting (blocking) for a free thread and for the result. The caller holds a
    /// [`Ticket`], so at most `searchers + queue` callers wait here.
    ///
    /// # Errors
    /// The configuration refused, or the thread stopped; nothing was searched.
    pub fn search<T: Send + 'static>(
        &self,
        _ticket: &Ticket<'_>,
        config: SearchConfig,
        search: impl FnOnce(&mut Ai) -> T + Send + 'static,
    ) -> Result<T, PoolError> {
        if self.stopping.load(Ordering::SeqCst) {
            self.cancelled.fetch_add(1, Ordering::SeqCst);
            return Err(PoolError::ShuttingDown);
        }
        let (tx, rx) = mpsc::channel();
        let (stopping, cancelled) = (self.stopping.clone(), self.cancelled.clone());
        let metrics = self.metrics.clone();
        let job = Job {
            config,
            run: Box::new(move |ai| {
                let found = ai
                    .map(|ai| {
                        let started = std::time::Instant::now();
                        let found = search(ai);
                        metrics.ai_searched(started.elapsed());
                        found
                    })
                    .map_err(PoolError::Config);
                // A search the shutdown cut short is not the AI's move: dropped, and
                // searched again after the restart.
                let found = match found {
                    Ok(_) if stopping.load(Ordering::SeqCst) => {
                        cancelled.fetch_add(1, Ordering::SeqCst);
                        Err(PoolError::ShuttingDown)
                    }
                    other => other,
                };
                let _ = tx.send(found);
            }),
            metrics: self.metrics.clone(),
            kind: self.kind,
        };
        self.kind.queued(&self.metrics, 1);
        if self.jobs().send(job).is_err() {
            self.kind.queued(&self.metrics, -1);
            return Err(PoolError::Stopped);
        }
        rx.recv().unwrap_or(Err(PoolError::Stopped))
    }

    /// The queue of the pool's threads, starting them on first use.
    fn jobs(&self) -> &mpsc::Sender<Job> {
        self.jobs.get_or_init(|| {
            let (tx, rx) = mpsc::channel::<Job>();
            let rx = Arc::new(Mutex::new(rx));
            for n in 0..self.size.searchers {
                let (rx, made) = (rx.clone(), self.made.clone());
                let stop = self.stopping.clone();
                let spawned = std::thread::Builder::new()
                    .name(format!("{}-{n}", self.kind.thread_name()))
                    .spawn(move || search_thread(&rx, &made, &stop));
                if let Err(e) = spawned {
                    tracing::error!("cannot start an AI search thread: {e}");
                }
            }
            tx
        })
    }

    /// Searchers made so far (each holds one table): at most `searchers`.
    pub fn searchers_made(&self) -> usize {
        self.made.load(Ordering::SeqCst)
    }
}

/// One search thread: at the lowest priority, runs the queue's searches one at a time
/// with its own searcher (made by the first search, reconfigured by the next ones).
fn search_thread(jobs: &Mutex<mpsc::Receiver<Job>>, made: &AtomicUsize, stop: &Arc<AtomicBool>) {
    if let Err(e) =
        thread_priority::set_current_thread_priority(thread_priority::ThreadPriority::Min)
    {
        tracing::warn!("the AI's search thread keeps its priority: {e:?}");
    }
    let mut searcher: Option<Ai> = None;
    loop {
        let job = {
            let queue = jobs.lock().unwrap_or_else(|e| e.into_inner());
            queue.recv()
        };
        let Ok(Job {
            config,
            run,
            metrics,
            kind,
        }) = job
        else {
            return;
        };
        kind.queued(&metrics, -1);
        match &mut searcher {
            Some(ai) => match ai.reconfigure(config) {
                Ok(()) => run(Ok(ai)),
                Err(e) => run(Err(e)),
            },
            None => match Ai::new(config) {
                Ok(mut ai) => {
                    ai.set_stop(Some(stop.clone()));
                    made.fetch_add(1, Ordering::SeqCst);
                    run(Ok(searcher.insert(ai)));
                }
                Err(e) => run(Err(e)),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::time::Duration;

    fn new_pool(size: PoolSize) -> AiPool {
        AiPool::new(size, Arc::new(Metrics::new()))
    }

    fn config() -> SearchConfig {
        SearchConfig {
            level: 1,
            ms_per_move: 0,
            tt_mb: 1,
            seed: 0,
            max_nodes: Some(100),
            opening_plies: 0,
        }
    }

    #[test]
    fn admits_searchers_plus_queue_then_refuses_and_frees_on_drop() {
        let pool = new_pool(PoolSize {
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

    /// The search runs on a thread of the pool at the lowest priority (Linux: nice 19).
    #[test]
    fn searches_run_at_the_lowest_priority() {
        let pool = new_pool(PoolSize {
            searchers: 1,
            queue: 0,
        });
        let ticket = pool.admit().unwrap();
        let nice = pool
            .search(&ticket, config(), |_| {
                let stat = std::fs::read_to_string("/proc/thread-self/stat").unwrap_or_default();
                // Field 19 (nice) after the command name in parentheses.
                let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
                after
                    .split_whitespace()
                    .nth(16)
                    .and_then(|n| n.parse::<i32>().ok())
            })
            .unwrap();
        if cfg!(target_os = "linux") {
            assert_eq!(nice, Some(19));
        }
        let refused = pool.search(
            &ticket,
            SearchConfig {
                level: 9,
                ..config()
            },
            |_| (),
        );
        assert!(matches!(refused, Err(PoolError::Config(_))));
    }

    /// A shutdown ends a running search at once and drops its move; later searches are
    /// refused without running.
    #[test]
    fn stop_all_cuts_a_running_search_short_and_refuses_new_ones() {
        let pool = Arc::new(new_pool(PoolSize {
            searchers: 1,
            queue: 1,
        }));
        let searching = {
            let pool = pool.clone();
            std::thread::spawn(move || {
                let ticket = pool.admit().unwrap();
                // No node or time budget: only the stop flag can end it.
                let unbounded = SearchConfig {
                    level: 5,
                    max_nodes: None,
                    ..config()
                };
                let t0 = std::time::Instant::now();
                let found = pool.search(&ticket, unbounded, |ai| {
                    let game = mancala_rules::Game::new(mancala_rules::Variant::KATRO);
                    ai.choose_in_game(&game)
                });
                (found.map(|_| ()), t0.elapsed())
            })
        };
        std::thread::sleep(Duration::from_millis(300));
        pool.stop_all();
        let (found, took) = searching.join().unwrap();
        assert_eq!(found, Err(PoolError::ShuttingDown));
        assert!(took < Duration::from_secs(20), "{took:?}");
        let ticket = pool.admit().unwrap();
        assert_eq!(
            pool.search(&ticket, config(), |_| ()),
            Err(PoolError::ShuttingDown)
        );
        assert_eq!(pool.cancelled(), 2);
    }

    #[test]
    fn at_most_the_searchers_exist_and_search_at_once() {
        let pool = Arc::new(new_pool(PoolSize {
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
                    pool.search(&ticket, config(), move |_| {
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

    /// A search waiting for the only thread is the queue's depth; each search's time
    /// is recorded once it ran.
    #[test]
    fn the_queue_depth_and_search_times_are_recorded() {
        let metrics = Arc::new(Metrics::new());
        let pool = Arc::new(AiPool::new(
            PoolSize {
                searchers: 1,
                queue: 4,
            },
            metrics.clone(),
        ));
        let depth = || {
            metrics
                .encode(None)
                .lines()
                .find_map(|l| l.strip_prefix("mancala_ai_queue_depth "))
                .map(str::to_string)
        };
        let (go, wait) = mpsc::channel::<()>();
        let wait = Arc::new(Mutex::new(wait));
        let first = {
            let (pool, wait) = (pool.clone(), wait.clone());
            std::thread::spawn(move || {
                let ticket = pool.admit().unwrap();
                pool.search(&ticket, config(), move |_| {
                    let _ = wait.lock().unwrap().recv();
                })
                .unwrap();
            })
        };
        let until = |done: &dyn Fn() -> bool| {
            let deadline = std::time::Instant::now() + Duration::from_secs(30);
            while !done() {
                assert!(std::time::Instant::now() < deadline, "timed out");
                std::thread::sleep(Duration::from_millis(5));
            }
        };
        until(&|| pool.searchers_made() == 1);
        let second = {
            let pool = pool.clone();
            std::thread::spawn(move || {
                let ticket = pool.admit().unwrap();
                pool.search(&ticket, config(), |_| ()).unwrap();
            })
        };
        until(&|| depth().as_deref() == Some("1"));
        go.send(()).unwrap();
        first.join().unwrap();
        second.join().unwrap();
        assert_eq!(depth().as_deref(), Some("0"));
        assert!(metrics
            .encode(None)
            .lines()
            .any(|l| l == "mancala_ai_search_seconds_count 2"));
    }
}
