//! The process's metrics and health ("Ready to host" issue): one Prometheus registry
//! ([`Metrics`]) that every layer records into, the command being handled
//! ([`in_command`]), which labels the store's reads and writes, and [`Health`], what
//! `/readyz` answers.
//!
//! This module sits below everything else in the bot (it knows nothing of the core, the
//! store, the renderer or the transports) so that each of them can record into it.
//!
//! One registry per process: [`Metrics::global`] is the instance the running bot serves
//! at `/metrics`; the core, the AI pool, the painter and the store wrapper take an
//! `Arc<Metrics>` (by default the global one) so that a test can count on its own
//! instance, exactly, while other tests run beside it. Threading a handle through every
//! constructor instead would change the core's constructor that every test, bench and
//! fuzz target calls, for no gain in a process that serves one registry anyway.
//!
//! Every label value is one of a bounded set (the command table's names, the game
//! kinds, the transports, the picture kinds), never user text, so the number of series
//! stays small whatever users type.

mod health;
mod scope;

use std::collections::BTreeMap;
use std::sync::atomic::AtomicI64;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;

pub use health::{Health, Reason};
pub use scope::{current_command, in_command, AI_MOVE, FOLLOW_UP, OTHER, TICK, UNKNOWN};

/// The `Content-Type` of [`Metrics::encode`]'s text: the Prometheus text format 0.0.4.
pub const CONTENT_TYPE: &str = prometheus_client::encoding::prometheus_text::CONTENT_TYPE;

/// How a handled command ended (`mancala_commands_total{outcome}`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Done: its replies were the success replies.
    Ok,
    /// Refused with a short error naming what was wrong (bad input, not allowed, not
    /// now, too long, rate limited); nothing changed.
    Refused,
    /// The store failed.
    Error,
    /// Other writes kept coming first, or the AI's pool was full: try again.
    Busy,
}

impl Outcome {
    /// The label value: `ok`, `refused`, `error`, `busy`.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Ok => "ok",
            Outcome::Refused => "refused",
            Outcome::Error => "error",
            Outcome::Busy => "busy",
        }
    }
}

/// `{command, outcome}`.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct CommandOutcome {
    command: &'static str,
    outcome: &'static str,
}

/// `{command}`: a name of the command table, `tick`, `unknown` or `other`.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct CommandLabel {
    command: &'static str,
}

/// `{picture}`: which painter call.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct PictureLabel {
    picture: &'static str,
}

/// `{result}`: `hit` or `miss` of the picture cache.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct CacheLabel {
    result: &'static str,
}

/// `{reason}`: why pictures were refused (`queue`, `budget`).
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RefusedLabel {
    reason: &'static str,
}

/// `{transport}`.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct TransportLabel {
    transport: &'static str,
}

/// `{game}`: a game kind as commands name it (`katro`, `hoyito:2x8`, `hoyito match`).
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct GameLabel {
    game: String,
}

type Seconds = Family<CommandLabel, Histogram, fn() -> Histogram>;

/// 1 ms to about 16 s: a command, a picture.
fn short_seconds() -> Histogram {
    Histogram::new(exponential_buckets(0.001, 2.0, 15))
}

/// 5 ms to about 80 s: an AI search (a level's time budget is at most 60 s).
fn search_seconds() -> Histogram {
    Histogram::new(exponential_buckets(0.005, 2.0, 15))
}

/// The process's metrics: the registry and a handle on each metric in it.
#[derive(Debug)]
pub struct Metrics {
    registry: Registry,
    commands: Family<CommandOutcome, Counter>,
    command_seconds: Seconds,
    store_reads: Family<CommandLabel, Counter>,
    store_writes: Family<CommandLabel, Counter>,
    store_conflicts: Family<CommandLabel, Counter>,
    ai_queue_depth: Gauge<i64, AtomicI64>,
    ai_search_seconds: Histogram,
    picture_seconds: Family<PictureLabel, Histogram, fn() -> Histogram>,
    analysis_queue_depth: Gauge<i64, AtomicI64>,
    picture_queue_depth: Gauge<i64, AtomicI64>,
    picture_cache: Family<CacheLabel, Counter>,
    picture_cache_bytes: Gauge<i64, AtomicI64>,
    picture_refused: Family<RefusedLabel, Counter>,
    transport_up: Family<TransportLabel, Gauge<i64, AtomicI64>>,
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

impl Metrics {
    /// A registry of its own with every metric at zero (tests; the bot uses
    /// [`Metrics::global`]).
    pub fn new() -> Metrics {
        let mut m = Metrics {
            registry: Registry::default(),
            commands: Family::default(),
            command_seconds: Family::new_with_constructor(short_seconds),
            store_reads: Family::default(),
            store_writes: Family::default(),
            store_conflicts: Family::default(),
            ai_queue_depth: Gauge::default(),
            ai_search_seconds: search_seconds(),
            picture_seconds: Family::new_with_constructor(short_seconds),
            analysis_queue_depth: Gauge::default(),
            picture_queue_depth: Gauge::default(),
            picture_cache: Family::default(),
            picture_cache_bytes: Gauge::default(),
            picture_refused: Family::default(),
            transport_up: Family::default(),
        };
        let r = &mut m.registry;
        r.register(
            "mancala_commands",
            "Chat commands handled, by command and outcome (ok, refused, error, busy)",
            m.commands.clone(),
        );
        r.register(
            "mancala_command_seconds",
            "Time to handle a chat command, its AI answer and pictures included",
            m.command_seconds.clone(),
        );
        r.register(
            "mancala_store_reads",
            "Store reads, by the command being handled (tick: the periodic driver)",
            m.store_reads.clone(),
        );
        r.register(
            "mancala_store_writes",
            "Store writes, by the command being handled (tick: the periodic driver)",
            m.store_writes.clone(),
        );
        r.register(
            "mancala_store_conflicts",
            "Compare-and-swap writes refused because another write came first",
            m.store_conflicts.clone(),
        );
        r.register(
            "mancala_ai_queue_depth",
            "AI searches waiting for a search thread",
            m.ai_queue_depth.clone(),
        );
        r.register(
            "mancala_ai_search_seconds",
            "Time of one AI search (a move, a hint, a review)",
            m.ai_search_seconds.clone(),
        );
        r.register(
            "mancala_picture_seconds",
            "Time to paint pictures, by painter call",
            m.picture_seconds.clone(),
        );
        r.register(
            "mancala_analysis_queue_depth",
            "Game analyses (!analyze) waiting for their search thread",
            m.analysis_queue_depth.clone(),
        );
        r.register(
            "mancala_picture_queue_depth",
            "Replays waiting for a drawing thread",
            m.picture_queue_depth.clone(),
        );
        r.register(
            "mancala_picture_cache",
            "Look-ups of a move's pictures in the picture cache, by result (hit, miss)",
            m.picture_cache.clone(),
        );
        r.register(
            "mancala_picture_cache_bytes",
            "Bytes of pictures held in the picture cache",
            m.picture_cache_bytes.clone(),
        );
        r.register(
            "mancala_picture_refused",
            "Pictures refused, by reason (queue: the drawing queue was full; budget: the \
             user's picture budget was spent)",
            m.picture_refused.clone(),
        );
        r.register(
            "mancala_transport_up",
            "1 while the transport is connected, 0 otherwise",
            m.transport_up.clone(),
        );
        m
    }

    /// The process's instance, served at `/metrics`.
    pub fn global() -> Arc<Metrics> {
        static GLOBAL: OnceLock<Arc<Metrics>> = OnceLock::new();
        GLOBAL.get_or_init(|| Arc::new(Metrics::new())).clone()
    }

    /// A handled command: `command` (a name of the command table, or `unknown`), how it
    /// ended, and how long it took.
    pub fn command_done(&self, command: &'static str, outcome: Outcome, took: Duration) {
        self.commands
            .get_or_create(&CommandOutcome {
                command,
                outcome: outcome.as_str(),
            })
            .inc();
        self.command_seconds
            .get_or_create(&CommandLabel { command })
            .observe(took.as_secs_f64());
    }

    /// One store read, counted for the current command ([`current_command`]).
    pub fn store_read(&self) {
        let command = current_command();
        self.store_reads
            .get_or_create(&CommandLabel { command })
            .inc();
    }

    /// One store write, counted for the current command; `conflict`: a compare-and-swap
    /// that found another write first (counted as a write too: the store was called).
    pub fn store_write(&self, conflict: bool) {
        let label = CommandLabel {
            command: current_command(),
        };
        self.store_writes.get_or_create(&label).inc();
        if conflict {
            self.store_conflicts.get_or_create(&label).inc();
        }
    }

    /// An AI search joined the queue (`+1`) or left it for a search thread (`-1`).
    pub fn ai_queued(&self, change: i64) {
        self.ai_queue_depth.inc_by(change);
    }

    /// An AI search took `took`.
    pub fn ai_searched(&self, took: Duration) {
        self.ai_search_seconds.observe(took.as_secs_f64());
    }

    /// The painter's `picture` call (`position`, `move_frames`, `gif`, ...) took `took`.
    pub fn painted(&self, picture: &'static str, took: Duration) {
        self.picture_seconds
            .get_or_create(&PictureLabel { picture })
            .observe(took.as_secs_f64());
    }

    /// A game analysis joined the analysis queue (`+1`) or left it for its thread (`-1`).
    pub fn analysis_queued(&self, change: i64) {
        self.analysis_queue_depth.inc_by(change);
    }

    /// A replay joined the drawing queue (`+1`) or left it for a drawing thread (`-1`).
    pub fn picture_queued(&self, change: i64) {
        self.picture_queue_depth.inc_by(change);
    }

    /// A look-up in the picture cache: found (`true`) or not.
    pub fn picture_cache(&self, hit: bool) {
        let result = if hit { "hit" } else { "miss" };
        self.picture_cache
            .get_or_create(&CacheLabel { result })
            .inc();
    }

    /// The picture cache now holds `bytes`.
    pub fn picture_cache_bytes(&self, bytes: u64) {
        self.picture_cache_bytes
            .set(i64::try_from(bytes).unwrap_or(i64::MAX));
    }

    /// Pictures refused: `reason` is `queue` (the drawing queue was full) or `budget`
    /// (the user's picture budget was spent).
    pub fn picture_refused(&self, reason: &'static str) {
        self.picture_refused
            .get_or_create(&RefusedLabel { reason })
            .inc();
    }

    /// The transport `transport` is connected (`true`) or not.
    pub fn transport_up(&self, transport: &'static str, up: bool) {
        self.transport_up
            .get_or_create(&TransportLabel { transport })
            .set(i64::from(up));
    }

    /// The metrics in the Prometheus text format ([`CONTENT_TYPE`]), followed by
    /// `mancala_games_active{game}` from `games_active` (games in play by kind, counted
    /// by the caller when scraped; `None`: not counted, left out).
    pub fn encode(&self, games_active: Option<&BTreeMap<String, u64>>) -> String {
        use prometheus_client::encoding::prometheus_text::encode;
        let mut out = String::new();
        // Writing to a String cannot fail; the encoder's errors are fmt::Error only.
        let _ = encode(&mut out, &self.registry);
        if let Some(games) = games_active {
            let mut scrape = Registry::default();
            let family = Family::<GameLabel, Gauge<i64, AtomicI64>>::default();
            for (game, n) in games {
                family
                    .get_or_create(&GameLabel { game: game.clone() })
                    .set(i64::try_from(*n).unwrap_or(i64::MAX));
            }
            scrape.register(
                "mancala_games_active",
                "Games in play in the store, by game kind (counted at each scrape)",
                family,
            );
            let _ = encode(&mut out, &scrape);
        }
        out
    }
}

#[cfg(test)]
mod tests;
