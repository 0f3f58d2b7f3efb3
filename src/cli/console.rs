//! `mancala-bot console`: the console transport over standard input and output, to try
//! the bot without any chat account (see [`mancala_bot::transport::console`]). Games live
//! in the store of the data directory, so they persist across runs.

use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use mancala_bot::transport::console::{Console, Flow};

use mancala_bot::config::Config;

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
    let mut cfg = crate::cli::setup::load_config(args.config.as_deref(), args.data.as_deref())?;
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

/// The core to halt at a stop signal, once it is built.
type Halt = std::sync::Arc<std::sync::OnceLock<std::sync::Arc<mancala_bot::core::Core>>>;

/// What the console's main loop waits for: a line typed, the end of input, or a stop
/// signal.
enum Input {
    Line(std::io::Result<Vec<u8>>),
    End,
    Stop(&'static str),
}

/// Reads standard input on a thread of its own, each line as bytes (a line that is not
/// UTF-8 is read with replacement characters later, and refused like any bad command,
/// instead of ending the session), and SIGTERM/SIGINT on another: both into one queue,
/// so that a stop is seen between two commands, never inside one.
///
/// At a signal, `halt` (once set) is called at once, from the signal's thread: a
/// command running then (an AI search) is cut short rather than waited for.
fn inputs(halt: Halt) -> anyhow::Result<std::sync::mpsc::Receiver<Input>> {
    let (tx, rx) = std::sync::mpsc::channel();
    let on_signal = std::sync::Mutex::new(tx.clone());
    crate::cli::shutdown::on_thread(move |name| {
        if let Some(core) = halt.get() {
            core.begin_shutdown();
        }
        let tx = on_signal.lock().unwrap_or_else(|e| e.into_inner());
        let _ = tx.send(Input::Stop(name));
    })?;
    std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || {
            for line in std::io::stdin().lock().split(b'\n') {
                if tx.send(Input::Line(line)).is_err() {
                    return;
                }
            }
            let _ = tx.send(Input::End);
        })
        .context("cannot start the input thread")?;
    Ok(rx)
}

/// As [`run_console`], drawing pictures or not.
///
/// # Errors
/// As [`run_console`].
pub fn run_console_with(cfg: &Config, pictures: bool) -> anyhow::Result<ExitCode> {
    let started = std::time::Instant::now();
    // First, so that a stop during start-up is answered as one after it.
    let halt = Halt::default();
    let inputs = inputs(halt.clone())?;
    // One person at a local terminal, playing every role: no rate limits to protect.
    let mut cfg = cfg.clone();
    cfg.limits.commands_per_user_per_minute = 0;
    cfg.limits.commands_per_channel_per_minute = 0;
    let cfg = &cfg;
    let web = crate::cli::web::bind(cfg)?;
    let listen = crate::cli::web::bound(web.as_ref());
    let painter: std::sync::Arc<dyn mancala_bot::core::painter::Painter> = if pictures {
        mancala_bot::render::Renderer::warmed()
    } else {
        std::sync::Arc::new(mancala_bot::core::painter::BlankPainter)
    };
    // The session's clock, which `/wait` moves forward.
    let clock = std::sync::Arc::new(mancala_bot::core::OffsetClock::default());
    let core = std::sync::Arc::new(crate::cli::setup::build_core_timed(
        cfg,
        painter,
        clock.clone(),
    )?);
    let _ = halt.set(core.clone());
    let health = mancala_bot::metrics::Health::new(mancala_bot::metrics::Metrics::global());
    health.set_store_open(true);
    // The console is connected from its banner on.
    let console_up = health.transport("console");
    if let Some(listener) = web {
        let state = crate::cli::web::state(&core, health, cfg)?;
        crate::cli::web::spawn_thread(listener, state)?;
    }
    let backups = crate::cli::setup::start_backups(cfg, core.shared_store())?;
    if cfg.ai.endgame {
        crate::cli::setup::warm_endgame(&cfg.data_dir, cfg.ai.endgame_seeds);
    }
    crate::cli::logging::log_start(cfg, &["console"], listen.as_deref());
    let tty = std::io::stdin().is_terminal();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut console = Console::new(&core, &cfg.data_dir).with_clock(clock);
    if !pictures {
        console = console.without_pictures();
    }
    writeln!(out, "{}", console.banner())?;
    console_up(true);
    console.print_ticks(&mut out)?;
    loop {
        if tty {
            write!(out, "{}", console.prompt())?;
            out.flush()?;
        }
        let why = match inputs.recv() {
            Ok(Input::Line(line)) => {
                let line = line.context("reading standard input")?;
                let line = String::from_utf8_lossy(&line);
                let line = line.trim();
                if line.is_empty() || console.line(line, &mut out)? != Flow::Quit {
                    out.flush()?;
                    continue;
                }
                "/quit"
            }
            Ok(Input::End) | Err(_) => "end of input",
            Ok(Input::Stop(signal)) => signal,
        };
        out.flush()?;
        console_up(false);
        let timeout = cfg.shutdown_timeout();
        return Ok(crate::cli::shutdown::stop(
            &core,
            why,
            timeout,
            started,
            Some(backups),
        ));
    }
}
