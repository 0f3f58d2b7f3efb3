//! What one user's pictures may cost the bot (issue 33): the replays of moves are drawn
//! on the bounded drawing pool ([`super::draw_pool`]) and kept once drawn in a cache
//! bounded by bytes (`PictureCache`), and each user has a budget of frames
//! ([`Budget`]): a long replay drawn anew costs one per frame, a cached one or a board
//! costs one. A look (`!replay`, `!board`) over the budget or while the drawing queue is
//! full is refused with when to try again, and nothing is drawn.
//!
//! The cache's key is what the picture is drawn from: the move (its position before and
//! the move, which decide every frame), every label ([`BoardInfo`]: names, captures,
//! view, theme, how the game ended, the match) and the language, so that a cached
//! picture is never another's.

use std::num::NonZeroU32;
use std::sync::Arc;

use governor::clock::Clock as GovernorClock;
use governor::state::keyed::HashMapStateStore;
use governor::{Quota, RateLimiter};

use super::limiter::{CoreClock, Keyed};
use mancala_rules::Trace;

use super::api::Incoming;
use super::decision::{Decision, Picture, Refusal};
use super::draw_pool::{DrawBusy, DrawPool, DrawSize};
use super::painter::BoardInfo;
use super::show::Theme;
use super::{Clock, Core};
use crate::i18n::{self, Lang};
use crate::metrics::Metrics;

/// The limits of pictures (see `[limits]` in `config.example.toml`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PictureLimits {
    /// The drawing pool of replays: threads and waiting replays.
    pub pool: DrawSize,
    /// Bytes the picture cache holds at most.
    pub cache_bytes: u64,
    /// Frames a user's budget refills per minute; `None`: no budget.
    pub frames_per_minute: Option<NonZeroU32>,
    /// Frames a user's budget holds at most (a replay costs at most this).
    pub burst_frames: NonZeroU32,
}

impl Default for PictureLimits {
    /// One drawing thread per core, 32 waiting replays, 64 MiB of cache, and a budget
    /// of 300 frames refilled at 300 a minute (a move of 106 frames: about 3 replays
    /// drawn anew a minute).
    fn default() -> Self {
        PictureLimits {
            pool: DrawSize::default(),
            cache_bytes: 64 << 20,
            frames_per_minute: NonZeroU32::new(300),
            burst_frames: NonZeroU32::new(300).unwrap_or(NonZeroU32::MIN),
        }
    }
}

/// A move drawn as an animated GIF, as cached.
#[derive(Debug)]
pub(crate) struct MoveGif {
    /// The GIF's bytes.
    pub gif: Vec<u8>,
    /// Its frames.
    pub frames: usize,
    /// The text alternative of its last frame.
    pub alt: String,
}

/// What a cached picture was drawn from (see the module's comment).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct PictureKey {
    lang: Lang,
    /// The move and the position before it, as `Debug` writes them (every field).
    mv: String,
    /// The labels, as `Debug` writes them (every field).
    info: String,
}

impl PictureKey {
    /// The key of `trace`'s pictures under `info`, in the current language.
    pub(crate) fn of(trace: &Trace, info: &BoardInfo) -> PictureKey {
        PictureKey {
            lang: i18n::current(),
            mv: format!("{:?} {:?}", trace.mv, trace.before),
            info: format!("{info:?}"),
        }
    }
}

/// Weighs a cached GIF by its bytes (and its key's).
#[derive(Clone, Copy)]
pub(crate) struct Bytes;

impl quick_cache::Weighter<PictureKey, Arc<MoveGif>> for Bytes {
    fn weight(&self, key: &PictureKey, val: &Arc<MoveGif>) -> u64 {
        (val.gif.len() + val.alt.len() + key.mv.len() + key.info.len()) as u64
    }
}

/// The moves' GIFs, bounded by bytes, least recently used going first (quick_cache's
/// CLOCK-Pro); a look-up of a move being drawn waits for it rather than drawing it too.
pub(crate) type PictureCache = quick_cache::sync::Cache<PictureKey, Arc<MoveGif>, Bytes>;

/// Each user's budget of frames (in every community of the platform together, as the
/// command limits), on governor's GCRA.
pub(crate) struct Budget {
    limiter: Option<Keyed>,
    burst: NonZeroU32,
    clock: CoreClock,
}

impl Budget {
    fn new(limits: &PictureLimits, clock: Arc<dyn Clock>) -> Budget {
        let clock = CoreClock::new(clock);
        Budget {
            limiter: limits.frames_per_minute.map(|n| {
                RateLimiter::new(
                    Quota::per_minute(n).allow_burst(limits.burst_frames),
                    HashMapStateStore::default(),
                    clock.clone(),
                )
            }),
            burst: limits.burst_frames,
            clock,
        }
    }

    /// Takes `cost` frames (at most the burst) from `user`'s budget.
    ///
    /// # Errors
    /// The seconds to wait (at least 1) when the budget holds less; nothing taken.
    fn take(&self, user: &str, cost: u32) -> Result<(), u64> {
        let Some(limiter) = &self.limiter else {
            return Ok(());
        };
        let cost = NonZeroU32::new(cost.min(self.burst.get())).unwrap_or(NonZeroU32::MIN);
        match limiter.check_key_n(&user.to_string(), cost) {
            Ok(Ok(())) => Ok(()),
            Ok(Err(not_until)) => Err(not_until
                .wait_time_from(self.clock.now())
                .as_secs_f64()
                .ceil()
                .max(1.0) as u64),
            // Cannot happen: the cost is at most the burst.
            Err(_) => Err(60),
        }
    }
}

/// The drawing pool, the cache and the budgets of one core.
pub(super) struct Pictures {
    pub(super) pool: DrawPool,
    pub(super) cache: PictureCache,
    budget: Budget,
}

impl Pictures {
    /// The pictures' limits of a core timed by `clock`, recording into `metrics`.
    pub(super) fn new(
        limits: &PictureLimits,
        clock: Arc<dyn Clock>,
        metrics: Arc<Metrics>,
    ) -> Self {
        // A GIF of a long move is about a megabyte: a guess of the entries for the
        // cache's tables only; the bound is the bytes.
        let items = usize::try_from(limits.cache_bytes >> 18)
            .unwrap_or(1024)
            .max(16);
        Pictures {
            pool: DrawPool::new(limits.pool, metrics.clone()),
            cache: PictureCache::with_weighter(items, limits.cache_bytes.max(1), Bytes),
            budget: Budget::new(limits, clock),
        }
    }

    /// Forgets the budgets of users idle for a whole window (called by the tick).
    pub(super) fn forget_idle(&self) {
        if let Some(l) = &self.budget.limiter {
            l.retain_recent();
        }
    }
}

/// The refusal of a replay while the drawing queue is full.
fn busy_text(busy: DrawBusy) -> String {
    tr!("picture-busy", count = busy.ahead, secs = busy.secs)
}

impl Core {
    /// Lets the pictures of a look (`decision` writes nothing) be drawn for `msg`'s
    /// author, or refuses the look: the drawing queue is full while a replay is to be
    /// drawn anew, or the author's budget holds fewer frames than they cost (a replay
    /// drawn anew: its frames; a cached one, a board: one). Sets the boards' `theme`
    /// (the channel's), which the cache's key holds. A decision that writes is let be:
    /// the move is made, its pictures are drawn.
    ///
    /// # Errors
    /// The refusal, with when to try again; nothing was drawn or taken.
    pub(super) fn admit_pictures(
        &self,
        msg: &Incoming,
        decision: &mut Decision,
        theme: Theme,
    ) -> Result<(), Refusal> {
        if decision.change.is_some() {
            return Ok(());
        }
        let mut cost = 0u32;
        let mut to_draw = false;
        for picture in decision.replies.iter_mut().flat_map(|d| &mut d.pictures) {
            picture.set_theme(theme);
            cost += match picture {
                Picture::Replay { trace, info } => {
                    if self
                        .pictures
                        .cache
                        .get(&PictureKey::of(trace, info))
                        .is_some()
                    {
                        1
                    } else {
                        to_draw = true;
                        frames_of(trace)
                    }
                }
                Picture::Board { .. } => 1,
                _ => 0,
            };
        }
        if to_draw && self.pictures.pool.is_full() {
            self.metrics.picture_refused("queue");
            return Err(Refusal(busy_text(self.pictures.pool.busy())));
        }
        if cost == 0 {
            return Ok(());
        }
        self.pictures
            .budget
            .take(&msg.author.id, cost)
            .map_err(|secs| {
                self.metrics.picture_refused("budget");
                Refusal(tr!("picture-budget", secs = secs))
            })
    }

    /// The move of `trace` under `info` as an animated GIF: from the cache, else drawn
    /// (and cached): on the drawing pool when `on_pool` (`!replay`), else on this thread
    /// (the pictures of a move just played, which never wait behind replays).
    ///
    /// # Errors
    /// The refusal when the drawing pool is full or its thread stopped.
    pub(super) fn move_gif(
        &self,
        trace: &Trace,
        info: &BoardInfo,
        on_pool: bool,
    ) -> Result<Arc<MoveGif>, String> {
        let key = PictureKey::of(trace, info);
        let found = self.pictures.cache.get(&key);
        self.metrics.picture_cache(found.is_some());
        if let Some(gif) = found {
            return Ok(gif);
        }
        let frames = frames_of(trace) as usize;
        let painter = self.painter.clone();
        let (trace, info, lang) = (trace.clone(), info.clone(), i18n::current());
        let draw = move || {
            i18n::with_lang(lang, || {
                let frames = painter.move_frames(&trace, &info);
                Arc::new(MoveGif {
                    gif: painter.gif(&frames),
                    frames: frames.len(),
                    alt: frames.last().map(|f| f.alt.clone()).unwrap_or_default(),
                })
            })
        };
        let out = self.pictures.cache.get_or_insert_with(&key, || {
            if !on_pool {
                return Ok(draw());
            }
            let ticket = self.pictures.pool.admit(frames).map_err(|busy| {
                self.metrics.picture_refused("queue");
                busy_text(busy)
            })?;
            self.pictures
                .pool
                .run(&ticket, draw)
                .map_err(|_| tr!("picture-failed"))
        });
        self.metrics
            .picture_cache_bytes(self.pictures.cache.weight());
        out
    }
}

/// The frames of `trace`: one per relay and capture, and the final board.
fn frames_of(trace: &Trace) -> u32 {
    u32::try_from(trace.relays() + trace.captures() + 1).unwrap_or(u32::MAX)
}
