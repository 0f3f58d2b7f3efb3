//! The store backends side by side (issue 13): `!sow` end to end in the core with 1,000
//! active channels on each backend (p50/p99, no-cost painter), then for 10,000 stored
//! games the live snapshot (time and size: `quiesced` + the export format) and the
//! restore (check every line, then import in one transaction) on each backend.
//!
//! PostgreSQL: the database in `$MANCALA_TEST_POSTGRES` (`scripts/postgres.sh start`),
//! a fresh schema per backend and run; without it only memory and sled run.
//!
//! Prints the figures first (criterion reports means only), then runs criterion on the
//! `!sow` of each backend.

use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::Criterion;
use mancala_bot::core::api::ChatCore;
use mancala_bot::core::backup;
use mancala_bot::core::{Core, Settings, SystemClock};
use mancala_bot::store::{MemoryStore, SledStore, Store};
use rand::rngs::StdRng;
use rand::SeedableRng;

mod common;
#[cfg(feature = "postgres")]
#[path = "../tests/common/postgres.rs"]
mod pg_common;
use common::{fill, next_sow, report, restart, timed_sows, NoPainter};

/// A backend to measure: its name, and how to open a fresh, empty store of it.
struct Backend {
    name: &'static str,
    fresh: Box<dyn Fn() -> Arc<dyn Store>>,
}

fn backends(dir: &std::path::Path) -> Vec<Backend> {
    let mut out = vec![Backend {
        name: "memory",
        fresh: Box::new(|| Arc::new(MemoryStore::new())),
    }];
    let dir = dir.to_path_buf();
    let n = std::cell::Cell::new(0);
    out.push(Backend {
        name: "sled",
        fresh: Box::new(move || {
            n.set(n.get() + 1);
            let path = dir.join(format!("sled-{}", n.get()));
            Arc::new(SledStore::open(&path, 32 << 20).unwrap())
        }),
    });
    #[cfg(feature = "postgres")]
    if std::env::var("MANCALA_TEST_POSTGRES").is_ok() {
        out.push(Backend {
            name: "postgres",
            fresh: Box::new(postgres_store),
        });
    }
    if !out.iter().any(|b| b.name == "postgres") {
        println!("(PostgreSQL left out: MANCALA_TEST_POSTGRES is not set, or no postgres feature)");
    }
    out
}

/// A PostgreSQL store in a new schema of the test database.
#[cfg(feature = "postgres")]
fn postgres_store() -> Arc<dyn Store> {
    let pg = pg_common::Postgres::fresh("bench").expect("MANCALA_TEST_POSTGRES is set");
    Arc::new(mancala_bot::store::PgStore::open(&pg.url, 8, Duration::from_secs(10)).unwrap())
}

fn core_over(store: Arc<dyn Store>) -> Core {
    Core::new(
        store,
        Arc::new(NoPainter),
        Arc::new(SystemClock),
        Settings::default(),
    )
}

/// Snapshot and restore of 10,000 games on `b`.
fn snapshot_and_restore(b: &Backend) {
    let store = (b.fresh)();
    let t = Instant::now();
    fill(&*store, 10_000, 40);
    let filled = t.elapsed();
    let mut bytes = Vec::new();
    let t = Instant::now();
    store
        .quiesced(&mut || {
            backup::export(&*store, &mut bytes).unwrap();
            Ok(())
        })
        .unwrap();
    let snap = t.elapsed();
    let t = Instant::now();
    let lines = backup::read(std::io::Cursor::new(&bytes)).unwrap();
    let checked = t.elapsed();
    let target = (b.fresh)();
    let t = Instant::now();
    let counts = backup::import(&*target, &lines).unwrap();
    let imported = t.elapsed();
    assert_eq!(counts.records_added, 10_000);
    println!(
        "{}: 10,000 games (40 plies) written one by one in {filled:.2?}; snapshot {snap:.2?}, \
         {:.1} MB; restore: check every line {checked:.2?} + import {imported:.2?}",
        b.name,
        bytes.len() as f64 / 1e6
    );
}

fn main() {
    let dir = tempfile::tempdir().unwrap();
    let backends = backends(dir.path());
    let mut cores = Vec::new();
    for b in &backends {
        let store = (b.fresh)();
        fill(&*store, 1000, 20);
        let core = core_over(store);
        let mut rng = StdRng::seed_from_u64(11);
        report(
            &format!("{}: !sow end to end, 1,000 active channels", b.name),
            timed_sows(&core, 2000, &mut rng, None),
        );
        cores.push((b.name, core));
    }
    for b in &backends {
        snapshot_and_restore(b);
    }

    let mut c = Criterion::default()
        .configure_from_args()
        .sample_size(20)
        .measurement_time(Duration::from_secs(5));
    for (name, core) in &cores {
        let mut rng = StdRng::seed_from_u64(12);
        c.bench_function(&format!("sow_1000_channels_{name}"), |bench| {
            bench.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                let (mut done, mut i) = (0, 0);
                while done < iters {
                    i = (i + 1) % 1000;
                    let Some(msg) = next_sow(core, i, &mut rng) else {
                        restart(core, i);
                        continue;
                    };
                    let t = Instant::now();
                    black_box(core.handle(&msg));
                    total += t.elapsed();
                    done += 1;
                }
                total
            })
        });
    }
    c.final_summary();
}
