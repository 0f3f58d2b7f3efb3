//! The state of this process's gateway connection (bug 6, "Outages are noise"): one log
//! line per change of state, a capped exponential back-off while Discord is unreachable,
//! and readiness reported through [`DiscordOptions::link`](super::DiscordOptions::link).
//!
//! serenity 0.12 retries a shard that fails to connect every 5 s for ever (its shard
//! queuer re-queues the start, with a warning each time: about 700 of them in an hour)
//! and has no setting for it. Every connection attempt of a shard, a new one or a
//! resume, first reads the gateway URL from the client's shared `ws_url` mutex
//! (`Shard::new`, `Shard::initialize`), so [`supervise`] holds that lock while Discord is
//! unreachable and lets exactly one attempt through after each back-off delay (tokio's
//! mutex is fair: a waiting attempt takes it before the supervisor can again). The
//! numbers are [`Reconnect`]'s: unreachable after 10 s down, then 10 s, 20 s, 40 s, ...
//! doubling to at most 5 min between attempts: an hour's outage logs at most 17 lines
//! (unreachable, 15 retries, back) where serenity alone logged 720 warnings.
//!
//! The gate relies on how serenity =0.12.5 (pinned in Cargo.toml) connects; the outage
//! test of `tests/discord/outage.rs` counts the connection attempts at a fake gateway
//! and fails if an upgrade lets serenity's 5 s loop through again.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use backon::{BackoffBuilder, ExponentialBuilder};
use serenity::all::{ShardId, ShardManager};
use serenity::gateway::ConnectionStage;
use tokio::sync::{Mutex, OwnedMutexGuard};
use tokio::time::Instant;

/// The readiness callback: `true` when every shard of this process is connected.
pub type LinkFn = Arc<dyn Fn(bool) + Send + Sync>;

/// How often the shards' state is read from serenity's shard manager.
const POLL: Duration = Duration::from_millis(250);
/// How long an attempt let through may take to connect before the next delay starts
/// (HELLO, IDENTIFY and READY take about a second).
const SETTLE: Duration = Duration::from_secs(5);
/// How long the gate stays open waiting for an attempt: longer than the 5 s serenity's
/// shard queuer waits between two starts.
const OPEN_AT_MOST: Duration = Duration::from_secs(8);

/// The back-off of a gateway that cannot be reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reconnect {
    /// A shard down this long makes Discord "unreachable" (serenity's own reconnects,
    /// at most one 5 s apart, run until then); default 10 s.
    pub grace: Duration,
    /// The first delay between two attempts, doubled at each attempt; default 10 s.
    pub first: Duration,
    /// The longest delay between two attempts; default 300 s (5 min).
    pub cap: Duration,
}

impl Default for Reconnect {
    /// 10 s of grace, then 10 s, 20 s, 40 s, 80 s, 160 s, 300 s, 300 s, ...
    fn default() -> Self {
        Reconnect {
            grace: Duration::from_secs(10),
            first: Duration::from_secs(10),
            cap: Duration::from_secs(300),
        }
    }
}

impl Reconnect {
    /// The delays before each attempt: `first`, doubling, at most `cap`, for ever.
    pub fn delays(&self) -> impl Iterator<Item = Duration> {
        let cap = self.cap.max(self.first);
        ExponentialBuilder::new()
            .with_min_delay(self.first)
            .with_max_delay(cap)
            .with_factor(2.0)
            .without_max_times()
            .build()
            .chain(std::iter::repeat(cap))
    }
}

/// Whole seconds (or milliseconds below a second) for the log: `30 s`, `250 ms`.
struct Secs(Duration);

impl fmt::Display for Secs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 < Duration::from_secs(1) {
            write!(f, "{} ms", self.0.as_millis())
        } else {
            write!(f, "{} s", self.0.as_secs_f64().round())
        }
    }
}

/// What [`supervise`] watches and drives.
pub(super) struct Watch {
    /// serenity's shard manager: its runners and their connection stages.
    pub manager: Arc<ShardManager>,
    /// The client's gateway URL, which every connection attempt locks first.
    pub gate: Arc<Mutex<String>>,
    /// The shard ids this process runs.
    pub shards: Vec<u32>,
    /// The readiness callback, if any.
    pub link: Option<LinkFn>,
    /// The back-off numbers.
    pub reconnect: Reconnect,
}

impl Watch {
    fn report(&self, up: bool) {
        if let Some(link) = &self.link {
            link(up);
        }
    }

    /// The shards of this process not connected (no runner, or a runner not READY or
    /// RESUMED).
    async fn down(&self) -> Vec<u32> {
        let runners = self.manager.runners.lock().await;
        self.shards
            .iter()
            .copied()
            .filter(|id| {
                runners
                    .get(&ShardId(*id))
                    .is_none_or(|r| r.stage != ConnectionStage::Connected)
            })
            .collect()
    }

    /// The number of this process's shards connected.
    async fn connected(&self) -> usize {
        self.shards.len() - self.down().await.len()
    }

    /// Waits until every shard is connected (true), or until `stall` has passed without
    /// one more shard connecting (false). Shards start 5 s apart (serenity's queuer), so
    /// a start of many shards keeps making progress and is never a stall.
    async fn wait_up(&self, stall: Duration) -> bool {
        let mut floor = self.connected().await;
        loop {
            if floor == self.shards.len() {
                return true;
            }
            if !self.progress(&mut floor, stall).await {
                return false;
            }
            floor = self.connected().await;
        }
    }

    /// Waits at most `within` for one more shard to connect than the fewest connected
    /// since `floor` was taken; true if one did.
    async fn progress(&self, floor: &mut usize, within: Duration) -> bool {
        let deadline = Instant::now() + within;
        loop {
            let now = self.connected().await;
            if now > *floor {
                return true;
            }
            *floor = now;
            if Instant::now() >= deadline {
                return false;
            }
            tokio::time::sleep(POLL.min(deadline - Instant::now())).await;
        }
    }

    /// Waits until a shard is down; returns the shards down.
    async fn wait_down(&self) -> Vec<u32> {
        loop {
            let down = self.down().await;
            if !down.is_empty() {
                return down;
            }
            tokio::time::sleep(POLL).await;
        }
    }

    /// Opens the gate until one connection attempt has passed it (or [`OPEN_AT_MOST`]),
    /// then holds it again.
    async fn let_one_through(&self, mut held: OwnedMutexGuard<String>) -> OwnedMutexGuard<String> {
        let until = Instant::now() + OPEN_AT_MOST;
        loop {
            drop(held);
            match self.gate.clone().try_lock_owned() {
                // A waiting attempt was handed the lock: it reads the URL and lets go.
                Err(_) => return self.gate.clone().lock_owned().await,
                Ok(again) => held = again,
            }
            if Instant::now() >= until {
                return held;
            }
            tokio::time::sleep(POLL).await;
        }
    }

    /// While Discord is unreachable: one attempt after each delay of
    /// [`Reconnect::delays`], each announced by a line; returns the attempts made once a
    /// shard has connected (serenity connects the others at its own pace).
    async fn back_off(&self) -> u32 {
        let mut held = self.gate.clone().lock_owned().await;
        let mut floor = self.connected().await;
        let mut attempt = 0;
        for delay in self.reconnect.delays() {
            attempt += 1;
            tracing::warn!(
                attempt,
                delay_s = delay.as_secs_f64(),
                "Discord unreachable, retrying in {}, attempt {attempt}",
                Secs(delay)
            );
            // An attempt already past the gate may still connect meanwhile.
            if self.progress(&mut floor, delay).await {
                return attempt - 1;
            }
            held = self.let_one_through(held).await;
            if self.progress(&mut floor, SETTLE).await {
                return attempt;
            }
        }
        attempt
    }
}

/// Watches the shards of `w` until the task is aborted: reports `false` at once, `true`
/// when every shard is connected and `false` again when one is not; logs each change of
/// state (connected and lost at info; unreachable, each retry and the way back at warn);
/// and when [`Reconnect::grace`] passes with a shard down and none connecting, spaces
/// the connection attempts by [`Reconnect::delays`] until one connects.
pub(super) async fn supervise(w: Watch) {
    w.report(false);
    let mut down_since = Instant::now();
    loop {
        while !w.wait_up(w.reconnect.grace).await {
            let down = w.down().await;
            tracing::warn!(
                shards = ?down,
                "Discord unreachable: shard(s) {down:?} not connected for {}",
                Secs(down_since.elapsed())
            );
            let attempts = w.back_off().await;
            tracing::warn!(
                attempts,
                "Discord reachable again after {} ({attempts} attempt(s))",
                Secs(down_since.elapsed())
            );
        }
        tracing::info!(shards = ?w.shards, "Discord gateway connected");
        w.report(true);
        let down = w.wait_down().await;
        w.report(false);
        down_since = Instant::now();
        tracing::info!(shards = ?down, "Discord gateway connection lost, reconnecting");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_back_off_doubles_to_five_minutes() {
        let secs: Vec<u64> = Reconnect::default()
            .delays()
            .take(9)
            .map(|d| d.as_secs())
            .collect();
        assert_eq!(secs, [10, 20, 40, 80, 160, 300, 300, 300, 300]);
        // An hour's outage: 10 s of grace, then about 15 attempts.
        let mut t = 10;
        let attempts = Reconnect::default()
            .delays()
            .take_while(|d| {
                t += d.as_secs();
                t <= 3600
            })
            .count();
        assert_eq!(attempts, 15);
    }

    #[test]
    fn delays_read_as_seconds() {
        assert_eq!(Secs(Duration::from_secs(30)).to_string(), "30 s");
        assert_eq!(Secs(Duration::from_millis(1500)).to_string(), "2 s");
        assert_eq!(Secs(Duration::from_millis(250)).to_string(), "250 ms");
    }
}
