//! Slash commands spelled as chat commands: a transport with typed commands (Discord's
//! slash commands) hands the values of their options to [`spell`], which writes the
//! chat command the table ([`super::table`]) says they stand for, e.g. `/new game:katro
//! side:north` -> `!new katro as north`. The core then parses that text like any chat
//! message, so its parser stays the single source of truth.

use super::table::{self, OptionKind, Slash, SlashOption};
use crate::model::User;

/// The value of one slash option, as the transport received it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SlashValue {
    /// A whole number; for an option with choices, the index of the choice picked.
    Int(i64),
    /// Text (for an option with choices, the choice's word itself is taken too).
    Text(String),
    /// A user.
    User {
        /// One word that names him in the text, written after `@`.
        handle: String,
        /// The chat user.
        user: User,
    },
}

/// A slash command spelled as its chat command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Spelled {
    /// The chat command, with the prefix: `!new katro @bob as north`.
    pub text: String,
    /// The users its options named, in text order.
    pub mentions: Vec<User>,
}

/// The options of `/command` (or of its subcommand `sub`) and the words that name it in
/// chat: `["tournament", "join"]`; the bare subcommand `list` is `["tournament"]`.
/// `None` when the table has no such slash command.
pub(crate) fn shape(
    command: &str,
    sub: Option<&str>,
) -> Option<(Vec<&'static str>, &'static [SlashOption])> {
    let def = table::find(command).filter(|d| d.name == command)?;
    match (&def.slash, sub) {
        (Slash::Options(options), None) => Some((vec![def.name], options)),
        (Slash::Subcommands, Some(sub)) => {
            let s = def.subs.iter().find(|s| s.name == sub)?;
            let words = if s.bare {
                vec![def.name]
            } else {
                vec![def.name, s.name]
            };
            Some((words, s.options))
        }
        _ => None,
    }
}

/// Spells `/command` (with its subcommand `sub`, if it has subcommands) and the values
/// of its options (by option name, in any order) as the chat command behind `prefix`.
///
/// The options are written in the table's order, each after its words (`as` before a
/// side, `ai level` before a level); a choice is written as its word (`2` for
/// `2 casual`); a user as `@handle`, and listed in [`Spelled::mentions`]. Values of
/// options the table does not name are left out; a command the table does not know is
/// spelled as its name alone (the core then says it is unknown).
pub(crate) fn spell<N: AsRef<str>>(
    prefix: &str,
    command: &str,
    sub: Option<&str>,
    values: &[(N, SlashValue)],
) -> Spelled {
    let Some((words, options)) = shape(command, sub) else {
        return Spelled {
            text: format!("{prefix}{command}"),
            mentions: Vec::new(),
        };
    };
    let mut text = format!("{prefix}{}", words.join(" "));
    let mut mentions = Vec::new();
    for option in options {
        let Some((_, value)) = values.iter().find(|(name, _)| name.as_ref() == option.name) else {
            continue;
        };
        let word = match (&option.kind, value) {
            (OptionKind::Choice(choices), SlashValue::Int(i)) => usize::try_from(*i)
                .ok()
                .and_then(|i| choices.get(i))
                .map_or_else(|| i.to_string(), |c| c.word.to_string()),
            (_, SlashValue::Int(i)) => i.to_string(),
            (_, SlashValue::Text(s)) => s.trim().to_string(),
            (_, SlashValue::User { handle, user }) => {
                mentions.push(user.clone());
                format!("@{handle}")
            }
        };
        if word.is_empty() {
            continue;
        }
        text.push(' ');
        if !option.before.is_empty() {
            text.push_str(option.before);
            text.push(' ');
        }
        text.push_str(&word);
    }
    Spelled { text, mentions }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::command::{parse, Command, FormatArg, Opponent, TourneyCommand};
    use mancala_rules::Side;

    fn bob() -> User {
        User {
            id: "2".into(),
            name: "Bobby".into(),
        }
    }

    fn at_bob() -> SlashValue {
        SlashValue::User {
            handle: "bob_smith".into(),
            user: bob(),
        }
    }

    #[test]
    fn new_is_spelled_in_the_tables_order() {
        let s = spell(
            "!",
            "new",
            None,
            &[
                ("time", SlashValue::Text(" 2d ".into())),
                ("side", SlashValue::Int(1)),
                ("opponent", at_bob()),
                ("game", SlashValue::Int(1)),
            ],
        );
        assert_eq!(s.text, "!new katro:4x6 @bob_smith as north 2d");
        assert_eq!(s.mentions, vec![bob()]);
        match parse(&s.text, "!", &s.mentions) {
            Some(Ok(Command::New { opponent, side, .. })) => {
                assert_eq!(opponent, Opponent::User(bob()));
                assert_eq!(side, Some(Side::North));
            }
            other => panic!("{other:?}"),
        }
        // The AI level's choice `2 casual` (index 1) is written as its number.
        let s = spell(
            "?",
            "new",
            None,
            &[
                ("ai_level", SlashValue::Int(1)),
                ("game", SlashValue::Int(4)),
            ],
        );
        assert_eq!(s.text, "?new hoyito match ai level 2");
    }

    #[test]
    fn subcommands_are_spelled_with_their_words() {
        let s = spell(
            "!",
            "tournament",
            Some("new"),
            &[
                ("name", SlashValue::Text("spring".into())),
                ("game", SlashValue::Int(3)),
                ("format", SlashValue::Int(1)),
                ("rounds", SlashValue::Int(5)),
                ("pairing", SlashValue::Int(0)),
            ],
        );
        assert_eq!(s.text, "!tournament new spring hoyito swiss 5 accelerated");
        assert_eq!(
            parse(&s.text, "!", &[]).unwrap().unwrap(),
            Command::Tournament(TourneyCommand::New {
                name: "spring".into(),
                kind: crate::model::GameKind::single(mancala_rules::Variant::HOYITO),
                format: FormatArg::Swiss(5),
                move_time: None,
                options: super::super::NewOptions {
                    accelerated: true,
                    ..Default::default()
                },
            })
        );
        assert_eq!(
            spell::<&str>("!", "tournament", Some("list"), &[]).text,
            "!tournament"
        );
        let s = spell(
            "!",
            "tournament",
            Some("withdraw"),
            &[
                ("name", SlashValue::Text("spring".into())),
                ("user", at_bob()),
            ],
        );
        assert_eq!(s.text, "!tournament withdraw @bob_smith spring");
        assert_eq!(spell::<&str>("!", "sow", Some("x"), &[]).text, "!sow");
        assert_eq!(spell::<&str>("!", "dance", None, &[]).text, "!dance");
    }

    /// Every slash command and subcommand spells as a chat command the parser knows.
    #[test]
    fn every_slash_command_spells_as_a_known_command() {
        for def in table::COMMANDS {
            let subs: Vec<Option<&str>> = match def.slash {
                Slash::ChatOnly => continue,
                Slash::Options(_) => vec![None],
                Slash::Subcommands => def.subs.iter().map(|s| Some(s.name)).collect(),
            };
            for sub in subs {
                let text = spell::<&str>("!", def.name, sub, &[]).text;
                if let Some(Err(e)) = parse(&text, "!", &[]) {
                    assert!(!e.starts_with("unknown"), "{text}: {e}");
                }
            }
        }
    }
}
