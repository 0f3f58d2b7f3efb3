//! Persistence of per-channel games: the [`Record`] shape, the [`Store`] trait the rest
//! of the bot is written against, and every document key ([`keys`]). A backend
//! implements only a small primitive (`kv::KeyValue`: key spaces, batched get, prefix
//! scan, transactions, the id counter); every [`Store`] method is written once above
//! it (`logic.rs`, issue 35 item 6). The backends: sled ([`SledStore`], the embedded
//! default), PostgreSQL for several processes over one database (`PgStore`, feature
//! `postgres`), and memory for tests and benchmarks ([`MemoryStore`]).
//!
//! Every record is keyed by its community first, then its channel (see [`ChannelKey`]),
//! so a deployment sharded across processes can give each process its own store. A
//! channel holds at most one record (a challenge or a game in play); a finished game is
//! moved, in the same transaction, to the history, keyed by its game id.

pub mod archive;
pub(crate) mod batch;
mod counted;
pub mod gameid;
mod import;
pub mod keys;
pub(crate) mod kv;
mod logic;
mod memory;
#[cfg(feature = "postgres")]
mod postgres;
#[cfg(feature = "postgres")]
mod postgres_kv;
#[cfg(feature = "postgres")]
mod postgres_tls;
mod reading;
mod record;
mod sled;

use std::fmt;

use crate::model::ChannelKey;
use keys::{DocKey, DocPrefix};

#[cfg(feature = "postgres")]
pub use self::postgres::PgStore;
pub use self::sled::SledStore;
pub use batch::{GameOp, Got, Op, Read};
pub use counted::CountedStore;
pub use memory::{MemorySnapshot, MemoryStore};
pub use record::{
    AiSeat, Challenge, Finished, GameResult, GameState, LiveClock, Play, Record, RecordWire,
    StateError, Status, Table, Timing, TourneyLink, Verdict, FORMAT_VERSION,
};

/// How many times any compare-and-swap is tried before the command gives up ("too
/// many commands at once"): the one retry policy of the store's callers (the
/// dispatcher, the AI's moves, the driver's documents).
pub const MAX_ATTEMPTS: usize = 8;

/// The stored bytes of a record as it was read: [`Store::write`] applies a change only if
/// the channel still holds exactly these bytes (compare-and-swap).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Version(Vec<u8>);

impl Version {
    /// A version no stored record has (records are never empty): a write expecting it
    /// always meets a conflict. For tests of decisions over a made-up state.
    pub fn detached() -> Version {
        Version(Vec::new())
    }
}

/// A record as read, with the version to compare against when writing it back.
#[derive(Clone, Debug)]
pub struct Stored {
    /// The decoded record.
    pub record: Record,
    /// Its stored bytes.
    pub version: Version,
}

/// A change to one channel, applied by [`Store::write`].
#[derive(Clone, Copy, Debug)]
pub enum Write<'a> {
    /// Store this record as the channel's (challenge or game in play).
    Put(&'a Record),
    /// The game is over: remove it from the channel and keep it in the history under its
    /// id, and mark it unsettled ([`Store::unsettled`]), in one transaction.
    Finish(&'a Record),
    /// Remove the channel's record without keeping it (a declined or expired challenge).
    Remove,
}

/// Everything one `import` writes, checked beforehand: [`Store::import`] writes all of
/// it in one transaction, or nothing.
#[derive(Clone, Debug, Default)]
pub struct ImportBatch {
    /// Records: a finished one goes into the history (under its id), any other into
    /// its channel.
    pub records: Vec<Record>,
    /// Documents and their bytes (JSON, as the bot writes them).
    pub docs: Vec<(DocKey, Vec<u8>)>,
}

impl ImportBatch {
    /// The key a record is imported under, as [`StoreError::Clash`] names it:
    /// `record for game ID` once finished, else `record for channel COMMUNITY/CHANNEL`.
    pub fn record_key(r: &Record) -> String {
        if r.status() == Status::Finished {
            format!("record for game {}", r.id)
        } else {
            format!("record for channel {}/{}", r.at.community, r.at.channel)
        }
    }

    /// How [`StoreError::Clash`] names a game in play whose id the store already holds
    /// finished (an old backup would bring the game back into play).
    pub fn finished_key(r: &Record) -> String {
        format!(
            "record for game {} (finished there; this one has it still in play)",
            r.id
        )
    }

    /// The key a document is imported under, as [`StoreError::Clash`] names it:
    /// `document KEY`.
    pub fn doc_key(key: &DocKey) -> String {
        format!("document {key}")
    }
}

/// What [`Store::import`] did: items written, and items the store already held
/// exactly (skipped).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ImportCounts {
    /// Records written.
    pub records_added: usize,
    /// Records already stored unchanged.
    pub records_present: usize,
    /// Documents written.
    pub docs_added: usize,
    /// Documents already stored unchanged.
    pub docs_present: usize,
}

/// A store failure. Display names the path or key concerned.
#[derive(Debug)]
pub enum StoreError {
    /// The store could not be opened.
    Open {
        /// The data directory.
        path: String,
        /// Why.
        reason: String,
    },
    /// A stored record could not be decoded (corrupt, or written by a newer version).
    Read {
        /// The record's key, e.g. `channel console/general` or `history 17000-3`.
        key: String,
        /// Why.
        reason: String,
    },
    /// Reading or writing failed.
    Io {
        /// What was being done.
        what: String,
        /// Why.
        reason: String,
    },
    /// An imported record or document clashes with a different one already stored
    /// ([`Store::import`]); nothing was written.
    Clash {
        /// The key both would use, as [`ImportBatch::record_key`] or
        /// [`ImportBatch::doc_key`] names it.
        key: String,
        /// The clashing item's index in the batch: the records first, then the
        /// documents.
        item: usize,
    },
}

impl StoreError {
    /// Whether the store failed because its disk is full or read-only (ENOSPC, EROFS,
    /// EDQUOT, as the OS words them): waiting a minute will not help until the host
    /// frees space, so the players and the host are told so.
    pub fn is_disk_full(&self) -> bool {
        let reason = match self {
            StoreError::Io { reason, .. } | StoreError::Open { reason, .. } => reason,
            _ => return false,
        };
        [
            "No space left on device",
            "Read-only file system",
            "Disk quota exceeded",
        ]
        .iter()
        .any(|w| reason.contains(w))
    }
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Open { path, reason } => {
                write!(f, "cannot open the store at {path}: {reason}")
            }
            StoreError::Read { key, reason } => {
                write!(f, "the stored record {key} cannot be read: {reason}")
            }
            StoreError::Io { what, reason } => write!(f, "store failure while {what}: {reason}"),
            StoreError::Clash { key, .. } => write!(
                f,
                "the store already holds a different {key}; remove it first or import \
                 elsewhere"
            ),
        }
    }
}

impl std::error::Error for StoreError {}

/// Storage of channel records and finished games. The bot never sees the backend's
/// types. All methods are blocking; writes are flushed to disk before they return.
pub trait Store: Send + Sync {
    /// The record of the channel `at`, if any.
    ///
    /// # Errors
    /// [`StoreError::Read`] naming the key when the stored record cannot be decoded.
    fn load(&self, at: &ChannelKey) -> Result<Option<Stored>, StoreError>;

    /// Applies `change` to the channel `at` if it still holds `expected` (`None`: no
    /// record), atomically, and flushes. Returns `false`, changing nothing, when the
    /// channel no longer holds `expected` (another write came first).
    ///
    /// # Errors
    /// On I/O failure; nothing is changed then.
    fn write(
        &self,
        at: &ChannelKey,
        expected: Option<&Version>,
        change: Write<'_>,
    ) -> Result<bool, StoreError>;

    /// The last game finished in the channel `at`, if any.
    ///
    /// # Errors
    /// As [`Store::load`].
    fn last_finished(&self, at: &ChannelKey) -> Result<Option<Record>, StoreError>;

    /// A finished game by its id.
    ///
    /// # Errors
    /// As [`Store::load`].
    fn finished(&self, id: &str) -> Result<Option<Record>, StoreError>;

    /// Where the finished game `id` was played, read without decoding its moves (a
    /// game's page served from the page cache needs no more); `None` when no finished
    /// game has that id. The default decodes the whole record.
    ///
    /// # Errors
    /// As [`Store::finished`].
    fn finished_at(&self, id: &str) -> Result<Option<ChannelKey>, StoreError> {
        Ok(self.finished(id)?.map(|r| r.at))
    }

    /// A new game id, unique within the store.
    ///
    /// # Errors
    /// On I/O failure.
    fn new_id(&self, now_ms: u64) -> Result<String, StoreError>;

    /// Calls `each` with every record: the channels' records, then the history.
    ///
    /// # Errors
    /// The first unreadable record, or the first error of `each`.
    fn for_each(
        &self,
        each: &mut dyn FnMut(&Record) -> Result<(), StoreError>,
    ) -> Result<(), StoreError>;

    /// Writes the records and documents of an export, all in one transaction: a
    /// finished record into the history (the channel's last game when it is the
    /// latest), any other into its channel (with its wake-up in the index), each
    /// document under its key. Items the store already holds exactly (a record equal
    /// once decoded, a document equal as JSON) are skipped and counted. The batch
    /// holds at most one item per key (the caller checks it).
    ///
    /// # Errors
    /// [`StoreError::Clash`] naming the first item whose key holds something different,
    /// or a failure; nothing at all is written then.
    fn import(&self, batch: &ImportBatch) -> Result<ImportCounts, StoreError>;

    /// Numbers of channel records and of finished games.
    fn counts(&self) -> (usize, usize);

    /// The channels whose record's [`Record::wake_ms`] is at or before `now_ms`, in key
    /// order. The index is kept by [`Store::write`] and [`Store::import`] in the same
    /// transaction as the record, so it survives restarts.
    ///
    /// # Errors
    /// On I/O failure.
    fn due(&self, now_ms: u64) -> Result<Vec<ChannelKey>, StoreError>;

    /// A document (ratings, tournaments, settings: see `docs`) by its key, as stored.
    ///
    /// # Errors
    /// On I/O failure.
    fn doc(&self, key: &DocKey) -> Result<Option<Vec<u8>>, StoreError>;

    /// Sets the document `key` to `new` (`None`: removes it) if it still holds `expected`
    /// (`None`: absent), atomically, and flushes. Returns `false`, changing nothing,
    /// when another write came first.
    ///
    /// # Errors
    /// On I/O failure; nothing is changed then.
    fn write_doc(
        &self,
        key: &DocKey,
        expected: Option<&[u8]>,
        new: Option<&[u8]>,
    ) -> Result<bool, StoreError>;

    /// The periodic driver's list: every tournament document (`tour/`,
    /// [`DocKey::listed_on_write`]) written since the driver last took it off with
    /// [`Store::unlist`], in key order, with its bytes. A write of such a document
    /// ([`Store::write_doc`], [`Store::import`]) puts it on the list in the same
    /// transaction, its removal takes it off; a store made before the list had every
    /// tournament put on it when first opened. So the driver reads the tournaments that
    /// may need it (running ones, and the ones changed since its last pass), not every
    /// tournament ever created (issue 33). Default, for a store without a list: every
    /// tournament.
    ///
    /// # Errors
    /// As [`Store::docs`].
    fn listed(&self) -> Result<Vec<(DocKey, Vec<u8>)>, StoreError> {
        self.docs(&DocPrefix::AllTours)
    }

    /// Takes `key` off the driver's list ([`Store::listed`]) if the document still holds
    /// `expected`, atomically: a write in between keeps it on. Returns whether it was
    /// taken off. Default: never (every tournament stays listed).
    ///
    /// # Errors
    /// On I/O failure; nothing is changed then.
    fn unlist(&self, key: &DocKey, expected: &[u8]) -> Result<bool, StoreError> {
        let _ = (key, expected);
        Ok(false)
    }

    /// Every document under `prefix`, in key order.
    ///
    /// # Errors
    /// On I/O failure, or [`StoreError::Read`] for a stored key that is not a
    /// [`DocKey`].
    fn docs(&self, prefix: &DocPrefix) -> Result<Vec<(DocKey, Vec<u8>)>, StoreError>;

    /// The ids of the finished games whose consequences (rating, tournament result) are
    /// not known to be applied yet, in id order: [`Store::write`] adds a game's id with
    /// [`Write::Finish`], in the same transaction, and [`Store::settle`] removes it once
    /// they are. After a crash between the steps the core applies them again (each step
    /// is idempotent, keyed by the game id), so nothing is lost or counted twice.
    ///
    /// # Errors
    /// On I/O failure.
    fn unsettled(&self) -> Result<Vec<String>, StoreError>;

    /// Marks the consequences of the finished game `id` applied (see
    /// [`Store::unsettled`]); nothing when it is not unsettled.
    ///
    /// # Errors
    /// On I/O failure.
    fn settle(&self, id: &str) -> Result<(), StoreError>;

    /// Reads every key of `keys` in one batch: the answer holds one [`Got`] per key, in
    /// the same order and of the same kind.
    ///
    /// # Errors
    /// As the single reads ([`Store::load`], [`Store::doc`] ...).
    fn read(&self, keys: &[Read]) -> Result<Vec<Got>, StoreError>;

    /// Applies every write of `ops` if each key still holds what its op expects, all in
    /// one transaction, and flushes; `Ok(false)`, changing nothing, when any key holds
    /// something else (another write came first). A [`GameOp::Create`] gets its game id
    /// here, from the store's counter inside the transaction, written back into `ops`
    /// (only when the commit applies). At most one op per key ([`Op::key`]).
    ///
    /// # Errors
    /// On I/O failure; nothing is changed then.
    fn commit(&self, ops: &mut [Op]) -> Result<bool, StoreError>;

    /// Runs `read` while no write can start or be in progress in this store, so that
    /// what it reads is the store as of one instant (a live snapshot). Writes wait for
    /// it. Default: runs `read` as it is (a store whose reads are consistent by
    /// themselves).
    ///
    /// # Errors
    /// Those of `read`.
    fn quiesced(&self, read: &mut dyn FnMut() -> Result<(), StoreError>) -> Result<(), StoreError> {
        read()
    }

    /// Makes every write so far durable, for a shutdown. Each write is durable when it
    /// returns already (sled flushes it, PostgreSQL commits it), so this is the last
    /// check rather than a duty. Default: nothing to do.
    ///
    /// # Errors
    /// The store cannot write to its disk.
    fn flush(&self) -> Result<(), StoreError> {
        Ok(())
    }
}

/// Typed JSON documents over [`Store::doc`] and [`Store::write_doc`].
pub(crate) mod docs {
    use serde::de::DeserializeOwned;
    use serde::Serialize;

    use super::{DocKey, Store, StoreError};

    /// A document as read, with the bytes to compare against when writing it back.
    #[derive(Clone, Debug, Default)]
    pub(crate) struct Doc<T> {
        /// The decoded value.
        pub value: T,
        /// Its stored bytes (`None`: it was absent and `value` is the default).
        pub version: Option<Vec<u8>>,
    }

    /// Reads `key` as JSON; absent: `T::default()`.
    ///
    /// # Errors
    /// [`StoreError::Read`] naming the key when it cannot be decoded.
    pub(crate) fn load<T: DeserializeOwned + Default>(
        store: &dyn Store,
        key: &DocKey,
    ) -> Result<Doc<T>, StoreError> {
        decode(key, store.doc(key)?)
    }

    /// The document `key` from its stored `bytes` (`None`: absent, `T::default()`).
    ///
    /// # Errors
    /// [`StoreError::Read`] naming the key when the bytes cannot be decoded.
    pub(crate) fn decode<T: DeserializeOwned + Default>(
        key: &DocKey,
        bytes: Option<Vec<u8>>,
    ) -> Result<Doc<T>, StoreError> {
        match bytes {
            Some(bytes) => Ok(Doc {
                value: serde_json::from_slice(&bytes).map_err(|e| StoreError::Read {
                    key: format!("document {key}"),
                    reason: e.to_string(),
                })?,
                version: Some(bytes),
            }),
            None => Ok(Doc {
                value: T::default(),
                version: None,
            }),
        }
    }

    /// Writes `value` at `key` if the document still holds `doc`'s version.
    ///
    /// # Errors
    /// On I/O failure.
    pub(crate) fn save<T: Serialize>(
        store: &dyn Store,
        key: &DocKey,
        version: Option<&Vec<u8>>,
        value: &T,
    ) -> Result<bool, StoreError> {
        let bytes = serde_json::to_vec(value).expect("documents always serialize");
        store.write_doc(key, version.map(Vec::as_slice), Some(&bytes))
    }

    /// Read, change with `f`, write back with compare-and-swap, retrying on conflicts
    /// (up to [`super::MAX_ATTEMPTS`] times, the one policy of every compare-and-swap). `f` may refuse with `Err`, which is returned and changes
    /// nothing. Returns what `f` returned.
    ///
    /// # Errors
    /// `f`'s error, a store failure, or too many conflicting writes.
    pub(crate) fn update<T, R, E>(
        store: &dyn Store,
        key: &DocKey,
        mut f: impl FnMut(&mut T) -> Result<R, E>,
    ) -> Result<R, E>
    where
        T: DeserializeOwned + Serialize + Default,
        E: From<StoreError>,
    {
        for _ in 0..super::MAX_ATTEMPTS {
            let mut doc = load::<T>(store, key)?;
            let out = f(&mut doc.value)?;
            if save(store, key, doc.version.as_ref(), &doc.value)? {
                return Ok(out);
            }
        }
        Err(StoreError::Io {
            what: format!("writing document {key}"),
            reason: "too many concurrent writes".into(),
        }
        .into())
    }
}
