//! The shapes of the command table's entries ([`super::table`]): a command, its
//! subcommands, its lines of help, how its arguments are read, and its slash shape
//! (options, their types and choices, and the words each is spelled after).
//!
//! The table holds no words: every text of a command (its help lines, its slash
//! description, its options' descriptions, the labels of its choices that are words) is
//! a message of `locales/*/commands.ftl` whose id is made from the command's name
//! ([`message_id`]): `help-sow-0`, `slash-sow`, `slash-sow-hole`,
//! `slash-tournament-join-name`, `choice-level-1`.

use super::Command;
use crate::core::needs::Needs;
use crate::i18n::{self, Arg, Lang};
use crate::model::User;

/// The message id of a text of the table: `area` then the names of its path, joined by
/// `-`, with `_` written `-` (`slash`, `["new", "ai_level"]` -> `slash-new-ai-level`).
pub fn message_id(area: &str, path: &[&str]) -> String {
    let mut id = area.to_string();
    for part in path {
        id.push('-');
        id.push_str(&part.replace('_', "-"));
    }
    id
}

/// The message `id` in `lang`, or in the language of the command being answered
/// ([`i18n::with_lang`]) when `lang` is `None`.
pub(super) fn words(lang: Option<Lang>, id: &str, args: &[(&str, Arg<'_>)]) -> String {
    match lang {
        Some(lang) => i18n::message(lang, id, args),
        None => i18n::text(id, args),
    }
}

/// What an argument parser gets besides the words after the command's name.
#[derive(Clone, Copy, Debug)]
pub struct Cx<'a> {
    /// The command's name as typed (the name or an alias), lower case.
    pub name: &'a str,
    /// The tournament subcommand as typed, lower case (`""` elsewhere).
    pub sub: &'a str,
    /// The chat's command prefix, e.g. `!`.
    pub prefix: &'a str,
    /// The users the transport found mentioned in the message, in text order.
    pub mentions: &'a [User],
    /// The command's whole usage, without the prefix ([`CommandDef::usage`]), for the
    /// errors of its arguments.
    pub usage: &'a str,
}

/// Parses the words after a command's name.
pub type ParseFn = fn(&Cx<'_>, &[&str]) -> Result<Command, String>;

/// How a command's arguments are read.
#[derive(Debug)]
pub enum Grammar {
    /// No arguments: this command; any word after the name is refused.
    NoArgs(Command),
    /// These words, read by this parser.
    Args(ParseFn),
    /// A subcommand from [`CommandDef::subs`]; nothing after the name: `alone`.
    Subcommands {
        /// The command without a subcommand.
        alone: Command,
    },
}

/// One line of `!help`: a way to call the command; what it does is the message
/// `help-NAME-I` (`I` its place among the command's forms, from 0), given `$p` (the
/// prefix), `$levels` (the AI levels) and `$default` (the configured AI level).
#[derive(Clone, Copy, Debug)]
pub struct Form {
    /// The arguments after the name, e.g. `[katro|hoyito]` (`""`: none).
    pub args: &'static str,
}

/// One command of the table.
#[derive(Debug)]
pub struct CommandDef {
    /// The name, lower case: `!new`, `/new`.
    pub name: &'static str,
    /// Other names the chat parser takes (`s` for `sow`).
    pub aliases: &'static [&'static str],
    /// The arguments as usage lines in errors show them (`""`: none); with
    /// subcommands, see [`CommandDef::usage`].
    pub args: &'static str,
    /// Its lines in `!help` (the subcommands add theirs).
    pub help: &'static [Form],
    /// How its arguments are read.
    pub grammar: Grammar,
    /// Only organizers may use it (the core checks; help says so).
    pub organizers_only: bool,
    /// Its subcommands (`!tournament join`), empty for most commands.
    pub subs: &'static [SubDef],
    /// Its slash command.
    pub slash: Slash,
    /// What it reads besides the channel's record and settings, in the dispatcher's
    /// one batched read.
    pub reads: Needs,
    /// Whether it may make the AI search.
    pub wakes_ai: Wake,
}

/// Whether a command may make the AI search, so that it takes its place in the AI's
/// pool before it runs (refused when the pool is full, before anything changes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wake {
    /// Never.
    Never,
    /// Always (`!rematch`: the last game may have been against the AI).
    Always,
    /// When it starts a game against the AI (`!new ... ai`: the AI may move first).
    AgainstAi,
    /// When the channel's game in play is against the AI (`!sow`).
    InAiGame,
}

/// A subcommand (`!tournament join`, `/tournament join`).
#[derive(Debug)]
pub struct SubDef {
    /// The name, lower case (also the slash subcommand's name).
    pub name: &'static str,
    /// Other names the chat parser takes.
    pub aliases: &'static [&'static str],
    /// Typed as the command alone (`!tournament` lists): the name is for the slash
    /// subcommand only, and spelled as nothing.
    pub bare: bool,
    /// The arguments after the subcommand's name (`""`: none).
    pub args: &'static str,
    /// Whether `!help` says what it does (the message `help-COMMAND-NAME`); `false`:
    /// its name says it.
    pub help: bool,
    /// Only organizers may use it.
    pub organizers_only: bool,
    /// Parses the words after the subcommand's name.
    pub parse: ParseFn,
    /// Its slash options, in the order they are spelled.
    pub options: &'static [SlashOption],
}

/// The slash shape of a command.
#[derive(Debug)]
pub enum Slash {
    /// Chat only: no slash command.
    ChatOnly,
    /// A slash command with these options, spelled in this order.
    Options(&'static [SlashOption]),
    /// A slash command made of the command's [`CommandDef::subs`].
    Subcommands,
}

/// One option of a slash command (or subcommand).
#[derive(Debug)]
pub struct SlashOption {
    /// The option's name, lower case (its description is the message
    /// `slash-COMMAND[-SUB]-NAME`).
    pub name: &'static str,
    /// Its type.
    pub kind: OptionKind,
    /// Must be given.
    pub required: bool,
    /// The words written before its value in the chat command (`as` before a side), or
    /// `""`.
    pub before: &'static str,
}

/// The type of a slash option.
#[derive(Debug)]
pub enum OptionKind {
    /// One of these choices (Discord sends the index of the one picked).
    Choice(&'static [Choice]),
    /// A whole number in `min..=max`.
    Integer {
        /// The least value.
        min: i64,
        /// The greatest value.
        max: i64,
    },
    /// Free text.
    Text,
    /// Free text completed with the legal moves of the channel's game.
    Move,
    /// A user, spelled as a mention.
    User,
}

/// A fixed choice of a slash option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The message id of what the user sees, e.g. `choice-level-2` (`2 casual`); `""`:
    /// the user sees the word, a keyword never translated (`katro`, `north`, `on`).
    pub id: &'static str,
    /// What is written into the chat command, e.g. `2`.
    pub word: &'static str,
}

impl Choice {
    /// A choice that is its word, never translated (`katro`, `north`, `on`).
    pub const fn same(word: &'static str) -> Choice {
        Choice { id: "", word }
    }

    /// What the user sees in `lang` (the current language when `None`), e.g.
    /// `2 casual`, `2 amateur`; the word itself for a keyword.
    pub fn label(&self, lang: Option<Lang>) -> String {
        if self.id.is_empty() {
            self.word.to_string()
        } else {
            words(lang, self.id, &[])
        }
    }
}

impl CommandDef {
    /// The usage as errors show it, without the prefix: `new GAME [...]`; with
    /// subcommands, every subcommand's form joined by ` | `.
    pub fn usage(&self) -> String {
        if self.subs.is_empty() {
            return join_words(self.name, self.args);
        }
        let subs: Vec<String> = self
            .subs
            .iter()
            .filter(|s| !s.bare)
            .map(|s| join_words(s.name, s.args))
            .collect();
        format!("{} {}", self.name, subs.join(" | "))
    }

    /// The slash command's description in `lang` (the current language when `None`):
    /// the message `slash-NAME`, one line of at most 100 characters.
    pub fn summary(&self, lang: Option<Lang>) -> String {
        words(lang, &message_id("slash", &[self.name]), &[])
    }

    /// The slash subcommand's description in `lang`: the message `slash-NAME-SUB`.
    pub fn sub_summary(&self, sub: &SubDef, lang: Option<Lang>) -> String {
        words(lang, &message_id("slash", &[self.name, sub.name]), &[])
    }

    /// The description of the slash option `option` (of the subcommand `sub`, if any)
    /// in `lang`: the message `slash-NAME[-SUB]-OPTION`.
    pub fn option_description(
        &self,
        sub: Option<&SubDef>,
        option: &SlashOption,
        lang: Option<Lang>,
    ) -> String {
        let id = match sub {
            Some(s) => message_id("slash", &[self.name, s.name, option.name]),
            None => message_id("slash", &[self.name, option.name]),
        };
        words(lang, &id, &[])
    }

    /// Every message id this command's texts are read from: its help lines, its
    /// subcommands' help, its slash description, its options' and subcommands'
    /// descriptions and its choices' labels (for the test that they exist).
    pub fn message_ids(&self) -> Vec<String> {
        let mut ids: Vec<String> = (0..self.help.len())
            .map(|i| message_id("help", &[self.name, &i.to_string()]))
            .collect();
        let choices = |options: &[SlashOption], ids: &mut Vec<String>| {
            for o in options {
                if let OptionKind::Choice(choices) = o.kind {
                    ids.extend(
                        choices
                            .iter()
                            .filter(|c| !c.id.is_empty())
                            .map(|c| c.id.to_string()),
                    );
                }
            }
        };
        for s in self.subs.iter().filter(|s| s.help) {
            ids.push(message_id("help", &[self.name, s.name]));
        }
        match self.slash {
            Slash::ChatOnly => {}
            Slash::Options(options) => {
                ids.push(message_id("slash", &[self.name]));
                ids.extend(
                    options
                        .iter()
                        .map(|o| message_id("slash", &[self.name, o.name])),
                );
                choices(options, &mut ids);
            }
            Slash::Subcommands => {
                ids.push(message_id("slash", &[self.name]));
                for s in self.subs {
                    ids.push(message_id("slash", &[self.name, s.name]));
                    ids.extend(
                        s.options
                            .iter()
                            .map(|o| message_id("slash", &[self.name, s.name, o.name])),
                    );
                    choices(s.options, &mut ids);
                }
            }
        }
        ids
    }

    /// The subcommand `word` (lower case) names, by its name or an alias (bare ones
    /// are typed as nothing and never found).
    pub fn find_sub(&self, word: &str) -> Option<&'static SubDef> {
        self.subs
            .iter()
            .find(|s| !s.bare && (s.name == word || s.aliases.contains(&word)))
    }
}

/// `name args`, or `name` when there are no arguments; the placeholders of `args`
/// (`GAME`, `@opponent`, ...) in the current language (`placeholders`): keywords stay
/// as typed.
pub fn join_words(name: &str, args: &str) -> String {
    if args.is_empty() {
        name.to_string()
    } else {
        format!("{name} {}", placeholders(args))
    }
}

/// `args` with each placeholder word (`GAME`, `TIME`, `NAME`, `HOLE`, `ROUNDS`,
/// `SETTING`, `VALUE`, `COMMAND`, `@opponent`, `@user`) written in the current language:
/// French `JEU [@adversaire]`. Other words are keywords and stay.
fn placeholders(args: &str) -> String {
    let mut out = String::with_capacity(args.len());
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        out.push_str(&placeholder(word).unwrap_or_else(|| word.clone()));
        word.clear();
    };
    for c in args.chars() {
        if c.is_ascii_alphabetic() || c == '@' {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

/// The current language's word for the usage placeholder `word`, if it is one.
fn placeholder(word: &str) -> Option<String> {
    Some(match word {
        "GAME" => tr!("usage-word-game"),
        "TIME" => tr!("usage-word-time"),
        "NAME" => tr!("usage-word-name"),
        "HOLE" => tr!("usage-word-hole"),
        "ROUNDS" => tr!("usage-word-rounds"),
        "SETTING" => tr!("usage-word-setting"),
        "VALUE" => tr!("usage-word-value"),
        "COMMAND" => tr!("usage-word-command"),
        "@opponent" => tr!("usage-word-opponent"),
        "@user" => tr!("usage-word-user"),
        _ => return None,
    })
}
