//! The world of one case of the core fuzz: the core under test over its store and clock,
//! tournament rooms opened as a transport opens them (unreliably), and each step run.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use mancala_bot::core::api::{ChatCore, Incoming, Reply, RoomSpec, Rooms};
use mancala_bot::core::painter::BlankPainter;
use mancala_bot::core::{Clock, Core, ManualClock};
use mancala_bot::model::{ChannelKey, User};
use mancala_bot::store::keys::DocKey;
use mancala_bot::store::{MemorySnapshot, MemoryStore, Status};
use mancala_rules::Side;

use super::cast::{fixed_channel, mentioned, settings, user, CHANNELS, COMMUNITIES, USERS};
use super::replay::Summary;
use super::stats::{bump, STATS};
use super::steps::{
    disguise, pick, Cmd, Step, Tour, Who, FORMATS, GAMES, OPPONENTS, SETS, SIDES, SIMPLE, TIMES,
    TOUR_NAMES, TOUR_SUBS,
};

/// Tournament rooms as Discord opens them (threads under the home channel), failing
/// every third time (a rate limit), and never in the Matrix-like community (as the
/// Matrix transport refuses tournaments).
#[derive(Default)]
pub(crate) struct FlakyRooms {
    pub(crate) calls: AtomicU64,
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

/// A key of the store's record tables, for the cache of checked records.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum RecKey {
    Channel(ChannelKey),
    History(String),
}

/// What a step is, for the checks of what it may change.
pub(crate) enum Actor<'a> {
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
    pub(crate) core: Core,
    pub(crate) store: Arc<MemoryStore>,
    pub(crate) clock: Arc<ManualClock>,
    pub(crate) prefix: String,
    pub(crate) snap: MemorySnapshot,
    /// The records already checked, by key: their bytes and summary.
    pub(crate) checked: HashMap<RecKey, (Vec<u8>, Summary)>,
    /// The documents already checked: their bytes.
    pub(crate) checked_docs: HashMap<String, Vec<u8>>,
    /// Commands and ticks run.
    pub steps: u64,
}

pub(crate) fn community_of_doc(key: &str) -> Result<String, String> {
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
    pub(crate) fn channels(&self) -> Vec<ChannelKey> {
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
    pub(crate) fn channel(&self, selector: u8) -> ChannelKey {
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
    pub(crate) fn shown(&self, at: &ChannelKey) -> Option<&Summary> {
        let key = match self.snap.channels.get(at) {
            Some(_) => RecKey::Channel(at.clone()),
            None => RecKey::History(self.snap.last.get(at)?.clone()),
        };
        self.checked.get(&key).map(|(_, s)| s)
    }

    pub(crate) fn author(&self, who: &Who, at: &ChannelKey) -> User {
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
    pub(crate) fn text(&self, cmd: &Cmd, at: &ChannelKey) -> String {
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
}
