//! The configuration's one error type: a message naming the setting, what is allowed and
//! what was given (never a secret's value), over what it wraps (the file's I/O error, or
//! the setting's own error under the file or the variable it came from).

use std::error::Error as StdError;
use std::fmt;

/// A bad setting or an unreadable config file. `{}` shows this error's own message;
/// `{:#}` the whole chain, `outer: inner: ...`, as `anyhow` prints an error with
/// context (`bad config file bot.toml: line 2, ai.level: ...`); [`StdError::source`]
/// gives the next one, so the binary's `anyhow` prints it the same way.
pub struct ConfigError {
    /// This level's message.
    message: String,
    /// What it wraps, if anything.
    source: Option<Box<dyn StdError + Send + Sync + 'static>>,
}

/// A result whose error is a [`ConfigError`].
pub type Result<T, E = ConfigError> = std::result::Result<T, E>;

impl ConfigError {
    /// An error with this message and nothing under it.
    pub(crate) fn new(message: impl Into<String>) -> Self {
        ConfigError {
            message: message.into(),
            source: None,
        }
    }

    /// An error with this message over `source`.
    pub(crate) fn wrap(
        message: impl Into<String>,
        source: impl StdError + Send + Sync + 'static,
    ) -> Self {
        ConfigError {
            message: message.into(),
            source: Some(Box::new(source)),
        }
    }

    /// This error under a message saying where it came from (`--data`, the file).
    pub(crate) fn context(self, message: impl Into<String>) -> Self {
        ConfigError::wrap(message, self)
    }
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)?;
        if f.alternate() {
            let mut next = self.source();
            while let Some(e) = next {
                write!(f, ": {e}")?;
                next = e.source();
            }
        }
        Ok(())
    }
}

impl fmt::Debug for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:#}")
    }
}

impl StdError for ConfigError {
    fn source(&self) -> Option<&(dyn StdError + 'static)> {
        self.source
            .as_deref()
            .map(|e| e as &(dyn StdError + 'static))
    }
}

/// `bail!("...", args)`: returns a [`ConfigError`] of the formatted message.
macro_rules! bail {
    ($($arg:tt)*) => {
        return Err($crate::config::ConfigError::new(format!($($arg)*)))
    };
}
pub(crate) use bail;
