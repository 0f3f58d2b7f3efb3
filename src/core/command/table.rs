//! The one table of commands. The chat parser looks commands up here, usage strings in
//! errors, `!help` ([`crate::core::text::help`]) and the Discord slash commands
//! (`transport::discord::commands`) are all generated from it, so they cannot drift
//! apart.
//!
//! Each [`CommandDef`] names a command, its aliases, its arguments as errors show them,
//! its ways of calling it in `!help`, the parser of its arguments, whether it is for
//! organizers, and its slash shape: the typed options (or subcommands) and how each is
//! spelled back into the chat command, so that the core's parser stays the single
//! source of truth for every transport. The words (what each help line says, the slash
//! descriptions, the choice labels) are messages of `locales/*/commands.ftl` named after
//! the command ([`super::def::message_id`]), in every language.

use super::args;
pub use super::def::{
    join_words, message_id, Choice, CommandDef, Cx, Form, Grammar, OptionKind, ParseFn, Slash,
    SlashOption, SubDef, Wake,
};
use super::{Command, TourneyCommand};
use crate::core::needs::Needs;

/// The games offered by `/new` and `/tournament new` (RULES.md N3), plus a Hoyito match
/// (M1-M4).
pub const GAME_CHOICES: &[Choice] = &[
    Choice::same("katro"),
    Choice::same("katro:4x6"),
    Choice::same("katro:4x4"),
    Choice::same("hoyito"),
    Choice::same("hoyito match"),
    Choice::same("hoyito:2x6"),
    Choice::same("hoyito:2x7"),
    Choice::same("hoyito:2x8"),
    Choice::same("hoyito:2x9"),
    Choice::same("hoyito:2x10"),
    Choice::same("hoyito:2x11"),
    Choice::same("hoyito:2x12"),
    // Last, so that the indices Discord sends for the others stay as they were.
    Choice {
        id: "choice-katro-lone",
        word: "katro lone",
    },
];

/// What `!resign` gives up in a match: the game or the match.
pub const RESIGN_CHOICES: &[Choice] = &[Choice::same("game"), Choice::same("match")];

/// The sides.
pub const SIDE_CHOICES: &[Choice] = &[Choice::same("south"), Choice::same("north")];

/// The AI levels (`mancala_ai::level_name`).
pub const LEVEL_CHOICES: &[Choice] = &[
    Choice {
        id: "choice-level-1",
        word: "1",
    },
    Choice {
        id: "choice-level-2",
        word: "2",
    },
    Choice {
        id: "choice-level-3",
        word: "3",
    },
    Choice {
        id: "choice-level-4",
        word: "4",
    },
    Choice {
        id: "choice-level-5",
        word: "5",
    },
];

/// The game families of `!rules` and `!leaderboard`.
pub const FAMILY_CHOICES: &[Choice] = &[Choice::same("katro"), Choice::same("hoyito")];

/// The channel settings of `!set`.
pub const SETTING_CHOICES: &[Choice] = &[
    Choice::same("autoforfeit"),
    Choice::same("hints"),
    Choice::same("pictures"),
    Choice::same("view"),
    Choice::same("theme"),
    Choice::same("language"),
    Choice::same("threads"),
    Choice::same("web"),
];

/// The values of the settings: on and off (autoforfeit, hints), the picture styles, the
/// views, the themes.
pub const SETTING_VALUE_CHOICES: &[Choice] = &[
    Choice::same("on"),
    Choice::same("off"),
    Choice::same("frames"),
    Choice::same("sheet"),
    Choice::same("final"),
    Choice::same("gif"),
    Choice::same("mover"),
    Choice::same("south"),
    Choice::same("north"),
    Choice::same("light"),
    Choice::same("dark"),
    Choice::same("en"),
    Choice::same("fr"),
    Choice::same("es"),
    Choice::same("ru"),
    Choice::same("auto"),
    Choice::same("index"),
    Choice::same("noindex"),
];

/// The modes of `!notify`.
pub const NOTIFY_CHOICES: &[Choice] = &[
    Choice::same("dm"),
    Choice::same("mention"),
    Choice::same("off"),
    Choice::same("digest"),
];

/// The tournament formats.
pub const FORMAT_CHOICES: &[Choice] = &[
    Choice::same("roundrobin"),
    Choice::same("swiss"),
    Choice::same("knockout"),
    Choice::same("double"),
    Choice::same("arena"),
];

/// How a knockout settles a drawn game.
pub const TIEBREAK_CHOICES: &[Choice] = &[Choice::same("rematch"), Choice::same("seed")];

/// The Swiss pairing of round 1.
pub const PAIRING_CHOICES: &[Choice] = &[Choice::same("accelerated")];

const fn opt(name: &'static str, kind: OptionKind, required: bool) -> SlashOption {
    SlashOption {
        name,
        kind,
        required,
        before: "",
    }
}

const TOURNEY_NAME: SlashOption = opt("name", OptionKind::Text, false);

const NEW_OPTIONS: &[SlashOption] = &[
    opt("game", OptionKind::Choice(GAME_CHOICES), true),
    opt("opponent", OptionKind::User, false),
    SlashOption {
        before: "ai level",
        ..opt("ai_level", OptionKind::Choice(LEVEL_CHOICES), false)
    },
    SlashOption {
        before: "as",
        ..opt("side", OptionKind::Choice(SIDE_CHOICES), false)
    },
    opt("time", OptionKind::Text, false),
    opt("rating", OptionKind::Choice(RATING_CHOICES), false),
];

/// Whether a game counts for the ratings.
pub const RATING_CHOICES: &[Choice] = &[Choice::same("rated"), Choice::same("unrated")];

const FAMILY_OPTION: &[SlashOption] = &[opt("game", OptionKind::Choice(FAMILY_CHOICES), false)];

/// Shorthand of a command without arguments.
const fn bare(name: &'static str, cmd: Command) -> CommandDef {
    bare_with(name, cmd, RECORD, Wake::Never)
}

/// Shorthand of a command without arguments that reads `reads`.
const fn bare_reading(name: &'static str, cmd: Command, reads: Needs) -> CommandDef {
    bare_with(name, cmd, reads, Wake::Never)
}

/// Shorthand of a command without arguments, with what it reads and whether it may
/// wake the AI.
const fn bare_with(name: &'static str, cmd: Command, reads: Needs, wakes_ai: Wake) -> CommandDef {
    CommandDef {
        name,
        aliases: &[],
        args: "",
        help: &[FORM],
        grammar: Grammar::NoArgs(cmd),
        organizers_only: false,
        subs: &[],
        slash: Slash::Options(&[]),
        reads,
        wakes_ai,
    }
}

/// Reads the channel's record and settings only.
const RECORD: Needs = Needs {
    last_finished: false,
    muted: false,
    author: false,
    ratings: false,
    rating_history: false,
    tournaments: false,
    vacations: false,
    games: false,
    by_id: false,
    channel_log: false,
    indexes: false,
    puzzles: false,
};

/// Also the community's rating tables.
const RATINGS: Needs = Needs {
    ratings: true,
    ..RECORD
};

/// Also the channel's last finished game, to show or repeat it.
const LAST: Needs = Needs {
    last_finished: true,
    ..RECORD
};

/// Also the author's preferences.
const AUTHOR: Needs = Needs {
    author: true,
    ..RECORD
};

/// Also the community's vacations (`!vacation`, and the clocks they pause).
const VACATIONS: Needs = Needs {
    vacations: true,
    ..RECORD
};

/// Also the indexes of games a game's start or finish writes (`!accept`, `!new GAME
/// ai`, a move, `!resign`, `!draw`, `!abort`, `!claim`): a few small documents more in
/// the same read, so that a start or an unrated finish needs no second one.
const STARTS: Needs = Needs {
    indexes: true,
    ..RECORD
};

/// Also the game named by the command's id argument (`!game ID`, `!record [ID]`,
/// `!analyze [ID]`), and the channel's last finished game for the commands that fall
/// back on it without an id.
const BY_ID: Needs = Needs {
    by_id: true,
    ..LAST
};

/// The optional game id of `!record`, `!analyze` (required for `!game`).
const ID_OPTION: SlashOption = opt("id", OptionKind::Text, false);

/// The clocks' reads of a move and a claim: the game indexes a start or finish writes,
/// and the community's vacations.
const CLOCKS: Needs = Needs {
    vacations: true,
    ..STARTS
};

/// The one help line of a command without arguments.
const FORM: Form = Form { args: "" };

/// Every command, in the order of `!help`.
pub static COMMANDS: &[CommandDef] = &[
    CommandDef {
        name: "new",
        aliases: &[],
        args: "GAME [@opponent | ai [level N]] [as south|north] [TIME] [unrated]",
        help: &[
            Form {
                args: "GAME [@opponent] [as south|north] [TIME] [unrated]",
            },
            Form {
                args: "GAME ai [level N] [as south|north] [TIME]",
            },
        ],
        grammar: Grammar::Args(args::new),
        organizers_only: false,
        subs: &[],
        slash: Slash::Options(NEW_OPTIONS),
        reads: STARTS,
        wakes_ai: Wake::AgainstAi,
    },
    bare_reading("accept", Command::Accept, STARTS),
    bare("decline", Command::Decline),
    CommandDef {
        name: "sow",
        aliases: &["s"],
        args: "HOLE[+|-]",
        help: &[Form { args: "HOLE[+|-]" }],
        grammar: Grammar::Args(args::sow),
        organizers_only: false,
        subs: &[],
        slash: Slash::Options(&[opt("hole", OptionKind::Move, true)]),
        // The author's puzzles too: a move of one who plays no game here answers his
        // open puzzle (issue 32).
        reads: Needs {
            puzzles: true,
            ..CLOCKS
        },
        wakes_ai: Wake::InAiGame,
    },
    bare_reading(
        "board",
        Command::Board,
        Needs {
            vacations: true,
            ..LAST
        },
    ),
    bare("moves", Command::Moves),
    CommandDef {
        name: "resign",
        aliases: &[],
        args: "[game|match]",
        help: &[Form {
            args: "[game|match]",
        }],
        grammar: Grammar::Args(args::resign),
        organizers_only: false,
        subs: &[],
        slash: Slash::Options(&[opt("what", OptionKind::Choice(RESIGN_CHOICES), false)]),
        reads: STARTS,
        wakes_ai: Wake::Never,
    },
    bare("hint", Command::Hint),
    CommandDef {
        name: "analyze",
        aliases: &["analyse"],
        args: "[ID]",
        help: &[Form { args: "[ID]" }],
        grammar: Grammar::Args(args::analyze),
        organizers_only: false,
        subs: &[],
        slash: Slash::Options(&[ID_OPTION]),
        reads: BY_ID,
        wakes_ai: Wake::Never,
    },
    bare_reading(
        "history",
        Command::History,
        Needs {
            channel_log: true,
            ..LAST
        },
    ),
    bare_reading(
        "games",
        Command::Games,
        // The vacations too: a deadline is shown as they leave it.
        Needs {
            games: true,
            vacations: true,
            ..RECORD
        },
    ),
    CommandDef {
        name: "game",
        aliases: &[],
        args: "ID",
        help: &[Form { args: "ID" }],
        grammar: Grammar::Args(args::game),
        organizers_only: false,
        subs: &[],
        slash: Slash::Options(&[SlashOption {
            required: true,
            ..ID_OPTION
        }]),
        reads: BY_ID,
        wakes_ai: Wake::Never,
    },
    CommandDef {
        name: "record",
        aliases: &[],
        args: "[ID]",
        help: &[Form { args: "[ID]" }],
        grammar: Grammar::Args(args::record),
        organizers_only: false,
        subs: &[],
        slash: Slash::Options(&[ID_OPTION]),
        reads: BY_ID,
        wakes_ai: Wake::Never,
    },
    bare_reading("replay", Command::Replay, LAST),
    CommandDef {
        name: "rules",
        aliases: &[],
        args: "[katro|hoyito]",
        help: &[Form {
            args: "[katro|hoyito]",
        }],
        grammar: Grammar::Args(args::rules),
        organizers_only: false,
        subs: &[],
        slash: Slash::Options(FAMILY_OPTION),
        reads: RECORD,
        wakes_ai: Wake::Never,
    },
    CommandDef {
        name: "help",
        aliases: &[],
        args: "[COMMAND]",
        help: &[Form { args: "[COMMAND]" }],
        // Words after the command's name are ignored.
        grammar: Grammar::Args(args::help),
        organizers_only: false,
        subs: &[],
        slash: Slash::Options(&[]),
        reads: RECORD,
        wakes_ai: Wake::Never,
    },
    bare_reading("draw", Command::Draw, STARTS),
    bare_reading("abort", Command::Abort, STARTS),
    bare_reading("claim", Command::Claim, CLOCKS),
    bare_with("rematch", Command::Rematch, LAST, Wake::Always),
    bare_reading("mute", Command::Mute(true), AUTHOR),
    bare_reading("unmute", Command::Mute(false), AUTHOR),
    CommandDef {
        name: "notify",
        aliases: &[],
        args: "[dm|mention|off|digest]",
        help: &[Form {
            args: "[dm|mention|off|digest]",
        }],
        grammar: Grammar::Args(args::notify),
        organizers_only: false,
        subs: &[],
        slash: Slash::Options(&[opt("mode", OptionKind::Choice(NOTIFY_CHOICES), false)]),
        reads: AUTHOR,
        wakes_ai: Wake::Never,
    },
    CommandDef {
        name: "set",
        aliases: &[],
        args: "SETTING VALUE",
        help: &[Form {
            args: "SETTING VALUE",
        }],
        grammar: Grammar::Args(args::set),
        organizers_only: true,
        subs: &[],
        slash: Slash::Options(&[
            opt("setting", OptionKind::Choice(SETTING_CHOICES), true),
            opt("value", OptionKind::Choice(SETTING_VALUE_CHOICES), true),
        ]),
        // The community's tournaments: in a tournament's room its rules decide
        // forfeits and hints (`set::set`).
        reads: Needs {
            tournaments: true,
            ..RECORD
        },
        wakes_ai: Wake::Never,
    },
    CommandDef {
        name: "rating",
        aliases: &[],
        args: "[@user]",
        help: &[Form { args: "[@user]" }],
        grammar: Grammar::Args(args::rating),
        organizers_only: false,
        subs: &[],
        slash: Slash::Options(&[opt("user", OptionKind::User, false)]),
        reads: Needs {
            rating_history: true,
            ..RATINGS
        },
        wakes_ai: Wake::Never,
    },
    CommandDef {
        name: "leaderboard",
        aliases: &["top"],
        args: "[katro|hoyito]",
        help: &[Form {
            args: "[katro|hoyito]",
        }],
        grammar: Grammar::Args(args::leaderboard),
        organizers_only: false,
        subs: &[],
        slash: Slash::Options(FAMILY_OPTION),
        reads: RATINGS,
        wakes_ai: Wake::Never,
    },
    bare_reading("takeback", Command::Takeback, VACATIONS),
    CommandDef {
        name: "vacation",
        aliases: &[],
        args: "[DAYSd | off]",
        help: &[Form {
            args: "[DAYSd | off]",
        }],
        grammar: Grammar::Args(args::vacation),
        organizers_only: false,
        subs: &[],
        slash: Slash::Options(&[opt("days", OptionKind::Text, false)]),
        reads: VACATIONS,
        wakes_ai: Wake::Never,
    },
    CommandDef {
        name: "puzzle",
        aliases: &[],
        args: "[GAME] | daily | skip | hint | stats [@user]",
        help: &[
            Form { args: "[GAME]" },
            Form { args: "daily" },
            Form { args: "skip" },
            Form {
                args: "stats [@user]",
            },
            Form { args: "hint" },
        ],
        grammar: Grammar::Args(super::puzzle::puzzle),
        organizers_only: false,
        subs: &[],
        slash: Slash::Options(&[
            opt("what", OptionKind::Choice(super::PUZZLE_CHOICES), false),
            opt("user", OptionKind::User, false),
        ]),
        // The puzzles of the author (or of the user named), and the channel's record:
        // its game's board is the default.
        reads: Needs {
            puzzles: true,
            ..RECORD
        },
        wakes_ai: Wake::Never,
    },
    CommandDef {
        name: "tournament",
        aliases: &["t"],
        args: "",
        help: &[FORM],
        grammar: Grammar::Subcommands {
            alone: Command::Tournament(TourneyCommand::List),
        },
        organizers_only: false,
        subs: TOURNAMENT_SUBS,
        slash: Slash::Subcommands,
        // The game this room holds or held (whose tournament it may be), the
        // community's tournaments, and its ratings (`start` seeds by them).
        reads: Needs {
            tournaments: true,
            ..Needs {
                last_finished: true,
                ..RATINGS
            }
        },
        wakes_ai: Wake::Never,
    },
];

/// The subcommands of `!tournament`, in the order of `!help`.
pub static TOURNAMENT_SUBS: &[SubDef] = &[
    SubDef {
        name: "list",
        aliases: &[],
        bare: true,
        args: "",
        help: false,
        organizers_only: false,
        parse: args::tourney_list,
        options: &[],
    },
    SubDef {
        name: "new",
        aliases: &["create"],
        bare: false,
        args:
            "NAME GAME roundrobin|double|swiss ROUNDS [accelerated]|knockout [rematch|seed]|arena WINDOW [TIME]",
        help: true,
        organizers_only: true,
        parse: args::tourney_new,
        options: &[
            opt("name", OptionKind::Text, true),
            opt("game", OptionKind::Choice(GAME_CHOICES), true),
            opt("format", OptionKind::Choice(FORMAT_CHOICES), true),
            opt("rounds", OptionKind::Integer { min: 1, max: 20 }, false),
            opt("window", OptionKind::Text, false),
            opt("time", OptionKind::Text, false),
            opt("tiebreak", OptionKind::Choice(TIEBREAK_CHOICES), false),
            opt("pairing", OptionKind::Choice(PAIRING_CHOICES), false),
        ],
    },
    SubDef {
        name: "join",
        aliases: &[],
        bare: false,
        args: "[NAME]",
        help: false,
        organizers_only: false,
        parse: args::tourney_join,
        options: &[TOURNEY_NAME],
    },
    SubDef {
        name: "leave",
        aliases: &[],
        bare: false,
        args: "[NAME]",
        help: true,
        organizers_only: false,
        parse: args::tourney_leave,
        options: &[TOURNEY_NAME],
    },
    SubDef {
        name: "start",
        aliases: &[],
        bare: false,
        args: "[NAME]",
        help: false,
        organizers_only: true,
        parse: args::tourney_start,
        options: &[TOURNEY_NAME],
    },
    SubDef {
        name: "pairings",
        aliases: &["round"],
        bare: false,
        args: "[NAME]",
        help: false,
        organizers_only: false,
        parse: args::tourney_pairings,
        options: &[TOURNEY_NAME],
    },
    SubDef {
        name: "standings",
        aliases: &["table"],
        bare: false,
        args: "[NAME]",
        help: false,
        organizers_only: false,
        parse: args::tourney_standings,
        options: &[TOURNEY_NAME],
    },
    SubDef {
        name: "withdraw",
        aliases: &[],
        bare: false,
        args: "@user [NAME]",
        help: false,
        organizers_only: false,
        parse: args::tourney_withdraw,
        options: &[opt("user", OptionKind::User, true), TOURNEY_NAME],
    },
    SubDef {
        name: "cancel",
        aliases: &[],
        bare: false,
        args: "[NAME]",
        help: false,
        organizers_only: true,
        parse: args::tourney_cancel,
        options: &[TOURNEY_NAME],
    },
    SubDef {
        name: "info",
        aliases: &[],
        bare: false,
        args: "[NAME]",
        help: true,
        organizers_only: false,
        parse: args::tourney_info,
        options: &[TOURNEY_NAME],
    },
    super::organize::ADJUDICATE,
    super::organize::EXTEND,
    super::organize::PAUSE,
    super::organize::RESUME,
    super::organize::NEXT_ROUND,
    super::organize::KICK,
    super::organize::CHECKIN,
    super::organize::LOG,
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
    use crate::i18n::{self, Lang};

    fn discord_name(n: &str) -> bool {
        (1..=32).contains(&n.chars().count())
            && n.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-')
    }

    fn short(d: &str) -> bool {
        (1..=100).contains(&d.chars().count())
    }

    /// The options' names, order, choices; their descriptions and labels fit Discord's
    /// limits in every language.
    fn check_options(def: &CommandDef, sub: Option<&SubDef>, options: &[SlashOption]) {
        let what = format!("{} {}", def.name, sub.map_or("", |s| s.name));
        assert!(options.len() <= 25, "{what}: too many options");
        let mut optional = false;
        for o in options {
            assert!(discord_name(o.name), "{what}: option `{}`", o.name);
            for lang in Lang::ALL {
                let d = def.option_description(sub, o, Some(lang));
                assert!(short(&d), "{what} {} in {lang:?}: {d}", o.name);
            }
            assert!(
                !(o.required && optional),
                "{what}: {} after optional",
                o.name
            );
            optional |= !o.required;
            if let OptionKind::Choice(choices) = o.kind {
                assert!((1..=25).contains(&choices.len()), "{what} {}", o.name);
                for c in choices {
                    assert!(!c.word.is_empty(), "{what}: {c:?}");
                    for lang in Lang::ALL {
                        let label = c.label(Some(lang));
                        assert!(short(&label), "{what}: {c:?} in {lang:?}: {label}");
                    }
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
            for lang in Lang::ALL {
                let summary = def.summary(Some(lang));
                assert!(short(&summary), "{} in {lang:?}: {summary}", def.name);
            }
            assert!(!def.help.is_empty(), "{} has no help", def.name);
            match def.slash {
                Slash::ChatOnly => {}
                Slash::Options(options) => check_options(def, None, options),
                Slash::Subcommands => {
                    assert!(!def.subs.is_empty() && def.subs.len() <= 25, "{}", def.name);
                    for s in def.subs {
                        assert!(discord_name(s.name), "{} {}", def.name, s.name);
                        for lang in Lang::ALL {
                            let summary = def.sub_summary(s, Some(lang));
                            assert!(short(&summary), "{} {} in {lang:?}", def.name, s.name);
                        }
                        check_options(def, Some(s), s.options);
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

    /// The table's texts are messages whose ids are made from the names (so the generic
    /// test of `tr!` literals cannot see them): each is in English (and so, by the i18n
    /// tests, in every language), and no two texts share an id.
    #[test]
    fn every_text_of_the_table_is_a_message() {
        let mut all = Vec::new();
        for def in COMMANDS {
            for id in def.message_ids() {
                assert!(i18n::has_message(&id), "{}: no message `{id}`", def.name);
                if !id.starts_with("choice-") {
                    assert!(!all.contains(&id), "`{id}` twice");
                }
                all.push(id);
            }
        }
        assert!(all.contains(&"slash-tournament-withdraw-user".to_string()));
        assert!(all.contains(&"help-new-1".to_string()));
        assert!(all.contains(&"choice-level-5".to_string()));
    }

    #[test]
    fn level_choices_are_the_ais_levels() {
        let levels: Vec<String> = mancala_ai::LEVELS
            .map(|l| format!("{l} {}", mancala_ai::level_name(l).unwrap()))
            .collect();
        let labels: Vec<String> = LEVEL_CHOICES
            .iter()
            .map(|c| c.label(Some(Lang::En)))
            .collect();
        assert_eq!(labels, levels);
        for lang in Lang::ALL {
            for c in LEVEL_CHOICES {
                assert!(c.label(Some(lang)).starts_with(&format!("{} ", c.word)));
            }
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
            "tournament new NAME GAME roundrobin|double|swiss ROUNDS [accelerated]|knockout \
             [rematch|seed]|arena WINDOW [TIME] | join [NAME] \
             | leave [NAME] | start [NAME] | pairings [NAME] | standings [NAME] \
             | withdraw @user [NAME] | cancel [NAME] | info [NAME] \
             | adjudicate GAME south|north|draw|PLAYER REASON... | extend GAME DURATION \
             | pause [NAME] | resume [NAME] | next-round [adjudicate] [NAME] \
             | kick @user [NAME] [REASON...] | checkin [open [DURATION]] [NAME] | log [NAME]"
        );
        assert_eq!(usage("board"), "board");
        assert!(find("t").is_some_and(|d| d.name == "tournament"));
        assert!(find("top").is_some_and(|d| d.name == "leaderboard"));
        let t = find("tournament").unwrap();
        assert_eq!(t.find_sub("round").map(|s| s.name), Some("pairings"));
        assert!(t.find_sub("list").is_none(), "`!tournament` alone lists");
    }
}
