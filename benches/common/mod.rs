//! What the core and store benchmarks share: a painter that costs nothing, stores
//! filled with games in play, and timed `!sow`s of the player to move.

#![allow(dead_code)]

use std::time::{Duration, Instant};

use mancala_bot::core::api::{ChatCore, Incoming};
use mancala_bot::core::painter::{BoardInfo, Frame, Painter};
use mancala_bot::core::Core;
use mancala_bot::model::GameKind;
use mancala_bot::model::{ChannelKey, User};
use mancala_bot::store::{Challenge, Play, Record, Store, Write};
use mancala_rules::{Game, Position, Side, Trace, Variant};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A painter that costs nothing: the core's own cost.
pub struct NoPainter;

impl Painter for NoPainter {
    fn position(&self, _: &Position, _: &BoardInfo) -> Frame {
        Frame {
            png: vec![0; 64],
            alt: String::new(),
        }
    }
    fn move_frames(&self, t: &Trace, _: &BoardInfo) -> Vec<Frame> {
        (0..t.relays() + t.captures() + 1)
            .map(|_| Frame {
                png: vec![0; 64],
                alt: String::new(),
            })
            .collect()
    }
    fn contact_sheet(&self, _: &[Frame]) -> Frame {
        Frame {
            png: vec![0; 64],
            alt: String::new(),
        }
    }
    fn gif(&self, _: &[Frame]) -> Vec<u8> {
        Vec::new()
    }
}

pub fn user(n: &str) -> User {
    User {
        id: n.into(),
        name: n.into(),
    }
}

pub fn chan(i: usize) -> ChannelKey {
    ChannelKey {
        community: format!("guild-{}", i % 37),
        channel: format!("channel-{i}"),
    }
}

/// A record of a game in play with `plies` random legal moves.
pub fn record(store: &dyn Store, i: usize, plies: usize, rng: &mut StdRng) -> Record {
    let variant = if i.is_multiple_of(2) {
        Variant::KATRO
    } else {
        Variant::HOYITO
    };
    let mut game = Game::new(variant);
    for _ in 0..plies {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.gen_range(0..legal.len())];
        let mut next = game.clone();
        next.play(mv).unwrap();
        if next.outcome().is_over() {
            break;
        }
        game = next;
    }
    let mut r = Record::in_play(
        store.new_id(1_700_000_000_000).unwrap(),
        chan(i),
        GameKind::single(variant),
        user("south"),
        user("north"),
        Play::Game(game),
        None,
        1_700_000_000_000,
    );
    if let Some(t) = r.playing_mut() {
        t.challenge = Some(Challenge {
            challenger: user("south"),
            opponent: Some(user("north")),
            challenger_side: Some(Side::South),
            expires_ms: 1_700_086_400_000,
            move_time_ms: None,
            live: None,
            expiry_announced: false,
        });
    }
    r
}

pub fn fill(store: &dyn Store, n: usize, plies: usize) {
    let mut rng = StdRng::seed_from_u64(7);
    for i in 0..n {
        let r = record(store, i, plies, &mut rng);
        assert!(store.write(&r.at, None, Write::Put(&r)).unwrap());
    }
}

pub fn rss() -> (u64, u64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kb = |key: &str| {
        status
            .lines()
            .find(|l| l.starts_with(key))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse::<u64>().ok())
            .unwrap_or(0)
    };
    (kb("VmRSS:"), kb("VmHWM:"))
}

/// One `!sow` of the player to move in channel `i`: the message, untimed.
pub fn next_sow(core: &Core, i: usize, rng: &mut StdRng) -> Option<Incoming> {
    let at = chan(i);
    let legal = core.legal_moves(&at);
    if legal.is_empty() {
        return None;
    }
    let author = match core.board(&at)?.to_move() {
        Side::South => user("south"),
        Side::North => user("north"),
    };
    Some(Incoming {
        at,
        author,
        text: format!("!sow {}", legal[rng.gen_range(0..legal.len())]),
        mentions: Vec::new(),
        is_organizer: false,
        locale: None,
    })
}

/// Restarts a finished channel (untimed).
pub fn restart(core: &Core, i: usize) {
    let at = chan(i);
    let say = |who: &str, text: &str, mentions: Vec<User>| {
        core.handle(&Incoming {
            at: at.clone(),
            author: user(who),
            text: text.into(),
            mentions,
            is_organizer: false,
            locale: None,
        })
    };
    say("south", "!new katro @north as south", vec![user("north")]);
    say("north", "!accept", Vec::new());
}

/// Times `count` moves; with `kinds`, records for each whether its reply carried a
/// contact sheet (more frames than attachments) rather than every frame.
pub fn timed_sows(
    core: &Core,
    count: usize,
    rng: &mut StdRng,
    mut kinds: Option<&mut Vec<bool>>,
) -> Vec<Duration> {
    let mut times = Vec::with_capacity(count);
    let mut i = 0;
    while times.len() < count {
        i = (i + 1) % 1000;
        let Some(msg) = next_sow(core, i, rng) else {
            restart(core, i);
            continue;
        };
        let t = Instant::now();
        let replies = core.handle(&msg);
        times.push(t.elapsed());
        if let Some(kinds) = kinds.as_deref_mut() {
            let sheet = replies[0]
                .attachments
                .iter()
                .any(|a| a.filename == "frames.png");
            kinds.push(sheet);
        }
        assert!(!replies[0].is_error, "{}", replies[0].text());
    }
    times
}

pub fn report(name: &str, mut times: Vec<Duration>) {
    if times.is_empty() {
        println!("{name}: n=0");
        return;
    }
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
    println!(
        "{name}: n={} p50={:.2?} p90={:.2?} p99={:.2?} max={:.2?}",
        times.len(),
        at(0.5),
        at(0.9),
        at(0.99),
        at(1.0)
    );
}
