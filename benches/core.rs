//! `!sow` handled end to end in the core (parse, store read, rules, store write with
//! flush, reply with frames) with 1,000 active channels in the store; and the RSS of a
//! store holding 10,000 games. Targets (issue 4): p99 <= 30 ms, RSS <= 100 MB.
//!
//! Prints percentiles first (criterion reports means only), then runs criterion.

use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::Criterion;
use mancala_bot::core::api::{ChatCore, Incoming};
use mancala_bot::core::painter::{BoardInfo, Frame, Painter};
use mancala_bot::core::{Core, Settings, SystemClock};
use mancala_bot::model::GameKind;
use mancala_bot::model::{ChannelKey, User};
use mancala_bot::render::Renderer;
use mancala_bot::store::{
    Challenge, Play, Record, SledStore, Status, Store, Write, FORMAT_VERSION,
};
use mancala_rules::{Game, Position, Side, Trace, Variant};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A painter that costs nothing: the core's own cost.
struct NoPainter;

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

fn user(n: &str) -> User {
    User {
        id: n.into(),
        name: n.into(),
    }
}

fn chan(i: usize) -> ChannelKey {
    ChannelKey {
        community: format!("guild-{}", i % 37),
        channel: format!("channel-{i}"),
    }
}

/// A record of a game in play with `plies` random legal moves.
fn record(store: &dyn Store, i: usize, plies: usize, rng: &mut StdRng) -> Record {
    let variant = if i % 2 == 0 {
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
    Record {
        format_version: FORMAT_VERSION,
        id: store.new_id(1_700_000_000_000).unwrap(),
        at: chan(i),
        kind: GameKind::single(variant),
        status: Status::Playing,
        challenge: Some(Challenge {
            challenger: user("south"),
            opponent: Some(user("north")),
            challenger_side: Some(Side::South),
            expires_ms: 1_700_086_400_000,
            move_time_ms: None,
            expiry_announced: false,
        }),
        south: Some(user("south")),
        north: Some(user("north")),
        play: Some(Play::Game(game)),
        earlier_games: Vec::new(),
        timing: None,
        rated: true,
        verdict: None,
        draw_offer: None,
        tournament: None,
        ai: None,
        created_ms: 1_700_000_000_000,
        updated_ms: 1_700_000_000_000,
    }
}

fn fill(store: &dyn Store, n: usize, plies: usize) {
    let mut rng = StdRng::seed_from_u64(7);
    for i in 0..n {
        let r = record(store, i, plies, &mut rng);
        assert!(store.write(&r.at, None, Write::Put(&r)).unwrap());
    }
}

fn rss() -> (u64, u64) {
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
fn next_sow(core: &Core, i: usize, rng: &mut StdRng) -> Option<Incoming> {
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
    })
}

/// Restarts a finished channel (untimed).
fn restart(core: &Core, i: usize) {
    let at = chan(i);
    let say = |who: &str, text: &str, mentions: Vec<User>| {
        core.handle(&Incoming {
            at: at.clone(),
            author: user(who),
            text: text.into(),
            mentions,
            is_organizer: false,
        })
    };
    say("south", "!new katro @north as south", vec![user("north")]);
    say("north", "!accept", Vec::new());
}

/// Times `count` moves; with `kinds`, records for each whether its reply carried a
/// contact sheet (more frames than attachments) rather than every frame.
fn timed_sows(
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

fn report(name: &str, mut times: Vec<Duration>) {
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

fn core_over(store: Arc<SledStore>, painter: Arc<dyn Painter>) -> Core {
    Core::new(store, painter, Arc::new(SystemClock), Settings::default())
}

fn main() {
    // RSS with 10,000 stored games (40 plies each), store reopened and every game read.
    let (base, _) = rss();
    {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("store");
        {
            let store = SledStore::open(&path, 32 << 20).unwrap();
            fill(&store, 10_000, 40);
        }
        let store = Arc::new(SledStore::open(&path, 32 << 20).unwrap());
        let core = core_over(store.clone(), Arc::new(NoPainter));
        let mut moves = 0;
        for i in 0..10_000 {
            moves += core.legal_moves(&chan(i)).len();
        }
        black_box(moves);
        let (now, peak) = rss();
        println!(
            "RSS with 10,000 stored games (all read): {} MB (process before: {} MB; peak incl. writing them: {} MB); store on disk {} MB",
            now / 1024,
            base / 1024,
            peak / 1024,
            dir_size(&path) / (1 << 20)
        );
    }

    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SledStore::open(&dir.path().join("store"), 32 << 20).unwrap());
    fill(&*store, 1000, 20);
    let mut rng = StdRng::seed_from_u64(11);
    let fake = core_over(store.clone(), Arc::new(NoPainter));
    report(
        "!sow end to end, 1,000 active channels, no-cost painter",
        timed_sows(&fake, 2000, &mut rng, None),
    );
    let renderer = Renderer::new();
    renderer.prepare();
    let real = core_over(store.clone(), Arc::new(renderer));
    let mut kinds = Vec::new();
    let times = timed_sows(&real, 2000, &mut rng, Some(&mut kinds));
    let (sheets, frames): (Vec<_>, Vec<_>) = times.iter().zip(&kinds).partition(|(_, &k)| k);
    report(
        "!sow end to end, 1,000 active channels, real renderer (frames included)",
        times.clone(),
    );
    report(
        "  of which replies with every frame",
        frames.into_iter().map(|(t, _)| *t).collect(),
    );
    report(
        "  of which replies with a contact sheet and the final board",
        sheets.into_iter().map(|(t, _)| *t).collect(),
    );

    let mut c = Criterion::default()
        .configure_from_args()
        .sample_size(30)
        .measurement_time(Duration::from_secs(5));
    c.bench_function("sow_end_to_end_1000_channels", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            let mut done = 0;
            let mut i = 0;
            while done < iters {
                i = (i + 1) % 1000;
                let Some(msg) = next_sow(&fake, i, &mut rng) else {
                    restart(&fake, i);
                    continue;
                };
                let t = Instant::now();
                black_box(fake.handle(&msg));
                total += t.elapsed();
                done += 1;
            }
            total
        })
    });
    c.final_summary();
}

fn dir_size(p: &std::path::Path) -> u64 {
    std::fs::read_dir(p)
        .map(|rd| {
            rd.flatten()
                .map(|e| match e.metadata() {
                    Ok(m) if m.is_dir() => dir_size(&e.path()),
                    Ok(m) => m.len(),
                    Err(_) => 0,
                })
                .sum()
        })
        .unwrap_or(0)
}
