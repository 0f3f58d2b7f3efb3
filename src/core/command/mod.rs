//! Text commands: `!new`, `!accept`, `!decline`, `!sow` (`!s`), `!board`, `!moves`,
//! `!resign`, `!history`, `!rules`, `!help`; correspondence play: `!claim`, `!abort`,
//! `!draw`, `!rematch`, `!mute`, `!unmute`, `!set`; ratings: `!rating`, `!leaderboard`;
//! `!tournament ...`; behind a configurable prefix.

use mancala_rules::{Side, Variant};

use crate::model::GameKind;
use crate::model::User;

/// The usage line of `!new`, shown after its errors (without the prefix).
pub const NEW_USAGE: &str = "new GAME [@opponent | ai [level N]] [as south|north] [TIME]";

/// How a time per move is written, shown after its errors.
pub const TIME_FORM: &str =
    "TIME is hours or days per move, e.g. `12h` or `2d` (1 h to 30 d), or `notime`";

/// The usage of `!tournament`, without the prefix.
pub const TOURNAMENT_USAGE: &str = "tournament new NAME GAME roundrobin|swiss ROUNDS|knockout [TIME] | join [NAME] | leave [NAME] | start [NAME] | pairings [NAME] | standings [NAME] | withdraw @user [NAME] | cancel [NAME]";

/// The games `!new` takes, shown after its errors.
pub const GAMES: &str =
    "GAME is katro, katro:4x6, katro:4x4, hoyito, hoyito:2xN (N 6-12) or `hoyito match`";

/// Who is challenged by `!new`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// No one named: anyone but the challenger may accept.
    Anyone,
    /// This user, and only he, may accept.
    User(User),
    /// The bot's AI (`ai [level N]`): the game starts at once. `level` is 1-5 when
    /// given (checked by [`parse`]); `None`: the configured default.
    Ai {
        /// The level asked for.
        level: Option<u8>,
    },
}

/// The AI levels with their names, for errors and help: `1 beginner, 2 casual, ...`.
pub fn ai_levels_text() -> String {
    mancala_ai::LEVELS
        .map(|l| format!("{l} {}", mancala_ai::level_name(l).unwrap_or("?")))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Parses an AI level word: the level for 1-5, an error naming the levels for
/// any other number or word.
fn parse_level(word: Option<&str>, prefix: &str) -> Result<u8, String> {
    let levels = ai_levels_text();
    let Some(word) = word else {
        return Err(format!(
            "`level` needs a number: levels are {levels}; e.g. `{prefix}new katro ai level 3`"
        ));
    };
    match word.parse::<i64>() {
        Ok(n) if (1..=5).contains(&n) => Ok(n as u8),
        Ok(n) => Err(format!("AI level {n} does not exist: levels are {levels}")),
        Err(_) => {
            let shown: String = word.chars().take(30).collect();
            Err(format!(
                "`level` takes a number, not `{shown}`: levels are {levels}"
            ))
        }
    }
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
        /// Time per move: `None` the configured default, `Some(None)` no deadlines,
        /// `Some(Some(ms))` that many milliseconds per move.
        move_time: Option<Option<u64>>,
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
    /// `!replay`: the last move, step by step, as an animated GIF.
    Replay,
    /// `!rules [katro|hoyito]`.
    Rules(Option<RulesTopic>),
    /// `!help`.
    Help,
    /// `!claim`: win on time once the opponent's deadline has passed.
    Claim,
    /// `!abort`: end the game without result before both sides have moved.
    Abort,
    /// `!draw`: offer a draw, or accept the opponent's offer.
    Draw,
    /// `!rematch`: challenge the opponent of the last game here, sides swapped.
    Rematch,
    /// `!mute` (`true`) / `!unmute` (`false`): the author's move reminders.
    Mute(bool),
    /// `!set autoforfeit on|off`: in this channel, a passed deadline forfeits the game
    /// by itself (organizers only).
    SetAutoForfeit(bool),
    /// `!rating [@user]`.
    Rating(Option<User>),
    /// `!leaderboard [katro|hoyito]`; `None`: both.
    Leaderboard(Option<RulesTopic>),
    /// `!tournament ...`.
    Tournament(TourneyCommand),
}

/// The tournament format as typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormatArg {
    /// `roundrobin`.
    RoundRobin,
    /// `swiss ROUNDS`.
    Swiss(u32),
    /// `knockout`.
    Knockout,
}

/// `!tournament` subcommands; `name` `None`: the only tournament of the community that
/// fits (see the core).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TourneyCommand {
    /// `!tournament` alone: list the community's tournaments.
    List,
    /// `new NAME GAME FORMAT [TIME]` (organizers).
    New {
        /// Letters, digits, `-`, `_`; 1 to 24 characters.
        name: String,
        /// The game.
        kind: GameKind,
        /// The format.
        format: FormatArg,
        /// Time per move, as for `!new`.
        move_time: Option<Option<u64>>,
    },
    /// `join [NAME]`.
    Join(Option<String>),
    /// `leave [NAME]`.
    Leave(Option<String>),
    /// `start [NAME]` (organizers).
    Start(Option<String>),
    /// `pairings [NAME]`.
    Pairings(Option<String>),
    /// `standings [NAME]`.
    Standings(Option<String>),
    /// `withdraw @user [NAME]` (organizers, or the player himself).
    Withdraw(User, Option<String>),
    /// `cancel [NAME]` (organizers).
    Cancel(Option<String>),
}

/// The command names, for `!help` and unknown-command errors.
pub const COMMANDS: &[&str] = &[
    "new",
    "accept",
    "decline",
    "sow",
    "s",
    "board",
    "moves",
    "resign",
    "history",
    "replay",
    "rules",
    "help",
    "claim",
    "abort",
    "draw",
    "rematch",
    "mute",
    "unmute",
    "set",
    "rating",
    "leaderboard",
    "tournament",
];

/// Parses a time per move: `12h`, `1.5d`, `2d` (1 h to 30 d) in milliseconds, or
/// `notime` (`Some(None)`). `None` when `word` is not a time at all.
pub fn parse_time(word: &str) -> Option<Result<Option<u64>, String>> {
    let w = word.to_lowercase();
    if w == "notime" {
        return Some(Ok(None));
    }
    let (num, unit) = w.split_at(w.len().checked_sub(1)?);
    let hours = match unit {
        "h" => 1.0,
        "d" => 24.0,
        _ => return None,
    };
    if num.is_empty() || !num.chars().all(|c| c.is_ascii_digit() || c == '.') {
        return None;
    }
    let Ok(n) = num.parse::<f64>() else {
        return Some(Err(format!("bad time `{word}`; {TIME_FORM}")));
    };
    let h = n * hours;
    if !(1.0..=720.0).contains(&h) {
        return Some(Err(format!(
            "time per move `{word}` is out of range; {TIME_FORM}"
        )));
    }
    Some(Ok(Some((h * 3_600_000.0).round() as u64)))
}

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
        "replay" => no_args(Command::Replay, name, args, prefix),
        "help" => Ok(Command::Help),
        "claim" => no_args(Command::Claim, name, args, prefix),
        "abort" => no_args(Command::Abort, name, args, prefix),
        "draw" => no_args(Command::Draw, name, args, prefix),
        "rematch" => no_args(Command::Rematch, name, args, prefix),
        "mute" => no_args(Command::Mute(true), name, args, prefix),
        "unmute" => no_args(Command::Mute(false), name, args, prefix),
        "set" => match args
            .iter()
            .map(|a| a.to_lowercase())
            .collect::<Vec<_>>()
            .as_slice()
        {
            [k, v] if k == "autoforfeit" && (v == "on" || v == "off") => {
                Ok(Command::SetAutoForfeit(v == "on"))
            }
            _ => Err(format!(
                "usage: `{prefix}set autoforfeit on|off` (on: a game whose deadline passes here is forfeited by itself; off: the opponent may `{prefix}claim`)"
            )),
        },
        "rating" => match (args, mentions.first()) {
            ([], _) => Ok(Command::Rating(None)),
            ([a], Some(u)) if is_mention(a) => Ok(Command::Rating(Some(u.clone()))),
            _ => Err(format!(
                "usage: `{prefix}rating` (yours) or `{prefix}rating @user`"
            )),
        },
        "leaderboard" | "top" => match args {
            [] => Ok(Command::Leaderboard(None)),
            [t] if t.eq_ignore_ascii_case("katro") => {
                Ok(Command::Leaderboard(Some(RulesTopic::Katro)))
            }
            [t] if t.eq_ignore_ascii_case("hoyito") => {
                Ok(Command::Leaderboard(Some(RulesTopic::Hoyito)))
            }
            _ => Err(format!("usage: `{prefix}leaderboard [katro|hoyito]`")),
        },
        "tournament" | "t" => parse_tournament(args, prefix, mentions).map(Command::Tournament),
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

/// A tournament name: letters, digits, `-`, `_`, 1 to 24 characters.
fn tourney_name(word: &str, prefix: &str) -> Result<String, String> {
    if (1..=24).contains(&word.chars().count())
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        Ok(word.to_string())
    } else {
        let shown: String = word.chars().take(30).collect();
        Err(format!(
            "bad tournament name `{shown}`: use 1 to 24 letters, digits, `-` or `_`; usage: `{prefix}{TOURNAMENT_USAGE}`"
        ))
    }
}

fn parse_tournament(
    args: &[&str],
    prefix: &str,
    mentions: &[User],
) -> Result<TourneyCommand, String> {
    let usage = format!("usage: `{prefix}{TOURNAMENT_USAGE}`");
    let Some((sub, rest)) = args.split_first() else {
        return Ok(TourneyCommand::List);
    };
    let sub = sub.to_lowercase();
    let opt_name = |rest: &[&str]| -> Result<Option<String>, String> {
        match rest {
            [] => Ok(None),
            [n] => tourney_name(n, prefix).map(Some),
            _ => Err(format!(
                "`{prefix}tournament {sub}` takes at most a name; {usage}"
            )),
        }
    };
    match sub.as_str() {
        "new" | "create" => {
            let (Some(name), Some(game)) = (rest.first(), rest.get(1)) else {
                return Err(format!(
                    "`{prefix}tournament new` needs a name, a game and a format; {usage}"
                ));
            };
            let name = tourney_name(name, prefix)?;
            let variant: Variant = game
                .to_lowercase()
                .parse()
                .map_err(|e: mancala_rules::ParseError| format!("{e}; {usage}"))?;
            let mut kind = GameKind::single(variant);
            let mut i = 2;
            if rest.get(i).is_some_and(|w| w.eq_ignore_ascii_case("match")) {
                if variant.is_katro() {
                    return Err(format!("match play (M1-M4) is for Hoyito; {usage}"));
                }
                kind.is_match = true;
                i += 1;
            }
            let format = match rest.get(i).map(|w| w.to_lowercase()).as_deref() {
                Some("roundrobin" | "rr" | "round-robin") => FormatArg::RoundRobin,
                Some("knockout" | "ko") => FormatArg::Knockout,
                Some("swiss") => {
                    i += 1;
                    match rest.get(i).and_then(|w| w.parse::<u32>().ok()) {
                        Some(n) if (1..=20).contains(&n) => FormatArg::Swiss(n),
                        _ => {
                            return Err(format!(
                                "`swiss` needs the number of rounds, 1 to 20 (`swiss 5`); {usage}"
                            ))
                        }
                    }
                }
                Some(other) => {
                    let shown: String = other.chars().take(30).collect();
                    return Err(format!(
                        "unknown format `{shown}`: roundrobin, swiss ROUNDS or knockout; {usage}"
                    ));
                }
                None => {
                    return Err(format!(
                        "`{prefix}tournament new` needs a format: roundrobin, swiss ROUNDS or knockout; {usage}"
                    ))
                }
            };
            i += 1;
            let move_time = match rest.get(i) {
                None => None,
                Some(w) => match parse_time(w) {
                    Some(t) => Some(t?),
                    None => {
                        let shown: String = w.chars().take(30).collect();
                        return Err(format!("unexpected `{shown}`; {TIME_FORM}; {usage}"));
                    }
                },
            };
            if rest.len() > i + 1 {
                return Err(format!("too many words; {usage}"));
            }
            Ok(TourneyCommand::New {
                name,
                kind,
                format,
                move_time,
            })
        }
        "join" => opt_name(rest).map(TourneyCommand::Join),
        "leave" => opt_name(rest).map(TourneyCommand::Leave),
        "start" => opt_name(rest).map(TourneyCommand::Start),
        "pairings" | "round" => opt_name(rest).map(TourneyCommand::Pairings),
        "standings" | "table" => opt_name(rest).map(TourneyCommand::Standings),
        "cancel" => opt_name(rest).map(TourneyCommand::Cancel),
        "withdraw" => {
            let Some(user) = mentions.first() else {
                return Err(format!("`{prefix}tournament withdraw` needs the player: `{prefix}tournament withdraw @user [NAME]`"));
            };
            let words: Vec<&str> = rest.iter().copied().filter(|w| !is_mention(w)).collect();
            opt_name(&words).map(|n| TourneyCommand::Withdraw(user.clone(), n))
        }
        other => {
            let shown: String = other.chars().take(30).collect();
            Err(format!("unknown `{prefix}tournament {shown}`; {usage}"))
        }
    }
}

fn parse_new(args: &[&str], prefix: &str, mentions: &[User]) -> Result<Command, String> {
    let usage = format!("usage: `{prefix}{NEW_USAGE}`, {GAMES}; {TIME_FORM}");
    let mut kind: Option<GameKind> = None;
    let mut side = None;
    let mut move_time = None;
    let mut named_mentions = 0;
    let mut ai = false;
    let mut level = None;
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
            if side.is_some() {
                return Err(format!(
                    "one side, please (`as south` or `as north`); {usage}"
                ));
            }
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
        } else if let Some(t) = parse_time(word) {
            if move_time.is_some() {
                return Err(format!("one time per move, please; {usage}"));
            }
            move_time = Some(t.map_err(|e| format!("{e}; usage: `{prefix}{NEW_USAGE}`"))?);
        } else if lower == "ai" {
            if ai {
                return Err(format!("`ai` once, please; {usage}"));
            }
            ai = true;
        } else if lower == "level" {
            if !ai {
                return Err(format!(
                    "`level` follows `ai`: `{prefix}new katro ai level 3`; {usage}"
                ));
            }
            level = Some(parse_level(args.get(i + 1).copied(), prefix)?);
            i += 1;
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
    if ai && (!mentions.is_empty() || named_mentions > 0) {
        return Err(format!(
            "challenge one opponent at a time: a player or the AI, not both; {usage}"
        ));
    }
    let opponent = match (mentions.first(), named_mentions) {
        _ if ai => Opponent::Ai { level },
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
        move_time,
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
                move_time: None,
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
                side: None,
                move_time: None,
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
    fn new_against_the_ai() {
        let new = |t: &str| parse(t, "!", &[]).unwrap();
        match new("!new katro:4x4 AI level 5 as north") {
            Ok(Command::New {
                kind,
                opponent,
                side,
                ..
            }) => {
                assert_eq!(kind, Some(GameKind::single("katro:4x4".parse().unwrap())));
                assert_eq!(opponent, Opponent::Ai { level: Some(5) });
                assert_eq!(side, Some(Side::North));
            }
            other => panic!("{other:?}"),
        }
        match new("!new hoyito match ai") {
            Ok(Command::New {
                kind: Some(k),
                opponent,
                ..
            }) => {
                assert!(k.is_match);
                assert_eq!(opponent, Opponent::Ai { level: None });
            }
            other => panic!("{other:?}"),
        }
        for (text, want) in [
            (
                "!new katro ai level 0",
                "AI level 0 does not exist: levels are 1 beginner",
            ),
            ("!new katro ai level 6", "AI level 6 does not exist"),
            ("!new katro ai level x", "`level` takes a number, not `x`"),
            ("!new katro ai level", "`level` needs a number"),
            ("!new katro level 3", "`level` follows `ai`"),
        ] {
            let e = new(text).unwrap_err();
            assert!(e.contains(want), "{text}: {e}");
        }
        let bob = user("bob");
        let e = parse("!new katro @bob ai", "!", std::slice::from_ref(&bob))
            .unwrap()
            .unwrap_err();
        assert!(e.contains("a player or the AI, not both"), "{e}");
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

    #[test]
    fn times_and_new_with_time() {
        assert_eq!(parse_time("12h"), Some(Ok(Some(12 * 3_600_000))));
        assert_eq!(parse_time("2D"), Some(Ok(Some(48 * 3_600_000))));
        assert_eq!(parse_time("notime"), Some(Ok(None)));
        assert_eq!(parse_time("katro"), None);
        assert!(parse_time("31d")
            .unwrap()
            .unwrap_err()
            .contains("out of range"));
        assert!(parse_time("0.5h").unwrap().is_err());
        let bob = user("bob");
        match parse("!new katro @bob 2d", "!", std::slice::from_ref(&bob)) {
            Some(Ok(Command::New { move_time, .. })) => {
                assert_eq!(move_time, Some(Some(48 * 3_600_000)))
            }
            other => panic!("{other:?}"),
        }
        let e = parse("!new katro 2d 3h", "!", &[]).unwrap().unwrap_err();
        assert!(e.contains("one time per move"), "{e}");
        let e = parse("!new katro as south as north", "!", &[])
            .unwrap()
            .unwrap_err();
        assert!(e.starts_with("one side, please"), "{e}");
    }

    #[test]
    fn tournament_commands() {
        let c = parse("!tournament new Spring hoyito swiss 5 2d", "!", &[])
            .unwrap()
            .unwrap();
        assert_eq!(
            c,
            Command::Tournament(TourneyCommand::New {
                name: "Spring".into(),
                kind: GameKind::single(Variant::HOYITO),
                format: FormatArg::Swiss(5),
                move_time: Some(Some(48 * 3_600_000)),
            })
        );
        let e = parse("!tournament new x katro swiss", "!", &[])
            .unwrap()
            .unwrap_err();
        assert!(e.contains("needs the number of rounds"), "{e}");
        let e = parse("!tournament new x katro ladder", "!", &[])
            .unwrap()
            .unwrap_err();
        assert!(e.contains("unknown format `ladder`"), "{e}");
        let e = parse("!tournament new bad/name katro knockout", "!", &[])
            .unwrap()
            .unwrap_err();
        assert!(e.contains("bad tournament name"), "{e}");
        let bob = user("bob");
        assert_eq!(
            parse(
                "!tournament withdraw @bob spring",
                "!",
                std::slice::from_ref(&bob)
            )
            .unwrap()
            .unwrap(),
            Command::Tournament(TourneyCommand::Withdraw(bob, Some("spring".into())))
        );
        assert_eq!(
            parse("!tournament", "!", &[]).unwrap().unwrap(),
            Command::Tournament(TourneyCommand::List)
        );
        assert_eq!(
            parse("!set autoforfeit ON", "!", &[]).unwrap().unwrap(),
            Command::SetAutoForfeit(true)
        );
    }
}
