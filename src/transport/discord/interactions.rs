//! Interactions: a slash command or button press handed to the core, answered within
//! Discord's 3 seconds (deferred when the core takes longer), followed up, and routed
//! to other channels where a reply says so. A followup past the token's 15 minutes
//! becomes a plain message in the interaction's channel (issue 33).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::{bail, Context as _};
use serenity::all::{
    ChannelId, CommandInteraction, ComponentInteraction, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, Message,
};

use super::adapter::{self, OutMessage, Press, Routed};
use super::call::{core_failed, spawn_core};
use super::send::{
    deliver, deliver_to, is_expired_token, is_rate_limited, is_unknown_interaction, missed_note,
    post_all,
};
use super::{Context, Data, Error};
use crate::core::api::Incoming;
use crate::i18n::{with_lang, Lang};

/// A button press: refused ephemerally unless from its allowed user, else its command.
pub(super) async fn on_press(
    ctx: &serenity::all::Context,
    data: &Data,
    press: &ComponentInteraction,
) -> Result<(), Error> {
    match adapter::press(&press.data.custom_id, &press.user.id.get().to_string()) {
        Press::NotOurs => Ok(()),
        Press::Refused(text) => {
            press
                .create_response(&ctx.http, OutMessage::text(text, true).to_response())
                .await?;
            Ok(())
        }
        Press::Command(text) => {
            let mut incoming = adapter::incoming_from_press(press, text);
            incoming.is_organizer =
                adapter::member_is_organizer(press.member.as_ref(), data.organizer_role);
            let responded = AtomicBool::new(false);
            answer_interaction(ctx, Target::Component(press), incoming, data, &responded).await
        }
    }
}

/// The body of every slash command: spell it as a text command and answer with the core's
/// replies.
pub(crate) async fn answer_command(ctx: Context<'_>) -> Result<(), Error> {
    let poise::Context::Application(actx) = ctx else {
        bail!("only slash commands are registered with poise");
    };
    let data = ctx.data();
    // Shutting down: not taken (the shards are closing; Discord tells the user the
    // application did not respond). Otherwise held until the answer is sent.
    let Some(_pass) = data.core.enter() else {
        return Ok(());
    };
    let mut incoming = adapter::incoming_from_command(actx.interaction, data.core.prefix());
    incoming.is_organizer =
        adapter::member_is_organizer(actx.interaction.member.as_deref(), data.organizer_role);
    tracing::debug!(at = ?incoming.at, command = %actx.interaction.data.name, "slash command");
    answer_interaction(
        ctx.serenity_context(),
        Target::Command(actx.interaction),
        incoming,
        data,
        actx.has_sent_initial_response,
    )
    .await
}

/// An interaction to answer.
#[derive(Clone, Copy)]
enum Target<'a> {
    Command(&'a CommandInteraction),
    Component(&'a ComponentInteraction),
}

impl Target<'_> {
    async fn respond(
        self,
        ctx: &serenity::all::Context,
        r: CreateInteractionResponse,
    ) -> serenity::Result<()> {
        match self {
            Target::Command(i) => i.create_response(&ctx.http, r).await,
            Target::Component(i) => i.create_response(&ctx.http, r).await,
        }
    }

    async fn followup(
        self,
        ctx: &serenity::all::Context,
        f: CreateInteractionResponseFollowup,
    ) -> serenity::Result<Message> {
        match self {
            Target::Command(i) => i.create_followup(&ctx.http, f).await,
            Target::Component(i) => i.create_followup(&ctx.http, f).await,
        }
    }

    /// The channel the interaction came from.
    fn channel(self) -> ChannelId {
        match self {
            Target::Command(i) => i.channel_id,
            Target::Component(i) => i.channel_id,
        }
    }
}

/// Hands `incoming` to the core; if it has not answered after `defer_after`, defers the
/// interaction. Then posts the replies: the first as the interaction's response (or, after
/// a deferral, as the followup that replaces the "thinking" state), the rest as followups.
/// Error replies are ephemeral unless the interaction had to be deferred (Discord keeps the
/// deferral's visibility). Replies for other channels ([`Reply::to`]) are posted there as
/// channel messages after the interaction is answered; when all of them went elsewhere,
/// the interaction's answer (ephemeral) says where. `responded` is set once Discord has
/// an initial response.
async fn answer_interaction(
    ctx: &serenity::all::Context,
    target: Target<'_>,
    incoming: Incoming,
    data: &Data,
    responded: &AtomicBool,
) -> Result<(), Error> {
    let mut answer = Answer {
        ctx,
        target,
        received: Instant::now(),
        followup_within: data.followup_within,
        expired: false,
    };
    let origin = incoming.at.clone();
    // The transport's own words (notes about files, where replies went) in the user's
    // language.
    let lang = Lang::choose(None, incoming.locale.as_deref());
    let mut task = spawn_core(data, incoming);
    let mut deferred = false;
    let joined = match tokio::time::timeout(data.defer_after, &mut task).await {
        Ok(joined) => joined,
        Err(_) => {
            let defer = CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new());
            if answer.in_time(target.respond(ctx, defer)).await? {
                responded.store(true, Ordering::SeqCst);
            }
            deferred = true;
            task.await
        }
    };
    let replies = joined.map_err(core_failed)?;
    let (here, elsewhere): (Vec<Routed>, Vec<Routed>) =
        with_lang(lang, || adapter::routed_messages(&replies, &origin, true))
            .into_iter()
            .partition(|r| r.to.is_none() && r.dm.is_none());
    let mut messages: Vec<OutMessage> = here.into_iter().map(|r| r.message).collect();
    if messages.is_empty() {
        let mut places: Vec<String> = Vec::new();
        for r in elsewhere.iter().filter(|r| r.dm.is_none()) {
            let place = format!("<#{}>", r.to.map_or(0, |c| c.get()));
            if !places.contains(&place) {
                places.push(place);
            }
        }
        let note = with_lang(lang, || {
            if places.is_empty() {
                tr!("discord-nothing")
            } else {
                tr!("discord-posted-in", places = places.join(", "))
            }
        });
        messages.push(OutMessage::text(note, true));
    }
    for (i, m) in messages.iter().enumerate() {
        if i == 0 && !deferred {
            let response = deliver(
                m,
                |m| async move { target.respond(ctx, m.to_response()).await },
            );
            if answer.in_time(response).await? {
                responded.store(true, Ordering::SeqCst);
                continue;
            }
        }
        // A followup, or, past the interaction's time, a message in its channel.
        answer.follow_up(m).await?;
    }
    let missed = post_all(&ctx.http, target.channel(), &elsewhere).await;
    if let Some(note) = with_lang(lang, || missed_note(&missed, target.channel())) {
        answer.follow_up(&note).await?;
    }
    Ok(())
}

/// An interaction being answered (issue 33): its initial response within Discord's 3 s,
/// followups while its token lasts, plain messages in its channel when it is spent.
struct Answer<'a> {
    ctx: &'a serenity::all::Context,
    target: Target<'a>,
    /// When the interaction came in.
    received: Instant,
    /// See [`DiscordOptions::followup_within`](super::DiscordOptions::followup_within).
    followup_within: Duration,
    /// The token is known to be spent: no more followups.
    expired: bool,
}

/// How long after receiving an interaction its initial response is tried: Discord
/// takes it within 3 s of the interaction, and a call still waiting then (a 429 waited
/// out by serenity or by [`deliver`]) would be refused (10062).
const RESPOND_WITHIN: Duration = Duration::from_millis(2500);

impl Answer<'_> {
    /// Runs `respond` (the interaction's initial response) until [`RESPOND_WITHIN`]; true
    /// when Discord took it. Rate limited past that (or refused as unknown, 10062), the
    /// call is dropped (no doomed retry) and the interaction is spent: its answers go to
    /// its channel ([`Answer::follow_up`]).
    ///
    /// # Errors
    /// Any other refusal.
    async fn in_time<T>(
        &mut self,
        respond: impl std::future::Future<Output = serenity::Result<T>>,
    ) -> Result<bool, Error> {
        let left = RESPOND_WITHIN.saturating_sub(self.received.elapsed());
        let why = match tokio::time::timeout(left, respond).await {
            Ok(Ok(_)) => return Ok(true),
            Ok(Err(e)) if is_rate_limited(&e) || is_unknown_interaction(&e) => e.to_string(),
            Ok(Err(e)) => return Err(e.into()),
            Err(_) => "still rate limited".to_string(),
        };
        self.expired = true;
        tracing::warn!(
            channel = %self.target.channel(),
            "the interaction could not be answered within Discord's 3 s ({why}): answering \
             in its channel"
        );
        Ok(false)
    }

    /// Posts `m` as a followup; once the interaction is older than `followup_within`, or
    /// Discord refused a followup for a spent token (401, 50027), as a plain message in
    /// the interaction's channel instead (no second followup is tried).
    async fn follow_up(&mut self, m: &OutMessage) -> Result<(), Error> {
        let (ctx, target) = (self.ctx, self.target);
        if !self.expired && self.received.elapsed() >= self.followup_within {
            self.expired = true;
            tracing::info!(
                channel = %target.channel(),
                "the interaction is {:?} old, past its token's life: answering in its channel",
                self.received.elapsed()
            );
        }
        if !self.expired {
            let sent = deliver(
                m,
                |m| async move { target.followup(ctx, m.to_followup()).await },
            )
            .await;
            match sent {
                Ok(_) => return Ok(()),
                Err(e) if is_expired_token(&e) => {
                    self.expired = true;
                    tracing::info!(
                        channel = %target.channel(),
                        "Discord refused a followup, the interaction's token is spent ({e}): \
                         answering in its channel"
                    );
                }
                Err(e) => return Err(e.into()),
            }
        }
        let to = target.channel();
        deliver_to(to, m, |m| async move {
            to.send_message(&ctx.http, m.to_message()).await
        })
        .await
        .with_context(|| format!("posting an interaction's answer in channel {to}"))?;
        Ok(())
    }
}
