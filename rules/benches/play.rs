//! Random play from the start position (RULES.md K1/H1), one core.
//!
//! - `children`: every ply generates all legal moves with their resulting positions
//!   (each candidate sown once on a copy, checked against the K8/H9 cap) and plays a
//!   random one by taking its already-sown child: what a search does.
//! - `rejection`: every ply picks a random pseudo-legal move and plays it, dropping it
//!   and picking again when it is endless: a uniform random legal move with one sowing.
//!
//! Throughput is reported in plies per second.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use mancala_rules::{Position, Variant};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

const PLIES: u64 = 10_000;

/// Plays `PLIES` plies of random games with full legal-move generation, restarting at
/// each game's end. Returns a checksum so the work is not optimised away.
fn children_playout(v: Variant, rng: &mut SmallRng) -> u64 {
    let mut p = Position::new(v);
    let mut sum = 0;
    for _ in 0..PLIES {
        let kids = p.children();
        if kids.is_empty() || (!v.is_katro() && p.board_total() == 0) {
            p = Position::new(v);
            continue;
        }
        p = kids[rng.gen_range(0..kids.len())].1;
        sum += p.board_total() as u64;
    }
    sum
}

/// Plays `PLIES` plies picking random pseudo-legal moves, retrying endless ones.
fn rejection_playout(v: Variant, rng: &mut SmallRng) -> u64 {
    let mut p = Position::new(v);
    let mut sum = 0;
    for _ in 0..PLIES {
        let mut cands = p.pseudo_legal_moves();
        let next = loop {
            if cands.is_empty() {
                break None;
            }
            let i = rng.gen_range(0..cands.len());
            match p.play(cands[i]) {
                Ok(q) => break Some(q),
                Err(_) => {
                    cands.swap_remove(i);
                }
            }
        };
        match next {
            Some(q) if v.is_katro() || q.board_total() > 0 => p = q,
            _ => p = Position::new(v),
        }
        sum += p.board_total() as u64;
    }
    sum
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("random_play");
    g.throughput(Throughput::Elements(PLIES));
    for (name, v) in [
        ("katro_6x6", Variant::KATRO),
        ("hoyito_2x6", Variant::HOYITO),
    ] {
        let mut rng = SmallRng::seed_from_u64(1);
        g.bench_function(format!("{name}/children"), |b| {
            b.iter(|| children_playout(v, &mut rng))
        });
        let mut rng = SmallRng::seed_from_u64(1);
        g.bench_function(format!("{name}/rejection"), |b| {
            b.iter(|| rejection_playout(v, &mut rng))
        });
    }
    g.finish();
    let p = Position::new(Variant::KATRO);
    c.bench_function("legal_moves/katro_start", |b| {
        b.iter(|| p.legal_moves().len())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
