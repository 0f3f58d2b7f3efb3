//! Endgame databases (issue 15 item 4): perfect play in Hoyito 2x6 positions with few
//! seeds on the board, by retrograde analysis.
//!
//! - `index`: the perfect index of a layer (a combinatorial rank of the seed
//!   distribution, times the player to move);
//! - `build`: the retrograde analysis, layer by layer;
//! - `probe`: [`Tables::probe`], the [`Verdict`] of a position and its best move;
//! - `cache`: the cache file ([`Tables::save`], [`Tables::load`],
//!   [`Tables::load_or_build`]).
//!
//! # What a table entry holds
//!
//! Hoyito is decided by the stores (H8), and every seed still on the board ends in a
//! store: captured (H5, H6a, H7) or swept to its row's owner (H10). So the result from
//! a position is the current store difference `d` (player to move minus opponent) plus
//! the *net seeds* the player to move will still take (his captures from here minus his
//! opponent's), and the value of a position needs no stores: the entry of a board and
//! player to move is the net seeds under perfect play, and the result with perfect play
//! is the sign of `d + net` (a player who can force `net >= v` can force the result
//! `sign(d + v)`, whatever `d` is, since the sign is monotone). Values lie in
//! `-k..=k` for `k` seeds on the board: one `i8` each.
//!
//! Seeds leave the board only in fours (H5-H7), so only multiples of four occur (the
//! N4 parser refuses others); a capture that leaves four ends the game (H7). The layers
//! are 4, 8, 12 and 16 seeds: the bot has those of [`HOYITO_SEEDS`] (12) first and
//! builds the 16-seed layer on top of them once ([`LARGEST_SEEDS`], `[ai]
//! endgame_seeds`).
//!
//! # Cycles and repetition (H10) *(choice)*
//!
//! Non-capturing moves keep the seeds on the board, so play can go round a cycle; H10
//! ends it at the third occurrence of a position with the rows swept into the stores,
//! and which position repeats first depends on the game's history, which an entry does
//! not know. So an entry holds what each player can *guarantee* whatever H10 gives
//! (built in `build`, by value iteration to fixed points):
//!
//! - by *attraction*: force, in a finite number of plies and without repeating a
//!   position, a capture out of the layer (or the end) worth that much;
//! - by *safety*: keep every position the play visits swept at that value or better
//!   (so that wherever a repetition ends the game, H10 gives at least that), and every
//!   capture out of the layer at least that;
//! - or attraction into a position where safety takes over.
//!
//! The player to move guarantees `lo`, his opponent holds him to `hi`, and the net
//! seeds with perfect play lie in `lo..=hi` for any history in which the positions
//! ahead have not occurred twice already (the search checks the game's history before
//! it trusts the tables' move). Where `lo == hi` (68% of the entries) the value is
//! exact. A [`Verdict`] calls the result *won*, *drawn* or *lost with perfect play*
//! when both bounds give it for the position's stores, which is almost always the case
//! in played games (all 2,718 positions inside the tables in 100 games of level 2
//! against itself, 4,649 of 4,698 in 100 games of random moves); otherwise the search
//! decides, with its own repetition rule.
//!
//! # Katro
//!
//! Not built, on purpose. Katro never removes a seed (captured seeds are sown on, K6b,
//! K7), and a Katro position holds 1-4 seeds per hole on average (K1; the N4 parser
//! refuses any other total), so a Katro 4x4 position always has at least 16 seeds on its
//! 16 holes: the smallest layer has `2 * C(31, 15)` = 601 million entries (about 150 MB
//! even at two bits each) and each needs up to 16 sowings per iteration, far beyond the
//! memory and build time here; no game, not even one set up with `position fen`, ever
//! reaches a layer small enough.
//!
//! # Figures
//!
//! 12 seeds ([`HOYITO_SEEDS`]): 2,858,050 entries (layers of 4, 8 and 12 seeds: 2,730,
//! 151,164 and 2,704,156), 8 bytes each (two guarantees and their two safety parts as
//! `i8`, two `u16` ranks): 22.9 MB in memory and in the cache file (saved in 0.3 s,
//! loaded and checked in 0.1 s). Built in about 17 s in release on one core (8 s of it
//! sowing every move with the rules crate), about 150 MB at the peak; the largest rank
//! is 156 plies.
//!
//! 16 seeds ([`LARGEST_SEEDS`], issue 32: every board of 16 seeds or fewer, 14.5
//! million boards): 28,933,840 entries (the 16-seed layer 26,075,790), 231.5 MB in
//! memory and in the cache file (231,470,793 bytes; loaded and checked in 2 to 3 s).
//! The 16-seed layer, built on top of the 12 seeds, takes about 80 s of one core in
//! release (161 iterations; the largest rank is 159 plies; 9.9 million entries are
//! H10-dependent), with a peak of 1.34 GB resident for the whole process: the move
//! lists are compressed rows with one count byte per entry and one offset per 16
//! entries, the entries due at each iteration one compressed list, the dirty marks one
//! bit per entry. The 16-seed layer agrees with plain search on 200 random positions.
//! Measured by the ignored tests of `ai/tests/endgame.rs` (`cargo test -p mancala-ai
//! --release --test endgame -- --ignored --nocapture`) on a shared two-core machine,
//! under `/usr/bin/time -v`: 16 seeds took 91.6 s of user time (12 and 16 built,
//! saved, loaded, checked) and 11.8 minutes of wall time at a load of 8.

mod build;
mod cache;
mod index;
mod probe;

use core::fmt;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use mancala_rules::{Hole, Move, Position, Variant};

pub use cache::CacheStatus;
pub use probe::{Perfect, Verdict};

/// The tables a process has first: 12 seeds, built in about 18 s or loaded from their
/// cache file in a tenth of a second. The bot plays with them while it builds larger
/// ones ([`warm_up`]); a process that asks for no size (the `analyze` command, tests)
/// has only them.
pub const HOYITO_SEEDS: u8 = 12;

/// The largest tables the bot builds, its default (`[ai] endgame_seeds`): every Hoyito
/// 2x6 position with 16 seeds or fewer on the board (see the figures above).
pub const LARGEST_SEEDS: u8 = 16;

/// Whether tables of `seeds` seeds can be built: 4, 8, 12 or 16 (seeds leave the board
/// in fours, H7; 20 would not fit in memory).
pub fn valid_seeds(seeds: u8) -> bool {
    seeds > 0 && seeds.is_multiple_of(4) && seeds <= LARGEST_SEEDS
}

/// A proven result found in the tables counts, in search scores, as this many plies
/// beyond the ply where it was found: the distance to the end is not stored, and a
/// longer distance than any the search finds itself makes it prefer a win it can see.
pub const TABLE_PLIES: i32 = 256;

/// Why the tables could not be built, loaded or saved.
#[derive(Debug)]
pub enum EndgameError {
    /// Layers are multiples of four, 4 to 16 seeds (H7); this was asked.
    Seeds(u8),
    /// Reading or writing the cache file failed.
    Io(std::io::Error),
    /// The cache file is not a table of this format, game and size, or its checksum
    /// does not match.
    Corrupt(&'static str),
    /// The rules crate refused a generated position (a bug).
    Rules(String),
    /// An index out of its layer (a bug, or a position the tables do not cover).
    Index,
}

impl fmt::Display for EndgameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EndgameError::Seeds(s) => write!(
                f,
                "endgame tables of {s} seeds refused: 4, 8, 12 or 16 seeds (a multiple of four, H7)"
            ),
            EndgameError::Io(e) => write!(f, "endgame cache file: {e}"),
            EndgameError::Corrupt(why) => write!(f, "endgame cache file refused: {why}"),
            EndgameError::Rules(e) => write!(f, "endgame tables: position refused: {e}"),
            EndgameError::Index => f.write_str("endgame tables: index out of range"),
        }
    }
}

impl std::error::Error for EndgameError {}

impl From<std::io::Error> for EndgameError {
    fn from(e: std::io::Error) -> Self {
        EndgameError::Io(e)
    }
}

/// One layer: every board holding `seeds` seeds, each with either player to move (see
/// `build` for the meaning of each value). Equal layers hold equal values, however many
/// iterations built them.
#[derive(Clone)]
pub(crate) struct Layer {
    seeds: u8,
    /// Net seeds the player to move can guarantee: the lower bound of his value.
    mov: Vec<i8>,
    /// Net seeds his opponent can guarantee, from the opponent's side: minus the upper
    /// bound of the mover's value.
    non: Vec<i8>,
    /// The part of `mov` guaranteed by safety alone (every visited position swept at
    /// that value or better, H10).
    s_mov: Vec<i8>,
    /// The part of `non` guaranteed by safety alone.
    s_non: Vec<i8>,
    /// Plies within which `mov` is forced (the iteration where it last changed).
    rank_mov: Vec<u16>,
    /// Plies within which `non` is forced.
    rank_non: Vec<u16>,
    /// Iterations the build took (0 when loaded from a file).
    iterations: u32,
}

impl PartialEq for Layer {
    fn eq(&self, o: &Layer) -> bool {
        (self.seeds, &self.mov, &self.non, &self.s_mov, &self.s_non)
            == (o.seeds, &o.mov, &o.non, &o.s_mov, &o.s_non)
            && (&self.rank_mov, &self.rank_non) == (&o.rank_mov, &o.rank_non)
    }
}

impl Eq for Layer {}

/// The Hoyito 2x6 endgame tables: for every position with up to [`Tables::max_seeds`]
/// seeds on the board and no closed hole (M2), the net seeds with perfect play (see the
/// module doc). Immutable once built; share one through [`tables`].
#[derive(Clone, PartialEq, Eq)]
pub struct Tables {
    max_seeds: u8,
    layers: Vec<Layer>,
}

impl fmt::Debug for Tables {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Tables")
            .field("max_seeds", &self.max_seeds)
            .field("entries", &self.entries())
            .field("bytes", &self.bytes())
            .finish()
    }
}

impl Tables {
    /// Builds the tables of every layer up to `max_seeds` seeds on the board: 4 (2,730
    /// entries, instant), 8 (151 thousand, a fraction of a second), 12 (2.9 million,
    /// about 18 s in release), 16 (28.9 million; about 80 s of one core more, 1.34 GB at
    /// the peak).
    ///
    /// # Errors
    /// [`EndgameError::Seeds`] unless `max_seeds` is 4, 8, 12 or 16;
    /// [`EndgameError::Rules`] or [`EndgameError::Index`] only on a bug.
    pub fn build(max_seeds: u8) -> Result<Tables, EndgameError> {
        Tables {
            max_seeds: 0,
            layers: Vec::new(),
        }
        .extend(max_seeds)
    }

    /// These tables with the layers above them built up to `max_seeds` seeds: the same
    /// tables as [`Tables::build`]`(max_seeds)` (the layers below are reused, not built
    /// again: the bot's 16 seeds on top of its 12 loaded from their cache file).
    ///
    /// # Errors
    /// [`EndgameError::Seeds`] unless `max_seeds` is 4, 8, 12 or 16 and at least
    /// [`Tables::max_seeds`]; [`EndgameError::Rules`] or [`EndgameError::Index`] only
    /// on a bug.
    pub fn extend(&self, max_seeds: u8) -> Result<Tables, EndgameError> {
        if !valid_seeds(max_seeds) || max_seeds < self.max_seeds {
            return Err(EndgameError::Seeds(max_seeds));
        }
        let mut layers = self.layers.clone();
        for seeds in (self.max_seeds + 4..=max_seeds).step_by(4) {
            let layer = build::build_layer(seeds, &layers)?;
            layers.push(layer);
        }
        Ok(Tables { max_seeds, layers })
    }

    /// The most seeds on the board a position may hold to be in the tables.
    pub fn max_seeds(&self) -> u8 {
        self.max_seeds
    }

    /// Entries (boards times player to move) over all layers.
    pub fn entries(&self) -> usize {
        self.layers.iter().map(|l| l.mov.len()).sum()
    }

    /// Bytes of the tables' data: 8 per entry.
    pub fn bytes(&self) -> usize {
        self.entries() * 8
    }

    /// Value-iteration passes of each layer's build, smallest layer first (0 for
    /// layers loaded from a file).
    pub fn iterations(&self) -> Vec<u32> {
        self.layers.iter().map(|l| l.iterations).collect()
    }

    /// Entries whose two bounds differ (the result may depend on H10 repetition).
    pub fn open_entries(&self) -> usize {
        self.layers
            .iter()
            .map(|l| {
                l.mov
                    .iter()
                    .zip(&l.non)
                    .filter(|(a, b)| **a != -**b)
                    .count()
            })
            .sum()
    }

    /// The largest rank (plies within which a bound is forced) of any entry.
    pub fn max_rank(&self) -> u16 {
        self.layers
            .iter()
            .flat_map(|l| l.rank_mov.iter().chain(&l.rank_non))
            .copied()
            .max()
            .unwrap_or(0)
    }
}

/// The tables of every process, in two tiers, so that the search has the small ones
/// while the large ones are built: the first ([`HOYITO_SEEDS`] or fewer seeds; built
/// or loaded on the first call of [`tables`] or [`warm_up`], or [`install`]ed) and
/// the large (more seeds, built on top of the first by [`warm_up`]). [`ready`] gives
/// the largest there is.
static FIRST: OnceLock<Tables> = OnceLock::new();
static LARGE: OnceLock<Tables> = OnceLock::new();
static CACHE_DIR: OnceLock<PathBuf> = OnceLock::new();

/// The cache file's name under the data directory for tables of `seeds` seeds:
/// `hoyito-2x6-egdb-12.bin`, `hoyito-2x6-egdb-16.bin`.
pub fn cache_file(seeds: u8) -> String {
    format!("hoyito-2x6-egdb-{seeds}.bin")
}

/// Sets the directory the shared tables are cached in (the bot's data directory): the
/// first [`tables`] or [`warm_up`] call loads each size's [`cache_file`] there if it is
/// sound and writes it otherwise. Returns false (and changes nothing) once a directory
/// was set.
pub fn set_cache_dir(dir: &Path) -> bool {
    CACHE_DIR.set(dir.to_path_buf()).is_ok()
}

/// Tables of `seeds` seeds from the cache directory's file if it is sound, else built
/// (on top of `base` when given) and written there; built alone without a directory.
/// A build that fails (a bug) gives `None`.
fn obtain(seeds: u8, base: Option<&Tables>) -> Option<Tables> {
    let built = match CACHE_DIR.get() {
        Some(dir) => {
            Tables::load_or_extend(&dir.join(cache_file(seeds)), seeds, base).map(|(t, _)| t)
        }
        None => base.map_or_else(|| Tables::build(seeds), |b| b.extend(seeds)),
    };
    built.ok()
}

/// The first tier: `seeds` seeds (at most [`HOYITO_SEEDS`]) unless it exists already.
/// A build that fails (a bug) leaves empty tables, which answer no probe.
fn first_tier(seeds: u8) -> &'static Tables {
    FIRST.get_or_init(|| {
        obtain(seeds, None).unwrap_or(Tables {
            max_seeds: seeds,
            layers: Vec::new(),
        })
    })
}

/// The shared tables: the largest ready ([`ready`]), else those of [`HOYITO_SEEDS`]
/// seeds, built on this call (about 18 s in release; blocking) or loaded from the
/// cache directory ([`set_cache_dir`]). A cache that cannot be written is only a lost
/// speed-up. Never builds the larger tables: see [`warm_up`].
pub fn tables() -> &'static Tables {
    ready().unwrap_or_else(|| first_tier(HOYITO_SEEDS))
}

/// The largest shared tables built or loaded already; never builds.
pub fn ready() -> Option<&'static Tables> {
    LARGE.get().or_else(|| FIRST.get())
}

/// Makes `t` shared tables, if none of its tier (up to [`HOYITO_SEEDS`] seeds, or
/// more) were built or installed yet (a bot that builds or loads them its own way;
/// tests with small tables). Gives `t` back otherwise.
///
/// # Errors
/// `Err(t)` when the shared tables of its tier exist already.
pub fn install(t: Tables) -> Result<(), Tables> {
    if t.max_seeds > HOYITO_SEEDS {
        LARGE.set(t)
    } else {
        FIRST.set(t)
    }
}

/// Builds the shared tables of `seeds` seeds (4, 8, 12 or 16, see [`valid_seeds`];
/// another number counts as the valid one below it, and at least 4), or loads them
/// from `cache_dir`'s [`cache_file`] (writing that file when it is missing or
/// refused), unless that was done already; blocks. Above [`HOYITO_SEEDS`], the tables
/// of [`HOYITO_SEEDS`] seeds come first (loaded in a tenth of a second, or built in
/// about 18 s), so that [`ready`] gives them while the larger ones are built on top of
/// them (16 seeds: minutes; see the module doc) or loaded (a second or two). For the
/// bot's start, on a thread of its own: level 5 plays by the tables from then on.
/// `cache_dir` is ignored when a directory was set already ([`set_cache_dir`]).
/// Returns the largest tables there are then.
pub fn warm_up(cache_dir: Option<&Path>, seeds: u8) -> &'static Tables {
    if let Some(dir) = cache_dir {
        set_cache_dir(dir);
    }
    let seeds = (seeds - seeds % 4).clamp(4, LARGEST_SEEDS);
    let first = first_tier(seeds.min(HOYITO_SEEDS));
    if seeds > first.max_seeds && LARGE.get().is_none() && !first.layers.is_empty() {
        if let Some(t) = obtain(seeds, Some(first)) {
            let _ = LARGE.set(t);
        }
    }
    ready().unwrap_or(first)
}

/// The verdict of the shared tables on `pos` if they are built or loaded already (never
/// builds: see [`warm_up`]); `None` outside them or before they are ready.
pub fn ready_verdict(pos: &Position) -> Option<Verdict> {
    ready()?.probe(pos)
}

/// The verdict of the shared tables on `pos` (building those of [`HOYITO_SEEDS`] seeds
/// on first use, see [`tables`]); `None` outside them (see [`Tables::probe`]).
pub fn perfect(pos: &Position) -> Option<Verdict> {
    if !in_range(pos, LARGEST_SEEDS) {
        return None;
    }
    tables().probe(pos)
}

/// Whether `pos` is a Hoyito 2x6 position without closed holes (M2) and with 1 to
/// `max_seeds` seeds on the board, a multiple of four: one the tables hold.
pub(crate) fn in_range(pos: &Position, max_seeds: u8) -> bool {
    let k = pos.board_total();
    pos.variant() == Variant::HOYITO
        && k > 0
        && k.is_multiple_of(4)
        && k <= u32::from(max_seeds)
        && !(0..12u8).any(|i| pos.is_closed(Hole::new(i % 6, i / 6)))
}

/// Whether a level-5 search of `root` should probe tables of `max_seeds` seeds: a
/// Hoyito 2x6 game without closed holes, close enough to them (at most twice their
/// seeds on the board) that the search may reach them; elsewhere the probes would only
/// cost time.
pub(crate) fn wanted(root: &Position, max_seeds: u8) -> bool {
    let k = root.board_total();
    root.variant() == Variant::HOYITO
        && k <= 2 * u32::from(max_seeds)
        && !(0..12u8).any(|i| root.is_closed(Hole::new(i % 6, i / 6)))
}

/// What the search makes of `pos` at `ply` by the tables: `Some(Ok(score))` when they
/// prove a win or a loss (a result [`TABLE_PLIES`] plies beyond `ply`); `Some(Err(()))`
/// when they prove a draw, which the search keeps searching inside [`DRAW_BAND`]
/// (issue 32: a proven draw scored 0 ended the search at once, and level 5 settled for
/// any drawing move where it could still play for the opponent's mistakes); `None`
/// outside them.
#[inline]
pub(crate) fn search_score(t: &Tables, pos: &Position, ply: u32) -> Option<Result<i32, ()>> {
    match t.result(pos)? {
        Perfect::Drawn => Some(Err(())),
        p => Some(Ok(score_of(p, ply))),
    }
}

/// The scores a proven draw takes in the search, centi-seeds either side of 0: below
/// every proven win and above every proven loss, and below a clear advantage outside
/// the tables (a position not proven keeps its chances to win). Inside it, the search's
/// own value of the drawn position, compressed ([`draw_score`]), orders the drawing
/// moves by the seeds they keep in hand.
pub(crate) const DRAW_BAND: i32 = 99;

/// Each band step stands for this many centi-seeds of the search's own value.
const DRAW_STEP: i32 = 8;

/// A proven draw's score from the search's value `s` of it: `s` / [`DRAW_STEP`]
/// rounded down, within [`DRAW_BAND`]. Monotone, so that a bound on `s` is a bound on
/// the score.
#[inline]
pub(crate) fn draw_score(s: i32) -> i32 {
    s.div_euclid(DRAW_STEP).clamp(-DRAW_BAND, DRAW_BAND)
}

/// The window on the search's own value of a proven draw that answers the window
/// (`alpha`, `beta`) on its [`draw_score`]: `draw_score(s) <= alpha` exactly when
/// `s <= ` the first, `draw_score(s) >= beta` exactly when `s >=` the second (`inf`:
/// the search's infinity, for a side the band cannot reach). `None` when the band lies
/// wholly outside the window: the score is then the band's edge on that side.
#[inline]
pub(crate) fn draw_window(alpha: i32, beta: i32, inf: i32) -> Result<(i32, i32), i32> {
    if alpha >= DRAW_BAND {
        return Err(DRAW_BAND);
    }
    if beta <= -DRAW_BAND {
        return Err(-DRAW_BAND);
    }
    let lo = if alpha < -DRAW_BAND {
        -inf
    } else {
        alpha * DRAW_STEP + DRAW_STEP - 1
    };
    let hi = if beta > DRAW_BAND {
        inf
    } else {
        beta * DRAW_STEP
    };
    Ok((lo, hi))
}

/// The search score of a proven result found at `ply`.
fn score_of(p: Perfect, ply: u32) -> i32 {
    let dist = crate::WIN - TABLE_PLIES - ply as i32;
    match p {
        Perfect::Won => dist,
        Perfect::Drawn => 0,
        Perfect::Lost => -dist,
    }
}

/// The root's move by the tables: the best move of a position whose result they prove,
/// and its search score. `None` when they do not prove it.
pub(crate) fn root_choice(t: &Tables, root: &Position) -> Option<(Move, i32)> {
    let v = t.probe(root)?;
    Some((v.best?, score_of(v.result?, 0)))
}

/// The tables a search of `root` uses: level 5 (no root `noise`) with tables on
/// (`use_tables`, off only in the tests against plain minimax), in a game the tables
/// may answer ([`wanted`]), once they are built. The search never builds them, so that
/// a search never waits seconds for them and gives the same move whenever it runs:
/// the bot builds or loads them once at start ([`warm_up`]), `!analyze` on first use
/// ([`perfect`]).
pub(crate) fn for_search(root: &Position, noise: i32, use_tables: bool) -> Option<&'static Tables> {
    if noise == 0 && use_tables {
        ready().filter(|t| wanted(root, t.max_seeds))
    } else {
        None
    }
}

/// The root search's result when the tables prove the root won or lost: their best
/// move, the one that takes the most net seeds (unless it leads to a position of the
/// game's `history`, sorted keys, where H10 repetition could end the game otherwise
/// than they assume), reported as one iteration of depth 1. A proven draw is left to
/// the search (see [`search_score`]).
pub(crate) fn root_move(
    t: &Tables,
    root: &Position,
    history: &[u64],
    start: std::time::Instant,
    report: &mut Option<crate::report::Reporter<'_>>,
) -> Option<crate::report::RootResult> {
    let (mv, score) = root_choice(t, root)?;
    if score == 0 {
        return None;
    }
    let child = root.play(mv).ok()?;
    if history.binary_search(&crate::position_key(&child)).is_ok() {
        return None;
    }
    if let Some(report) = report.as_mut() {
        report(crate::report::Report {
            depth: 1,
            score,
            nodes: 1,
            elapsed: start.elapsed(),
            pv: vec![mv],
        });
    }
    Some(crate::report::RootResult {
        mv,
        score,
        depth: 1,
        nodes: 1,
    })
}
