//! Nodes per second and depth reached from the start in a fixed time:
//! `cargo run --release -p mancala-ai --example speed -- GAME MS`.
use std::time::Instant;

use mancala_ai::{Ai, SearchConfig};
use mancala_rules::{Position, Variant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let variant: Variant = args[0].parse().expect("game");
    let ms: u64 = args[1].parse().expect("ms");
    let mut ai = Ai::new(SearchConfig {
        level: 5,
        ms_per_move: ms,
        tt_mb: 64,
        seed: 1,
        max_nodes: None,
        opening_plies: 0,
    })
    .expect("config");
    let t0 = Instant::now();
    let r = ai.choose(&Position::new(variant), &[]).expect("move");
    let s = t0.elapsed().as_secs_f64();
    println!(
        "{variant}: {} depth {} score {} nodes {} in {:.3}s = {:.0} nodes/s",
        r.mv,
        r.depth,
        r.score,
        r.nodes,
        s,
        r.nodes as f64 / s
    );
}
