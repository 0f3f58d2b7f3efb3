//! The checked range of every setting (issue 18): each bad value is refused at load
//! with its key, what is allowed and what was given, before any of it reaches sled,
//! tokio, serenity, matrix-sdk or the AI.

use std::fmt::{Debug, Display};
use std::path::{Component, Path};

use crate::transport::discord::token;

use super::{
    bail, AiConfig, Backend, BackupConfig, Config, DiscordConfig, Limits, MatrixConfig,
    RatingsConfig, Result, StoreConfig,
};

/// Refuses `v` outside `lo..=hi` (NaN and infinities included), naming `key`.
/// The value is shown as Rust's `Debug` does (`1e-300`, not 300 zeros).
fn within<T: PartialOrd + Display + Debug>(key: &str, v: T, lo: T, hi: T) -> Result<()> {
    if !(lo <= v && v <= hi) {
        bail!("{key} must be {lo} to {hi}, got {v:?}");
    }
    Ok(())
}

/// As [`within`], with 0 also allowed (meaning "none" or "no limit": `zero_means`).
fn zero_or_within(key: &str, v: f64, lo: f64, hi: f64, zero_means: &str) -> Result<()> {
    if !(v == 0.0 || (lo..=hi).contains(&v)) {
        bail!("{key} must be 0 ({zero_means}) or {lo} to {hi}, got {v:?}");
    }
    Ok(())
}

/// Refuses a setting that is present but empty: leaving it out is how to say "none".
fn not_empty(key: &str, v: &Option<String>, leave_out_means: &str) -> Result<()> {
    if v.as_ref().is_some_and(|v| v.trim().is_empty()) {
        bail!("{key} is empty: give a value, or remove the line ({leave_out_means})");
    }
    Ok(())
}

/// Refuses a name that no shell would give an environment variable. The value is not
/// shown: what stands where a variable's name belongs is often the secret itself (a
/// token, a password, a connection string).
fn env_name(key: &str, v: &str) -> Result<()> {
    let mut chars = v.chars();
    let first_ok = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
    if !first_ok || v.len() > 100 || !chars.all(|c| c.is_ascii_alphanumeric() || c == '_') {
        bail!(
            "{key} must be an environment variable's name (letters, digits and `_`, not \
             starting with a digit, at most 100), got {} that is not one (not shown, in \
             case it is the secret itself: put the secret in the environment and its \
             variable's name here)",
            super::chars_text(v)
        );
    }
    Ok(())
}

/// Refuses a base URL that is not `https://` with a host, or `http://` to a loopback
/// host ([`crate::transport::base_url`]).
fn http_url(key: &str, v: &str) -> Result<()> {
    if let Err(why) = crate::transport::base_url(v) {
        bail!("{key} {why}");
    }
    Ok(())
}

/// Refuses a Discord id that is not a snowflake (17 to 20 digits).
fn snowflake(key: &str, v: Option<u64>) -> Result<()> {
    match v {
        Some(id) if id < 10_000_000_000_000_000 => bail!(
            "{key} must be a Discord id (a snowflake of 17 to 20 digits: Developer Mode -> \
             right-click -> Copy ID), got {id}"
        ),
        _ => Ok(()),
    }
}

impl Config {
    /// Checks every setting, in the order of `config.example.toml`; the first bad one is
    /// reported.
    ///
    /// # Errors
    /// Naming the key, what is allowed and the value given.
    pub fn check(&self) -> Result<()> {
        self.check_top()?;
        self.ratings.check()?;
        self.ai.check()?;
        self.limits.check()?;
        self.discord.check()?;
        self.matrix.check()?;
        self.backup.check()?;
        self.store.check()?;
        self.web.listen_addr()?;
        self.web.public_url(None).map(|_| ())
    }

    /// The settings outside any section (`default_game` is checked where it is read).
    fn check_top(&self) -> Result<()> {
        let p = &self.prefix;
        // Markup characters would break the replies' code spans and formatting, `/` is
        // the console's and Discord's own commands, `@` a mention; invisible characters
        // could not be typed. The core reads the prefix as it reads commands (NFKC,
        // without backticks and invisible characters): it must not read as empty or
        // with a space (`¨` is a space and a combining mark in NFKC).
        let bad = |c: char| {
            c.is_whitespace()
                || c.is_control()
                || crate::core::input::is_invisible(c)
                || "`/@\\*_~|<>#[]".contains(c)
        };
        let read = crate::core::input::command_text(p);
        if p.is_empty()
            || p.chars().count() > 8
            || p.chars().any(bad)
            || read.is_empty()
            || read.chars().any(char::is_whitespace)
        {
            bail!(
                "prefix must be 1 to 8 visible characters, none of them a space or one of \
                 ` / @ \\ * _ ~ | < > # [ ], got {p:?}"
            );
        }
        check_data_dir(&self.data_dir)?;
        within(
            "challenge_expiry_hours",
            self.challenge_expiry_hours,
            0.1,
            720.0,
        )?;
        zero_or_within(
            "move_time_hours",
            self.move_time_hours,
            1.0,
            720.0,
            "no deadlines",
        )?;
        within(
            "the number of reminder_hours",
            self.reminder_hours.len(),
            0,
            8,
        )?;
        for h in &self.reminder_hours {
            within("reminder_hours", *h, 0.1, 720.0)?;
        }
        within(
            "shutdown_timeout_seconds",
            self.shutdown_timeout_seconds,
            1.0,
            600.0,
        )?;
        within(
            "vacation_days_per_year",
            self.vacation_days_per_year,
            0,
            365,
        )?;
        Ok(())
    }
}

impl StoreConfig {
    /// Checks the `[store]` settings.
    fn check(&self) -> Result<()> {
        if self.backend == Backend::Postgres && !cfg!(feature = "postgres") {
            bail!(
                "store.backend is \"postgres\", but this build has no PostgreSQL store: \
                 build with the default features (or --features postgres)"
            );
        }
        env_name("store.postgres_url_env", &self.postgres_url_env)?;
        within("store.postgres_pool", self.postgres_pool, 2, 64)
    }
}

/// Refuses an empty data directory (it would silently be the current directory).
///
/// # Errors
/// `data_dir` is empty or only spaces.
pub fn check_data_dir(dir: &Path) -> Result<()> {
    if dir.as_os_str().to_string_lossy().trim().is_empty() {
        bail!("data_dir is empty: give a directory (the default is ./data)");
    }
    Ok(())
}

impl RatingsConfig {
    /// Checks the `[ratings]` settings.
    fn check(&self) -> Result<()> {
        within(
            "ratings.provisional_deviation",
            self.provisional_deviation,
            30.0,
            350.0,
        )?;
        within("ratings.tau", self.tau, 0.2, 1.5)?;
        within("ratings.period_days", self.period_days, 1.0, 365.0)
    }
}

impl AiConfig {
    /// Checks the `[ai]` settings.
    fn check(&self) -> Result<()> {
        within("ai.level", self.level, 1, 5)?;
        within("ai.ms_per_move", self.ms_per_move, 0, 60_000)?;
        within("ai.tt_mb", self.tt_mb, 1, 4096)?;
        if self.max_nodes != 0 && !(1_000..=10_000_000_000).contains(&self.max_nodes) {
            bail!(
                "ai.max_nodes must be 0 (no limit) or 1000 to 10000000000, got {}",
                self.max_nodes
            );
        }
        within("ai.searchers", self.searchers, 0, 64)?;
        within("ai.queue", self.queue, 0, 10_000)?;
        if self.endgame_seeds != 0 && !mancala_ai::endgame::valid_seeds(self.endgame_seeds) {
            bail!(
                "ai.endgame_seeds must be 0 (no tables), 4, 8, 12 or 16, got {}",
                self.endgame_seeds
            );
        }
        within("ai.analysis_searchers", self.analysis_searchers, 1, 16)?;
        within("ai.analysis_queue", self.analysis_queue, 0, 1000)?;
        within(
            "ai.analysis_cooldown_secs",
            self.analysis_cooldown_secs,
            0,
            86_400,
        )?;
        if self.ms_per_move == 0 && self.max_nodes == 0 {
            bail!("ai.ms_per_move 0 (no time limit) needs ai.max_nodes above 0");
        }
        Ok(())
    }
}

impl Limits {
    /// Checks the `[limits]` settings.
    fn check(&self) -> Result<()> {
        within("limits.max_attachments", self.max_attachments, 2, 10)?;
        within("limits.max_reply_chars", self.max_reply_chars, 200, 65536)?;
        within(
            "limits.max_command_chars",
            self.max_command_chars,
            100,
            2000,
        )?;
        within("limits.store_cache_mb", self.store_cache_mb, 1, 65_536)?;
        let rates = [
            (
                "limits.commands_per_user_per_minute",
                self.commands_per_user_per_minute,
            ),
            (
                "limits.commands_per_channel_per_minute",
                self.commands_per_channel_per_minute,
            ),
        ];
        for (key, v) in rates {
            if v > 600 {
                bail!("{key} must be 0 (no limit) or 1 to 600, got {v}");
            }
        }
        within("limits.picture_threads", self.picture_threads, 0, 64)?;
        within("limits.picture_queue", self.picture_queue, 0, 10_000)?;
        within("limits.picture_cache_mb", self.picture_cache_mb, 1, 4096)?;
        within(
            "limits.picture_frames_per_minute",
            self.picture_frames_per_minute,
            0,
            100_000,
        )?;
        within(
            "limits.picture_burst_frames",
            self.picture_burst_frames,
            1,
            100_000,
        )?;
        Ok(())
    }
}

impl DiscordConfig {
    /// Checks the `[discord]` settings (the token's shape, not whether Discord takes it).
    fn check(&self) -> Result<()> {
        not_empty(
            "discord.token",
            &self.token,
            "then the token is read from discord.token_env",
        )?;
        if let Some(t) = &self.token {
            if let Err(why) = token::check_shape(t) {
                bail!("discord.token is not a bot token: {why}");
            }
        }
        env_name("discord.token_env", &self.token_env)?;
        snowflake("discord.register_guild", self.register_guild)?;
        if let Some(base) = &self.api_base {
            http_url("discord.api_base", base)?;
        }
        snowflake("discord.organizer_role", self.organizer_role)?;
        if let Some(s) = self.shards {
            within("discord.shards.total", s.total, 1, 100_000)?;
            if s.first > s.last || s.last >= s.total {
                bail!(
                    "discord.shards must satisfy first <= last < total (got first {}, last {}, total {})",
                    s.first,
                    s.last,
                    s.total
                );
            }
        }
        Ok(())
    }
}

impl MatrixConfig {
    /// Checks the `[matrix]` settings.
    fn check(&self) -> Result<()> {
        not_empty(
            "matrix.homeserver",
            &self.homeserver,
            "then it is read from matrix.homeserver_env",
        )?;
        if let Some(url) = &self.homeserver {
            http_url("matrix.homeserver", url)?;
        } else if let Some(url) = self.homeserver_url() {
            http_url(&format!("${}", self.homeserver_env), &url)?;
        }
        let envs = [
            ("matrix.homeserver_env", &self.homeserver_env),
            ("matrix.user_env", &self.user_env),
            ("matrix.password_env", &self.password_env),
            ("matrix.access_token_env", &self.access_token_env),
            ("matrix.recovery_key_env", &self.recovery_key_env),
        ];
        for (key, v) in envs {
            env_name(key, v)?;
        }
        let secrets = [
            ("matrix.user", &self.user, "then matrix.user_env"),
            (
                "matrix.password",
                &self.password,
                "then matrix.password_env",
            ),
            (
                "matrix.access_token",
                &self.access_token,
                "then matrix.access_token_env",
            ),
        ];
        for (key, v, instead) in secrets {
            not_empty(key, v, instead)?;
        }
        let name = self.device_name.trim();
        if name.is_empty() || name.chars().count() > 100 {
            bail!(
                "matrix.device_name must be 1 to 100 characters, got {:?}",
                self.device_name
            );
        }
        let sub = Path::new(&self.store_subdir);
        if self.store_subdir.trim().is_empty()
            || sub.is_absolute()
            || sub.components().any(|c| !matches!(c, Component::Normal(_)))
        {
            bail!(
                "matrix.store_subdir must be a relative path inside data_dir without `..`, got {:?}",
                self.store_subdir
            );
        }
        if self.leave_game_rooms_after_hours > 24 * 365 {
            bail!(
                "matrix.leave_game_rooms_after_hours must be 0 to 8760 (a year), got {}",
                self.leave_game_rooms_after_hours
            );
        }
        for entry in &self.allow {
            if let Err(why) = crate::transport::matrix::trust::check_entry(entry) {
                bail!("matrix.allow: {why}");
            }
        }
        within(
            "matrix.rooms_per_inviter",
            self.rooms_per_inviter,
            1,
            10_000,
        )?;
        Ok(())
    }
}

impl BackupConfig {
    /// Checks the `[backup]` settings.
    fn check(&self) -> Result<()> {
        zero_or_within(
            "backup.every_hours",
            self.every_hours,
            0.1,
            720.0,
            "only when asked with SIGUSR1",
        )?;
        within("backup.keep", self.keep, 1, 1000)?;
        if self.dir.as_os_str().to_string_lossy().trim().is_empty() {
            bail!("backup.dir is empty: give a directory (the default is backups, in data_dir)");
        }
        Ok(())
    }
}
