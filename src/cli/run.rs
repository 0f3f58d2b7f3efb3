//! `mancala-bot run`: the transports configured (Discord, Matrix, else the console at a
//! terminal) over one core, the HTTP listener, and a clean stop on SIGTERM/SIGINT. What
//! `run` and `console` share is set up in [`crate::cli::setup`].

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Context;

use mancala_bot::core::api::{RoomSpec, Rooms};
use mancala_bot::core::Core;
use mancala_bot::metrics::{Health, Metrics};
use mancala_bot::model::ChannelKey;

use crate::cli::setup::{build_core, load_config, start_backups, warm_endgame};
use mancala_bot::config::Config;

/// Arguments of `mancala-bot run` (also what `mancala-bot` with no subcommand does).
#[derive(clap::Args, Debug, Default)]
pub struct RunArgs {
    /// The TOML config file (see config.example.toml); without it, the defaults.
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// Override the config's data directory.
    #[arg(long)]
    pub data: Option<PathBuf>,
    /// With no transport configured, the console even when standard input is no terminal
    /// (`mancala-bot` with no subcommand: `echo '!help' | mancala-bot` tries the bot).
    /// `run` itself refuses then, so that a service without its token fails loudly.
    #[arg(skip)]
    pub console_without_terminal: bool,
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
        if !args.console_without_terminal && !std::io::IsTerminal::is_terminal(&std::io::stdin()) {
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
        warm_endgame(&cfg.data_dir, cfg.ai.endgame_seeds);
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
    let web_state = crate::cli::web::state(&core, health, &cfg)?;
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
/// [`mancala_bot::config::MatrixConfig::login`]).
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
        allow: m.allow.clone(),
        rooms_per_inviter: m.rooms_per_inviter,
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
