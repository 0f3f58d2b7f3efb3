//! Starting the HTTP listener (`[web] listen`, [`mancala_bot::web`]) for `run` and
//! `console`: bound before anything else starts, so that a taken port stops the bot at
//! once; its address printed (`web: listening on http://127.0.0.1:8080`), the port the
//! system chose included when the setting asks for port 0.

use std::sync::Arc;

use anyhow::Context;

use mancala_bot::core::Core;
use mancala_bot::metrics::{Health, Metrics};
use mancala_bot::web::WebState;

use mancala_bot::config::Config;

/// The listener of `cfg`, bound, if `web.listen` is set (`None`: no listener).
///
/// # Errors
/// The address cannot be listened on (taken, not this machine's), naming it.
pub fn bind(cfg: &Config) -> anyhow::Result<Option<std::net::TcpListener>> {
    let Some(addr) = cfg.web.listen_addr()? else {
        return Ok(None);
    };
    let listener = std::net::TcpListener::bind(addr)
        .with_context(|| format!("web.listen: cannot listen on {addr}"))?;
    listener
        .set_nonblocking(true)
        .context("web.listen: cannot set up the socket")?;
    let bound = listener.local_addr().context("web.listen")?;
    eprintln!("web: listening on http://{bound}");
    Ok(Some(listener))
}

/// The address `listener` is bound to (`127.0.0.1:8080`), for the start line; `None`
/// without a listener.
pub fn bound(listener: Option<&std::net::TcpListener>) -> Option<String> {
    Some(listener?.local_addr().ok()?.to_string())
}

/// What the listener serves for `core`: `health`, the process's metrics, the core's
/// store and painter for the pages, `[web] public_url`.
///
/// # Errors
/// `public_url` (or `$MANCALA_PUBLIC_URL`) is not an http(s) URL.
pub fn state(core: &Core, health: Arc<Health>, cfg: &Config) -> anyhow::Result<WebState> {
    Ok(WebState {
        store: Some(core.shared_store()),
        painter: Some(core.shared_painter()),
        public_url: public_url(cfg)?,
        puzzles: mancala_bot::core::puzzle::DailySource::of(core.settings()),
        ..WebState::bare(health, Metrics::global())
    })
}

/// `[web] public_url`, else `$MANCALA_PUBLIC_URL`, checked (see
/// [`mancala_bot::config::WebConfig::public_url`]).
///
/// # Errors
/// Not an http(s) URL, naming what was given.
pub fn public_url(cfg: &Config) -> anyhow::Result<Option<url::Url>> {
    Ok(cfg
        .web
        .public_url(std::env::var("MANCALA_PUBLIC_URL").ok().as_deref())?)
}

/// Serves `listener` on the current tokio runtime, in a task of its own.
///
/// # Errors
/// The socket cannot be registered with the runtime.
pub fn spawn(listener: std::net::TcpListener, state: WebState) -> anyhow::Result<()> {
    let listener = tokio::net::TcpListener::from_std(listener).context("web.listen")?;
    tokio::spawn(mancala_bot::web::serve(listener, state));
    Ok(())
}

/// Serves `listener` on a runtime of its own, on a thread of its own (the console runs
/// synchronously), until the process ends.
///
/// # Errors
/// The runtime or the thread cannot be started.
pub fn spawn_thread(listener: std::net::TcpListener, state: WebState) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .thread_name("web")
        .enable_all()
        .build()
        .context("cannot start the web listener's runtime")?;
    std::thread::Builder::new()
        .name("web".into())
        .spawn(move || {
            runtime.block_on(async move {
                match tokio::net::TcpListener::from_std(listener) {
                    Ok(l) => mancala_bot::web::serve(l, state).await,
                    Err(e) => tracing::error!(error = %e, "web: the listener stopped"),
                }
            })
        })
        .context("cannot start the web listener's thread")?;
    Ok(())
}
