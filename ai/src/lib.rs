//! The AI opponent of mancala-bot: game-tree search over [`mancala_rules`] for Katro and
//! Hoyito I, in five levels.
//!
//! The search is iterative-deepening alpha-beta (negamax with principal-variation
//! search) with a transposition table, move ordering (table move, captures, killers),
//! repetition detection (K10/H10) and an evaluation designed for each game (see
//! [`evaluate`]). A Monte-Carlo tree search ([`mcts`]) is kept for comparison: the
//! alpha-beta search beat it in both games (see the crate's README note in the
//! project), so every level uses alpha-beta.
//!
//! Levels ([`SearchConfig::level`], 1-5): 1 looks one move ahead and errs by up to 1.5
//! seeds (a beginner), 2 looks two moves ahead, 3 four, 4 six, and 5 searches as deep
//! as its time allows. Hoyito's steps are spread wider (issue 32): 1 plays at random
//! (but takes a move that wins at once and avoids one that loses at once), 2 looks one
//! move ahead and errs by up to 2 seeds, 3 looks two ahead and errs by up to 2 seeds, 4
//! looks four ahead and errs by up to 1. Each level beats the one below by at least 65% (in Hoyito from openings of 2
//! random plies in pairs; see `level_params`).
//!
//! The Hoyito 2x6 start is a North win as far as the search can tell (issue 32): level
//! 5 with the 16-seed endgame tables proves every first move of South lost at depth 45
//! (with its repetition rule: a line ends at a position's first repetition, rows swept,
//! where H10 waits for the third), after scores falling from -9 seeds at depth 16 to
//! -23 at depth 43. So between two levels that both play well, the sides decide a
//! Hoyito game, and the ladder is measured from random openings in pairs.
//!
//! The bot keeps a fixed pool of search threads, each with one [`Ai`] reused from search
//! to search ([`Ai::reconfigure`]), and calls [`Ai::choose_in_game`] there: an [`Ai`] is
//! `Send`, its memory is its transposition table ([`SearchConfig::tt_mb`]), and each
//! call returns within about [`SearchConfig::ms_per_move`] milliseconds, or soon after
//! its stop flag is raised ([`Ai::set_stop`]).
//!
//! Engines (the `mancala-bot engine` protocol) call [`Ai::analyse`] instead: explicit
//! [`Limits`] per search, a stop flag another thread may raise, and a report of every
//! completed iteration ([`Iteration`]: depth, [`Score`], nodes, time, principal
//! variation).
//!
//! ```
//! use mancala_ai::{Ai, SearchConfig};
//! use mancala_rules::{Game, Variant};
//!
//! let mut game = Game::new(Variant::HOYITO);
//! let mut ai = Ai::new(SearchConfig { level: 3, ms_per_move: 200, ..SearchConfig::default() })?;
//! let found = ai.choose_in_game(&game).expect("the game is not over");
//! assert!(game.legal_moves().contains(&found.mv));
//! game.play(found.mv)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]
#![warn(unreachable_pub)]
// Denied, not forbidden: the transposition table's prefetch (tt.rs) is the one
// exception, allowed where it stands.
#![deny(unsafe_code)]

// Endgame databases (issue 15 item 4): see ai/src/endgame/.
pub mod endgame;
mod eval;
mod hash;
pub mod mcts;
pub mod opening;
pub mod puzzle;
mod report;
pub mod review;
mod search;
mod tt;

use core::fmt;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use mancala_rules::{Game, Move, Position, Variant};
use rand::rngs::SmallRng;
use rand::SeedableRng;

pub use eval::{evaluate, WIN, WIN_BOUND};
pub use hash::position_key;

/// The levels, weakest first.
pub const LEVELS: core::ops::RangeInclusive<u8> = 1..=5;

/// The deepest search of level 5 (plies); in practice time stops it first.
pub const MAX_DEPTH: u32 = 64;

/// How an [`Ai`] plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    /// Playing strength, 1 (beginner) to 5 (strongest); see [`level_name`].
    pub level: u8,
    /// Time budget per move, milliseconds. The search starts no new iteration whose
    /// first move is not expected to be searched within it (a cut-off iteration still
    /// counts up to the moves it finished), nor one after three quarters of it once the
    /// root's choice is settled (the same best move for three iterations, a steady
    /// score); an unsettled root may use the whole budget, and the search aborts at it.
    /// A position with one legal move, or a proven result, takes no more time. 0 means
    /// no time limit (then set `max_nodes`, or the level's depth cap bounds the search).
    pub ms_per_move: u64,
    /// Size of the transposition table, mebibytes (at least 1; at most 4096).
    pub tt_mb: usize,
    /// Seed of the random choices (ties, the lower levels' errors): with a node budget
    /// or a depth-capped level and no time limit, equal seeds give equal moves.
    pub seed: u64,
    /// Node budget per move (searched positions); `None` for none. A node budget
    /// without a time limit makes every level deterministic.
    pub max_nodes: Option<u64>,
    /// Varied openings: in the game's first `opening_plies` plies, levels 3 to 5 choose
    /// at random (by `seed`) among the moves within [`OPENING_MARGIN`] of the best
    /// rather than always the best, so that games against the AI do not all open the
    /// same way (issue 34). 0 (the default): always the level's own choice, as a hint
    /// or an analysis wants.
    pub opening_plies: u32,
}

/// How far below the best move (centi-seeds: 100 is one seed) a move may score and
/// still be chosen in a varied opening ([`SearchConfig::opening_plies`]).
pub const OPENING_MARGIN: i32 = 50;

impl Default for SearchConfig {
    /// Level 3, 1000 ms per move, a 16 MiB table, seed 0, no node budget, no varied
    /// openings.
    fn default() -> Self {
        SearchConfig {
            level: 3,
            ms_per_move: 1000,
            tt_mb: 16,
            seed: 0,
            max_nodes: None,
            opening_plies: 0,
        }
    }
}

/// A short name for each level, for the bot's messages: `beginner`, `casual`,
/// `club`, `expert`, `master`; `None` outside 1-5.
pub fn level_name(level: u8) -> Option<&'static str> {
    Some(match level {
        1 => "beginner",
        2 => "casual",
        3 => "club",
        4 => "expert",
        5 => "master",
        _ => return None,
    })
}

/// Depth cap (plies) and root noise (centi-seeds) of each level in `variant`.
///
/// Hoyito has its own steps (issue 32), measured with the example `ladder` as
/// `mancala-bot selfplay --random-plies N --pairs` measures them (each opening twice,
/// sides swapped; level 5 at the bot's 1000 ms a move with the 16-seed endgame tables).
/// A Hoyito 2x6 game is short and the side decides much (the start is a North win, see
/// the crate doc): a level gains only by the positions the one below throws away, and
/// after 6 random plies many games are decided before the levels play. There level 5
/// scores only 77% against a random player and 69% against a depth-1 player erring by
/// 2 seeds: too little room for four steps of 65%. From 2 random plies the room is
/// there (89% against a random player), so the ladder is measured from 2 and its lower
/// levels are spread down to near random: level 1 plays at random (50 seeds of noise,
/// more than a board holds) but for a move that ends the game at once; level 2 looks one
/// move ahead and errs by up to 2 seeds; level 3 looks two ahead (the reply's captures
/// seen) and errs by up to 2; level 4 looks four ahead and errs by up to 1. Depth 8 and
/// 5 centi-seeds at level 4 threw too few won positions (level 5 scored 61% against it
/// from 2 plies), depth 5 and 50 centi-seeds too (62%).
///
/// Measured (2000 games a step between the depth-capped levels, 400 for level 5):
/// from 2 random plies (at most 36 openings) 2v1 74.2% and 74.3% (seeds 1 and 2), 3v2
/// 75.2% and 74.1%, 4v3 68.0% and 67.9%, 5v4 67.8% (200 games, seed 1) and 68.0% (seed
/// 2); through `mancala-bot selfplay` (seed 0, 400 games; 5v4 200 games, seeds 0 and 3)
/// 75.2%, 71.2%, 66.4%, and 64.8% and 66.0%, then 65.4% and 65.8% (400 games, seeds 4
/// and 5): 5v4 is 66.3% over its 1800 games, the narrowest step. From 4 plies 67.7%, 71.2%, 67.0%, 65.0%; from 6 plies 64.1%, 64.5%,
/// 62.9%, 61.2% (the old steps, (1, 200), (2, 100), (5, 25), (8, 5), gave 66%, 65%,
/// 62%, 57% there).
fn level_params(level: u8, variant: Variant) -> (u32, i32) {
    if !variant.is_katro() {
        return match level {
            1 => (1, 5000),
            2 => (1, 200),
            3 => (2, 200),
            4 => (4, 100),
            _ => (MAX_DEPTH, 0),
        };
    }
    match level {
        1 => (1, 150),
        2 => (2, 60),
        3 => (4, 25),
        4 => (6, 5),
        _ => (MAX_DEPTH, 0),
    }
}

/// The root noise of a move after `played` plies: the level's own, widened to
/// [`OPENING_MARGIN`] in a varied opening at levels 3 to 5 (the lower levels already err
/// more than that).
fn opening_noise(config: &SearchConfig, played: usize, noise: i32) -> i32 {
    let opening = u32::try_from(played).is_ok_and(|p| p < config.opening_plies);
    if opening && config.level >= 3 {
        noise.max(OPENING_MARGIN)
    } else {
        noise
    }
}

/// A refused [`SearchConfig`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConfigError {
    /// The level is not 1-5.
    Level(u8),
    /// The table size is 0 or above 4096 MiB.
    TableSize(usize),
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigError::Level(l) => write!(f, "AI level {l} does not exist: levels are 1 to 5"),
            ConfigError::TableSize(mb) => write!(
                f,
                "transposition table of {mb} MiB refused: sizes are 1 to 4096 MiB"
            ),
        }
    }
}

impl std::error::Error for ConfigError {}

/// The move an [`Ai`] chose, and what the search saw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The chosen move; always legal in the searched position.
    pub mv: Move,
    /// Its score for the mover, in centi-seeds (100 = one seed); beyond
    /// ±[`WIN_BOUND`] a proven win (positive) or loss (negative).
    pub score: i32,
    /// Depth of the last completed iteration, plies.
    pub depth: u32,
    /// Positions searched for this move.
    pub nodes: u64,
}

/// What bounds one [`Ai::analyse`] search, and how it plays. The search ends at the
/// first limit reached, after a proven win or loss, or when `stop` is raised; with no
/// `depth`, `nodes` nor `movetime` it runs until then (or to the level's depth cap).
/// Whatever ends it, the first iteration (depth 1) is always completed, so a move is
/// always found.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Playing strength, 1-5, as [`SearchConfig::level`]: the level's depth cap and
    /// random error apply.
    pub level: u8,
    /// Deepest iteration, plies (at most the level's cap and [`MAX_DEPTH`]); `None` for
    /// the level's cap.
    pub depth: Option<u32>,
    /// Node budget (searched positions); `None` for none.
    pub nodes: Option<u64>,
    /// Time budget: as [`SearchConfig::ms_per_move`] (no new iteration when its first
    /// move would not fit, nor after three quarters of it once the root's choice is
    /// settled; cut off at the full budget). `None` for none. When a cut-off iteration
    /// changes the best move, it is reported too, with the depth it was searched to.
    pub movetime: Option<Duration>,
    /// Raised (by any thread) to end the search early; the last completed iteration's
    /// move is returned. Read along with the clock, every thousand or so positions.
    pub stop: Option<Arc<AtomicBool>>,
}

impl Default for Limits {
    /// Level 5, no limit, no stop flag.
    fn default() -> Self {
        Limits {
            level: 5,
            depth: None,
            nodes: None,
            movetime: None,
            stop: None,
        }
    }
}

/// A search score read for people: seeds ahead, or a proven result and its distance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// The evaluation, centi-seeds (100 = one seed) for the player to move.
    CentiSeeds(i32),
    /// The player to move wins in this many plies (moves of either player) at most.
    Win(u32),
    /// The player to move loses in this many plies at least.
    Loss(u32),
}

impl Score {
    /// Reads a raw search score ([`SearchResult::score`], [`Iteration::score`]): beyond
    /// ±[`WIN_BOUND`] it is a proven result, [`WIN`] minus its magnitude plies away.
    pub fn from_raw(score: i32) -> Score {
        if score > WIN_BOUND {
            Score::Win(WIN.abs_diff(score))
        } else if score < -WIN_BOUND {
            Score::Loss(WIN.abs_diff(-score))
        } else {
            Score::CentiSeeds(score)
        }
    }
}

/// One completed iteration of [`Ai::analyse`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Iteration {
    /// Its depth, plies.
    pub depth: u32,
    /// The best move's score for the player to move, raw: centi-seeds, or beyond
    /// ±[`WIN_BOUND`] a proven result (see [`Score::from_raw`]).
    pub score: i32,
    /// Positions searched since the search began.
    pub nodes: u64,
    /// Time since the search began.
    pub elapsed: Duration,
    /// The principal variation: the best move, then the replies the search expects, as
    /// far as its transposition table still holds them (at least one move, at most 32).
    /// Every move is legal in turn from the searched position.
    pub pv: Vec<Move>,
}

/// Why [`Ai::analyse`] found no move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchError {
    /// The level is not 1-5.
    Level(u8),
    /// The player to move has no legal move: the game is over (K9, H7, H10).
    NoMove,
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::Level(l) => ConfigError::Level(*l).fmt(f),
            SearchError::NoMove => f.write_str("the player to move has no legal move"),
        }
    }
}

impl std::error::Error for SearchError {}

/// An AI player: owns its transposition table and random generator, so one `Ai` per
/// game (or per bot, used from one thread at a time). `Send`.
pub struct Ai {
    config: SearchConfig,
    searcher: search::Searcher,
    rng: SmallRng,
    /// Raised to end every search of this AI early ([`Ai::set_stop`]).
    stop: Option<Arc<AtomicBool>>,
}

impl fmt::Debug for Ai {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Ai").field("config", &self.config).finish()
    }
}

impl Ai {
    /// An AI with `config`; allocates its transposition table.
    ///
    /// # Errors
    /// [`ConfigError`] when the level is not 1-5 or the table size is not 1-4096 MiB.
    pub fn new(config: SearchConfig) -> Result<Ai, ConfigError> {
        if !LEVELS.contains(&config.level) {
            return Err(ConfigError::Level(config.level));
        }
        if !(1..=4096).contains(&config.tt_mb) {
            return Err(ConfigError::TableSize(config.tt_mb));
        }
        Ok(Ai {
            config,
            searcher: search::Searcher::new(config.tt_mb),
            rng: SmallRng::seed_from_u64(config.seed),
            stop: None,
        })
    }

    /// A flag that ends this AI's searches early when raised (by any thread): those of
    /// [`Ai::choose`], and those of [`Ai::analyse`] whose [`Limits::stop`] is `None`.
    /// A process that shuts down raises it, so that no search holds it up; the searcher
    /// still returns the last completed iteration's move, which the caller may discard.
    pub fn set_stop(&mut self, stop: Option<Arc<AtomicBool>>) {
        self.stop = stop;
    }

    /// The configuration.
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// Bytes of the transposition table (the AI's memory, apart from a few kB).
    pub fn table_bytes(&self) -> usize {
        self.searcher.tt_bytes()
    }

    /// Takes `config` for the next searches, reusing this AI's transposition table
    /// (allocated anew only when `config.tt_mb` differs): as [`Ai::reset`] after
    /// [`Ai::new`] with `config`, without the allocation. For a pool of searchers shared
    /// by many games, whose memory stays that of the pool.
    ///
    /// # Errors
    /// As [`Ai::new`]; the AI is unchanged then.
    pub fn reconfigure(&mut self, config: SearchConfig) -> Result<(), ConfigError> {
        if !LEVELS.contains(&config.level) {
            return Err(ConfigError::Level(config.level));
        }
        if !(1..=4096).contains(&config.tt_mb) {
            return Err(ConfigError::TableSize(config.tt_mb));
        }
        if config.tt_mb == self.config.tt_mb {
            self.searcher.clear();
        } else {
            self.searcher = search::Searcher::new(config.tt_mb);
        }
        self.config = config;
        self.rng = SmallRng::seed_from_u64(config.seed);
        Ok(())
    }

    /// Forgets the transposition table and killers and reseeds the random generator
    /// with the configured seed: the next searches repeat those of a new `Ai`.
    pub fn reset(&mut self) {
        self.searcher.clear();
        self.rng = SmallRng::seed_from_u64(self.config.seed);
    }

    /// Chooses a move for the player to move in `game`, taking its history into
    /// account (K10/H10 repetition). `None` once the game is over.
    pub fn choose_in_game(&mut self, game: &Game) -> Option<SearchResult> {
        if game.outcome().is_over() {
            return None;
        }
        let mut replay = Game::from_position(game.start());
        let mut history = Vec::with_capacity(game.moves().len() + 1);
        for &mv in game.moves() {
            history.push(replay.position());
            // The moves of a Game were legal when played, and replay identically.
            replay.advance(mv).ok()?;
        }
        self.choose(&game.position(), &history)
    }

    /// Chooses a move for the player to move in `pos`; `history` holds the earlier
    /// positions of the game (oldest first; may be empty), so that the search can see
    /// K10/H10 repetitions.
    ///
    /// `pos` should be a position reached by play (or settled by [`Game`]): a Hoyito
    /// player to move who cannot move has already passed (H3). Returns `None` when the
    /// player to move has no legal move (the game is over: K9, H7, H10).
    pub fn choose(&mut self, pos: &Position, history: &[Position]) -> Option<SearchResult> {
        let (max_depth, noise) = level_params(self.config.level, pos.variant());
        let noise = opening_noise(&self.config, history.len(), noise);
        let deadline = (self.config.ms_per_move > 0).then(|| {
            let start = Instant::now();
            let ms = self.config.ms_per_move;
            (
                start + Duration::from_millis(ms * 3 / 4),
                start + Duration::from_millis(ms),
            )
        });
        let limits = search::Limits {
            max_depth,
            deadline,
            max_nodes: self.config.max_nodes.unwrap_or(u64::MAX),
            stop: self.stop.clone(),
        };
        let r = self
            .searcher
            .search_root(pos, history, limits, noise, &mut self.rng, None)?;
        Some(r.into())
    }

    /// Searches `pos` (its earlier positions in `history`, as for [`Ai::choose`]) within
    /// `limits` rather than the configuration's level, time and node budget, calling
    /// `report` after each completed iteration, deepest last. The transposition table
    /// and random generator carry over from search to search, as with [`Ai::choose`].
    ///
    /// # Errors
    /// [`SearchError::Level`] for a level outside 1-5, [`SearchError::NoMove`] when
    /// the player to move has no legal move.
    pub fn analyse(
        &mut self,
        pos: &Position,
        history: &[Position],
        limits: &Limits,
        report: &mut dyn FnMut(&Iteration),
    ) -> Result<SearchResult, SearchError> {
        if !LEVELS.contains(&limits.level) {
            return Err(SearchError::Level(limits.level));
        }
        let (level_depth, noise) = level_params(limits.level, pos.variant());
        let start = Instant::now();
        // A budget too long for the clock's range (years) is no time limit.
        let deadline = limits
            .movetime
            .and_then(|t| Some((start.checked_add(t * 3 / 4)?, start.checked_add(t)?)));
        let bounds = search::Limits {
            max_depth: limits.depth.map_or(level_depth, |d| d.min(level_depth)),
            deadline,
            max_nodes: limits.nodes.unwrap_or(u64::MAX),
            stop: limits.stop.clone().or_else(|| self.stop.clone()),
        };
        let mut forward = |r: search::Report| {
            report(&Iteration {
                depth: r.depth,
                score: r.score,
                nodes: r.nodes,
                elapsed: r.elapsed,
                pv: r.pv,
            })
        };
        let r = self
            .searcher
            .search_root(
                pos,
                history,
                bounds,
                noise,
                &mut self.rng,
                Some(&mut forward),
            )
            .ok_or(SearchError::NoMove)?;
        Ok(r.into())
    }
}

impl From<search::RootResult> for SearchResult {
    fn from(r: search::RootResult) -> SearchResult {
        SearchResult {
            mv: r.mv,
            score: r.score,
            depth: r.depth,
            nodes: r.nodes,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_rules::Variant;

    fn assert_send<T: Send>() {}

    #[test]
    fn ai_is_send_and_refuses_bad_levels() {
        assert_send::<Ai>();
        let e = Ai::new(SearchConfig {
            level: 6,
            ..SearchConfig::default()
        })
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "AI level 6 does not exist: levels are 1 to 5"
        );
        assert_eq!(
            Ai::new(SearchConfig {
                tt_mb: 0,
                ..SearchConfig::default()
            })
            .unwrap_err(),
            ConfigError::TableSize(0)
        );
    }

    #[test]
    fn equal_seeds_give_equal_moves_under_a_node_budget() {
        let cfg = SearchConfig {
            level: 5,
            ms_per_move: 0,
            tt_mb: 1,
            seed: 7,
            max_nodes: Some(20_000),
            opening_plies: 0,
        };
        for v in [Variant::KATRO, Variant::HOYITO] {
            let mut a = Ai::new(cfg).unwrap();
            let mut b = Ai::new(cfg).unwrap();
            let mut game = Game::new(v);
            for _ in 0..6 {
                let (Some(x), Some(y)) = (a.choose_in_game(&game), b.choose_in_game(&game)) else {
                    break;
                };
                assert_eq!(x, y);
                game.play(x.mv).unwrap();
            }
        }
    }

    /// A reconfigured AI (the pool's reuse of one table for many games) plays as a new
    /// one with the same configuration, and keeps its table when the size is unchanged.
    #[test]
    fn a_reconfigured_ai_plays_as_a_new_one() {
        let cfg = |level, seed| SearchConfig {
            level,
            ms_per_move: 0,
            tt_mb: 1,
            seed,
            max_nodes: Some(20_000),
            opening_plies: 0,
        };
        let mut pooled = Ai::new(cfg(2, 1)).unwrap();
        let bytes = pooled.table_bytes();
        let mut game = Game::new(Variant::KATRO);
        for ply in 0..8u64 {
            let c = cfg(1 + (ply % 5) as u8, ply);
            pooled.reconfigure(c).unwrap();
            assert_eq!(pooled.table_bytes(), bytes);
            let x = pooled.choose_in_game(&game).unwrap();
            let y = Ai::new(c).unwrap().choose_in_game(&game).unwrap();
            assert_eq!(x, y, "ply {ply}");
            game.play(x.mv).unwrap();
        }
        assert_eq!(
            pooled.reconfigure(cfg(6, 0)).unwrap_err(),
            ConfigError::Level(6)
        );
        assert_eq!(pooled.config().level, 3, "unchanged after a refusal");
        pooled
            .reconfigure(SearchConfig {
                tt_mb: 2,
                ..cfg(1, 0)
            })
            .unwrap();
        assert!(pooled.table_bytes() > bytes);
    }

    #[test]
    fn no_move_once_the_game_is_over() {
        // K9: North has no seed left, so the game is over and there is nothing to play.
        let p: Position =
            "katro/4,4,4,4,4,4/4,4,4,4,4,4/4,4,4,4,4,4/0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0 n"
                .parse()
                .unwrap();
        let mut ai = Ai::new(SearchConfig::default()).unwrap();
        assert_eq!(ai.choose(&p, &[]), None);
        assert_eq!(ai.choose_in_game(&Game::from_position(p)), None);
    }
}
