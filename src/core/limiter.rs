//! governor's keyed rate limiters on the core's clock, for the command limits
//! ([`super::throttle`]) and the picture budgets ([`super::pictures`]): one clock
//! adapter, so that tests move both with the core's clock and neither can panic.

use std::sync::Arc;
use std::time::Duration;

use governor::clock::Clock as GovernorClock;
use governor::state::keyed::HashMapStateStore;
use governor::RateLimiter;

use super::Clock;

/// A hundred years, in milliseconds: the limiters' clock stops there.
const MAX_CLOCK_MS: u64 = 100 * 365 * 24 * 3_600_000;

/// The core's clock as governor's: the time since the limiter was made, at most
/// [`MAX_CLOCK_MS`]. governor keeps times in `u64` nanoseconds and panics past 584
/// years of them, which a clock read as milliseconds since 1970 and moved forward
/// (the fuzz tests' clock jumps) would reach.
#[derive(Clone)]
pub(crate) struct CoreClock {
    clock: Arc<dyn Clock>,
    start_ms: u64,
}

impl CoreClock {
    /// `clock`, counted from now.
    pub(crate) fn new(clock: Arc<dyn Clock>) -> CoreClock {
        let start_ms = clock.now_ms();
        CoreClock { clock, start_ms }
    }

    /// The core's time in milliseconds since the epoch (not the limiter's).
    pub(crate) fn now_ms(&self) -> u64 {
        self.clock.now_ms()
    }
}

impl GovernorClock for CoreClock {
    type Instant = Duration;

    fn now(&self) -> Duration {
        let ms = self.clock.now_ms().saturating_sub(self.start_ms);
        Duration::from_millis(ms.min(MAX_CLOCK_MS))
    }
}

/// A rate limiter keyed by text, on the core's clock.
pub(crate) type Keyed = RateLimiter<
    String,
    HashMapStateStore<String>,
    CoreClock,
    governor::middleware::NoOpMiddleware<Duration>,
>;

#[cfg(test)]
mod tests {
    use super::*;
    use governor::Quota;
    use std::num::NonZeroU32;
    use std::sync::atomic::{AtomicU64, Ordering};

    struct Manual(AtomicU64);

    impl Clock for Manual {
        fn now_ms(&self) -> u64 {
            self.0.load(Ordering::SeqCst)
        }
    }

    #[test]
    fn a_clock_moved_centuries_on_does_not_panic() {
        let manual = Arc::new(Manual(AtomicU64::new(1_700_000_000_000)));
        let clock = CoreClock::new(manual.clone());
        let limiter: Keyed = RateLimiter::new(
            Quota::per_minute(NonZeroU32::new(2).unwrap()),
            HashMapStateStore::default(),
            clock,
        );
        assert!(limiter.check_key(&"u".to_string()).is_ok());
        manual.0.store(u64::MAX / 2, Ordering::SeqCst);
        assert!(limiter.check_key(&"u".to_string()).is_ok());
        assert!(limiter.check_key(&"u".to_string()).is_ok());
    }
}
