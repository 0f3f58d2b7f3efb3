//! Wiring: `mancala-bot run` (config, tracing, the store, the painter and the transports
//! over one core).

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Context;

use mancala_bot::core::api::{RoomSpec, Rooms};
use mancala_bot::core::{Core, SystemClock};
use mancala_bot::metrics::{Health, Metrics};
use mancala_bot::model::ChannelKey;
use mancala_bot::store::{CountedStore, SledStore, Store};

use crate::cli::config::{Backend, Config};

/// Opens the store of the data directory `data_dir` (the sled database is in
/// `DATA_DIR/store`).
///
/// # Errors
/// Naming the path, when the store cannot be opened (see [`SledStore::open`]).
pub fn open_store(data_dir: &Path, cache_mb: u64) -> anyhow::Result<SledStore> {
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
/// the connection string in `$postgres_url_env`.
///
/// # Errors
/// A store that cannot be opened; for sled not merely locked, the message ends with how
/// to restore the newest snapshot.
pub fn open_configured(cfg: &Config) -> anyhow::Result<Arc<dyn Store>> {
    if cfg.store.backend == Backend::Postgres {
        return open_postgres(&cfg.store.postgres_url()?, cfg.store.postgres_pool);
    }
    let store = open_store(&cfg.data_dir, cfg.limits.store_cache_mb).map_err(|e| {
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

/// Builds or loads the Hoyito endgame tables (issue 15 item 4) on a thread of the
/// lowest priority, caching them in `data_dir`: level 5 and `!analyze` use them once
/// they are ready, and nothing waits for them.
pub fn warm_endgame(data_dir: &Path) {
    let dir = data_dir.to_path_buf();
    let spawned = std::thread::Builder::new()
        .name("endgame".into())
        .spawn(move || {
            let _ =
                thread_priority::set_current_thread_priority(thread_priority::ThreadPriority::Min);
            let t0 = std::time::Instant::now();
            let tables = mancala_ai::endgame::warm_up(Some(&dir));
            tracing::info!(
                entries = tables.entries(),
                bytes = tables.bytes(),
                seconds = t0.elapsed().as_secs_f64(),
                "Hoyito endgame tables ready"
            );
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
    let settings = cfg.settings()?;
    let metrics = Metrics::global();
    let store = Arc::new(CountedStore::new(open_configured(cfg)?, metrics.clone()));
    Ok(Core::with_metrics(store, painter, clock, settings, metrics))
}

/// The running bot's live backups: the snapshot thread (stops when this is dropped)
/// and the pid file that `kill -USR1` reads.
pub struct Backups {
    _now: std::sync::mpsc::Sender<()>,
    pid_file: PathBuf,
}

impl Drop for Backups {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.pid_file);
    }
}

/// Starts the live backups of `store` as `cfg.backup` says: a snapshot at once, one every
/// `every_hours` and one at each SIGUSR1 (the `.tmp` files of unfinished ones removed
/// first); writes `DATA_DIR/mancala-bot.pid`.
///
/// # Errors
/// The pid file cannot be written.
pub fn start_backups(
    cfg: &Config,
    store: Arc<dyn mancala_bot::store::Store>,
) -> anyhow::Result<Backups> {
    use crate::cli::snapshot;
    let pid_file = cfg.data_dir.join(snapshot::PID_FILE);
    // With PostgreSQL nothing else creates the data directory (sled's store does).
    std::fs::create_dir_all(&cfg.data_dir).with_context(|| {
        format!(
            "cannot create the data directory {}",
            cfg.data_dir.display()
        )
    })?;
    std::fs::write(&pid_file, format!("{}\n", std::process::id()))
        .with_context(|| format!("cannot write {}", pid_file.display()))?;
    let (tx, rx) = std::sync::mpsc::channel();
    let every = (cfg.backup.every_hours > 0.0)
        .then(|| std::time::Duration::from_secs_f64(cfg.backup.every_hours * 3600.0));
    let (dir, keep) = (cfg.backup_dir(), cfg.backup.keep);
    std::thread::spawn(move || {
        let clock = || mancala_bot::core::Clock::now_ms(&SystemClock);
        snapshot::run_periodic(&*store, &dir, keep, every, &rx, &clock);
    });
    let on_signal = tx.clone();
    std::thread::spawn(move || usr1_to(on_signal));
    // One at start, as soon as the store is open: a running bot always has a snapshot,
    // and `export` on its directory always something to give.
    let _ = tx.send(());
    Ok(Backups { _now: tx, pid_file })
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

/// Arguments of `mancala-bot run` (also what `mancala-bot` with no subcommand does).
#[derive(clap::Args, Debug, Default)]
pub struct RunArgs {
    /// The TOML config file (see config.example.toml); without it, the defaults.
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// Override the config's data directory.
    #[arg(long)]
    pub data: Option<PathBuf>,
}

/// The effective settings: the defaults, under the config at `path` (if any), under the
/// process's `MANCALA_*` variables, under `--data`; logs once each ignored `MANCALA_*`
/// variable that looks like a misspelt setting.
///
/// # Errors
/// As [`Config::resolve`].
pub fn load_config(path: Option<&Path>, data: Option<&Path>) -> anyhow::Result<Config> {
    Ok(crate::cli::config::load_settings(path, data)?.config)
}

/// `mancala-bot run`: starts the transports configured: Discord when a token is
/// configured, Matrix when a homeserver is (both share one core and store), else the
/// console transport when standard input is a terminal. Runs until a transport fails or
/// Ctrl-C.
///
/// # Errors
/// A bad config, no transport configured and no terminal (naming the settings), a
/// store that cannot be opened, a transport that fails, or a Matrix homeserver
/// configured in a build without the `matrix` feature.
pub fn run(args: RunArgs) -> anyhow::Result<ExitCode> {
    let started = std::time::Instant::now();
    let cfg = load_config(args.config.as_deref(), args.data.as_deref())?;
    let discord = cfg.discord_token();
    if let Some((token, source)) = &discord {
        // Before the store is opened: nothing starts with a token that cannot work.
        if let Err(why) = mancala_bot::transport::discord::token::check_shape(token) {
            anyhow::bail!("the Discord token from {source} is not a bot token: {why}");
        }
    }
    let matrix = cfg.matrix.homeserver_url().is_some();
    if discord.is_none() && !matrix {
        // At a terminal someone is there to type: the console. Under systemd, Docker or
        // a pipe nobody is, and a missing token must not look like a clean exit.
        if !std::io::IsTerminal::is_terminal(&std::io::stdin()) {
            anyhow::bail!(no_transport(&cfg));
        }
        return crate::cli::console::run_console(&cfg);
    }
    if matrix {
        if !cfg!(feature = "matrix") {
            anyhow::bail!(
                "a Matrix homeserver is configured (matrix.homeserver or ${}), but this build has \
                 no Matrix transport: build with `cargo build --release --features matrix`, or \
                 unset it",
                cfg.matrix.homeserver_env
            );
        }
        cfg.matrix.login()?;
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    // Listening before anything starts: a stop during start-up is answered after it.
    let mut signals = {
        let _in_runtime = runtime.enter();
        crate::cli::shutdown::StopSignals::listen()?
    };
    let web = crate::cli::web::bind(&cfg)?;
    let listen = crate::cli::web::bound(web.as_ref());
    let health = Health::new(Metrics::global());
    let core = Arc::new(build_core(&cfg)?);
    health.set_store_open(true);
    let backups = start_backups(&cfg, core.shared_store())?;
    if cfg.ai.endgame {
        warm_endgame(&cfg.data_dir);
    }
    let names = [("discord", discord.is_some()), ("matrix", matrix)];
    let names: Vec<&str> = names
        .iter()
        .filter(|(_, on)| *on)
        .map(|(n, _)| *n)
        .collect();
    crate::cli::logging::log_start(&cfg, &names, listen.as_deref());
    let discord_rooms = discord
        .as_ref()
        .map(|_| Arc::new(mancala_bot::transport::discord::rooms::DiscordRooms::new()));
    #[cfg(feature = "matrix")]
    let matrix_rooms = matrix.then(|| {
        let hours = cfg.matrix.leave_game_rooms_after_hours;
        Arc::new(mancala_bot::transport::matrix::rooms::MatrixRooms::new(
            std::time::Duration::from_secs(hours * 3600),
        ))
    });
    core.set_rooms(Arc::new(TransportRooms {
        discord: discord_rooms.clone(),
        #[cfg(feature = "matrix")]
        matrix: matrix_rooms.clone(),
    }));
    let stop_discord = Arc::new(tokio::sync::Notify::new());
    // Each configured transport is registered before anything starts: /readyz waits
    // for all of them.
    let discord_link = discord.as_ref().map(|_| health.transport("discord"));
    let matrix_link = matrix.then(|| health.transport("matrix"));
    let web_state = crate::cli::web::state(&core, health);
    let code = runtime.block_on(async move {
        if let Some(listener) = web {
            crate::cli::web::spawn(listener, web_state)?;
        }
        let mut transports = tokio::task::JoinSet::new();
        if let (Some((token, source)), Some(rooms)) = (discord, discord_rooms) {
            let (cfg, core, stop) = (cfg.clone(), core.clone(), stop_discord.clone());
            let link = discord_link.map(|l| Arc::new(l) as Link);
            transports.spawn(async move {
                start_discord(&cfg, core, rooms, (token, source), stop, link).await
            });
        }
        if let Some(link) = matrix_link {
            let (cfg, core) = (cfg.clone(), core.clone());
            #[cfg(feature = "matrix")]
            let rooms = matrix_rooms.clone();
            #[cfg(not(feature = "matrix"))]
            let rooms = None;
            transports.spawn(async move { start_matrix(&cfg, core, rooms, Arc::new(link)).await });
        }
        tokio::select! {
            done = transports.join_next() => match done {
                Some(Ok(Err(e))) => Err(e),
                Some(Err(e)) => Err(anyhow::Error::new(e).context("a transport panicked")),
                Some(Ok(Ok(()))) | None => Ok(ExitCode::SUCCESS),
            },
            signal = signals.recv() => {
                // The shards close (no new events); Matrix's sync ends with the process.
                stop_discord.notify_one();
                let timeout = cfg.shutdown_timeout();
                let stopped = tokio::task::spawn_blocking(move || {
                    crate::cli::shutdown::stop(&core, signal, timeout, started, Some(backups))
                });
                Ok(stopped.await.unwrap_or(ExitCode::SUCCESS))
            }
        }
    });
    // Work abandoned at the deadline must not hold the exit up.
    runtime.shutdown_timeout(std::time::Duration::from_millis(200));
    code
}

/// The one line `run` ends with when no transport is configured and no one is at a
/// terminal: what to set for Discord and Matrix, or the console to use instead.
fn no_transport(cfg: &Config) -> String {
    let m = &cfg.matrix;
    format!(
        "no transport to run: set ${} (or discord.token) for Discord, or ${} (or \
         matrix.homeserver) with ${} or ${} and ${} for Matrix; or play on standard \
         input with `mancala-bot console`",
        cfg.discord.token_env, m.homeserver_env, m.access_token_env, m.user_env, m.password_env
    )
}

/// What a transport calls when it connects (`true`) or loses its connection
/// ([`Health::transport`]).
type Link = Arc<dyn Fn(bool) + Send + Sync>;

/// Runs the Discord transport over `core` with `token`, until `stop` is notified,
/// running `cfg.discord.shards`
/// (one shard when `None`), until it stops. `core` is shared with the Matrix transport
/// when both are configured (one store per process). Tournament games get a thread each
/// (`rooms`, which [`mancala_bot::transport::discord::run`] attaches to the client).
async fn start_discord(
    cfg: &Config,
    core: Arc<Core>,
    rooms: Arc<mancala_bot::transport::discord::rooms::DiscordRooms>,
    (token, source): (String, mancala_bot::transport::discord::token::TokenSource),
    stop: Arc<tokio::sync::Notify>,
    link: Option<Link>,
) -> anyhow::Result<()> {
    use mancala_bot::transport::discord::{CommandRegistration, DiscordOptions, Sharding};
    let core: Arc<dyn mancala_bot::core::api::ChatCore> = core;
    let mut opts = DiscordOptions::new(token);
    opts.token_source = source;
    opts.stop = Some(stop);
    // The transport says when its shards are connected: /readyz and the
    // mancala_transport_up gauge follow it.
    opts.link = link;
    opts.rooms = Some(rooms);
    opts.organizer_role = cfg.discord.organizer_role;
    opts.sharding = match cfg.discord.shards {
        Some(s) => Sharding::Range {
            first: s.first,
            last: s.last,
            total: s.total,
        },
        None => Sharding::Single,
    };
    opts.message_content = cfg.discord.message_content;
    opts.register = cfg
        .discord
        .register_guild
        .map_or(CommandRegistration::Global, CommandRegistration::Guild);
    opts.api_base = cfg.discord.api_base.clone();
    mancala_bot::transport::discord::run(opts, core).await
}

/// The rooms of tournament games in `run`: a Discord thread for a guild's tournament, a
/// Matrix room for a Matrix room's (in a build with the `matrix` feature).
struct TransportRooms {
    discord: Option<Arc<mancala_bot::transport::discord::rooms::DiscordRooms>>,
    #[cfg(feature = "matrix")]
    matrix: Option<Arc<mancala_bot::transport::matrix::rooms::MatrixRooms>>,
}

/// Why a tournament cannot be created where it was asked for.
const NO_ROOMS: &str = "tournaments cannot run here: the bot opens their games' rooms only \
     on Discord and Matrix";

impl TransportRooms {
    /// The rooms of the transport `home` belongs to.
    fn of(&self, home: &ChannelKey) -> Result<&dyn Rooms, String> {
        if mancala_bot::transport::discord::adapter::is_discord(&home.community) {
            if let Some(d) = &self.discord {
                return Ok(&**d);
            }
        }
        #[cfg(feature = "matrix")]
        if mancala_bot::transport::matrix::is_matrix(&home.community) {
            if let Some(m) = &self.matrix {
                return Ok(&**m);
            }
        }
        Err(NO_ROOMS.to_string())
    }
}

impl Rooms for TransportRooms {
    fn open(&self, home: &ChannelKey, room: &RoomSpec) -> Result<ChannelKey, String> {
        self.of(home)?.open(home, room)
    }

    fn can_open(&self, home: &ChannelKey) -> Result<(), String> {
        self.of(home)?.can_open(home)
    }

    /// The Matrix rooms' grace period (Discord's threads are never closed: Discord
    /// archives them by itself, and [`TransportRooms::close`] leaves them alone).
    fn close_after_ms(&self) -> Option<u64> {
        #[cfg(feature = "matrix")]
        if let Some(m) = &self.matrix {
            return m.close_after_ms();
        }
        None
    }

    fn close(&self, room: &ChannelKey) -> Result<(), String> {
        match self.of(room) {
            Ok(r) => r.close(room),
            Err(_) => Ok(()),
        }
    }
}

/// Runs the Matrix transport over `core` until it fails; `link` says it is connected
/// from its login to its end.
#[cfg(feature = "matrix")]
async fn start_matrix(
    cfg: &Config,
    core: Arc<Core>,
    rooms: Option<Arc<mancala_bot::transport::matrix::rooms::MatrixRooms>>,
    link: Link,
) -> anyhow::Result<()> {
    use mancala_bot::transport::matrix::MatrixBot;
    let mut opts = matrix_options(cfg)?;
    opts.rooms = rooms;
    let bot = MatrixBot::start(opts, core).await.with_context(|| {
        format!(
            "Matrix, logging in with {} (or the session saved in the data directory)",
            cfg.matrix.login_source()
        )
    })?;
    eprintln!("Matrix: logged in as {}; answering commands", bot.user_id());
    link(true);
    let ended = bot.wait().await.context("Matrix");
    link(false);
    ended
}

/// The Matrix transport's options from `cfg`'s `[matrix]` section.
///
/// # Errors
/// No homeserver configured, or no way to log in (see
/// [`crate::cli::config::MatrixConfig::login`]).
#[cfg(feature = "matrix")]
fn matrix_options(cfg: &Config) -> anyhow::Result<mancala_bot::transport::matrix::MatrixOptions> {
    let m = &cfg.matrix;
    let homeserver = m.homeserver_url().with_context(|| {
        format!(
            "the Matrix transport needs matrix.homeserver (or ${})",
            m.homeserver_env
        )
    })?;
    Ok(mancala_bot::transport::matrix::MatrixOptions {
        homeserver,
        login: m.login()?,
        device_name: m.device_name.clone(),
        store_dir: cfg.data_dir.join(&m.store_subdir),
        post_gifs: m.post_gifs,
        tick_every: Some(mancala_bot::transport::matrix::TICK_EVERY),
        recovery_key: m
            .recovery_key()
            .map(mancala_bot::transport::matrix::RecoveryKey),
        rooms: None,
    })
}

/// Without the `matrix` feature: unreachable, [`run`] refuses a Matrix config first.
#[cfg(not(feature = "matrix"))]
async fn start_matrix(
    cfg: &Config,
    core: Arc<Core>,
    rooms: Option<()>,
    link: Link,
) -> anyhow::Result<()> {
    let _ = (cfg, core, rooms, link);
    anyhow::bail!("this build has no Matrix transport: build with `--features matrix`")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(community: &str) -> ChannelKey {
        ChannelKey {
            community: community.into(),
            channel: "c".into(),
        }
    }

    #[test]
    fn tournaments_get_discord_threads_and_are_refused_elsewhere() {
        let discord = TransportRooms {
            discord: Some(Arc::new(
                mancala_bot::transport::discord::rooms::DiscordRooms::new(),
            )),
            #[cfg(feature = "matrix")]
            matrix: None,
        };
        assert_eq!(discord.can_open(&key("900000000000000001")), Ok(()));
        assert_eq!(
            discord.can_open(&key("!room:example.org")),
            Err(NO_ROOMS.into())
        );
        let spec = RoomSpec {
            name: "tourney-x-r1-b1".into(),
            invite: Vec::new(),
        };
        assert_eq!(
            discord.open(&key("!room:example.org"), &spec),
            Err(NO_ROOMS.into())
        );
        assert_eq!(discord.close_after_ms(), None);
        assert_eq!(discord.close(&key("900000000000000001")), Ok(()));
        let none = TransportRooms {
            discord: None,
            #[cfg(feature = "matrix")]
            matrix: None,
        };
        assert_eq!(
            none.can_open(&key("900000000000000001")),
            Err(NO_ROOMS.into())
        );
    }

    #[cfg(feature = "matrix")]
    #[test]
    fn tournaments_get_matrix_rooms_in_matrix_rooms() {
        let hour = std::time::Duration::from_secs(3600);
        let both = TransportRooms {
            discord: Some(Arc::new(
                mancala_bot::transport::discord::rooms::DiscordRooms::new(),
            )),
            matrix: Some(Arc::new(
                mancala_bot::transport::matrix::rooms::MatrixRooms::new(hour),
            )),
        };
        let room = ChannelKey {
            community: "!room:example.org".into(),
            channel: "!room:example.org".into(),
        };
        assert_eq!(both.can_open(&room), Ok(()));
        assert_eq!(both.close_after_ms(), Some(3_600_000));
    }
}
