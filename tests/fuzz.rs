//! Fuzzing the whole core (issue 12 item 7): a stateful property test that drives the
//! real [`Core`] over a [`MemoryStore`] with a [`ManualClock`], with random command
//! sequences from seven users in five channels of two communities, and checks the store
//! after every step.
//!
//! cargo-fuzz needs a nightly compiler, which the project's machines lack, so this is a
//! proptest: proptest generates a case (settings and a list of [`Step`]s), a
//! hand-written interpreter turns each step into a chat message over the current state
//! (a legal move is picked from [`ChatCore::legal_moves`], "the player to move" is
//! looked up), and on a failure proptest shrinks the list to a short sequence that
//! still fails, printed as Rust that can be pasted into a regression test.
//!
//! The steps: legal and illegal moves, junk and odd Unicode (fullwidth, zero-width,
//! bidi, the core's private markers, over-long lines), mentions, challenges and their
//! answers, `!rematch`, `!resign`, `!draw`, `!abort`, `!claim`, games against the AI at
//! level 1 under a tiny node budget, tournaments (`new`, `join`, `start`, `withdraw`,
//! `standings`, ... by organizers and not), `!set`, `!mute`, views, clock jumps of a
//! second to three weeks, and past the year 9999 (deadlines, reminders, expiries), and
//! the periodic driver ([`ChatCore::tick`], [`ChatCore::tick_where`] for one
//! community). Half the cases open tournament rooms through a transport's [`Rooms`]
//! that fails every third time and refuses one community.
//!
//! After every step ([`World::check`]):
//! - nothing panicked (proptest reports a panic as a failure);
//! - every stored record decodes, sits under its own key, has a status that agrees with
//!   its game, and replays by the rules from the start position of its variant to its
//!   stored position (a match through its earlier games, M1-M4), with the seeds
//!   conserved at every ply (K1: the board keeps its seeds; H1: board and stores hold 4
//!   per hole; M1-M2: board, stores and reserves);
//! - the wake index, the last finished game of each channel and the unsettled games
//!   agree with the records; every document is one `import` accepts
//!   (as `import` checks a document's line); finished games never change;
//! - a game's moves only grow, and each new move was made by the player to move: the
//!   author of the command, in its channel (one move), or the AI; the driver makes only
//!   the AI's moves;
//! - a command refused (every reply an error) or not addressed to the bot (no reply),
//!   and a clock jump, leave the store byte for byte unchanged
//!   ([`MemoryStore::snapshot`]);
//! - a command or a tick touches only its own community (records, documents, replies);
//! - an open challenge leaves its channel only by a command there;
//! - a finished game that counts is in its rating table's applied games (none pending),
//!   another is not; every tournament pairing agrees with its game (in play while
//!   open, finished with the pairing's result once decided);
//! - after a tick, nothing is left due in the communities it drove;
//! - records were created before they changed, and not after now;
//! - every reply renders ([`Reply::text`], segments, plain text), is not blank, fits in
//!   `max_reply_chars`, and a refusal pings no one and has no buttons.
//!
//! `cargo test --test fuzz` runs a short fuzz (`PROPTEST_CASES` cases, default 32);
//! the long run is
//! `FUZZ_COMMANDS=10000000 cargo test --release --test fuzz -- --ignored --nocapture`
//! (`FUZZ_THREADS` threads, default 1; `FUZZ_STEPS` steps per case at most, default
//! 1000), which prints the commands run and the rate as it goes. `FUZZ_TRACE=1` prints
//! every command with the first line of its answer. A failure is shrunk (proptest,
//! then [`minimize`]) and printed as the list of steps, to paste into a test.

#[path = "fuzz/config.rs"]
mod config;
#[path = "fuzz/import.rs"]
mod import;

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use mancala_bot::core::api::{ChatCore, Incoming, Reply, RoomSpec, Rooms};

/// The last time `import` takes (the end of the year 9999, UTC), in ms.
const LATEST_IMPORTABLE_MS: u64 = 253_402_300_799_999;

use mancala_bot::core::backup;
use mancala_bot::core::painter::BlankPainter;
use mancala_bot::core::ratings::{family, table_key, RatingTable};
use mancala_bot::core::tournament::{Phase, Res, Tournament};
use mancala_bot::core::{Clock, Core, ManualClock, Settings};
use mancala_bot::model::{ChannelKey, GameKind, User};
use mancala_bot::store::keys::DocKey;
use mancala_bot::store::{
    GameResult, MemorySnapshot, MemoryStore, Play, Record, Status, Verdict, FORMAT_VERSION,
};
use mancala_rules::{Game, Match, Position, Side, Variant};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestError, TestRunner};

// ---------------------------------------------------------------------------------
// The cast: users, channels, settings.

/// The users: (id, display name, handle written after `@`). Odd names on purpose: bidi
/// controls, backticks and `@everyone`, a user whose id is the AI's, two users with one
/// name.
const USERS: [(&str, &str, &str); 7] = [
    ("u-alice", "alice", "alice"),
    ("u-bob", "Bob", "bob"),
    ("u-carol", "Carol \u{202E}lorac", "carol"),
    ("u-dave", "`dave` @everyone", "dave"),
    ("ai:1", "mancala-bot (level 1, beginner)", "ai1"),
    ("u-alice2", "alice", "alice2"),
    ("u/eve%2F\u{E000}", "eve\u{E002}", "eve"),
];

/// The fixed channels: three in one community, one in another (named like a Matrix
/// room), and one named like a tournament room. Other tournament rooms are added as
/// they appear in the store.
const CHANNELS: [(&str, &str); 5] = [
    ("g1", "c1"),
    ("g1", "c2"),
    ("g1", "c3"),
    ("m:ex.org", "!c1:ex.org"),
    // Where a tournament `cup` plays its first board, once it starts.
    ("g1", "tourney-cup-r1-b1"),
];

const COMMUNITIES: [&str; 2] = ["g1", "m:ex.org"];

fn user(i: usize) -> User {
    let (id, name, _) = USERS[i % USERS.len()];
    User {
        id: id.into(),
        name: name.into(),
    }
}

/// The user `@handle` names: one of [`USERS`], else a stranger.
fn mentioned(handle: &str) -> User {
    match USERS.iter().find(|u| u.2 == handle) {
        Some(&(id, name, _)) => User {
            id: id.into(),
            name: name.into(),
        },
        None => User {
            id: format!("x-{handle}"),
            name: handle.into(),
        },
    }
}

fn fixed_channel(i: usize) -> ChannelKey {
    let (community, channel) = CHANNELS[i % CHANNELS.len()];
    ChannelKey {
        community: community.into(),
        channel: channel.into(),
    }
}

const PREFIXES: [&str; 4] = ["!", "!", "?", "mb!"];

/// The settings of a case: the AI at level 1 under a tiny node budget (no time limit,
/// so that it is fast and reproducible); the rest varied by `choice`.
fn settings(choice: u8) -> Settings {
    let c = choice as usize;
    let hour = Duration::from_secs(3600);
    Settings {
        prefix: PREFIXES[c % PREFIXES.len()].into(),
        default_game: [
            GameKind::single(Variant::KATRO),
            GameKind::single("katro:4x4".parse().unwrap()),
            GameKind::single(Variant::HOYITO),
            GameKind {
                variant: Variant::HOYITO,
                is_match: true,
            },
        ][(c / 4) % 4],
        challenge_expiry: [hour, 24 * hour][(c / 16) % 2],
        default_move_time: [Some(72 * hour), None, Some(hour)][(c / 32) % 3],
        reminders: [vec![24 * hour, hour], vec![], vec![hour / 10]][(c / 3) % 3].clone(),
        max_attachments: [10, 2][(c / 2) % 2],
        max_reply_chars: [1900, 200][(c / 5) % 2],
        max_command_chars: [300, 100][(c / 7) % 2],
        ai_level: 1,
        ai_ms_per_move: 0,
        ai_tt_mb: 1,
        ai_max_nodes: Some([40, 200][(c / 11) % 2]),
        ..Settings::default()
    }
}

// ---------------------------------------------------------------------------------
// Steps.

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

const GAMES: [&str; 14] = [
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

const OPPONENTS: [&str; 14] = [
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

const SIDES: [&str; 6] = ["", "as south", "as north", "as", "as east", "north"];

const TIMES: [&str; 12] = [
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

const SIMPLE: [&str; 27] = [
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

const SETS: [&str; 6] = [
    "autoforfeit on",
    "autoforfeit off",
    "autoforfeit",
    "autoforfeit maybe",
    "colour blue",
    "",
];

const TOUR_NAMES: [&str; 9] = [
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

const FORMATS: [&str; 9] = [
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

const TOUR_SUBS: [&str; 8] = [
    "join",
    "leave",
    "start",
    "pairings",
    "standings",
    "cancel",
    "",
    "dance",
];

fn pick<'a>(list: &[&'a str], i: u8) -> &'a str {
    list[i as usize % list.len()]
}

fn who() -> impl Strategy<Value = Who> {
    prop_oneof![
        3 => (0u8..7).prop_map(Who::User),
        4 => Just(Who::ToMove),
        1 => any::<bool>().prop_map(Who::Player),
    ]
}

fn style() -> impl Strategy<Value = Style> {
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
fn odd_char() -> impl Strategy<Value = char> {
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
fn junk() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        vec(odd_char(), 0..12).prop_map(|v| v.into_iter().collect()),
        "[a-z ]{0,12}",
        (0usize..400).prop_map(|n| "x".repeat(n)),
        (280usize..320).prop_map(|n| format!("sow {}", "a".repeat(n))),
    ]
}

fn tour() -> impl Strategy<Value = Tour> {
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

fn cmd() -> impl Strategy<Value = Cmd> {
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
fn jump() -> impl Strategy<Value = u64> {
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
fn say(
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
fn busy_channel() -> impl Strategy<Value = u8> {
    prop_oneof![4 => 4u8..8, 1 => 0u8..16]
}

fn step() -> impl Strategy<Value = Step> {
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
fn valid_tour() -> impl Strategy<Value = Tour> {
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

// ---------------------------------------------------------------------------------
// What the fuzz did, for the long run's report (is it reaching deep states?).

/// Counters over every case run in this process.
struct Stats {
    accepted: AtomicU64,
    refused: AtomicU64,
    silent: AtomicU64,
    human_moves: AtomicU64,
    ai_moves: AtomicU64,
    finished: AtomicU64,
    driver_replies: AtomicU64,
    tournament_games: AtomicU64,
}

static STATS: Stats = Stats {
    accepted: AtomicU64::new(0),
    refused: AtomicU64::new(0),
    silent: AtomicU64::new(0),
    human_moves: AtomicU64::new(0),
    ai_moves: AtomicU64::new(0),
    finished: AtomicU64::new(0),
    driver_replies: AtomicU64::new(0),
    tournament_games: AtomicU64::new(0),
};

fn bump(c: &AtomicU64, n: u64) {
    c.fetch_add(n, Ordering::Relaxed);
}

impl Stats {
    fn line(&self) -> String {
        let g = |c: &AtomicU64| c.load(Ordering::Relaxed);
        format!(
            "commands accepted {}, refused {}, unaddressed {}; moves by players {}, by the AI \
             {}; games finished {} (tournament games {}); driver replies {}",
            g(&self.accepted),
            g(&self.refused),
            g(&self.silent),
            g(&self.human_moves),
            g(&self.ai_moves),
            g(&self.finished),
            g(&self.tournament_games),
            g(&self.driver_replies),
        )
    }
}

// ---------------------------------------------------------------------------------
// Rooms as a transport opens them, unreliably.

/// Tournament rooms as Discord opens them (threads under the home channel), failing
/// every third time (a rate limit), and never in the Matrix-like community (as the
/// Matrix transport refuses tournaments).
#[derive(Default)]
struct FlakyRooms {
    calls: AtomicU64,
}

impl Rooms for FlakyRooms {
    fn open(&self, home: &ChannelKey, room: &RoomSpec) -> Result<ChannelKey, String> {
        if self.calls.fetch_add(1, Ordering::Relaxed) % 3 == 2 {
            return Err("rate limited".into());
        }
        Ok(ChannelKey {
            community: home.community.clone(),
            channel: format!("thread-{}", room.name),
        })
    }

    fn can_open(&self, home: &ChannelKey) -> Result<(), String> {
        if home.community.starts_with("m:") {
            return Err("tournaments are not available here".into());
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------
// What a record is, checked.

/// A checked record: what the step checks need of it.
#[derive(Clone, Debug)]
struct Summary {
    id: String,
    at: ChannelKey,
    status: Status,
    /// Every move of the game (a match: of all its games), with the side that made it.
    plies: Vec<(String, Side)>,
    south: Option<User>,
    north: Option<User>,
    ai: Option<Side>,
    /// The player to move, while the game is in play.
    to_move: Option<User>,
    /// Who challenged, whom, and when it expires, while the challenge is open.
    challenge: Option<(User, Option<User>, u64)>,
    /// The result, once over.
    result: Option<GameResult>,
    /// The game counts for the ratings: rated, a result, both sides moved.
    counts: bool,
    /// What is played.
    kind: GameKind,
    wake_ms: Option<u64>,
    /// Created and last changed, milliseconds since the Unix epoch.
    created_ms: u64,
    updated_ms: u64,
}

impl Summary {
    fn human(&self, side: Side) -> Option<&User> {
        if self.ai == Some(side) {
            return None;
        }
        match side {
            Side::South => self.south.as_ref(),
            Side::North => self.north.as_ref(),
        }
    }
}

/// The seeds of a variant's game in all (K1, H1).
fn total_seeds(v: Variant) -> u32 {
    if v.is_katro() {
        Position::new(v).board_total()
    } else {
        4 * v.holes() as u32
    }
}

/// The seeds of `pos` on the board and in the stores, plus `reserves` (M2).
fn seeds_of(pos: &Position, reserves: u32) -> u32 {
    let stores = if pos.variant().is_katro() {
        0
    } else {
        Side::ALL.iter().map(|&s| pos.store(s) as u32).sum()
    };
    pos.board_total() + stores + reserves
}

fn conserved(pos: &Position, reserves: u32, total: u32, ply: usize) -> Result<(), String> {
    let n = seeds_of(pos, reserves);
    if n != total {
        return Err(format!(
            "seeds not conserved after ply {ply}: {n}, not {total} (K1/H1/M2), at {pos}"
        ));
    }
    Ok(())
}

/// Replays a single game from its variant's start and compares; the plies.
fn replay_game(g: &Game, variant: Variant) -> Result<Vec<(String, Side)>, String> {
    if g.start() != Position::new(variant) {
        return Err(format!(
            "the game does not start from the start of {variant}: {}",
            g.start()
        ));
    }
    let total = total_seeds(variant);
    let mut replay = Game::from_position(g.start());
    let mut plies = Vec::new();
    conserved(&replay.position(), 0, total, 0)?;
    for (i, &mv) in g.moves().iter().enumerate() {
        let side = replay.position().to_move();
        replay
            .play(mv)
            .map_err(|e| format!("ply {} {mv} does not replay: {e}", i + 1))?;
        conserved(&replay.position(), 0, total, i + 1)?;
        plies.push((mv.to_string(), side));
    }
    if let mancala_rules::Outcome::Win {
        winner,
        reason: mancala_rules::EndReason::Resignation,
    } = g.outcome()
    {
        replay.resign(winner.other());
    }
    if replay.position() != g.position() || replay.outcome() != g.outcome() {
        return Err(format!(
            "the replay ends at {} ({:?}), the record at {} ({:?})",
            replay.position(),
            replay.outcome(),
            g.position(),
            g.outcome()
        ));
    }
    Ok(plies)
}

/// Replays a match from its start through its earlier games and its current game
/// (M1-M4) and compares; the plies.
fn replay_match(
    m: &Match,
    earlier: &[Vec<String>],
    variant: Variant,
) -> Result<Vec<(String, Side)>, String> {
    let total = total_seeds(variant);
    let mut replay = Match::new(variant).map_err(|e| e.to_string())?;
    let reserves = |m: &Match| Side::ALL.iter().map(|&s| m.reserve(s) as u32).sum::<u32>();
    let mut plies = Vec::new();
    for (k, moves) in earlier.iter().enumerate() {
        if replay.winner().is_some() {
            return Err(format!(
                "earlier game {} follows the end of the match",
                k + 1
            ));
        }
        for (i, mv) in moves.iter().enumerate() {
            let side = replay.game().position().to_move();
            let mm = replay
                .play_text(mv)
                .map_err(|e| format!("game {} ply {} {mv} does not replay: {e}", k + 1, i + 1))?;
            if mm.game_over.is_some() != (i + 1 == moves.len()) {
                return Err(format!(
                    "earlier game {} does not end at its last move ({} of {})",
                    k + 1,
                    i + 1,
                    moves.len()
                ));
            }
            conserved(
                &replay.game().position(),
                reserves(&replay),
                total,
                plies.len(),
            )?;
            plies.push((mv.clone(), side));
        }
    }
    if replay.winner().is_none() {
        if replay.game().start() != m.game().start() {
            return Err(format!(
                "the current game starts at {}, the replay at {} (M1-M3)",
                m.game().start(),
                replay.game().start()
            ));
        }
        for (i, &mv) in m.game().moves().iter().enumerate() {
            let side = replay.game().position().to_move();
            replay
                .play(mv)
                .map_err(|e| format!("current game ply {} {mv} does not replay: {e}", i + 1))?;
            conserved(
                &replay.game().position(),
                reserves(&replay),
                total,
                plies.len(),
            )?;
            plies.push((mv.to_string(), side));
        }
        if replay.winner().is_none() {
            if let Some(w) = m.winner() {
                replay.resign(w.other());
            }
        }
    }
    let same = replay.game().position() == m.game().position()
        && replay.game().moves() == m.game().moves()
        && replay.results() == m.results()
        && replay.winner() == m.winner()
        && replay.first() == m.first()
        && Side::ALL.iter().all(|&s| replay.reserve(s) == m.reserve(s));
    if !same {
        return Err(format!(
            "the match replays to {} (results {:?}, winner {:?}, reserves {:?}), the record \
             holds {} (results {:?}, winner {:?}, reserves {:?})",
            replay.game().position(),
            replay.results(),
            replay.winner(),
            Side::ALL.map(|s| replay.reserve(s)),
            m.game().position(),
            m.results(),
            m.winner(),
            Side::ALL.map(|s| m.reserve(s)),
        ));
    }
    Ok(plies)
}

/// Checks one stored record (see the module); its summary.
fn check_record(bytes: &[u8]) -> Result<Summary, String> {
    let r: Record = serde_json::from_slice(bytes).map_err(|e| format!("does not decode: {e}"))?;
    if r.format_version != FORMAT_VERSION {
        return Err(format!("format version {}", r.format_version));
    }
    // As `import` checks a record: its status agrees with its game.
    match (r.status, &r.play, r.result()) {
        (Status::Challenge, None, _) => {
            if r.challenge.is_none() {
                return Err("a challenge record without its challenge".into());
            }
        }
        (Status::Challenge, Some(_), _) => return Err("a challenge record holds a game".into()),
        (_, None, _) => return Err(format!("status {:?} but no game", r.status)),
        (Status::Playing, Some(_), None) | (Status::Finished, Some(_), Some(_)) => {}
        (Status::Playing, Some(_), Some(_)) => {
            return Err("status playing but the game is over".into())
        }
        (Status::Finished, Some(_), None) => {
            return Err("status finished but the game goes on".into())
        }
    }
    if r.verdict.is_some() && r.status != Status::Finished {
        return Err(format!("a verdict {:?} on a game not finished", r.verdict));
    }
    if r.verdict == Some(Verdict::Aborted) && r.rated {
        return Err("an aborted game is rated".into());
    }
    let mut plies = Vec::new();
    let mut to_move = None;
    if let Some(play) = &r.play {
        if r.south.is_none() || r.north.is_none() {
            return Err("a game without its two players".into());
        }
        if play.game().variant() != r.kind.variant {
            return Err(format!(
                "the game is on {}, the record says {}",
                play.game().variant(),
                r.kind
            ));
        }
        plies = match play {
            Play::Game(g) => {
                if r.kind.is_match || !r.earlier_games.is_empty() {
                    return Err("a single game recorded as a match".into());
                }
                replay_game(g, r.kind.variant)?
            }
            Play::Match(m) => {
                if !r.kind.is_match {
                    return Err("a match recorded as a single game".into());
                }
                replay_match(m, &r.earlier_games, r.kind.variant)?
            }
        };
        if r.status == Status::Playing {
            to_move = r.player(play.game().position().to_move()).cloned();
        }
    }
    if let Some(seat) = r.ai {
        if r.rated {
            return Err("a game against the AI is rated".into());
        }
        if r.play.is_some() && r.player(seat.side) != Some(&seat.user()) {
            return Err("the AI's seat holds someone else".into());
        }
    }
    Ok(Summary {
        id: r.id.clone(),
        at: r.at.clone(),
        status: r.status,
        plies,
        south: r.south.clone(),
        north: r.north.clone(),
        ai: r.ai.map(|a| a.side),
        to_move,
        challenge: r
            .challenge
            .as_ref()
            .filter(|_| r.status == Status::Challenge)
            .map(|c| (c.challenger.clone(), c.opponent.clone(), c.expires_ms)),
        wake_ms: r.wake_ms(),
        created_ms: r.created_ms,
        updated_ms: r.updated_ms,
        result: r.result(),
        counts: r.rated
            && r.result().is_some_and(|x| x != GameResult::NoResult)
            && r.both_sides_moved(),
        kind: r.kind,
    })
}

// ---------------------------------------------------------------------------------
// The world of one case.

/// A key of the store's record tables, for the cache of checked records.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum RecKey {
    Channel(ChannelKey),
    History(String),
}

/// What a step is, for the checks of what it may change.
enum Actor<'a> {
    /// A command by `author` in `at`.
    Command {
        author: &'a User,
        at: &'a ChannelKey,
    },
    /// The driver, for the communities in the list (all: `None`).
    Driver(Option<&'a str>),
    /// The clock.
    Clock,
}

/// The core under test, its store and clock, and what has been checked.
pub struct World {
    core: Core,
    store: Arc<MemoryStore>,
    clock: Arc<ManualClock>,
    prefix: String,
    snap: MemorySnapshot,
    /// The records already checked, by key: their bytes and summary.
    checked: HashMap<RecKey, (Vec<u8>, Summary)>,
    /// The documents already checked: their bytes.
    checked_docs: HashMap<String, Vec<u8>>,
    /// Commands and ticks run.
    pub steps: u64,
}

fn community_of_doc(key: &str) -> Result<String, String> {
    DocKey::parse(key).map(|k| k.community().to_string())
}

impl World {
    /// A fresh core over an empty store, with the settings of `choice`.
    pub fn new(choice: u8) -> World {
        let store = Arc::new(MemoryStore::new());
        let clock = Arc::new(ManualClock::new(1_700_000_000_000));
        let settings = settings(choice);
        let prefix = settings.prefix.clone();
        // The core's pictures are not under test here: they cost nothing.
        let mut core = Core::new(
            store.clone(),
            Arc::new(BlankPainter),
            clock.clone(),
            settings,
        );
        // Half the cases open tournament rooms through a transport's (flaky) rooms.
        if choice % 2 == 1 {
            core.set_rooms(Arc::new(FlakyRooms::default()));
        }
        // A reproducible coin, so that a failing case replays (and shrinks) exactly.
        let coin = AtomicU64::new(0x9E37_79B9_7F4A_7C15 ^ u64::from(choice));
        core.set_coin(move || {
            let mut x = coin.load(Ordering::Relaxed);
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            coin.store(x, Ordering::Relaxed);
            if x & 1 == 0 {
                Side::South
            } else {
                Side::North
            }
        });
        World {
            core,
            store,
            clock,
            prefix,
            snap: MemorySnapshot::default(),
            checked: HashMap::new(),
            checked_docs: HashMap::new(),
            steps: 0,
        }
    }

    /// The channels: the fixed ones, then every other one the store knows (tournament
    /// rooms), in key order.
    fn channels(&self) -> Vec<ChannelKey> {
        let mut out: Vec<ChannelKey> = (0..CHANNELS.len()).map(fixed_channel).collect();
        for k in self.snap.channels.keys().chain(self.snap.last.keys()) {
            if !out.contains(k) {
                out.push(k.clone());
            }
        }
        out
    }

    /// The channel a step names: 0-3 the fixed ones; 4-7 one where a game is in play
    /// (else where a record is, else a fixed one); then any known channel.
    fn channel(&self, selector: u8) -> ChannelKey {
        let i = selector as usize;
        if i < 4 {
            return fixed_channel(i);
        }
        if i < 8 {
            let busy: Vec<&ChannelKey> = self
                .snap
                .channels
                .keys()
                .filter(|k| {
                    self.checked
                        .get(&RecKey::Channel((*k).clone()))
                        .is_some_and(|(_, s)| s.status == Status::Playing)
                })
                .collect();
            let some: Vec<&ChannelKey> = self.snap.channels.keys().collect();
            let pool = if busy.is_empty() { some } else { busy };
            return match pool.len() {
                0 => fixed_channel(i),
                n => pool[i % n].clone(),
            };
        }
        let all = self.channels();
        all[i % all.len()].clone()
    }

    /// The summary of the channel's record, else of its last finished game.
    fn shown(&self, at: &ChannelKey) -> Option<&Summary> {
        let key = match self.snap.channels.get(at) {
            Some(_) => RecKey::Channel(at.clone()),
            None => RecKey::History(self.snap.last.get(at)?.clone()),
        };
        self.checked.get(&key).map(|(_, s)| s)
    }

    fn author(&self, who: &Who, at: &ChannelKey) -> User {
        match who {
            Who::User(i) => user(*i as usize),
            Who::ToMove => self
                .shown(at)
                .and_then(|s| s.to_move.clone())
                .unwrap_or_else(|| user(0)),
            Who::Player(south) => self
                .shown(at)
                .and_then(|s| {
                    if *south {
                        s.south.clone()
                    } else {
                        s.north.clone()
                    }
                })
                .unwrap_or_else(|| user(1)),
            Who::Challenged => match self.shown(at).and_then(|s| s.challenge.clone()) {
                Some((_, Some(op), _)) => op,
                Some((challenger, None, _)) => (0..USERS.len())
                    .map(user)
                    .find(|u| u.id != challenger.id)
                    .unwrap_or_else(|| user(2)),
                None => user(2),
            },
        }
    }

    /// The text of `cmd` in `at`, before its disguise.
    fn text(&self, cmd: &Cmd, at: &ChannelKey) -> String {
        let p = &self.prefix;
        let join = |words: &[&str]| {
            words
                .iter()
                .filter(|w| !w.is_empty())
                .copied()
                .collect::<Vec<_>>()
                .join(" ")
        };
        match cmd {
            Cmd::Legal { i, spell } => {
                let moves = self.core.legal_moves(at);
                let mv = if moves.is_empty() {
                    "c1+".to_string()
                } else {
                    moves[*i as usize % moves.len()].clone()
                };
                match spell % 6 {
                    0..=2 => format!("{p}sow {mv}"),
                    3 => format!("{p}s {}", mv.to_uppercase()),
                    4 => {
                        let (hole, dir) = mv.split_at(mv.len().min(2));
                        format!("{p}sow {} {dir}", hole.to_uppercase())
                    }
                    _ => format!("{p}sow {}", mv.trim_end_matches('+')),
                }
            }
            Cmd::Sow(s) => format!("{p}sow {s}"),
            Cmd::New {
                game,
                opp,
                side,
                time,
            } => format!(
                "{p}{}",
                join(&[
                    "new",
                    pick(&GAMES, *game),
                    pick(&OPPONENTS, *opp),
                    pick(&SIDES, *side),
                    pick(&TIMES, *time)
                ])
            ),
            Cmd::Simple(i) => format!("{p}{}", pick(&SIMPLE, *i)),
            Cmd::Rating(i) => format!("{p}{}", join(&["rating", pick(&OPPONENTS, *i)])),
            Cmd::Set(i) => format!("{p}{}", join(&["set", pick(&SETS, *i)])),
            Cmd::Tour(t) => {
                let words = match t {
                    Tour::New {
                        name,
                        game,
                        format,
                        time,
                    } => join(&[
                        "new",
                        pick(&TOUR_NAMES, *name),
                        pick(&GAMES, *game),
                        pick(&FORMATS, *format),
                        pick(&TIMES, *time),
                    ]),
                    Tour::Sub { sub, name } => {
                        join(&[pick(&TOUR_SUBS, *sub), pick(&TOUR_NAMES, *name)])
                    }
                    Tour::Withdraw { who, name } => {
                        join(&["withdraw", pick(&OPPONENTS, *who), pick(&TOUR_NAMES, *name)])
                    }
                };
                format!("{p}{}", join(&["tournament", &words]))
            }
            Cmd::Junk(s) => format!("{p}{s}"),
            Cmd::Raw(s) => s.clone(),
        }
    }

    /// Runs one step and checks the store after it.
    ///
    /// # Errors
    /// What went wrong, with the step.
    pub fn step(&mut self, step: &Step) -> Result<(), String> {
        self.steps += 1;
        match step {
            Step::Say {
                who,
                chan,
                organizer,
                cmd,
                style,
                extra_mention,
            } => {
                let at = self.channel(*chan);
                let author = self.author(who, &at);
                let text = disguise(&self.text(cmd, &at), style);
                let mut mentions: Vec<User> = text
                    .split_whitespace()
                    .filter_map(|w| w.strip_prefix('@'))
                    .map(mentioned)
                    .collect();
                mentions.extend(extra_mention.map(|i| user(i as usize)));
                let msg = Incoming {
                    at: at.clone(),
                    author: author.clone(),
                    text: text.clone(),
                    mentions,
                    is_organizer: *organizer,
                    locale: None,
                };
                let replies = self.core.handle(&msg);
                // What the console shows after each command (no panic).
                let _ = self.core.board_status(&at);
                let refused = replies.iter().all(|r| r.is_error);
                if std::env::var_os("FUZZ_TRACE").is_some() {
                    let first = replies.first().map(|r| r.text()).unwrap_or_default();
                    let first = first.lines().next().unwrap_or("");
                    eprintln!(
                        "{} {text:?} -> {}{first}",
                        author.id,
                        if refused { "ERR " } else { "" }
                    );
                }
                bump(
                    match (replies.is_empty(), refused) {
                        (true, _) => &STATS.silent,
                        (false, true) => &STATS.refused,
                        (false, false) => &STATS.accepted,
                    },
                    1,
                );
                let routed: Vec<(ChannelKey, Reply)> = replies
                    .into_iter()
                    .map(|r| (r.to.clone().unwrap_or_else(|| at.clone()), r))
                    .collect();
                // The author as the core reads him (ids without the core's markers).
                let seen = msg.sanitized().author;
                self.check(
                    Actor::Command {
                        author: &seen,
                        at: &at,
                    },
                    refused,
                    &routed,
                )
                .map_err(|e| format!("{e}\n  after {author:?} said {text:?} in {at:?}"))
            }
            Step::Advance(ms) => {
                // Far jumps stop short of the end of time (the clock would wrap).
                if self.clock.now_ms() < 1 << 61 {
                    self.clock.advance(Duration::from_millis(*ms));
                }
                self.check(Actor::Clock, true, &[])
            }
            Step::Tick(only) => {
                let only = only.map(|i| COMMUNITIES[i as usize % COMMUNITIES.len()]);
                let out = match only {
                    None => self.core.tick(),
                    Some(c) => self.core.tick_where(&|k: &str| k == c),
                };
                bump(&STATS.driver_replies, out.len() as u64);
                self.check(Actor::Driver(only), false, &out)
                    .map_err(|e| format!("{e}\n  after a tick for {only:?}"))
            }
        }
    }

    /// The checks after a step (see the module). `unchanged`: the step must not have
    /// changed the store.
    fn check(
        &mut self,
        actor: Actor<'_>,
        unchanged: bool,
        replies: &[(ChannelKey, Reply)],
    ) -> Result<(), String> {
        let now = self.clock.now_ms();
        let max = self.core.settings().max_reply_chars.max(8);
        for (_, r) in replies {
            // What every transport does with a reply: no panic.
            let _ = r.body.segments();
            let _ = r.body.plain(now);
            if r.text().chars().count() > max {
                return Err(format!(
                    "a reply of {} characters, more than {max}: {:?}",
                    r.text().chars().count(),
                    r.text()
                ));
            }
            if r.body.is_blank() && r.attachments.is_empty() {
                return Err("a blank reply".into());
            }
            if r.is_error && (!r.mentions.is_empty() || !r.buttons.is_empty()) {
                return Err(format!(
                    "a refusal that pings or has buttons: {:?}",
                    r.text()
                ));
            }
        }
        let after = self.store.snapshot();
        let before = std::mem::replace(&mut self.snap, after);
        let (before, after) = (&before, &self.snap);
        if unchanged && before != after {
            return Err(format!(
                "a refused command, an unaddressed message or a clock jump changed the \
                 store: {:?}",
                before.differences(after)
            ));
        }
        // Whose community the step may touch.
        let owns = |community: &str| match &actor {
            Actor::Command { at, .. } => community == at.community,
            Actor::Driver(Some(c)) => community == *c,
            Actor::Driver(None) | Actor::Clock => true,
        };
        for (to, _) in replies {
            if !owns(&to.community) {
                return Err(format!(
                    "a reply goes to {to:?}, outside the step's community"
                ));
            }
        }
        for d in before.differences(after) {
            let community = d.split_whitespace().nth(1).unwrap_or("");
            let community = if d.starts_with("doc ") {
                community_of_doc(community)?
            } else {
                community.split('/').next().unwrap_or("").to_string()
            };
            if !d.starts_with("next_id") && !d.starts_with("history") && !owns(&community) {
                return Err(format!("{d}: outside the step's community"));
            }
        }
        // The summaries of the channel records the step changed or removed, as they were.
        let old: HashMap<ChannelKey, Summary> = before
            .channels
            .keys()
            .filter(|k| before.channels.get(*k) != after.channels.get(*k))
            .filter_map(|k| {
                let (_, s) = self.checked.get(&RecKey::Channel(k.clone()))?;
                Some((k.clone(), s.clone()))
            })
            .collect();
        // Finished games never change nor go.
        for (id, bytes) in &before.history {
            if after.history.get(id) != Some(bytes) {
                return Err(format!("the finished game {id} changed or went"));
            }
        }
        // Every record, checked once per version.
        for (k, bytes) in &after.channels {
            let key = RecKey::Channel(k.clone());
            if self.checked.get(&key).is_none_or(|(b, _)| b != bytes) {
                let s = check_record(bytes).map_err(|e| format!("channel {k:?}: {e}"))?;
                if &s.at != k || s.status == Status::Finished {
                    return Err(format!(
                        "channel {k:?} holds a record of {:?}, status {:?}",
                        s.at, s.status
                    ));
                }
                self.checked.insert(key.clone(), (bytes.clone(), s));
            }
            let wake = self.checked[&key].1.wake_ms;
            if after.wake.get(k).copied() != wake {
                return Err(format!(
                    "the wake index of {k:?} is {:?}, the record says {wake:?}",
                    after.wake.get(k)
                ));
            }
        }
        self.checked.retain(|k, _| match k {
            RecKey::Channel(c) => after.channels.contains_key(c),
            RecKey::History(id) => after.history.contains_key(id),
        });
        for k in after.wake.keys() {
            if !after.channels.contains_key(k) {
                return Err(format!("the wake index names {k:?}, which holds no record"));
            }
        }
        for (id, bytes) in &after.history {
            if let std::collections::hash_map::Entry::Vacant(e) =
                self.checked.entry(RecKey::History(id.clone()))
            {
                let s = check_record(bytes).map_err(|e| format!("finished game {id}: {e}"))?;
                if &s.id != id || s.status != Status::Finished {
                    return Err(format!(
                        "history {id} holds {} with status {:?}",
                        s.id, s.status
                    ));
                }
                e.insert((bytes.clone(), s));
            }
        }
        for (at, id) in &after.last {
            match self.checked.get(&RecKey::History(id.clone())) {
                Some((_, s)) if &s.at == at => {}
                _ => return Err(format!("the last game of {at:?} is {id}, not there")),
            }
        }
        for (k, (_, s)) in &self.checked {
            if s.created_ms > s.updated_ms || s.updated_ms > now {
                return Err(format!(
                    "{k:?} was created at {}, changed at {}, now is {now}",
                    s.created_ms, s.updated_ms
                ));
            }
        }
        // The driver leaves nothing due in the communities it drove.
        if let Actor::Driver(only) = &actor {
            let due: Vec<&ChannelKey> = after
                .wake
                .iter()
                .filter(|(k, &ms)| ms <= now && only.is_none_or(|c| k.community == c))
                .map(|(k, _)| k)
                .collect();
            if !due.is_empty() {
                return Err(format!("still due after the tick: {due:?}"));
            }
        }
        if !after.unsettled.is_empty() {
            return Err(format!(
                "games left unsettled after the step: {:?}",
                after.unsettled
            ));
        }
        for (k, bytes) in &after.docs {
            if self.checked_docs.get(k) != Some(bytes) {
                let value: serde_json::Value = serde_json::from_slice(bytes)
                    .map_err(|e| format!("document {k} is not JSON: {e}"))?;
                // Past the year 9999 (the far clock jump) a document's times cannot be
                // imported any more (import refuses them, by design); the store must
                // still read and replay, which the other checks cover.
                if self.clock.now_ms() <= LATEST_IMPORTABLE_MS {
                    backup::check_stored_document(k, &value)
                        .map_err(|e| format!("document {k}: {e}"))?;
                }
                self.checked_docs.insert(k.clone(), bytes.clone());
            }
        }
        self.checked_docs.retain(|k, _| after.docs.contains_key(k));
        for id in after
            .history
            .keys()
            .filter(|id| !before.history.contains_key(*id))
        {
            let s = &self.checked[&RecKey::History(id.clone())].1;
            bump(&STATS.finished, 1);
            if s.at.channel.starts_with("tourney-") || s.at.channel.starts_with("thread-") {
                bump(&STATS.tournament_games, 1);
            }
            if !owns(&s.at.community) {
                return Err(format!(
                    "game {id} of {:?} finished, outside the step's community",
                    s.at
                ));
            }
        }
        self.check_moves(&actor, before, &old)?;
        self.check_aftermath(before)?;
        self.check_tournaments()
    }

    /// Every game finished in the step has had its consequences: a game that counts is
    /// in its rating table's applied games (and none is pending), no other is; a
    /// tournament game's result is in its pairing.
    fn check_aftermath(&self, before: &MemorySnapshot) -> Result<(), String> {
        let after = &self.snap;
        for id in after
            .history
            .keys()
            .filter(|id| !before.history.contains_key(*id))
        {
            let s = &self.checked[&RecKey::History(id.clone())].1;
            let key = table_key(&s.at.community, family(s.kind)).to_string();
            let table: RatingTable = match after.docs.get(&key) {
                Some(b) => serde_json::from_slice(b).map_err(|e| format!("{key}: {e}"))?,
                None => RatingTable::default(),
            };
            if !table.pending.is_empty() {
                return Err(format!("{key} keeps pending history entries"));
            }
            if table.applied.contains(id) != s.counts {
                return Err(format!(
                    "game {id} (counts for the ratings: {}) is {}in the applied games of {key}",
                    s.counts,
                    if s.counts { "not " } else { "" }
                ));
            }
        }
        Ok(())
    }

    /// Every tournament's pairings agree with the games: an open pairing's game is in
    /// play in its room while the tournament runs; a decided pairing's game is finished
    /// with that result.
    fn check_tournaments(&self) -> Result<(), String> {
        let after = &self.snap;
        for (key, bytes) in after.docs.range("tour/".to_string().."tour0".to_string()) {
            let Some(t): Option<Tournament> =
                serde_json::from_slice(bytes).map_err(|e| format!("{key}: {e}"))?
            else {
                continue;
            };
            let mut ids = std::collections::HashSet::new();
            if !t.entrants.iter().all(|e| ids.insert(&e.user.id)) {
                return Err(format!("{key}: an entrant twice"));
            }
            for round in &t.rounds {
                for p in &round.pairings {
                    let n = t.entrants.len();
                    if p.south >= n || p.north.is_some_and(|x| x >= n || x == p.south) {
                        return Err(format!(
                            "{key}: round {} board {} pairs {} and {:?} of {n}",
                            round.number, p.board, p.south, p.north
                        ));
                    }
                    let (Some(id), Some(room)) = (&p.game_id, &p.room) else {
                        continue;
                    };
                    let live = self
                        .checked
                        .get(&RecKey::Channel(room.clone()))
                        .is_some_and(|(_, s)| &s.id == id && s.status == Status::Playing);
                    let done = self
                        .checked
                        .get(&RecKey::History(id.clone()))
                        .map(|(_, s)| s);
                    match p.result {
                        None if t.phase == Phase::Running && !live => {
                            return Err(format!(
                                "{key}: round {} board {} is open but its game {id} is not in \
                                 play in {room:?} (finished: {:?})",
                                round.number,
                                p.board,
                                done.map(|s| s.result)
                            ))
                        }
                        Some(res) => {
                            let want = match res {
                                Res::South => GameResult::Win(Side::South),
                                Res::North => GameResult::Win(Side::North),
                                Res::Draw => GameResult::Draw,
                            };
                            if done.and_then(|s| s.result) != Some(want) {
                                return Err(format!(
                                    "{key}: round {} board {} says {res:?}, its game {id} \
                                     {:?}",
                                    round.number,
                                    p.board,
                                    done.map(|s| s.result)
                                ));
                            }
                        }
                        None => {}
                    }
                }
            }
        }
        Ok(())
    }

    /// Games keep their moves, and every new move was made by the player to move: the
    /// author of the command, in its channel, once; or the AI. `old` holds the
    /// summaries of the channel records the step changed or removed, as they were.
    fn check_moves(
        &self,
        actor: &Actor<'_>,
        before: &MemorySnapshot,
        old: &HashMap<ChannelKey, Summary>,
    ) -> Result<(), String> {
        let after = &self.snap;
        for (k, s) in old {
            if s.status == Status::Challenge {
                // An open challenge leaves its channel only by a command there
                // (accepted, declined, withdrawn); an expired one may be replaced.
                let here = matches!(actor, Actor::Command { at, .. } if *at == k);
                let expired = s
                    .challenge
                    .as_ref()
                    .is_some_and(|c| self.clock.now_ms() >= c.2);
                let same = self
                    .checked
                    .get(&RecKey::Channel(k.clone()))
                    .is_some_and(|(_, n)| n.id == s.id);
                if !here && !same && !expired {
                    return Err(format!(
                        "the challenge {} in {k:?} was replaced or removed from elsewhere",
                        s.id
                    ));
                }
                continue;
            }
            // The game must still be there, in its channel or finished.
            let Some(now) = self.game_by_id(&s.id, k) else {
                return Err(format!("the game {} in {k:?} vanished", s.id));
            };
            Self::check_new_plies(actor, &s.plies, now)?;
        }
        let was = |at: &ChannelKey, id: &str| old.get(at).is_some_and(|o| o.id == id);
        // New games: created this step (and perhaps finished in it too).
        for (k, bytes) in &after.channels {
            if before.channels.get(k) == Some(bytes) {
                continue;
            }
            let s = &self.checked[&RecKey::Channel(k.clone())].1;
            if !was(k, &s.id) {
                Self::check_new_plies(actor, &[], s)?;
            }
        }
        for id in after.history.keys() {
            if before.history.contains_key(id) {
                continue;
            }
            let s = &self.checked[&RecKey::History(id.clone())].1;
            if !was(&s.at, &s.id) {
                Self::check_new_plies(actor, &[], s)?;
            }
        }
        Ok(())
    }

    /// The game `id` after the step: in the channel `at`, else in the history.
    fn game_by_id(&self, id: &str, at: &ChannelKey) -> Option<&Summary> {
        match self.checked.get(&RecKey::Channel(at.clone())) {
            Some((_, s)) if s.id == id => Some(s),
            _ => self
                .checked
                .get(&RecKey::History(id.into()))
                .map(|(_, s)| s),
        }
    }

    /// The plies of `now` extend `old`; the new ones were made by the AI, or (the first
    /// one only) by the author of the command in its channel.
    fn check_new_plies(
        actor: &Actor<'_>,
        old: &[(String, Side)],
        now: &Summary,
    ) -> Result<(), String> {
        if now.plies.len() < old.len() || now.plies[..old.len()] != *old {
            return Err(format!(
                "the moves of game {} changed: {:?} became {:?}",
                now.id, old, now.plies
            ));
        }
        for (i, (mv, side)) in now.plies[old.len()..].iter().enumerate() {
            if now.ai == Some(*side) {
                bump(&STATS.ai_moves, 1);
                continue;
            }
            bump(&STATS.human_moves, 1);
            let ok = match actor {
                Actor::Command { author, at } => {
                    i == 0 && *at == &now.at && now.human(*side).is_some_and(|u| u.id == author.id)
                }
                _ => false,
            };
            if !ok {
                return Err(format!(
                    "game {} in {:?}: {mv} was played for {side} ({:?}), who did not send \
                     it",
                    now.id,
                    now.at,
                    now.human(*side)
                ));
            }
        }
        Ok(())
    }
}

/// `text` in the disguise `style`.
fn disguise(text: &str, style: &Style) -> String {
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

/// A failed case: the step (from 1) whose checks failed, and why.
#[derive(Debug)]
pub struct Failure {
    /// The step, from 1.
    pub step: usize,
    /// What was wrong.
    pub why: String,
}

/// Runs a case: a fresh world, every step checked.
///
/// # Errors
/// The first failed check, naming the step; a panic of the core is one too.
pub fn run_case(choice: u8, steps: &[Step], counter: &AtomicU64) -> Result<(), Failure> {
    let mut world = World::new(choice);
    for (n, step) in steps.iter().enumerate() {
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| world.step(step)))
            .unwrap_or_else(|p| {
                let what = p
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                Err(format!("panic: {what}"))
            });
        counter.fetch_add(1, Ordering::Relaxed);
        r.map_err(|why| Failure {
            step: n + 1,
            why: format!("step {} ({step:?}): {why}", n + 1),
        })?;
    }
    Ok(())
}

/// A shorter list of steps that still fails (delta debugging: the steps after the
/// failing one dropped, then runs of steps removed while a failure remains), with its
/// failure; at most `budget` runs.
pub fn minimize(choice: u8, mut steps: Vec<Step>, mut budget: usize) -> (Vec<Step>, Failure) {
    let none = AtomicU64::new(0);
    let mut failure = match run_case(choice, &steps, &none) {
        Err(f) => f,
        Ok(()) => {
            return (
                steps,
                Failure {
                    step: 0,
                    why: "the case did not fail again".into(),
                },
            )
        }
    };
    steps.truncate(failure.step);
    let mut chunk = steps.len().div_ceil(2).max(1);
    while budget > 0 {
        let mut i = 0;
        let mut progress = false;
        while i < steps.len() && budget > 0 {
            budget -= 1;
            let mut shorter = steps.clone();
            shorter.drain(i..(i + chunk).min(steps.len()));
            match run_case(choice, &shorter, &none) {
                Err(f) => {
                    shorter.truncate(f.step);
                    steps = shorter;
                    failure = f;
                    progress = true;
                }
                Ok(()) => i += chunk,
            }
        }
        if !progress {
            if chunk == 1 {
                break;
            }
            chunk = chunk.div_ceil(2);
        }
    }
    (steps, failure)
}

/// Runs `cases` cases of at most `max_steps` steps with proptest; a failure is shrunk
/// (by proptest, then [`minimize`]) and reported as a panic naming the steps.
fn fuzz(cases: u32, max_steps: usize, counter: &AtomicU64) {
    let config = Config {
        cases,
        failure_persistence: None,
        max_shrink_iters: 256,
        ..Config::default()
    };
    let mut runner = TestRunner::new(config);
    let result = runner.run(&case(max_steps), |(choice, steps)| {
        run_case(choice, &steps, counter).map_err(|f| TestCaseError::fail(f.why))
    });
    match result {
        Ok(()) => {}
        Err(TestError::Fail(why, (choice, steps))) => {
            eprintln!("fuzz failure: {why}\nminimizing {} steps", steps.len());
            let (steps, failure) = minimize(choice, steps, 3000);
            panic!(
                "fuzz failure: {}\nminimal case: settings {choice}, {} steps:\n{steps:#?}",
                failure.why,
                steps.len()
            )
        }
        Err(e) => panic!("fuzz aborted: {e}"),
    }
}

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name)
        .ok()
        .and_then(|v| v.replace('_', "").parse().ok())
}

/// The short fuzz of `cargo test`: `PROPTEST_CASES` cases (default 32) of up to 200
/// steps, a few seconds.
#[test]
fn fuzz_core_short() {
    let cases = env_number("PROPTEST_CASES").unwrap_or(32) as u32;
    fuzz(cases, 200, &AtomicU64::new(0));
}

/// The long fuzz: `FUZZ_COMMANDS` steps in all (default 100,000), in cases of up to
/// `FUZZ_STEPS` steps (default 1000), on `FUZZ_THREADS` threads (default 1); prints the
/// steps run and the rate every ten seconds and at the end.
#[test]
#[ignore = "long: FUZZ_COMMANDS=10000000 cargo test --release --test fuzz -- --ignored"]
fn fuzz_core_long() {
    let total = env_number("FUZZ_COMMANDS").unwrap_or(100_000);
    let max_steps = env_number("FUZZ_STEPS").unwrap_or(1000).max(1) as usize;
    let threads = env_number("FUZZ_THREADS").unwrap_or(1).max(1);
    // Cases average half the maximum length.
    let cases = (total * 2 / max_steps as u64 / threads).max(1) as u32;
    let counter = AtomicU64::new(0);
    let start = Instant::now();
    let done = std::sync::atomic::AtomicBool::new(false);
    let report = |n: u64| {
        let s = start.elapsed().as_secs_f64();
        eprintln!(
            "fuzz: {n} steps in {s:.0} s, {:.0} steps/s; {}",
            n as f64 / s.max(1e-9),
            STATS.line()
        );
    };
    std::thread::scope(|scope| {
        scope.spawn(|| {
            let mut last = Instant::now();
            while !done.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(200));
                if last.elapsed() >= Duration::from_secs(10) {
                    last = Instant::now();
                    report(counter.load(Ordering::Relaxed));
                }
            }
        });
        let workers: Vec<_> = (0..threads)
            .map(|_| scope.spawn(|| fuzz(cases, max_steps, &counter)))
            .collect();
        let results: Vec<_> = workers.into_iter().map(|w| w.join()).collect();
        done.store(true, Ordering::Relaxed);
        for r in results {
            if let Err(e) = r {
                std::panic::resume_unwind(e);
            }
        }
    });
    report(counter.load(Ordering::Relaxed));
}
