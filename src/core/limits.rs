//! The ranges the bot keeps times in: what a command or the configuration may set, and
//! what `import` accepts from a backup ([`crate::core::backup`]). Arithmetic on times
//! saturates wherever it is done, so that a value that got past these (a store edited
//! by hand) can never overflow.

use std::ops::RangeInclusive;
use std::time::Duration;

/// One hour, in milliseconds.
pub(crate) const HOUR_MS: u64 = 3_600_000;

/// A time per move: 1 h to 720 h (30 days), as `!new ... TIME` (`12h`, `2d`) and the
/// configuration's `move_time_hours` allow.
pub(crate) const MOVE_TIME_MS: RangeInclusive<u64> = HOUR_MS..=720 * HOUR_MS;

/// The longest a challenge stays open, from its creation: 720 h, the configuration's
/// largest `challenge_expiry_hours`.
pub(crate) const MAX_CHALLENGE_EXPIRY_MS: u64 = 720 * HOUR_MS;

/// The latest time a stored timestamp may hold: the last millisecond of the year 9999
/// UTC, the last a calendar date can say.
pub(crate) const LATEST_MS: u64 = 253_402_300_799_999;

/// `now + duration`, or [`u64::MAX`] when that does not fit: a deadline or an expiry
/// past any calendar rather than a wrapped-around one.
pub(crate) fn later(now: u64, duration: u64) -> u64 {
    now.saturating_add(duration)
}

/// `d` in milliseconds, or [`u64::MAX`] when that does not fit (a setting of
/// [`Duration::MAX`] is "never", not a truncated number).
pub(crate) fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}
