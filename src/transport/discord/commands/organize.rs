//! The slash subcommands of `/tournament`'s organizer tools (`adjudicate`, `extend`,
//! `next-round`, `kick`, `checkin`; `pause`, `resume` and `log` take only the name),
//! typed as the table says ([`crate::core::command::table::TOURNAMENT_SUBS`]).

use serenity::all::User;

use super::super::{answer_command, Context, Error};

/// The one choice `adjudicate` of `/tournament next-round`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub(super) enum AdjudicateWord {
    /// Decide the unfinished games now.
    #[name = "adjudicate"]
    Adjudicate,
}

/// The one choice `open` of `/tournament checkin`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub(super) enum OpenWord {
    /// Open check-in.
    #[name = "open"]
    Open,
}

/// `/tournament adjudicate`.
#[poise::command(slash_command, rename = "adjudicate")]
pub(super) async fn adjudicate(
    ctx: Context<'_>,
    game: String,
    result: String,
    reason: String,
) -> Result<(), Error> {
    let _ = (game, result, reason);
    answer_command(ctx).await
}

/// `/tournament extend`.
#[poise::command(slash_command, rename = "extend")]
pub(super) async fn extend(ctx: Context<'_>, game: String, duration: String) -> Result<(), Error> {
    let _ = (game, duration);
    answer_command(ctx).await
}

/// `/tournament next-round`.
#[poise::command(slash_command, rename = "next-round")]
pub(super) async fn next_round(
    ctx: Context<'_>,
    adjudicate: Option<AdjudicateWord>,
    name: Option<String>,
) -> Result<(), Error> {
    let _ = (adjudicate, name);
    answer_command(ctx).await
}

/// `/tournament kick`.
#[poise::command(slash_command, rename = "kick")]
pub(super) async fn kick(
    ctx: Context<'_>,
    user: User,
    name: Option<String>,
    reason: Option<String>,
) -> Result<(), Error> {
    let _ = (user, name, reason);
    answer_command(ctx).await
}

/// `/tournament checkin`.
#[poise::command(slash_command, rename = "checkin")]
pub(super) async fn checkin(
    ctx: Context<'_>,
    open: Option<OpenWord>,
    duration: Option<String>,
    name: Option<String>,
) -> Result<(), Error> {
    let _ = (open, duration, name);
    answer_command(ctx).await
}
