//! Issue 33, as a property: whatever state commands can reach exports and imports back
//! to the same state, on every backend. Random command sequences through the core (new
//! games in console, Discord and Matrix shapes of channel and community, moves,
//! resignations, timeouts, tournaments whose games live in rooms of other communities,
//! odd names: control and invisible characters, 4-byte characters, the longest names
//! and ids), then `export`, `import` into an empty store of the same backend, and the
//! two stores compared: the same lines exported (every record and document), the same
//! wake index and the same last game of every channel. Importing the export one
//! community at a time (`import --community`) into one empty store gives the same store
//! too.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use mancala_bot::core::api::{ChatCore, Incoming, RoomSpec, Rooms};
use mancala_bot::core::{backup, Core, ManualClock, Settings};
use mancala_bot::model::{ChannelKey, User};
use mancala_bot::store::{MemoryStore, SledStore, Status, Store};
use mancala_rules::Side;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};

use crate::core_chat::FakePainter;
use crate::restore::export_text;

/// Rooms as a process with Discord and Matrix opens them: in a Matrix home (a `!` id),
/// a new room that is a community of its own (a fresh id each time, as a homeserver
/// gives); elsewhere a channel (a thread) of the home's community.
#[derive(Default)]
struct MixedRooms {
    opened: AtomicUsize,
}

impl Rooms for MixedRooms {
    fn open(&self, home: &ChannelKey, room: &RoomSpec) -> Result<ChannelKey, String> {
        let n = self.opened.fetch_add(1, Ordering::SeqCst);
        Ok(if home.community.starts_with('!') {
            let id = format!("!{}-{n}:example.org", room.name);
            ChannelKey {
                community: id.clone(),
                channel: id,
            }
        } else {
            ChannelKey {
                community: home.community.clone(),
                channel: format!("{}-{n}", room.name),
            }
        })
    }

    /// Closed an hour after the game ended, as Matrix rooms are (the pairings' `ended_ms`
    /// and `closed` are stored then).
    fn close_after_ms(&self) -> Option<u64> {
        Some(3_600_000)
    }
}

/// Places of every transport's shape.
fn places() -> Vec<ChannelKey> {
    let at = |c: &str, ch: &str| ChannelKey {
        community: c.into(),
        channel: ch.into(),
    };
    vec![
        at("console", "general"),
        at("console", "a/b%25 c"),
        // 64 characters, 253 bytes: the console's longest channel name.
        at("console", &format!("{}a", "𝕏".repeat(63))),
        at("111111111111111111", "222222222222222222"),
        at("111111111111111111", "333333333333333333"),
        at("dm", "555555555555555555"),
        at("!room:example.org", "!room:example.org"),
        at("!other:example.org", "!other:example.org"),
    ]
}

/// Users with odd ids and names, as transports pass them (the core cleans them).
fn users() -> Vec<User> {
    let u = |id: &str, name: &str| User {
        id: id.into(),
        name: name.into(),
    };
    vec![
        u("alice", "alice"),
        u("b\u{1}o\u{200b}b", "bo\u{7}b \u{202e}evil\u{200d}"),
        u(&"𝕏".repeat(64), &"𝕐".repeat(70)),
        u("@carol:example.org", "Carol @everyone `x`"),
        u("444444444444444444", "dave\nnewline"),
        u(&"é".repeat(130), "   "),
    ]
}

const GAMES: [&str; 5] = [
    "katro:4x4",
    "katro:4x4 lone",
    "hoyito:2x6",
    "hoyito:2x6 match",
    "katro",
];
const TIMES: [&str; 3] = ["", " 12h", " notime"];
/// Commands said in a place by one of its players (or anyone where none plays).
const WORDS: [&str; 11] = [
    "!draw",
    "!abort",
    "!claim",
    "!rematch",
    "!mute",
    "!unmute",
    "!decline",
    "!set autoforfeit on",
    "!set view north",
    "!tournament cancel",
    "!tournament withdraw @me",
];
const TOURNEY_NAMES: [&str; 3] = ["cup", "Spring_Cup-2", "xxxxxxxxxxxxxxxxxxxxxxxx"];
const FORMATS: [&str; 2] = ["roundrobin", "knockout"];
const LANGS: [&str; 3] = ["fr", "ru", "en"];

/// One step of a random session.
#[derive(Clone, Debug)]
enum Op {
    /// `by` challenges `to` in a place.
    Challenge {
        place: usize,
        by: usize,
        to: usize,
        game: usize,
        time: usize,
    },
    /// One of [`WORDS`] said in the `place`-th channel (fixed places, then every other
    /// channel with a record), by its South (`south`) or North player if it has a game,
    /// else by the `by`-th user.
    Word {
        place: usize,
        south: bool,
        by: usize,
        word: usize,
    },
    /// The challenged player of a place's open challenge accepts.
    Accept { place: usize },
    /// The player to move in the `game`-th game in play makes his `pick`-th legal move.
    Move { game: usize, pick: usize },
    /// The player to move in the `game`-th game in play resigns.
    Resign { game: usize },
    /// Both players of the `game`-th game in play say `!draw` (an offer, accepted).
    Draw { game: usize },
    /// A tournament created in a place, joined by some users, started.
    Tournament {
        home: usize,
        name: usize,
        game: usize,
        format: usize,
        players: usize,
    },
    /// `by` plays the AI at level 1 in a place.
    Ai {
        place: usize,
        by: usize,
        game: usize,
    },
    /// The clock moves forward, then the periodic driver runs.
    Wait { hours: u64 },
    /// An organizer sets a place's language.
    Language { place: usize, lang: usize },
}

fn op() -> impl Strategy<Value = Op> {
    let n = places().len();
    let u = users().len();
    prop_oneof![
        3 => (0..n, 0..u, 0..u, 0..GAMES.len(), 0..TIMES.len())
            .prop_map(|(place, by, to, game, time)| Op::Challenge { place, by, to, game, time }),
        3 => (0..16usize, any::<bool>(), 0..u, 0..WORDS.len())
            .prop_map(|(place, south, by, word)| Op::Word { place, south, by, word }),
        3 => (0..n).prop_map(|place| Op::Accept { place }),
        8 => (0..8usize, 0..16usize).prop_map(|(game, pick)| Op::Move { game, pick }),
        1 => (0..8usize).prop_map(|game| Op::Resign { game }),
        1 => (0..8usize).prop_map(|game| Op::Draw { game }),
        1 => (0..n, 0..TOURNEY_NAMES.len(), 0..GAMES.len(), 0..FORMATS.len(), 2..=4usize)
            .prop_map(|(home, name, game, format, players)| Op::Tournament {
                home, name, game, format, players,
            }),
        1 => (1..100u64).prop_map(|hours| Op::Wait { hours }),
        1 => (0..n, 0..u, 0..GAMES.len()).prop_map(|(place, by, game)| Op::Ai { place, by, game }),
        1 => (0..n, 0..LANGS.len()).prop_map(|(place, lang)| Op::Language { place, lang }),
    ]
}

/// A core over `store` with a manual clock and the mixed rooms.
fn core(store: Arc<dyn Store>) -> (Core, Arc<ManualClock>) {
    let clock = Arc::new(ManualClock::new(1_700_000_000_000));
    let core = Core::new(
        store,
        Arc::new(FakePainter::default()),
        clock.clone(),
        Settings::default(),
    );
    core.set_rooms(Arc::new(MixedRooms::default()));
    (core, clock)
}

fn say(core: &Core, at: &ChannelKey, author: &User, text: &str, mentions: Vec<User>) {
    core.handle(&Incoming {
        at: at.clone(),
        author: author.clone(),
        text: text.into(),
        mentions,
        is_organizer: true,
        locale: None,
    });
}

/// The games in play, in the store's order: (channel, the player to move).
fn in_play(store: &dyn Store) -> Vec<(ChannelKey, User)> {
    let mut out = Vec::new();
    store
        .for_each(&mut |r| {
            if r.status() == Status::Playing {
                if let Some(play) = r.play() {
                    let side: Side = play.game().position().to_move();
                    if let Some(u) = r.player(side) {
                        out.push((r.at.clone(), u.clone()));
                    }
                }
            }
            Ok(())
        })
        .unwrap();
    out
}

/// Runs `op` through the core.
fn apply(core: &Core, clock: &ManualClock, store: &dyn Store, op: &Op) {
    let (places, users) = (places(), users());
    match op {
        Op::Challenge {
            place,
            by,
            to,
            game,
            time,
        } => {
            let text = format!("!new {}{} @them", GAMES[*game], TIMES[*time]);
            say(
                core,
                &places[*place],
                &users[*by],
                &text,
                vec![users[*to].clone()],
            );
        }
        Op::Word {
            place,
            south,
            by,
            word,
        } => {
            let mut all = places.clone();
            store
                .for_each(&mut |r| {
                    if !all.contains(&r.at) {
                        all.push(r.at.clone());
                    }
                    Ok(())
                })
                .unwrap();
            let at = &all[place % all.len()];
            let side = if *south { Side::South } else { Side::North };
            let player = store
                .load(at)
                .unwrap()
                .and_then(|st| st.record.player(side).cloned());
            let who = player.unwrap_or_else(|| users[*by].clone());
            let mentions = if WORDS[*word].ends_with("@me") {
                vec![who.clone()]
            } else {
                Vec::new()
            };
            say(core, at, &who, WORDS[*word], mentions);
        }
        Op::Accept { place } => {
            let at = &places[*place];
            let Some(st) = store.load(at).unwrap() else {
                return;
            };
            if let Some(op) = st.record.challenge().and_then(|c| c.opponent.clone()) {
                say(core, at, &op, "!accept", Vec::new());
            }
        }
        Op::Move { game, pick } => {
            let games = in_play(store);
            if let Some((at, who)) = games.get(game % games.len().max(1)) {
                let moves = core.legal_moves(at);
                if let Some(mv) = moves.get(pick % moves.len().max(1)) {
                    say(core, at, who, &format!("!sow {mv}"), Vec::new());
                }
            }
        }
        Op::Draw { game } => {
            let games = in_play(store);
            if let Some((at, who)) = games.get(game % games.len().max(1)) {
                say(core, at, who, "!draw", Vec::new());
                let other = store.load(at).unwrap().and_then(|st| {
                    let r = st.record;
                    let players = [r.south().cloned(), r.north().cloned()];
                    players.into_iter().flatten().find(|u| u != who)
                });
                if let Some(other) = other {
                    say(core, at, &other, "!draw", Vec::new());
                }
            }
        }
        Op::Resign { game } => {
            let games = in_play(store);
            if let Some((at, who)) = games.get(game % games.len().max(1)) {
                say(core, at, who, "!resign", Vec::new());
            }
        }
        Op::Tournament {
            home,
            name,
            game,
            format,
            players,
        } => {
            let (at, name) = (&places[*home], TOURNEY_NAMES[*name]);
            let org = &users[0];
            let new = format!(
                "!tournament new {name} {} {}",
                GAMES[*game], FORMATS[*format]
            );
            say(core, at, org, &new, Vec::new());
            for u in users.iter().rev().take(*players) {
                say(core, at, u, &format!("!tournament join {name}"), Vec::new());
            }
            say(
                core,
                at,
                org,
                &format!("!tournament start {name}"),
                Vec::new(),
            );
        }
        Op::Ai { place, by, game } => {
            let text = format!("!new {} ai level 1", GAMES[*game]);
            say(core, &places[*place], &users[*by], &text, Vec::new());
        }
        Op::Wait { hours } => {
            clock.advance(Duration::from_secs(hours * 3600));
            core.tick();
        }
        Op::Language { place, lang } => {
            let text = format!("!set language {}", LANGS[*lang]);
            say(core, &places[*place], &users[0], &text, Vec::new());
        }
    }
}

/// A store's export, its wake index, and the last game of each channel.
type State = (String, Vec<ChannelKey>, Vec<(ChannelKey, Option<String>)>);

/// Everything of `store` the comparison covers: its export, its wake index, and the last
/// game of every channel that has a record.
fn state(store: &dyn Store) -> State {
    let mut channels = Vec::new();
    store
        .for_each(&mut |r| {
            channels.push(r.at.clone());
            Ok(())
        })
        .unwrap();
    channels.sort();
    channels.dedup();
    let last = channels
        .into_iter()
        .map(|at| {
            let id = store.last_finished(&at).unwrap().map(|r| r.id);
            (at, id)
        })
        .collect();
    (export_text(store), store.due(u64::MAX).unwrap(), last)
}

/// The property over stores `make` opens (each call a new, empty one).
fn property(
    make: &dyn Fn() -> Arc<dyn Store>,
    ops: &[Op],
    seen: &Seen,
) -> Result<(), TestCaseError> {
    let store = make();
    let (core, clock) = core(store.clone());
    for op in ops {
        apply(&core, &clock, &*store, op);
    }
    let before = state(&*store);
    seen.note(&before.0);
    let lines = backup::read(before.0.as_bytes())
        .map_err(|e| TestCaseError::fail(format!("the export is refused: {e}\n{}", before.0)))?;
    let copy = make();
    backup::import(&*copy, &lines).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(state(&*copy), before.clone());
    // One community at a time (`import --community`), into one store: the same store.
    let mut communities: Vec<String> = lines
        .entries
        .iter()
        .map(|(_, e)| match e {
            backup::Entry::Record(r) => r.at.community.clone(),
            backup::Entry::Document { key, .. } => key.community().to_string(),
        })
        .collect();
    communities.sort();
    communities.dedup();
    let parts = make();
    for c in &communities {
        let opts = backup::ReadOptions {
            community: Some(c),
            ..backup::ReadOptions::default()
        };
        let part = backup::read_with(before.0.as_bytes(), opts)
            .map_err(|e| TestCaseError::fail(format!("community {c}: {e}")))?;
        backup::import(&*parts, &part)
            .map_err(|e| TestCaseError::fail(format!("community {c}: {e}")))?;
    }
    prop_assert_eq!(state(&*parts), before);
    Ok(())
}

/// What the sessions of one run reached, so that a run that never reached the shapes
/// of issue 33 fails instead of passing for nothing.
#[derive(Default)]
struct Seen {
    /// Sessions whose export holds a game finished.
    finished: AtomicUsize,
    /// ... a tournament game in a Matrix room (a community of its own).
    matrix_room: AtomicUsize,
    /// ... a tournament game in a channel of its home community.
    thread_room: AtomicUsize,
    /// ... a record in the console's 253-byte channel.
    long_channel: AtomicUsize,
    /// ... a player whose name was cut to 64 characters.
    long_name: AtomicUsize,
    /// ... a draw agreed, a player's preferences, a Hoyito match, a room closed, a
    /// tournament over, a game won on time, a game against the AI.
    more: [AtomicUsize; 7],
}

impl Seen {
    fn note(&self, export: &str) {
        let count = |c: &AtomicUsize, yes: bool| {
            c.fetch_add(usize::from(yes), Ordering::Relaxed);
        };
        count(&self.finished, export.contains(r#""status":"finished""#));
        count(
            &self.matrix_room,
            export.contains(r#""community":"!tourney-"#),
        );
        count(
            &self.thread_room,
            export.contains(r#""community":"111111111111111111","channel":"tourney-"#)
                || export.contains(r#""community":"console","channel":"tourney-"#),
        );
        count(&self.long_channel, export.contains(&"𝕏".repeat(63)));
        count(
            &self.long_name,
            export.contains(&format!("{}…", "𝕐".repeat(63))),
        );
        let more = [
            r#""verdict":"draw_agreed""#,
            r#"{"doc":"player/"#,
            r#""match":true},"status":"playing""#,
            r#""closed":true"#,
            r#""phase":"finished""#,
            r#""verdict":{"timeout""#,
            r#""ai":{"#,
        ];
        for (c, m) in self.more.iter().zip(more) {
            count(c, export.contains(m));
        }
    }

    /// Fails unless every shape was reached, the rarer ones (`more`) only when `rare`
    /// (a run of enough sessions to reach them every time).
    #[track_caller]
    fn check(&self, rare: bool) {
        let all = [
            ("a finished game", &self.finished),
            ("a game in a Matrix room", &self.matrix_room),
            ("a game in a room of the home community", &self.thread_room),
            ("the longest console channel", &self.long_channel),
            ("a name cut to 64 characters", &self.long_name),
        ];
        for (what, n) in all {
            assert!(n.load(Ordering::Relaxed) > 0, "no session reached {what}");
        }
        let more: Vec<usize> = self
            .more
            .iter()
            .map(|n| n.load(Ordering::Relaxed))
            .collect();
        eprintln!("sessions reached {more:?}");
        assert!(
            !rare || more.iter().all(|&n| n > 0),
            "sessions reached {more:?}"
        );
    }
}

/// Runs the property for `cases` random sessions of up to 40 steps over `make`'s stores;
/// `rare`: enough of them to reach every shape [`Seen`] counts.
fn run_on(make: &dyn Fn() -> Arc<dyn Store>, cases: u32, rare: bool) {
    let mut runner = TestRunner::new(Config {
        cases,
        max_shrink_iters: 200,
        failure_persistence: None,
        ..Config::default()
    });
    let seen = Seen::default();
    runner
        .run(&prop::collection::vec(op(), 1..40), |ops| {
            property(make, &ops, &seen)
        })
        .unwrap();
    seen.check(rare);
}

#[test]
fn any_reachable_state_round_trips_in_memory() {
    run_on(&|| Arc::new(MemoryStore::new()), 1024, true);
}

#[test]
fn any_reachable_state_round_trips_in_sled() {
    let dir = tempfile::tempdir().unwrap();
    let n = AtomicUsize::new(0);
    let make = || -> Arc<dyn Store> {
        let i = n.fetch_add(1, Ordering::SeqCst);
        // A session opens at most three stores, one after the other (the original,
        // then two copies): the one three before is closed by now, and goes.
        if let Some(old) = i.checked_sub(3) {
            let _ = std::fs::remove_dir_all(dir.path().join(format!("s{old}")));
        }
        Arc::new(SledStore::open(&dir.path().join(format!("s{i}")), 1 << 20).unwrap())
    };
    run_on(&make, 256, true);
}

#[cfg(feature = "postgres")]
#[test]
fn any_reachable_state_round_trips_in_postgres() {
    use crate::contract::Postgres;
    // Fails (never skips) when MANCALA_REQUIRE_POSTGRES=1 and no database answers.
    let Some(_) = Postgres::fresh("restore_prop_probe") else {
        return;
    };
    let make = || -> Arc<dyn Store> {
        let pg = Postgres::fresh("restore_prop").expect("the database answered before");
        Arc::new(
            mancala_bot::store::PgStore::open(&pg.url, 4, Duration::from_secs(10))
                .expect("PostgreSQL opens"),
        )
    };
    run_on(&make, 96, false);
}
