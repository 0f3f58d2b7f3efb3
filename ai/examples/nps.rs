//! Fixed-depth searches from a few positions per game: nodes per second, and each
//! search's move and score, to check that a speed change leaves the decisions alone.
//!
//! `cargo run --release -p mancala-ai --example nps [GAME...]`
//!
//! Each game's searches run five times over, and the fastest pass is reported: the
//! searches take a few tenths of a second, where a busy machine's noise is large.

use std::time::Instant;

use mancala_ai::{Ai, Limits, SearchConfig};
use mancala_rules::{Position, Variant};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// The positions of one game: the start, then positions part-way through seeded random
/// games.
fn positions(v: Variant) -> Vec<Position> {
    let mut rng = SmallRng::seed_from_u64(5);
    let mut out = vec![Position::new(v)];
    while out.len() < 6 {
        let mut p = Position::new(v);
        for _ in 0..rng.gen_range(6..30) {
            let ch = p.children();
            if ch.is_empty() {
                break;
            }
            p = ch[rng.gen_range(0..ch.len())].1;
        }
        if !p.children().is_empty() {
            out.push(p);
        }
    }
    out
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: Vec<(&str, u32)> = [
        ("katro", 9),
        ("katro:4x4", 13),
        ("hoyito", 15),
        ("hoyito:2x12", 9),
    ]
    .into_iter()
    .filter(|(g, _)| args.is_empty() || args.iter().any(|a| a == g))
    .collect();
    for (name, depth) in games {
        let v: Variant = name.parse().expect("game");
        let mut ai = Ai::new(SearchConfig {
            level: 5,
            ms_per_move: 0,
            tt_mb: 16,
            seed: 1,
            max_nodes: None,
            opening_plies: 0,
        })
        .expect("config");
        let (mut nodes, mut secs) = (0u64, f64::INFINITY);
        let mut line = String::new();
        for _ in 0..5 {
            let (mut pass_nodes, mut pass_secs) = (0u64, 0f64);
            line.clear();
            for p in positions(v) {
                ai.reset();
                let limits = Limits {
                    depth: Some(depth),
                    ..Limits::default()
                };
                let t = Instant::now();
                let r = ai.analyse(&p, &[], &limits, &mut |_| {}).expect("move");
                pass_secs += t.elapsed().as_secs_f64();
                pass_nodes += r.nodes;
                line.push_str(&format!(" {}:{}:{}", r.mv, r.score, r.nodes));
            }
            nodes = pass_nodes;
            secs = secs.min(pass_secs);
        }
        println!(
            "{name} d{depth}: {nodes} nodes {secs:.3} s {:.2} Mn/s |{line}",
            nodes as f64 / secs / 1e6
        );
    }
}
