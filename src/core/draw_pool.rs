//! The drawing threads of `!replay` (issue 33): a fixed number of threads (one per core
//! by default) at the lowest priority, and a bounded queue of replays waiting for one,
//! as the AI's pool ([`super::ai_pool`]) does for searches. However many replays are
//! asked for at once, at most `threads` moves are drawn at once (the frames of a long
//! move are tens of megabytes while drawn), the rest wait without pictures in memory,
//! and one beyond the queue is refused before anything is drawn, with a wait from the
//! measured drawing speed. The pictures of a move just played are drawn on the
//! player's own thread, at normal priority: they never wait behind a replay.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use crate::metrics::Metrics;

/// A drawing for a thread of the pool.
type Job = Box<dyn FnOnce() + Send>;

/// The first guess of the time to draw one frame, microseconds, before one was measured
/// (a Katro 6x6 frame and its share of the GIF in a release build).
const FIRST_GUESS_US: u64 = 10_000;

/// The pool's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawSize {
    /// Drawing threads; at least 1.
    pub threads: usize,
    /// Replays that may wait for a thread; one beyond is refused.
    pub queue: usize,
}

impl Default for DrawSize {
    /// One thread per core (as the OS reports them), and 32 waiting replays.
    fn default() -> Self {
        DrawSize {
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            queue: 32,
        }
    }
}

/// The pool is full: `ahead` replays are drawn or waiting; try again in `secs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct DrawBusy {
    /// Replays in the pool now.
    pub ahead: usize,
    /// Seconds until a place is likely free, at least 1.
    pub secs: u64,
}

/// The drawing threads and the replays waiting for them.
pub(crate) struct DrawPool {
    size: DrawSize,
    /// The queue, with the threads started on first use.
    jobs: OnceLock<mpsc::Sender<Job>>,
    /// Places taken (drawing or waiting).
    admitted: AtomicUsize,
    /// Frames of the places taken, for the wait of a refusal.
    frames_ahead: AtomicUsize,
    /// A running mean of the time to draw one frame, microseconds.
    us_per_frame: AtomicU64,
    metrics: Arc<Metrics>,
}

/// A replay's place in the pool; dropping it gives the place up.
#[must_use = "the place is given up when the ticket is dropped"]
pub(crate) struct DrawTicket<'a> {
    pool: &'a DrawPool,
    frames: usize,
}

impl Drop for DrawTicket<'_> {
    fn drop(&mut self) {
        self.pool.admitted.fetch_sub(1, Ordering::SeqCst);
        self.pool
            .frames_ahead
            .fetch_sub(self.frames, Ordering::SeqCst);
    }
}

/// The drawing failed (a panic in the painter, or no drawing thread); nothing was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct DrawStopped;

impl DrawPool {
    /// An empty pool of `size` (at least one thread), its threads started on first
    /// use; the replays waiting are `mancala_picture_queue_depth` in `metrics`.
    pub(crate) fn new(size: DrawSize, metrics: Arc<Metrics>) -> DrawPool {
        DrawPool {
            size: DrawSize {
                threads: size.threads.max(1),
                queue: size.queue,
            },
            jobs: OnceLock::new(),
            admitted: AtomicUsize::new(0),
            frames_ahead: AtomicUsize::new(0),
            us_per_frame: AtomicU64::new(FIRST_GUESS_US),
            metrics,
        }
    }

    /// Replays drawn or waiting now.
    pub(crate) fn in_use(&self) -> usize {
        self.admitted.load(Ordering::SeqCst)
    }

    /// Whether a replay asked for now would be refused.
    pub(crate) fn is_full(&self) -> bool {
        self.in_use() >= self.size.threads + self.size.queue
    }

    /// The refusal while full: the replays ahead and the time their frames take.
    pub(crate) fn busy(&self) -> DrawBusy {
        let frames = self.frames_ahead.load(Ordering::SeqCst) as u64;
        let us = frames * self.us_per_frame.load(Ordering::Relaxed) / self.size.threads as u64;
        DrawBusy {
            ahead: self.in_use(),
            secs: us.div_ceil(1_000_000).max(1),
        }
    }

    /// A place for a replay of `frames` frames, if the threads and the queue are not
    /// all taken.
    ///
    /// # Errors
    /// [`DrawBusy`]: nothing was taken.
    pub(crate) fn admit(&self, frames: usize) -> Result<DrawTicket<'_>, DrawBusy> {
        let cap = self.size.threads + self.size.queue;
        let taken = self
            .admitted
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                (n < cap).then_some(n + 1)
            });
        if taken.is_err() {
            return Err(self.busy());
        }
        self.frames_ahead.fetch_add(frames, Ordering::SeqCst);
        Ok(DrawTicket { pool: self, frames })
    }

    /// Runs `draw` on one of the pool's threads, waiting (blocking) for a free thread
    /// and for its result; the time per frame is measured for the next refusals.
    ///
    /// # Errors
    /// [`DrawStopped`] when `draw` panicked (the thread goes on) or no thread runs.
    pub(crate) fn run<T: Send + 'static>(
        &self,
        ticket: &DrawTicket<'_>,
        draw: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, DrawStopped> {
        let (tx, rx) = mpsc::channel();
        let metrics = self.metrics.clone();
        let job: Job = Box::new(move || {
            metrics.picture_queued(-1);
            let started = Instant::now();
            let out = draw();
            let _ = tx.send((out, started.elapsed()));
        });
        self.metrics.picture_queued(1);
        if self.jobs().send(job).is_err() {
            self.metrics.picture_queued(-1);
            return Err(DrawStopped);
        }
        let (out, took) = rx.recv().map_err(|_| DrawStopped)?;
        self.measured(took, ticket.frames);
        Ok(out)
    }

    /// `frames` frames took `took`: the mean moves a quarter of the way.
    fn measured(&self, took: Duration, frames: usize) {
        let us = u64::try_from(took.as_micros()).unwrap_or(u64::MAX) / frames.max(1) as u64;
        let _ = self
            .us_per_frame
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |mean| {
                Some(mean.saturating_mul(3).saturating_add(us) / 4)
            });
    }

    /// The queue of the pool's threads, starting them on first use.
    fn jobs(&self) -> &mpsc::Sender<Job> {
        self.jobs.get_or_init(|| {
            let (tx, rx) = mpsc::channel::<Job>();
            let rx = Arc::new(Mutex::new(rx));
            for n in 0..self.size.threads {
                let rx = rx.clone();
                let spawned = std::thread::Builder::new()
                    .name(format!("draw-{n}"))
                    .spawn(move || draw_thread(&rx));
                if let Err(e) = spawned {
                    tracing::error!("cannot start a drawing thread: {e}");
                }
            }
            tx
        })
    }
}

/// One drawing thread: at the lowest priority, runs the queue's drawings one at a time.
fn draw_thread(jobs: &Mutex<mpsc::Receiver<Job>>) {
    if let Err(e) =
        thread_priority::set_current_thread_priority(thread_priority::ThreadPriority::Min)
    {
        tracing::warn!("the drawing thread keeps its priority: {e:?}");
    }
    loop {
        let job = {
            let queue = jobs.lock().unwrap_or_else(|e| e.into_inner());
            queue.recv()
        };
        let Ok(job) = job else { return };
        // A panic in the painter fails that replay only (its caller hears of it when
        // the result's sender is dropped); the thread goes on with the next one.
        if std::panic::catch_unwind(std::panic::AssertUnwindSafe(job)).is_err() {
            tracing::error!("drawing a replay panicked; that replay was refused");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pool(threads: usize, queue: usize) -> Arc<DrawPool> {
        Arc::new(DrawPool::new(
            DrawSize { threads, queue },
            Arc::new(Metrics::new()),
        ))
    }

    #[test]
    fn admits_threads_plus_queue_then_refuses_with_a_wait_and_frees_on_drop() {
        let pool = pool(2, 1);
        let tickets: Vec<_> = (0..3).map(|_| pool.admit(100).unwrap()).collect();
        assert!(pool.is_full());
        // 300 frames at the first guess (10 ms) on 2 threads: 1.5 s, said as 2 s.
        assert_eq!(pool.admit(1).err(), Some(DrawBusy { ahead: 3, secs: 2 }));
        drop(tickets);
        assert_eq!(pool.in_use(), 0);
        assert_eq!(pool.frames_ahead.load(Ordering::SeqCst), 0);
        assert!(pool.admit(1).is_ok());
    }

    #[test]
    fn at_most_the_threads_draw_at_once_at_the_lowest_priority() {
        let pool = pool(2, 16);
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let threads: Vec<_> = (0..8)
            .map(|_| {
                let (pool, running, most) = (pool.clone(), running.clone(), most.clone());
                std::thread::spawn(move || {
                    let ticket = pool.admit(1).unwrap();
                    pool.run(&ticket, move || {
                        let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        std::thread::sleep(Duration::from_millis(20));
                        running.fetch_sub(1, Ordering::SeqCst);
                        std::fs::read_to_string("/proc/thread-self/stat").unwrap_or_default()
                    })
                    .unwrap()
                })
            })
            .collect();
        for t in threads {
            let stat = t.join().unwrap();
            let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
            let nice = after.split_whitespace().nth(16);
            if cfg!(target_os = "linux") {
                assert_eq!(nice, Some("19"), "{stat}");
            }
        }
        assert_eq!(most.load(Ordering::SeqCst), 2);
        assert_eq!(pool.in_use(), 0);
    }

    #[test]
    fn a_panicking_drawing_fails_alone_and_the_thread_goes_on() {
        let pool = pool(1, 1);
        let ticket = pool.admit(1).unwrap();
        assert_eq!(
            pool.run(&ticket, || panic!("painter bug")),
            Err::<(), _>(DrawStopped)
        );
        assert_eq!(pool.run(&ticket, || 42), Ok(42));
    }
}
