//! Search speed: nodes per second per game on one core (target: at least 5,000,000),
//! and the depth the strongest level reaches in 1 s from the start.
//!
//! `cargo bench -p mancala-ai --bench search`. The throughput criterion prints is in
//! elements = searched positions (negamax calls) per second. The depths are printed
//! before the measurements.

use std::time::{Duration, Instant};

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use mancala_ai::{Ai, SearchConfig};
use mancala_rules::{Position, Variant};

const GAMES: [&str; 4] = ["katro", "katro:4x4", "hoyito", "hoyito:2x12"];
const NODES: u64 = 200_000;

fn ai(ms: u64, nodes: Option<u64>) -> Ai {
    Ai::new(SearchConfig {
        level: 5,
        ms_per_move: ms,
        tt_mb: 16,
        seed: 1,
        max_nodes: nodes,
        opening_plies: 0,
    })
    .expect("config")
}

/// Depth reached from the start in a 1 s budget (the search stops starting iterations
/// after half of it), printed once.
fn depth_in_one_second() {
    for name in GAMES {
        let v: Variant = name.parse().expect("game");
        let t0 = Instant::now();
        let r = ai(1000, None).choose(&Position::new(v), &[]).expect("move");
        let s = t0.elapsed().as_secs_f64();
        eprintln!(
            "{name}: depth {} in 1 s budget ({} nodes, {:.2} s, {:.0} nodes/s), move {}",
            r.depth,
            r.nodes,
            s,
            r.nodes as f64 / s,
            r.mv
        );
    }
}

fn search(c: &mut Criterion) {
    depth_in_one_second();
    let mut group = c.benchmark_group("search_nodes");
    group.sample_size(10);
    for name in GAMES {
        let v: Variant = name.parse().expect("game");
        let start = Position::new(v);
        let nodes = ai(0, Some(NODES)).choose(&start, &[]).expect("move").nodes;
        group.throughput(Throughput::Elements(nodes));
        let mut a = ai(0, Some(NODES));
        group.bench_function(name, |b| {
            // A fresh table for each search, cleared outside the measured time: the
            // figure is of searching, not of filling 16 MiB with zeros.
            b.iter_custom(|iters| {
                let mut took = Duration::ZERO;
                for _ in 0..iters {
                    a.reset();
                    let t = Instant::now();
                    black_box(a.choose(black_box(&start), &[]));
                    took += t.elapsed();
                }
                took
            })
        });
    }
    group.finish();
}

criterion_group!(benches, search);
criterion_main!(benches);
