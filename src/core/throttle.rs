//! Command rate limits per user and per channel (issue 16), on governor's GCRA: a busy
//! or hostile member cannot make the bot work without bound. Over the limit, the first
//! command gets one polite refusal saying when to try again; the rest of the window is
//! silent, so that a flood is not answered with a flood. Ticks are never limited.
//!
//! A user's limit counts his commands in every channel and community of the platform
//! together (issue 33): joining more servers or rooms buys no more. A channel's limit
//! never silences its quiet members: each user's first [`share`] commands a minute in
//! a channel pass whatever the channel's count, so that three users flooding a channel
//! use up only what is beyond their own shares, and the others can still play.

use std::collections::HashMap;
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use governor::clock::Clock as GovernorClock;
use governor::state::keyed::HashMapStateStore;
use governor::{Quota, RateLimiter};

use super::limiter::{CoreClock, Keyed};

use super::api::{Incoming, Reply};
use super::Clock;

/// How many commands a user and a channel may send per minute; `None`: no limit. See
/// [`super::Settings::rate_limits`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RateLimits {
    /// Commands per minute of one user, in all channels and communities together (a
    /// user id names one account on its platform: a Discord snowflake, a Matrix
    /// `@user:server`).
    pub per_user: Option<NonZeroU32>,
    /// Commands per minute in one channel, all users together.
    pub per_channel: Option<NonZeroU32>,
}

/// Each user's share of a channel's limit of `per_channel` commands a minute: a quarter
/// of it, at least 1. Within his share, a user's command is never refused for the
/// channel's sake.
pub fn share(per_channel: NonZeroU32) -> NonZeroU32 {
    NonZeroU32::new(per_channel.get() / 4).unwrap_or(NonZeroU32::MIN)
}

/// The rate limiters of one core.
pub struct Throttle {
    per_user: Option<Keyed>,
    per_channel: Option<Keyed>,
    /// Each user's [`share`] in each channel, keyed `channel|user`.
    shares: Option<Keyed>,
    clock: CoreClock,
    /// Key -> until when (ms) it was told; within that, its commands get no answer.
    warned: Mutex<HashMap<String, u64>>,
}

/// Whose limit a command went over.
#[derive(Clone, Copy)]
enum Who {
    /// The author's.
    User,
    /// The channel's.
    Channel,
}

/// What to do with a command.
#[derive(Debug)]
pub enum Verdict {
    /// Run it.
    Go,
    /// Over a limit, first time in this window: answer with this refusal, run nothing.
    Refuse(Reply),
    /// Over a limit, already told: run nothing, answer nothing.
    Silent,
}

impl Throttle {
    /// Limiters for `limits`, timed by `clock`.
    pub fn new(limits: RateLimits, clock: Arc<dyn Clock>) -> Throttle {
        let clock = CoreClock::new(clock);
        let keyed = |n: Option<NonZeroU32>| {
            n.map(|n| {
                RateLimiter::new(
                    Quota::per_minute(n),
                    HashMapStateStore::default(),
                    clock.clone(),
                )
            })
        };
        Throttle {
            per_user: keyed(limits.per_user),
            per_channel: keyed(limits.per_channel),
            shares: keyed(limits.per_channel.map(share)),
            clock,
            warned: Mutex::new(HashMap::new()),
        }
    }

    /// Counts `msg` against its user's limit, then against its channel's unless it is
    /// within the user's [`share`] of the channel.
    pub fn check(&self, msg: &Incoming) -> Verdict {
        let user_key = format!("u|{}", msg.author.id);
        if let Some(limiter) = &self.per_user {
            if let Err(not_until) = limiter.check_key(&user_key) {
                let wait = not_until.wait_time_from(self.clock.now());
                return self.refusal(user_key, Who::User, wait);
            }
        }
        let channel = format!("{}|{}", msg.at.community, msg.at.channel);
        let (Some(per_channel), Some(shares)) = (&self.per_channel, &self.shares) else {
            return Verdict::Go;
        };
        let within_share = shares
            .check_key(&format!("{channel}|{}", msg.author.id))
            .is_ok();
        let channel_key = format!("c|{channel}");
        match per_channel.check_key(&channel_key) {
            Err(not_until) if !within_share => {
                let wait = not_until.wait_time_from(self.clock.now());
                // Told per user: another member's first command over the limit still
                // hears why.
                self.refusal(
                    format!("{channel_key}|{}", msg.author.id),
                    Who::Channel,
                    wait,
                )
            }
            _ => Verdict::Go,
        }
    }

    /// The refusal for `key`, once per window; silence after.
    fn refusal(&self, key: String, who: Who, wait: Duration) -> Verdict {
        let now = self.clock.now_ms();
        let mut warned = self.warned.lock().unwrap_or_else(|e| e.into_inner());
        // Forget keys whose windows are over, so the map stays as small as the flood.
        warned.retain(|_, until| *until > now);
        if warned.contains_key(&key) {
            return Verdict::Silent;
        }
        let secs = wait.as_secs().max(1);
        warned.insert(key, now + secs * 1000);
        Verdict::Refuse(super::error_reply(match who {
            Who::User => tr!("limit-user-throttled", secs = secs),
            Who::Channel => tr!("limit-channel-throttled", secs = secs),
        }))
    }

    /// Forgets users and channels idle for a whole window (memory stays bounded by
    /// the recently active ones); called by the tick.
    pub fn forget_idle(&self) {
        for limiter in [&self.per_user, &self.per_channel, &self.shares]
            .into_iter()
            .flatten()
        {
            limiter.retain_recent();
        }
    }
}
