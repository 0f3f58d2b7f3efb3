//! One level-5 analysis with every iteration printed (depth, score, nodes, time, line):
//! `cargo run --release -p mancala-ai --example think -- POSITION|GAME MS [MOVE...] [--tables]
//! [--tt=MB]` (`--tables`: the Hoyito 2x6 endgame tables of 16 seeds, cached in
//! `target/egdb`; `--tt`: the transposition table, default 64 MiB).
use std::time::Duration;

use mancala_ai::{Ai, Limits, SearchConfig};
use mancala_rules::{Position, Variant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let pos: Position = match args[0].parse::<Variant>() {
        Ok(v) => Position::new(v),
        Err(_) => args[0].parse().expect("a game or a position"),
    };
    let ms: u64 = args[1].parse().expect("ms");
    let mut pos = pos;
    for m in args[2..].iter().filter(|a| !a.starts_with("--")) {
        let mv = mancala_rules::Move::parse(m, pos.variant()).expect("a move");
        pos = pos.play(mv).expect("a legal move");
    }
    println!("{pos}");
    if args.iter().any(|a| a == "--tables") {
        mancala_ai::endgame::warm_up(
            Some(std::path::Path::new("target/egdb")),
            mancala_ai::endgame::LARGEST_SEEDS,
        );
    }
    let tt_mb = args
        .iter()
        .find_map(|a| a.strip_prefix("--tt="))
        .map_or(64, |mb| mb.parse().expect("--tt=MB"));
    let mut ai = Ai::new(SearchConfig {
        tt_mb,
        ..SearchConfig::default()
    })
    .expect("config");
    let limits = Limits {
        movetime: Some(Duration::from_millis(ms)),
        ..Limits::default()
    };
    let r = ai.analyse(&pos, &[], &limits, &mut |it| {
        let pv: Vec<String> = it.pv.iter().map(|m| m.to_string()).collect();
        println!(
            "depth {:2} score {:7} nodes {:10} {:6} ms  {}",
            it.depth,
            it.score,
            it.nodes,
            it.elapsed.as_millis(),
            pv.join(" ")
        );
    });
    println!("{r:?}");
}
