//! The bot under load (issue 16): the real core (sled store, real renderer, the AI's
//! pool) behind the real Discord transport (serenity + poise), against the strict fake
//! Discord on 127.0.0.1. 1,000 channels: 400 human games, 100 games against the AI, the
//! rest idle; commands arrive as gateway events at a steady rate (default 50 a second for
//! 60 s), mixed with tournament rounds starting every 15 s.
//!
//! Reports p50/p99/max reply latency of human `!sow` (event sent -> the reply's post
//! received by the fake) and of the AI's answers, the AI pool's queue, the process's
//! peak RSS, the fake's refusals, and checks that no move was lost or applied twice (each
//! game's stored moves against the moves sent). Targets: human `!sow` p99 under 100 ms
//! while the AI pool is saturated; RSS under 300 MB.
//!
//! `cargo bench --bench load` (release build). `LOAD_SECS`, `LOAD_RATE` change the run.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use mancala_bot::core::ai_pool::PoolSize;
use mancala_bot::core::api::{ChatCore, Incoming};
use mancala_bot::core::{Core, Settings, SystemClock};
use mancala_bot::model::{ChannelKey, User};
use mancala_bot::store::{SledStore, Status, Store};
use mancala_bot::transport::discord::rooms::DiscordRooms;
use mancala_bot::transport::discord::{self, CommandRegistration, DiscordOptions};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};

#[allow(dead_code, unused_imports)]
#[path = "../tests/discord/limits.rs"]
mod limits;

#[allow(dead_code)]
#[path = "../tests/discord/fake_discord.rs"]
mod fake_discord;

#[allow(dead_code)]
#[path = "../tests/discord/refusals.rs"]
mod refusals;

#[allow(dead_code)]
#[path = "../tests/discord/fake_tls.rs"]
mod fake_tls;

/// What `fake_discord` needs of the tests' fake core.
mod fake_core {
    pub const GUILD: &str = "900000000000000001";
}

use fake_core::GUILD;
use fake_discord::FakeDiscord;

const TOKEN: &str = "ODAwMDAwMDAwMDAwMDAwMDAx.Gfake0.l0ad-t0k3n-n0t-t0-b3-l0gg3d";
const HUMAN_GAMES: usize = 400;
const AI_GAMES: usize = 100;
const CHANNELS: usize = 1000;
const ORGANIZER_ROLE: u64 = 910_000_000_000_000_003;
const MESSAGE: &str = include_str!("../tests/data/discord/message_prefix.json");

fn channel_id(i: usize) -> String {
    format!("{}", 930_000_000_000_000_000u64 + i as u64)
}

fn channel(i: usize) -> ChannelKey {
    ChannelKey {
        community: GUILD.into(),
        channel: channel_id(i),
    }
}

fn user(i: usize, role: &str) -> User {
    let kind = ["south", "north", "visitor", "entrant", "organizer"]
        .iter()
        .position(|r| *r == role)
        .unwrap_or(9) as u64;
    User {
        id: format!("{}", 700_000_000_000_000_000u64 + i as u64 * 10 + kind),
        name: format!("{role}{i}"),
    }
}

/// The two players of human game `i` (South, North), and the human of AI game `i`.
fn players(i: usize) -> (User, User) {
    (user(i, "south"), user(i, "north"))
}

/// A MESSAGE_CREATE of `author` saying `content` in `channel`.
fn message(channel: &str, author: &User, content: &str, n: u64, organizer: bool) -> Value {
    let mut m: Value = serde_json::from_str(MESSAGE).unwrap();
    m["d"]["id"] = json!(format!("{}", 1_300_000_000_000_000_000u64 + n));
    m["d"]["channel_id"] = json!(channel);
    m["d"]["content"] = json!(content);
    m["d"]["author"]["id"] = json!(author.id);
    m["d"]["author"]["username"] = json!(author.name);
    m["d"]["author"]["global_name"] = json!(author.name);
    m["d"]["member"]["nick"] = json!(author.name);
    if organizer {
        m["d"]["member"]["roles"] = json!([ORGANIZER_ROLE.to_string()]);
    }
    m
}

fn say(core: &Core, at: &ChannelKey, who: &User, text: &str, mentions: &[User]) {
    let out = core.handle(&Incoming {
        at: at.clone(),
        author: who.clone(),
        text: text.into(),
        mentions: mentions.to_vec(),
        is_organizer: false,
        locale: None,
    });
    assert!(out.iter().all(|r| !r.is_error), "{text}: {out:?}");
}

/// The games: human games in channels 0..400 (Katro 6x6 and Hoyito alternately), games
/// against the AI (level 5, the human South) in 400..500.
fn set_up(core: &Core) {
    for i in 0..HUMAN_GAMES {
        let (s, n) = players(i);
        let game = if i % 2 == 0 { "katro" } else { "hoyito" };
        let text = format!("!new {game} @{} as south", n.name);
        say(core, &channel(i), &s, &text, std::slice::from_ref(&n));
        say(core, &channel(i), &n, "!accept", &[]);
    }
    for i in HUMAN_GAMES..HUMAN_GAMES + AI_GAMES {
        let (s, _) = players(i);
        say(core, &channel(i), &s, "!new katro ai level 5 as south", &[]);
    }
}

/// What the driver waits for in a channel.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Human,
    Ai,
}

/// One command sent and what became of it.
struct Sent {
    channel: String,
    kind: Kind,
    at: Instant,
}

/// The posts the fake received: channel -> (when, content).
type Posts = Arc<Mutex<HashMap<String, Vec<(Instant, String)>>>>;

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn peak_rss_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

/// The mover of the game in `at` and a legal move, if the game is in play.
fn next_move(core: &Core, at: &ChannelKey, i: usize) -> Option<(User, String)> {
    let pos = core.board(at)?;
    let mv = core.legal_moves(at).first()?.clone();
    let (s, n) = players(i);
    let who = match pos.to_move() {
        mancala_rules::Side::South => s,
        mancala_rules::Side::North => n,
    };
    Some((who, mv))
}

fn main() {
    // As the bot's binary does (src/main.rs).
    mancala_bot::sys::limit_malloc_arenas();
    let secs: u64 = std::env::var("LOAD_SECS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(60);
    let rate: u64 = std::env::var("LOAD_RATE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(50);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(run(secs, rate));
    rt.shutdown_timeout(Duration::from_secs(2));
}

async fn run(secs: u64, rate: u64) {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SledStore::open(&dir.path().join("store"), 32 << 20).unwrap());
    let searchers = 2;
    let core = Arc::new(Core::new(
        store.clone(),
        mancala_bot::render::Renderer::warmed(),
        Arc::new(SystemClock),
        Settings {
            ai_ms_per_move: 300,
            ai_pool: PoolSize {
                searchers,
                queue: 256,
            },
            ..Settings::default()
        },
    ));
    let t = Instant::now();
    set_up(&core);
    println!(
        "set up {HUMAN_GAMES} human games and {AI_GAMES} AI games in {:.1} s",
        t.elapsed().as_secs_f64()
    );
    let rooms = Arc::new(DiscordRooms::new());
    core.set_rooms(rooms.clone());

    let FakeDiscord {
        api_base,
        rest,
        events,
        mut identified,
        state,
    } = FakeDiscord::start().await;
    let opts = DiscordOptions {
        api_base: Some(api_base),
        register: CommandRegistration::Skip,
        organizer_role: Some(ORGANIZER_ROLE),
        rooms: Some(rooms),
        ..DiscordOptions::new(TOKEN)
    };
    tokio::spawn(discord::run(opts, core.clone()));
    tokio::time::timeout(Duration::from_secs(30), identified.recv())
        .await
        .expect("IDENTIFY");
    tokio::time::sleep(Duration::from_millis(500)).await;

    // Every post to a channel, as it arrives.
    let posts: Posts = Arc::default();
    {
        let posts = posts.clone();
        let mut rx = rest.rx;
        tokio::spawn(async move {
            while let Some(req) = rx.recv().await {
                let path = req.path.clone();
                let segs: Vec<&str> = path.trim_start_matches("/api/v10/").split('/').collect();
                if let ("POST", ["channels", ch, "messages"]) =
                    (req.method.as_str(), segs.as_slice())
                {
                    let content = req.payload()["content"].as_str().unwrap_or("").to_string();
                    posts
                        .lock()
                        .unwrap()
                        .entry(ch.to_string())
                        .or_default()
                        .push((Instant::now(), content));
                }
            }
        });
    }
    // The AI pool's queue, sampled.
    let queue: Arc<Mutex<Vec<usize>>> = Arc::default();
    let sampling = {
        let (core, queue) = (core.clone(), queue.clone());
        tokio::spawn(async move {
            loop {
                queue.lock().unwrap().push(core.ai_waiting());
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        })
    };

    let mut rng = StdRng::seed_from_u64(16);
    let mut sent: Vec<Sent> = Vec::new();
    let mut moves_sent = vec![0usize; HUMAN_GAMES + AI_GAMES];
    // Channel -> the time its last command was sent, while its answer is awaited.
    let mut in_flight: HashMap<String, (Instant, Kind)> = HashMap::new();
    let organizer = user(9999, "organizer");
    let mut n = 0u64;
    let mut tournaments = 0;
    let start = Instant::now();
    let mut tick = tokio::time::interval(Duration::from_micros(1_000_000 / rate));
    while start.elapsed() < Duration::from_secs(secs) {
        tick.tick().await;
        n += 1;
        // Answers that came in free their channels.
        {
            let posts = posts.lock().unwrap();
            in_flight.retain(|ch, (at, kind)| {
                !posts.get(ch).is_some_and(|p| {
                    p.iter().any(|(t, c)| {
                        *t >= *at && (*kind == Kind::Human || c.starts_with("mancala-bot (level"))
                    })
                })
            });
        }
        if start.elapsed() >= Duration::from_secs(15 * (tournaments + 1)) {
            tournaments += 1;
            let lobby = fake_discord::CHANNEL;
            let name = format!("load{tournaments}");
            let cmd = format!("!tournament new {name} katro:4x4 swiss 1");
            events
                .send(message(lobby, &organizer, &cmd, n, true))
                .unwrap();
            tokio::time::sleep(Duration::from_millis(50)).await;
            for p in 0..8 {
                n += 1;
                let who = user(5000 + p, "entrant");
                let cmd = format!("!tournament join {name}");
                events.send(message(lobby, &who, &cmd, n, false)).unwrap();
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
            n += 1;
            let cmd = format!("!tournament start {name}");
            events
                .send(message(lobby, &organizer, &cmd, n, true))
                .unwrap();
            continue;
        }
        let roll = rng.gen_range(0..100);
        let (i, kind) = if roll < 75 {
            (rng.gen_range(0..HUMAN_GAMES), Kind::Human)
        } else if roll < 95 {
            (rng.gen_range(HUMAN_GAMES..HUMAN_GAMES + AI_GAMES), Kind::Ai)
        } else {
            // A look at an idle channel's (empty) board.
            let i = rng.gen_range(HUMAN_GAMES + AI_GAMES..CHANNELS);
            let who = user(i, "visitor");
            events
                .send(message(&channel_id(i), &who, "!board", n, false))
                .unwrap();
            continue;
        };
        let ch = channel_id(i);
        if in_flight.contains_key(&ch) {
            continue;
        }
        let Some((who, mv)) = next_move(&core, &channel(i), i) else {
            continue;
        };
        if kind == Kind::Ai && who.name.starts_with("north") {
            continue; // the AI's own turn: its answer is still coming
        }
        events
            .send(message(&ch, &who, &format!("!sow {mv}"), n, false))
            .unwrap();
        let now = Instant::now();
        in_flight.insert(ch.clone(), (now, kind));
        moves_sent[i] += 1;
        sent.push(Sent {
            channel: ch,
            kind,
            at: now,
        });
    }
    println!(
        "sent {} moves ({} commands in all, {tournaments} tournaments) in {:.1} s",
        sent.len(),
        n,
        start.elapsed().as_secs_f64()
    );
    // Let the last answers arrive.
    let drain = Instant::now();
    while !in_flight.is_empty() && drain.elapsed() < Duration::from_secs(30) {
        tokio::time::sleep(Duration::from_millis(100)).await;
        let posts = posts.lock().unwrap();
        in_flight.retain(|ch, (at, kind)| {
            !posts.get(ch).is_some_and(|p| {
                p.iter().any(|(t, c)| {
                    *t >= *at && (*kind == Kind::Human || c.starts_with("mancala-bot (level"))
                })
            })
        });
    }
    sampling.abort();
    report(
        &core,
        &*store,
        &sent,
        &posts,
        &moves_sent,
        &queue,
        &state,
        searchers,
    );
}

#[allow(clippy::too_many_arguments)]
fn report(
    core: &Core,
    store: &dyn Store,
    sent: &[Sent],
    posts: &Posts,
    moves_sent: &[usize],
    queue: &Mutex<Vec<usize>>,
    state: &Mutex<fake_discord::State>,
    searchers: usize,
) {
    let posts = posts.lock().unwrap();
    let mut human = Vec::new();
    let mut ai = Vec::new();
    let mut unanswered = 0;
    for s in sent {
        let answer = posts.get(&s.channel).and_then(|p| {
            p.iter()
                .find(|(t, c)| {
                    *t >= s.at && (s.kind == Kind::Human || c.starts_with("mancala-bot (level"))
                })
                .map(|(t, _)| t.duration_since(s.at).as_secs_f64() * 1000.0)
        });
        match (answer, s.kind) {
            (Some(ms), Kind::Human) => human.push(ms),
            (Some(ms), Kind::Ai) => ai.push(ms),
            (None, _) => unanswered += 1,
        }
    }
    for (name, v) in [("human !sow", &mut human), ("AI answer", &mut ai)] {
        v.sort_by(f64::total_cmp);
        println!(
            "{name}: {} replies, p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
            v.len(),
            percentile(v, 0.5),
            percentile(v, 0.99),
            v.last().copied().unwrap_or(f64::NAN)
        );
    }
    let q = queue.lock().unwrap();
    let busy = q.iter().filter(|&&w| w > 0).count();
    println!(
        "AI pool ({searchers} searchers): queue max {}, mean {:.1}; games waiting in {:.0}% of samples",
        q.iter().max().copied().unwrap_or(0),
        q.iter().sum::<usize>() as f64 / q.len().max(1) as f64,
        100.0 * busy as f64 / q.len().max(1) as f64
    );
    println!("unanswered moves: {unanswered}");
    println!("peak RSS {:.0} MB", peak_rss_mb());
    let refusals = &state.lock().unwrap().refusals;
    let mut by_status: HashMap<u16, usize> = HashMap::new();
    for (_, status, _) in refusals {
        *by_status.entry(*status).or_default() += 1;
    }
    println!("fake Discord refusals by status: {by_status:?}");
    // Nothing lost or applied twice: each game's stored moves against the moves sent.
    let mut wrong = 0;
    for (i, &sent) in moves_sent.iter().enumerate() {
        let Ok(Some(st)) = store.load(&channel(i)) else {
            continue;
        };
        let r = &st.record;
        let moves = r.play().map_or(0, |p| p.game().moves().len());
        let ok = if i < HUMAN_GAMES {
            moves == sent
        } else {
            // The AI answers every human move (its last answer may be owed if the game ended).
            moves == 2 * sent || (r.status() != Status::Playing && moves + 1 >= 2 * sent)
        };
        if !ok {
            wrong += 1;
            println!("game {i}: {moves} moves stored, {sent} sent");
        }
    }
    println!("games whose stored moves differ from those sent: {wrong}");
    let _ = core;
}
