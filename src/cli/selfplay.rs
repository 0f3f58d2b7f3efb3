//! `mancala-bot selfplay`: plays games between the AI levels and a random player and
//! reports wins, draws, losses, game length and time per move. It is how the AI ladder
//! (issue 5) is measured.
//!
//! The searching levels are deterministic from a given position, so a run of games from
//! the start position alone plays one game again and again. `--random-plies N` starts
//! each game after N uniformly random plies drawn from the game's own seed, and
//! `--pairs` plays each opening twice with the players' sides swapped, so that an
//! opening that favours one side favours both players once: the ladder's figures are
//! counted by player over pairs (issue 32).

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use mancala_ai::mcts::Mcts;
use mancala_ai::opening::random_move;
use mancala_ai::{Ai, SearchConfig};
use mancala_bot::core::text::count;
use mancala_rules::{Game, Outcome, Side, Variant};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use serde_json::json;

/// A game that reaches this many plies is stopped and counted as a draw (a safety net:
/// K10/H10 repetition ends every game, but may take long). Reported on standard error.
pub const MAX_PLIES: usize = 5_000;

/// Arguments of `mancala-bot selfplay`.
#[derive(clap::Args, Debug, Clone)]
pub struct SelfplayArgs {
    /// The game (RULES.md N3): katro, katro:4x6, katro:4x4, hoyito, hoyito:2xN (N 6-12).
    pub game: Variant,
    /// South's player (moves first): `random`, `mcts` or `ai:L` with L a level from 1
    /// to 5.
    #[arg(long)]
    pub south: Player,
    /// North's player: `random`, `mcts` or `ai:L` with L a level from 1 to 5.
    #[arg(long)]
    pub north: Player,
    /// Number of games to play (at least 1).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=u32::MAX as i64))]
    pub games: u32,
    /// Time budget of an AI move, milliseconds (1 to 60000, as `ai.ms_per_move`).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=60_000))]
    pub ms_per_move: u64,
    /// Seed of every random choice (random players, openings, AI ties and errors); each
    /// game draws its own seed from it.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Uniformly random plies played from the start before the players take over (0 to
    /// 40); an opening that ends the game is drawn again.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=40))]
    pub random_plies: u32,
    /// Plays the games in pairs: each opening twice, the players' sides swapped in the
    /// second game (`--games` must then be even). The report counts by player.
    #[arg(long)]
    pub pairs: bool,
    /// Level 5 plays with the Hoyito 2x6 endgame tables, as the bot does: built, or
    /// loaded from DIR's cache file (written there when missing), before the first
    /// game. Without it, level 5 searches alone.
    #[arg(long, value_name = "DIR")]
    pub tables: Option<std::path::PathBuf>,
    /// The tables' size with `--tables`, in seeds in play: 4, 8, 12 or 16, as
    /// `[ai] endgame_seeds` (16 takes minutes to build the first time).
    #[arg(long, default_value_t = 16, value_parser = table_seeds)]
    pub table_seeds: u8,
    /// Print only one JSON object, on the last line:
    /// `{"games":N,"south_wins":..,"north_wins":..,"draws":..,"avg_plies":..,"avg_ms_per_move":..,
    /// "first_wins":..,"second_wins":..,"first_score":..}` (first: the `--south` player,
    /// whichever side it played), with `"pairs":{"first":..,"second":..,"drawn":..}` under
    /// `--pairs`.
    #[arg(long)]
    pub json: bool,
}

/// Parses `--table-seeds`: 4, 8, 12 or 16.
fn table_seeds(s: &str) -> Result<u8, String> {
    s.trim()
        .parse()
        .ok()
        .filter(|&n| mancala_ai::endgame::valid_seeds(n))
        .ok_or_else(|| format!("`{s}` is not 4, 8, 12 or 16 seeds"))
}

/// A selfplay player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// Picks a legal move uniformly at random.
    Random,
    /// The AI at this level (1-5).
    Ai(u8),
    /// Monte-Carlo tree search (UCT with random playouts, `mancala_ai::mcts`) with the
    /// same time per move: a general game-playing opponent to measure the AI against.
    Mcts,
}

impl std::str::FromStr for Player {
    type Err = String;

    /// Parses `random`, `mcts` or `ai:L` (L 1-5), case-insensitive.
    ///
    /// # Errors
    /// A message naming the text and what is allowed.
    fn from_str(s: &str) -> Result<Player, String> {
        let t = s.trim().to_ascii_lowercase();
        match t.as_str() {
            "random" => return Ok(Player::Random),
            "mcts" => return Ok(Player::Mcts),
            _ => {}
        }
        let bad =
            || format!("player `{s}` is not `random`, `mcts` or `ai:L` with L a level from 1 to 5");
        let level: u8 = t
            .strip_prefix("ai:")
            .and_then(|l| l.parse().ok())
            .ok_or_else(bad)?;
        if mancala_ai::LEVELS.contains(&level) {
            Ok(Player::Ai(level))
        } else {
            Err(bad())
        }
    }
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Player::Random => f.write_str("random"),
            Player::Ai(l) => write!(f, "ai:{l}"),
            Player::Mcts => f.write_str("mcts"),
        }
    }
}

/// The totals of a selfplay run.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Summary {
    /// Games played.
    pub games: u32,
    /// Games South won.
    pub south_wins: u32,
    /// Games North won.
    pub north_wins: u32,
    /// Drawn games (K10, H8, H10, or stopped at [`MAX_PLIES`]).
    pub draws: u32,
    /// Plies played in all games.
    pub plies: u64,
    /// Moves chosen by each side (index [`Side::index`]) and the milliseconds they took.
    pub moves: [u64; 2],
    /// Milliseconds spent choosing moves, per side.
    pub ms: [f64; 2],
    /// Games won by each player: index 0 the `--south` player, 1 the `--north` player,
    /// whichever side they played.
    pub player_wins: [u32; 2],
    /// Pairs (`--pairs`) won by each player (more points over the pair's two games).
    pub pairs_won: [u32; 2],
    /// Pairs drawn (equal points over the two games).
    pub pairs_drawn: u32,
}

impl Summary {
    /// Average plies per game.
    pub fn avg_plies(&self) -> f64 {
        self.plies as f64 / self.games.max(1) as f64
    }

    /// Average milliseconds per move over both sides' moves.
    pub fn avg_ms_per_move(&self) -> f64 {
        (self.ms[0] + self.ms[1]) / (self.moves[0] + self.moves[1]).max(1) as f64
    }

    /// Average milliseconds per move of one side.
    pub fn side_ms_per_move(&self, side: Side) -> f64 {
        self.ms[side.index()] / self.moves[side.index()].max(1) as f64
    }

    /// The first player's score in percent: a win 1, a draw one half, over all games.
    pub fn first_score(&self) -> f64 {
        let points = f64::from(self.player_wins[0]) + f64::from(self.draws) / 2.0;
        100.0 * points / f64::from(self.games.max(1))
    }

    /// The JSON summary line; `pairs`: with the pairs' tally.
    pub fn json(&self, pairs: bool) -> serde_json::Value {
        let mut v = json!({
            "games": self.games,
            "south_wins": self.south_wins,
            "north_wins": self.north_wins,
            "draws": self.draws,
            "avg_plies": (self.avg_plies() * 100.0).round() / 100.0,
            "avg_ms_per_move": (self.avg_ms_per_move() * 1000.0).round() / 1000.0,
            "first_wins": self.player_wins[0],
            "second_wins": self.player_wins[1],
            "first_score": (self.first_score() * 10.0).round() / 10.0,
        });
        if pairs {
            v["pairs"] = json!({
                "first": self.pairs_won[0],
                "second": self.pairs_won[1],
                "drawn": self.pairs_drawn,
            });
        }
        v
    }
}

/// One side's mover during a game.
enum Mover {
    Random(Box<SmallRng>),
    Ai(Box<Ai>),
    Mcts(Box<Mcts>),
}

/// A game of `variant` after `plies` uniformly random plies drawn from `seed` (see
/// [`mancala_ai::opening::random_opening`]).
pub fn opening(variant: Variant, plies: u32, seed: u64) -> Game {
    mancala_ai::opening::random_opening(variant, plies, seed)
}

/// Plays one game from `start` between `players` (South, North), with per-game seed
/// `seed`; adds it to `summary` (by side) and returns its outcome and plies (the
/// opening's included).
///
/// # Errors
/// Only if the AI configuration is refused (it is checked by `Player`'s `FromStr`).
pub fn play_game(
    start: &Game,
    players: [Player; 2],
    ms_per_move: u64,
    seed: u64,
    summary: &mut Summary,
) -> anyhow::Result<(Outcome, usize)> {
    let mut movers = Vec::with_capacity(2);
    for (i, p) in players.iter().enumerate() {
        let side_seed = seed.wrapping_mul(2).wrapping_add(i as u64);
        movers.push(match *p {
            Player::Random => Mover::Random(Box::new(SmallRng::seed_from_u64(side_seed))),
            Player::Ai(level) => Mover::Ai(Box::new(
                Ai::new(SearchConfig {
                    level,
                    ms_per_move,
                    tt_mb: 16,
                    seed: side_seed,
                    max_nodes: None,
                    opening_plies: 0,
                })
                .context("AI configuration")?,
            )),
            Player::Mcts => Mover::Mcts(Box::new(Mcts::new(side_seed))),
        });
    }
    let mut game = start.clone();
    // A random ply takes about as long as reading the clock, so random plies are timed
    // together: the game's time less the searchers' moves, shared by their counts.
    let started = Instant::now();
    let mut searched_ms = 0.0;
    let mut random_moves = [0u64; 2];
    while !game.outcome().is_over() && game.moves().len() < MAX_PLIES {
        let side = game.position().to_move();
        summary.moves[side.index()] += 1;
        let mover = &mut movers[side.index()];
        if let Mover::Random(rng) = mover {
            random_move(&mut game, rng)
                .context("the random player found no move in an ongoing game")?;
            random_moves[side.index()] += 1;
            continue;
        }
        // Only the searchers' moves read the clock (see above).
        let t0 = Instant::now();
        let mv = match mover {
            Mover::Random(_) => continue, // moved above
            Mover::Ai(ai) => {
                ai.choose_in_game(&game)
                    .context("the AI found no move in an ongoing game")?
                    .mv
            }
            Mover::Mcts(mcts) => {
                mcts.choose(&game.position(), u32::MAX, ms_per_move)
                    .context("MCTS found no move in an ongoing game")?
                    .0
            }
        };
        let ms = t0.elapsed().as_secs_f64() * 1000.0;
        summary.ms[side.index()] += ms;
        searched_ms += ms;
        game.advance(mv)
            .with_context(|| format!("the {side} player chose the illegal move {mv}"))?;
    }
    let random_ms = (started.elapsed().as_secs_f64() * 1000.0 - searched_ms).max(0.0);
    let all_random = (random_moves[0] + random_moves[1]).max(1) as f64;
    for (ms, n) in summary.ms.iter_mut().zip(random_moves) {
        *ms += random_ms * n as f64 / all_random;
    }
    let plies = game.moves().len();
    summary.games += 1;
    summary.plies += plies as u64;
    let outcome = game.outcome();
    match outcome.winner() {
        Some(Side::South) => summary.south_wins += 1,
        Some(Side::North) => summary.north_wins += 1,
        None => summary.draws += 1,
    }
    Ok((outcome, plies))
}

/// Runs the command, writing to `out`: exit 0 after the report. The arguments were
/// checked when clap parsed them (a bad game, player or count exits with status 2 and
/// the reason on standard error before this runs).
///
/// # Errors
/// When `out` cannot be written.
pub fn run(args: &SelfplayArgs, out: &mut impl Write) -> anyhow::Result<ExitCode> {
    let (variant, south, north) = (args.game, args.south, args.north);
    if args.pairs && args.games % 2 == 1 {
        anyhow::bail!(
            "--pairs plays each opening twice: --games must be even, not {}",
            args.games
        );
    }
    if !args.json {
        writeln!(
            out,
            "{variant}: South {south} vs North {north}, {}, {} ms per move, seed {}{}{}",
            count(args.games as usize, "game", "games"),
            args.ms_per_move,
            args.seed,
            match args.random_plies {
                0 => String::new(),
                n => format!(", {} random", count(n as usize, "ply", "plies")),
            },
            if args.pairs {
                ", in pairs (sides swapped)"
            } else {
                ""
            },
        )?;
    }
    if let Some(dir) = &args.tables {
        let t0 = Instant::now();
        let t = mancala_ai::endgame::warm_up(Some(dir), args.table_seeds);
        if !args.json {
            writeln!(
                out,
                "endgame tables: {} entries, {} MB, ready in {:.1} s",
                t.entries(),
                t.bytes() / 1_000_000,
                t0.elapsed().as_secs_f64()
            )?;
        }
    }
    let mut summary = Summary::default();
    let mut pair_points = [0u32; 2];
    let progress = crate::cli::progress::bar(u64::from(args.games), "games");
    for g in 0..args.games {
        let (line, swapped) = if args.pairs {
            (g / 2, g % 2 == 1)
        } else {
            (g, false)
        };
        let start = opening(variant, args.random_plies, game_seed(args.seed, line));
        let seats = if swapped {
            [north, south]
        } else {
            [south, north]
        };
        let (outcome, plies) = play_game(
            &start,
            seats,
            args.ms_per_move,
            game_seed(args.seed, g),
            &mut summary,
        )?;
        // Points by player (a win 2, a draw 1): index 0 the `--south` player.
        let mut points = [1, 1];
        if let Some(side) = outcome.winner() {
            let player = side.index() ^ usize::from(swapped);
            summary.player_wins[player] += 1;
            points = [0, 0];
            points[player] = 2;
        }
        if args.pairs {
            pair_points = [pair_points[0] + points[0], pair_points[1] + points[1]];
            if swapped {
                match pair_points[0].cmp(&pair_points[1]) {
                    std::cmp::Ordering::Greater => summary.pairs_won[0] += 1,
                    std::cmp::Ordering::Less => summary.pairs_won[1] += 1,
                    std::cmp::Ordering::Equal => summary.pairs_drawn += 1,
                }
                pair_points = [0, 0];
            }
        }
        progress.inc(1);
        if plies >= MAX_PLIES && !outcome.is_over() {
            progress.suspend(|| {
                eprintln!(
                    "game {}: stopped after {MAX_PLIES} plies, counted as a draw",
                    g + 1
                )
            });
        }
        if !args.json {
            let line = game_line(g, outcome, plies, seats);
            // Around the bar, so that a terminal shows the line and then the bar again.
            progress.suspend(|| writeln!(out, "{line}"))?;
        }
    }
    progress.finish_and_clear();
    if args.json {
        writeln!(out, "{}", summary.json(args.pairs)).context("writing to standard output")?;
    } else {
        report(&summary, args, out)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The seed of game (or opening) `n` of a run seeded `seed`.
fn game_seed(seed: u64, n: u32) -> u64 {
    mancala_ai::opening::game_seed(seed, u64::from(n))
}

/// `game N: RESULT, P plies (South X, North Y)`.
fn game_line(g: u32, outcome: Outcome, plies: usize, seats: [Player; 2]) -> String {
    let result = match outcome {
        Outcome::Win { winner, reason } => format!("{winner} wins, {reason}"),
        Outcome::Draw { reason } => format!("draw, {reason}"),
        Outcome::Ongoing => "draw, stopped".to_string(),
    };
    format!(
        "game {}: {result}, {} (South {}, North {})",
        g + 1,
        count(plies, "ply", "plies"),
        seats[0],
        seats[1]
    )
}

/// The run's totals as text: by side, by player, by pair, and the time per move.
fn report(s: &Summary, args: &SelfplayArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let tally = |won: u32, lost: u32| {
        format!(
            "{}, {}, {}",
            count(won as usize, "win", "wins"),
            count(s.draws as usize, "draw", "draws"),
            count(lost as usize, "loss", "losses")
        )
    };
    writeln!(out, "South: {}", tally(s.south_wins, s.north_wins))?;
    writeln!(out, "North: {}", tally(s.north_wins, s.south_wins))?;
    writeln!(
        out,
        "{} (first): {}, score {:.1}%",
        args.south,
        tally(s.player_wins[0], s.player_wins[1]),
        s.first_score()
    )?;
    if args.pairs {
        writeln!(
            out,
            "pairs: {} {} won, {} {} won, {} drawn",
            s.pairs_won[0], args.south, s.pairs_won[1], args.north, s.pairs_drawn
        )?;
    }
    writeln!(
        out,
        "average plies {:.1}, average ms per move {:.2} (South {:.2}, North {:.2})",
        s.avg_plies(),
        s.avg_ms_per_move(),
        s.side_ms_per_move(Side::South),
        s.side_ms_per_move(Side::North)
    )?;
    Ok(())
}

/// Runs the command on standard output; see [`run`].
///
/// # Errors
/// When standard output cannot be written.
pub fn main(args: SelfplayArgs) -> anyhow::Result<ExitCode> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    run(&args, &mut out)
}

/// `mancala-bot selfplay` (issue 5): totals, the JSON summary line, refused arguments.
#[cfg(test)]
mod tests {
    use super::{run, Player, SelfplayArgs};
    use clap::Parser;

    fn args(game: &str, south: &str, north: &str, games: u32, json: bool) -> SelfplayArgs {
        SelfplayArgs {
            game: game.parse().unwrap(),
            south: south.parse().unwrap(),
            north: north.parse().unwrap(),
            games,
            ms_per_move: 20,
            seed: 3,
            random_plies: 0,
            pairs: false,
            tables: None,
            table_seeds: 16,
            json,
        }
    }

    fn code(c: std::process::ExitCode) -> String {
        format!("{c:?}")
    }

    #[test]
    fn selfplay_json_summary_adds_up() {
        let mut out = Vec::new();
        let c = run(&args("katro:4x4", "ai:2", "random", 4, true), &mut out).unwrap();
        assert_eq!(code(c), code(std::process::ExitCode::SUCCESS));
        let text = String::from_utf8(out).unwrap();
        let last = text.lines().last().unwrap();
        let v: serde_json::Value = serde_json::from_str(last).unwrap();
        assert_eq!(v["games"], 4);
        let total = v["south_wins"].as_u64().unwrap()
            + v["north_wins"].as_u64().unwrap()
            + v["draws"].as_u64().unwrap();
        assert_eq!(total, 4);
        assert!(v["avg_plies"].as_f64().unwrap() > 0.0);
        assert!(v["avg_ms_per_move"].as_f64().unwrap() >= 0.0);
    }

    #[test]
    fn selfplay_text_reports_every_game_and_both_sides() {
        let mut out = Vec::new();
        run(&args("hoyito", "random", "random", 2, false), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.contains("game 1: ") && text.contains("game 2: "),
            "{text}"
        );
        assert!(text.contains("South: ") && text.contains("North: "));
        assert!(text.contains("random (first): "), "{text}");
        assert!(text.contains("average plies"));
    }

    /// Issue 32: every game of a run starts from its own random opening, the same one
    /// for a given seed; the start position alone made every AI game the same.
    #[test]
    fn selfplay_random_plies_give_each_game_its_own_opening() {
        let variant = "hoyito".parse().unwrap();
        let openings: Vec<_> = (0..8)
            .map(|g| super::opening(variant, 6, super::game_seed(3, g)))
            .collect();
        for o in &openings {
            assert_eq!(o.moves().len(), 6);
            assert!(!o.outcome().is_over());
        }
        let distinct: std::collections::HashSet<String> =
            openings.iter().map(|o| o.position().to_string()).collect();
        assert!(distinct.len() >= 6, "{distinct:?}");
        let again = super::opening(variant, 6, super::game_seed(3, 0));
        assert_eq!(again.moves(), openings[0].moves());
        assert_eq!(super::opening(variant, 0, 9).moves().len(), 0);
    }

    /// Issue 32: `--pairs` plays each opening twice with the players' sides swapped, and
    /// counts by player and by pair.
    #[test]
    fn selfplay_pairs_swap_sides_on_one_opening() {
        let mut a = args("katro:4x4", "ai:2", "random", 6, false);
        a.pairs = true;
        a.random_plies = 4;
        let mut out = Vec::new();
        run(&a, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().filter(|l| l.starts_with("game ")).collect();
        assert_eq!(lines.len(), 6, "{text}");
        for (i, l) in lines.iter().enumerate() {
            let seats = if i % 2 == 0 {
                "(South ai:2, North random)"
            } else {
                "(South random, North ai:2)"
            };
            assert!(l.ends_with(seats), "{l}");
        }
        assert!(text.contains("pairs: "), "{text}");
        a.json = true;
        let mut out = Vec::new();
        run(&a, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let v: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
        let n = |k: &str| v[k].as_u64().unwrap();
        assert_eq!(n("first_wins") + n("second_wins") + n("draws"), 6);
        assert_eq!(
            n("south_wins") + n("north_wins"),
            n("first_wins") + n("second_wins")
        );
        let p = &v["pairs"];
        let pairs = p["first"].as_u64().unwrap()
            + p["second"].as_u64().unwrap()
            + p["drawn"].as_u64().unwrap();
        assert_eq!(pairs, 3);
        // Level 2 beats a random player: it wins more pairs than it loses.
        assert!(p["first"].as_u64() > p["second"].as_u64(), "{v}");
        a.games = 5;
        let e = run(&a, &mut Vec::new()).unwrap_err().to_string();
        assert_eq!(
            e,
            "--pairs plays each opening twice: --games must be even, not 5"
        );
    }

    /// `mancala-bot selfplay ARGS...` as clap parses it.
    #[derive(Parser, Debug)]
    struct Cmd {
        #[command(flatten)]
        args: SelfplayArgs,
    }

    #[test]
    fn selfplay_refuses_bad_input_with_status_2() {
        for (argv, says) in [
            (
                "chess --south random --north random --games 1",
                "`katro`, `katro:4x6`, `katro:4x4`, `hoyito` or `hoyito:2xN`",
            ),
            (
                "katro --south ai:9 --north random --games 1",
                "--south <SOUTH>': player `ai:9` is not `random`, `mcts` or `ai:L` with L a level \
                 from 1 to 5",
            ),
            (
                "katro --south random --north human --games 1",
                "--north <NORTH>': player `human` is not `random`, `mcts` or `ai:L`",
            ),
            (
                "katro --south random --north random --games 0",
                "--games <GAMES>': 0 is not in 1..=4294967295",
            ),
            (
                "katro --south random --north random --games 1 --ms-per-move 0",
                "--ms-per-move <MS_PER_MOVE>': 0 is not in 1..=60000",
            ),
            (
                "katro --south random --north random --games 1 --random-plies 41",
                "--random-plies <RANDOM_PLIES>': 41 is not in 0..=40",
            ),
            (
                "hoyito --south ai:5 --north ai:4 --games 2 --table-seeds 6",
                "--table-seeds <TABLE_SEEDS>': `6` is not 4, 8, 12 or 16 seeds",
            ),
        ] {
            let argv = std::iter::once("selfplay").chain(argv.split(' '));
            let e = Cmd::try_parse_from(argv).unwrap_err();
            assert_eq!(e.exit_code(), 2, "{e}");
            assert!(e.to_string().contains(says), "{e}");
        }
        let ok = Cmd::try_parse_from([
            "selfplay", "hoyito", "--south", "AI:5", "--north", "random", "--games", "2",
        ])
        .unwrap()
        .args;
        assert_eq!(
            (ok.south, ok.north, ok.games, ok.ms_per_move, ok.table_seeds),
            (Player::Ai(5), Player::Random, 2, 1000, 16)
        );
        assert_eq!("AI:5".parse::<Player>(), Ok(Player::Ai(5)));
        assert!("ai:0".parse::<Player>().unwrap_err().contains("1 to 5"));
    }
}
