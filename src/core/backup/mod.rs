//! Backups as JSON lines (`mancala-bot export` and `import`): every record, then every
//! document as `{"doc": KEY, "value": JSON}`, one per line.
//!
//! `import` is all or nothing. It reads every line first and checks each as deeply as
//! the bot can ([`check_line`]): strict JSON (a key named twice in one object is a
//! fault), a record's game replayed by the rules (and a match through M1-M4 from its
//! earlier games), a document's key and value as the bot writes them, every id, key,
//! index and time in range (`crate::core::limits`); no two lines for one key or one
//! game id. Only then does it write, in one transaction of the store
//! ([`Store::import`]), which refuses everything when a key already holds something
//! different. The first fault is reported once, with its line number
//! ([`ImportError`]).

mod community;
mod documents;
mod json;
mod reader;
mod records;

pub use community::Community;
pub use reader::{read_with, ReadOptions, MAX_LINE_BYTES};

use std::collections::HashMap;
use std::fmt;
use std::io::BufRead;

use serde::de::DeserializeOwned;
use serde::Deserialize;

use super::input::{display_name, platform_id_fault, PLATFORM_ID_RULE};
use super::limits::LATEST_MS;
use super::prefs::{ChannelSettings, PlayerPrefs};
use super::ratings::{RatingChange, RatingTable};
use super::review_store::StoredReview;
use super::shapes;
use super::tournament::Tournament;
use crate::model::{ChannelKey, User};
use crate::store::keys::{DocKey, DocPrefix};
use crate::store::{ImportBatch, ImportCounts, Record, RecordWire, Store, StoreError};

/// One checked line of a backup.
#[derive(Clone, Debug)]
pub enum Entry {
    /// A game record (a challenge, a game in play, or a finished game).
    Record(Box<Record>),
    /// A document.
    Document {
        /// Its key.
        key: DocKey,
        /// Its value as the bot writes it (JSON of its type).
        bytes: Vec<u8>,
    },
}

impl Entry {
    /// What the entry is stored under, as [`ImportBatch::record_key`] and
    /// [`ImportBatch::doc_key`] name it.
    pub fn key(&self) -> String {
        match self {
            Entry::Record(r) => ImportBatch::record_key(r),
            Entry::Document { key, .. } => ImportBatch::doc_key(key),
        }
    }

    /// The entry as `export` writes it: one line of JSON, without the line break.
    pub fn to_line(&self) -> String {
        match self {
            Entry::Record(r) => serde_json::to_string(r).expect("a record always serializes"),
            Entry::Document { key, bytes } => {
                let value: serde_json::Value =
                    serde_json::from_slice(bytes).expect("a checked document is JSON");
                serde_json::json!({ "doc": key.to_string(), "value": value }).to_string()
            }
        }
    }
}

/// Why an import wrote nothing. Display starts with the line concerned (`line 7: ...`)
/// when there is one.
#[derive(Debug)]
pub enum ImportError {
    /// A line could not be read (not UTF-8, or the file failed).
    Read {
        /// The line, from 1.
        line: usize,
        /// Why.
        reason: String,
    },
    /// A line is longer than the longest line read ([`ReadOptions::max_line`]); it was
    /// not read whole.
    TooLong {
        /// The line, from 1.
        line: usize,
        /// The longest line read, in bytes.
        max: usize,
    },
    /// A line is not one the bot could have written ([`check_line`]).
    BadLine {
        /// The line, from 1.
        line: usize,
        /// What is wrong with it.
        fault: String,
    },
    /// Two lines for one key.
    Twice {
        /// The first line.
        first: usize,
        /// The second line.
        second: usize,
        /// The key, as [`Entry::key`] names it.
        key: String,
    },
    /// Two records of different keys with one game id.
    SameId {
        /// The first line.
        first: usize,
        /// The second line.
        second: usize,
        /// The game id.
        id: String,
    },
    /// A line's key already holds something different in the store.
    Clash {
        /// The line, from 1.
        line: usize,
        /// The key, as [`Entry::key`] names it.
        key: String,
    },
    /// The store failed; its import is one transaction, so nothing was written.
    Store(StoreError),
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::Read { line, reason } => write!(f, "line {line}: {reason}"),
            ImportError::TooLong { line, max } => write!(
                f,
                "line {line} is longer than {max} bytes, the longest line import reads (the \
                 bot writes none that long)"
            ),
            ImportError::BadLine { line, fault } => write!(f, "line {line}: {fault}"),
            ImportError::Twice { first, second, key } => {
                write!(f, "lines {first} and {second} are both the {key}")
            }
            ImportError::SameId { first, second, id } => write!(
                f,
                "lines {first} and {second} are two records of one game id {id}"
            ),
            ImportError::Clash { line, key } => {
                write!(f, "line {line}: the store already holds a different {key}")
            }
            ImportError::Store(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ImportError {}

impl From<StoreError> for ImportError {
    fn from(e: StoreError) -> ImportError {
        ImportError::Store(e)
    }
}

/// Why an export stopped.
#[derive(Debug)]
pub enum ExportError {
    /// The store failed, or holds a record it cannot read (named).
    Store(StoreError),
    /// A stored document is not JSON.
    Document {
        /// Its key.
        key: DocKey,
        /// Why.
        reason: String,
    },
    /// Writing the output failed.
    Write(std::io::Error),
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExportError::Store(e) => write!(f, "{e}"),
            ExportError::Document { key, reason } => {
                write!(f, "document {key} is not JSON: {reason}")
            }
            ExportError::Write(e) => write!(f, "writing the export: {e}"),
        }
    }
}

impl std::error::Error for ExportError {}

/// The checked lines of a backup, each with its line number (from 1), in order.
#[derive(Clone, Debug, Default)]
pub struct Backup {
    /// The entries.
    pub entries: Vec<(usize, Entry)>,
}

/// Writes every record (the channels', then the history), then every document, one
/// line each ([`Entry::to_line`]), to `out`.
///
/// # Errors
/// [`ExportError`]: a store failure or an unreadable record (named), a document that
/// is not JSON, or a failed write.
pub fn export(store: &dyn Store, out: &mut dyn std::io::Write) -> Result<(), ExportError> {
    export_of(store, None, out)
}

/// As [`export`], keeping only the records and documents of `community` when it is
/// given ([`Community`]): what moves one community to another store (`import` of the
/// lines).
///
/// # Errors
/// As [`export`].
pub fn export_of(
    store: &dyn Store,
    community: Option<&str>,
    out: &mut dyn std::io::Write,
) -> Result<(), ExportError> {
    let mut ours = community.map(Community::new);
    if let Some(c) = &mut ours {
        // The community's rooms first: a room's other records may come before its
        // tournament game's.
        store
            .for_each(&mut |r: &Record| {
                c.learn(r);
                Ok(())
            })
            .map_err(ExportError::Store)?;
    }
    let mut failed: Option<std::io::Error> = None;
    store
        .for_each(&mut |r: &Record| {
            if failed.is_none() && ours.as_ref().is_none_or(|c| c.has_record(r)) {
                let line = serde_json::to_string(r).expect("a record always serializes");
                if let Err(e) = writeln!(out, "{line}") {
                    failed = Some(e);
                }
            }
            Ok(())
        })
        .map_err(ExportError::Store)?;
    if let Some(e) = failed {
        return Err(ExportError::Write(e));
    }
    for (key, bytes) in store.docs(&DocPrefix::All).map_err(ExportError::Store)? {
        if !ours.as_ref().is_none_or(|c| c.has_doc(&key)) {
            continue;
        }
        let value: serde_json::Value =
            serde_json::from_slice(&bytes).map_err(|e| ExportError::Document {
                key: key.clone(),
                reason: e.to_string(),
            })?;
        let line = serde_json::json!({ "doc": key.to_string(), "value": value });
        writeln!(out, "{line}").map_err(ExportError::Write)?;
    }
    out.flush().map_err(ExportError::Write)
}

/// Reads and checks a backup: every non-blank line with [`check_line`], each at most
/// [`MAX_LINE_BYTES`], and no two lines for one key or one game id. Stops at the first
/// fault. Lines are read one at a time; only the checked entries are kept (for the one
/// transaction of [`import`]).
///
/// # Errors
/// The first line that cannot be read, is too long, is bad, or repeats a key or id of
/// an earlier line.
pub fn read(input: impl BufRead) -> Result<Backup, ImportError> {
    read_with(input, ReadOptions::default())
}

/// Writes `backup` to `store` in one transaction ([`Store::import`]): everything, or
/// nothing when a key holds something different.
///
/// # Errors
/// [`ImportError::Clash`] naming the line of the first key that holds something
/// different, or [`ImportError::Store`]; nothing is written then.
pub fn import(store: &dyn Store, backup: &Backup) -> Result<ImportCounts, ImportError> {
    let mut batch = ImportBatch::default();
    let mut lines = Vec::new();
    for (line, entry) in &backup.entries {
        if let Entry::Record(r) = entry {
            batch.records.push((**r).clone());
            lines.push(*line);
        }
    }
    for (line, entry) in &backup.entries {
        if let Entry::Document { key, bytes } = entry {
            batch.docs.push((key.clone(), bytes.clone()));
            lines.push(*line);
        }
    }
    let clash = |key: String, item: usize| ImportError::Clash {
        line: lines.get(item).copied().unwrap_or(0),
        key,
    };
    if let Some((key, item)) = id_elsewhere(store, &batch).map_err(ImportError::Store)? {
        return Err(clash(key, item));
    }
    store.import(&batch).map_err(|e| match e {
        StoreError::Clash { key, item } => clash(key, item),
        e => ImportError::Store(e),
    })
}

/// The first record of `batch` whose game id the store already holds in another
/// channel (a game's id is unique in a store: its history is keyed by it, so a second
/// game with the id would one day replace the first). Reads every stored record once.
fn id_elsewhere(
    store: &dyn Store,
    batch: &ImportBatch,
) -> Result<Option<(String, usize)>, StoreError> {
    let mut stored = HashMap::new();
    store.for_each(&mut |r: &Record| {
        stored.insert(r.id.clone(), r.at.clone());
        Ok(())
    })?;
    Ok(batch.records.iter().enumerate().find_map(|(item, r)| {
        let at = stored.get(&r.id).filter(|at| **at != r.at)?;
        let key = format!(
            "game id {} (in channel {}/{} there; this record is of channel {}/{})",
            r.id, at.community, at.channel, r.at.community, r.at.channel
        );
        Some((key, item))
    }))
}

/// A document as a store holds it (its key, as [`crate::store::keys::DocKey`] writes
/// it, and its JSON value) checked as `import` checks its line ([`check_line`]): what
/// the fuzzers (`tests/fuzz/`) ask of every document a command or an import left.
///
/// # Errors
/// What `import` would refuse in it, as [`check_line`] words it.
pub fn check_stored_document(key: &str, value: &serde_json::Value) -> Result<(), String> {
    let line = serde_json::json!({"doc": key, "value": value}).to_string();
    check_line(&line).map(|_| ())
}

/// One line of a backup checked: strict JSON (see the module), then a document
/// (`{"doc": KEY, "value": ...}`, see `documents`) or a game record (see `records`).
///
/// # Errors
/// What is wrong, in words naming the field and the rule; a JSON fault gives its
/// column.
pub fn check_line(line: &str) -> Result<Entry, String> {
    let json::Strict(value) = serde_json::from_str::<json::Strict>(line)
        .map_err(|e| format!("not JSON: {}", json::fault(&e)))?;
    let serde_json::Value::Object(obj) = &value else {
        return Err(format!(
            "not a game record or a document: a line holds one JSON object, not {}",
            kind_of(&value)
        ));
    };
    if obj.contains_key("doc") {
        return check_document(line, obj);
    }
    check_record_line(line, obj)
}

/// The JSON type of `v`, in words.
fn kind_of(v: &serde_json::Value) -> &'static str {
    match v {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "a boolean",
        serde_json::Value::Number(_) => "a number",
        serde_json::Value::String(_) => "a string",
        serde_json::Value::Array(_) => "an array",
        serde_json::Value::Object(_) => "an object",
    }
}

/// A document line: exactly `doc` (a key, see `documents::check_key`) and `value`,
/// which decodes as the document of that key and passes its checks.
fn check_document(
    line: &str,
    obj: &serde_json::Map<String, serde_json::Value>,
) -> Result<Entry, String> {
    if let Some(other) = obj.keys().find(|k| *k != "doc" && *k != "value") {
        return Err(format!(
            "a document line holds exactly `doc` and `value`, not `{}`",
            json::short(other)
        ));
    }
    let Some(serde_json::Value::String(raw)) = obj.get("doc") else {
        return Err("a document line's `doc` is its key, a string".into());
    };
    if !obj.contains_key("value") {
        return Err(format!(
            "document {}: the line has no `value`",
            json::short(raw)
        ));
    }
    let key =
        documents::check_key(raw).map_err(|e| format!("document {}: {e}", json::short(raw)))?;
    let checked = match &key {
        DocKey::Rating { .. } => typed::<RatingTable>(line, documents::check_rating_table),
        DocKey::RatingLog { .. } => {
            typed::<RatingChange>(line, |c| documents::check_rating_log(&key, c))
        }
        DocKey::Tour { .. } => typed::<Tournament>(line, |t| documents::check_tournament(&key, t)),
        DocKey::Chan(_) => typed::<ChannelSettings>(line, |_| Ok(())),
        DocKey::Player { .. } => typed::<PlayerPrefs>(line, |_| Ok(())),
        DocKey::Analysis { .. } => typed::<StoredReview>(line, StoredReview::check),
        DocKey::Vacations(_) => typed::<crate::core::prefs::Vacations>(line, |_| Ok(())),
        DocKey::Site(_) => typed::<crate::core::SiteSettings>(line, |_| Ok(())),
        DocKey::Puzzles { .. } => typed::<crate::core::puzzle::Puzzler>(line, |_| Ok(())),
        DocKey::Games { .. } | DocKey::ChanLog(_) => {
            typed::<crate::store::archive::GameList>(line, documents::check_game_list)
        }
        DocKey::GameAt { .. } => typed::<crate::store::archive::GameAt>(line, |g| {
            check_place(
                "the game's channel",
                &ChannelKey {
                    community: g.channel.clone(),
                    channel: g.channel.clone(),
                },
            )
        }),
    };
    let bytes = checked.map_err(|e| format!("document {key}: {e}"))?;
    Ok(Entry::Document { key, bytes })
}

/// The value of the document line `line` decoded as `T` (with the column of a fault)
/// and checked by `check`: its bytes as the bot writes a `T`.
fn typed<T: DeserializeOwned + serde::Serialize>(
    line: &str,
    check: impl FnOnce(&T) -> Result<(), String>,
) -> Result<Vec<u8>, String> {
    #[derive(Deserialize)]
    struct DocLine<T> {
        #[allow(dead_code)]
        doc: serde::de::IgnoredAny,
        value: T,
    }
    let DocLine { value, .. } =
        serde_json::from_str::<DocLine<T>>(line).map_err(|e| json::fault(&e))?;
    check(&value)?;
    Ok(serde_json::to_vec(&value).expect("documents always serialize"))
}

/// A record line: a format version this build reads, then the record decoded (its
/// game replayed by the rules) and checked (see `records`).
fn check_record_line(
    line: &str,
    obj: &serde_json::Map<String, serde_json::Value>,
) -> Result<Entry, String> {
    if let Some(v) = obj
        .get("format_version")
        .and_then(serde_json::Value::as_u64)
    {
        if v == 0 || v > u64::from(crate::store::FORMAT_VERSION) {
            return Err(records::format_fault(v));
        }
    }
    let wire: RecordWire = serde_json::from_str(line)
        .map_err(|e| format!("not a game record: {}", json::fault(&e)))?;
    let fault = |id: &str, at: &ChannelKey, e: &dyn std::fmt::Display| {
        format!(
            "game {} in channel {}/{}: {e}",
            json::short(id),
            json::short(&at.community),
            json::short(&at.channel)
        )
    };
    let (id, at) = (wire.id.clone(), wire.at.clone());
    let r = Record::try_from(wire).map_err(|e| fault(&id, &at, &e))?;
    records::check_record(&r).map_err(|e| fault(&r.id, &r.at, &e))?;
    Ok(Entry::Record(Box::new(r)))
}

/// An id the bot makes (game ids, tournament ids): 1 to 100 ASCII letters, digits,
/// `-`, `_` or `.`.
fn check_id(what: &str, id: &str) -> Result<(), String> {
    let ok = (1..=100).contains(&id.len())
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if ok {
        return Ok(());
    }
    Err(format!(
        "{what} `{}` is not an id the bot makes (1 to 100 letters, digits, `-`, `_` or `.`)",
        json::short(id)
    ))
}

/// A channel: its community and channel platform ids, as commands take them
/// ([`shapes::place_fault`]).
fn check_place(what: &str, at: &ChannelKey) -> Result<(), String> {
    match shapes::place_fault(at) {
        None => Ok(()),
        Some((_, id, fault)) => Err(format!(
            "{what} `{}` is not a platform id ({PLATFORM_ID_RULE}): it {fault}",
            json::short(id)
        )),
    }
}

/// A user: a platform id, and a name as the bot cleans names
/// ([`crate::core::input::display_name`]), or his id where he had no name.
fn check_user(what: &str, u: &User) -> Result<(), String> {
    if let Some(fault) = platform_id_fault(&u.id) {
        return Err(format!(
            "{what}'s id `{}` is not a platform id ({PLATFORM_ID_RULE}): it {fault}",
            json::short(&u.id)
        ));
    }
    if u.name != u.id && display_name(&u.name).as_deref() != Some(u.name.as_str()) {
        return Err(format!(
            "{what}'s name `{}` is not as the bot writes names (no control, bidi or \
             invisible characters, `@` written `＠`, trimmed, at most 64 characters)",
            json::short(&u.name)
        ));
    }
    Ok(())
}

/// A time in milliseconds since the Unix epoch no later than [`LATEST_MS`].
fn check_time(what: &str, ms: u64) -> Result<(), String> {
    if ms <= LATEST_MS {
        return Ok(());
    }
    Err(format!(
        "{what} {ms} is past the year 9999 (at most {LATEST_MS})"
    ))
}
