//! The one retry policy of the Matrix transport, on backon: exponential back-off without
//! jitter, each wait twice the one before, from a first wait up to a longest one. The
//! uses differ only in those two waits and in when they give up:
//!
//! - syncing ([`SYNC`]: the first sync and the sync loop): 0.5 s up to
//!   [`SYNC_BACKOFF_MAX`], never giving up (the sync loop starts again from 0.5 s after
//!   each successful sync);
//! - joining an invited room ([`JOIN`]): 1 s up to 30 s, [`JOIN_ATTEMPTS`] attempts;
//! - sending ([`until_deadline`]: replies): 0.5 s up to 30 s
//!   for up to [`SEND_DEADLINE`], permanent errors not retried.
//!
//! Below these, matrix-sdk retries each HTTP request itself (`session::build`).

use std::future::Future;
use std::time::Duration;

use backon::{ExponentialBuilder, Retryable as _};
use matrix_sdk::ruma::api::error::ErrorKind;

/// How long one reply is retried (rate limits, a homeserver restarting) before it is
/// given up, logged as an error.
pub const SEND_DEADLINE: Duration = Duration::from_secs(600);

/// The longest wait between two sync attempts while the homeserver is unreachable.
pub const SYNC_BACKOFF_MAX: Duration = Duration::from_secs(5);

/// Attempts to join an invited room before giving up.
pub(super) const JOIN_ATTEMPTS: usize = 8;

/// The policy: `first`, then twice the previous wait, at most `max`; no jitter, and no
/// limit on attempts (a use adds its own).
const fn backoff(first: Duration, max: Duration) -> ExponentialBuilder {
    ExponentialBuilder::new()
        .with_min_delay(first)
        .with_max_delay(max)
        .with_factor(2.0)
        .without_max_times()
}

/// Waits between sync attempts: 0.5 s, 1 s, 2 s, 4 s, then [`SYNC_BACKOFF_MAX`], forever.
pub(super) const SYNC: ExponentialBuilder = backoff(Duration::from_millis(500), SYNC_BACKOFF_MAX);

/// Waits between attempts to join an invited room (the homeserver may not have finished
/// creating it): 1 s doubling up to 30 s, [`JOIN_ATTEMPTS`] attempts in all.
pub(super) const JOIN: ExponentialBuilder =
    backoff(Duration::from_secs(1), Duration::from_secs(30)).with_max_times(JOIN_ATTEMPTS - 1);

/// Waits between attempts to send: 0.5 s doubling up to 30 s ([`until_deadline`] stops
/// at [`SEND_DEADLINE`]).
const SEND: ExponentialBuilder = backoff(Duration::from_millis(500), Duration::from_secs(30));

/// Runs `op` until it succeeds, retrying transient errors by [`SEND`] while the next
/// attempt would start within [`SEND_DEADLINE`] of the first. `None` (logged): a
/// permanent error (forbidden, not found, too large, a bad token) or the deadline passed.
pub(super) async fn until_deadline<T, E, F, Fut>(what: &str, op: F) -> Option<T>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, E>>,
    E: std::fmt::Display + ApiErrorKind,
{
    let deadline = tokio::time::Instant::now() + SEND_DEADLINE;
    op.retry(SEND)
        .sleep(tokio::time::sleep)
        .when(|e: &E| !is_permanent(e))
        .adjust(|_, delay| delay.filter(|d| tokio::time::Instant::now() + *d <= deadline))
        .notify(
            |e, delay| tracing::warn!(error = %e, "Matrix: {what} failed; retrying in {delay:?}"),
        )
        .await
        .inspect_err(|e| tracing::error!(error = %e, "Matrix: {what} failed; giving up"))
        .ok()
}

/// Whether retrying cannot help: the homeserver refused for good, or the bot is no
/// longer in the room (it left a finished game's room).
fn is_permanent(e: &impl ApiErrorKind) -> bool {
    e.not_in_room()
        || matches!(
            e.kind(),
            Some(
                ErrorKind::Forbidden
                    | ErrorKind::NotFound
                    | ErrorKind::TooLarge
                    | ErrorKind::UnknownToken(_)
            )
        )
}

/// The Matrix error kind of an SDK error, if the homeserver sent one.
pub(super) trait ApiErrorKind {
    /// The kind, when the error is an answer of the homeserver's client API.
    fn kind(&self) -> Option<&ErrorKind>;

    /// Whether the SDK refused because the bot is not joined to the room.
    fn not_in_room(&self) -> bool {
        false
    }
}

impl ApiErrorKind for matrix_sdk::Error {
    fn kind(&self) -> Option<&ErrorKind> {
        self.client_api_error_kind()
    }

    fn not_in_room(&self) -> bool {
        matches!(self, matrix_sdk::Error::WrongRoomState(_))
    }
}

impl ApiErrorKind for matrix_sdk::HttpError {
    fn kind(&self) -> Option<&ErrorKind> {
        self.client_api_error_kind()
    }
}
