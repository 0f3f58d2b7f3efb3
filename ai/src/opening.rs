//! Random openings, as the ladder is measured (issue 32): `mancala-bot selfplay
//! --random-plies N --pairs`, the puzzle generator's self-play and the `ladder` example
//! draw them here, so that one seed gives one opening everywhere.

use mancala_rules::{Game, Variant};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Plays a uniformly random legal move in `game`: a random candidate of the
/// position's pseudo-legal moves, dropped and drawn again when the rules refuse it (an
/// endless move), which is uniform over the legal moves and plays each move once
/// instead of generating every child first. `None` when no candidate is legal (the
/// game is then unchanged).
pub fn random_move(game: &mut Game, rng: &mut SmallRng) -> Option<()> {
    let mut candidates = game.position().pseudo_legal_moves();
    while !candidates.is_empty() {
        let i = rng.gen_range(0..candidates.len());
        if game.advance(candidates[i]).is_ok() {
            return Some(());
        }
        candidates.swap_remove(i);
    }
    None
}

/// A game of `variant` after `plies` uniformly random plies drawn from `seed`. An
/// opening that ends the game is drawn again (from the same generator); after 1,000
/// such draws the start position is returned (no board of the bot ends that often).
pub fn random_opening(variant: Variant, plies: u32, seed: u64) -> Game {
    let mut rng = SmallRng::seed_from_u64(seed ^ 0x6f70_656e_696e_6773);
    for _ in 0..1_000 {
        let mut game = Game::new(variant);
        let mut ended = false;
        for _ in 0..plies {
            if game.outcome().is_over() || random_move(&mut game, &mut rng).is_none() {
                ended = true;
                break;
            }
        }
        if !ended && !game.outcome().is_over() {
            return game;
        }
    }
    Game::new(variant)
}

/// The seed of game (or opening) `n` of a run seeded `seed`: each game of a run gets
/// its own, the same from one run to the next.
pub fn game_seed(seed: u64, n: u64) -> u64 {
    seed.wrapping_mul(1_000_003).wrapping_add(n)
}
