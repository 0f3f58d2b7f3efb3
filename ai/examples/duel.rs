//! Plays two engines against each other with sides swapped every game, for tuning and for
//! the alpha-beta vs MCTS comparison:
//!
//! `cargo run --release -p mancala-ai --example duel -- GAME A B GAMES MS`
//!
//! where A and B are `ab:L` (an [`Ai`] at level L) or `mcts`; prints A's wins, draws and
//! losses.
use std::time::Instant;

use mancala_ai::mcts::Mcts;
use mancala_ai::{Ai, SearchConfig};
use mancala_rules::{Game, Move, Variant};

enum Engine {
    Ab(Box<Ai>),
    Mcts(Mcts, u64),
}

impl Engine {
    fn new(spec: &str, ms: u64, seed: u64) -> Engine {
        if spec == "mcts" {
            Engine::Mcts(Mcts::new(seed), ms)
        } else {
            let level = spec.trim_start_matches("ab:").parse().expect("ab:L");
            Engine::Ab(Box::new(
                Ai::new(SearchConfig {
                    level,
                    ms_per_move: ms,
                    tt_mb: 16,
                    seed,
                    max_nodes: None,
                    opening_plies: 0,
                })
                .expect("config"),
            ))
        }
    }

    fn choose(&mut self, game: &Game) -> Move {
        match self {
            Engine::Ab(ai) => ai.choose_in_game(game).expect("move").mv,
            Engine::Mcts(m, ms) => m.choose(&game.position(), u32::MAX, *ms).expect("move").0,
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let variant: Variant = args[0].parse().expect("game");
    let games: u64 = args[3].parse().expect("games");
    let ms: u64 = args[4].parse().expect("ms");
    let (mut w, mut d, mut l, mut plies) = (0, 0, 0, 0);
    let t0 = Instant::now();
    for g in 0..games {
        let a_south = g % 2 == 0;
        let mut a = Engine::new(&args[1], ms, g * 2 + 1);
        let mut b = Engine::new(&args[2], ms, g * 2 + 2);
        let mut game = Game::new(variant);
        while !game.outcome().is_over() && game.moves().len() < 3000 {
            let south = game.position().to_move() == mancala_rules::Side::South;
            let mv = if south == a_south {
                a.choose(&game)
            } else {
                b.choose(&game)
            };
            game.play(mv).expect("legal");
        }
        plies += game.moves().len();
        match game.outcome().winner() {
            None => d += 1,
            Some(s) if (s == mancala_rules::Side::South) == a_south => w += 1,
            Some(_) => l += 1,
        }
    }
    println!(
        "{} {} vs {}: {w} wins {d} draws {l} losses ({:.0}%), avg plies {:.1}, {:.1}s",
        args[0],
        args[1],
        args[2],
        100.0 * (w as f64 + d as f64 / 2.0) / games as f64,
        plies as f64 / games as f64,
        t0.elapsed().as_secs_f64()
    );
}
