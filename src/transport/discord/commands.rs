//! The slash commands, generated from the core's command table
//! ([`crate::core::command::table`]). Each poise function declares its options with
//! typed parameters (choices as [`poise::ChoiceParameter`] enums, users as users,
//! `/tournament` as subcommands), so that Discord offers drop-downs and poise checks the
//! values; [`all`] takes every command's name, description and help from the table, and
//! the tests check that the registered commands are exactly the table's.
//!
//! Names stay English (they are what the core parses and what people type); the
//! descriptions of commands and options, and the labels of choices that are words, are
//! registered in English with their translations for Discord's locales
//! ([`Lang::discord_locales`]), so that each user sees them in his client's language.
//!
//! Every body is `answer_command`: it spells the interaction as the chat command the
//! table says it stands for (`/sow hole:b3+` -> `!sow b3+`, see
//! [`super::adapter::incoming_from_command`]) and hands it to the core, so all the logic
//! stays in the core.

use std::borrow::Cow;

use serenity::all::{AutocompleteChoice, CreateAutocompleteResponse, User};

use super::{adapter, answer_command, Context, Data, Error};
use crate::core::api::ChatCore;
use crate::core::command::table::{self, CommandDef, OptionKind, Slash, SlashOption, SubDef};
use crate::i18n::Lang;

mod organize;

type Localizations = Cow<'static, [(Cow<'static, str>, Cow<'static, str>)]>;

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

/// What `/resign` gives up in a match ([`table::RESIGN_CHOICES`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
enum ResignWhat {
    #[name = "game"]
    Game,
    #[name = "match"]
    Match,
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
    #[name = "threads"]
    Threads,
    #[name = "web"]
    Web,
}

/// The mode of `/notify` ([`table::NOTIFY_CHOICES`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
enum NotifyMode {
    #[name = "dm"]
    Dm,
    #[name = "mention"]
    Mention,
    #[name = "off"]
    Off,
    #[name = "digest"]
    Digest,
}

/// The first option of `/puzzle` ([`crate::core::command::PUZZLE_CHOICES`]): what to
/// do, or the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
enum PuzzleWhat {
    #[name = "daily"]
    Daily,
    #[name = "stats"]
    Stats,
    #[name = "skip"]
    Skip,
    #[name = "hint"]
    Hint,
    #[name = "katro"]
    Katro,
    #[name = "katro:4x6"]
    Katro4x6,
    #[name = "katro:4x4"]
    Katro4x4,
    #[name = "hoyito"]
    Hoyito,
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
    #[name = "index"]
    Index,
    #[name = "noindex"]
    NoIndex,
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
    #[name = "double"]
    Double,
    #[name = "arena"]
    Arena,
}

/// How a knockout of `/tournament new` settles a drawn game
/// ([`table::TIEBREAK_CHOICES`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
enum TieBreak {
    #[name = "rematch"]
    Rematch,
    #[name = "seed"]
    Seed,
}

/// The Swiss pairing of round 1 of `/tournament new` ([`table::PAIRING_CHOICES`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
enum Pairing {
    #[name = "accelerated"]
    Accelerated,
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

/// `/analyze` and `/record`: a game id, optional.
#[poise::command(slash_command)]
async fn maybe_game(ctx: Context<'_>, id: Option<String>) -> Result<(), Error> {
    let _ = id;
    answer_command(ctx).await
}

/// `/game`: a game id.
#[poise::command(slash_command)]
async fn one_game(ctx: Context<'_>, id: String) -> Result<(), Error> {
    let _ = id;
    answer_command(ctx).await
}

/// `/resign [what]`.
#[poise::command(slash_command)]
async fn resign(ctx: Context<'_>, what: Option<ResignWhat>) -> Result<(), Error> {
    let _ = what;
    answer_command(ctx).await
}

/// `/set`.
#[poise::command(slash_command)]
async fn set(ctx: Context<'_>, setting: Setting, value: SettingValue) -> Result<(), Error> {
    let _ = (setting, value);
    answer_command(ctx).await
}

/// `/notify`.
#[poise::command(slash_command)]
async fn notify(ctx: Context<'_>, mode: Option<NotifyMode>) -> Result<(), Error> {
    let _ = mode;
    answer_command(ctx).await
}

/// `/rating`.
#[poise::command(slash_command)]
async fn rating(ctx: Context<'_>, user: Option<User>) -> Result<(), Error> {
    let _ = user;
    answer_command(ctx).await
}

/// `/vacation`.
#[poise::command(slash_command)]
async fn vacation(ctx: Context<'_>, days: Option<String>) -> Result<(), Error> {
    let _ = days;
    answer_command(ctx).await
}

/// `/puzzle` (issue 32).
#[poise::command(slash_command)]
async fn puzzle(
    ctx: Context<'_>,
    what: Option<PuzzleWhat>,
    user: Option<User>,
) -> Result<(), Error> {
    let _ = (what, user);
    answer_command(ctx).await
}

/// `/tournament`: only its subcommands are called.
#[poise::command(
    slash_command,
    subcommands(
        "tournament_list",
        "tournament_new",
        "tournament_named",
        "tournament_withdraw",
        "organize::adjudicate",
        "organize::extend",
        "organize::next_round",
        "organize::kick",
        "organize::checkin"
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
// poise takes one parameter per slash option.
#[allow(clippy::too_many_arguments)]
async fn tournament_new(
    ctx: Context<'_>,
    name: String,
    game: Game,
    format: Format,
    #[min = 1]
    #[max = 20]
    rounds: Option<u32>,
    window: Option<String>,
    time: Option<String>,
    tiebreak: Option<TieBreak>,
    pairing: Option<Pairing>,
) -> Result<(), Error> {
    let _ = (name, game, format, rounds, window, time, tiebreak, pairing);
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
        "resign" => resign(),
        "set" => set(),
        "notify" => notify(),
        "rating" => rating(),
        "tournament" => tournament(),
        "vacation" => vacation(),
        "puzzle" => puzzle(),
        "analyze" | "record" => maybe_game(),
        "game" => one_game(),
        _ => return None,
    })
}

/// The poise function of each subcommand of `/tournament`.
fn sub_function(name: &str) -> Option<poise::Command<Data, Error>> {
    Some(match name {
        "list" => tournament_list(),
        "new" => tournament_new(),
        "withdraw" => tournament_withdraw(),
        "adjudicate" => organize::adjudicate(),
        "extend" => organize::extend(),
        "next-round" => organize::next_round(),
        "kick" => organize::kick(),
        "checkin" => organize::checkin(),
        _ => return None,
    })
}

/// A text in each language but English, for each of that language's Discord locales:
/// the `description_localizations` (or choice `name_localizations`) Discord takes.
fn localizations(text: impl Fn(Lang) -> String) -> Localizations {
    let mut out = Vec::new();
    for lang in Lang::ALL.into_iter().filter(|l| *l != Lang::En) {
        let words = text(lang);
        for locale in lang.discord_locales() {
            out.push(((*locale).into(), words.clone().into()));
        }
    }
    out.into()
}

/// Names `cmd` (the command `def`, or its subcommand `sub`) and describes it, its
/// options and their choices from the table, in English and Discord's other locales.
fn describe(
    cmd: &mut poise::Command<Data, Error>,
    def: &CommandDef,
    sub: Option<&SubDef>,
    help: Option<String>,
) {
    let (name, qualified, options) = match sub {
        Some(s) => (s.name, format!("{} {}", def.name, s.name), s.options),
        None => {
            let options: &[SlashOption] = match def.slash {
                Slash::Options(options) => options,
                Slash::ChatOnly | Slash::Subcommands => &[],
            };
            (def.name, def.name.to_string(), options)
        }
    };
    let summary = |lang| match sub {
        Some(s) => def.sub_summary(s, Some(lang)),
        None => def.summary(Some(lang)),
    };
    cmd.name = name.to_string().into();
    cmd.identifying_name = qualified.clone().into();
    cmd.qualified_name = qualified.into();
    cmd.description = Some(summary(Lang::En).into());
    cmd.description_localizations = localizations(summary);
    cmd.help_text = help.map(Into::into);
    for p in &mut cmd.parameters {
        let Some(o) = options.iter().find(|o| o.name == p.name) else {
            continue;
        };
        let description = |lang| def.option_description(sub, o, Some(lang));
        p.description = Some(description(Lang::En).into());
        p.description_localizations = localizations(description);
        if let OptionKind::Choice(choices) = o.kind {
            for (choice, c) in p.choices.to_mut().iter_mut().zip(choices) {
                choice.name = c.label(Some(Lang::En)).into();
                choice.localizations = if c.id.is_empty() {
                    Localizations::default()
                } else {
                    localizations(|lang| c.label(Some(lang)))
                };
            }
        }
    }
}

/// The slash command of one command of the table (with its subcommands), or `None` when
/// the table makes it chat only; its help is `core`'s `!help` for it, with the running
/// settings ([`ChatCore::command_help`]).
fn slash_command(def: &CommandDef, core: &dyn ChatCore) -> Option<poise::Command<Data, Error>> {
    if let Slash::ChatOnly = def.slash {
        return None;
    }
    // A command without options needs no function of its own: a new one is only its
    // table entry here too.
    let mut cmd = match def.slash {
        Slash::Options([]) => plain(),
        _ => function(def.name)?,
    };
    let help = crate::i18n::with_lang(Lang::En, || core.command_help(def.name));
    let help = (!help.is_empty()).then(|| help.join("\n"));
    describe(&mut cmd, def, None, help);
    if let Slash::Subcommands = def.slash {
        cmd.subcommands = def
            .subs
            .iter()
            .filter_map(|s| {
                // A subcommand whose one option is the tournament's name.
                let mut sub = match s.options {
                    [only] if only.name == "name" && !only.required => tournament_named(),
                    _ => sub_function(s.name)?,
                };
                describe(&mut sub, def, Some(s), None);
                Some(sub)
            })
            .collect();
    }
    Some(cmd)
}

/// Every slash command, for registration: the table's commands, minus the chat-only
/// ones, in the table's order, their help written with `core`'s running settings (its
/// prefix and the AI's default level).
pub fn all(core: &dyn ChatCore) -> Vec<poise::Command<Data, Error>> {
    table::COMMANDS
        .iter()
        .filter_map(|def| slash_command(def, core))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::api::{Incoming, Reply};
    use crate::core::command::table::Choice;
    use poise::ChoiceParameter;
    use serde_json::Value;

    /// A core that only knows the help of the table, with the default prefix and level.
    struct Helpful;

    impl ChatCore for Helpful {
        fn handle(&self, _: &Incoming) -> Vec<Reply> {
            Vec::new()
        }
        fn legal_moves(&self, _: &crate::model::ChannelKey) -> Vec<String> {
            Vec::new()
        }
        fn prefix(&self) -> &str {
            "!"
        }
        fn command_help(&self, name: &str) -> Vec<String> {
            table::find(name).map_or_else(Vec::new, |def| {
                crate::core::text::command_help(def, self.prefix(), 3, "katro")
            })
        }
    }

    fn labels<T: ChoiceParameter>() -> Vec<String> {
        T::list().iter().map(|c| c.name.to_string()).collect()
    }

    fn table_labels(choices: &[Choice]) -> Vec<String> {
        choices.iter().map(|c| c.label(Some(Lang::En))).collect()
    }

    #[test]
    fn choice_enums_are_the_tables_choices() {
        assert_eq!(labels::<Game>(), table_labels(table::GAME_CHOICES));
        assert_eq!(labels::<Side>(), table_labels(table::SIDE_CHOICES));
        assert_eq!(labels::<Level>(), table_labels(table::LEVEL_CHOICES));
        assert_eq!(labels::<Family>(), table_labels(table::FAMILY_CHOICES));
        assert_eq!(labels::<ResignWhat>(), table_labels(table::RESIGN_CHOICES));
        assert_eq!(labels::<Setting>(), table_labels(table::SETTING_CHOICES));
        assert_eq!(
            labels::<SettingValue>(),
            table_labels(table::SETTING_VALUE_CHOICES)
        );
        assert_eq!(labels::<Format>(), table_labels(table::FORMAT_CHOICES));
        assert_eq!(labels::<TieBreak>(), table_labels(table::TIEBREAK_CHOICES));
        assert_eq!(labels::<Pairing>(), table_labels(table::PAIRING_CHOICES));
        assert_eq!(labels::<Rating>(), table_labels(table::RATING_CHOICES));
        assert_eq!(
            labels::<PuzzleWhat>(),
            table_labels(crate::core::command::PUZZLE_CHOICES)
        );
    }

    /// The command as it is registered with Discord.
    fn registered(cmd: &poise::Command<Data, Error>) -> Value {
        serde_json::to_value(cmd.create_as_slash_command().expect("a slash command")).unwrap()
    }

    /// Discord's locales of the languages other than English.
    fn other_locales() -> Vec<(Lang, &'static str)> {
        Lang::ALL
            .into_iter()
            .filter(|l| *l != Lang::En)
            .flat_map(|l| l.discord_locales().iter().map(move |loc| (l, *loc)))
            .collect()
    }

    /// A registered command or option: its name within Discord's limits (English only,
    /// no localized names), its description `want(lang)` in English and in every other
    /// locale, each 1 to 100 characters.
    fn check_described(what: &str, v: &Value, want: &dyn Fn(Lang) -> String) {
        let name = v["name"].as_str().unwrap_or_default();
        assert!(
            (1..=32).contains(&name.chars().count())
                && name
                    .chars()
                    // Discord's names take `-` too (`/tournament next-round`).
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-'),
            "{what}: name `{name}`"
        );
        let names = &v["name_localizations"];
        assert!(
            names.is_null() || names == &serde_json::json!({}),
            "{what}: {names}"
        );
        assert_eq!(v["description"], want(Lang::En), "{what}");
        let d = v["description"].as_str().unwrap_or_default();
        assert!((1..=100).contains(&d.chars().count()), "{what}: `{d}`");
        let locales = &v["description_localizations"];
        assert_eq!(
            locales.as_object().map(|o| o.len()),
            Some(other_locales().len()),
            "{what}: {locales}"
        );
        for (lang, locale) in other_locales() {
            let d = locales[locale].as_str().unwrap_or_default();
            assert_eq!(d, want(lang), "{what} in {locale}");
            assert!(
                (1..=100).contains(&d.chars().count()),
                "{what} in {locale}: `{d}`"
            );
        }
    }

    /// The registered options are the table's: names, order, types, required, choices
    /// (with their localized labels), bounds and autocompletion; and within Discord's
    /// limits in every locale.
    fn check_options(def: &CommandDef, sub: Option<&SubDef>, got: &[Value], want: &[SlashOption]) {
        let what = format!("{} {}", def.name, sub.map_or("", |s| s.name));
        assert!(got.len() <= 25, "{what}: too many options");
        let names: Vec<&str> = got.iter().map(|o| o["name"].as_str().unwrap()).collect();
        let want_names: Vec<&str> = want.iter().map(|o| o.name).collect();
        assert_eq!(names, want_names, "{what}");
        for (o, w) in got.iter().zip(want) {
            let what = format!("{what} {}", w.name);
            check_described(&what, o, &|lang| def.option_description(sub, w, Some(lang)));
            assert_eq!(
                o["required"].as_bool().unwrap_or(false),
                w.required,
                "{what}"
            );
            let got_choices = o["choices"].as_array().cloned().unwrap_or_default();
            let choices: Vec<&str> = got_choices
                .iter()
                .map(|c| c["name"].as_str().unwrap())
                .collect();
            assert!(choices.len() <= 25, "{what}: too many choices");
            let autocomplete = o["autocomplete"].as_bool().unwrap_or(false);
            // Discord's option types: 3 string, 4 integer, 6 user.
            let (kind, want_choices, want_auto) = match w.kind {
                OptionKind::Choice(c) => {
                    for (got, c) in got_choices.iter().zip(c) {
                        let locales = &got["name_localizations"];
                        if c.id.is_empty() {
                            assert!(locales.is_null() || locales == &serde_json::json!({}));
                            continue;
                        }
                        for (lang, locale) in other_locales() {
                            let label = locales[locale].as_str().unwrap_or_default();
                            assert_eq!(label, c.label(Some(lang)), "{what} in {locale}");
                            assert!((1..=100).contains(&label.chars().count()));
                        }
                    }
                    (4, table_labels(c), false)
                }
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
    fn slash_commands_are_the_tables_described_in_every_locale() {
        let cmds = all(&Helpful);
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
            check_described(def.name, &v, &|lang| def.summary(Some(lang)));
            assert!(cmd
                .help_text
                .as_deref()
                .is_some_and(|h| h.contains(def.name)));
            let got = v["options"].as_array().cloned().unwrap_or_default();
            match def.slash {
                Slash::ChatOnly => unreachable!(),
                Slash::Options(options) => check_options(def, None, &got, options),
                Slash::Subcommands => {
                    let subs: Vec<&str> = got.iter().map(|o| o["name"].as_str().unwrap()).collect();
                    let want: Vec<&str> = def.subs.iter().map(|s| s.name).collect();
                    assert_eq!(subs, want, "{}", def.name);
                    for (o, s) in got.iter().zip(def.subs) {
                        let what = format!("{} {}", def.name, s.name);
                        assert_eq!(o["type"], 1, "{what}: a subcommand");
                        check_described(&what, o, &|lang| def.sub_summary(s, Some(lang)));
                        let opts = o["options"].as_array().cloned().unwrap_or_default();
                        check_options(def, Some(s), &opts, s.options);
                    }
                }
            }
        }
    }

    /// A French user's client shows `/new`'s descriptions and the AI levels in French.
    #[test]
    fn french_descriptions_are_registered() {
        let new = all(&Helpful).into_iter().find(|c| c.name == "new").unwrap();
        let v = registered(&new);
        assert_eq!(
            v["description_localizations"]["fr"],
            crate::i18n::message(Lang::Fr, "slash-new", &[])
        );
        let level = &v["options"][2];
        assert_eq!(level["name"], "ai_level");
        assert_eq!(level["choices"][0]["name"], "1 beginner");
        assert_eq!(
            level["choices"][0]["name_localizations"]["fr"],
            "1 débutant"
        );
        assert_eq!(
            level["choices"][0]["name_localizations"]["es-419"],
            "1 principiante"
        );
    }
}
