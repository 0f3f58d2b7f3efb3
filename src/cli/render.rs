//! `mancala-bot render`: writes the frames of a move (or the picture of a position) as
//! PNG files, optionally with the move's GIF and contact sheet, and prints each file's
//! path with its text alternative.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use mancala_rules::{Game, Side};

use mancala_bot::core::painter::{BoardInfo, Frame, Painter};
use mancala_bot::core::show::Theme;
use mancala_bot::render::Renderer;

/// The side a picture is drawn from.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ViewArg {
    /// South's side: row 1 at the bottom, column a on the left.
    #[default]
    South,
    /// North's side: the board turned half round; labels stay absolute (N1).
    North,
}

impl From<ViewArg> for Side {
    fn from(v: ViewArg) -> Side {
        match v {
            ViewArg::South => Side::South,
            ViewArg::North => Side::North,
        }
    }
}

/// The colours of the pictures (as `!set theme`).
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ThemeArg {
    /// Dark ink on a light page and board.
    #[default]
    Light,
    /// Light ink on a dark page and board.
    Dark,
}

impl From<ThemeArg> for Theme {
    fn from(t: ThemeArg) -> Theme {
        match t {
            ThemeArg::Light => Theme::Light,
            ThemeArg::Dark => Theme::Dark,
        }
    }
}

/// Arguments of `mancala-bot render`.
#[derive(clap::Args, Debug)]
pub struct RenderArgs {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub start: crate::cli::replay::StartArgs,
    /// The moves, in N2 notation; the frames show the last one. None: the position alone.
    pub moves: Vec<String>,
    /// The directory to write `frame-01.png`, ... (and `move.gif`, `sheet.png`) into;
    /// created if missing.
    #[arg(long)]
    pub out: PathBuf,
    /// The side the board is drawn from.
    #[arg(long, value_enum, default_value_t = ViewArg::South)]
    pub view: ViewArg,
    /// The colours of the pictures.
    #[arg(long, value_enum, default_value_t = ThemeArg::Light)]
    pub theme: ThemeArg,
    /// Also write the move's animation as `move.gif`.
    #[arg(long)]
    pub gif: bool,
    /// Also write the frames tiled into `sheet.png`.
    #[arg(long)]
    pub sheet: bool,
    /// South's player name shown on the pictures.
    #[arg(long, default_value = "South")]
    pub south: String,
    /// North's player name shown on the pictures.
    #[arg(long, default_value = "North")]
    pub north: String,
}

/// Runs the command: exit 0 after writing the files, 2 when the game, position or a move
/// is bad (nothing is written then).
///
/// # Errors
/// When the output directory or a file cannot be written.
pub fn main(args: RenderArgs) -> anyhow::Result<ExitCode> {
    let refuse = |msg: String| {
        eprintln!("{msg}");
        Ok(ExitCode::from(2))
    };
    let start = match args.start.position() {
        Ok(p) => p,
        Err(msg) => return refuse(msg),
    };
    let mut game = Game::from_position(start);
    let mut last = None;
    for (i, text) in args.moves.iter().enumerate() {
        match game.play_text(text) {
            Ok(trace) => last = Some(trace),
            Err(e) => return refuse(format!("move {} `{}` is illegal: {e}", i + 1, text.trim())),
        }
    }
    let info = BoardInfo {
        south: args.south.clone(),
        north: args.north.clone(),
        captured: [game.captured(Side::South), game.captured(Side::North)],
        view: args.view.into(),
        theme: args.theme.into(),
        ended: None,
        match_info: None,
    };
    let renderer = Renderer::new();
    let frames = match &last {
        Some(trace) => renderer.move_frames(trace, &info),
        None => vec![renderer.position(&game.position(), &info)],
    };
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("creating {}", args.out.display()))?;
    for (i, f) in frames.iter().enumerate() {
        write(
            &args.out.join(format!("frame-{:02}.png", i + 1)),
            &f.png,
            &f.alt,
        )?;
    }
    if args.gif {
        let gif = renderer.gif(&frames);
        let n = frames.len();
        let alt = format!(
            "Animation of {}: {}",
            mancala_bot::core::text::count(n, "frame", "frames"),
            summary(&frames)
        );
        write(&args.out.join("move.gif"), &gif, &alt)?;
    }
    if args.sheet {
        let sheet = renderer.contact_sheet(&frames);
        write(&args.out.join("sheet.png"), &sheet.png, &sheet.alt)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The last frame's text alternative, which sums up the whole move.
fn summary(frames: &[Frame]) -> &str {
    frames.last().map_or("", |f| f.alt.as_str())
}

fn write(path: &Path, bytes: &[u8], alt: &str) -> anyhow::Result<()> {
    std::fs::write(path, bytes).with_context(|| format!("writing {}", path.display()))?;
    // A closed pipe (`| head`) is an error to report, not a panic.
    writeln!(std::io::stdout(), "{}: {alt}", path.display())?;
    Ok(())
}
