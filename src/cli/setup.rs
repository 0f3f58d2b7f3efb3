//! Setting up what every long-running subcommand shares (`run`, `console`, and the store
//! of `export`/`import`): the effective config, the store (sled or PostgreSQL, counted
//! for the metrics), the core over it, the endgame tables, and the live backups.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::Context;

use mancala_bot::core::{Core, SystemClock};
use mancala_bot::metrics::Metrics;
use mancala_bot::store::{CountedStore, SledStore, Store};

use mancala_bot::config::{Backend, Config};

/// Opens the store of the data directory `data_dir` (the sled database is in
/// `DATA_DIR/store`), after making the directory private ([`crate::cli::private`]).
///
/// # Errors
/// Naming the path, when the directory cannot be made private or the store cannot be
/// opened (see [`SledStore::open`]).
pub fn open_store(data_dir: &Path, cache_mb: u64) -> anyhow::Result<SledStore> {
    crate::cli::private::prepare(data_dir, &[])?;
    open_sled(data_dir, cache_mb)
}

/// The sled store of `data_dir`, whose directory is already private.
fn open_sled(data_dir: &Path, cache_mb: u64) -> anyhow::Result<SledStore> {
    SledStore::open(&data_dir.join("store"), cache_mb << 20).map_err(|e| {
        if e.is_disk_full() {
            anyhow::anyhow!(
                "{e}: the disk holding {} is full or read-only; free some space (or make it \
                 writable) and start again: nothing was lost",
                data_dir.display()
            )
        } else {
            anyhow::Error::new(e)
        }
    })
}

/// Opens the PostgreSQL store at the connection string `url` with `pool` connections.
///
/// # Errors
/// Naming the database (never the password), when it cannot be reached or migrated.
#[cfg(feature = "postgres")]
pub fn open_postgres(url: &str, pool: u32) -> anyhow::Result<Arc<dyn Store>> {
    let timeout = std::time::Duration::from_secs(10);
    Ok(Arc::new(mancala_bot::store::PgStore::open(
        url, pool, timeout,
    )?))
}

/// Without the `postgres` feature: refused (the config check says so first).
///
/// # Errors
/// Always.
#[cfg(not(feature = "postgres"))]
pub fn open_postgres(_url: &str, _pool: u32) -> anyhow::Result<Arc<dyn Store>> {
    anyhow::bail!("this build has no PostgreSQL store: build with --features postgres")
}

/// The store `cfg` names ([store] backend): sled in `DATA_DIR/store`, or PostgreSQL at
/// the connection string in `$postgres_url_env`; first the data directory and the
/// snapshots' are made private ([`crate::cli::private::prepare`]), whatever the backend
/// (the pid file and snapshots live there with PostgreSQL too).
///
/// # Errors
/// The data directory cannot be made private, or a store that cannot be opened; for
/// sled not merely locked, the message ends with how to restore the newest snapshot.
pub fn open_configured(cfg: &Config) -> anyhow::Result<Arc<dyn Store>> {
    crate::cli::private::prepare(&cfg.data_dir, &[&cfg.backup_dir()])?;
    if cfg.store.backend == Backend::Postgres {
        return open_postgres(&cfg.store.postgres_url()?, cfg.store.postgres_pool);
    }
    let store = open_sled(&cfg.data_dir, cfg.limits.store_cache_mb).map_err(|e| {
        // A store that is not merely locked may be broken (sled after an abrupt stop):
        // say how to get the newest snapshot back.
        let text = format!("{e:#}");
        if text.contains("another mancala-bot") || text.contains("nothing was lost") {
            e
        } else {
            let hint = crate::cli::snapshot::restore_hint(&cfg.backup_dir(), &cfg.data_dir);
            anyhow::anyhow!("{text}; {hint}")
        }
    })?;
    Ok(Arc::new(store))
}

/// Builds or loads the Hoyito endgame tables (issue 15 item 4) of `seeds` seeds in play
/// (`[ai] endgame_seeds`; 0: none) on a thread of the lowest priority, caching them in
/// `data_dir`: first those of 12 seeds (or fewer), then above 12 the larger ones on top
/// of them (issue 32: 16 seeds take minutes to build once). Level 5 and `!analyze` use
/// the largest ready at each moment, and nothing waits for them.
pub fn warm_endgame(data_dir: &Path, seeds: u8) {
    if seeds == 0 {
        return;
    }
    let dir = data_dir.to_path_buf();
    let spawned = std::thread::Builder::new()
        .name("endgame".into())
        .spawn(move || {
            let _ =
                thread_priority::set_current_thread_priority(thread_priority::ThreadPriority::Min);
            let first = seeds.min(mancala_ai::endgame::HOYITO_SEEDS);
            let tiers = if seeds > first {
                vec![first, seeds]
            } else {
                vec![first]
            };
            for tier in tiers {
                let t0 = std::time::Instant::now();
                let tables = mancala_ai::endgame::warm_up(Some(&dir), tier);
                tracing::info!(
                    seeds = tables.max_seeds(),
                    entries = tables.entries(),
                    bytes = tables.bytes(),
                    seconds = t0.elapsed().as_secs_f64(),
                    "Hoyito endgame tables ready"
                );
            }
        });
    if let Err(e) = spawned {
        tracing::warn!(error = %e, "no endgame tables: the thread did not start");
    }
}

/// The core of `cfg`: its store ([`open_configured`]), the warmed renderer, the system
/// clock.
///
/// # Errors
/// A bad setting, or a store that cannot be opened.
pub fn build_core(cfg: &Config) -> anyhow::Result<Core> {
    build_core_painted(cfg, mancala_bot::render::Renderer::warmed())
}

/// As [`build_core`], drawing with `painter`.
///
/// # Errors
/// As [`build_core`].
pub fn build_core_painted(
    cfg: &Config,
    painter: Arc<dyn mancala_bot::core::painter::Painter>,
) -> anyhow::Result<Core> {
    build_core_timed(cfg, painter, Arc::new(SystemClock))
}

/// As [`build_core_painted`], timed by `clock`. The store's reads and writes are
/// counted for `/metrics` ([`CountedStore`]), as is everything the core does.
///
/// # Errors
/// As [`build_core`].
pub fn build_core_timed(
    cfg: &Config,
    painter: Arc<dyn mancala_bot::core::painter::Painter>,
    clock: Arc<dyn mancala_bot::core::Clock>,
) -> anyhow::Result<Core> {
    let mut settings = cfg.settings()?;
    settings.public_url = crate::cli::web::public_url(cfg)?.map(String::from);
    let metrics = Metrics::global();
    let store = Arc::new(CountedStore::new(open_configured(cfg)?, metrics.clone()));
    Ok(Core::with_metrics(store, painter, clock, settings, metrics))
}

/// The running bot's live backups: the snapshot thread (stops when this is dropped)
/// and the pid file that `kill -USR1` reads.
pub struct Backups {
    _now: std::sync::mpsc::Sender<()>,
    pid_file: PathBuf,
    /// Held while a snapshot is written and logged: the bot does not exit in between.
    writing: Arc<std::sync::Mutex<()>>,
}

impl Drop for Backups {
    fn drop(&mut self) {
        // A snapshot being written is finished (and its line logged) before the exit.
        drop(self.writing.lock().unwrap_or_else(|e| e.into_inner()));
        let _ = std::fs::remove_file(&self.pid_file);
    }
}

/// Starts the live backups of `store` as `cfg.backup` says: a snapshot at once, one every
/// `every_hours` and one at each SIGUSR1 (the `.tmp` files of unfinished ones removed
/// first); writes `DATA_DIR/mancala-bot.pid`.
///
/// The data directory exists and is private already: the store was opened first
/// ([`open_configured`]).
///
/// # Errors
/// The pid file cannot be written.
pub fn start_backups(
    cfg: &Config,
    store: Arc<dyn mancala_bot::store::Store>,
) -> anyhow::Result<Backups> {
    use crate::cli::snapshot;
    let pid_file = cfg.data_dir.join(snapshot::PID_FILE);
    mancala_bot::files::write_new(&pid_file, format!("{}\n", std::process::id()).as_bytes())
        .with_context(|| format!("cannot write {}", pid_file.display()))?;
    let (tx, rx) = std::sync::mpsc::channel();
    let every = (cfg.backup.every_hours > 0.0)
        .then(|| std::time::Duration::from_secs_f64(cfg.backup.every_hours * 3600.0));
    let (dir, keep) = (cfg.backup_dir(), cfg.backup.keep);
    let writing = Arc::new(std::sync::Mutex::new(()));
    let lock = writing.clone();
    std::thread::spawn(move || {
        let clock = || mancala_bot::core::Clock::now_ms(&SystemClock);
        snapshot::run_periodic(&*store, &dir, (keep, every), &rx, &clock, &lock);
    });
    let on_signal = tx.clone();
    std::thread::spawn(move || usr1_to(on_signal));
    // One at start, as soon as the store is open: a running bot always has a snapshot,
    // and `export` on its directory always something to give.
    let _ = tx.send(());
    Ok(Backups {
        _now: tx,
        pid_file,
        writing,
    })
}

/// Sends on `now` at each SIGUSR1 until the receiver is gone.
fn usr1_to(now: std::sync::mpsc::Sender<()>) {
    let Ok(rt) = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    else {
        return;
    };
    rt.block_on(async move {
        use tokio::signal::unix::{signal, SignalKind};
        let Ok(mut usr1) = signal(SignalKind::user_defined1()) else {
            tracing::warn!("cannot listen for SIGUSR1: snapshots on demand are off");
            return;
        };
        while usr1.recv().await.is_some() {
            if now.send(()).is_err() {
                return;
            }
        }
    });
}

/// The effective settings: the defaults, under the config at `path` (if any), under the
/// process's `MANCALA_*` variables, under `--data`; logs once each ignored `MANCALA_*`
/// variable that looks like a misspelt setting.
///
/// # Errors
/// As [`Config::resolve`].
pub fn load_config(path: Option<&Path>, data: Option<&Path>) -> anyhow::Result<Config> {
    Ok(mancala_bot::config::load_settings(path, data)?.config)
}
