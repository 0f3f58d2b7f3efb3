//! Gateway events: chat messages become commands for the core, interactions (slash
//! commands, button presses) are answered.

use serenity::all::{FullEvent, Interaction, Message, UserId};

use super::adapter::{self, OutMessage};
use super::call::{core_failed, spawn_core};
use super::interactions::on_press;
use super::send::{deliver_to, post_all_with_note};
use super::{Data, Error};

use crate::i18n::{with_lang, Lang};

/// The note posted while a command waits long: `Thinking...`, with the games waiting
/// for the AI before this one when there are any.
pub(super) fn thinking_note(ahead: usize) -> String {
    tr!("discord-thinking", ahead = ahead)
}

/// Non-command events: prefix messages and button presses.
pub(super) async fn on_event(
    fctx: poise::FrameworkContext<'_, Data, Error>,
    event: &FullEvent,
) -> Result<(), Error> {
    let ctx = fctx.serenity_context;
    if !matches!(
        event,
        FullEvent::Message { .. } | FullEvent::InteractionCreate { .. }
    ) {
        return Ok(());
    }
    // Held until the replies are sent, so that a shutdown waits for them; none once
    // the bot is shutting down (the event is left unanswered).
    let Some(_pass) = fctx.user_data.core.enter() else {
        return Ok(());
    };
    match event {
        FullEvent::Message { new_message } => {
            on_message(ctx, fctx.user_data, new_message, fctx.bot_id()).await
        }
        FullEvent::InteractionCreate {
            interaction: Interaction::Component(press),
        } => on_press(ctx, fctx.user_data, press).await,
        _ => Ok(()),
    }
}

/// A prefix command: the core's replies are posted as channel messages.
async fn on_message(
    ctx: &serenity::all::Context,
    data: &Data,
    msg: &Message,
    bot: UserId,
) -> Result<(), Error> {
    let Some(mut incoming) = adapter::incoming_from_message(msg, bot, data.core.prefix()) else {
        return Ok(());
    };
    (incoming.is_organizer, incoming.locale) = match msg.guild_id {
        // The cache guard must not live across an await.
        Some(g) => {
            let guild = ctx.cache.guild(g);
            let organizer =
                adapter::message_is_organizer(msg, guild.as_deref(), data.organizer_role);
            // A message carries no locale: the server's preferred one stands for it.
            (organizer, guild.map(|g| g.preferred_locale.clone()))
        }
        None => (false, None),
    };
    tracing::debug!(at = ?incoming.at, organizer = incoming.is_organizer, "prefix command");
    // The transport's own words (notes, failures) in the language the server prefers.
    let lang = Lang::choose(None, incoming.locale.as_deref());
    let origin = incoming.at.clone();
    let channel = msg.channel_id;
    let mut task = spawn_core(data, incoming);
    let joined = match tokio::time::timeout(data.defer_after, &mut task).await {
        Ok(joined) => joined,
        Err(_) => {
            if let Err(e) = channel.broadcast_typing(&ctx.http).await {
                tracing::warn!("typing indicator: {e}");
            }
            match tokio::time::timeout(data.note_after, &mut task).await {
                Ok(joined) => joined,
                Err(_) => {
                    let ahead = data.core.ai_waiting();
                    let note = OutMessage::text(with_lang(lang, || thinking_note(ahead)), false);
                    let sent = deliver_to(channel, &note, |m| async move {
                        channel.send_message(&ctx.http, m.to_message()).await
                    });
                    if let Err(e) = sent.await {
                        tracing::warn!("thinking note: {e}");
                    }
                    task.await
                }
            }
        }
    };
    let messages = match joined {
        Ok(replies) => with_lang(lang, || adapter::routed_messages(&replies, &origin, false)),
        Err(e) => {
            let note = OutMessage::text(with_lang(lang, || tr!("discord-failed")), false);
            channel.send_message(&ctx.http, note.to_message()).await?;
            return Err(core_failed(e));
        }
    };
    // A closed channel (deleted, no access, locked) is logged by `post_all`; the move
    // was stored before anything was posted.
    post_all_with_note(&ctx.http, channel, &messages, lang).await;
    Ok(())
}
