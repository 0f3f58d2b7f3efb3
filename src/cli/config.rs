//! The bot's configuration file (TOML); every setting is documented in
//! `config.example.toml` at the top of the repository.

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{bail, Context};
use serde::Deserialize;

use mancala_bot::core::command;
use mancala_bot::core::Settings;
use mancala_bot::model::GameKind;
use mancala_bot::transport::matrix::MatrixLogin;

/// The whole configuration. Missing settings take their defaults; unknown ones are an
/// error (a typo must not be silently ignored).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    /// Prefix of text commands (default `!`).
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
}

/// The Matrix transport's settings. The transport runs when a homeserver is configured
/// (`matrix.homeserver` or the variable [`MatrixConfig::homeserver_env`]).
#[derive(Clone, Deserialize)]
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
}

fn setting_or_env(value: &Option<String>, env: &str) -> Option<String> {
    value
        .clone()
        .filter(|v| !v.trim().is_empty())
        .or_else(|| std::env::var(env).ok().filter(|v| !v.trim().is_empty()))
}

impl MatrixConfig {
    /// The homeserver URL: `homeserver` if set and not empty, else the variable
    /// `homeserver_env`. `None`: the Matrix transport is not configured.
    pub fn homeserver_url(&self) -> Option<String> {
        setting_or_env(&self.homeserver, &self.homeserver_env)
    }

    /// How to log in: an access token (setting, then variable) if there is one, else the
    /// user and password (settings, then variables).
    ///
    /// # Errors
    /// Neither an access token nor both a user and a password, naming the settings and
    /// variables looked at.
    pub fn login(&self) -> anyhow::Result<MatrixLogin> {
        if let Some(t) = setting_or_env(&self.access_token, &self.access_token_env) {
            return Ok(MatrixLogin::AccessToken(t));
        }
        match (
            setting_or_env(&self.user, &self.user_env),
            setting_or_env(&self.password, &self.password_env),
        ) {
            (Some(user), Some(password)) => Ok(MatrixLogin::Password { user, password }),
            _ => bail!(
                "the Matrix transport needs matrix.access_token (or ${}), or matrix.user (or \
                 ${}) and matrix.password (or ${})",
                self.access_token_env,
                self.user_env,
                self.password_env
            ),
        }
    }
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
        }
    }
}

/// Glicko-2 rating settings.
#[derive(Clone, Debug, Deserialize)]
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
#[derive(Clone, Debug, Deserialize)]
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
}

impl Default for AiConfig {
    fn default() -> Self {
        AiConfig {
            level: 3,
            ms_per_move: 1000,
            tt_mb: 16,
            max_nodes: 0,
        }
    }
}

/// Size limits.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Limits {
    /// Most attachments per reply, 2-10 (Discord allows 10).
    pub max_attachments: usize,
    /// Longest reply text in characters (Discord allows 2000).
    pub max_reply_chars: usize,
    /// Longest command accepted, in characters.
    pub max_command_chars: usize,
    /// The store's page cache, in MiB.
    pub store_cache_mb: u64,
}

/// The Discord transport's settings.
#[derive(Clone, Deserialize)]
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
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
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
            ratings: RatingsConfig::default(),
            ai: AiConfig::default(),
            limits: Limits::default(),
            discord: DiscordConfig::default(),
            matrix: MatrixConfig::default(),
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_attachments: 10,
            max_reply_chars: 1900,
            max_command_chars: 300,
            store_cache_mb: 32,
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

impl Config {
    /// Reads and checks the TOML file at `path`.
    ///
    /// # Errors
    /// Naming the file: unreadable, not TOML, an unknown or ill-typed setting, or a
    /// value out of range (see [`Config::settings`]).
    pub fn load(path: &Path) -> anyhow::Result<Config> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read the config file {}", path.display()))?;
        let cfg =
            Config::parse(&text).with_context(|| format!("bad config file {}", path.display()))?;
        Ok(cfg)
    }

    /// Parses and checks TOML text.
    ///
    /// # Errors
    /// As [`Config::load`].
    pub fn parse(text: &str) -> anyhow::Result<Config> {
        let cfg: Config = toml::from_str(text)?;
        cfg.settings()?;
        if cfg.discord.organizer_role == Some(0) {
            bail!("discord.organizer_role must be a role id (a snowflake), not 0");
        }
        if let Some(s) = cfg.discord.shards {
            if s.total == 0 || s.first > s.last || s.last >= s.total {
                bail!(
                    "discord.shards must satisfy first <= last < total (got first {}, last {}, total {})",
                    s.first,
                    s.last,
                    s.total
                );
            }
        }
        let sub = Path::new(&cfg.matrix.store_subdir);
        if cfg.matrix.store_subdir.trim().is_empty()
            || sub.is_absolute()
            || sub
                .components()
                .any(|c| !matches!(c, std::path::Component::Normal(_)))
        {
            bail!(
                "matrix.store_subdir must be a relative path inside data_dir without `..`, got {:?}",
                cfg.matrix.store_subdir
            );
        }
        if cfg.matrix.device_name.trim().is_empty() {
            bail!("matrix.device_name must not be empty");
        }
        Ok(cfg)
    }

    /// The core's settings.
    ///
    /// # Errors
    /// An empty prefix or one with spaces, an unknown default game, an expiry that is
    /// not positive, `max_attachments` outside 2-10, or reply/command limits under 100.
    pub fn settings(&self) -> anyhow::Result<Settings> {
        // The checks in the order they are reported: the first bad setting is named.
        let default_game = self.check_prefix_and_default_game()?;
        self.check_times()?;
        self.ratings.check()?;
        self.ai.check()?;
        self.limits.check()?;
        let (r, ai, l) = (&self.ratings, &self.ai, &self.limits);
        Ok(Settings {
            prefix: self.prefix.clone(),
            default_game,
            challenge_expiry: Duration::from_secs_f64(self.challenge_expiry_hours * 3600.0),
            max_attachments: l.max_attachments,
            max_reply_chars: l.max_reply_chars,
            max_command_chars: l.max_command_chars,
            default_move_time: (self.move_time_hours > 0.0)
                .then(|| Duration::from_secs_f64(self.move_time_hours * 3600.0)),
            reminders: self
                .reminder_hours
                .iter()
                .map(|h| Duration::from_secs_f64(h * 3600.0))
                .collect(),
            provisional_rd: r.provisional_deviation,
            glicko_tau: r.tau,
            rating_period: Duration::from_secs_f64(r.period_days * 86_400.0),
            ai_level: ai.level,
            ai_ms_per_move: ai.ms_per_move,
            ai_tt_mb: ai.tt_mb,
            ai_max_nodes: (ai.max_nodes > 0).then_some(ai.max_nodes),
        })
    }

    /// Checks `prefix` and returns `default_game` as the `!new` command reads it.
    fn check_prefix_and_default_game(&self) -> anyhow::Result<GameKind> {
        if self.prefix.is_empty() || self.prefix.chars().any(char::is_whitespace) {
            bail!(
                "prefix must be one or more characters without spaces, got {:?}",
                self.prefix
            );
        }
        match command::parse(&format!("!new {}", self.default_game), "!", &[]) {
            Some(Ok(command::Command::New {
                kind: Some(kind), ..
            })) => Ok(kind),
            _ => bail!(
                "default_game must be katro, katro:4x6, katro:4x4, hoyito, hoyito:2xN (N 6-12) or \"hoyito match\", got {:?}",
                self.default_game
            ),
        }
    }

    /// Checks `challenge_expiry_hours`, `move_time_hours` and `reminder_hours`.
    fn check_times(&self) -> anyhow::Result<()> {
        if !(self.challenge_expiry_hours > 0.0 && self.challenge_expiry_hours < 1e6) {
            bail!(
                "challenge_expiry_hours must be a positive number of hours, got {}",
                self.challenge_expiry_hours
            );
        }
        if !(self.move_time_hours == 0.0 || (1.0..=720.0).contains(&self.move_time_hours)) {
            bail!(
                "move_time_hours must be 0 (no deadlines) or 1 to 720, got {}",
                self.move_time_hours
            );
        }
        if let Some(h) = self
            .reminder_hours
            .iter()
            .find(|h| !(**h > 0.0 && **h <= 720.0))
        {
            bail!("reminder_hours must each be more than 0 and at most 720, got {h}");
        }
        Ok(())
    }

    /// The Discord token: `discord.token` if set and not empty, else the environment
    /// variable named by `discord.token_env`, if set and not empty.
    pub fn discord_token(&self) -> Option<String> {
        self.discord
            .token
            .clone()
            .filter(|t| !t.trim().is_empty())
            .or_else(|| {
                std::env::var(&self.discord.token_env)
                    .ok()
                    .filter(|t| !t.trim().is_empty())
            })
    }
}

impl RatingsConfig {
    /// Checks the `[ratings]` settings.
    fn check(&self) -> anyhow::Result<()> {
        if !(self.provisional_deviation > 0.0 && self.provisional_deviation <= 350.0) {
            bail!(
                "ratings.provisional_deviation must be more than 0 and at most 350, got {}",
                self.provisional_deviation
            );
        }
        if !(0.2..=1.5).contains(&self.tau) {
            bail!("ratings.tau must be 0.2 to 1.5, got {}", self.tau);
        }
        if !(1.0..=365.0).contains(&self.period_days) {
            bail!(
                "ratings.period_days must be 1 to 365 days, got {}",
                self.period_days
            );
        }
        Ok(())
    }
}

impl AiConfig {
    /// Checks the `[ai]` settings.
    fn check(&self) -> anyhow::Result<()> {
        if !mancala_ai::LEVELS.contains(&self.level) {
            bail!("ai.level must be 1 to 5, got {}", self.level);
        }
        if self.ms_per_move > 60_000 {
            bail!(
                "ai.ms_per_move must be 0 to 60000, got {}",
                self.ms_per_move
            );
        }
        if self.ms_per_move == 0 && self.max_nodes == 0 {
            bail!("ai.ms_per_move 0 (no time limit) needs ai.max_nodes above 0");
        }
        if !(1..=4096).contains(&self.tt_mb) {
            bail!("ai.tt_mb must be 1 to 4096, got {}", self.tt_mb);
        }
        Ok(())
    }
}

impl Limits {
    /// Checks the `[limits]` settings the core uses.
    fn check(&self) -> anyhow::Result<()> {
        if !(2..=10).contains(&self.max_attachments) {
            bail!(
                "limits.max_attachments must be 2 to 10, got {}",
                self.max_attachments
            );
        }
        if self.max_reply_chars < 100 || self.max_command_chars < 100 {
            bail!("limits.max_reply_chars and limits.max_command_chars must be at least 100");
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn example_config_parses_with_its_documented_values() {
        let text = include_str!("../../config.example.toml");
        let cfg = Config::parse(text).unwrap();
        let s = cfg.settings().unwrap();
        assert_eq!(s.prefix, "!");
        assert_eq!(s.challenge_expiry, Duration::from_secs(24 * 3600));
        assert_eq!(cfg.data_dir, PathBuf::from("./data"));
        assert_eq!(cfg.discord.token_env, "DISCORD_TOKEN");
        assert_eq!(s.max_attachments, 10);
        assert_eq!(s.default_move_time, Some(Duration::from_secs(72 * 3600)));
        assert_eq!(
            s.reminders,
            vec![Duration::from_secs(24 * 3600), Duration::from_secs(3600)]
        );
        assert_eq!(s.provisional_rd, 110.0);
        assert_eq!(s.glicko_tau, 0.5);
        assert_eq!(s.rating_period, Duration::from_secs(7 * 24 * 3600));
        assert_eq!(
            (s.ai_level, s.ai_ms_per_move, s.ai_tt_mb, s.ai_max_nodes),
            (3, 1000, 16, None)
        );
        let d = Config::default().settings().unwrap();
        assert_eq!(d.default_move_time, s.default_move_time);
        assert_eq!(d.reminders, s.reminders);
    }

    #[test]
    fn correspondence_settings_are_checked() {
        let s = Config::parse("move_time_hours = 0")
            .unwrap()
            .settings()
            .unwrap();
        assert_eq!(s.default_move_time, None);
        let e = format!("{:#}", Config::parse("move_time_hours = 0.5").unwrap_err());
        assert!(e.contains("move_time_hours must be 0"), "{e}");
        let e = format!(
            "{:#}",
            Config::parse("reminder_hours = [24, -1]").unwrap_err()
        );
        assert!(e.contains("reminder_hours"), "{e}");
        let e = format!("{:#}", Config::parse("[ratings]\ntau = 3").unwrap_err());
        assert!(e.contains("ratings.tau"), "{e}");
        let e = format!(
            "{:#}",
            Config::parse("[ratings]\nperiod_days = 0").unwrap_err()
        );
        assert!(
            e.contains("ratings.period_days must be 1 to 365 days, got 0"),
            "{e}"
        );
        let s = Config::parse("[ratings]\nperiod_days = 30")
            .unwrap()
            .settings()
            .unwrap();
        assert_eq!(s.rating_period, Duration::from_secs(30 * 24 * 3600));
        let e = format!("{:#}", Config::parse("[ai]\nlevel = 6").unwrap_err());
        assert!(e.contains("ai.level must be 1 to 5, got 6"), "{e}");
        let e = format!("{:#}", Config::parse("[ai]\nms_per_move = 0").unwrap_err());
        assert!(e.contains("needs ai.max_nodes"), "{e}");
        let s = Config::parse("[ai]\nms_per_move = 0\nmax_nodes = 5000")
            .unwrap()
            .settings()
            .unwrap();
        assert_eq!((s.ai_ms_per_move, s.ai_max_nodes), (0, Some(5000)));
    }

    #[test]
    fn bad_settings_are_named() {
        let e = Config::parse("prefx = \"?\"").unwrap_err().to_string();
        assert!(e.contains("unknown field `prefx`"), "{e}");
        let e = format!(
            "{:#}",
            Config::parse("default_game = \"chess\"").unwrap_err()
        );
        assert!(e.contains("default_game"), "{e}");
        let e = format!(
            "{:#}",
            Config::parse("[discord.shards]\nfirst = 2\nlast = 1\ntotal = 4").unwrap_err()
        );
        assert!(e.contains("first <= last < total"), "{e}");
        let e = format!(
            "{:#}",
            Config::parse("[discord]\norganizer_role = 0").unwrap_err()
        );
        assert!(e.contains("discord.organizer_role"), "{e}");
        let cfg = Config::parse("[discord]\norganizer_role = 910000000000000003").unwrap();
        assert_eq!(cfg.discord.organizer_role, Some(910000000000000003));
        let cfg = Config::parse("default_game = \"hoyito match\"").unwrap();
        assert!(cfg.settings().unwrap().default_game.is_match);
    }

    #[test]
    fn matrix_settings_and_secrets() {
        let cfg = Config::parse(
            "[matrix]\nhomeserver = \"https://m.example\"\nuser = \"@bot:m.example\"\n\
             password = \"pw-secret\"\npost_gifs = false",
        )
        .unwrap();
        assert_eq!(
            cfg.matrix.homeserver_url().as_deref(),
            Some("https://m.example")
        );
        assert!(!cfg.matrix.post_gifs);
        assert_eq!(
            cfg.matrix.login().unwrap(),
            MatrixLogin::Password {
                user: "@bot:m.example".into(),
                password: "pw-secret".into()
            }
        );
        assert!(!format!("{cfg:?}").contains("pw-secret"));
        assert!(!format!("{:?}", cfg.matrix.login().unwrap()).contains("pw-secret"));
        let cfg = Config::parse(
            "[matrix]\nhomeserver = \"https://m.example\"\naccess_token = \"tok-secret\"\n\
             user_env = \"MANCALA_TEST_UNSET_USER\"\npassword_env = \"MANCALA_TEST_UNSET_PW\"",
        )
        .unwrap();
        assert_eq!(
            cfg.matrix.login().unwrap(),
            MatrixLogin::AccessToken("tok-secret".into())
        );
        assert!(!format!("{cfg:?}").contains("tok-secret"));
        let cfg = Config::parse(
            "[matrix]\nhomeserver = \"https://m.example\"\nuser = \"bot\"\n\
             password_env = \"MANCALA_TEST_UNSET_PW\"\naccess_token_env = \"MANCALA_TEST_UNSET_TOK\"",
        )
        .unwrap();
        let e = cfg.matrix.login().unwrap_err().to_string();
        assert!(
            e.contains("matrix.password (or $MANCALA_TEST_UNSET_PW)"),
            "{e}"
        );
        let e = format!(
            "{:#}",
            Config::parse("[matrix]\nstore_subdir = \"../elsewhere\"").unwrap_err()
        );
        assert!(e.contains("matrix.store_subdir"), "{e}");
    }

    #[test]
    fn token_is_not_in_debug_output() {
        let cfg = Config::parse("[discord]\ntoken = \"secret-value\"").unwrap();
        assert!(!format!("{cfg:?}").contains("secret-value"));
        assert_eq!(cfg.discord_token().as_deref(), Some("secret-value"));
    }
}
