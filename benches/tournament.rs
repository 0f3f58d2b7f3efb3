//! Costs of issue 6: pairing a Swiss round (maximum weight matching over the field) at
//! 32, 64 and 128 players in round 5, and one tick of the periodic driver over a store
//! holding 10,000 correspondence games of which none is due (the wake index scan) and
//! 100 are due (reminders written back).

use std::hint::black_box;
use std::sync::Arc;
use std::time::Duration;

use criterion::Criterion;
use mancala_bot::core::api::{ChatCore, Incoming};
use mancala_bot::core::tournament::{Entrant, Format, Phase, Res, Tournament};
use mancala_bot::core::{Core, ManualClock, Settings};
use mancala_bot::model::{ChannelKey, User};
use mancala_bot::render::Renderer;
use mancala_bot::store::SledStore;

fn field(n: usize, rounds_played: u32) -> Tournament {
    let mut t = Tournament {
        format: Format::Swiss { rounds: 9 },
        phase: Phase::Running,
        entrants: (0..n)
            .map(|i| Entrant {
                user: User {
                    id: format!("u{i}"),
                    name: format!("u{i}"),
                },
                rating: 0.0,
                withdrawn: false,
            })
            .collect(),
        ..Tournament::default()
    };
    let mut k = 0u32;
    for _ in 0..rounds_played {
        t.next_round();
        for p in t.rounds.last_mut().unwrap().pairings.iter_mut() {
            if p.is_open() {
                k = k.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                p.result = Some(match (k >> 16) % 3 {
                    0 => Res::South,
                    1 => Res::North,
                    _ => Res::Draw,
                });
            }
        }
    }
    t
}

fn say(core: &Core, at: &ChannelKey, who: &str, text: &str, mention: Option<&str>) {
    let user = |n: &str| User {
        id: n.into(),
        name: n.into(),
    };
    let r = core.handle(&Incoming {
        at: at.clone(),
        author: user(who),
        text: text.into(),
        mentions: mention.map(user).into_iter().collect(),
        is_organizer: false,
        locale: None,
    });
    assert!(!r[0].is_error, "{}", r[0].text());
}

fn main() {
    let mut c = Criterion::default()
        .configure_from_args()
        .sample_size(20)
        .measurement_time(Duration::from_secs(3));
    for n in [32, 64, 128] {
        let t = field(n, 4);
        c.bench_function(&format!("swiss_round5_{n}_players"), |b| {
            b.iter(|| {
                let mut t = t.clone();
                black_box(t.next_round())
            })
        });
    }

    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SledStore::open(&dir.path().join("store"), 32 << 20).unwrap());
    let clock = Arc::new(ManualClock::new(1_700_000_000_000));
    let core = Core::new(
        store,
        Arc::new(Renderer::new()),
        clock.clone(),
        Settings::default(),
    );
    for i in 0..10_000 {
        let at = ChannelKey {
            community: "bench".into(),
            channel: format!("c{i}"),
        };
        // The first 100 games get 2 h per move: their 1 h reminder point comes due
        // when the clock moves 61 min; the others have 30 days.
        let time = if i < 100 { "2h" } else { "30d" };
        say(
            &core,
            &at,
            "south",
            &format!("!new katro @north as south {time}"),
            Some("north"),
        );
        say(&core, &at, "north", "!accept", None);
    }
    c.bench_function("tick_10000_games_none_due", |b| {
        b.iter(|| black_box(core.tick()))
    });
    clock.advance(Duration::from_secs(3600 + 60));
    let t = std::time::Instant::now();
    let out = core.tick();
    println!(
        "tick with 100 of 10,000 games due: {} reminders in {:.2?}",
        out.len(),
        t.elapsed()
    );
}
