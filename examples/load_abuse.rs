//! What a few users can make the bot do (issue 33), bounded: the real core (sled store
//! in a temporary directory, the real renderer, the AI's pools) under 60 concurrent
//! `!replay` of a long move (20 channels, 3 users each) and 20 concurrent `!analyze` of
//! long finished games (20 users), while a human pair plays `!sow` in its own channel
//! and a player starts a game against the AI. Each refused request is retried once
//! after the wait its reply names (at most 10 s).
//!
//! Reports the process's peak RSS (VmHWM), human `!sow` latency p50/p99/max, the AI
//! game's refusals, and what became of the replays and analyses (served, refused busy,
//! refused by the budget). Targets: peak RSS under 512 MB, `!sow` p99 under 100 ms.
//!
//! `cargo run --release --example load_abuse` (about a minute). Not a test: it would
//! take too long in `cargo test`. On the 2-core development machine: peak RSS 276 MB,
//! `!sow` p50 4 ms, p99 24 ms; the same run before these limits: 4.4 GB, p99 553 ms,
//! max 2.6 s, the analyses holding the AI's searchers for 128 s.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use mancala_bot::core::api::{ChatCore, Incoming, Reply};
use mancala_bot::core::{Core, Settings, SystemClock};
use mancala_bot::model::{ChannelKey, GameKind};
use mancala_bot::store::{Play, Record, SledStore, Store, Verdict, Write};
use mancala_rules::{Game, Move, Position, Variant};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

#[path = "../benches/common/mod.rs"]
mod common;

use common::user;

const REPLAY_CHANNELS: usize = 20;
const REPLAYERS_PER_CHANNEL: usize = 3;
const ANALYSES: usize = 20;
const T0: u64 = 1_700_000_000_000;

fn chan(name: &str) -> ChannelKey {
    ChannelKey {
        community: "load".into(),
        channel: name.into(),
    }
}

fn say(core: &Core, at: &str, who: &str, text: &str) -> Vec<Reply> {
    let mentions = text
        .split_whitespace()
        .filter_map(|w| w.strip_prefix('@'))
        .map(user)
        .collect();
    core.handle(&Incoming {
        at: chan(at),
        author: user(who),
        text: text.into(),
        mentions,
        ..Incoming::default()
    })
}

/// The process's peak RSS (VmHWM), in MB.
fn peak_rss_mb() -> f64 {
    common::rss().1 as f64 / 1024.0
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// A random Katro 6x6 game from the start (seeded), until it ends or `max` moves; with
/// the move of most frames (relays and captures) seen among every legal move of every
/// position of it, and the position before that move.
fn random_game(seed: u64, max: usize) -> (Game, Option<(Position, Move, usize)>) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = Game::new(Variant::KATRO);
    let mut longest: Option<(Position, Move, usize)> = None;
    for _ in 0..max {
        let legal = game.legal_moves();
        let before = game.position();
        for &mv in &legal {
            let Ok(trace) = before.play_traced(mv) else {
                continue;
            };
            let frames = trace.relays() + trace.captures() + 1;
            if longest.as_ref().is_none_or(|l| frames > l.2) {
                longest = Some((before, mv, frames));
            }
        }
        let Some(&mv) = legal.choose(&mut rng) else {
            break;
        };
        if game.play(mv).is_err() || game.outcome().is_over() {
            break;
        }
    }
    (game, longest)
}

/// The longest move of many random games: (position before, move, frames).
fn long_move() -> (Position, Move, usize) {
    (0..300)
        .filter_map(|seed| random_game(seed, 400).1)
        .max_by_key(|l| l.2)
        .expect("some move")
}

/// The [`ANALYSES`] longest of many random games.
fn long_games() -> Vec<Game> {
    let mut games: Vec<Game> = (0..400)
        .map(|seed| random_game(10_000 + seed, 1000).0)
        .collect();
    games.sort_by_key(|g| std::cmp::Reverse(g.moves().len()));
    games.truncate(ANALYSES);
    games
}

/// Channels `replay-N` whose game's last move is the long move, and finished long games
/// in `review-N`.
fn set_up(store: &SledStore) -> usize {
    let (before, mv, frames) = long_move();
    for i in 0..REPLAY_CHANNELS {
        let at = chan(&format!("replay-{i}"));
        let mut game = Game::from_position(before);
        game.play(mv).expect("the long move");
        let r = Record::in_play(
            format!("r{i}"),
            at.clone(),
            GameKind::single(Variant::KATRO),
            user(&format!("south{i}")),
            user(&format!("north{i}")),
            Play::Game(game),
            None,
            T0,
        );
        assert!(store.write(&at, None, Write::Put(&r)).unwrap());
    }
    let mut plies = Vec::new();
    for (i, game) in long_games().into_iter().enumerate() {
        let at = chan(&format!("review-{i}"));
        plies.push(game.moves().len());
        let mut r = Record::in_play(
            format!("a{i}"),
            at.clone(),
            GameKind::single(Variant::KATRO),
            user(&format!("s{i}")),
            user(&format!("n{i}")),
            Play::Game(game),
            None,
            T0,
        );
        assert!(store.write(&at, None, Write::Put(&r)).unwrap());
        let v = store.load(&at).unwrap().unwrap().version;
        r.finish(Some(Verdict::DrawAgreed), r.updated_ms).unwrap();
        assert!(store.write(&at, Some(&v), Write::Finish(&r)).unwrap());
    }
    println!(
        "long move: {mv} with {frames} frames; analysed games: {} to {} plies",
        plies.iter().min().unwrap_or(&0),
        plies.iter().max().unwrap_or(&0)
    );
    frames
}

/// What became of the replays or the analyses.
#[derive(Default)]
struct Tally {
    served: AtomicUsize,
    busy: AtomicUsize,
    budget: AtomicUsize,
    other: AtomicUsize,
    slowest_ms: AtomicUsize,
}

impl Tally {
    fn print(&self, what: &str) {
        println!(
            "{what}: served {}, refused busy {}, refused by the budget {}, other errors {}; \
             slowest served {} ms",
            self.served.load(Ordering::SeqCst),
            self.busy.load(Ordering::SeqCst),
            self.budget.load(Ordering::SeqCst),
            self.other.load(Ordering::SeqCst),
            self.slowest_ms.load(Ordering::SeqCst),
        );
    }
}

/// The seconds named by a refusal's `Try again in N s.`, if any.
fn wait_of(text: &str) -> Option<u64> {
    let rest = text.split("Try again in ").nth(1)?;
    rest.split(' ').next()?.parse().ok()
}

/// Sends `text` as `who` in `at`; a refusal naming a wait is retried once after it
/// (at most 10 s).
fn client(core: &Core, at: &str, who: &str, text: &str, tally: &Tally) {
    for attempt in 0..2 {
        let started = Instant::now();
        let out = say(core, at, who, text);
        let took = started.elapsed().as_millis() as usize;
        let Some(first) = out.first() else {
            tally.other.fetch_add(1, Ordering::SeqCst);
            return;
        };
        let body = first.text();
        if !first.is_error {
            tally.served.fetch_add(1, Ordering::SeqCst);
            tally.slowest_ms.fetch_max(took, Ordering::SeqCst);
            return;
        }
        let counter = if body.contains("pictures lately") {
            &tally.budget
        } else if body.contains("busy") || body.contains("being analysed") {
            &tally.busy
        } else {
            tally.other.fetch_add(1, Ordering::SeqCst);
            eprintln!("{at} {who} {text}: {body}");
            return;
        };
        match wait_of(&body) {
            Some(secs) if attempt == 0 => {
                std::thread::sleep(Duration::from_secs(secs.min(10)));
            }
            _ => {
                counter.fetch_add(1, Ordering::SeqCst);
                return;
            }
        }
    }
}

/// A human game in `human`: alice and bob play random legal moves, one every 100 ms,
/// until `stop`; a finished game is followed by a new one. Each `!sow`'s time, ms.
fn human(core: &Core, stop: &AtomicBool) -> Vec<f64> {
    let mut rng = StdRng::seed_from_u64(7);
    let mut times = Vec::new();
    let mut south = true;
    let new_game = |core: &Core| {
        let out = say(core, "human", "alice", "!new katro @bob as south");
        assert!(!out[0].is_error, "{}", out[0].text());
        let out = say(core, "human", "bob", "!accept");
        assert!(!out[0].is_error, "{}", out[0].text());
    };
    new_game(core);
    while !stop.load(Ordering::SeqCst) {
        let legal = core.legal_moves(&chan("human"));
        let Some(mv) = legal.choose(&mut rng) else {
            new_game(core);
            south = true;
            continue;
        };
        let who = if south { "alice" } else { "bob" };
        let started = Instant::now();
        let out = say(core, "human", who, &format!("!sow {mv}"));
        times.push(started.elapsed().as_secs_f64() * 1000.0);
        assert!(!out[0].is_error, "{}", out[0].text());
        south = core
            .board(&chan("human"))
            .is_some_and(|p| p.to_move() == mancala_rules::Side::South);
        std::thread::sleep(Duration::from_millis(100));
    }
    times
}

/// A player of the AI in `vs-ai`: a new game, then moves, counting refusals.
fn ai_player(core: &Core, stop: &AtomicBool) -> (usize, usize) {
    let (mut played, mut refused) = (0, 0);
    let out = say(core, "vs-ai", "erin", "!new katro ai level 3 as south");
    if out.iter().any(|r| r.is_error) {
        refused += 1;
    }
    while !stop.load(Ordering::SeqCst) {
        let Some(mv) = core.legal_moves(&chan("vs-ai")).first().cloned() else {
            break;
        };
        let out = say(core, "vs-ai", "erin", &format!("!sow {mv}"));
        if out.iter().any(|r| r.is_error) {
            refused += 1;
        } else {
            played += 1;
        }
        std::thread::sleep(Duration::from_millis(500));
    }
    (played, refused)
}

fn main() {
    mancala_bot::sys::limit_malloc_arenas();
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SledStore::open(&dir.path().join("store"), 32 << 20).unwrap());
    let frames = set_up(&store);
    let settings = Settings {
        ai_ms_per_move: 300,
        ..Settings::default()
    };
    let core = Arc::new(Core::new(
        store.clone(),
        mancala_bot::render::Renderer::warmed(),
        Arc::new(SystemClock),
        settings,
    ));
    println!("start: peak RSS {:.0} MB", peak_rss_mb());
    let stop = Arc::new(AtomicBool::new(false));
    let sows = {
        let (core, stop) = (core.clone(), stop.clone());
        std::thread::spawn(move || human(&core, &stop))
    };
    let ai = {
        let (core, stop) = (core.clone(), stop.clone());
        std::thread::spawn(move || ai_player(&core, &stop))
    };
    // Let the human settle before the flood.
    std::thread::sleep(Duration::from_secs(2));
    let (replays, analyses) = (Arc::new(Tally::default()), Arc::new(Tally::default()));
    let clients = REPLAY_CHANNELS * REPLAYERS_PER_CHANNEL + ANALYSES;
    let go = Arc::new(Barrier::new(clients));
    let started = Instant::now();
    let mut threads = Vec::new();
    for i in 0..REPLAY_CHANNELS * REPLAYERS_PER_CHANNEL {
        let (core, go, tally) = (core.clone(), go.clone(), replays.clone());
        threads.push(std::thread::spawn(move || {
            go.wait();
            let at = format!("replay-{}", i % REPLAY_CHANNELS);
            client(&core, &at, &format!("viewer{i}"), "!replay", &tally);
        }));
    }
    for i in 0..ANALYSES {
        let (core, go, tally) = (core.clone(), go.clone(), analyses.clone());
        threads.push(std::thread::spawn(move || {
            go.wait();
            client(
                &core,
                &format!("review-{i}"),
                &format!("critic{i}"),
                "!analyze",
                &tally,
            );
        }));
    }
    for t in threads {
        t.join().unwrap();
    }
    let flood = started.elapsed();
    // The human plays on a little after the flood, then stops.
    std::thread::sleep(Duration::from_secs(1));
    stop.store(true, Ordering::SeqCst);
    let mut sows = sows.join().unwrap();
    let (ai_played, ai_refused) = ai.join().unwrap();
    sows.sort_by(f64::total_cmp);
    println!(
        "flood of {} replays of a {frames}-frame move and {ANALYSES} analyses: {:.1} s",
        REPLAY_CHANNELS * REPLAYERS_PER_CHANNEL,
        flood.as_secs_f64()
    );
    replays.print("replays");
    analyses.print("analyses");
    println!(
        "human !sow: {} moves, p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        sows.len(),
        percentile(&sows, 0.5),
        percentile(&sows, 0.99),
        sows.last().copied().unwrap_or(f64::NAN)
    );
    println!("AI game: {ai_played} moves answered, {ai_refused} refused");
    println!("peak RSS {:.0} MB", peak_rss_mb());
}
