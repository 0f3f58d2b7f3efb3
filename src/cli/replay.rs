//! `mancala-bot replay`: plays a game record and prints every ply, as text or as the
//! JSON lines of RULES.md section 6. It is how the rules are checked from outside.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Context;
use mancala_bot::core::text;
use mancala_bot::model::GameKind;
use mancala_rules::{Event, Game, Position, Side, Variant};
use serde_json::{json, Value};

/// The game and its start, as `replay` and `render` take them.
#[derive(clap::Args, Debug)]
pub struct StartArgs {
    // GAME and --position are parsed by clap with the rules' `FromStr`: a bad one is
    // refused (status 2) with the rules' message, which names what is allowed.
    /// The game (RULES.md N3): katro, katro:4x6, katro:4x4, hoyito, hoyito:2xN (N 6-12).
    pub game: Variant,
    /// Start from this N4 position string instead of the start position.
    #[arg(long)]
    pub position: Option<Position>,
    /// Seeds per hole at the start (Katro 1-4, K1; Hoyito 4).
    #[arg(long)]
    pub seeds: Option<u8>,
    /// Allow the K11 lone-seed steps (Katro).
    #[arg(long)]
    pub lone_steps: bool,
}

/// Arguments of `mancala-bot replay`.
#[derive(clap::Args, Debug)]
pub struct ReplayArgs {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub start: StartArgs,
    /// The moves, in N2 notation (`c1+`, `c1-`, `d1`, `b1^b2`).
    pub moves: Vec<String>,
    /// Print one JSON object per line (RULES.md section 6) instead of text boards.
    #[arg(long)]
    pub json: bool,
}

/// Runs the command: exit 0 when every move was legal, 2 (after the lines of the moves
/// before it) when one was not, or when the game or position is malformed.
///
/// # Errors
/// Only when standard output cannot be written.
pub fn main(args: ReplayArgs) -> anyhow::Result<ExitCode> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let refuse = |msg: String| {
        eprintln!("{msg}");
        Ok(ExitCode::from(2))
    };
    let start = match args.start.position() {
        Ok(p) => p,
        Err(msg) => return refuse(msg),
    };
    let mut game = Game::from_position(start);
    let opening: Vec<Event> = game.opening_event().into_iter().collect();
    print_ply(&mut out, args.json, &game, 0, None, &opening)?;
    for (i, text) in args.moves.iter().enumerate() {
        match game.play_text(text) {
            Ok(trace) => {
                let events: Vec<Event> = trace.events.iter().map(|e| e.event).collect();
                print_ply(
                    &mut out,
                    args.json,
                    &game,
                    i + 1,
                    Some(&trace.mv.to_string()),
                    &events,
                )?;
            }
            Err(e) => {
                out.flush()?;
                return refuse(format!("move {} `{}` is illegal: {e}", i + 1, text.trim()));
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

impl StartArgs {
    /// The start position: `--position` (which must be of the named game), or the start
    /// of the game with `--seeds` per hole, or its default start (K1/H1).
    ///
    /// # Errors
    /// The message to print: a position of another game, a bad seed count, or
    /// `--lone-steps` for Hoyito (what depends on more than one argument; clap refuses
    /// a bad game name or position string itself).
    pub fn position(&self) -> Result<Position, String> {
        let variant = self.game;
        if self.lone_steps && !variant.is_katro() {
            return Err(format!(
                "--lone-steps is a Katro rule (K11); {} has no lone-seed steps",
                board_name(variant)
            ));
        }
        let variant = variant.with_lone_steps(self.lone_steps);
        match (self.position, self.seeds) {
            (Some(p), _) if p.variant() == variant.with_lone_steps(false) => {
                Ok(p.with_lone_steps(self.lone_steps))
            }
            (Some(p), _) => Err(format!(
                "the position is of {}, but the game asked for is {}; name the \
                 position's game, or give a position of {}",
                board_name(p.variant()),
                board_name(variant),
                text::kind_name(GameKind::single(variant)),
            )),
            (None, Some(seeds)) => Position::with_seeds(variant, seeds).map_err(|e| e.to_string()),
            (None, None) => Ok(Position::new(variant)),
        }
    }
}

/// A game and its board as N3 names it and as people say it: `Hoyito 2x6 (hoyito)`,
/// `Katro 4x4 (katro:4x4)`; the size is named even where the N3 name leaves it out.
fn board_name(v: Variant) -> String {
    format!(
        "{} (`{}`)",
        text::kind_name(GameKind::single(v.with_lone_steps(false))),
        v
    )
}

fn print_ply(
    out: &mut impl Write,
    json: bool,
    game: &Game,
    ply: usize,
    mv: Option<&str>,
    events: &[Event],
) -> anyhow::Result<()> {
    if json {
        writeln!(out, "{}", ply_json(game, ply, mv, events))
            .context("writing to standard output")?;
        return Ok(());
    }
    let pos = game.position();
    match mv {
        None => writeln!(out, "ply 0: start")?,
        Some(m) => writeln!(out, "ply {ply}: {m}")?,
    }
    if !events.is_empty() {
        let list: Vec<String> = events
            .iter()
            .map(mancala_bot::core::text::event_text)
            .collect();
        writeln!(out, "  {}", list.join(", "))?;
    }
    write!(out, "{}", mancala_bot::render::ascii::board(&pos))?;
    writeln!(out, "position: {pos}")?;
    if pos.variant().is_katro() {
        writeln!(
            out,
            "captured: South {}, North {}",
            game.captured(Side::South),
            game.captured(Side::North)
        )?;
    }
    match game.outcome() {
        mancala_rules::Outcome::Ongoing => {
            let legal: Vec<String> = game.legal_moves().iter().map(|m| m.to_string()).collect();
            writeln!(out, "legal: {}", legal.join(" "))?;
        }
        mancala_rules::Outcome::Win { winner, reason } => {
            writeln!(out, "result: {winner} wins, {reason}")?
        }
        mancala_rules::Outcome::Draw { reason } => writeln!(out, "result: draw, {reason}")?,
    }
    writeln!(out)?;
    Ok(())
}

/// The §6 JSON object of an event.
pub fn event_json(e: &Event) -> Value {
    match *e {
        Event::Relay { hole, lifted } => {
            json!({"kind": "relay", "hole": hole.to_string(), "lifted": lifted})
        }
        Event::Capture {
            hole,
            target,
            taken,
        } => json!({
            "kind": "capture", "hole": hole.to_string(), "target": target.to_string(), "taken": taken
        }),
        Event::Casa { hole } => json!({"kind": "casa", "hole": hole.to_string()}),
        Event::LastFour => json!({"kind": "last_four"}),
        Event::Pass { player } => json!({"kind": "pass", "player": player.name()}),
        Event::Stop { hole } => json!({"kind": "stop", "hole": hole.to_string()}),
    }
}

/// The §6 JSON object of one ply: `ply`, `move`, `position`, `board` (rows from row 1,
/// each from column a; a closed hole is `null`), `to_move`, `captured`, `result`,
/// `legal`, `events`.
pub fn ply_json(game: &Game, ply: usize, mv: Option<&str>, events: &[Event]) -> Value {
    let pos = game.position();
    let v = pos.variant();
    let board: Vec<Vec<Value>> = (0..v.rows())
        .map(|r| {
            (0..v.cols())
                .map(|c| {
                    let h = mancala_rules::Hole::new(c, r);
                    if pos.is_closed(h) {
                        Value::Null
                    } else {
                        json!(pos.seeds(h).unwrap_or(0))
                    }
                })
                .collect()
        })
        .collect();
    let legal: Vec<String> = game.legal_moves().iter().map(|m| m.to_string()).collect();
    json!({
        "ply": ply,
        "move": mv,
        "position": pos.to_string(),
        "board": board,
        "to_move": pos.to_move().name(),
        "captured": {"south": game.captured(Side::South), "north": game.captured(Side::North)},
        "result": game.outcome().result_name(),
        "legal": legal,
        "events": events.iter().map(event_json).collect::<Vec<_>>(),
    })
}

#[cfg(test)]
mod tests {
    use super::StartArgs;

    fn start(game: &str, lone_steps: bool) -> StartArgs {
        StartArgs {
            game: game.parse().expect("a game name"),
            position: None,
            seeds: None,
            lone_steps,
        }
    }

    /// `mancala-bot replay ARGS...` as clap parses it.
    #[derive(clap::Parser, Debug)]
    struct Cmd {
        #[command(flatten)]
        args: super::ReplayArgs,
    }

    /// A bad game name or position string is refused by clap (status 2) with the
    /// rules' message, which names what is allowed.
    #[test]
    fn clap_refuses_bad_game_and_position_with_status_2() {
        use clap::Parser as _;
        for (argv, says) in [
            (
                vec!["chess", "c1+"],
                "invalid value 'chess' for '<GAME>': bad game `chess`: unknown game; \
                 expected `katro`, `katro:4x6`",
            ),
            (vec!["hoyito:2x13"], "6 to 12 holes per row"),
            (
                vec!["katro", "--position", "katro/1,2 s"],
                "bad position `katro/1,2 s`",
            ),
        ] {
            let argv = std::iter::once("replay").chain(argv);
            let e = Cmd::try_parse_from(argv).unwrap_err();
            assert_eq!(e.exit_code(), 2, "{e}");
            assert!(e.to_string().contains(says), "{e}");
        }
        let ok = Cmd::try_parse_from(["replay", "katro:4x4", "c1+"])
            .unwrap()
            .args;
        assert_eq!(ok.start.game.to_string(), "katro:4x4");
        assert_eq!(ok.moves, ["c1+"]);
    }

    /// Issue 18 item 5 (N3, N4): a position of another board than the game asked for
    /// is refused naming both boards' sizes, not "a hoyito position, not hoyito:2x8".
    #[test]
    fn n3_n4_position_of_another_board_names_both_sizes() {
        let mut args = start("hoyito:2x8", false);
        args.position = Some(
            "hoyito/4,4,4,4,4,4/4,4,4,4,4,4 s 0 0"
                .parse()
                .expect("a 2x6 position"),
        );
        assert_eq!(
            args.position().unwrap_err(),
            "the position is of Hoyito 2x6 (`hoyito`), but the game asked for is Hoyito \
             2x8 (`hoyito:2x8`); name the position's game, or give a position of Hoyito 2x8"
        );
        let mut args = start("katro:4x4", false);
        args.position = Some(mancala_rules::Position::new(mancala_rules::Variant::KATRO));
        assert_eq!(
            args.position().unwrap_err(),
            "the position is of Katro 6x6 (`katro`), but the game asked for is Katro 4x4 \
             (`katro:4x4`); name the position's game, or give a position of Katro 4x4"
        );
        let e = start("hoyito", true).position().unwrap_err();
        assert_eq!(
            e,
            "--lone-steps is a Katro rule (K11); Hoyito 2x6 (`hoyito`) has no lone-seed steps"
        );
    }

    /// K11 lone-seed steps are a Katro variant: asked for Hoyito, the start is refused.
    #[test]
    fn k11_lone_steps_only_for_katro() {
        let p = start("katro", true).position().expect("Katro with K11");
        assert!(p.variant().lone_steps());
        let e = start("hoyito", true).position().unwrap_err();
        assert!(e.contains("--lone-steps") && e.contains("hoyito"), "{e}");
        assert!(start("hoyito", false).position().is_ok());
    }
}
