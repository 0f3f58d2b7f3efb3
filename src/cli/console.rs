//! `mancala-bot console`: the console transport over standard input and output, to try
//! the bot without any chat account (see [`mancala_bot::transport::console`]). Games live
//! in the store of the data directory, so they persist across runs.

use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use mancala_bot::transport::console::{Console, Flow};

use crate::cli::config::Config;

/// Arguments of `mancala-bot console`.
#[derive(clap::Args, Debug)]
pub struct ConsoleArgs {
    /// The data directory (default: the config's, else ./data).
    #[arg(long)]
    pub data: Option<PathBuf>,
    /// The TOML config file (prefix, limits, store, ...).
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// Text only: no board pictures are drawn or written (the text board still is).
    #[arg(long)]
    pub no_pictures: bool,
    /// No Hoyito endgame tables (as `[ai] endgame = false`): nothing is built at start.
    #[arg(long)]
    pub no_endgame: bool,
}

/// `mancala-bot console`.
///
/// # Errors
/// As [`run_console`].
pub fn main(args: ConsoleArgs) -> anyhow::Result<ExitCode> {
    crate::cli::run::init_tracing();
    let mut cfg = crate::cli::run::load_config(args.config.as_deref(), args.data.as_deref())?;
    cfg.ai.endgame &= !args.no_endgame;
    run_console_with(&cfg, !args.no_pictures)
}

/// Runs the console transport on the store of `cfg.data_dir` until the end of input or
/// `/quit`.
///
/// # Errors
/// A bad config, a store that cannot be opened, standard output or the image directory
/// not writable.
pub fn run_console(cfg: &Config) -> anyhow::Result<ExitCode> {
    run_console_with(cfg, true)
}

/// As [`run_console`], drawing pictures or not.
///
/// # Errors
/// As [`run_console`].
pub fn run_console_with(cfg: &Config, pictures: bool) -> anyhow::Result<ExitCode> {
    // One person at a local terminal, playing every role: no rate limits to protect.
    let mut cfg = cfg.clone();
    cfg.limits.commands_per_user_per_minute = 0;
    cfg.limits.commands_per_channel_per_minute = 0;
    let cfg = &cfg;
    let web = crate::cli::web::bind(cfg)?;
    let painter: std::sync::Arc<dyn mancala_bot::core::painter::Painter> = if pictures {
        mancala_bot::render::Renderer::warmed()
    } else {
        std::sync::Arc::new(mancala_bot::core::painter::BlankPainter)
    };
    // The session's clock, which `/wait` moves forward.
    let clock = std::sync::Arc::new(mancala_bot::core::OffsetClock::default());
    let core = crate::cli::run::build_core_timed(cfg, painter, clock.clone())?;
    let health = mancala_bot::metrics::Health::new(mancala_bot::metrics::Metrics::global());
    health.set_store_open(true);
    // The console is connected from its banner on.
    let console_up = health.transport("console");
    if let Some(listener) = web {
        crate::cli::web::spawn_thread(listener, crate::cli::web::state(&core, health))?;
    }
    let _backups = crate::cli::run::start_backups(cfg, core.shared_store())?;
    if cfg.ai.endgame {
        crate::cli::run::warm_endgame(&cfg.data_dir);
    }
    let stdin = std::io::stdin();
    let tty = stdin.is_terminal();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut console = Console::new(&core, &cfg.data_dir).with_clock(clock);
    if !pictures {
        console = console.without_pictures();
    }
    writeln!(out, "{}", console.banner())?;
    console_up(true);
    console.print_ticks(&mut out)?;
    // Lines as bytes: a line that is not UTF-8 is read with replacement characters
    // (and then refused like any bad command) instead of ending the session.
    let mut lines = stdin.lock().split(b'\n');
    loop {
        if tty {
            write!(out, "{}", console.prompt())?;
            out.flush()?;
        }
        let Some(line) = lines.next() else { break };
        let line = line.context("reading standard input")?;
        let line = String::from_utf8_lossy(&line);
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if console.line(line, &mut out)? == Flow::Quit {
            break;
        }
        out.flush()?;
    }
    Ok(ExitCode::SUCCESS)
}
