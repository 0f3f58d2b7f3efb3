//! Posting as Discord allows (issue 12): a rate-limited post (HTTP 429) is waited out
//! and sent again, and a post with pictures that Discord refuses is sent again as text
//! alone, saying why the pictures are missing, so that a move's summary is never lost
//! after the move was stored.
//!
//! A channel Discord says is closed to the bot (issue 33: deleted, no access, a locked
//! thread: [`Closed`]) gets no second call: not the text alone, not the reply's next
//! messages ([`post_all`]); one log line names the channel and what is missing.

use std::future::Future;
use std::num::NonZeroU32;
use std::sync::LazyLock;
use std::time::Duration;

use backon::{ExponentialBuilder, Retryable};
use governor::{DefaultKeyedRateLimiter, Quota};
use serenity::all::{ChannelId, Http, HttpError, UserId};

use super::adapter::{OutMessage, Routed};
use crate::i18n::{with_lang, Lang};

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
pub(crate) async fn pace(channel: ChannelId) {
    CHANNEL_PACE.until_key_ready(&channel).await;
}

/// [`pace`], then [`deliver`]: a channel message.
///
/// # Errors
/// As [`deliver`].
pub(crate) async fn deliver_to<T, F, Fut>(
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

/// Whether `e` is Discord's answer to an interaction's followup after the token's 15
/// minutes: HTTP 401, code 50027 "Invalid Webhook Token".
pub(crate) fn is_expired_token(e: &serenity::Error) -> bool {
    refusal(e).is_some_and(|(status, code)| status == 401 || code == 50027)
}

/// Whether `e` is Discord's answer to an interaction's initial response after its 3 s
/// (or a second one): HTTP 404, code 10062 "Unknown interaction".
pub(crate) fn is_unknown_interaction(e: &serenity::Error) -> bool {
    refusal(e).is_some_and(|(_, code)| code == 10062)
}

/// Whether `e` is a 429: Discord asks to wait.
pub(crate) fn is_rate_limited(e: &serenity::Error) -> bool {
    refusal(e).is_some_and(|(status, _)| status == 429)
}

/// The line that replaces the pictures of a post Discord refused with `e`.
pub(crate) fn pictures_failed_note(e: &serenity::Error) -> String {
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
pub(crate) async fn deliver<T, F, Fut>(message: &OutMessage, mut send: F) -> serenity::Result<T>
where
    F: FnMut(OutMessage) -> Fut,
    Fut: Future<Output = serenity::Result<T>>,
{
    let first = retry_rate_limited(&mut send, message).await;
    let e = match first {
        // A closed channel refuses the text alone as well: no doomed second call.
        Err(e) if !message.files.is_empty() && !is_rate_limited(&e) && Closed::of(&e).is_none() => {
            e
        }
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
    patiently(|| send(message.clone())).await
}

/// Runs `call` until Discord stops answering 429 (1 s, doubling, five times), as
/// [`deliver`] does for posts: needed when serenity's own rate limiter is off (a proxy,
/// [`DiscordOptions::api_base`](super::DiscordOptions::api_base)), harmless when it is on
/// (it waits out the 429s itself).
///
/// # Errors
/// The last error: not a 429, or a 429 after the fifth retry.
pub(crate) async fn patiently<T, F, Fut>(call: F) -> serenity::Result<T>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = serenity::Result<T>>,
{
    call.retry(RATE_LIMITED)
        .when(is_rate_limited)
        // Debug, not info: at the default filter (`mancala_bot=info`) a busy channel would
        // log a line per post.
        .notify(|_, wait| tracing::debug!("rate limited by Discord; calling again in {wait:?}"))
        .await
}

/// Why Discord will take no post in a channel (issue 33), from its refusal: every further
/// post there would be refused the same way until someone changes the server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Closed {
    /// The channel or thread was deleted: HTTP 404, code 10003 "Unknown Channel".
    Gone,
    /// The bot cannot see the channel: HTTP 403, code 50001 "Missing Access" (View
    /// Channel missing, or a private thread the bot is not in).
    NoAccess,
    /// A thread locked by a moderator (code 160005 "Thread is locked"), or archived and
    /// locked (50083 "Thread is archived"): HTTP 403 (400 for some routes).
    Locked,
}

impl Closed {
    /// The closure Discord's refusal `e` reports, if it reports one.
    pub(crate) fn of(e: &serenity::Error) -> Option<Closed> {
        match refusal(e)?.1 {
            10003 => Some(Closed::Gone),
            50001 => Some(Closed::NoAccess),
            160005 | 50083 => Some(Closed::Locked),
            _ => None,
        }
    }

    /// Why, for the players, in the current language: "the channel no longer exists".
    pub(crate) fn reason(self) -> String {
        match self {
            Closed::Gone => tr!("discord-closed-gone"),
            Closed::NoAccess => tr!("discord-closed-no-access"),
            Closed::Locked => tr!("discord-closed-locked"),
        }
    }

    /// The one log line for `channel`, naming what is missing (for the host).
    fn log(self, channel: ChannelId) {
        match self {
            Closed::Gone => tracing::warn!(
                %channel,
                "channel {channel} no longer exists (Discord 10003 Unknown Channel): its \
                 messages are dropped"
            ),
            Closed::NoAccess => tracing::warn!(
                %channel,
                "cannot post in channel {channel}: the bot lacks the View Channel permission \
                 there (Discord 50001 Missing Access; in a thread it also needs Send Messages \
                 in Threads, and to be a member of a private thread)"
            ),
            Closed::Locked => tracing::warn!(
                %channel,
                "cannot post in thread {channel}: it is locked (Discord 160005/50083); a \
                 moderator can unlock it, or give the bot Manage Threads"
            ),
        }
    }
}

/// A channel that did not take (all) its messages of a reply.
#[derive(Debug)]
pub(crate) struct Undelivered {
    /// The channel.
    pub channel: ChannelId,
    /// Closed to the bot (its later messages were not even tried), or `None`: some other
    /// failure (logged), the channel's later messages were still tried.
    pub closed: Option<Closed>,
}

/// Posts `messages` in order, each in its channel (`to`, else `home`), with
/// [`deliver_to`]. Once Discord says a channel is [`Closed`], nothing more is posted
/// there for these messages (each post would be refused too) and one line is logged
/// naming the channel and what is missing; other failures are logged and the next
/// message is tried. Returns the channels that missed messages, each once, in order.
pub(crate) async fn post_all(
    http: &Http,
    home: ChannelId,
    messages: &[Routed],
) -> Vec<Undelivered> {
    let mut missed: Vec<Undelivered> = Vec::new();
    for Routed { to, dm, message } in messages {
        if let Some(user) = dm {
            direct(http, *user, message).await;
            continue;
        }
        let to = to.unwrap_or(home);
        if missed.iter().any(|u| u.channel == to && u.closed.is_some()) {
            continue;
        }
        let sent = deliver_to(to, message, |m| async move {
            to.send_message(http, m.to_message()).await
        })
        .await;
        let Err(e) = sent else { continue };
        let closed = Closed::of(&e);
        match closed {
            Some(c) => c.log(to),
            None => tracing::warn!(channel = %to, "posting in channel {to} failed: {e}"),
        }
        match missed.iter_mut().find(|u| u.channel == to) {
            Some(u) => u.closed = u.closed.or(closed),
            None => missed.push(Undelivered {
                channel: to,
                closed,
            }),
        }
    }
    missed
}

/// Posts `message` to `user` in his DM channel (a turn alert). A refusal (his DMs are
/// closed to the bot: 50007) is logged without his id and not tried again; the game's
/// channel still names him.
async fn direct(http: &Http, user: UserId, message: &OutMessage) {
    let channel = match patiently(|| user.create_dm_channel(http)).await {
        Ok(channel) => channel.id,
        Err(e) => {
            tracing::warn!("opening a direct message channel failed: {e}");
            return;
        }
    };
    let sent = deliver_to(channel, message, |m| async move {
        channel.send_message(http, m.to_message()).await
    });
    if let Err(e) = sent.await {
        tracing::warn!("a direct message (turn alert) was not delivered: {e}");
    }
}

/// The note telling the players that `missed` (other channels) did not get their
/// messages, and why; `None` when there is nothing to say. In the current language.
pub(crate) fn missed_note(missed: &[Undelivered], except: ChannelId) -> Option<OutMessage> {
    let lines: Vec<String> = missed
        .iter()
        .filter(|u| u.channel != except)
        .map(|u| {
            let place = format!("<#{}>", u.channel);
            match u.closed {
                Some(c) => tr!("discord-not-posted", place = place, why = c.reason()),
                None => tr!("discord-not-posted-failed", place = place),
            }
        })
        .collect();
    (!lines.is_empty()).then(|| OutMessage::text(lines.join("\n"), true))
}

/// [`post_all`], then, when other channels missed messages and `home` did not, a note
/// in `home`, in `lang`, saying where and why ([`missed_note`]). Returns what
/// [`post_all`] returns.
pub(crate) async fn post_all_with_note(
    http: &Http,
    home: ChannelId,
    messages: &[Routed],
    lang: Lang,
) -> Vec<Undelivered> {
    let missed = post_all(http, home, messages).await;
    let home_closed = missed
        .iter()
        .any(|u| u.channel == home && u.closed.is_some());
    let note = with_lang(lang, || missed_note(&missed, home));
    if let (false, Some(note)) = (home_closed, note) {
        let sent = deliver_to(home, &note, |m| async move {
            home.send_message(http, m.to_message()).await
        });
        if let Err(e) = sent.await {
            tracing::warn!(channel = %home, "posting a note in channel {home} failed: {e}");
        }
    }
    missed
}
