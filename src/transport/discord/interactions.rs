//! Interactions: a slash command or button press handed to the core, answered within
//! Discord's 3 seconds (deferred when the core takes longer), followed up, and routed
//! to other channels where a reply says so.

use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{bail, Context as _};
use serenity::all::{
    CommandInteraction, ComponentInteraction, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, Message,
};

use super::adapter::{self, OutMessage, Press, Routed};
use super::events::{core_failed, spawn_core};
use super::send::{deliver, deliver_to};
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
            target.respond(ctx, defer).await?;
            responded.store(true, Ordering::SeqCst);
            deferred = true;
            task.await
        }
    };
    let replies = joined.map_err(core_failed)?;
    let (here, elsewhere): (Vec<Routed>, Vec<Routed>) =
        with_lang(lang, || adapter::routed_messages(&replies, &origin, true))
            .into_iter()
            .partition(|r| r.to.is_none());
    let mut messages: Vec<OutMessage> = here.into_iter().map(|r| r.message).collect();
    if messages.is_empty() {
        let mut places: Vec<String> = Vec::new();
        for r in &elsewhere {
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
            deliver(
                m,
                |m| async move { target.respond(ctx, m.to_response()).await },
            )
            .await?;
            responded.store(true, Ordering::SeqCst);
        } else {
            deliver(
                m,
                |m| async move { target.followup(ctx, m.to_followup()).await },
            )
            .await?;
        }
    }
    for Routed { to, message } in &elsewhere {
        if let Some(to) = *to {
            deliver_to(to, message, |m| async move {
                to.send_message(&ctx.http, m.to_message()).await
            })
            .await
            .with_context(|| format!("posting a reply in channel {to}"))?;
        }
    }
    Ok(())
}
