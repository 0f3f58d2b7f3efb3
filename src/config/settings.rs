//! The core's settings of a checked config ([`Config::settings`]), the config's text
//! parsed alone ([`Config::parse`]), and the Discord token's source.

use std::num::NonZeroU32;
use std::time::Duration;

use super::{bail, toml_error, Config, ConfigError, Limits, Result};
use crate::core::ai_pool::PoolSize;
use crate::core::command;
use crate::core::draw_pool::DrawSize;
use crate::core::pictures::PictureLimits;
use crate::core::throttle::RateLimits;
use crate::core::Settings;
use crate::model::GameKind;
use crate::transport::discord::token::TokenSource;

impl Limits {
    /// The pictures' limits of these settings (checked).
    fn pictures(&self) -> PictureLimits {
        PictureLimits {
            pool: DrawSize {
                threads: match self.picture_threads {
                    0 => DrawSize::default().threads,
                    n => n,
                },
                queue: self.picture_queue,
            },
            cache_bytes: self.picture_cache_mb << 20,
            frames_per_minute: NonZeroU32::new(self.picture_frames_per_minute),
            burst_frames: NonZeroU32::new(self.picture_burst_frames).unwrap_or(NonZeroU32::MIN),
        }
    }
}

impl Config {
    /// Parses and checks TOML text (the file alone, as [`Config::resolve`] reads it
    /// without an environment).
    ///
    /// # Errors
    /// Not TOML, an unknown or ill-typed setting (with its line), or a value out of range
    /// (see [`Config::settings`]).
    pub fn parse(text: &str) -> Result<Config> {
        let cfg: Config =
            toml::from_str(text).map_err(|e| ConfigError::new(toml_error(text, &e)))?;
        cfg.settings()?;
        Ok(cfg)
    }

    /// The core's settings.
    ///
    /// # Errors
    /// A setting out of its range ([`Config::check`]) or an unknown default game.
    pub fn settings(&self) -> Result<Settings> {
        self.check()?;
        let default_game = self.default_game()?;
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
            ai_pool: PoolSize {
                searchers: match ai.searchers {
                    0 => PoolSize::default().searchers,
                    n => n,
                },
                queue: ai.queue,
            },
            rate_limits: RateLimits {
                per_user: NonZeroU32::new(l.commands_per_user_per_minute),
                per_channel: NonZeroU32::new(l.commands_per_channel_per_minute),
            },
            analysis_pool: PoolSize {
                searchers: ai.analysis_searchers,
                queue: ai.analysis_queue,
            },
            analysis_cooldown: Duration::from_secs(ai.analysis_cooldown_secs),
            pictures: l.pictures(),
            vacation_days_per_year: self.vacation_days_per_year,
            puzzles: crate::core::puzzle::PuzzleBook::shipped(),
            public_url: self.web.public_url(None)?.map(String::from),
        })
    }

    /// `default_game` as the `!new` command reads it.
    fn default_game(&self) -> Result<GameKind> {
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

    /// The Discord token and where it came from: `discord.token` if set (the checks
    /// refuse it empty), else the environment variable named by `discord.token_env`, if
    /// set and not empty (only spaces is kept, for the token check to refuse). `None`:
    /// no Discord.
    pub fn discord_token(&self) -> Option<(String, TokenSource)> {
        if let Some(t) = &self.discord.token {
            return Some((t.clone(), TokenSource::Config));
        }
        // A variable set but blank is kept (and refused by the token check, naming it):
        // a misquoted secret must not quietly start the console instead of Discord.
        let var = &self.discord.token_env;
        std::env::var(var)
            .ok()
            .filter(|t| !t.is_empty())
            .map(|t| (t, TokenSource::Env(var.clone())))
    }
}
