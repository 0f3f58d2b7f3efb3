//! A clean stop on SIGTERM and SIGINT (hosting bug 3): what `docker stop`, `systemctl
//! stop` and Ctrl-C send. The bot stops taking commands, lets those in flight finish
//! (AI searches are cut short and their moves played after the restart), flushes the
//! store, removes its pid file, logs one line with counts and exits 0, all within the
//! configured time (`shutdown_timeout_seconds`, default 10 s).

use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context as _;
use mancala_bot::core::Core;
use tokio::signal::unix::{signal, Signal, SignalKind};

use crate::cli::setup::Backups;

/// The signals that stop the bot, listened to from the moment this is made: one that
/// arrives during start-up is kept and answered once start-up is done.
pub struct StopSignals {
    term: Signal,
    int: Signal,
}

impl StopSignals {
    /// Listens for SIGTERM and SIGINT. Call inside a tokio runtime.
    ///
    /// # Errors
    /// The signal handlers cannot be installed.
    pub fn listen() -> anyhow::Result<StopSignals> {
        Ok(StopSignals {
            term: signal(SignalKind::terminate()).context("cannot listen for SIGTERM")?,
            int: signal(SignalKind::interrupt()).context("cannot listen for SIGINT")?,
        })
    }

    /// The name of the next stop signal, when it comes.
    pub async fn recv(&mut self) -> &'static str {
        tokio::select! {
            _ = self.term.recv() => "SIGTERM",
            _ = self.int.recv() => "SIGINT",
        }
    }
}

/// Listens for SIGTERM and SIGINT on a thread of its own and calls `on_signal` with the
/// signal's name at each, for a synchronous transport (the console). Returns once the
/// handlers are installed.
///
/// # Errors
/// The thread cannot start or the handlers cannot be installed.
pub fn on_thread(on_signal: impl Fn(&'static str) + Send + 'static) -> anyhow::Result<()> {
    let (ready, installed) = std::sync::mpsc::channel();
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            let rt = match tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            {
                Ok(rt) => rt,
                Err(e) => {
                    let _ = ready.send(Err(anyhow::Error::new(e)));
                    return;
                }
            };
            rt.block_on(async move {
                let mut signals = match StopSignals::listen() {
                    Ok(s) => s,
                    Err(e) => {
                        let _ = ready.send(Err(e));
                        return;
                    }
                };
                let _ = ready.send(Ok(()));
                loop {
                    on_signal(signals.recv().await);
                }
            });
        })
        .context("cannot start the signal thread")?;
    installed
        .recv()
        .context("the signal thread stopped at once")?
}

/// Stops `core` cleanly after `signal`: no new work, the work in flight finished (for at
/// most `timeout` from now), the store flushed, `backups` stopped (its pid file
/// removed), and one info line with counts. `started` is when the process started.
/// Blocking. Exits 0 even when work was still running at the deadline (it is dropped:
/// every write is one compare-and-swap, so a command is applied whole or not at all),
/// which the line reports as `abandoned`.
pub fn stop(
    core: &Core,
    signal: &str,
    timeout: Duration,
    started: Instant,
    backups: Option<Backups>,
) -> ExitCode {
    let t0 = Instant::now();
    let in_flight = core.intake().busy();
    tracing::info!(
        signal,
        in_flight,
        timeout_s = timeout.as_secs_f64(),
        "stopping: no new commands, finishing those in flight"
    );
    core.begin_shutdown();
    let abandoned = core.intake().drain(t0 + timeout);
    if abandoned > 0 {
        tracing::warn!(
            abandoned,
            "stopping: work still running at the deadline is dropped"
        );
    }
    if let Err(e) = core.store().flush() {
        tracing::error!(error = %e, "stopping: the store could not be flushed");
    }
    drop(backups);
    tracing::info!(
        signal,
        commands = core.commands_handled(),
        finished_in_flight = in_flight.saturating_sub(abandoned),
        abandoned,
        ai_searches_cancelled = core.ai_cancelled(),
        uptime_s = started.elapsed().as_secs(),
        seconds = t0.elapsed().as_secs_f64(),
        "shut down"
    );
    ExitCode::SUCCESS
}
