//! Posting as Discord allows (issue 12): a rate-limited post (HTTP 429) is waited out
//! and sent again, and a post with pictures that Discord refuses is sent again as text
//! alone, saying why the pictures are missing, so that a move's summary is never lost
//! after the move was stored.

use std::future::Future;
use std::num::NonZeroU32;
use std::sync::LazyLock;
use std::time::Duration;

use backon::{ExponentialBuilder, Retryable};
use governor::{DefaultKeyedRateLimiter, Quota};
use serenity::all::{ChannelId, HttpError};

use super::adapter::OutMessage;

/// Discord's limit on a bot's messages in one channel, 5 in any 5 s, kept by a burst of
/// 3 and then one every 2 s (at most 3 + 2 in any 5 s); shared by every shard of the
/// process. A move's answer and the AI's (two messages) go out at once.
static CHANNEL_PACE: LazyLock<DefaultKeyedRateLimiter<ChannelId>> = LazyLock::new(|| {
    let three = NonZeroU32::new(3).expect("3 is not zero");
    let quota = Quota::with_period(Duration::from_secs(2)).expect("2 s is not zero");
    DefaultKeyedRateLimiter::keyed(quota.allow_burst(three))
});

/// Waits until a message may be posted in `channel` within Discord's per-channel limit,
/// so that a burst (a tournament round's announcements, a flood of answers) is spread
/// out instead of answered with 429s.
pub async fn pace(channel: ChannelId) {
    CHANNEL_PACE.until_key_ready(&channel).await;
}

/// [`pace`], then [`deliver`]: a channel message.
///
/// # Errors
/// As [`deliver`].
pub async fn deliver_to<T, F, Fut>(
    channel: ChannelId,
    message: &OutMessage,
    send: F,
) -> serenity::Result<T>
where
    F: FnMut(OutMessage) -> Fut,
    Fut: Future<Output = serenity::Result<T>>,
{
    pace(channel).await;
    deliver(message, send).await
}

/// Discord's error code for a permission the bot lacks.
const MISSING_PERMISSIONS: isize = 50013;

/// Waits between retries of a rate-limited post: 1 s, doubling, five times (31 s in
/// all, longer than any per-channel window), with jitter so that many posts waiting
/// on one channel do not all come back at once.
const RATE_LIMITED: ExponentialBuilder = ExponentialBuilder::new()
    .with_min_delay(Duration::from_secs(1))
    .with_max_delay(Duration::from_secs(16))
    .with_max_times(5)
    .with_jitter();

/// The HTTP status and Discord error code of a refused request.
fn refusal(e: &serenity::Error) -> Option<(u16, isize)> {
    match e {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => {
            Some((r.status_code.as_u16(), r.error.code))
        }
        _ => None,
    }
}

fn is_rate_limited(e: &serenity::Error) -> bool {
    refusal(e).is_some_and(|(status, _)| status == 429)
}

/// The line that replaces the pictures of a post Discord refused with `e`.
pub fn pictures_failed_note(e: &serenity::Error) -> String {
    match refusal(e) {
        Some((_, MISSING_PERMISSIONS)) => "(The pictures could not be posted: the bot needs the \
             Attach Files permission in this channel. A server admin can grant it under \
             channel settings -> Permissions.)"
            .to_string(),
        Some((413, _)) => "(The pictures could not be posted: they are larger than Discord \
             takes.)"
            .to_string(),
        _ => "(The pictures could not be posted; the move stands. `!board` shows the \
              position.)"
            .to_string(),
    }
}

/// Sends `message` with `send` (a channel post, an interaction response or followup):
/// a 429 answer is waited out and retried (1 s, doubling, five times); when Discord refuses a
/// message with files for any other reason, it is sent once more without them, its text
/// ending with [`pictures_failed_note`].
///
/// # Errors
/// The last failure when even the text alone cannot be posted (no permission to send
/// messages, the channel gone, rate limits that outlast the retries).
pub async fn deliver<T, F, Fut>(message: &OutMessage, mut send: F) -> serenity::Result<T>
where
    F: FnMut(OutMessage) -> Fut,
    Fut: Future<Output = serenity::Result<T>>,
{
    let first = retry_rate_limited(&mut send, message).await;
    let e = match first {
        Err(e) if !message.files.is_empty() && !is_rate_limited(&e) => e,
        done => return done,
    };
    tracing::warn!("posting pictures failed: {e}; posting the text alone");
    let text = message.without_files(&pictures_failed_note(&e));
    retry_rate_limited(&mut send, &text).await
}

async fn retry_rate_limited<T, F, Fut>(send: &mut F, message: &OutMessage) -> serenity::Result<T>
where
    F: FnMut(OutMessage) -> Fut,
    Fut: Future<Output = serenity::Result<T>>,
{
    (|| send(message.clone()))
        .retry(RATE_LIMITED)
        .when(is_rate_limited)
        // Debug, not info: at the default filter (`mancala_bot=info`) a busy channel would
        // log a line per post.
        .notify(|_, wait| tracing::debug!("rate limited by Discord; posting again in {wait:?}"))
        .await
}
