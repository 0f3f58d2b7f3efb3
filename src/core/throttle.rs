//! Command rate limits per user and per channel (issue 16), on governor's GCRA: a busy
//! or hostile member cannot make the bot work without bound. Over the limit, the first
//! command gets one polite refusal saying when to try again; the rest of the window is
//! silent, so that a flood is not answered with a flood. Ticks are never limited.

use std::collections::HashMap;
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use governor::clock::Clock as GovernorClock;
use governor::state::keyed::HashMapStateStore;
use governor::{Quota, RateLimiter};

use super::api::{Incoming, Reply};
use super::Clock;

/// How many commands a user (in one community) and a channel may send per minute;
/// `None`: no limit. See [`super::Settings::rate_limits`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RateLimits {
    /// Commands per minute of one user in one community.
    pub per_user: Option<NonZeroU32>,
    /// Commands per minute in one channel, all users together.
    pub per_channel: Option<NonZeroU32>,
}

/// The core's clock as governor's: milliseconds since the epoch, so that tests with a
/// manual clock see windows open and close as the clock moves.
#[derive(Clone)]
struct CoreClock(Arc<dyn Clock>);

impl GovernorClock for CoreClock {
    type Instant = Duration;

    fn now(&self) -> Duration {
        Duration::from_millis(self.0.now_ms())
    }
}

type Keyed = RateLimiter<
    String,
    HashMapStateStore<String>,
    CoreClock,
    governor::middleware::NoOpMiddleware<Duration>,
>;

/// The rate limiters of one core.
pub struct Throttle {
    per_user: Option<Keyed>,
    per_channel: Option<Keyed>,
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
        let clock = CoreClock(clock);
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
            clock,
            warned: Mutex::new(HashMap::new()),
        }
    }

    /// Counts `msg` against its user's and its channel's limits.
    pub fn check(&self, msg: &Incoming) -> Verdict {
        let user_key = format!("u|{}|{}", msg.at.community, msg.author.id);
        let channel_key = format!("c|{}|{}", msg.at.community, msg.at.channel);
        let checks = [
            (&self.per_user, user_key, Who::User),
            (&self.per_channel, channel_key, Who::Channel),
        ];
        for (limiter, key, who) in checks {
            let Some(limiter) = limiter else { continue };
            if let Err(not_until) = limiter.check_key(&key) {
                let wait = not_until.wait_time_from(self.clock.now());
                return self.refusal(key, who, wait);
            }
        }
        Verdict::Go
    }

    /// The refusal for `key`, once per window; silence after.
    fn refusal(&self, key: String, who: Who, wait: Duration) -> Verdict {
        let now = self.clock.0.now_ms();
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
        for limiter in [&self.per_user, &self.per_channel].into_iter().flatten() {
            limiter.retain_recent();
        }
    }
}
