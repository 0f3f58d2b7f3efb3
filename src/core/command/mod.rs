//! The chat command grammar, behind a configurable prefix: `!new`, `!accept`,
//! `!decline`, `!sow` (`!s`), `!board`, `!moves`, `!resign`, `!history`, `!replay`,
//! `!games`, `!game ID`, `!record [ID]`,
//! `!rules`, `!help`; correspondence play: `!claim`, `!abort`, `!draw`, `!rematch`,
//! `!mute`, `!unmute`, `!set`; ratings: `!rating`, `!leaderboard` (`!top`);
//! `!tournament ...` (`!t`).
//!
//! Every command is defined once, in [`table`]: [`parse`] looks the name up there and
//! runs the command's argument parser (`args.rs`); usage strings, `!help`
//! ([`crate::core::text::help`]) and the slash commands of the transports come from the
//! same definitions, and `slash::spell` writes a slash command back as the chat
//! command it stands for, so this parser decides for every transport.

mod args;
mod def;
mod organize;
mod puzzle;
pub(crate) mod slash;
pub mod table;

use mancala_rules::Side;

use crate::core::input::code;
use crate::core::show::{BoardView, PictureStyle, Theme};
use crate::model::GameKind;
use crate::model::{LiveControl, User};
pub use organize::{parse_duration, Adjudged, CheckInArg, GameRef, MAX_DURATION_MS};
pub use puzzle::{PuzzleArg, PUZZLE_CHOICES};
use table::{Cx, Grammar};

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

/// The AI levels with their names, for errors and help, in the current language: `1
/// beginner, 2 casual, ...` (the labels of `/new`'s level choices).
pub fn ai_levels_text() -> String {
    table::LEVEL_CHOICES
        .iter()
        .map(|c| c.label(None))
        .collect::<Vec<_>>()
        .join(", ")
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
        /// Whether the game counts for the ratings (`unrated`: a casual game, where the
        /// channel may allow hints). Games against the AI are unrated whatever this says.
        rated: bool,
        /// A live clock (`5m+3s`, `3+2`, `10m`) instead of a time per move: then
        /// `move_time` is `Some(None)`.
        live: Option<LiveControl>,
    },
    /// `!hint`: the AI's best move for the player to move, and why (no change).
    Hint,
    /// `!analyze [ID]`: the finished game `ID` of the community, else the channel's
    /// last finished game, reviewed by the AI (no change). The id as the store keys it.
    Analyze(Option<String>),
    /// `!set hints on|off`: whether unrated games between people here may ask for hints.
    SetHints(bool),
    /// `!set pictures frames|sheet|final|gif`: the pictures moves here are answered with.
    SetPictures(PictureStyle),
    /// `!set view mover|south|north`: the side boards here are drawn from.
    SetView(BoardView),
    /// `!set theme light|dark`: the colours of board pictures here.
    SetTheme(Theme),
    /// `!set threads on|off`: each new game between people challenged here is played in
    /// a room of its own the bot opens (organizers only).
    SetThreads(bool),
    /// `!set web on|off|index|noindex`: the community's web pages (organizers only).
    SetWeb(crate::core::WebMode),
    /// `!set language en|fr|es|ru|auto`: the language of replies here; `None` (`auto`):
    /// each message's platform locale, else English.
    SetLanguage(Option<crate::i18n::Lang>),
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
    /// `!resign [game|match]`.
    Resign(Resign),
    /// `!history`: the last games finished in this channel.
    History,
    /// `!games`: the author's games in this community, in play and last finished.
    Games,
    /// `!game ID`: one game of the community, from any of its channels (the id as the
    /// store keys it, [`crate::store::gameid::normalize`]).
    Game(String),
    /// `!record [ID]`: the move record of the game here, or of the game `ID`.
    Record(Option<String>),
    /// `!replay`: the last move, step by step, as an animated GIF.
    Replay,
    /// `!rules [katro|hoyito]`.
    Rules(Option<RulesTopic>),
    /// `!help [COMMAND]`: every command, or the one named (a name or an alias, lower
    /// case, without the prefix; the handler looks it up in the table).
    Help(Option<String>),
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
    /// `!notify [dm|mention|off]`: how the author is told that it is his turn; `None`:
    /// show the current mode.
    Notify(Option<crate::core::Notify>),
    /// `!set autoforfeit on|off`: in this channel, a passed deadline forfeits the game
    /// by itself (organizers only).
    SetAutoForfeit(bool),
    /// `!rating [@user]`.
    Rating(Option<User>),
    /// `!leaderboard [katro|hoyito]`; `None`: both.
    Leaderboard(Option<RulesTopic>),
    /// `!tournament ...`.
    Tournament(TourneyCommand),
    /// `!takeback`: take back the author's last move (casual games, the AI's lower
    /// levels); the opponent answers with `!accept` or `!decline`.
    Takeback,
    /// `!vacation [Nd|off]`: pause the author's correspondence clocks, end the pause,
    /// or (alone) say what is left of the year's allowance.
    Vacation(VacationArg),
    /// `!puzzle [GAME] | daily | skip | hint | stats [@user]` (issue 32): a puzzle for the
    /// author, answered with `!sow`.
    Puzzle(PuzzleArg),
}

/// What `!vacation` asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VacationArg {
    /// `!vacation` alone: the author's vacation and allowance.
    Show,
    /// `!vacation off`: end the author's vacation now.
    Off,
    /// `!vacation Nd`: a vacation of that many days from now (1 to 365).
    Days(u32),
}

/// What `!resign` gives up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resign {
    /// A bare `!resign`: the game; in a match the bot asks which instead.
    Unsaid,
    /// `!resign game`: the current game (in a match, the match goes on).
    Game,
    /// `!resign match`: the whole match.
    Match,
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
    /// `double`: a double round robin.
    DoubleRoundRobin,
    /// `arena WINDOW`: the window in minutes (`90m`, `2h`, `1d`: 10 minutes to 7
    /// days).
    Arena(u32),
}

/// The options of `!tournament new` typed after its format.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NewOptions {
    /// Knockout: `seed` (a drawn game advances the higher seed) instead of the default
    /// `rematch` (a second game with the sides swapped, then deciders).
    pub seed_ties: bool,
    /// Swiss: `accelerated` pairings in round 1.
    pub accelerated: bool,
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
        /// The format's options.
        options: NewOptions,
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
    // The organizer tools (see `organize`).
    /// `adjudicate GAME RESULT REASON...` (organizers): the game ends with that result.
    Adjudicate {
        /// The game.
        game: GameRef,
        /// The result.
        result: Adjudged,
        /// Why (required).
        reason: String,
    },
    /// `extend GAME DURATION` (organizers): more time for the current move.
    Extend {
        /// The game.
        game: GameRef,
        /// How much more, milliseconds (1 minute to 30 days).
        by_ms: u64,
    },
    /// `pause [NAME]` (organizers): the clocks of all its games stop (no deadline
    /// passes, nothing is forfeited, no round is paired); moves stay allowed, and the
    /// clock does not run for them.
    Pause(Option<String>),
    /// `resume [NAME]` (organizers): they restart.
    Resume(Option<String>),
    /// `next-round [adjudicate] [NAME]` (organizers): the current round is closed.
    NextRound {
        /// Its unfinished games are adjudicated by the stated rule (else refused when
        /// some are unfinished).
        adjudicate: bool,
        /// The tournament.
        name: Option<String>,
    },
    /// `kick @user [NAME] [REASON...]` (organizers): withdrawn by the organizer.
    Kick {
        /// The player.
        user: User,
        /// The words after the mention: the tournament's name first if it names one,
        /// then the reason.
        words: Vec<String>,
    },
    /// `checkin [open [DURATION]] [NAME]`: check in, or (organizers) open check-in.
    CheckIn(CheckInArg, Option<String>),
    /// `log [NAME]`: the organizer's actions, newest first.
    Log(Option<String>),
    /// `info [NAME]`: how a tournament is played and where it stands.
    Info(Option<String>),
}

/// Parses a time per move: `12h`, `1.5d`, `2d` (1 h to 30 d) in milliseconds, or
/// `notime` (`Some(None)`). `None` when `word` is not a time at all.
pub fn parse_time(word: &str) -> Option<Result<Option<u64>, String>> {
    let w = word.to_lowercase();
    if w == "notime" {
        return Some(Ok(None));
    }
    // The unit is the last character, whatever its width: `2\u{301}` must not be cut
    // inside its combining accent.
    let unit = w.chars().next_back()?;
    let num = &w[..w.len() - unit.len_utf8()];
    let hours = match unit {
        'h' => 1.0,
        'd' => 24.0,
        _ => return None,
    };
    if num.is_empty() || !num.chars().all(|c| c.is_ascii_digit() || c == '.') {
        return None;
    }
    let Ok(n) = num.parse::<f64>() else {
        return Some(Err(tr!("parse-time-bad", word = code(word))));
    };
    let h = n * hours;
    if !(1.0..=720.0).contains(&h) {
        return Some(Err(tr!("parse-time-range", word = code(word))));
    }
    Some(Ok(Some((h * 3_600_000.0).round() as u64)))
}

/// Parses a live clock (Fischer): minutes of bank, then optionally `+` and seconds of
/// increment per move, as chess players type it: `5m+3s`, `5+3`, `3+2s`, `10m` (1 to 180
/// minutes, 0 to 60 seconds). `None` when `word` is not a live clock at all (it must
/// start with a digit and hold `+` or end its minutes with `m`: `12h` is a time per
/// move, see [`parse_time`]).
pub fn parse_live(word: &str) -> Option<Result<LiveControl, String>> {
    let w = word.to_lowercase();
    if !w.starts_with(|c: char| c.is_ascii_digit()) || !(w.contains('+') || w.ends_with('m')) {
        return None;
    }
    let (bank, inc) = match w.split_once('+') {
        Some((b, i)) => (b, Some(i)),
        None => (w.as_str(), None),
    };
    let number = |t: &str| {
        (!t.is_empty() && t.len() <= 6 && t.chars().all(|c| c.is_ascii_digit()))
            .then(|| t.parse::<u64>().ok())
            .flatten()
    };
    let bad = || Some(Err(tr!("parse-live-bad", word = code(word))));
    let Some(minutes) = number(bank.strip_suffix('m').unwrap_or(bank)) else {
        return bad();
    };
    let seconds = match inc.map(|i| number(i.strip_suffix('s').unwrap_or(i))) {
        None => 0,
        Some(Some(s)) => s,
        Some(None) => return bad(),
    };
    let banks = LiveControl::MIN_BANK_MIN..=LiveControl::MAX_BANK_MIN;
    if !banks.contains(&minutes) || seconds > LiveControl::MAX_INCREMENT_S {
        return Some(Err(tr!("parse-live-range", word = code(word))));
    }
    Some(Ok(LiveControl {
        bank_ms: minutes * 60_000,
        increment_ms: seconds * 1000,
    }))
}

/// The text after `prefix` when `text` is a command for the bot (the prefix, then a
/// letter), `None` when it is chat to ignore.
pub fn addressed<'t>(text: &'t str, prefix: &str) -> Option<&'t str> {
    let rest = text.trim_start().strip_prefix(prefix)?;
    rest.chars()
        .next()
        .is_some_and(|c| c.is_alphabetic())
        .then_some(rest)
}

/// The canonical name of the command that `rest` (the text after the prefix, as
/// [`addressed`] gives it) names, by its name or an alias (`s` is `sow`, `top` is
/// `leaderboard`); `None` when its first word names no command. A name of the command
/// table, never the user's text: the label of the command's metrics.
pub fn canonical_name(rest: &str) -> Option<&'static str> {
    find_def(rest).map(|def| def.name)
}

/// The table's entry of the command `rest` (the text after the prefix) names, by its
/// name or an alias in any case; `None` for an unknown name.
pub fn find_def(rest: &str) -> Option<&'static table::CommandDef> {
    let name = rest.split_whitespace().next()?.to_lowercase();
    table::find(&name)
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
    let rest = addressed(text, prefix)?;
    let mut words = rest.split_whitespace();
    let name = words.next()?.to_lowercase();
    let args: Vec<&str> = words.collect();
    let Some(def) = table::find(&name) else {
        return Some(Err(unknown_command(&name, prefix)));
    };
    let usage = def.usage();
    let cx = Cx {
        name: &name,
        sub: "",
        prefix,
        mentions,
        usage: &usage,
    };
    Some(match &def.grammar {
        Grammar::NoArgs(cmd) => args::no_args(cmd, &cx, &args),
        Grammar::Args(parse) => parse(&cx, &args),
        Grammar::Subcommands { alone } => match args.split_first() {
            None => Ok(alone.clone()),
            Some((sub, rest)) => {
                let sub = sub.to_lowercase();
                match def.find_sub(&sub) {
                    Some(s) => (s.parse)(&Cx { sub: &sub, ..cx }, rest),
                    None => Err(tr!(
                        "parse-unknown-sub",
                        sub = code(&format!("{prefix}{} {sub}", def.name)),
                        usage = format!("{prefix}{}", def.usage())
                    )),
                }
            }
        },
    })
}

/// The error for a name that is no command: it lists the table's commands.
pub(crate) fn unknown_command(name: &str, prefix: &str) -> String {
    let names: Vec<String> = table::COMMANDS
        .iter()
        .map(|c| format!("{prefix}{}", c.name))
        .collect();
    tr!(
        "parse-unknown-command",
        name = code(&format!("{prefix}{name}")),
        commands = names.join(" "),
        p = prefix
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_rules::Variant;

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
                    is_match: true,
                    length: mancala_rules::MatchLength::Seeds,
                }),
                opponent: Opponent::User(bob),
                side: Some(Side::North),
                move_time: None,
                rated: true,
                live: None,
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
                rated: true,
                live: None,
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
            Command::Sow("c1+".into())
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
        // A last character of several bytes is no unit (found by the fuzz test).
        assert_eq!(parse_time("2\u{301}"), None);
        assert_eq!(parse_time("é"), None);
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

    /// The options after the format of `!tournament new`, in any order with the time;
    /// an option of another format is refused, naming the format it is for.
    #[test]
    fn tournament_new_options() {
        let new = |text: &str| match parse(text, "!", &[]).unwrap() {
            Ok(Command::Tournament(TourneyCommand::New {
                format,
                move_time,
                options,
                ..
            })) => Ok((format, move_time, options)),
            Ok(other) => panic!("{other:?}"),
            Err(e) => Err(e),
        };
        let seed = NewOptions {
            seed_ties: true,
            ..NewOptions::default()
        };
        assert_eq!(
            new("!tournament new cup katro knockout seed 1d"),
            Ok((FormatArg::Knockout, Some(Some(24 * 3_600_000)), seed))
        );
        assert_eq!(
            new("!tournament new cup katro knockout 1d rematch"),
            Ok((
                FormatArg::Knockout,
                Some(Some(24 * 3_600_000)),
                NewOptions::default()
            ))
        );
        let fast = NewOptions {
            accelerated: true,
            ..NewOptions::default()
        };
        assert_eq!(
            new("!tournament new sw katro swiss 5 accelerated"),
            Ok((FormatArg::Swiss(5), None, fast))
        );
        assert_eq!(
            new("!tournament new dd katro double"),
            Ok((FormatArg::DoubleRoundRobin, None, NewOptions::default()))
        );
        let e = new("!tournament new sw katro swiss 5 seed").unwrap_err();
        assert!(
            e.starts_with("`seed` is an option of `knockout` only"),
            "{e}"
        );
        let e = new("!tournament new ko katro knockout accelerated").unwrap_err();
        assert!(
            e.starts_with("`accelerated` is an option of `swiss` only"),
            "{e}"
        );
        let e = new("!tournament new ko katro knockout seed rematch").unwrap_err();
        assert!(e.starts_with("one knockout tie-break"), "{e}");
        let e = new("!tournament new ko katro knockout 1d 2d").unwrap_err();
        assert!(e.starts_with("too many words"), "{e}");
        // An arena's window, 10 minutes to 7 days, then the time per move.
        assert_eq!(
            new("!tournament new ar katro arena 90m 1h"),
            Ok((
                FormatArg::Arena(90),
                Some(Some(3_600_000)),
                NewOptions::default()
            ))
        );
        assert_eq!(
            new("!tournament new ar katro arena 2h").map(|x| x.0),
            Ok(FormatArg::Arena(120))
        );
        for bad in ["5m", "8d", "1d2h", "soon", ""] {
            let e = new(&format!("!tournament new ar katro arena {bad}")).unwrap_err();
            assert!(
                e.starts_with("`arena` needs how long it runs"),
                "{bad}: {e}"
            );
        }
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
                options: NewOptions::default(),
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

    /// Errors are written in the language of the command being answered.
    #[test]
    fn errors_speak_the_language_of_the_command() {
        use crate::i18n::{with_lang, Lang};
        let e = with_lang(Lang::Fr, || {
            parse("!board now", "!", &[]).unwrap().unwrap_err()
        });
        assert_eq!(e, "`!board` ne prend pas d'arguments (reçu `now`)");
        let e = with_lang(Lang::Ru, || {
            parse("!new katro ai level 9", "!", &[])
                .unwrap()
                .unwrap_err()
        });
        assert_eq!(
            e,
            "уровня ИИ 9 нет: уровни — 1 новичок, 2 любитель, 3 клубный, 4 эксперт, 5 мастер"
        );
        let e = with_lang(Lang::Es, || parse_time("31d").unwrap().unwrap_err());
        assert_eq!(
            e,
            "el tiempo por jugada `31d` está fuera de rango; TIEMPO son horas o días por jugada, \
             p. ej. `12h` o `2d` (de 1 h a 30 días), o `notime`"
        );
        let e = with_lang(Lang::Fr, || {
            parse("!tournament dance", "!", &[]).unwrap().unwrap_err()
        });
        assert!(
            e.starts_with(
                "`!tournament dance` inconnu\u{202f}; usage\u{202f}: `!tournament new NOM JEU "
            ),
            "{e}"
        );
        // English is unchanged outside any language.
        let e = parse("!board now", "!", &[]).unwrap().unwrap_err();
        assert_eq!(e, "`!board` takes no arguments (got `now`)");
    }
}
