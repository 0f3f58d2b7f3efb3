//! Measures one step of the AI ladder as `mancala-bot selfplay --random-plies N --pairs`
//! does (issue 32): each opening of N uniformly random plies is played twice, the two
//! levels' sides swapped, and the higher level's score is reported (a win 1, a draw ½),
//! with its pairs won, drawn and lost.
//!
//! `cargo run --release -p mancala-ai --example ladder -- GAME HI LO GAMES MS PLIES [SEED] [--tables]`
//!
//! HI and LO are levels (1-5); GAMES is even; MS the milliseconds per move (levels 1-4
//! are depth-capped, so their games do not depend on it). The openings and the players'
//! seeds are drawn exactly as the bot's selfplay draws them from SEED (default 1), so a
//! run here and one through the CLI play the same openings. `--tables` loads or builds
//! the Hoyito endgame tables (16 seeds, in `target/egdb`) first, as the bot does.
//! With `LADDER_TRACE` set, each game's points go to standard error; with
//! `LADDER_MOVES`, each move (position, level, move, depth, score, time).
use std::time::Instant;

use mancala_ai::opening::{game_seed, random_opening};
use mancala_ai::{Ai, SearchConfig};
use mancala_rules::{Game, Side, Variant};

/// The selfplay's cap on a game's plies (then a draw).
const MAX_PLIES: usize = 5_000;

/// The AI of `level` for the seat `i` (0 South, 1 North) of a game seeded `seed`.
fn ai(level: u8, ms: u64, seed: u64, i: u64) -> Ai {
    Ai::new(SearchConfig {
        level,
        ms_per_move: ms,
        tt_mb: 16,
        seed: seed.wrapping_mul(2).wrapping_add(i),
        max_nodes: None,
        opening_plies: 0,
    })
    .expect("level 1-5")
}

/// Plays `start` to its end with `levels` (South, North); the winner, if any.
fn play(start: &Game, levels: [u8; 2], ms: u64, seed: u64) -> Option<Side> {
    let mut ais = [0, 1].map(|i| ai(levels[i as usize], ms, seed, i));
    let mut game = start.clone();
    while !game.outcome().is_over() && game.moves().len() < MAX_PLIES {
        let side = game.position().to_move();
        let t = Instant::now();
        let r = ais[side.index()].choose_in_game(&game).expect("a move");
        if std::env::var_os("LADDER_MOVES").is_some() {
            eprintln!(
                "{} {side:?} L{} {} depth {} score {} {} ms",
                game.position(),
                levels[side.index()],
                r.mv,
                r.depth,
                r.score,
                t.elapsed().as_millis()
            );
        }
        game.play(r.mv).expect("legal");
    }
    game.outcome().winner()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let variant: Variant = args[0].parse().expect("game");
    let hi: u8 = args[1].parse().expect("HI level");
    let lo: u8 = args[2].parse().expect("LO level");
    let games: u64 = args[3].parse().expect("games");
    let ms: u64 = args[4].parse().expect("ms");
    let plies: u32 = args[5].parse().expect("plies");
    let seed: u64 = args.get(6).and_then(|s| s.parse().ok()).unwrap_or(1);
    if args.iter().any(|a| a == "--tables") {
        let t = Instant::now();
        mancala_ai::endgame::warm_up(
            Some(std::path::Path::new("target/egdb")),
            mancala_ai::endgame::LARGEST_SEEDS,
        );
        eprintln!("tables ready in {:.1}s", t.elapsed().as_secs_f64());
    }
    let t0 = Instant::now();
    // HI's points (a win 2, a draw 1), overall and in the current pair; pairs won,
    // drawn, lost by HI; HI's wins as South and as North.
    let (mut points, mut pair) = (0u64, 0u64);
    let mut pairs = [0u64; 3];
    let mut by_side = [0u64; 2];
    for g in 0..games {
        let (line, swapped) = (g / 2, g % 2 == 1);
        let start = random_opening(variant, plies, game_seed(seed, line));
        // Game 0 of a pair: HI South; game 1: HI North.
        let levels = if swapped { [lo, hi] } else { [hi, lo] };
        let hi_side = if swapped { Side::North } else { Side::South };
        let p = match play(&start, levels, ms, game_seed(seed, g)) {
            Some(s) if s == hi_side => {
                by_side[usize::from(swapped)] += 1;
                2
            }
            Some(_) => 0,
            None => 1,
        };
        points += p;
        pair += p;
        if swapped {
            pairs[match pair.cmp(&2) {
                std::cmp::Ordering::Greater => 0,
                std::cmp::Ordering::Equal => 1,
                std::cmp::Ordering::Less => 2,
            }] += 1;
            pair = 0;
        }
        if std::env::var_os("LADDER_TRACE").is_some() {
            eprintln!(
                "game {g}: {p} points, {:.1}%",
                50.0 * points as f64 / (g + 1) as f64
            );
        }
    }
    println!(
        "{} {hi} vs {lo}, {games} games from {plies} random plies in pairs, seed {seed}, \
         {ms} ms: {:.1}% (won as South {}, as North {}; pairs won {} drawn {} lost {}); {:.0}s",
        args[0],
        50.0 * points as f64 / games as f64,
        by_side[0],
        by_side[1],
        pairs[0],
        pairs[1],
        pairs[2],
        t0.elapsed().as_secs_f64()
    );
}
