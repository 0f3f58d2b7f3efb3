//! `mancala-bot config show`: the effective settings as TOML that `--config` reads back,
//! each value followed by where it came from. Secrets are never printed: their lines are
//! comments (`# token = <hidden>  # file`), so the text reads back without them; the
//! variables that `*_env` settings name are shown by name and whether they are set,
//! never their value.

use std::fmt::Write as _;

use super::env::{self, lookup, Key};
use super::{ConfigError, Loaded, Result};

/// The text of `config show` for `loaded`, its first line naming the bot's `version`;
/// `is_set(VAR)`: whether the environment variable `VAR` is set and not empty.
///
/// # Errors
/// The settings cannot be written as TOML (a data directory that is not UTF-8).
pub fn render(loaded: &Loaded, version: &str, is_set: &dyn Fn(&str) -> bool) -> Result<String> {
    let keys = env::schema()?;
    let value =
        toml::Value::try_from(&loaded.config).map_err(|e| ConfigError::new(e.to_string()))?;
    let table = value
        .as_table()
        .ok_or_else(|| ConfigError::new("the settings are not a table"))?;
    let mut out = String::new();
    let file = match &loaded.file {
        Some(p) => format!("file {}", p.display()),
        None => "no file".into(),
    };
    let _ = writeln!(
        out,
        "# The effective settings of mancala-bot {}: defaults < {file} < environment \
         (MANCALA_*) < flags.\n# Each value is followed by where it came from. Secrets are \
         not shown: their lines are comments.",
        version
    );
    let mut groups: Vec<(&str, Vec<&Key>)> = Vec::new();
    for k in &keys {
        let parent = k.path.rsplit_once('.').map_or("", |(p, _)| p);
        match groups.iter_mut().find(|(p, _)| *p == parent) {
            Some((_, v)) => v.push(k),
            None => groups.push((parent, vec![k])),
        }
    }
    for (parent, keys) in groups {
        if !parent.is_empty() {
            if lookup(table, parent).is_none() {
                let names: Vec<&str> = keys.iter().map(|k| leaf(k)).collect();
                let _ = writeln!(out, "\n# [{parent}]: not set ({})", names.join(", "));
                continue;
            }
            let _ = writeln!(out, "\n[{parent}]");
        }
        for k in keys {
            line(&mut out, loaded, table, k, is_set);
        }
    }
    Ok(out)
}

/// The last part of `k`'s path: its name in its section.
fn leaf(k: &Key) -> &str {
    k.path.rsplit_once('.').map_or(k.path.as_str(), |(_, l)| l)
}

/// Writes the line of the setting `k`.
fn line(
    out: &mut String,
    loaded: &Loaded,
    table: &toml::Table,
    k: &Key,
    is_set: &dyn Fn(&str) -> bool,
) {
    let (name, source) = (leaf(k), loaded.source(&k.path));
    let _ = match lookup(table, &k.path) {
        None => writeln!(out, "# {name}: not set"),
        Some(_) if k.is_secret() => writeln!(out, "# {name} = <hidden>  # {source}"),
        Some(v) => {
            let named = match v.as_str().filter(|_| k.path.ends_with("_env")) {
                Some(var) if is_set(var) => format!("; ${var} is set"),
                Some(var) => format!("; ${var} is not set"),
                None => String::new(),
            };
            writeln!(out, "{name} = {v}  # {source}{named}")
        }
    };
}
