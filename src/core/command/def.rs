//! The shapes of the command table's entries ([`super::table`]): a command, its
//! subcommands, its lines of help, how its arguments are read, and its slash shape
//! (options, their types and choices, and the words each is spelled after).

use super::Command;
use crate::model::User;

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

/// One line of `!help`: a way to call the command and what it does.
///
/// In `text`, `{p}` stands for the prefix, `{levels}` for the AI levels and `{default}`
/// for the configured AI level.
#[derive(Clone, Copy, Debug)]
pub struct Form {
    /// The arguments after the name, e.g. `[katro|hoyito]` (`""`: none).
    pub args: &'static str,
    /// What it does.
    pub text: &'static str,
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
    /// One line, at most 100 characters: the slash command's description.
    pub summary: &'static str,
    /// How its arguments are read.
    pub grammar: Grammar,
    /// Only organizers may use it (the core checks; help says so).
    pub organizers_only: bool,
    /// Its subcommands (`!tournament join`), empty for most commands.
    pub subs: &'static [SubDef],
    /// Its slash command.
    pub slash: Slash,
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
    /// What it does, for `!help` (`""`: its name says it).
    pub help: &'static str,
    /// One line, at most 100 characters: the slash subcommand's description.
    pub summary: &'static str,
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
    /// The option's name, lower case.
    pub name: &'static str,
    /// At most 100 characters.
    pub description: &'static str,
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
    /// What the user sees, e.g. `2 casual`.
    pub label: &'static str,
    /// What is written into the chat command, e.g. `2`.
    pub word: &'static str,
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

    /// The subcommand `word` (lower case) names, by its name or an alias (bare ones
    /// are typed as nothing and never found).
    pub fn find_sub(&self, word: &str) -> Option<&'static SubDef> {
        self.subs
            .iter()
            .find(|s| !s.bare && (s.name == word || s.aliases.contains(&word)))
    }
}

/// `name args`, or `name` when there are no arguments.
pub fn join_words(name: &str, args: &str) -> String {
    if args.is_empty() {
        name.to_string()
    } else {
        format!("{name} {args}")
    }
}
