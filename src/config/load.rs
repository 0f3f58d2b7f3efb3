//! The effective settings: the defaults, under the config file, under the environment
//! (`MANCALA_*`, see [`super::env`]), under the command line's flags; and where each
//! value came from, for `config show`.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::fmt;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::env::{self, Key};
use super::{toml_error, Config, ConfigError, Result};

/// Where a setting's value came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// The built-in default.
    Default,
    /// The config file.
    File,
    /// This environment variable.
    Env(String),
    /// This command-line flag (`--data`).
    Flag(&'static str),
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Default => f.write_str("default"),
            Source::File => f.write_str("file"),
            Source::Env(v) => write!(f, "env {v}"),
            Source::Flag(flag) => f.write_str(flag),
        }
    }
}

/// The effective config, where each setting came from, and the warnings to log once
/// (`MANCALA_*` names that look like a misspelt setting).
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The checked, effective settings.
    pub config: Config,
    /// The config file read, if any.
    pub file: Option<PathBuf>,
    /// Key path -> where its value came from; a key not here has its default.
    pub sources: BTreeMap<String, Source>,
    /// One line per ignored `MANCALA_*` variable close to a setting's name.
    pub warnings: Vec<String>,
}

impl Loaded {
    /// Where the setting `path` came from.
    pub fn source(&self, path: &str) -> Source {
        self.sources.get(path).cloned().unwrap_or(Source::Default)
    }

    /// Sets the data directory from the command line's `--data` (over everything).
    ///
    /// # Errors
    /// `dir` is empty.
    pub fn set_data_dir(&mut self, dir: &Path) -> Result<()> {
        super::check_data_dir(dir).map_err(|e| e.context("--data"))?;
        self.config.data_dir = dir.to_path_buf();
        self.sources
            .insert("data_dir".into(), Source::Flag("--data"));
        Ok(())
    }
}

/// The effective settings of this process: the defaults, under the config at `path` (if
/// any), under the process's `MANCALA_*` variables, under `--data` (`data`); logs once
/// each ignored `MANCALA_*` variable that looks like a misspelt setting.
///
/// # Errors
/// As [`Config::resolve`], or an empty `data`.
pub fn load_settings(path: Option<&Path>, data: Option<&Path>) -> Result<Loaded> {
    let mut loaded = Config::resolve(path, std::env::vars_os())?;
    for w in &loaded.warnings {
        tracing::warn!("{w}");
    }
    if let Some(d) = data {
        loaded.set_data_dir(d)?;
    }
    Ok(loaded)
}

impl Config {
    /// The effective settings: the defaults, under `file` (if any), under the `MANCALA_*`
    /// settings in `vars` (the process's environment: `std::env::vars_os()`), checked as
    /// a whole.
    ///
    /// # Errors
    /// The file unreadable or bad (naming it, with the line), a variable's
    /// value not of its key's type (naming the variable, the key and what is allowed), or
    /// a value out of range, naming the variable when it came from the environment.
    /// A secret's value is never shown.
    pub fn resolve(
        file: Option<&Path>,
        vars: impl IntoIterator<Item = (OsString, OsString)>,
    ) -> Result<Loaded> {
        let text = match file {
            Some(p) => std::fs::read_to_string(p).map_err(|e| {
                ConfigError::wrap(format!("cannot read the config file {}", p.display()), e)
            })?,
            None => String::new(),
        };
        let in_file = |e: ConfigError| match file {
            Some(p) => e.context(format!("bad config file {}", p.display())),
            None => e,
        };
        // Types and names first, with the file's line numbers (ranges come last: a value
        // out of range in the file may be overridden by the environment).
        let from_file: Config =
            toml::from_str(&text).map_err(|e| in_file(ConfigError::new(toml_error(&text, &e))))?;
        let mut table: toml::Table =
            toml::from_str(&text).map_err(|e| in_file(ConfigError::new(toml_error(&text, &e))))?;
        let keys = env::schema()?;
        let overlay = env::overlay(&keys, vars, &env_names(&from_file, &keys))?;
        let mut sources = BTreeMap::new();
        let mut file_keys = Vec::new();
        env::leaf_paths(&table, "", &mut file_keys);
        for k in file_keys {
            sources.insert(k, Source::File);
        }
        let config = if overlay.values.is_empty() {
            from_file
        } else {
            for (path, (value, var)) in &overlay.values {
                env::insert(&mut table, path, value.clone());
                sources.insert(path.clone(), Source::Env(var.clone()));
            }
            Config::deserialize(toml::Value::Table(table)).map_err(|e| {
                let vars: Vec<&str> = overlay.values.values().map(|(_, v)| v.as_str()).collect();
                ConfigError::new(format!(
                    "the settings from the environment (${}) do not fit: {}",
                    vars.join(", $"),
                    e.message()
                ))
            })?
        };
        let loaded = Loaded {
            config,
            file: file.map(Path::to_path_buf),
            sources,
            warnings: overlay.warnings,
        };
        if let Err(e) = loaded.config.settings() {
            return Err(match blamed_vars(&loaded, &format!("{e:#}")) {
                Some(vars) => e.context(format!("bad setting in the environment: {vars}")),
                None => in_file(e),
            });
        }
        Ok(loaded)
    }
}

/// The variables named by the `*_env` settings of `cfg` (not settings themselves, and
/// some are `MANCALA_*`: `store.postgres_url_env`).
fn env_names(cfg: &Config, keys: &[Key]) -> Vec<String> {
    let Ok(toml::Value::Table(t)) = toml::Value::try_from(cfg) else {
        return Vec::new();
    };
    keys.iter()
        .filter(|k| k.path.ends_with("_env"))
        .filter_map(|k| env::lookup(&t, &k.path)?.as_str().map(str::to_string))
        .collect()
}

/// `$VAR (key)` for each setting from the environment that the check's message `msg`
/// names (the key, or its section within a section: `discord.shards`), if any.
fn blamed_vars(loaded: &Loaded, msg: &str) -> Option<String> {
    let words: Vec<&str> = msg
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
        .map(|w| w.trim_end_matches('.'))
        .collect();
    let named = |path: &str| {
        let mut p = path;
        loop {
            if words.contains(&p) {
                return true;
            }
            match p.rsplit_once('.') {
                Some((parent, _)) if parent.contains('.') => p = parent,
                _ => return false,
            }
        }
    };
    let blamed: Vec<String> = loaded
        .sources
        .iter()
        .filter_map(|(path, s)| match s {
            Source::Env(var) if named(path) => Some(format!("${var} ({path})")),
            _ => None,
        })
        .collect();
    (!blamed.is_empty()).then(|| blamed.join(", "))
}
