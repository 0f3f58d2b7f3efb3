//! The bot's configuration file (TOML); every setting is documented in
//! `config.example.toml` at the top of the repository.

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};

mod check;
pub mod env;
mod error;
mod load;
mod login;
mod settings;
pub mod show;
pub use check::check_data_dir;
use error::bail;
pub use error::{ConfigError, Result};
pub use load::{load_settings, Loaded, Source};

/// The whole configuration. Missing settings take their defaults; unknown ones are an
/// error (a typo must not be silently ignored). Every setting can also be given in the
/// environment ([`mod@env`]), which [`Config::resolve`] reads over the file.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    /// Prefix of text commands, 1 to 8 characters without spaces, backticks or invisible
    /// characters (default `!`).
    pub prefix: String,
    /// Directory of the store and of the console's images (default `./data`).
    pub data_dir: PathBuf,
    /// The game `!new` starts when none is named: a game name (RULES.md N3), or
    /// `hoyito match` (default `katro`).
    pub default_game: String,
    /// Hours a challenge stays open (default 24).
    pub challenge_expiry_hours: f64,
    /// Time per move of a game whose challenge names none, in hours; 0: no deadlines
    /// (default 72).
    pub move_time_hours: f64,
    /// When to remind the player to move, in hours before his deadline (default
    /// `[24, 1]`).
    pub reminder_hours: Vec<f64>,
    /// Seconds a stop (SIGTERM, SIGINT) waits for the commands in flight before the
    /// process exits anyway, 1 to 600 (default 10).
    pub shutdown_timeout_seconds: f64,
    /// Days of `!vacation` each player may take per calendar year, 0 to 365 (default
    /// 14; 0: no vacations).
    pub vacation_days_per_year: u32,
    /// Ratings.
    pub ratings: RatingsConfig,
    /// The AI opponent.
    pub ai: AiConfig,
    /// Size limits.
    pub limits: Limits,
    /// The Discord transport.
    pub discord: DiscordConfig,
    /// The Matrix transport (built with the cargo feature `matrix`).
    pub matrix: MatrixConfig,
    /// Live backups (snapshots) of the running bot's store.
    pub backup: BackupConfig,
    /// Where the games are kept: sled or PostgreSQL.
    pub store: StoreConfig,
    /// The HTTP listener: health, metrics.
    pub web: WebConfig,
}

/// The `[web]` settings: the HTTP listener (`/healthz`, `/readyz`, `/metrics`).
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct WebConfig {
    /// The address to listen on, `IP:PORT` (`127.0.0.1:8080`, `[::1]:8080`; port 0: one
    /// the system chooses, printed at start); `None` (default): no listener. Also
    /// `MANCALA_WEB_LISTEN`, as every setting ([`mod@env`]).
    pub listen: Option<String>,
    /// The address the pages are reached at from outside, `http(s)://HOST[:PORT][/PATH]`
    /// (a reverse proxy's), for the links to a game's page in chat replies; `None`
    /// (default): no links. Also `MANCALA_PUBLIC_URL` (or `MANCALA_WEB_PUBLIC_URL`).
    pub public_url: Option<String>,
}

impl WebConfig {
    /// The checked `public_url`, else `from_env` (`$MANCALA_PUBLIC_URL`), with a
    /// trailing `/` so that page paths join under it; `None`: neither is set.
    ///
    /// # Errors
    /// Not an absolute `http` or `https` URL with a host, or one with a query, a
    /// fragment or a user name, naming what was given.
    pub fn public_url(&self, from_env: Option<&str>) -> Result<Option<url::Url>> {
        let Some(v) = self.public_url.as_deref().or(from_env).map(str::trim) else {
            return Ok(None);
        };
        if v.is_empty() {
            return Ok(None);
        }
        let bad = |why: &str| -> Result<Option<url::Url>> {
            bail!(
                "web.public_url must be an http or https URL such as \
                 https://games.example.org/mancala ({why}), got {v:?}"
            )
        };
        let mut url = match url::Url::parse(v) {
            Ok(u) => u,
            Err(e) => return bad(&e.to_string()),
        };
        if !matches!(url.scheme(), "http" | "https") {
            return bad("the scheme is not http or https");
        }
        if url.host_str().is_none_or(str::is_empty) {
            return bad("no host");
        }
        if url.query().is_some() || url.fragment().is_some() || !url.username().is_empty() {
            return bad("no query, fragment or user name allowed");
        }
        if !url.path().ends_with('/') {
            let path = format!("{}/", url.path());
            url.set_path(&path);
        }
        Ok(Some(url))
    }

    /// The address of `listen`; `None`: no listener.
    ///
    /// # Errors
    /// `listen` is not an IP address and a port, naming what was given.
    pub fn listen_addr(&self) -> Result<Option<std::net::SocketAddr>> {
        let Some(v) = &self.listen else {
            return Ok(None);
        };
        match v.trim().parse() {
            Ok(addr) => Ok(Some(addr)),
            Err(_) => bail!(
                "web.listen must be an IP address and a port, such as 127.0.0.1:8080 or \
                 [::1]:8080 (no host names), got {v:?}"
            ),
        }
    }
}

/// The store's backend (`[store] backend`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Backend {
    /// sled in `DATA_DIR/store`: nothing to install, one process per data directory.
    #[default]
    Sled,
    /// A PostgreSQL database shared by any number of processes (feature `postgres`).
    Postgres,
}

/// The `[store]` settings.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct StoreConfig {
    /// The backend (default sled).
    pub backend: Backend,
    /// The environment variable holding the PostgreSQL connection string (default
    /// `MANCALA_POSTGRES_URL`); it carries the password, so it is not a setting.
    pub postgres_url_env: String,
    /// Connections of this process to PostgreSQL, 2 to 64 (default 8).
    pub postgres_pool: u32,
}

impl Default for StoreConfig {
    fn default() -> Self {
        StoreConfig {
            backend: Backend::Sled,
            postgres_url_env: POSTGRES_URL_VAR.into(),
            postgres_pool: 8,
        }
    }
}

/// A TOML error as its line, its key (`section.key`) and message, without the value,
/// which toml would quote and which may hold a secret (`postgres_url =
/// "postgresql://user:password@..."`).
fn toml_error(text: &str, e: &toml::de::Error) -> String {
    let Some(span) = e.span() else {
        return e.message().to_string();
    };
    let before = text.get(..span.start).unwrap_or("");
    let line_no = before.matches('\n').count() + 1;
    let line = text.lines().nth(line_no - 1).unwrap_or("");
    let section = before
        .lines()
        .rev()
        .find_map(|l| l.trim().strip_prefix('[').and_then(|l| l.strip_suffix(']')))
        .map(|s| format!("{}.", s.trim()));
    let is_key = |k: &&str| {
        !k.is_empty()
            && k.chars()
                .all(|c| c.is_ascii_alphanumeric() || "_-.".contains(c))
    };
    match line.split_once('=').map(|(k, _)| k.trim()).filter(is_key) {
        Some(k) => format!(
            "line {line_no}, {}{k}: {}",
            section.unwrap_or_default(),
            e.message()
        ),
        None => format!("line {line_no}: {}", e.message()),
    }
}

/// `a value of N characters`, for errors that must not show the value.
pub(crate) fn chars_text(v: &str) -> String {
    let n = v.chars().count();
    format!("a value of {n} character{}", if n == 1 { "" } else { "s" })
}

/// The default variable of the PostgreSQL connection string.
pub const POSTGRES_URL_VAR: &str = "MANCALA_POSTGRES_URL";

impl StoreConfig {
    /// The PostgreSQL connection string, from the variable `postgres_url_env`.
    ///
    /// # Errors
    /// The variable is unset or blank (naming it and the expected form).
    pub fn postgres_url(&self) -> Result<String> {
        postgres_url_from(&self.postgres_url_env)
    }
}

/// The PostgreSQL connection string in the environment variable `var`.
///
/// # Errors
/// The variable is unset or blank (naming it and the expected form).
pub fn postgres_url_from(var: &str) -> Result<String> {
    match std::env::var(var) {
        Ok(url) if !url.trim().is_empty() => Ok(url),
        _ => bail!(
            "the store is PostgreSQL but ${var} is not set: export \
             {var}=postgresql://USER:PASSWORD@HOST:PORT/DATABASE"
        ),
    }
}

/// Live backups: snapshots of the store in the export format, written by the running
/// bot (the binary's `snapshot` module).
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct BackupConfig {
    /// Hours between snapshots; 0: none but those asked for with SIGUSR1 (default 6).
    pub every_hours: f64,
    /// Snapshots kept, the newest (default 8).
    pub keep: usize,
    /// Their directory, relative to `data_dir` unless absolute (default `backups`).
    pub dir: PathBuf,
}

impl BackupConfig {
    /// The snapshots' directory for the data directory `data_dir`: `dir` under it unless
    /// absolute.
    pub fn dir_in(&self, data_dir: &Path) -> PathBuf {
        data_dir.join(&self.dir)
    }
}

impl Default for BackupConfig {
    fn default() -> Self {
        BackupConfig {
            every_hours: 6.0,
            keep: 8,
            dir: PathBuf::from("backups"),
        }
    }
}

impl Config {
    /// How long a stop waits for the commands in flight ([`Config::shutdown_timeout_seconds`]).
    pub fn shutdown_timeout(&self) -> Duration {
        Duration::from_secs_f64(self.shutdown_timeout_seconds)
    }

    /// The directory of the snapshots: `backup.dir` under `data_dir` unless absolute.
    pub fn backup_dir(&self) -> PathBuf {
        self.backup.dir_in(&self.data_dir)
    }
}

/// The Matrix transport's settings. The transport runs when a homeserver is configured
/// (`matrix.homeserver` or the variable [`MatrixConfig::homeserver_env`]).
#[derive(Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct MatrixConfig {
    /// The homeserver's base URL, e.g. `https://matrix.example.org`.
    pub homeserver: Option<String>,
    /// The environment variable read for the homeserver when `homeserver` is not set
    /// (default `MATRIX_HOMESERVER`).
    pub homeserver_env: String,
    /// The bot's user: a full Matrix id (`@mancala:example.org`) or its localpart.
    /// Needed to log in with a password; with an access token, the homeserver names it.
    pub user: Option<String>,
    /// The environment variable read for `user` when it is not set (default
    /// `MATRIX_USER`).
    pub user_env: String,
    /// The password. Better given in the variable [`MatrixConfig::password_env`]. Never
    /// logged.
    pub password: Option<String>,
    /// The environment variable holding the password (default `MATRIX_PASSWORD`).
    pub password_env: String,
    /// An access token, used instead of a password. Never logged.
    pub access_token: Option<String>,
    /// The environment variable holding the access token (default
    /// `MATRIX_ACCESS_TOKEN`).
    pub access_token_env: String,
    /// The device name shown in the bot account's session list (default `mancala-bot`).
    pub device_name: String,
    /// Subdirectory of `data_dir` holding the Matrix session and the client's state store
    /// with the sync token (default `matrix`).
    pub store_subdir: String,
    /// Whether to post the animated GIF of a move where the core attaches one (default
    /// true); the PNG frames are always posted.
    pub post_gifs: bool,
    /// The environment variable holding the recovery key (or a passphrase) of the bot's
    /// secret storage (default `MATRIX_RECOVERY_KEY`). Unset: the bot makes a key when it
    /// first enables recovery and keeps it in `STORE_SUBDIR/recovery-key`. Never logged.
    pub recovery_key_env: String,
    /// Hours a tournament game's room is kept after the game ended before the bot leaves
    /// it (default 24; 0: at the next tick).
    pub leave_game_rooms_after_hours: u64,
    /// Homeservers (`example.org`) and room ids (`!abc:example.org`) whose invitations
    /// the bot accepts and whose spaces may list game rooms; empty (the default): the
    /// bot's own homeserver (`crate::transport::matrix::trust`).
    pub allow: Vec<String>,
    /// Rooms one user may have the bot in at a time by inviting it, 1 to 10000 (default
    /// 10); further invitations are declined.
    pub rooms_per_inviter: usize,
}

impl fmt::Debug for MatrixConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let redact = |v: &Option<String>| v.as_ref().map(|_| "<redacted>");
        f.debug_struct("MatrixConfig")
            .field("homeserver", &self.homeserver)
            .field("homeserver_env", &self.homeserver_env)
            .field("user", &self.user)
            .field("user_env", &self.user_env)
            .field("password", &redact(&self.password))
            .field("password_env", &self.password_env)
            .field("access_token", &redact(&self.access_token))
            .field("access_token_env", &self.access_token_env)
            .field("device_name", &self.device_name)
            .field("store_subdir", &self.store_subdir)
            .field("post_gifs", &self.post_gifs)
            .field("recovery_key_env", &self.recovery_key_env)
            .field(
                "leave_game_rooms_after_hours",
                &self.leave_game_rooms_after_hours,
            )
            .field("allow", &self.allow)
            .field("rooms_per_inviter", &self.rooms_per_inviter)
            .finish()
    }
}

impl Default for MatrixConfig {
    fn default() -> Self {
        MatrixConfig {
            homeserver: None,
            homeserver_env: "MATRIX_HOMESERVER".into(),
            user: None,
            user_env: "MATRIX_USER".into(),
            password: None,
            password_env: "MATRIX_PASSWORD".into(),
            access_token: None,
            access_token_env: "MATRIX_ACCESS_TOKEN".into(),
            device_name: "mancala-bot".into(),
            store_subdir: "matrix".into(),
            post_gifs: true,
            recovery_key_env: "MATRIX_RECOVERY_KEY".into(),
            leave_game_rooms_after_hours: 24,
            allow: Vec::new(),
            rooms_per_inviter: crate::transport::matrix::trust::DEFAULT_ROOMS_PER_INVITER,
        }
    }
}

/// Glicko-2 rating settings.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct RatingsConfig {
    /// A rating deviation (RD) above this marks a rating provisional (default 110).
    pub provisional_deviation: f64,
    /// Glicko-2's system constant tau, 0.2 to 1.5 (default 0.5).
    pub tau: f64,
    /// The rating period in days, 1 to 365 (default 7): a player's deviation grows for
    /// each whole period he sat out.
    pub period_days: f64,
}

impl Default for RatingsConfig {
    fn default() -> Self {
        RatingsConfig {
            provisional_deviation: 110.0,
            tau: 0.5,
            period_days: 7.0,
        }
    }
}

/// The AI opponent (`!new GAME ai [level N]`).
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct AiConfig {
    /// The level when the command names none, 1-5 (default 3).
    pub level: u8,
    /// Time budget per move in milliseconds, 0 to 60000; 0: no time limit, then
    /// `max_nodes` must be set (default 1000).
    pub ms_per_move: u64,
    /// Transposition table per search, in MiB, 1 to 4096 (default 16).
    pub tt_mb: usize,
    /// Node budget per move (positions searched); 0: none (default 0).
    pub max_nodes: u64,
    /// AI searches at once, each with its own table; 0: one per core (default 0).
    pub searchers: usize,
    /// Games that may wait for a searcher; a move beyond is refused (default 64).
    pub queue: usize,
    /// Hoyito 2x6 endgame tables: built at start on a low-priority thread or loaded
    /// from `DATA/hoyito-2x6-egdb-N.bin`; level 5 and `!analyze` then know the results
    /// with perfect play of the positions with at most `endgame_seeds` seeds in play
    /// (default true).
    pub endgame: bool,
    /// The largest endgame tables, in seeds in play: 0 (none, as `endgame = false`),
    /// 4, 8, 12 or 16 (default 16). Above 12, the 12-seed tables come first (20 s, or
    /// loaded at once) and serve while the larger are built (16: 28.9 million
    /// positions, about 80 s of one core and 1.34 GB at the peak once, then 231 MB on
    /// disk and 254 MB kept; see config.example.toml).
    pub endgame_seeds: u8,
    /// `!analyze` searches at once, on threads apart from the AI's moves, 1 to 16
    /// (default 1).
    pub analysis_searchers: usize,
    /// Analyses that may wait for a searcher, 0 to 1000; one beyond is refused with the
    /// wait (default 4).
    pub analysis_queue: usize,
    /// Seconds a user who started an analysis waits before starting another, 0 to 86400
    /// (default 60); a stored analysis is shown at any time.
    pub analysis_cooldown_secs: u64,
}

impl Default for AiConfig {
    fn default() -> Self {
        AiConfig {
            level: 3,
            ms_per_move: 1000,
            tt_mb: 16,
            max_nodes: 0,
            searchers: 0,
            queue: 64,
            endgame: true,
            endgame_seeds: 16,
            analysis_searchers: 1,
            analysis_queue: 4,
            analysis_cooldown_secs: 60,
        }
    }
}

/// Size limits.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct Limits {
    /// Most attachments per reply, 2-10 (Discord allows 10).
    pub max_attachments: usize,
    /// Longest text of one message in characters, 200-65536 (default 65536: no bound
    /// beyond each platform's own, Discord 2000, Matrix 4000), over every transport.
    pub max_reply_chars: usize,
    /// Longest command accepted, in characters.
    pub max_command_chars: usize,
    /// The store's page cache, in MiB.
    pub store_cache_mb: u64,
    /// Commands per minute of one user in all communities together, 0 (no limit) or
    /// 1-600 (default 20).
    pub commands_per_user_per_minute: u32,
    /// Commands per minute in one channel, 0 (no limit) or 1-600 (default 60); each
    /// user's first quarter of it passes whatever the channel's count
    /// ([`crate::core::throttle::share`]).
    pub commands_per_channel_per_minute: u32,
    /// Threads drawing `!replay`, 0 (one per core) to 64 (default 0).
    pub picture_threads: usize,
    /// Replays that may wait for a drawing thread, 0 to 10000 (default 32).
    pub picture_queue: usize,
    /// The picture cache (moves' GIFs once drawn), in MiB, 1 to 4096 (default 64).
    pub picture_cache_mb: u64,
    /// Frames of pictures a user's budget refills per minute, 0 (no budget) or 1 to
    /// 100000 (default 300).
    pub picture_frames_per_minute: u32,
    /// Frames a user's budget holds at most, 1 to 100000 (default 300).
    pub picture_burst_frames: u32,
}

/// The Discord transport's settings.
#[derive(Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct DiscordConfig {
    /// The bot token. Better left out and given in the environment variable
    /// [`DiscordConfig::token_env`]. Never logged.
    pub token: Option<String>,
    /// The environment variable holding the token (default `DISCORD_TOKEN`).
    pub token_env: String,
    /// The shards this process runs; `None`: all shards in this one process.
    pub shards: Option<ShardRange>,
    /// Ask for the privileged Message Content intent, needed for prefix commands
    /// (default true). Without it, mention-as-prefix and slash commands still work.
    pub message_content: bool,
    /// Register the slash commands in this guild only (they appear at once; for testing)
    /// instead of globally.
    pub register_guild: Option<u64>,
    /// Send REST calls to this base URL (a rate-limiting HTTP proxy) instead of
    /// discord.com.
    pub api_base: Option<String>,
    /// The id of a role whose members may organize events (create, start and cancel
    /// tournaments, `!set`) without the Manage Server permission; `None`: Manage Server
    /// (or Administrator) only.
    pub organizer_role: Option<u64>,
}

/// A range of Discord gateway shards run by one process (serenity's sharding). Each
/// process serves the guilds of its shards and should have its own `data_dir`: records
/// are keyed by guild, and a guild lives on one shard.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ShardRange {
    /// First shard id of this process, from 0.
    pub first: u32,
    /// Last shard id of this process, inclusive.
    pub last: u32,
    /// Shards of the whole deployment.
    pub total: u32,
}

impl fmt::Debug for DiscordConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DiscordConfig")
            .field("token", &self.token.as_ref().map(|_| "<redacted>"))
            .field("token_env", &self.token_env)
            .field("shards", &self.shards)
            .field("message_content", &self.message_content)
            .field("register_guild", &self.register_guild)
            .field("api_base", &self.api_base)
            .field("organizer_role", &self.organizer_role)
            .finish()
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            prefix: "!".into(),
            data_dir: PathBuf::from("./data"),
            default_game: "katro".into(),
            challenge_expiry_hours: 24.0,
            move_time_hours: 72.0,
            reminder_hours: vec![24.0, 1.0],
            shutdown_timeout_seconds: 10.0,
            vacation_days_per_year: 14,
            ratings: RatingsConfig::default(),
            ai: AiConfig::default(),
            limits: Limits::default(),
            discord: DiscordConfig::default(),
            matrix: MatrixConfig::default(),
            backup: BackupConfig::default(),
            store: StoreConfig::default(),
            web: WebConfig::default(),
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_attachments: 10,
            max_reply_chars: 65536,
            max_command_chars: 300,
            store_cache_mb: 32,
            commands_per_user_per_minute: 20,
            commands_per_channel_per_minute: 60,
            picture_threads: 0,
            picture_queue: 32,
            picture_cache_mb: 64,
            picture_frames_per_minute: 300,
            picture_burst_frames: 300,
        }
    }
}

impl Default for DiscordConfig {
    fn default() -> Self {
        DiscordConfig {
            token: None,
            token_env: "DISCORD_TOKEN".into(),
            shards: None,
            message_content: true,
            register_guild: None,
            api_base: None,
            organizer_role: None,
        }
    }
}
