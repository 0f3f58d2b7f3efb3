//! `!sow` handled end to end in the core (parse, store read, rules, store write with
//! flush, reply with frames) with 1,000 active channels in the store; and the RSS of a
//! store holding 10,000 games. Targets (issue 4): p99 <= 30 ms, RSS <= 100 MB.
//!
//! Prints percentiles first (criterion reports means only), then runs criterion.

use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::Criterion;
use mancala_bot::core::api::ChatCore;
use mancala_bot::core::painter::Painter;
use mancala_bot::core::{Core, Settings, SystemClock};
use mancala_bot::render::Renderer;
use mancala_bot::store::SledStore;
use rand::rngs::StdRng;
use rand::SeedableRng;

mod common;
use common::{chan, fill, next_sow, report, restart, rss, timed_sows, NoPainter};

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
