//! The steps of a case of the core fuzz, their strategies, and the disguises of a
//! command's text.

use proptest::collection::vec;
use proptest::prelude::*;

/// Who sends a command.
#[derive(Clone, Debug)]
pub enum Who {
    /// One of [`USERS`] (index modulo their number).
    User(u8),
    /// The player to move in the channel's game (else user 0).
    ToMove,
    /// South (`true`) or North of the channel's game, or of the last game finished
    /// there (else user 1).
    Player(bool),
    /// Who may answer the channel's challenge: the challenged user, or for an open
    /// challenge the first user who is not the challenger (else user 2).
    Challenged,
}

/// How the text of a command is disguised.
#[derive(Clone, Debug)]
pub enum Style {
    /// As written.
    Plain,
    /// In capitals.
    Upper,
    /// Runs of spaces and tabs between the words.
    Spaced,
    /// Every ASCII character in its fullwidth form (NFKC reads them back).
    Fullwidth,
    /// Zero-width spaces and joiners after some characters.
    ZeroWidth(u8),
    /// One character inserted (`op` 0), deleted (1) or replaced (2) at `at` (modulo
    /// the length).
    Mutate {
        /// Where.
        at: u16,
        /// Insert, delete or replace.
        op: u8,
        /// The character inserted or put in place.
        ch: char,
    },
}

/// A command, before the interpreter writes it out.
#[derive(Clone, Debug)]
pub enum Cmd {
    /// `!sow` with the `i`-th legal move of the channel's game (modulo their number);
    /// `spell` picks a spelling (`!s`, upper case, `C1 +`).
    Legal {
        /// Which legal move.
        i: u16,
        /// How it is written.
        spell: u8,
    },
    /// `!sow TEXT`: a hole that may not exist or not be legal.
    Sow(String),
    /// `!new GAME [@opponent | ai [level N]] [as SIDE] [TIME]`, each part picked from a
    /// list of valid and invalid words (index 0 of each: left out).
    New {
        /// The game word.
        game: u8,
        /// The opponent: none, a user, the AI.
        opp: u8,
        /// The side.
        side: u8,
        /// The time per move.
        time: u8,
    },
    /// A command without arguments, or with a fixed one ([`SIMPLE`]).
    Simple(u8),
    /// `!rating [@user]`.
    Rating(u8),
    /// `!set WORDS` ([`SETS`]).
    Set(u8),
    /// `!tournament ...`.
    Tour(Tour),
    /// The prefix and then anything.
    Junk(String),
    /// Anything, no prefix added.
    Raw(String),
}

/// A `!tournament` subcommand; each `u8` picks from a list (0: left out).
#[derive(Clone, Debug)]
pub enum Tour {
    /// `new NAME GAME FORMAT [TIME]`.
    New {
        /// The name.
        name: u8,
        /// The game.
        game: u8,
        /// The format.
        format: u8,
        /// The time per move.
        time: u8,
    },
    /// `join|leave|start|pairings|standings|cancel|(list)|junk [NAME]`.
    Sub {
        /// The subcommand.
        sub: u8,
        /// The name.
        name: u8,
    },
    /// `withdraw @user [NAME]`.
    Withdraw {
        /// Whom.
        who: u8,
        /// The name.
        name: u8,
    },
}

/// One step of a case.
#[derive(Clone, Debug)]
pub enum Step {
    /// `who` sends `cmd` (disguised by `style`) in channel `chan` (the fixed channels,
    /// then the rooms found in the store, modulo their number).
    Say {
        /// The author.
        who: Who,
        /// The channel.
        chan: u8,
        /// The author may organize.
        organizer: bool,
        /// The command.
        cmd: Cmd,
        /// Its disguise.
        style: Style,
        /// A user mentioned by the transport but not in the text.
        extra_mention: Option<u8>,
    },
    /// The clock moves on by this many milliseconds.
    Advance(u64),
    /// The periodic driver runs: for every community, or only for `COMMUNITIES[i]`.
    Tick(Option<u8>),
}

pub(crate) const GAMES: [&str; 14] = [
    "",
    "katro",
    "katro:4x6",
    "katro:4x4",
    "hoyito",
    "hoyito match",
    "hoyito:2x12",
    "hoyito:2x7 match",
    "katro match",
    "katro:5x5",
    "hoyito:2x13",
    "KATRO:4X4",
    "ｈｏｙｉｔｏ",
    "chess",
];

pub(crate) const OPPONENTS: [&str; 14] = [
    "",
    "@alice",
    "@bob",
    "@carol",
    "@dave",
    "@ai1",
    "@alice2",
    "@eve",
    "@nobody",
    "ai",
    "ai level 1",
    "ai level 2",
    "ai level 9",
    "ai level",
];

pub(crate) const SIDES: [&str; 6] = ["", "as south", "as north", "as", "as east", "north"];

pub(crate) const TIMES: [&str; 12] = [
    "",
    "12h",
    "2d",
    "notime",
    "1h",
    "30d",
    "0h",
    "31d",
    "1.5d",
    "h",
    "99999999999999999999d",
    "1e3h",
];

pub(crate) const SIMPLE: [&str; 27] = [
    "accept",
    "decline",
    "rematch",
    "resign",
    "draw",
    "abort",
    "claim",
    "board",
    "moves",
    "history",
    "replay",
    "rules",
    "rules katro",
    "rules hoyito",
    "help",
    "mute",
    "unmute",
    "leaderboard",
    "top hoyito",
    "leaderboard chess",
    "s",
    "sow",
    "accept now",
    "tournament",
    "t",
    "new katro @alice @bob",
    "nosuchcommand",
];

pub(crate) const SETS: [&str; 6] = [
    "autoforfeit on",
    "autoforfeit off",
    "autoforfeit",
    "autoforfeit maybe",
    "colour blue",
    "",
];

pub(crate) const TOUR_NAMES: [&str; 9] = [
    "",
    "cup",
    "Cup",
    "spring-1",
    "a_b",
    "abcdefghijklmnopqrstuvwx",
    "abcdefghijklmnopqrstuvwxy",
    "kürbis",
    "c/d",
];

pub(crate) const FORMATS: [&str; 9] = [
    "",
    "roundrobin",
    "swiss 1",
    "swiss 3",
    "swiss 0",
    "swiss 99",
    "knockout",
    "league",
    "swiss",
];

pub(crate) const TOUR_SUBS: [&str; 8] = [
    "join",
    "leave",
    "start",
    "pairings",
    "standings",
    "cancel",
    "",
    "dance",
];

pub(crate) fn pick<'a>(list: &[&'a str], i: u8) -> &'a str {
    list[i as usize % list.len()]
}

pub(crate) fn who() -> impl Strategy<Value = Who> {
    prop_oneof![
        3 => (0u8..7).prop_map(Who::User),
        4 => Just(Who::ToMove),
        1 => any::<bool>().prop_map(Who::Player),
    ]
}

pub(crate) fn style() -> impl Strategy<Value = Style> {
    prop_oneof![
        12 => Just(Style::Plain),
        1 => Just(Style::Upper),
        1 => Just(Style::Spaced),
        1 => Just(Style::Fullwidth),
        1 => any::<u8>().prop_map(Style::ZeroWidth),
        2 => (any::<u16>(), 0u8..3, odd_char())
            .prop_map(|(at, op, ch)| Style::Mutate { at, op, ch }),
    ]
}

/// A character that is often trouble: the core's private markers, controls, bidi,
/// zero-width, fullwidth, combining, astral.
pub(crate) fn odd_char() -> impl Strategy<Value = char> {
    prop_oneof![
        Just('\u{E000}'),
        Just('\u{E001}'),
        Just('\u{E002}'),
        Just('\u{E003}'),
        Just('\u{202E}'),
        Just('\u{200B}'),
        Just('\u{FEFF}'),
        Just('\0'),
        Just('\n'),
        Just('`'),
        Just('@'),
        Just('！'),
        Just('\u{0301}'),
        Just('😀'),
        Just(' '),
        any::<char>(),
    ]
}

/// Text that is not a command, or barely: any Unicode, odd characters, long lines.
pub(crate) fn junk() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        vec(odd_char(), 0..12).prop_map(|v| v.into_iter().collect()),
        "[a-z ]{0,12}",
        (0usize..400).prop_map(|n| "x".repeat(n)),
        (280usize..320).prop_map(|n| format!("sow {}", "a".repeat(n))),
    ]
}

pub(crate) fn tour() -> impl Strategy<Value = Tour> {
    prop_oneof![
        1 => (0u8..9, 0u8..14, 0u8..9, 0u8..12).prop_map(|(name, game, format, time)| Tour::New {
            name,
            game,
            format,
            time
        }),
        3 => (0u8..8, 0u8..9).prop_map(|(sub, name)| Tour::Sub { sub, name }),
        1 => (0u8..14, 0u8..9).prop_map(|(who, name)| Tour::Withdraw { who, name }),
    ]
}

pub(crate) fn cmd() -> impl Strategy<Value = Cmd> {
    prop_oneof![
        30 => (any::<u16>(), any::<u8>()).prop_map(|(i, spell)| Cmd::Legal { i, spell }),
        3 => prop_oneof!["[a-p][0-9]{1,2}[+\\-^]?", "[A-Z0-9+\\- ]{0,6}", junk()]
            .prop_map(Cmd::Sow),
        8 => (0u8..14, 0u8..14, 0u8..6, 0u8..12)
            .prop_map(|(game, opp, side, time)| Cmd::New { game, opp, side, time }),
        14 => (0u8..27).prop_map(Cmd::Simple),
        1 => (0u8..14).prop_map(Cmd::Rating),
        1 => (0u8..6).prop_map(Cmd::Set),
        6 => tour().prop_map(Cmd::Tour),
        2 => junk().prop_map(Cmd::Junk),
        1 => junk().prop_map(Cmd::Raw),
    ]
}

/// Clock jumps: a second to three weeks, around the deadlines and reminders.
pub(crate) fn jump() -> impl Strategy<Value = u64> {
    const S: u64 = 1000;
    const H: u64 = 3600 * S;
    prop_oneof![
        Just(S),
        Just(60 * S),
        Just(H),
        Just(H / 10 + S),
        Just(23 * H),
        Just(24 * H + S),
        Just(71 * H),
        Just(72 * H + S),
        Just(7 * 24 * H),
        Just(14 * 24 * H),
        0..21 * 24 * H,
        // Beyond the year 9999, where dates can no longer be written.
        Just(1 << 58),
    ]
}

/// A `Say` step of the given parts, mostly undisguised.
pub(crate) fn say(
    who: impl Strategy<Value = Who>,
    chan: impl Strategy<Value = u8>,
    organizer: f64,
    cmd: impl Strategy<Value = Cmd>,
) -> impl Strategy<Value = Step> {
    let style = prop_oneof![6 => Just(Style::Plain), 1 => style()];
    (
        who,
        chan,
        prop::bool::weighted(organizer),
        cmd,
        style,
        prop::option::weighted(0.03, 0u8..8),
    )
        .prop_map(
            |(who, chan, organizer, cmd, style, extra_mention)| Step::Say {
                who,
                chan,
                organizer,
                cmd,
                style,
                extra_mention,
            },
        )
}

/// A channel: mostly one where a game is in play (selectors 4-7).
pub(crate) fn busy_channel() -> impl Strategy<Value = u8> {
    prop_oneof![4 => 4u8..8, 1 => 0u8..16]
}

pub(crate) fn step() -> impl Strategy<Value = Step> {
    let play = (any::<u16>(), any::<u8>()).prop_map(|(i, spell)| Cmd::Legal { i, spell });
    let mover = prop_oneof![9 => Just(Who::ToMove), 1 => who()];
    // Mostly valid challenges, so that games start.
    let new = (0u8..8, 0u8..12, 0u8..3, 0u8..6).prop_map(|(game, opp, side, time)| Cmd::New {
        game,
        opp,
        side,
        time,
    });
    let answer = prop_oneof![6 => Just(Cmd::Simple(0)), 1 => Just(Cmd::Simple(1))];
    let answerer = prop_oneof![3 => Just(Who::Challenged), 1 => who()];
    let end = (2u8..7).prop_map(Cmd::Simple);
    let player = prop_oneof![any::<bool>().prop_map(Who::Player), Just(Who::ToMove)];
    prop_oneof![
        40 => say(mover, busy_channel(), 0.1, play),
        7 => say(who(), 0u8..16, 0.1, new),
        7 => say(answerer, 0u8..16, 0.1, answer),
        2 => say(player, busy_channel(), 0.1, end),
        10 => say(who(), 0u8..16, 0.3, cmd()),
        7 => say(who(), 0u8..4, 0.6, valid_tour().prop_map(Cmd::Tour)),
        2 => jump().prop_map(Step::Advance),
        2 => prop::option::weighted(0.3, 0u8..2).prop_map(Step::Tick),
    ]
}

/// Mostly valid tournament commands: creation, many joins, starts.
pub(crate) fn valid_tour() -> impl Strategy<Value = Tour> {
    prop_oneof![
        4 => (1u8..5, 1u8..8, prop::sample::select(vec![1u8, 2, 3, 6]), 0u8..5)
            .prop_map(|(name, game, format, time)| Tour::New { name, game, format, time }),
        12 => Just(Tour::Sub { sub: 0, name: 0 }),
        4 => Just(Tour::Sub { sub: 2, name: 0 }),
        3 => prop::sample::select(vec![1u8, 3, 4]).prop_map(|sub| Tour::Sub { sub, name: 0 }),
        1 => Just(Tour::Sub { sub: 5, name: 0 }),
        2 => (0u8..8).prop_map(|who| Tour::Withdraw { who, name: 0 }),
    ]
}

/// A case: the settings' choice and the steps.
pub fn case(max_steps: usize) -> impl Strategy<Value = (u8, Vec<Step>)> {
    (any::<u8>(), vec(step(), 1..=max_steps))
}

/// `text` in the disguise `style`.
pub(crate) fn disguise(text: &str, style: &Style) -> String {
    match style {
        Style::Plain => text.to_string(),
        Style::Upper => text.to_uppercase(),
        Style::Spaced => text.split(' ').collect::<Vec<_>>().join(" \t  "),
        Style::Fullwidth => text
            .chars()
            .map(|c| match c {
                '!'..='~' => char::from_u32(c as u32 - 0x21 + 0xFF01).unwrap_or(c),
                ' ' => '\u{3000}',
                c => c,
            })
            .collect(),
        Style::ZeroWidth(seed) => text
            .chars()
            .enumerate()
            .flat_map(|(i, c)| {
                let extra = match (i + *seed as usize) % 5 {
                    0 => Some('\u{200B}'),
                    1 => Some('\u{200D}'),
                    _ => None,
                };
                std::iter::once(c).chain(extra)
            })
            .collect(),
        Style::Mutate { at, op, ch } => {
            let mut chars: Vec<char> = text.chars().collect();
            let i = *at as usize % (chars.len() + 1);
            match op {
                0 => chars.insert(i, *ch),
                1 if i < chars.len() => {
                    chars.remove(i);
                }
                _ if i < chars.len() => chars[i] = *ch,
                _ => chars.push(*ch),
            }
            chars.into_iter().collect()
        }
    }
}
