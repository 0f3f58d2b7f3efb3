//! The slash commands, generated from the core's command table
//! ([`crate::core::command::table`]). Each poise function declares its options with
//! typed parameters (choices as [`poise::ChoiceParameter`] enums, users as users,
//! `/tournament` as subcommands), so that Discord offers drop-downs and poise checks the
//! values; [`all`] takes every command's name, description and help from the table, and
//! the tests check that the registered commands are exactly the table's.
//!
//! Every body is `answer_command`: it spells the interaction as the chat command the
//! table says it stands for (`/sow hole:b3+` -> `!sow b3+`, see
//! [`super::adapter::incoming_from_command`]) and hands it to the core, so all the logic
//! stays in the core.

use serenity::all::{AutocompleteChoice, CreateAutocompleteResponse, User};

use super::{adapter, answer_command, Context, Data, Error};
use crate::core::command::table::{self, CommandDef, Slash, SlashOption};

/// The game of `/new` and `/tournament new` ([`table::GAME_CHOICES`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
enum Game {
    #[name = "katro"]
    Katro,
    #[name = "katro:4x6"]
    Katro4x6,
    #[name = "katro:4x4"]
    Katro4x4,
    #[name = "hoyito"]
    Hoyito,
    #[name = "hoyito match"]
    HoyitoMatch,
    #[name = "hoyito:2x6"]
    Hoyito2x6,
    #[name = "hoyito:2x7"]
    Hoyito2x7,
    #[name = "hoyito:2x8"]
    Hoyito2x8,
    #[name = "hoyito:2x9"]
    Hoyito2x9,
    #[name = "hoyito:2x10"]
    Hoyito2x10,
    #[name = "hoyito:2x11"]
    Hoyito2x11,
    #[name = "hoyito:2x12"]
    Hoyito2x12,
    #[name = "katro lone (K11 lone-seed steps)"]
    KatroLone,
}

/// The side asked for in `/new` ([`table::SIDE_CHOICES`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
enum Side {
    #[name = "south"]
    South,
    #[name = "north"]
    North,
}

/// The AI's level in `/new` ([`table::LEVEL_CHOICES`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
enum Level {
    #[name = "1 beginner"]
    Beginner,
    #[name = "2 casual"]
    Casual,
    #[name = "3 club"]
    Club,
    #[name = "4 expert"]
    Expert,
    #[name = "5 master"]
    Master,
}

/// The game family of `/rules` and `/leaderboard` ([`table::FAMILY_CHOICES`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
enum Family {
    #[name = "katro"]
    Katro,
    #[name = "hoyito"]
    Hoyito,
}

/// The setting of `/set` ([`table::SETTING_CHOICES`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
enum Setting {
    #[name = "autoforfeit"]
    Autoforfeit,
    #[name = "hints"]
    Hints,
    #[name = "pictures"]
    Pictures,
    #[name = "view"]
    View,
    #[name = "theme"]
    Theme,
    #[name = "language"]
    Language,
}

/// Whether a `/new` game is rated ([`table::RATING_CHOICES`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
enum Rating {
    #[name = "rated"]
    Rated,
    #[name = "unrated"]
    Unrated,
}

/// A setting's value ([`table::SETTING_VALUE_CHOICES`]); the core checks that it fits
/// the setting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
enum SettingValue {
    #[name = "on"]
    On,
    #[name = "off"]
    Off,
    #[name = "frames"]
    Frames,
    #[name = "sheet"]
    Sheet,
    #[name = "final"]
    Final,
    #[name = "gif"]
    Gif,
    #[name = "mover"]
    Mover,
    #[name = "south"]
    South,
    #[name = "north"]
    North,
    #[name = "light"]
    Light,
    #[name = "dark"]
    Dark,
    #[name = "en"]
    En,
    #[name = "fr"]
    Fr,
    #[name = "es"]
    Es,
    #[name = "ru"]
    Ru,
    #[name = "auto"]
    Auto,
}

/// The format of `/tournament new` ([`table::FORMAT_CHOICES`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
enum Format {
    #[name = "roundrobin"]
    RoundRobin,
    #[name = "swiss"]
    Swiss,
    #[name = "knockout"]
    Knockout,
}

/// The legal moves of the game in this channel that start with what was typed.
async fn autocomplete_hole(ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    let at = adapter::channel_key(ctx.guild_id(), ctx.channel_id());
    let core = ctx.data().core.clone();
    let moves = match tokio::task::spawn_blocking(move || core.legal_moves(&at)).await {
        Ok(moves) => adapter::complete(&moves, partial),
        Err(e) => {
            tracing::error!("legal_moves failed: {e}");
            Vec::new()
        }
    };
    CreateAutocompleteResponse::new().set_choices(
        moves
            .into_iter()
            .map(|m| AutocompleteChoice::new(m.clone(), m))
            .collect(),
    )
}

// The options' values are read from the interaction by `answer_command` (through the
// table's spelling); the typed parameters register them and let poise check them.

/// `/new`.
#[poise::command(slash_command)]
async fn new(
    ctx: Context<'_>,
    game: Game,
    opponent: Option<User>,
    ai_level: Option<Level>,
    side: Option<Side>,
    time: Option<String>,
    rating: Option<Rating>,
) -> Result<(), Error> {
    let _ = (game, opponent, ai_level, side, time, rating);
    answer_command(ctx).await
}

/// `/sow`.
#[poise::command(slash_command)]
async fn sow(
    ctx: Context<'_>,
    #[autocomplete = "autocomplete_hole"] hole: String,
) -> Result<(), Error> {
    let _ = hole;
    answer_command(ctx).await
}

/// A slash command without options.
#[poise::command(slash_command)]
async fn plain(ctx: Context<'_>) -> Result<(), Error> {
    answer_command(ctx).await
}

/// `/rules` and `/leaderboard`.
#[poise::command(slash_command)]
async fn family(ctx: Context<'_>, game: Option<Family>) -> Result<(), Error> {
    let _ = game;
    answer_command(ctx).await
}

/// `/set`.
#[poise::command(slash_command)]
async fn set(ctx: Context<'_>, setting: Setting, value: SettingValue) -> Result<(), Error> {
    let _ = (setting, value);
    answer_command(ctx).await
}

/// `/rating`.
#[poise::command(slash_command)]
async fn rating(ctx: Context<'_>, user: Option<User>) -> Result<(), Error> {
    let _ = user;
    answer_command(ctx).await
}

/// `/tournament`: only its subcommands are called.
#[poise::command(
    slash_command,
    subcommands(
        "tournament_list",
        "tournament_new",
        "tournament_named",
        "tournament_withdraw"
    ),
    subcommand_required
)]
async fn tournament(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// `/tournament list`.
#[poise::command(slash_command, rename = "list")]
async fn tournament_list(ctx: Context<'_>) -> Result<(), Error> {
    answer_command(ctx).await
}

/// `/tournament new`.
#[poise::command(slash_command, rename = "new")]
async fn tournament_new(
    ctx: Context<'_>,
    name: String,
    game: Game,
    format: Format,
    #[min = 1]
    #[max = 20]
    rounds: Option<u32>,
    time: Option<String>,
) -> Result<(), Error> {
    let _ = (name, game, format, rounds, time);
    answer_command(ctx).await
}

/// `/tournament join`, `leave`, `start`, `pairings`, `standings`, `cancel`.
#[poise::command(slash_command)]
async fn tournament_named(ctx: Context<'_>, name: Option<String>) -> Result<(), Error> {
    let _ = name;
    answer_command(ctx).await
}

/// `/tournament withdraw`.
#[poise::command(slash_command, rename = "withdraw")]
async fn tournament_withdraw(
    ctx: Context<'_>,
    user: User,
    name: Option<String>,
) -> Result<(), Error> {
    let _ = (user, name);
    answer_command(ctx).await
}

/// The poise function of each slash command of the table; `None` for a command the
/// table does not make a slash command (or one that has no function yet: the tests
/// catch that).
fn function(name: &str) -> Option<poise::Command<Data, Error>> {
    Some(match name {
        "new" => new(),
        "sow" => sow(),
        "rules" | "leaderboard" => family(),
        "set" => set(),
        "rating" => rating(),
        "tournament" => tournament(),
        "accept" | "decline" | "board" | "moves" | "resign" | "hint" | "analyze" | "history"
        | "replay" | "help" | "draw" | "abort" | "claim" | "rematch" | "mute" | "unmute" => plain(),
        _ => return None,
    })
}

/// The poise function of each subcommand of `/tournament`.
fn sub_function(name: &str) -> Option<poise::Command<Data, Error>> {
    Some(match name {
        "list" => tournament_list(),
        "new" => tournament_new(),
        "withdraw" => tournament_withdraw(),
        "join" | "leave" | "start" | "pairings" | "standings" | "cancel" => tournament_named(),
        _ => return None,
    })
}

/// Names `cmd` and describes it and its options from the table.
fn describe(
    cmd: &mut poise::Command<Data, Error>,
    qualified: String,
    name: &str,
    summary: &str,
    help: Option<String>,
    options: &[SlashOption],
) {
    cmd.name = name.to_string().into();
    cmd.identifying_name = qualified.clone().into();
    cmd.qualified_name = qualified.into();
    cmd.description = Some(summary.to_string().into());
    cmd.help_text = help.map(Into::into);
    for p in &mut cmd.parameters {
        if let Some(o) = options.iter().find(|o| o.name == p.name) {
            p.description = Some(o.description.to_string().into());
        }
    }
}

/// The slash command of one command of the table (with its subcommands), or `None` when
/// the table makes it chat only.
fn slash_command(def: &CommandDef) -> Option<poise::Command<Data, Error>> {
    let options: &[SlashOption] = match def.slash {
        Slash::ChatOnly => return None,
        Slash::Options(options) => options,
        Slash::Subcommands => &[],
    };
    let mut cmd = function(def.name)?;
    let settings = crate::core::Settings::default();
    let help = crate::core::text::command_help(def, &settings.prefix, settings.ai_level);
    describe(
        &mut cmd,
        def.name.to_string(),
        def.name,
        def.summary,
        Some(help.join("\n")),
        options,
    );
    if let Slash::Subcommands = def.slash {
        cmd.subcommands = def
            .subs
            .iter()
            .filter_map(|s| {
                let mut sub = sub_function(s.name)?;
                let qualified = format!("{} {}", def.name, s.name);
                describe(&mut sub, qualified, s.name, s.summary, None, s.options);
                Some(sub)
            })
            .collect();
    }
    Some(cmd)
}

/// Every slash command, for registration: the table's commands, minus the chat-only
/// ones, in the table's order.
pub fn all() -> Vec<poise::Command<Data, Error>> {
    table::COMMANDS.iter().filter_map(slash_command).collect()
}

#[cfg(test)]
mod tests {
    use poise::ChoiceParameter;
    use serde_json::Value;

    use super::*;
    use crate::core::command::table::{Choice, OptionKind};

    fn labels<T: ChoiceParameter>() -> Vec<String> {
        T::list().iter().map(|c| c.name.to_string()).collect()
    }

    fn table_labels(choices: &[Choice]) -> Vec<String> {
        choices.iter().map(|c| c.label.to_string()).collect()
    }

    #[test]
    fn choice_enums_are_the_tables_choices() {
        assert_eq!(labels::<Game>(), table_labels(table::GAME_CHOICES));
        assert_eq!(labels::<Side>(), table_labels(table::SIDE_CHOICES));
        assert_eq!(labels::<Level>(), table_labels(table::LEVEL_CHOICES));
        assert_eq!(labels::<Family>(), table_labels(table::FAMILY_CHOICES));
        assert_eq!(labels::<Setting>(), table_labels(table::SETTING_CHOICES));
        assert_eq!(
            labels::<SettingValue>(),
            table_labels(table::SETTING_VALUE_CHOICES)
        );
        assert_eq!(labels::<Format>(), table_labels(table::FORMAT_CHOICES));
        assert_eq!(labels::<Rating>(), table_labels(table::RATING_CHOICES));
    }

    /// The command as it is registered with Discord.
    fn registered(cmd: &poise::Command<Data, Error>) -> Value {
        serde_json::to_value(cmd.create_as_slash_command().expect("a slash command")).unwrap()
    }

    fn check_name(what: &str, v: &Value) {
        let name = v["name"].as_str().unwrap_or_default();
        assert!(
            (1..=32).contains(&name.chars().count())
                && name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'),
            "{what}: name `{name}`"
        );
        let d = v["description"].as_str().unwrap_or_default();
        assert!((1..=100).contains(&d.chars().count()), "{what}: `{d}`");
    }

    /// The registered options are the table's: names, order, types, required, choices,
    /// bounds and autocompletion; and within Discord's limits.
    fn check_options(what: &str, got: &[Value], want: &[SlashOption]) {
        assert!(got.len() <= 25, "{what}: too many options");
        let names: Vec<&str> = got.iter().map(|o| o["name"].as_str().unwrap()).collect();
        let want_names: Vec<&str> = want.iter().map(|o| o.name).collect();
        assert_eq!(names, want_names, "{what}");
        for (o, w) in got.iter().zip(want) {
            let what = format!("{what} {}", w.name);
            check_name(&what, o);
            assert_eq!(o["description"], w.description, "{what}");
            assert_eq!(
                o["required"].as_bool().unwrap_or(false),
                w.required,
                "{what}"
            );
            let choices: Vec<&str> = o["choices"]
                .as_array()
                .map(|c| c.iter().map(|c| c["name"].as_str().unwrap()).collect())
                .unwrap_or_default();
            assert!(choices.len() <= 25, "{what}: too many choices");
            let autocomplete = o["autocomplete"].as_bool().unwrap_or(false);
            // Discord's option types: 3 string, 4 integer, 6 user.
            let (kind, want_choices, want_auto) = match w.kind {
                OptionKind::Choice(c) => (4, table_labels(c), false),
                OptionKind::Integer { min, max } => {
                    assert_eq!(o["min_value"].as_f64(), Some(min as f64), "{what}");
                    assert_eq!(o["max_value"].as_f64(), Some(max as f64), "{what}");
                    (4, Vec::new(), false)
                }
                OptionKind::Text => (3, Vec::new(), false),
                OptionKind::Move => (3, Vec::new(), true),
                OptionKind::User => (6, Vec::new(), false),
            };
            assert_eq!(o["type"], kind, "{what}");
            assert_eq!(choices, want_choices, "{what}");
            assert_eq!(autocomplete, want_auto, "{what}");
        }
    }

    #[test]
    fn slash_commands_are_the_tables() {
        let cmds = all();
        let names: Vec<&str> = cmds.iter().map(|c| c.name.as_ref()).collect();
        let want: Vec<&str> = table::COMMANDS
            .iter()
            .filter(|d| !matches!(d.slash, Slash::ChatOnly))
            .map(|d| d.name)
            .collect();
        assert_eq!(names, want);
        assert!(cmds.len() <= 100);
        for (cmd, def) in cmds.iter().zip(table::COMMANDS) {
            let v = registered(cmd);
            check_name(def.name, &v);
            assert_eq!(v["description"], def.summary);
            assert!(cmd
                .help_text
                .as_deref()
                .is_some_and(|h| h.contains(def.name)));
            let got = v["options"].as_array().cloned().unwrap_or_default();
            match def.slash {
                Slash::ChatOnly => unreachable!(),
                Slash::Options(options) => check_options(def.name, &got, options),
                Slash::Subcommands => {
                    let subs: Vec<&str> = got.iter().map(|o| o["name"].as_str().unwrap()).collect();
                    let want: Vec<&str> = def.subs.iter().map(|s| s.name).collect();
                    assert_eq!(subs, want, "{}", def.name);
                    for (o, s) in got.iter().zip(def.subs) {
                        let what = format!("{} {}", def.name, s.name);
                        assert_eq!(o["type"], 1, "{what}: a subcommand");
                        check_name(&what, o);
                        assert_eq!(o["description"], s.summary);
                        let opts = o["options"].as_array().cloned().unwrap_or_default();
                        check_options(&what, &opts, s.options);
                    }
                }
            }
        }
    }
}
