//! Text commands: `!new`, `!accept`, `!decline`, `!sow` (`!s`), `!board`, `!moves`,
//! `!resign`, `!history`, `!rules`, `!help`, behind a configurable prefix.

use mancala_rules::{Side, Variant};

use crate::chat::User;
use crate::store::GameKind;

/// The usage line of `!new`, shown after its errors (without the prefix).
pub const NEW_USAGE: &str = "new GAME [@opponent] [as south|north]";

/// The games `!new` takes, shown after its errors.
pub const GAMES: &str =
    "GAME is katro, katro:4x6, katro:4x4, hoyito, hoyito:2xN (N 6-12) or `hoyito match`";

/// Who is challenged by `!new`.
///
/// Extension point: an AI opponent (`!new katro ai [level N]`) becomes a variant here,
/// parsed in [`parse`] where the `ai` word is refused today.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// No one named: anyone but the challenger may accept.
    Anyone,
    /// This user, and only he, may accept.
    User(User),
}

/// Which rules `!rules` summarises.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RulesTopic {
    /// Katro (K1-K11).
    Katro,
    /// Hoyito I (H1-H10, M1-M4).
    Hoyito,
}

/// A parsed command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `!new [GAME] [@opponent] [as south|north]`; `kind` `None`: the configured default.
    New {
        /// The game, if named.
        kind: Option<GameKind>,
        /// Who is challenged.
        opponent: Opponent,
        /// The side the challenger asks for; `None`: drawn at random.
        side: Option<Side>,
    },
    /// `!accept`.
    Accept,
    /// `!decline` (the challenged player declines; the challenger withdraws).
    Decline,
    /// `!sow HOLE[+|-]` / `!s`: the move text as typed (RULES.md N2), spaces removed.
    Sow(String),
    /// `!board`.
    Board,
    /// `!moves`.
    Moves,
    /// `!resign`.
    Resign,
    /// `!history`.
    History,
    /// `!rules [katro|hoyito]`.
    Rules(Option<RulesTopic>),
    /// `!help`.
    Help,
}

/// The command names, for `!help` and unknown-command errors.
pub const COMMANDS: &[&str] = &[
    "new", "accept", "decline", "sow", "s", "board", "moves", "resign", "history", "rules", "help",
];

fn is_mention(token: &str) -> bool {
    token.starts_with('@') || token.starts_with("<@")
}

/// Parses `text` as a command behind `prefix`.
///
/// Returns `None` when the text is not addressed to the bot: it does not start with the
/// prefix, or the prefix is not followed by a letter (`!!`, `! wow`). Otherwise the
/// command, or a short error naming what was wrong and the accepted form (with the
/// prefix).
///
/// `mentions` are the users the transport found mentioned in the message; `!new` takes
/// the first as the opponent. Mention tokens in the text (`@bob`, `<@123>`) are skipped.
pub fn parse(text: &str, prefix: &str, mentions: &[User]) -> Option<Result<Command, String>> {
    let rest = text.trim_start().strip_prefix(prefix)?;
    if !rest.chars().next().is_some_and(|c| c.is_alphabetic()) {
        return None;
    }
    let mut words = rest.split_whitespace();
    let name = words.next()?.to_lowercase();
    let args: Vec<&str> = words.collect();
    Some(parse_args(&name, &args, prefix, mentions))
}

fn no_args(cmd: Command, name: &str, args: &[&str], prefix: &str) -> Result<Command, String> {
    if args.is_empty() {
        Ok(cmd)
    } else {
        Err(format!(
            "`{prefix}{name}` takes no arguments (got `{}`)",
            args.join(" ")
        ))
    }
}

fn parse_args(
    name: &str,
    args: &[&str],
    prefix: &str,
    mentions: &[User],
) -> Result<Command, String> {
    match name {
        "new" => parse_new(args, prefix, mentions),
        "accept" => no_args(Command::Accept, name, args, prefix),
        "decline" => no_args(Command::Decline, name, args, prefix),
        "sow" | "s" => {
            let mv: String = args.concat();
            if mv.is_empty() {
                Err(format!(
                    "`{prefix}{name}` needs a hole: `{prefix}sow c1+` or `{prefix}sow c1-` in \
                     Katro, `{prefix}sow d1` in Hoyito (`{prefix}moves` lists them)"
                ))
            } else {
                Ok(Command::Sow(mv))
            }
        }
        "board" => no_args(Command::Board, name, args, prefix),
        "moves" => no_args(Command::Moves, name, args, prefix),
        "resign" => no_args(Command::Resign, name, args, prefix),
        "history" => no_args(Command::History, name, args, prefix),
        "help" => Ok(Command::Help),
        "rules" => match args {
            [] => Ok(Command::Rules(None)),
            [t] if t.to_lowercase().starts_with("katro") => {
                Ok(Command::Rules(Some(RulesTopic::Katro)))
            }
            [t] if t.to_lowercase().starts_with("hoyito") => {
                Ok(Command::Rules(Some(RulesTopic::Hoyito)))
            }
            _ => Err(format!(
                "no rules for `{}`: use `{prefix}rules katro` or `{prefix}rules hoyito`",
                args.join(" ")
            )),
        },
        other => {
            let shown: String = other.chars().take(30).collect();
            Err(format!(
                "unknown command `{prefix}{shown}`; commands: {} (`{prefix}help` explains them)",
                COMMANDS
                    .iter()
                    .map(|c| format!("{prefix}{c}"))
                    .collect::<Vec<_>>()
                    .join(" ")
            ))
        }
    }
}

fn parse_new(args: &[&str], prefix: &str, mentions: &[User]) -> Result<Command, String> {
    let usage = format!("usage: `{prefix}{NEW_USAGE}`, {GAMES}");
    let mut kind: Option<GameKind> = None;
    let mut side = None;
    let mut named_mentions = 0;
    let mut i = 0;
    while i < args.len() {
        let word = args[i];
        let lower = word.to_lowercase();
        if is_mention(word) {
            named_mentions += 1;
        } else if lower == "as" {
            let Some(s) = args.get(i + 1) else {
                return Err(format!("`as` needs a side, `south` or `north`; {usage}"));
            };
            side = Some(match s.to_lowercase().as_str() {
                "south" | "s" => Side::South,
                "north" | "n" => Side::North,
                other => {
                    return Err(format!(
                        "`as` takes `south` or `north`, not `{other}`; {usage}"
                    ))
                }
            });
            i += 1;
        } else if lower == "match" {
            match kind.as_mut() {
                Some(k) if !k.variant.is_katro() => k.is_match = true,
                Some(_) => {
                    return Err(format!(
                        "match play (M1-M4) is for Hoyito: `{prefix}new hoyito match`"
                    ))
                }
                None => return Err(format!("`match` follows a Hoyito game; {usage}")),
            }
        } else if lower == "ai" {
            // Extension point for `!new GAME ai [level N]` (Opponent::Ai).
            return Err(format!(
                "playing against the AI is not available in this build; {usage}"
            ));
        } else if kind.is_none() {
            // The rules' error already lists the game names.
            let variant: Variant = lower.parse().map_err(|e: mancala_rules::ParseError| {
                format!("{e}, or `hoyito match`; usage: `{prefix}{NEW_USAGE}`")
            })?;
            kind = Some(GameKind::single(variant));
        } else {
            let shown: String = word.chars().take(30).collect();
            return Err(format!("unexpected `{shown}`; {usage}"));
        }
        i += 1;
    }
    if mentions.len() > 1 || named_mentions > 1 {
        return Err(format!("challenge one opponent at a time; {usage}"));
    }
    let opponent = match (mentions.first(), named_mentions) {
        (Some(u), _) => Opponent::User(u.clone()),
        (None, 0) => Opponent::Anyone,
        (None, _) => {
            return Err(format!(
                "I could not tell who the mentioned user is; mention him so that the chat \
                 links the name; {usage}"
            ))
        }
    };
    Ok(Command::New {
        kind,
        opponent,
        side,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(n: &str) -> User {
        User {
            id: n.into(),
            name: n.into(),
        }
    }

    #[test]
    fn not_addressed_gives_none() {
        assert!(parse("hello", "!", &[]).is_none());
        assert!(parse("!!", "!", &[]).is_none());
        assert!(parse("! wow", "!", &[]).is_none());
    }

    #[test]
    fn new_with_everything() {
        let bob = user("bob");
        let c = parse(
            "!new hoyito:2x8 match @bob as north",
            "!",
            std::slice::from_ref(&bob),
        )
        .unwrap()
        .unwrap();
        assert_eq!(
            c,
            Command::New {
                kind: Some(GameKind {
                    variant: "hoyito:2x8".parse().unwrap(),
                    is_match: true
                }),
                opponent: Opponent::User(bob),
                side: Some(Side::North),
            }
        );
    }

    #[test]
    fn new_defaults_and_errors() {
        assert_eq!(
            parse("!new", "!", &[]).unwrap().unwrap(),
            Command::New {
                kind: None,
                opponent: Opponent::Anyone,
                side: None
            }
        );
        let e = parse("!new katro match", "!", &[]).unwrap().unwrap_err();
        assert!(e.contains("match play (M1-M4) is for Hoyito"), "{e}");
        let e = parse("!new chess", "!", &[]).unwrap().unwrap_err();
        assert!(e.contains("bad game `chess`"), "{e}");
        assert!(e.contains("usage: `!new GAME"), "{e}");
        let e = parse("!new katro as east", "!", &[]).unwrap().unwrap_err();
        assert!(e.contains("not `east`"), "{e}");
        let e = parse("!new katro @ghost", "!", &[]).unwrap().unwrap_err();
        assert!(e.contains("could not tell who"), "{e}");
    }

    #[test]
    fn sow_alias_prefix_and_spaces() {
        assert_eq!(
            parse("?s C1 +", "?", &[]).unwrap().unwrap(),
            Command::Sow("C1+".into())
        );
        let e = parse("!sow", "!", &[]).unwrap().unwrap_err();
        assert!(e.contains("needs a hole"), "{e}");
        let e = parse("!dance", "!", &[]).unwrap().unwrap_err();
        assert!(e.starts_with("unknown command `!dance`"), "{e}");
        let e = parse("!board now", "!", &[]).unwrap().unwrap_err();
        assert!(e.contains("takes no arguments"), "{e}");
    }
}
