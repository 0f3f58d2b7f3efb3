//! Settings from the environment ("Ready to host"): every setting `a.b.c` can be given
//! as the variable `MANCALA_A_B_C` (the key path upper-cased, `.` as `_`), over the
//! config file, so that a container needs no file. The keys and their types are read
//! from the config's own serde types ([`schema`]), never from a hand-kept list: a
//! section added later has its variables at once.
//!
//! A value is read as its key's type: a whole number, a number, `true` or `false`, a
//! string as it is (no quotes), one of an enumeration's names, or a list of numbers as
//! `24,1` or `[24, 1]` (`[]`: none). An empty variable counts as unset.

use std::collections::BTreeMap;
use std::ffi::OsString;

use serde_reflection::{ContainerFormat, Format, Registry, Tracer, TracerConfig};

use super::{bail, Config, ConfigError, Result};

/// The prefix of every setting's variable.
pub(crate) const PREFIX: &str = "MANCALA_";

/// `MANCALA_*` variables that are not settings, and are never warned about: the
/// database's connection string (it holds the password), the log format, the tests'
/// demand for PostgreSQL and their test database, the web pages' public address, the
/// build's git hash.
pub const NOT_SETTINGS: &[&str] = &[
    "MANCALA_POSTGRES_URL",
    "MANCALA_LOG_FORMAT",
    "MANCALA_REQUIRE_POSTGRES",
    "MANCALA_TEST_POSTGRES",
    "MANCALA_TEST_POSTGRES_CA",
    "MANCALA_PUBLIC_URL",
    "MANCALA_GIT_HASH",
];

/// The keys whose values are secrets: never shown by `config show`, never in an error.
/// (The config's `Debug` hides the same ones; a test holds the two together.)
pub const SECRET_KEYS: &[&str] = &["discord.token", "matrix.password", "matrix.access_token"];

/// What a setting holds, as its Rust type says.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// `true` or `false`.
    Bool,
    /// A whole number in this range (the Rust type's, within TOML's i64).
    Int(i64, i64),
    /// A number (a whole number is read as one too).
    Float,
    /// Any text.
    Str,
    /// One of these names (a unit enum such as `store.backend`).
    Choice(Vec<String>),
    /// A list of values of one kind.
    List(Box<Kind>),
}

/// One setting: its key path (`ai.ms_per_move`) and what it holds. A key of an `Option`
/// (`discord.register_guild`), or inside one (`discord.shards.total`), is a key too.
#[derive(Clone, Debug)]
pub struct Key {
    /// The key path, dot-separated.
    pub path: String,
    /// Its type.
    pub kind: Kind,
}

impl Key {
    /// The environment variable of this key: `MANCALA_` + the path upper-cased, `.` as
    /// `_` (`ai.ms_per_move` -> `MANCALA_AI_MS_PER_MOVE`).
    pub fn var(&self) -> String {
        var_of(&self.path)
    }

    /// Whether this key's value is a secret.
    pub fn is_secret(&self) -> bool {
        SECRET_KEYS.contains(&self.path.as_str())
    }
}

/// The variable of the key path `path`.
pub(crate) fn var_of(path: &str) -> String {
    format!("{PREFIX}{}", path.replace('.', "_").to_uppercase())
}

/// Every setting of [`Config`], in the order of its fields, traced from its
/// `Deserialize` implementation.
///
/// # Errors
/// A type serde-reflection cannot trace (a bug of the config's types; a test calls this).
pub fn schema() -> Result<Vec<Key>> {
    let mut tracer = Tracer::new(TracerConfig::default().is_human_readable(true));
    let failed = |e: serde_reflection::Error| {
        ConfigError::new(format!("cannot read the settings' types: {e}"))
    };
    let (format, _) = tracer.trace_simple_type::<Config>().map_err(failed)?;
    // A nested enum is traced from its first variant only: each is traced on its own
    // for all its names. One left out here makes `registry` fail (MissingVariants).
    tracer
        .trace_simple_type::<super::Backend>()
        .map_err(failed)?;
    let registry = tracer.registry().map_err(failed)?;
    let mut keys = Vec::new();
    walk(&registry, &format, "", &mut keys)?;
    Ok(keys)
}

/// Adds the keys under `path` of type `format` to `keys`.
fn walk(reg: &Registry, format: &Format, path: &str, keys: &mut Vec<Key>) -> Result<()> {
    if let Format::Option(inner) = format {
        return walk(reg, inner, path, keys);
    }
    if let Format::TypeName(name) = format {
        match reg.get(name) {
            Some(ContainerFormat::Struct(fields)) => {
                for f in fields {
                    let sub = match path {
                        "" => f.name.clone(),
                        _ => format!("{path}.{}", f.name),
                    };
                    walk(reg, &f.value, &sub, keys)?;
                }
                return Ok(());
            }
            Some(ContainerFormat::NewTypeStruct(inner)) => return walk(reg, inner, path, keys),
            _ => {}
        }
    }
    let kind = kind_of(reg, format)
        .ok_or_else(|| ConfigError::new(format!("{path}: a type with no variable")))?;
    keys.push(Key {
        path: path.to_string(),
        kind,
    });
    Ok(())
}

/// The kind of a leaf setting of type `format`.
fn kind_of(reg: &Registry, format: &Format) -> Option<Kind> {
    let int = |lo: i128, hi: i128| {
        Kind::Int(
            lo.max(i64::MIN.into()) as i64,
            hi.min(i64::MAX.into()) as i64,
        )
    };
    Some(match format {
        Format::Bool => Kind::Bool,
        Format::U8 => int(0, u8::MAX.into()),
        Format::U16 => int(0, u16::MAX.into()),
        Format::U32 => int(0, u32::MAX.into()),
        Format::U64 | Format::U128 => int(0, i128::MAX),
        Format::I8 => int(i8::MIN.into(), i8::MAX.into()),
        Format::I16 => int(i16::MIN.into(), i16::MAX.into()),
        Format::I32 => int(i32::MIN.into(), i32::MAX.into()),
        Format::I64 | Format::I128 => int(i128::MIN, i128::MAX),
        Format::F32 | Format::F64 => Kind::Float,
        Format::Str | Format::Char => Kind::Str,
        Format::Seq(inner) => Kind::List(Box::new(kind_of(reg, inner)?)),
        Format::Option(inner) => kind_of(reg, inner)?,
        Format::TypeName(name) => match reg.get(name)? {
            ContainerFormat::Enum(variants) => {
                Kind::Choice(variants.values().map(|v| v.name.clone()).collect())
            }
            ContainerFormat::NewTypeStruct(inner) => kind_of(reg, inner)?,
            _ => return None,
        },
        _ => return None,
    })
}

/// What the environment sets: each key path's value and its variable, and the warnings
/// about `MANCALA_*` names that are no setting but look like a misspelt one.
#[derive(Debug, Default)]
pub struct Overlay {
    /// Key path -> (TOML value, variable).
    pub values: BTreeMap<String, (toml::Value, String)>,
    /// One line per misspelt-looking variable, naming the nearest setting's.
    pub warnings: Vec<String>,
}

/// Reads the settings in `vars` (the process's environment, or a test's): each
/// `MANCALA_*` variable that names a key of `keys` is parsed as that key's kind; other
/// `MANCALA_*` names are ignored, with a warning when one is close to a setting's
/// variable (not for [`NOT_SETTINGS`] nor the names in `also_not`, the variables that
/// `*_env` settings name). An empty variable counts as unset.
///
/// # Errors
/// A value that is not of its key's kind, or not UTF-8: naming the variable, the key
/// and what is allowed, never a secret's value.
pub fn overlay(
    keys: &[Key],
    vars: impl IntoIterator<Item = (OsString, OsString)>,
    also_not: &[String],
) -> Result<Overlay> {
    let by_var: BTreeMap<String, &Key> = keys.iter().map(|k| (k.var(), k)).collect();
    let mut out = Overlay::default();
    let mut vars: Vec<_> = vars.into_iter().collect();
    vars.sort();
    for (name, value) in vars {
        let Some(name) = name.to_str().filter(|n| n.starts_with(PREFIX)) else {
            continue;
        };
        let Some(key) = by_var.get(name) else {
            let quiet = NOT_SETTINGS.contains(&name) || also_not.iter().any(|n| n == name);
            if let Some(near) = (!quiet).then(|| nearest(name, by_var.keys())).flatten() {
                out.warnings.push(format!(
                    "${name} is not a setting and is ignored; did you mean ${near}?"
                ));
            }
            continue;
        };
        let Some(text) = value.to_str() else {
            bail!("${name} ({}) is not UTF-8", key.path);
        };
        if text.is_empty() {
            continue;
        }
        let v = parse(&key.kind, text).map_err(|allowed| {
            let got = match key.is_secret() {
                true => super::chars_text(text),
                false => format!("{text:?}"),
            };
            ConfigError::new(format!(
                "${name} ({}) must be {allowed}, got {got}",
                key.path
            ))
        })?;
        out.values.insert(key.path.clone(), (v, name.to_string()));
    }
    Ok(out)
}

/// The setting variable nearest to `name`, if close enough to be a slip (at most two
/// edits, or 85% alike for long names).
fn nearest<'a>(name: &str, vars: impl Iterator<Item = &'a String>) -> Option<&'a String> {
    vars.map(|v| (strsim::damerau_levenshtein(name, v), v))
        .filter(|(d, v)| *d <= 2 || strsim::normalized_damerau_levenshtein(name, v) >= 0.85)
        .min_by_key(|(d, _)| *d)
        .map(|(_, v)| v)
}

/// `text` as a value of `kind`; `Err`: what is allowed.
fn parse(kind: &Kind, text: &str) -> Result<toml::Value, String> {
    let t = text.trim();
    match kind {
        Kind::Str => Ok(toml::Value::String(text.to_string())),
        Kind::Bool => match t {
            "true" => Ok(toml::Value::Boolean(true)),
            "false" => Ok(toml::Value::Boolean(false)),
            _ => Err("true or false".into()),
        },
        Kind::Int(lo, hi) => t
            .parse::<i64>()
            .ok()
            .filter(|n| (*lo..=*hi).contains(n))
            .map(toml::Value::Integer)
            .ok_or_else(|| format!("a whole number from {lo} to {hi}")),
        Kind::Float => t
            .parse::<f64>()
            .ok()
            .filter(|f| f.is_finite())
            .map(toml::Value::Float)
            .ok_or_else(|| "a number".into()),
        Kind::Choice(names) => names
            .iter()
            .find(|n| *n == t)
            .map(|n| toml::Value::String(n.clone()))
            .ok_or_else(|| format!("one of {}", names.join(", "))),
        Kind::List(inner) => {
            let what = || format!("a list such as `24,1` or `[24, 1]` ({})", allowed(inner));
            let body = match t.strip_prefix('[') {
                Some(rest) => rest.strip_suffix(']').ok_or_else(what)?,
                None => t,
            };
            body.split(',')
                .map(str::trim)
                .filter(|p| !p.is_empty())
                .map(|p| parse(inner, p).map_err(|_| what()))
                .collect::<Result<Vec<_>, _>>()
                .map(toml::Value::Array)
        }
    }
}

/// What a value of `kind` may be, for messages.
fn allowed(kind: &Kind) -> String {
    match kind {
        Kind::Bool => "each true or false".into(),
        Kind::Int(lo, hi) => format!("each a whole number from {lo} to {hi}"),
        Kind::Float => "each a number".into(),
        Kind::Str => "each a text".into(),
        Kind::Choice(n) => format!("each one of {}", n.join(", ")),
        Kind::List(_) => "lists".into(),
    }
}

/// The value at `path` (dot-separated) in `table`.
pub fn lookup<'a>(table: &'a toml::Table, path: &str) -> Option<&'a toml::Value> {
    let mut parts = path.split('.');
    let mut v = table.get(parts.next()?)?;
    for p in parts {
        v = v.as_table()?.get(p)?;
    }
    Some(v)
}

/// Sets `path` (dot-separated) to `value` in `table`, making the tables on the way.
pub fn insert(table: &mut toml::Table, path: &str, value: toml::Value) {
    let mut parts: Vec<&str> = path.split('.').collect();
    let Some(last) = parts.pop() else { return };
    let mut t = table;
    for p in parts {
        let entry = t
            .entry(p.to_string())
            .or_insert_with(|| toml::Value::Table(toml::Table::new()));
        if !entry.is_table() {
            *entry = toml::Value::Table(toml::Table::new());
        }
        let toml::Value::Table(next) = entry else {
            return;
        };
        t = next;
    }
    t.insert(last.to_string(), value);
}

/// The leaf key paths of `table` (a value that is not a table is a leaf: lists too).
pub fn leaf_paths(table: &toml::Table, prefix: &str, out: &mut Vec<String>) {
    for (k, v) in table {
        let path = match prefix {
            "" => k.clone(),
            _ => format!("{prefix}.{k}"),
        };
        match v {
            toml::Value::Table(t) => leaf_paths(t, &path, out),
            _ => out.push(path),
        }
    }
}
