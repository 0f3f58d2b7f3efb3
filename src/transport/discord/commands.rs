//! The slash commands. Each is the twin of a text command of the core: poise registers it
//! (name, options, autocomplete) and parses its options; `answer_command` spells it
//! as the text command (`/sow hole:b3+` -> `!sow b3+`, see
//! [`super::adapter::incoming_from_command`]) and hands it to the core, so all the logic
//! stays in the core. The first line of each doc comment is the command's description in
//! Discord; the rest is its help text.

use serenity::all::{AutocompleteChoice, CreateAutocompleteResponse};

use super::{adapter, answer_command, Context, Error};

/// Game names offered by `/new` (RULES.md N3), plus a Hoyito match (M1-M4).
const GAMES: [&str; 12] = [
    "katro",
    "katro:4x6",
    "katro:4x4",
    "hoyito",
    "hoyito match",
    "hoyito:2x6",
    "hoyito:2x7",
    "hoyito:2x8",
    "hoyito:2x9",
    "hoyito:2x10",
    "hoyito:2x11",
    "hoyito:2x12",
];

/// The actions of `/tournament`.
const TOURNAMENT_ACTIONS: [&str; 8] = [
    "new",
    "join",
    "leave",
    "start",
    "pairings",
    "standings",
    "withdraw",
    "cancel",
];

/// Suggestions shown as they are sent.
fn choices(names: Vec<String>) -> CreateAutocompleteResponse {
    CreateAutocompleteResponse::new().set_choices(
        names
            .into_iter()
            .map(|n| AutocompleteChoice::new(n.clone(), n))
            .collect(),
    )
}

fn starting_with<'a>(names: &'a [&'a str], partial: &str) -> Vec<String> {
    let want = partial.trim().to_lowercase();
    names
        .iter()
        .filter(|n| n.starts_with(&want))
        .map(|n| n.to_string())
        .collect()
}

async fn autocomplete_game(_ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    choices(starting_with(&GAMES, partial))
}

async fn autocomplete_rules(_ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    choices(starting_with(&["katro", "hoyito"], partial))
}

async fn autocomplete_setting(_ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    choices(starting_with(&["autoforfeit"], partial))
}

async fn autocomplete_on_off(_ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    choices(starting_with(&["on", "off"], partial))
}

async fn autocomplete_action(_ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    choices(starting_with(&TOURNAMENT_ACTIONS, partial))
}

async fn autocomplete_side(_ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    choices(starting_with(&["south", "north"], partial))
}

/// The legal moves of the game in this channel that start with what was typed.
async fn autocomplete_hole(ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    let at = adapter::channel_key(ctx.guild_id(), ctx.channel_id());
    let core = ctx.data().core.clone();
    choices(
        match tokio::task::spawn_blocking(move || core.legal_moves(&at)).await {
            Ok(moves) => adapter::complete(&moves, partial),
            Err(e) => {
                tracing::error!("legal_moves failed: {e}");
                Vec::new()
            }
        },
    )
}

/// Challenge someone (or anyone) to a game of Katro or Hoyito in this channel.
///
/// GAME is katro, katro:4x6, katro:4x4, hoyito, hoyito:2xN (N from 6 to 12) or
/// `hoyito match`. Without an opponent anyone may accept. Who plays South is random unless
/// you choose a side. With `ai_level` you play the bot's AI at that level instead, at once
/// and unrated (`!new GAME ai level N`).
#[poise::command(slash_command)]
async fn new(
    ctx: Context<'_>,
    #[description = "katro, katro:4x6, katro:4x4, hoyito, hoyito:2xN or hoyito match"]
    #[autocomplete = "autocomplete_game"]
    game: String,
    #[description = "Who you challenge; leave empty to let anyone accept"] opponent: Option<
        serenity::all::User,
    >,
    #[description = "Play as south (moves first) or north; random if empty"]
    #[autocomplete = "autocomplete_side"]
    side: Option<String>,
    #[description = "Play the bot's AI instead, at this level: 1 (beginner) to 5 (master)"]
    #[min = 1]
    #[max = 5]
    ai_level: Option<u8>,
    #[description = "Time per move, like 12h or 2d, or notime; the server's default if empty"]
    time: Option<String>,
) -> Result<(), Error> {
    // The options are spelled into the text command from the interaction itself.
    let _ = (game, opponent, side, ai_level, time);
    answer_command(ctx).await
}

/// Make a move: sow from a hole (Katro c1+ or c1-, Hoyito d1).
///
/// The hole is named like a chess square (RULES.md N1-N2); in Katro add + or - for the
/// direction (a bare hole means +). Autocomplete lists the legal moves.
#[poise::command(slash_command)]
async fn sow(
    ctx: Context<'_>,
    #[description = "The hole to sow from, e.g. c1+ (Katro) or d1 (Hoyito)"]
    #[autocomplete = "autocomplete_hole"]
    hole: String,
) -> Result<(), Error> {
    let _ = hole;
    answer_command(ctx).await
}

/// Show the board of the game in this channel, its position string and whose turn it is.
#[poise::command(slash_command)]
async fn board(ctx: Context<'_>) -> Result<(), Error> {
    answer_command(ctx).await
}

/// List the legal moves of the player to move.
#[poise::command(slash_command)]
async fn moves(ctx: Context<'_>) -> Result<(), Error> {
    answer_command(ctx).await
}

/// Resign the game in this channel.
#[poise::command(slash_command)]
async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    answer_command(ctx).await
}

/// Show the record of the game in this channel: headers and numbered moves.
#[poise::command(slash_command)]
async fn history(ctx: Context<'_>) -> Result<(), Error> {
    answer_command(ctx).await
}

/// The last move of the game in this channel, step by step, as an animated picture.
#[poise::command(slash_command)]
async fn replay(ctx: Context<'_>) -> Result<(), Error> {
    answer_command(ctx).await
}

/// A short summary of the rules of Katro or Hoyito I.
#[poise::command(slash_command)]
async fn rules(
    ctx: Context<'_>,
    #[description = "katro or hoyito; both if empty"]
    #[autocomplete = "autocomplete_rules"]
    game: Option<String>,
) -> Result<(), Error> {
    let _ = game;
    answer_command(ctx).await
}

/// How to use the bot: the commands and what they do.
#[poise::command(slash_command)]
async fn help(ctx: Context<'_>) -> Result<(), Error> {
    answer_command(ctx).await
}

/// Accept the challenge in this channel.
#[poise::command(slash_command)]
async fn accept(ctx: Context<'_>) -> Result<(), Error> {
    answer_command(ctx).await
}

/// Decline the challenge in this channel.
#[poise::command(slash_command)]
async fn decline(ctx: Context<'_>) -> Result<(), Error> {
    answer_command(ctx).await
}

/// Offer a draw, or accept the one your opponent offered.
#[poise::command(slash_command)]
async fn draw(ctx: Context<'_>) -> Result<(), Error> {
    answer_command(ctx).await
}

/// Abort the game before both sides have moved: no result, unrated.
#[poise::command(slash_command)]
async fn abort(ctx: Context<'_>) -> Result<(), Error> {
    answer_command(ctx).await
}

/// Claim the win when your opponent's deadline has passed.
#[poise::command(slash_command)]
async fn claim(ctx: Context<'_>) -> Result<(), Error> {
    answer_command(ctx).await
}

/// Challenge your last opponent here to the same game again, sides swapped.
#[poise::command(slash_command)]
async fn rematch(ctx: Context<'_>) -> Result<(), Error> {
    answer_command(ctx).await
}

/// Stop the bot's reminders of your deadlines.
#[poise::command(slash_command)]
async fn mute(ctx: Context<'_>) -> Result<(), Error> {
    answer_command(ctx).await
}

/// Get the bot's reminders of your deadlines again.
#[poise::command(slash_command)]
async fn unmute(ctx: Context<'_>) -> Result<(), Error> {
    answer_command(ctx).await
}

/// Show a player's Glicko-2 ratings in this server (yours if empty).
#[poise::command(slash_command)]
async fn rating(
    ctx: Context<'_>,
    #[description = "The player; you if empty"] user: Option<serenity::all::User>,
) -> Result<(), Error> {
    let _ = user;
    answer_command(ctx).await
}

/// Show this server's best-rated players of Katro or Hoyito.
#[poise::command(slash_command)]
async fn leaderboard(
    ctx: Context<'_>,
    #[description = "katro or hoyito; both if empty"]
    #[autocomplete = "autocomplete_rules"]
    game: Option<String>,
) -> Result<(), Error> {
    let _ = game;
    answer_command(ctx).await
}

/// Change a setting of this channel (organizers): autoforfeit on or off.
///
/// With auto-forfeit on, a player who lets his deadline pass loses at once; off, his
/// opponent may claim the win.
#[poise::command(slash_command)]
async fn set(
    ctx: Context<'_>,
    #[description = "The setting: autoforfeit"]
    #[autocomplete = "autocomplete_setting"]
    setting: String,
    #[description = "on or off"]
    #[autocomplete = "autocomplete_on_off"]
    value: String,
) -> Result<(), Error> {
    let _ = (setting, value);
    answer_command(ctx).await
}

/// Tournaments: list them, or new, join, leave, start, pairings, standings, withdraw, cancel.
///
/// Without an action, lists the server's tournaments. `action:new details:NAME GAME
/// roundrobin|swiss ROUNDS|knockout [TIME]` creates one (organizers); the other actions
/// take the tournament's name in `details` when there is more than one, and `withdraw`
/// the player in `user`.
#[poise::command(slash_command)]
async fn tournament(
    ctx: Context<'_>,
    #[description = "new, join, leave, start, pairings, standings, withdraw or cancel; empty: list"]
    #[autocomplete = "autocomplete_action"]
    action: Option<String>,
    #[description = "For new: NAME GAME roundrobin|swiss ROUNDS|knockout [TIME]; else NAME"]
    details: Option<String>,
    #[description = "For withdraw: the player"] user: Option<serenity::all::User>,
) -> Result<(), Error> {
    let _ = (action, details, user);
    answer_command(ctx).await
}

/// Every slash command, for registration.
pub fn all() -> Vec<poise::Command<super::Data, Error>> {
    vec![
        new(),
        sow(),
        board(),
        moves(),
        resign(),
        history(),
        replay(),
        rules(),
        help(),
        accept(),
        decline(),
        draw(),
        abort(),
        claim(),
        rematch(),
        mute(),
        unmute(),
        rating(),
        leaderboard(),
        set(),
        tournament(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_have_short_descriptions() {
        let cmds = all();
        assert_eq!(cmds.len(), 21);
        for c in &cmds {
            let d = c.description.as_deref().unwrap_or_default();
            assert!(!d.is_empty() && d.chars().count() <= 100, "{}: {d}", c.name);
            for p in &c.parameters {
                let d = p.description.as_deref().unwrap_or_default();
                assert!(!d.is_empty() && d.chars().count() <= 100, "{}: {d}", p.name);
            }
        }
    }

    #[test]
    fn game_completion() {
        assert_eq!(
            starting_with(&GAMES, "KATRO:4"),
            vec!["katro:4x6", "katro:4x4"]
        );
        assert_eq!(starting_with(&GAMES, "hoyito m"), vec!["hoyito match"]);
    }
}
