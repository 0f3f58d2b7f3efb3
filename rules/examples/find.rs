//! Searches random positions and games for rare situations used as test data:
//! endless moves (K8/H9), repetitions (K10/H10), Hoyito stalemates (H10).
//! `cargo run --release -p mancala-rules --example find`

use mancala_rules::{EndReason, Game, Outcome, PlayError, Position, Variant};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn random_katro(rng: &mut SmallRng, v: Variant, total: u32) -> Position {
    let holes = v.holes();
    let mut b = vec![0u32; holes];
    for _ in 0..total {
        b[rng.gen_range(0..holes)] += 1;
    }
    let rows: Vec<String> = (0..v.rows() as usize)
        .map(|r| {
            b[r * v.cols() as usize..(r + 1) * v.cols() as usize]
                .iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect();
    format!("{v}/{} s", rows.join("/")).parse().unwrap()
}

fn main() {
    let mut rng = SmallRng::seed_from_u64(7);
    let v: Variant = "katro:4x4".parse().unwrap();
    let mut found = 0;
    for _ in 0..2_000_000 {
        let total = 16 * rng.gen_range(1..=2);
        let p = random_katro(&mut rng, v, total);
        if p.seeds_of(mancala_rules::Side::North) == 0 {
            continue;
        }
        // candidates that are refused as endless
        for col in 0..4u8 {
            for dir in ["+", "-"] {
                let t = format!("{}1{dir}", (b'a' + col) as char);
                let m = mancala_rules::Move::parse(&t, v).unwrap();
                if let Err(PlayError::Endless { .. }) = p.play(m) {
                    println!("KATRO ENDLESS {p} {t}");
                    found += 1;
                }
            }
        }
        if found >= 3 || std::env::args().count() > 1 {
            break;
        }
    }
    // Hoyito endless
    let mut found = 0;
    let hv = Variant::HOYITO;
    for _ in 0..2_000_000 {
        let k = rng.gen_range(1..=3) * 4u32;
        let mut b = [0u32; 12];
        for _ in 0..k {
            b[rng.gen_range(0..12)] += 1;
        }
        let s = 48 - k;
        let text = format!(
            "hoyito/{}/{} s {} {}",
            b[..6]
                .iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(","),
            b[6..]
                .iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(","),
            s / 2 / 4 * 4,
            s - s / 2 / 4 * 4
        );
        let p: Position = text.parse().unwrap();
        for c in 0..6u8 {
            let t = format!("{}1", (b'a' + c) as char);
            let m = mancala_rules::Move::parse(&t, hv).unwrap();
            if let Err(PlayError::Endless { .. }) = p.play(m) {
                println!(
                    "HOYITO ENDLESS {p} {t} legal={:?} outcome={:?}",
                    p.legal_moves(),
                    p.outcome()
                );
                found += 1;
            }
        }
        if found >= 5 {
            break;
        }
    }
    // repetitions
    for (name, variant) in [("katro:4x4", v), ("hoyito", hv), ("katro", Variant::KATRO)] {
        let mut best: Option<(usize, String, Vec<String>)> = None;
        let mut ends = std::collections::HashMap::new();
        let mut total_plies = 0usize;
        let games = 3000;
        for _ in 0..games {
            let start = if variant.is_katro() {
                Position::with_seeds(variant, 1).unwrap()
            } else {
                Position::new(variant)
            };
            let mut g = Game::from_position(start);
            let mut moves = vec![];
            while !g.outcome().is_over() && moves.len() < 5000 {
                let legal = g.legal_moves();
                let m = legal[rng.gen_range(0..legal.len())];
                moves.push(m.to_string());
                g.play(m).unwrap();
            }
            total_plies += moves.len();
            let key = match g.outcome() {
                Outcome::Ongoing => "unfinished".to_string(),
                Outcome::Win { reason, .. } | Outcome::Draw { reason } => format!("{reason:?}"),
            };
            *ends.entry(key).or_insert(0) += 1;
            if matches!(
                g.outcome(),
                Outcome::Draw {
                    reason: EndReason::Repetition
                } | Outcome::Win {
                    reason: EndReason::Repetition,
                    ..
                }
            ) && best.as_ref().is_none_or(|b| moves.len() < b.0)
            {
                best = Some((moves.len(), start.to_string(), moves.clone()));
            }
        }
        println!("{name}: ends {ends:?}, avg plies {}", total_plies / games);
        if let Some((n, s, m)) = best {
            println!("{name} REPETITION in {n}: {s} {:?}", m);
        }
    }
}
