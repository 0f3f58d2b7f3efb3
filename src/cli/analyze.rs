//! `mancala-bot analyze GAME MOVES...`: a game record reviewed by the AI (issue 15 item
//! 2), as `!analyze` reviews a game in chat ([`mancala_ai::review`]): each move's seeds
//! lost against the search's best move and its mark, each player's accuracy, and
//! optionally the evaluation chart as a PNG. A progress bar on a terminal.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use mancala_ai::review::{self, GameReview, Mark, Proven};
use mancala_bot::core::painter::EvalChart;
use mancala_rules::{Game, Side};
use serde_json::json;

use crate::cli::replay::StartArgs;

/// Arguments of `mancala-bot analyze`.
#[derive(clap::Args, Debug)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub start: StartArgs,
    /// The moves, in N2 notation (`c1+`, `c1-`, `d1`, `b1^b2`).
    pub moves: Vec<String>,
    /// Positions searched per position of the game (1000 to 100000000); the default is
    /// what `!analyze` searches, so that both give the same review.
    #[arg(long, default_value_t = mancala_bot::core::ANALYSIS_NODES, value_parser = clap::value_parser!(u64).range(1_000..=100_000_000))]
    pub nodes: u64,
    /// Transposition table, MiB (1 to 4096).
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..=4096))]
    pub tt_mb: u64,
    /// One JSON object per move, then one with the accuracies and South's view of
    /// every position.
    #[arg(long)]
    pub json: bool,
    /// Write the evaluation chart to this PNG file.
    #[arg(long, value_name = "FILE")]
    pub chart: Option<PathBuf>,
}

/// Whether a review of `game` may read the Hoyito 2x6 endgame tables: a position of it
/// within twice their seeds, where level 5 starts probing them. Seeds only leave a
/// Hoyito board (H5-H7), so its last position has the fewest.
fn needs_tables(game: &Game) -> bool {
    let last = game.position();
    last.variant() == mancala_rules::Variant::HOYITO
        && last.board_total() <= 2 * u32::from(mancala_ai::endgame::HOYITO_SEEDS)
}

/// `mancala-bot analyze`.
///
/// # Errors
/// Standard output or the chart file cannot be written. A bad start or an illegal move
/// prints its reason and exits with status 2.
pub fn main(args: AnalyzeArgs) -> anyhow::Result<ExitCode> {
    let start = match args.start.position() {
        Ok(p) => p,
        Err(msg) => {
            eprintln!("{msg}");
            return Ok(ExitCode::from(2));
        }
    };
    let mut game = Game::from_position(start);
    for (i, text) in args.moves.iter().enumerate() {
        if let Err(e) = game.play_text(text) {
            eprintln!("move {} `{}` is illegal: {e}", i + 1, text.trim());
            return Ok(ExitCode::from(2));
        }
    }
    // The bot reviews Hoyito 2x6 endgames with the endgame tables (warmed at its start):
    // so does this, or the two would differ (a build of seconds, before the bar).
    if needs_tables(&game) {
        mancala_ai::endgame::warm_up(None, mancala_ai::endgame::HOYITO_SEEDS);
    }
    let bar = crate::cli::progress::bar(game.moves().len() as u64 + 1, "positions");
    let tt_mb = usize::try_from(args.tt_mb).unwrap_or(16);
    let reviewed = review::review(&game, args.nodes, tt_mb, &mut |done, _| {
        bar.set_position(done as u64)
    });
    bar.finish_and_clear();
    let reviewed = reviewed.context("the AI's table")?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if args.json {
        print_json(&mut out, &reviewed)?;
    } else {
        print_text(&mut out, &reviewed, args.nodes)?;
    }
    if let Some(path) = &args.chart {
        let chart = EvalChart::of_review(format!("{} review", game.variant()), &reviewed);
        let frame = mancala_bot::render::Renderer::new().draw_eval_chart(&chart);
        std::fs::write(path, &frame.png)
            .with_context(|| format!("cannot write {}", path.display()))?;
        eprintln!("chart: {} ({})", path.display(), frame.alt);
    }
    Ok(ExitCode::SUCCESS)
}

fn side_name(s: Side) -> &'static str {
    match s {
        Side::South => "S",
        Side::North => "N",
    }
}

/// A value for people: `+1.5` seeds, or the result it proves (`wins in 3`, `draw`,
/// `wins` when the endgame tables proved it without a distance), never a value pinned
/// at the cap (issue 32).
fn value_text(value: i32, proven: Option<Proven>) -> String {
    match proven {
        Some(Proven::Win(Some(n))) => format!("wins in {n}"),
        Some(Proven::Win(None)) => "wins".into(),
        Some(Proven::Loss(Some(n))) => format!("loses in {n}"),
        Some(Proven::Loss(None)) => "loses".into(),
        Some(Proven::Draw) => "draw".into(),
        None => format!("{:+.1}", f64::from(value) / 100.0),
    }
}

/// A line of moves as text: `a1- c2+ b1`.
fn line_text(line: &[mancala_rules::Move]) -> String {
    line.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

fn print_text(out: &mut dyn Write, r: &GameReview, nodes: u64) -> std::io::Result<()> {
    writeln!(
        out,
        "ply  move    lost  value     best    mark ({nodes} positions per move)"
    )?;
    for p in &r.plies {
        let lost = format!("{:.1}", f64::from(p.lost) / 100.0);
        let mark = if p.mark == Mark::Good {
            ""
        } else {
            p.mark.name()
        };
        let best = if p.best == p.played {
            "=".to_string()
        } else {
            p.best.to_string()
        };
        let value = value_text(p.value_played, p.proven_played);
        let best = if p.mark == Mark::Good {
            best
        } else {
            // A marked move: the best line, to see why.
            format!("{best} ({})", line_text(&p.best_line))
        };
        writeln!(
            out,
            "{:>3}.{} {:<7} {lost:>5}  {value:<9} {best:<7} {mark}",
            p.ply,
            side_name(p.mover),
            p.played.to_string()
        )?;
    }
    writeln!(
        out,
        "accuracy: South {:.0}, North {:.0}",
        r.accuracy[0], r.accuracy[1]
    )
}

fn print_json(out: &mut dyn Write, r: &GameReview) -> std::io::Result<()> {
    for p in &r.plies {
        let line = json!({
            "ply": p.ply,
            "side": side_name(p.mover),
            "move": p.played.to_string(),
            "best": p.best.to_string(),
            "value_before": p.value_before,
            "value_played": p.value_played,
            "lost": p.lost,
            "mark": p.mark.name(),
            "best_line": line_text(&p.best_line),
            "reply_line": line_text(&p.reply_line),
            "proven_before": p.proven_before.map(|v| value_text(0, Some(v))),
            "proven_played": p.proven_played.map(|v| value_text(0, Some(v))),
        });
        writeln!(out, "{line}")?;
    }
    let summary = json!({
        "accuracy": {"south": r.accuracy[0], "north": r.accuracy[1]},
        "south_values": r.south_values,
        "south_proven": r
            .south_proven
            .iter()
            .map(|p| p.map(|v| value_text(0, Some(v))))
            .collect::<Vec<_>>(),
    });
    writeln!(out, "{summary}")
}
