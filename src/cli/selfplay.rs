//! `mancala-bot selfplay`: plays games between the AI levels and a random player and
//! reports wins, draws, losses, game length and time per move. It is how the AI ladder
//! (issue 5) is measured.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use mancala_ai::mcts::Mcts;
use mancala_ai::{Ai, SearchConfig};
use mancala_bot::core::text::count;
use mancala_rules::{Game, Outcome, Side, Variant};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
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
    /// Seed of every random choice (random players, AI ties and errors).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Print only one JSON object, on the last line:
    /// `{"games":N,"south_wins":..,"north_wins":..,"draws":..,"avg_plies":..,"avg_ms_per_move":..}`.
    #[arg(long)]
    pub json: bool,
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

    /// The JSON summary line.
    pub fn json(&self) -> serde_json::Value {
        json!({
            "games": self.games,
            "south_wins": self.south_wins,
            "north_wins": self.north_wins,
            "draws": self.draws,
            "avg_plies": (self.avg_plies() * 100.0).round() / 100.0,
            "avg_ms_per_move": (self.avg_ms_per_move() * 1000.0).round() / 1000.0,
        })
    }
}

/// One side's mover during a game.
enum Mover {
    Random(Box<SmallRng>),
    Ai(Box<Ai>),
    Mcts(Box<Mcts>),
}

/// Plays one game of `variant` between `players` (South, North), with per-game seed
/// `seed`; adds it to `summary` and returns its outcome and plies.
///
/// # Errors
/// Only if the AI configuration is refused (it is checked by `Player`'s `FromStr`).
pub fn play_game(
    variant: Variant,
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
    let mut game = Game::new(variant);
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

/// Plays a uniformly random legal move in `game`: a random candidate of the
/// position's pseudo-legal moves, dropped and drawn again when the rules refuse it (an
/// endless move), which is uniform over the legal moves and plays each move once
/// instead of generating every child first. `None` when no candidate is legal.
fn random_move(game: &mut Game, rng: &mut SmallRng) -> Option<()> {
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

/// Runs the command, writing to `out`: exit 0 after the report. The arguments were
/// checked when clap parsed them (a bad game, player or count exits with status 2 and
/// the reason on standard error before this runs).
///
/// # Errors
/// When `out` cannot be written.
pub fn run(args: &SelfplayArgs, out: &mut impl Write) -> anyhow::Result<ExitCode> {
    let (variant, south, north) = (args.game, args.south, args.north);
    if !args.json {
        writeln!(
            out,
            "{variant}: South {south} vs North {north}, {}, {} ms per move, seed {}",
            count(args.games as usize, "game", "games"),
            args.ms_per_move,
            args.seed
        )?;
    }
    let mut summary = Summary::default();
    let progress = crate::cli::progress::bar(u64::from(args.games), "games");
    for g in 0..args.games {
        let seed = args.seed.wrapping_mul(1_000_003).wrapping_add(g as u64);
        let (outcome, plies) = play_game(
            variant,
            [south, north],
            args.ms_per_move,
            seed,
            &mut summary,
        )?;
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
            let result = match outcome {
                Outcome::Win { winner, reason } => format!("{winner} wins, {reason}"),
                Outcome::Draw { reason } => format!("draw, {reason}"),
                Outcome::Ongoing => "draw, stopped".to_string(),
            };
            // Around the bar, so that a terminal shows the line and then the bar again.
            progress.suspend(|| {
                writeln!(
                    out,
                    "game {}: {result}, {}",
                    g + 1,
                    count(plies, "ply", "plies")
                )
            })?;
        }
    }
    progress.finish_and_clear();
    if args.json {
        writeln!(out, "{}", summary.json()).context("writing to standard output")?;
    } else {
        let s = &summary;
        let tally = |won: u32, lost: u32| {
            format!(
                "{}, {}, {}",
                count(won as usize, "win", "wins"),
                count(s.draws as usize, "draw", "draws"),
                count(lost as usize, "loss", "losses")
            )
        };
        writeln!(
            out,
            "South ({south}): {}",
            tally(s.south_wins, s.north_wins)
        )?;
        writeln!(
            out,
            "North ({north}): {}",
            tally(s.north_wins, s.south_wins)
        )?;
        writeln!(
            out,
            "average plies {:.1}, average ms per move {:.2} (South {:.2}, North {:.2})",
            s.avg_plies(),
            s.avg_ms_per_move(),
            s.side_ms_per_move(Side::South),
            s.side_ms_per_move(Side::North)
        )?;
    }
    Ok(ExitCode::SUCCESS)
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
        assert!(text.contains("South (random): ") && text.contains("North (random): "));
        assert!(text.contains("average plies"));
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
            (ok.south, ok.north, ok.games, ok.ms_per_move),
            (Player::Ai(5), Player::Random, 2, 1000)
        );
        assert_eq!("AI:5".parse::<Player>(), Ok(Player::Ai(5)));
        assert!("ai:0".parse::<Player>().unwrap_err().contains("1 to 5"));
    }
}
