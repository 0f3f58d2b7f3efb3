//! `mancala-bot puzzles generate` (issue 32): finds puzzles in analysed games, positions
//! where exactly one move wins clearly ([`mancala_ai::puzzle`]), and writes them as a
//! puzzle set (`data/puzzles/NAME.json`, [`mancala_bot::core::puzzle::set`]).
//!
//! Sources: the games of export files (`--from`, the JSON lines of `mancala-bot
//! export`), then games of level 5 against itself on a node budget (deterministic) from
//! random openings (`selfplay`'s, drawn from `--seed`), until `--count` puzzles are
//! found or `--games` self-play games are played. Every position of a game (after the
//! opening) is judged, as a puzzle is served: from the position alone, without the
//! game's history; a position already in the set, or reached by the line of a
//! puzzle already in it, or (Katro) the mirror image of one, is skipped, so that no
//! two puzzles share a position.

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use mancala_ai::puzzle::{Finder, FinderConfig, Found, Goal};
use mancala_ai::{Ai, SearchConfig};
use mancala_bot::core::puzzle::set::{self as sets, Puzzle, PuzzleSet};
use mancala_rules::{Game, Position, Variant};

/// Arguments of `mancala-bot puzzles`.
#[derive(clap::Args, Debug)]
pub struct PuzzlesArgs {
    #[command(subcommand)]
    #[allow(missing_docs)]
    pub cmd: PuzzlesCmd,
}

/// The `puzzles` subcommands.
#[derive(clap::Subcommand, Debug)]
pub enum PuzzlesCmd {
    /// Find puzzles in self-play and played games and write them as a puzzle set.
    Generate(GenerateArgs),
}

/// Arguments of `mancala-bot puzzles generate`.
#[derive(clap::Args, Debug, Clone)]
pub struct GenerateArgs {
    /// The game (RULES.md N3): katro, katro:4x6, katro:4x4, hoyito, hoyito:2xN (N 6-12).
    #[arg(long)]
    pub game: Variant,
    /// Puzzles to find (1 to 100000); the run stops there.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub count: u32,
    /// The set file to write (JSON), rewritten after each puzzle found.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Keep the puzzles already in `--out` (same game) and add to them.
    #[arg(long)]
    pub append: bool,
    /// Export files (`mancala-bot export`) whose games of this board are searched
    /// first; may be given more than once.
    #[arg(long, value_name = "FILE")]
    pub from: Vec<PathBuf>,
    /// Seed of the self-play openings; each game draws its own from it.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Self-play games at most (0: none, only `--from`).
    #[arg(long, default_value_t = 100_000)]
    pub games: u32,
    /// Uniformly random plies before level 5 takes over (0 to 40).
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(0..=40))]
    pub random_plies: u32,
    /// Node budget of each self-play move (1000 to 10000000).
    #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u64).range(1_000..=10_000_000))]
    pub play_nodes: u64,
    /// Node budget of the finder's search of each move (1000 to 10000000); default:
    /// the board's (`FinderConfig::for_variant`), which the shipped sets' test checks.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1_000..=10_000_000))]
    pub nodes: Option<u64>,
    /// Node budget of the deeper look that must agree on every only move (0 for none,
    /// up to 40000000); default: four times the finder's.
    #[arg(long, value_parser = clap::value_parser!(u64).range(0..=40_000_000))]
    pub confirm_nodes: Option<u64>,
    /// Longest line, plies: 1, 3, 5 or 7.
    #[arg(long, default_value_t = 5, value_parser = parse_plies)]
    pub max_plies: usize,
    /// Number the puzzles from this one (ids `PREFIX-NNNN`), e.g. to keep two runs'
    /// ids apart; default: after the highest id kept.
    #[arg(long)]
    pub first_id: Option<u32>,
    /// Hoyito 2x6: load the endgame tables from DIR's cache file (written there when
    /// missing) rather than building them in memory.
    #[arg(long, value_name = "DIR")]
    pub tables: Option<PathBuf>,
}

/// Parses `--max-plies`: 1, 3, 5 or 7.
fn parse_plies(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(n @ (1 | 3 | 5 | 7)) => Ok(n),
        _ => Err(format!(
            "`{s}` is not 1, 3, 5 or 7 (a line's plies: odd, at most 7)"
        )),
    }
}

/// The id prefix of `variant`'s puzzles: `k6`, `k46`, `k44`, `h6` ... `h12`.
pub fn id_prefix(variant: Variant) -> String {
    if variant.is_katro() {
        match (variant.rows(), variant.cols()) {
            (6, 6) => "k6".into(),
            (r, c) => format!("k{r}{c}"),
        }
    } else {
        format!("h{}", variant.cols())
    }
}

/// A run: the set being filled, the positions used, the finder.
struct Run {
    variant: Variant,
    set: PuzzleSet,
    seen: HashSet<Position>,
    finder: Finder,
    next_id: u32,
    target: usize,
    out: PathBuf,
    judged: u64,
}

impl Run {
    /// Judges every position of `game` from ply `from` on; `source(ply)` names where
    /// it was found. Stops once the set is full.
    fn scan(
        &mut self,
        game: &Game,
        from: usize,
        source: &dyn Fn(usize) -> String,
    ) -> anyhow::Result<()> {
        let mut replay = Game::from_position(game.start());
        for (ply, &mv) in game.moves().iter().enumerate() {
            if self.set.puzzles.len() >= self.target {
                return Ok(());
            }
            let pos = replay.position();
            if ply >= from && !self.seen.contains(&pos) {
                self.judged += 1;
                // Judged without the game's history: a puzzle is served from its
                // position alone, so repetition (K10, H10) counts from there.
                if let Some(found) = self.finder.find(&pos, &[]) {
                    self.add(&pos, found, source(ply))?;
                }
            }
            replay.advance(mv).context("replaying a game")?;
        }
        Ok(())
    }

    /// Adds a puzzle found at `pos` unless its line reaches a position used already,
    /// and writes the set.
    fn add(&mut self, pos: &Position, found: Found, source: String) -> anyhow::Result<()> {
        let mut at = *pos;
        let mut solver_positions = vec![at];
        for (i, &mv) in found.solution.iter().enumerate() {
            at = at.play(mv).context("the finder's line")?;
            if i % 2 == 1 {
                solver_positions.push(at);
            }
        }
        if solver_positions.iter().any(|p| self.seen.contains(p)) {
            return Ok(());
        }
        self.seen
            .extend(solver_positions.iter().flat_map(|p| with_mirror(*p)));
        let goal = match found.goal {
            Goal::Win => sets::Goal::Win,
            Goal::Seeds { margin } => sets::Goal::Seeds { margin },
        };
        self.set.puzzles.push(Puzzle {
            id: format!("{}-{:04}", id_prefix(self.variant), self.next_id),
            position: pos.to_string(),
            solution: found.solution.iter().map(ToString::to_string).collect(),
            goal,
            themes: found.themes,
            rating: found.rating,
            source,
        });
        self.next_id += 1;
        write_set(&self.out, &self.set)
    }
}

/// Writes `set` to `path` (through a temporary file, so that a reader never sees half).
fn write_set(path: &Path, set: &PuzzleSet) -> anyhow::Result<()> {
    let text = serde_json::to_string_pretty(set).context("the set as JSON")? + "\n";
    let tmp = path.with_extension("json.tmp");
    std::fs::write(&tmp, text).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))
}

/// The puzzles kept from `--out` with `--append`, the next id after theirs, and how
/// they were made (the set's `generator`).
fn kept(args: &GenerateArgs) -> anyhow::Result<(Vec<Puzzle>, u32, String)> {
    if !args.append || !args.out.exists() {
        return Ok((Vec::new(), 1, String::new()));
    }
    let text = std::fs::read_to_string(&args.out)
        .with_context(|| format!("cannot read {}", args.out.display()))?;
    let (variant, set) =
        sets::parse_set(&text).map_err(|e| anyhow::anyhow!("{}: {e}", args.out.display()))?;
    if variant.to_string() != args.game.to_string() {
        anyhow::bail!(
            "{} is a set of {variant}, not of {}: --append adds to a set of the same game",
            args.out.display(),
            args.game
        );
    }
    let next = set
        .puzzles
        .iter()
        .filter_map(|p| p.id.rsplit('-').next()?.parse::<u32>().ok())
        .max()
        .map_or(1, |n| n + 1);
    Ok((set.puzzles, next, set.generator))
}

/// The games of `variant` in the export file `path` (a match's current or last game),
/// with their ids.
fn games_from(path: &Path, variant: Variant) -> anyhow::Result<Vec<(String, Game)>> {
    let file =
        std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    let backup = mancala_bot::core::backup::read_with(
        std::io::BufReader::new(file),
        mancala_bot::core::backup::ReadOptions::default(),
    )
    .map_err(|e| anyhow::anyhow!("{} {e}", path.display()))?;
    let mut games = Vec::new();
    for (_, entry) in backup.entries {
        if let mancala_bot::core::backup::Entry::Record(r) = entry {
            if let Some(play) = r.play() {
                let g = play.game();
                if g.variant().to_string() == variant.to_string() && !g.moves().is_empty() {
                    games.push((r.id.clone(), g.clone()));
                }
            }
        }
    }
    Ok(games)
}

/// Plays level 5 against itself on `nodes` per move from `start` (deterministic).
fn self_play(start: &Game, nodes: u64) -> anyhow::Result<Game> {
    let mut ai = Ai::new(SearchConfig {
        level: 5,
        ms_per_move: 0,
        tt_mb: 16,
        seed: 0,
        max_nodes: Some(nodes),
        opening_plies: 0,
    })
    .context("AI configuration")?;
    let mut game = start.clone();
    while !game.outcome().is_over() && game.moves().len() < crate::cli::selfplay::MAX_PLIES {
        ai.reset();
        let Some(found) = ai.choose_in_game(&game) else {
            break;
        };
        game.advance(found.mv).context("the AI's move")?;
    }
    Ok(game)
}

/// `mancala-bot puzzles`.
///
/// # Errors
/// A file that cannot be read or written, a bad export file, or `--append` to a set
/// of another game.
pub fn main(args: PuzzlesArgs) -> anyhow::Result<ExitCode> {
    match args.cmd {
        PuzzlesCmd::Generate(a) => generate(&a),
    }
}

/// `mancala-bot puzzles generate`: see the module doc. Prints a summary at the end.
///
/// # Errors
/// As [`main`].
pub fn generate(args: &GenerateArgs) -> anyhow::Result<ExitCode> {
    let variant = args.game;
    let mut config = FinderConfig::for_variant(variant);
    config.max_plies = args.max_plies;
    if let Some(n) = args.nodes {
        config.nodes = n;
        config.confirm_nodes = 4 * n;
    }
    if let Some(n) = args.confirm_nodes {
        config.confirm_nodes = n;
    }
    if variant == Variant::HOYITO {
        // The sets are made, and checked by their test, with the tables of 12 seeds: the
        // puzzles must not depend on whether a larger build is cached.
        mancala_ai::endgame::warm_up(args.tables.as_deref(), mancala_ai::endgame::HOYITO_SEEDS);
    }
    let (puzzles, next, before) = kept(args)?;
    let seen = used_positions(&puzzles, variant);
    let generator = format!(
        "mancala-bot puzzles generate --game {variant}: level 5 self-play ({} nodes a move) \
         from {} random plies, seed {}; each move searched within {} nodes, margin {} \
         centi-seeds, lines up to {} plies, confirmed at {} nodes",
        args.play_nodes,
        args.random_plies,
        args.seed,
        config.nodes,
        config.margin,
        config.max_plies,
        config.confirm_nodes
    );
    // Appended puzzles were made by both runs: say so.
    let generator = match before.as_str() {
        "" => generator,
        b if b == generator => generator,
        b => format!("{b}; then {generator}"),
    };
    let mut run = Run {
        variant,
        set: PuzzleSet {
            game: variant.to_string(),
            generator,
            puzzles,
        },
        seen,
        finder: Finder::new(config).context("the finder's table")?,
        next_id: args.first_id.unwrap_or(next),
        target: args.set_target(),
        out: args.out.clone(),
        judged: 0,
    };
    let t0 = Instant::now();
    let bar = crate::cli::progress::bar(run.target as u64, "puzzles");
    bar.set_position(run.set.puzzles.len() as u64);
    for file in &args.from {
        for (id, game) in games_from(file, variant)? {
            run.scan(&game, 0, &|ply| format!("game {id} ply {}", ply + 1))?;
            bar.set_position(run.set.puzzles.len() as u64);
        }
    }
    for g in 0..args.games {
        if run.set.puzzles.len() >= run.target {
            break;
        }
        let game_seed = args.seed.wrapping_mul(1_000_003).wrapping_add(u64::from(g));
        let start = crate::cli::selfplay::opening(variant, args.random_plies, game_seed);
        let from = start.moves().len();
        let game = self_play(&start, args.play_nodes)?;
        let seed = args.seed;
        run.scan(&game, from, &|ply| {
            format!("selfplay level 5 seed {seed} game {g} ply {}", ply + 1)
        })?;
        bar.set_position(run.set.puzzles.len() as u64);
    }
    bar.finish_and_clear();
    write_set(&args.out, &run.set)?;
    println!(
        "{}",
        summary(&run.set, run.judged, t0.elapsed().as_secs_f64())
    );
    Ok(ExitCode::SUCCESS)
}

/// The solver's positions of the lines of `puzzles` (start included): no new puzzle
/// may start at one, nor reach one.
fn used_positions(puzzles: &[Puzzle], variant: Variant) -> HashSet<Position> {
    let mut seen = HashSet::new();
    for p in puzzles {
        let Ok((start, line)) = p.check(variant) else {
            continue;
        };
        let mut at = start;
        seen.extend(with_mirror(at));
        for (i, mv) in line.iter().enumerate() {
            // A checked line is legal throughout.
            let Ok(next) = at.play(*mv) else { break };
            at = next;
            if i % 2 == 1 {
                seen.extend(with_mirror(at));
            }
        }
    }
    seen
}

/// `pos`, and on a Katro board its mirror image (every row reversed), the same puzzle
/// with `+` and `-` swapped (K4: the two tracks are mirror images).
fn with_mirror(pos: Position) -> Vec<Position> {
    let mut both = vec![pos];
    if pos.variant().is_katro() {
        let text = pos.to_string();
        let mirrored: Option<Position> = text.split_once('/').and_then(|(game, rest)| {
            let (rows, side) = rest.rsplit_once(' ')?;
            let rows: Vec<String> = rows
                .split('/')
                .map(|r| r.split(',').rev().collect::<Vec<_>>().join(","))
                .collect();
            format!("{game}/{} {side}", rows.join("/")).parse().ok()
        });
        both.extend(mirrored);
    }
    both
}

impl GenerateArgs {
    /// The size the set is filled to: the kept puzzles count towards `--count`.
    fn set_target(&self) -> usize {
        self.count as usize
    }
}

/// The run's figures: puzzles, positions judged, time, goals, themes, ratings.
fn summary(set: &PuzzleSet, judged: u64, secs: f64) -> String {
    let mut themes: BTreeMap<String, usize> = BTreeMap::new();
    let mut wins = 0;
    let mut lengths: BTreeMap<usize, usize> = BTreeMap::new();
    for p in &set.puzzles {
        for t in &p.themes {
            let name = serde_json::to_value(t)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default();
            *themes.entry(name).or_default() += 1;
        }
        wins += usize::from(p.goal == sets::Goal::Win);
        *lengths.entry(p.solution.len()).or_default() += 1;
    }
    let mut ratings: Vec<u16> = set.puzzles.iter().map(|p| p.rating).collect();
    ratings.sort_unstable();
    let pct = |q: usize| {
        ratings
            .get(ratings.len().saturating_sub(1) * q / 100)
            .copied()
    };
    format!(
        "{}: {} puzzles ({wins} wins), {judged} positions judged in {secs:.0} s; lines \
         {lengths:?}; themes {themes:?}; ratings min {:?} p10 {:?} median {:?} p90 {:?} max {:?}",
        set.game,
        set.puzzles.len(),
        pct(0),
        pct(10),
        pct(50),
        pct(90),
        pct(100)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// K4: a Katro position's mirror image is the same puzzle, `+` and `-` swapped; a
    /// Hoyito board has one direction (H2), so no mirror.
    #[test]
    fn k4_a_katro_position_and_its_mirror_are_one_puzzle() {
        let p: Position = "katro:4x4/1,0,0,1/1,0,0,0/8,0,0,0/5,5,5,6 s"
            .parse()
            .unwrap();
        let both = with_mirror(p);
        assert_eq!(both.len(), 2);
        assert_eq!(
            both[1].to_string(),
            "katro:4x4/1,0,0,1/0,0,0,1/0,0,0,8/6,5,5,5 s"
        );
        let a1 = mancala_rules::Move::parse("a1-", p.variant()).unwrap();
        let d1 = mancala_rules::Move::parse("d1+", p.variant()).unwrap();
        let (x, y) = (p.play(a1).unwrap(), both[1].play(d1).unwrap());
        assert_eq!(
            with_mirror(x)[1],
            y,
            "the mirrored move gives the mirrored position"
        );
        let h: Position = "hoyito/1,3,0,0,0,0/0,0,0,3,1,0 s 20 20".parse().unwrap();
        assert_eq!(with_mirror(h), vec![h]);
        assert_eq!(id_prefix(p.variant()), "k44");
        assert_eq!(id_prefix(Variant::KATRO), "k6");
        assert_eq!(id_prefix(h.variant()), "h6");
    }
}
