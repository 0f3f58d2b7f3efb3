//! The one table of commands. The chat parser looks commands up here, usage strings in
//! errors, `!help` ([`crate::core::text::help`]) and the Discord slash commands
//! (`transport::discord::commands`) are all generated from it, so they cannot drift
//! apart.
//!
//! Each [`CommandDef`] names a command, its aliases, its arguments as errors show them,
//! its lines of `!help`, a one-line summary (the slash command's description), the
//! parser of its arguments, whether it is for organizers, and its slash shape: the typed
//! options (or subcommands) and how each is spelled back into the chat command, so that
//! the core's parser stays the single source of truth for every transport.

use super::args;
pub use super::def::{
    join_words, Choice, CommandDef, Cx, Form, Grammar, OptionKind, ParseFn, Slash, SlashOption,
    SubDef,
};
use super::{Command, TourneyCommand};

const fn same(word: &'static str) -> Choice {
    Choice { label: word, word }
}

/// The games offered by `/new` and `/tournament new` (RULES.md N3), plus a Hoyito match
/// (M1-M4).
pub const GAME_CHOICES: &[Choice] = &[
    same("katro"),
    same("katro:4x6"),
    same("katro:4x4"),
    same("hoyito"),
    same("hoyito match"),
    same("hoyito:2x6"),
    same("hoyito:2x7"),
    same("hoyito:2x8"),
    same("hoyito:2x9"),
    same("hoyito:2x10"),
    same("hoyito:2x11"),
    same("hoyito:2x12"),
    // Last, so that the indices Discord sends for the others stay as they were.
    Choice {
        label: "katro lone (K11 lone-seed steps)",
        word: "katro lone",
    },
];

/// The sides.
pub const SIDE_CHOICES: &[Choice] = &[same("south"), same("north")];

/// The AI levels (`mancala_ai::level_name`).
pub const LEVEL_CHOICES: &[Choice] = &[
    Choice {
        label: "1 beginner",
        word: "1",
    },
    Choice {
        label: "2 casual",
        word: "2",
    },
    Choice {
        label: "3 club",
        word: "3",
    },
    Choice {
        label: "4 expert",
        word: "4",
    },
    Choice {
        label: "5 master",
        word: "5",
    },
];

/// The game families of `!rules` and `!leaderboard`.
pub const FAMILY_CHOICES: &[Choice] = &[same("katro"), same("hoyito")];

/// The channel settings of `!set`.
pub const SETTING_CHOICES: &[Choice] = &[
    same("autoforfeit"),
    same("hints"),
    same("pictures"),
    same("view"),
    same("theme"),
    same("language"),
];

/// The values of the settings: on and off (autoforfeit, hints), the picture styles, the
/// views, the themes.
pub const SETTING_VALUE_CHOICES: &[Choice] = &[
    same("on"),
    same("off"),
    same("frames"),
    same("sheet"),
    same("final"),
    same("gif"),
    same("mover"),
    same("south"),
    same("north"),
    same("light"),
    same("dark"),
    same("en"),
    same("fr"),
    same("es"),
    same("ru"),
    same("auto"),
];

/// The tournament formats.
pub const FORMAT_CHOICES: &[Choice] = &[same("roundrobin"), same("swiss"), same("knockout")];

/// How a time per move is written, shown after its errors.
pub const TIME_FORM: &str =
    "TIME is hours or days per move, e.g. `12h` or `2d` (1 h to 30 d), or `notime`";

/// The games `!new` takes, shown after its errors.
pub const GAMES: &str = "GAME is katro, katro:4x6, katro:4x4 (add `lone` for the K11 lone-seed \
     steps), hoyito, hoyito:2xN (N 6-12) or `hoyito match`";

const fn opt(
    name: &'static str,
    description: &'static str,
    kind: OptionKind,
    required: bool,
) -> SlashOption {
    SlashOption {
        name,
        description,
        kind,
        required,
        before: "",
    }
}

const TOURNEY_NAME: SlashOption = opt(
    "name",
    "The tournament; needed only when this server has more than one",
    OptionKind::Text,
    false,
);

const NEW_OPTIONS: &[SlashOption] = &[
    opt(
        "game",
        "The game: Katro 6x6, 4x6 or 4x4, Hoyito 2x6 to 2x12, or a Hoyito match",
        OptionKind::Choice(GAME_CHOICES),
        true,
    ),
    opt(
        "opponent",
        "Who you challenge; leave empty to let anyone accept",
        OptionKind::User,
        false,
    ),
    SlashOption {
        before: "ai level",
        ..opt(
            "ai_level",
            "Play the bot's AI instead, at this level",
            OptionKind::Choice(LEVEL_CHOICES),
            false,
        )
    },
    SlashOption {
        before: "as",
        ..opt(
            "side",
            "Play as south (moves first) or north; random if empty",
            OptionKind::Choice(SIDE_CHOICES),
            false,
        )
    },
    opt(
        "time",
        "Time per move, like 12h or 2d, or notime; the server's default if empty",
        OptionKind::Text,
        false,
    ),
    opt(
        "rating",
        "rated (the default) or unrated: no rating change, hints where the channel allows",
        OptionKind::Choice(RATING_CHOICES),
        false,
    ),
];

/// Whether a game counts for the ratings.
pub const RATING_CHOICES: &[Choice] = &[same("rated"), same("unrated")];

const FAMILY_OPTION: &[SlashOption] = &[opt(
    "game",
    "katro or hoyito; both if empty",
    OptionKind::Choice(FAMILY_CHOICES),
    false,
)];

/// Shorthand of a command without arguments.
const fn bare(
    name: &'static str,
    summary: &'static str,
    help: &'static [Form],
    cmd: Command,
) -> CommandDef {
    CommandDef {
        name,
        aliases: &[],
        args: "",
        help,
        summary,
        grammar: Grammar::NoArgs(cmd),
        organizers_only: false,
        subs: &[],
        slash: Slash::Options(&[]),
    }
}

const fn form(text: &'static str) -> Form {
    Form { args: "", text }
}

/// Every command, in the order of `!help`.
pub static COMMANDS: &[CommandDef] = &[
    CommandDef {
        name: "new",
        aliases: &[],
        args: "GAME [@opponent | ai [level N]] [as south|north] [TIME] [unrated]",
        help: &[
            Form {
                args: "GAME [@opponent] [as south|north] [TIME] [unrated]",
                text: "challenge someone (or anyone); GAME: katro[:4x6|:4x4] [lone], \
                       hoyito[:2xN] (N 6-12) [match]; TIME: `12h`, `2d` or `notime`",
            },
            Form {
                args: "GAME ai [level N] [as south|north] [TIME]",
                text: "play the AI at once, unrated; levels 1 (beginner) to 5 (master), \
                       default {default}",
            },
        ],
        summary: "Challenge someone (or anyone, or the bot's AI) to a game of Katro or Hoyito here",
        grammar: Grammar::Args(args::new),
        organizers_only: false,
        subs: &[],
        slash: Slash::Options(NEW_OPTIONS),
    },
    bare(
        "accept",
        "Accept the challenge in this channel",
        &[form("accept the challenge here")],
        Command::Accept,
    ),
    bare(
        "decline",
        "Decline the challenge in this channel, or withdraw yours",
        &[form("decline or withdraw a challenge")],
        Command::Decline,
    ),
    CommandDef {
        name: "sow",
        aliases: &["s"],
        args: "HOLE[+|-]",
        help: &[Form {
            args: "HOLE[+|-]",
            text: "your move, e.g. `{p}sow c1+` in Katro, `{p}sow d1` in Hoyito",
        }],
        summary: "Make a move: sow from a hole (Katro c1+ or c1-, Hoyito d1)",
        grammar: Grammar::Args(args::sow),
        organizers_only: false,
        subs: &[],
        slash: Slash::Options(&[opt(
            "hole",
            "The hole to sow from, e.g. c1+ (Katro) or d1 (Hoyito)",
            OptionKind::Move,
            true,
        )]),
    },
    bare(
        "board",
        "Show the board of the game here, its position string and whose turn it is",
        &[form("the board, position and whose turn it is")],
        Command::Board,
    ),
    bare(
        "moves",
        "List the legal moves of the player to move",
        &[form("the legal moves")],
        Command::Moves,
    ),
    bare(
        "resign",
        "Resign the game in this channel",
        &[form("resign the game")],
        Command::Resign,
    ),
    bare(
        "hint",
        "The AI's best move for you now, and why (games against the AI; unrated games where hints are on)",
        &[form("the AI's best move and why (vs the AI, or unrated with hints on)")],
        Command::Hint,
    ),
    CommandDef {
        name: "analyze",
        aliases: &["analyse"],
        args: "",
        help: &[form("the AI's review of the last game: mistakes, accuracy, chart")],
        summary: "Review the last game finished here: every move against the AI's best, mistakes, accuracy",
        grammar: Grammar::NoArgs(Command::Analyze),
        organizers_only: false,
        subs: &[],
        slash: Slash::Options(&[]),
    },
    bare(
        "history",
        "Show the record of the game in this channel: headers and numbered moves",
        &[form("the game record")],
        Command::History,
    ),
    bare(
        "replay",
        "The last move of the game in this channel, step by step, as an animated picture",
        &[form("the last move as an animated GIF")],
        Command::Replay,
    ),
    CommandDef {
        name: "rules",
        aliases: &[],
        args: "[katro|hoyito]",
        help: &[Form {
            args: "[katro|hoyito]",
            text: "the rules in short",
        }],
        summary: "A short summary of the rules of Katro or Hoyito I",
        grammar: Grammar::Args(args::rules),
        organizers_only: false,
        subs: &[],
        slash: Slash::Options(FAMILY_OPTION),
    },
    CommandDef {
        name: "help",
        aliases: &[],
        args: "",
        help: &[form("this help")],
        summary: "How to use the bot: the commands and what they do",
        // Words after `!help` are ignored.
        grammar: Grammar::Args(args::help),
        organizers_only: false,
        subs: &[],
        slash: Slash::Options(&[]),
    },
    bare(
        "draw",
        "Offer a draw, or accept the one your opponent offered",
        &[form("offer or accept a draw")],
        Command::Draw,
    ),
    bare(
        "abort",
        "Abort the game before both sides have moved: no result, unrated",
        &[form("no result, before both sides have moved")],
        Command::Abort,
    ),
    bare(
        "claim",
        "Claim the win when your opponent's deadline has passed",
        &[form("win on your opponent's passed deadline")],
        Command::Claim,
    ),
    bare(
        "rematch",
        "Challenge your last opponent here to the same game again, sides swapped",
        &[form("your last opponent again, sides swapped")],
        Command::Rematch,
    ),
    bare(
        "mute",
        "Stop the bot's reminders of your deadlines",
        &[form("no deadline reminders")],
        Command::Mute(true),
    ),
    bare(
        "unmute",
        "Get the bot's reminders of your deadlines again",
        &[form("your reminders again")],
        Command::Mute(false),
    ),
    CommandDef {
        name: "set",
        aliases: &[],
        args: "SETTING VALUE",
        help: &[Form {
            args: "SETTING VALUE",
            text: "autoforfeit|hints on|off, pictures frames|sheet|final|gif, \
                   view mover|south|north, theme light|dark, language en|fr|es|ru|auto",
        }],
        summary: "Change a setting of this channel (organizers): autoforfeit, hints, pictures, \
                  view, theme, language",
        grammar: Grammar::Args(args::set),
        organizers_only: true,
        subs: &[],
        slash: Slash::Options(&[
            opt(
                "setting",
                "autoforfeit, hints, pictures (of a move), view (side drawn from), theme, language",
                OptionKind::Choice(SETTING_CHOICES),
                true,
            ),
            opt(
                "value",
                "on|off; pictures: frames|sheet|final|gif; view: mover|south|north; theme; language",
                OptionKind::Choice(SETTING_VALUE_CHOICES),
                true,
            ),
        ]),
    },
    CommandDef {
        name: "rating",
        aliases: &[],
        args: "[@user]",
        help: &[Form {
            args: "[@user]",
            text: "Glicko-2 ratings (`?`: provisional)",
        }],
        summary: "Show a player's Glicko-2 ratings in this server (yours if empty)",
        grammar: Grammar::Args(args::rating),
        organizers_only: false,
        subs: &[],
        slash: Slash::Options(&[opt(
            "user",
            "The player; you if empty",
            OptionKind::User,
            false,
        )]),
    },
    CommandDef {
        name: "leaderboard",
        aliases: &["top"],
        args: "[katro|hoyito]",
        help: &[Form {
            args: "[katro|hoyito]",
            text: "the best-rated players",
        }],
        summary: "Show this server's best-rated players of Katro or Hoyito",
        grammar: Grammar::Args(args::leaderboard),
        organizers_only: false,
        subs: &[],
        slash: Slash::Options(FAMILY_OPTION),
    },
    CommandDef {
        name: "tournament",
        aliases: &["t"],
        args: "",
        help: &[form("list the tournaments here")],
        summary:
            "Tournaments: list, new, join, leave, start, pairings, standings, withdraw, cancel",
        grammar: Grammar::Subcommands {
            alone: Command::Tournament(TourneyCommand::List),
        },
        organizers_only: false,
        subs: TOURNAMENT_SUBS,
        slash: Slash::Subcommands,
    },
];

/// The subcommands of `!tournament`, in the order of `!help`.
pub static TOURNAMENT_SUBS: &[SubDef] = &[
    SubDef {
        name: "list",
        aliases: &[],
        bare: true,
        args: "",
        help: "",
        summary: "List this server's tournaments",
        organizers_only: false,
        parse: args::tourney_list,
        options: &[],
    },
    SubDef {
        name: "new",
        aliases: &["create"],
        bare: false,
        args: "NAME GAME roundrobin|swiss ROUNDS|knockout [TIME]",
        help: "",
        summary: "Create a tournament (organizers)",
        organizers_only: true,
        parse: args::tourney_new,
        options: &[
            opt(
                "name",
                "1 to 24 letters, digits, - or _",
                OptionKind::Text,
                true,
            ),
            opt(
                "game",
                "The game: Katro 6x6, 4x6 or 4x4, Hoyito 2x6 to 2x12, or Hoyito matches",
                OptionKind::Choice(GAME_CHOICES),
                true,
            ),
            opt(
                "format",
                "roundrobin, swiss (give the rounds) or knockout",
                OptionKind::Choice(FORMAT_CHOICES),
                true,
            ),
            opt(
                "rounds",
                "For swiss: the number of rounds, 1 to 20",
                OptionKind::Integer { min: 1, max: 20 },
                false,
            ),
            opt(
                "time",
                "Time per move, like 12h or 2d, or notime; the server's default if empty",
                OptionKind::Text,
                false,
            ),
        ],
    },
    SubDef {
        name: "join",
        aliases: &[],
        bare: false,
        args: "[NAME]",
        help: "",
        summary: "Enter a tournament before it starts",
        organizers_only: false,
        parse: args::tourney_join,
        options: &[TOURNEY_NAME],
    },
    SubDef {
        name: "leave",
        aliases: &[],
        bare: false,
        args: "[NAME]",
        help: "before the start",
        summary: "Leave a tournament before it starts",
        organizers_only: false,
        parse: args::tourney_leave,
        options: &[TOURNEY_NAME],
    },
    SubDef {
        name: "start",
        aliases: &[],
        bare: false,
        args: "[NAME]",
        help: "",
        summary: "Start a tournament: pair its first round (organizers)",
        organizers_only: true,
        parse: args::tourney_start,
        options: &[TOURNEY_NAME],
    },
    SubDef {
        name: "pairings",
        aliases: &["round"],
        bare: false,
        args: "[NAME]",
        help: "",
        summary: "Show the games of a tournament's round in play",
        organizers_only: false,
        parse: args::tourney_pairings,
        options: &[TOURNEY_NAME],
    },
    SubDef {
        name: "standings",
        aliases: &["table"],
        bare: false,
        args: "[NAME]",
        help: "",
        summary: "Show a tournament's standings",
        organizers_only: false,
        parse: args::tourney_standings,
        options: &[TOURNEY_NAME],
    },
    SubDef {
        name: "withdraw",
        aliases: &[],
        bare: false,
        args: "@user [NAME]",
        help: "",
        summary: "Take a player out of a tournament (organizers, or the player himself)",
        organizers_only: false,
        parse: args::tourney_withdraw,
        options: &[
            opt("user", "The player", OptionKind::User, true),
            TOURNEY_NAME,
        ],
    },
    SubDef {
        name: "cancel",
        aliases: &[],
        bare: false,
        args: "[NAME]",
        help: "",
        summary: "Cancel a tournament (organizers)",
        organizers_only: true,
        parse: args::tourney_cancel,
        options: &[TOURNEY_NAME],
    },
];

/// The command `name` (lower case) names, by its name or an alias.
pub fn find(name: &str) -> Option<&'static CommandDef> {
    COMMANDS
        .iter()
        .find(|c| c.name == name || c.aliases.contains(&name))
}

/// `usage` of the command named `name`, e.g. `new GAME ...` (without the prefix).
///
/// # Panics
/// When the table has no such command (a bug).
pub fn usage(name: &str) -> String {
    find(name)
        .unwrap_or_else(|| panic!("no command `{name}` in the table"))
        .usage()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn discord_name(n: &str) -> bool {
        (1..=32).contains(&n.chars().count())
            && n.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-')
    }

    fn short(d: &str) -> bool {
        (1..=100).contains(&d.chars().count())
    }

    fn check_options(what: &str, options: &[SlashOption]) {
        assert!(options.len() <= 25, "{what}: too many options");
        let mut optional = false;
        for o in options {
            assert!(discord_name(o.name), "{what}: option `{}`", o.name);
            assert!(short(o.description), "{what} {}: {}", o.name, o.description);
            assert!(
                !(o.required && optional),
                "{what}: {} after optional",
                o.name
            );
            optional |= !o.required;
            if let OptionKind::Choice(choices) = o.kind {
                assert!((1..=25).contains(&choices.len()), "{what} {}", o.name);
                for c in choices {
                    assert!(short(c.label) && !c.word.is_empty(), "{what}: {c:?}");
                }
            }
        }
    }

    #[test]
    fn names_are_unique_and_fit_discords_limits() {
        let mut seen = Vec::new();
        for def in COMMANDS {
            for n in std::iter::once(&def.name).chain(def.aliases) {
                assert!(!seen.contains(n), "`{n}` twice");
                seen.push(n);
            }
            assert!(discord_name(def.name), "{}", def.name);
            assert!(short(def.summary), "{}: {}", def.name, def.summary);
            assert!(!def.help.is_empty(), "{} has no help", def.name);
            match def.slash {
                Slash::ChatOnly => {}
                Slash::Options(options) => check_options(def.name, options),
                Slash::Subcommands => {
                    assert!(!def.subs.is_empty() && def.subs.len() <= 25, "{}", def.name);
                    for s in def.subs {
                        assert!(discord_name(s.name), "{} {}", def.name, s.name);
                        assert!(short(s.summary), "{} {}: {}", def.name, s.name, s.summary);
                        check_options(&format!("{} {}", def.name, s.name), s.options);
                    }
                }
            }
            assert_eq!(
                matches!(def.grammar, Grammar::Subcommands { .. }),
                !def.subs.is_empty(),
                "{}",
                def.name
            );
        }
        assert!(COMMANDS.len() <= 100, "Discord allows 100 slash commands");
    }

    #[test]
    fn level_choices_are_the_ais_levels() {
        let levels: Vec<String> = mancala_ai::LEVELS
            .map(|l| format!("{l} {}", mancala_ai::level_name(l).unwrap()))
            .collect();
        let labels: Vec<&str> = LEVEL_CHOICES.iter().map(|c| c.label).collect();
        assert_eq!(labels, levels);
        for c in LEVEL_CHOICES {
            assert!(c.label.starts_with(&format!("{} ", c.word)));
        }
    }

    #[test]
    fn usages_are_the_grammars() {
        assert_eq!(
            usage("new"),
            "new GAME [@opponent | ai [level N]] [as south|north] [TIME] [unrated]"
        );
        assert_eq!(
            usage("tournament"),
            "tournament new NAME GAME roundrobin|swiss ROUNDS|knockout [TIME] | join [NAME] \
             | leave [NAME] | start [NAME] | pairings [NAME] | standings [NAME] \
             | withdraw @user [NAME] | cancel [NAME]"
        );
        assert_eq!(usage("board"), "board");
        assert!(find("t").is_some_and(|d| d.name == "tournament"));
        assert!(find("top").is_some_and(|d| d.name == "leaderboard"));
        let t = find("tournament").unwrap();
        assert_eq!(t.find_sub("round").map(|s| s.name), Some("pairings"));
        assert!(t.find_sub("list").is_none(), "`!tournament` alone lists");
    }
}
