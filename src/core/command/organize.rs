//! The organizer tools of `!tournament` (issue "Organizers: tournaments that never
//! decide wrongly"): their subcommand entries in the command table, what they parse
//! into, and their parsers. `adjudicate`, `extend`, `pause`, `resume`, `next-round`,
//! `kick`, `checkin` and `log`.

use super::def::{Choice, Cx, OptionKind, SlashOption, SubDef};
use super::{Command, TourneyCommand};
use crate::core::input::code;
use crate::model::User;

/// A game of a tournament as an organizer names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameRef {
    /// Its id (`tTIME-HASH-rR-bB`, as its room and `!game` show it).
    Id(String),
    /// Its board in the current round of the tournament meant here.
    Board(u32),
}

/// The result an organizer decides (`adjudicate GAME RESULT`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Adjudged {
    /// South wins.
    South,
    /// North wins.
    North,
    /// Drawn.
    Draw,
    /// This player wins: a name as typed (without `@`), or the user mentioned.
    Player {
        /// The name as typed, lower case.
        name: String,
        /// The user, when the word was a mention the transport resolved.
        user: Option<User>,
    },
}

/// What `checkin` asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckInArg {
    /// `checkin`: the author checks in.
    Me,
    /// `checkin open [DURATION]`: the organizer opens check-in, closing after
    /// DURATION (milliseconds) when given.
    Open(Option<u64>),
}

/// Longest extension or check-in window: 30 days, in milliseconds.
pub const MAX_DURATION_MS: u64 = 30 * 24 * 3_600_000;

/// A duration as typed: a number with `m` (minutes), `h` (hours) or `d` (days), from
/// one minute to [`MAX_DURATION_MS`]; in milliseconds.
///
/// # Errors
/// The message naming the word and the accepted forms.
pub fn parse_duration(word: &str) -> Result<u64, String> {
    let w = word.to_lowercase();
    let bad = || tr!("parse-duration", word = code(word));
    let unit = w.chars().next_back().ok_or_else(bad)?;
    let num: f64 = w[..w.len() - unit.len_utf8()].parse().map_err(|_| bad())?;
    let unit_ms = match unit {
        'm' => 60_000.0,
        'h' => 3_600_000.0,
        'd' => 86_400_000.0,
        _ => return Err(bad()),
    };
    let ms = num * unit_ms;
    if !ms.is_finite() || ms < 60_000.0 || ms > MAX_DURATION_MS as f64 {
        return Err(bad());
    }
    Ok(ms.round() as u64)
}

const fn opt(name: &'static str, kind: OptionKind, required: bool) -> SlashOption {
    SlashOption {
        name,
        kind,
        required,
        before: "",
    }
}

const NAME: SlashOption = opt("name", OptionKind::Text, false);
const GAME: SlashOption = opt("game", OptionKind::Text, true);

/// The organizer tools' entries of [`super::table::TOURNAMENT_SUBS`], in the order of
/// `!help`.
pub(super) const ADJUDICATE: SubDef = SubDef {
    name: "adjudicate",
    aliases: &[],
    bare: false,
    args: "GAME south|north|draw|PLAYER REASON...",
    help: true,
    organizers_only: true,
    parse: adjudicate,
    options: &[
        GAME,
        opt("result", OptionKind::Text, true),
        opt("reason", OptionKind::Text, true),
    ],
};

/// `extend GAME DURATION`.
pub(super) const EXTEND: SubDef = SubDef {
    name: "extend",
    aliases: &[],
    bare: false,
    args: "GAME DURATION",
    help: true,
    organizers_only: true,
    parse: extend,
    options: &[GAME, opt("duration", OptionKind::Text, true)],
};

/// `pause [NAME]`.
pub(super) const PAUSE: SubDef = SubDef {
    name: "pause",
    aliases: &[],
    bare: false,
    args: "[NAME]",
    help: true,
    organizers_only: true,
    parse: pause,
    options: &[NAME],
};

/// `resume [NAME]`.
pub(super) const RESUME: SubDef = SubDef {
    name: "resume",
    aliases: &[],
    bare: false,
    args: "[NAME]",
    help: true,
    organizers_only: true,
    parse: resume,
    options: &[NAME],
};

/// `next-round [adjudicate] [NAME]`.
pub(super) const NEXT_ROUND: SubDef = SubDef {
    name: "next-round",
    aliases: &[],
    bare: false,
    args: "[adjudicate] [NAME]",
    help: true,
    organizers_only: true,
    parse: next_round,
    options: &[
        opt(
            "adjudicate",
            OptionKind::Choice(&[Choice {
                id: "",
                word: "adjudicate",
            }]),
            false,
        ),
        NAME,
    ],
};

/// `kick @user [NAME] [REASON...]`.
pub(super) const KICK: SubDef = SubDef {
    name: "kick",
    aliases: &[],
    bare: false,
    args: "@user [NAME] [REASON...]",
    help: true,
    organizers_only: true,
    parse: kick,
    options: &[
        opt("user", OptionKind::User, true),
        NAME,
        opt("reason", OptionKind::Text, false),
    ],
};

/// `checkin [open [DURATION]] [NAME]`.
pub(super) const CHECKIN: SubDef = SubDef {
    name: "checkin",
    aliases: &["check-in"],
    bare: false,
    args: "[open [DURATION]] [NAME]",
    help: true,
    organizers_only: false,
    parse: checkin,
    options: &[
        opt(
            "open",
            OptionKind::Choice(&[Choice {
                id: "",
                word: "open",
            }]),
            false,
        ),
        opt("duration", OptionKind::Text, false),
        NAME,
    ],
};

/// `log [NAME]`.
pub(super) const LOG: SubDef = SubDef {
    name: "log",
    aliases: &[],
    bare: false,
    args: "[NAME]",
    help: true,
    organizers_only: false,
    parse: log,
    options: &[NAME],
};

/// `usage: `!tournament ...``.
fn usage(cx: &Cx<'_>) -> String {
    tr!("parse-usage", usage = format!("{}{}", cx.prefix, cx.usage))
}

/// `usage: `!tournament SUB ARGS``, this subcommand's only.
fn sub_usage(cx: &Cx<'_>, args: &str) -> String {
    tr!(
        "parse-usage",
        usage = format!("{}tournament {} {args}", cx.prefix, cx.sub)
    )
}

fn is_mention(token: &str) -> bool {
    token.starts_with('@') || token.starts_with("<@")
}

/// At most a tournament name.
fn opt_name(cx: &Cx<'_>, rest: &[&str]) -> Result<Option<String>, String> {
    match rest {
        [] => Ok(None),
        [n] if crate::core::shapes::is_tournament_name(n) => Ok(Some(n.to_string())),
        [n] => Err(tr!(
            "parse-tournament-name",
            word = code(n),
            usage = usage(cx)
        )),
        _ => Err(tr!(
            "parse-tournament-one-name",
            p = cx.prefix,
            sub = cx.sub,
            usage = usage(cx)
        )),
    }
}

/// A game as an organizer names it: a board number, or a game id.
fn game_ref(cx: &Cx<'_>, word: &str, args: &str) -> Result<GameRef, String> {
    if let Ok(board) = word.parse::<u32>() {
        return match board {
            1..=10_000 => Ok(GameRef::Board(board)),
            _ => Err(tr!(
                "parse-game-ref",
                word = code(word),
                usage = sub_usage(cx, args)
            )),
        };
    }
    crate::store::gameid::normalize(word)
        .map(GameRef::Id)
        .map_err(|_| {
            tr!(
                "parse-game-ref",
                word = code(word),
                usage = sub_usage(cx, args)
            )
        })
}

/// `adjudicate GAME south|north|draw|PLAYER REASON...`.
fn adjudicate(cx: &Cx<'_>, rest: &[&str]) -> Result<Command, String> {
    let args = ADJUDICATE.args;
    let [game, result, reason @ ..] = rest else {
        return Err(tr!("parse-adjudicate-args", usage = sub_usage(cx, args)));
    };
    let game = game_ref(cx, game, args)?;
    let result = match result.to_lowercase().as_str() {
        "south" => Adjudged::South,
        "north" => Adjudged::North,
        "draw" => Adjudged::Draw,
        w if is_mention(w) => Adjudged::Player {
            name: w.trim_start_matches('@').to_string(),
            user: cx.mentions.first().cloned(),
        },
        w => Adjudged::Player {
            name: w.to_string(),
            user: None,
        },
    };
    if reason.is_empty() {
        return Err(tr!("parse-adjudicate-reason", usage = sub_usage(cx, args)));
    }
    Ok(Command::Tournament(TourneyCommand::Adjudicate {
        game,
        result,
        reason: reason.join(" "),
    }))
}

/// `extend GAME DURATION`.
fn extend(cx: &Cx<'_>, rest: &[&str]) -> Result<Command, String> {
    let args = EXTEND.args;
    let [game, duration] = rest else {
        return Err(tr!("parse-extend-args", usage = sub_usage(cx, args)));
    };
    Ok(Command::Tournament(TourneyCommand::Extend {
        game: game_ref(cx, game, args)?,
        by_ms: parse_duration(duration)?,
    }))
}

/// `pause [NAME]`.
fn pause(cx: &Cx<'_>, rest: &[&str]) -> Result<Command, String> {
    opt_name(cx, rest).map(|n| Command::Tournament(TourneyCommand::Pause(n)))
}

/// `resume [NAME]`.
fn resume(cx: &Cx<'_>, rest: &[&str]) -> Result<Command, String> {
    opt_name(cx, rest).map(|n| Command::Tournament(TourneyCommand::Resume(n)))
}

/// `next-round [adjudicate] [NAME]`.
fn next_round(cx: &Cx<'_>, rest: &[&str]) -> Result<Command, String> {
    let (adjudicate, rest) = match rest.split_first() {
        Some((w, rest)) if w.eq_ignore_ascii_case("adjudicate") => (true, rest),
        _ => (false, rest),
    };
    opt_name(cx, rest)
        .map(|name| Command::Tournament(TourneyCommand::NextRound { adjudicate, name }))
}

/// `kick @user [NAME] [REASON...]`: the words after the mention (the core takes the
/// first as the tournament's name when one has it).
fn kick(cx: &Cx<'_>, rest: &[&str]) -> Result<Command, String> {
    let Some(user) = cx.mentions.first() else {
        return Err(tr!("parse-kick-user", usage = sub_usage(cx, KICK.args)));
    };
    let words = rest
        .iter()
        .filter(|w| !is_mention(w))
        .map(|w| w.to_string())
        .collect();
    Ok(Command::Tournament(TourneyCommand::Kick {
        user: user.clone(),
        words,
    }))
}

/// `checkin [open [DURATION]] [NAME]`.
fn checkin(cx: &Cx<'_>, rest: &[&str]) -> Result<Command, String> {
    let (arg, rest) = match rest {
        [w, rest @ ..] if w.eq_ignore_ascii_case("open") => match rest {
            // A number with a unit is a duration, allowed or not (`45d`, `0m`).
            [d, more @ ..] if looks_like_duration(d) => {
                (CheckInArg::Open(Some(parse_duration(d)?)), more)
            }
            _ => (CheckInArg::Open(None), rest),
        },
        [d, ..] if looks_like_duration(d) => {
            return Err(tr!(
                "parse-checkin-open",
                usage = sub_usage(cx, CHECKIN.args)
            ));
        }
        _ => (CheckInArg::Me, rest),
    };
    opt_name(cx, rest).map(|n| Command::Tournament(TourneyCommand::CheckIn(arg, n)))
}

/// A number followed by `m`, `h` or `d`.
fn looks_like_duration(word: &str) -> bool {
    let w = word.to_lowercase();
    w.strip_suffix(['m', 'h', 'd'])
        .is_some_and(|n| n.parse::<f64>().is_ok())
}

/// `log [NAME]`.
fn log(cx: &Cx<'_>, rest: &[&str]) -> Result<Command, String> {
    opt_name(cx, rest).map(|n| Command::Tournament(TourneyCommand::Log(n)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cx<'a>(sub: &'a str, mentions: &'a [User]) -> Cx<'a> {
        Cx {
            name: "tournament",
            sub,
            prefix: "!",
            mentions,
            usage: "tournament ...",
        }
    }

    fn tourney(c: Command) -> TourneyCommand {
        match c {
            Command::Tournament(t) => t,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn organizer_tools_parse_their_words() {
        let bob = User {
            id: "b".into(),
            name: "bob".into(),
        };
        let got = adjudicate(&cx("adjudicate", &[]), &["2", "Alice", "left", "early"]);
        assert_eq!(
            tourney(got.unwrap()),
            TourneyCommand::Adjudicate {
                game: GameRef::Board(2),
                result: Adjudged::Player {
                    name: "alice".into(),
                    user: None
                },
                reason: "left early".into()
            }
        );
        let mentions = [bob.clone()];
        let got = adjudicate(&cx("adjudicate", &mentions), &["t1-abc-r1-b2", "@bob", "x"]);
        assert!(matches!(
            tourney(got.unwrap()),
            TourneyCommand::Adjudicate { game: GameRef::Id(id), result: Adjudged::Player { user: Some(u), .. }, .. }
                if id == "t1-abc-r1-b2" && u == bob
        ));
        assert!(
            adjudicate(&cx("adjudicate", &[]), &["2", "draw"]).is_err(),
            "no reason"
        );
        assert!(
            adjudicate(&cx("adjudicate", &[]), &["0", "draw", "x"]).is_err(),
            "board 0"
        );
        assert_eq!(
            tourney(extend(&cx("extend", &[]), &["3", "90m"]).unwrap()),
            TourneyCommand::Extend {
                game: GameRef::Board(3),
                by_ms: 90 * 60_000
            }
        );
        assert!(extend(&cx("extend", &[]), &["3"]).is_err());
        assert_eq!(
            tourney(next_round(&cx("next-round", &[]), &["adjudicate", "cup"]).unwrap()),
            TourneyCommand::NextRound {
                adjudicate: true,
                name: Some("cup".into())
            }
        );
        assert_eq!(
            tourney(checkin(&cx("checkin", &[]), &["open", "30m", "cup"]).unwrap()),
            TourneyCommand::CheckIn(CheckInArg::Open(Some(30 * 60_000)), Some("cup".into()))
        );
        assert_eq!(
            tourney(checkin(&cx("checkin", &[]), &[]).unwrap()),
            TourneyCommand::CheckIn(CheckInArg::Me, None)
        );
        assert!(checkin(&cx("checkin", &[]), &["open", "45d"]).is_err());
        assert!(
            checkin(&cx("checkin", &[]), &["30m"]).is_err(),
            "open first"
        );
        assert!(kick(&cx("kick", &[]), &["bob"]).is_err(), "a mention");
        assert_eq!(
            tourney(kick(&cx("kick", &mentions), &["@bob", "cup", "rude"]).unwrap()),
            TourneyCommand::Kick {
                user: bob.clone(),
                words: vec!["cup".into(), "rude".into()]
            }
        );
    }

    #[test]
    fn durations_are_minutes_hours_or_days_up_to_thirty_days() {
        assert_eq!(parse_duration("24h"), Ok(24 * 3_600_000));
        assert_eq!(parse_duration("30m"), Ok(30 * 60_000));
        assert_eq!(parse_duration("1.5d"), Ok(36 * 3_600_000));
        assert_eq!(parse_duration("30d"), Ok(MAX_DURATION_MS));
        for bad in ["31d", "0h", "10s", "h", "-2h", "nanh", "infd"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }
}
