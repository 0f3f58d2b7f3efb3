//! The sled implementation of [`Store`]: seven trees in the data directory.
//!
//! - `channels`: channel key -> JSON [`Record`] (a challenge or a game in play);
//! - `history`: game id -> JSON [`Record`] of a finished game;
//! - `last`: channel key -> id of the last game finished there;
//! - `wake`: channel key -> [`Record::wake_ms`] (8 bytes, big-endian) of the games whose
//!   clock the periodic driver must look at, kept in the same transaction as `channels`;
//! - `docs`: string key -> JSON document (ratings, tournaments, settings);
//! - `listed`: document key -> nothing, the periodic driver's list ([`Store::listed`]),
//!   kept in the same transaction as a tournament's `docs` entry; its empty key marks
//!   the list made (a store made before it had every tournament listed when first
//!   opened, [`list_every_tournament`]);
//! - `unsettled`: game id -> nothing, the finished games whose rating and tournament
//!   result are not known to be applied yet, kept in the same transaction as `history`.
//!
//! A channel key is the community's length (4 bytes, big-endian), the community, then
//! the channel: every key of one community shares a prefix.

use std::path::{Path, PathBuf};

use sled::transaction::{
    ConflictableTransactionError, TransactionError, TransactionalTree, UnabortableTransactionError,
};
use sled::Transactional;

use super::import::{self, ImportTx};
use super::keys::{self, DocKey, DocPrefix};
use super::record::{decode, encode};
use super::{ImportBatch, ImportCounts, Record, Store, StoreError, Stored, Version, Write};
use crate::model::ChannelKey;

/// A [`Store`] in a sled database.
pub struct SledStore {
    path: PathBuf,
    db: sled::Db,
    channels: sled::Tree,
    history: sled::Tree,
    last: sled::Tree,
    wake: sled::Tree,
    docs: sled::Tree,
    listed: sled::Tree,
    unsettled: sled::Tree,
    /// Writes hold it shared, [`Store::quiesced`] exclusively: a snapshot sees no write
    /// half done across trees.
    gate: std::sync::RwLock<()>,
}

/// The channel of a key written by [`channel_key`].
fn key_channel(k: &[u8]) -> Option<ChannelKey> {
    let len = u32::from_be_bytes(k.get(..4)?.try_into().ok()?) as usize;
    let community = std::str::from_utf8(k.get(4..4 + len)?).ok()?;
    let channel = std::str::from_utf8(k.get(4 + len..)?).ok()?;
    Some(ChannelKey {
        community: community.to_string(),
        channel: channel.to_string(),
    })
}

fn channel_key(at: &ChannelKey) -> Vec<u8> {
    let mut k = Vec::with_capacity(4 + at.community.len() + at.channel.len());
    k.extend_from_slice(&(at.community.len() as u32).to_be_bytes());
    k.extend_from_slice(at.community.as_bytes());
    k.extend_from_slice(at.channel.as_bytes());
    k
}

fn channel_name(at: &ChannelKey) -> String {
    format!("channel {}/{}", at.community, at.channel)
}

fn io(what: impl Into<String>) -> impl FnOnce(sled::Error) -> StoreError {
    let what = what.into();
    move |e| StoreError::Io {
        what,
        reason: e.to_string(),
    }
}

impl SledStore {
    /// Opens the store in the directory `path`, creating it when there is none, with a
    /// page cache of at most `cache_bytes`.
    ///
    /// A new store is made whole before it takes `path`: it is built in a sibling
    /// directory (`.NAME.new`), its trees created and flushed to disk, then renamed into
    /// place. So a start that is stopped at any moment (quit at once, killed, a token
    /// refused) leaves either no store or a whole one, and a store at `path` that sled
    /// cannot recover is damaged, never merely new. A `.NAME.new` left by an interrupted
    /// creation is removed here.
    ///
    /// # Errors
    /// [`StoreError::Open`] naming the path: unreadable or unwritable, damaged files
    /// (kept as they are), or locked by another process.
    pub fn open(path: &Path, cache_bytes: u64) -> Result<SledStore, StoreError> {
        let open_err = |reason: String| StoreError::Open {
            path: path.display().to_string(),
            reason,
        };
        if !holds_store(path).map_err(|e| open_err(e.to_string()))? {
            create(path, cache_bytes).map_err(open_err)?;
        }
        remove_unfinished_snapshots(path).map_err(|e| open_err(e.to_string()))?;
        let db = open_db(path, cache_bytes).map_err(open_err)?;
        // sled opens a store whose files are damaged as a new, empty one (logging a
        // warning): every store at `path` was flushed whole when made, so one that sled
        // does not recover has lost its files, and the bot must not run on nothing.
        if !db.was_recovered() {
            return Err(open_err(
                "its files are damaged: sled found no store in them (the directory is kept \
                 as it is)"
                    .to_string(),
            ));
        }
        let tree = |name: &str| db.open_tree(name).map_err(|e| open_err(e.to_string()));
        let (docs, listed) = (tree("docs")?, tree("listed")?);
        list_every_tournament(&docs, &listed).map_err(|e| open_err(e.to_string()))?;
        Ok(SledStore {
            channels: tree("channels")?,
            history: tree("history")?,
            last: tree("last")?,
            wake: tree("wake")?,
            docs,
            listed,
            unsettled: tree("unsettled")?,
            gate: std::sync::RwLock::new(()),
            path: path.to_path_buf(),
            db,
        })
    }

    /// The data directory.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// A compare-and-swap of the document `key` that is on the driver's list when
    /// written ([`DocKey::listed_on_write`]): the document and the list in one
    /// transaction; a removal takes it off the list.
    fn write_listed(
        &self,
        key: &str,
        expected: Option<&[u8]>,
        new: Option<&[u8]>,
    ) -> Result<bool, sled::Error> {
        let result: Result<bool, TransactionError<()>> =
            (&self.docs, &self.listed).transaction(|(docs, listed)| {
                if docs.get(key.as_bytes())?.as_deref() != expected {
                    return Ok(false);
                }
                match new {
                    Some(v) => {
                        docs.insert(key.as_bytes(), v)?;
                        listed.insert(key.as_bytes(), &[])?;
                    }
                    None => {
                        docs.remove(key.as_bytes())?;
                        listed.remove(key.as_bytes())?;
                    }
                }
                Ok(true)
            });
        result.map_err(|e| match e {
            TransactionError::Storage(e) => e,
            TransactionError::Abort(()) => sled::Error::Unsupported("aborted".into()),
        })
    }

    /// The shared side of the snapshot gate, held by every write.
    fn writing(&self) -> std::sync::RwLockReadGuard<'_, ()> {
        self.gate.read().unwrap_or_else(|e| e.into_inner())
    }

    fn flush(&self) -> Result<(), StoreError> {
        self.db.flush().map(|_| ()).map_err(io("flushing to disk"))
    }

    fn get_history(&self, id: &str) -> Result<Option<Record>, StoreError> {
        let key = format!("history {id}");
        match self
            .history
            .get(id.as_bytes())
            .map_err(io(format!("reading {key}")))?
        {
            Some(bytes) => decode(&key, &bytes).map(Some),
            None => Ok(None),
        }
    }
}

/// The trees of a store, all made when the store is.
const TREES: [&str; 7] = [
    "channels",
    "history",
    "last",
    "wake",
    "docs",
    "listed",
    "unsettled",
];

/// The key in `listed` that marks the list made: no document key is empty.
const LISTED_MADE: &[u8] = b"";

/// Makes the driver's list of a store made before it: every tournament in `docs` put on
/// `listed`, with the mark, in one transaction (a store whose list is made, new ones
/// included, is left as it is). The driver's first pass takes off those that do not
/// need it.
fn list_every_tournament(docs: &sled::Tree, listed: &sled::Tree) -> Result<(), sled::Error> {
    if listed.contains_key(LISTED_MADE)? {
        return Ok(());
    }
    let prefix = keys::DocPrefix::AllTours.to_string();
    let tours: Vec<sled::IVec> = docs
        .scan_prefix(prefix.as_bytes())
        .keys()
        .collect::<Result<_, _>>()?;
    let made: Result<(), TransactionError<()>> = listed.transaction(|l| {
        for k in &tours {
            l.insert(k, &[])?;
        }
        l.insert(LISTED_MADE, &[])?;
        Ok(())
    });
    made.map_err(|e| match e {
        TransactionError::Storage(e) => e,
        TransactionError::Abort(()) => sled::Error::Unsupported("aborted".into()),
    })?;
    listed.flush()?;
    Ok(())
}

/// Whether `path` holds a store's files: sled's `conf` or `db`, whatever their state.
/// A missing or empty directory holds none (a creation that never finished, or one
/// made by hand).
fn holds_store(path: &Path) -> std::io::Result<bool> {
    Ok(path.join("conf").try_exists()? || path.join("db").try_exists()?)
}

/// Removes sled's own unfinished page-table snapshots (`snap.N.generating`) from the
/// store at `path`. sled 0.34 writes one while it opens a store and renames it when
/// whole, but reads a leftover one as the newest snapshot and fails on it ("corrupted
/// data"): a start on a full disk, or one killed at that moment, would brick the store.
/// Such a file is never whole, so it holds nothing to keep.
fn remove_unfinished_snapshots(path: &Path) -> std::io::Result<()> {
    for entry in std::fs::read_dir(path)? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with("snap.") && name.ends_with(".generating") {
            tracing::info!(file = %entry.path().display(), "removing sled's unfinished snapshot");
            std::fs::remove_file(entry.path())?;
        }
    }
    Ok(())
}

/// Makes a new, empty store at `path`: built and flushed in `.NAME.new` beside it, every
/// file and the directory synced, then renamed into place and the parent synced.
fn create(path: &Path, cache_bytes: u64) -> Result<(), String> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "store".into());
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let staging = parent.join(format!(".{name}.new"));
    let io = |what: &str, e: std::io::Error| format!("{what}: {e}");
    std::fs::create_dir_all(&parent).map_err(|e| io("cannot create its directory", e))?;
    if staging.exists() {
        std::fs::remove_dir_all(&staging)
            .map_err(|e| io("cannot remove an unfinished new store", e))?;
    }
    {
        let db = open_db(&staging, cache_bytes)?;
        for t in TREES {
            db.open_tree(t).map_err(|e| e.to_string())?;
        }
        db.flush()
            .map_err(|e| format!("cannot write the new store: {e}"))?;
    }
    sync_tree(&staging).map_err(|e| io("cannot sync the new store", e))?;
    if path.exists() {
        // An empty directory (no store files, checked above) gives way.
        std::fs::remove_dir_all(path).map_err(|e| io("cannot replace the empty directory", e))?;
    }
    std::fs::rename(&staging, path).map_err(|e| io("cannot move the new store into place", e))?;
    sync_dir(&parent).map_err(|e| io("cannot sync its directory", e))
}

/// Syncs every file under `dir`, then `dir` itself.
fn sync_tree(dir: &Path) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let p = entry?.path();
        if p.is_dir() {
            sync_tree(&p)?;
        } else {
            std::fs::File::open(&p)?.sync_all()?;
        }
    }
    sync_dir(dir)
}

/// Syncs the directory `dir` (its entries: a rename into it is durable after this).
fn sync_dir(dir: &Path) -> std::io::Result<()> {
    std::fs::File::open(dir)?.sync_all()
}

/// Opens sled at `path`. Every write is flushed before it returns, so sled's periodic
/// background flusher is off: it would also keep the file lock for a moment after the
/// last handle is dropped. A lock error is retried for up to five seconds, for a store
/// reopened at once (a restart within one process).
fn open_db(path: &Path, cache_bytes: u64) -> Result<sled::Db, String> {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    loop {
        match sled::Config::new()
            .path(path)
            .cache_capacity(cache_bytes)
            .flush_every_ms(None)
            .open()
        {
            Ok(db) => return Ok(db),
            // Damage sled notices while opening (a checksum that fails): named as the
            // damage found after opening is.
            Err(sled::Error::Corruption { .. }) => {
                return Err(
                    "its files are damaged: sled read corrupted data (the directory is kept \
                     as it is)"
                        .to_string(),
                )
            }
            Err(e) => {
                let mut reason = e.to_string();
                let locked = reason.contains("lock") || reason.contains("WouldBlock");
                if locked && std::time::Instant::now() < deadline {
                    std::thread::sleep(std::time::Duration::from_millis(50));
                    continue;
                }
                if locked {
                    reason.push_str(" (is another mancala-bot using this data directory?)");
                }
                return Err(reason);
            }
        }
    }
}

/// The trees an import writes, inside one sled transaction.
struct SledImport<'a> {
    channels: &'a TransactionalTree,
    history: &'a TransactionalTree,
    last: &'a TransactionalTree,
    wake: &'a TransactionalTree,
    docs: &'a TransactionalTree,
    listed: &'a TransactionalTree,
}

impl ImportTx for SledImport<'_> {
    type Error = UnabortableTransactionError;
    fn channel(&mut self, at: &ChannelKey) -> Result<Option<Vec<u8>>, Self::Error> {
        Ok(self.channels.get(channel_key(at))?.map(|v| v.to_vec()))
    }
    fn history(&mut self, id: &str) -> Result<Option<Vec<u8>>, Self::Error> {
        Ok(self.history.get(id.as_bytes())?.map(|v| v.to_vec()))
    }
    fn last(&mut self, at: &ChannelKey) -> Result<Option<String>, Self::Error> {
        let id = self.last.get(channel_key(at))?;
        Ok(id.map(|id| String::from_utf8_lossy(&id).into_owned()))
    }
    fn doc(&mut self, key: &str) -> Result<Option<Vec<u8>>, Self::Error> {
        Ok(self.docs.get(key.as_bytes())?.map(|v| v.to_vec()))
    }
    fn put_channel(
        &mut self,
        at: &ChannelKey,
        bytes: &[u8],
        wake_ms: Option<u64>,
    ) -> Result<(), Self::Error> {
        let k = channel_key(at);
        if let Some(ms) = wake_ms {
            self.wake.insert(k.as_slice(), &ms.to_be_bytes())?;
        }
        self.channels.insert(k, bytes)?;
        Ok(())
    }
    fn put_history(&mut self, id: &str, bytes: &[u8]) -> Result<(), Self::Error> {
        self.history.insert(id.as_bytes(), bytes)?;
        Ok(())
    }
    fn put_last(&mut self, at: &ChannelKey, id: &str) -> Result<(), Self::Error> {
        self.last.insert(channel_key(at), id.as_bytes())?;
        Ok(())
    }
    fn put_doc(&mut self, key: &str, bytes: &[u8], listed: bool) -> Result<(), Self::Error> {
        if listed {
            self.listed.insert(key.as_bytes(), &[])?;
        }
        self.docs.insert(key.as_bytes(), bytes)?;
        Ok(())
    }
}

impl Store for SledStore {
    fn flush(&self) -> Result<(), StoreError> {
        SledStore::flush(self)
    }

    fn load(&self, at: &ChannelKey) -> Result<Option<Stored>, StoreError> {
        let name = channel_name(at);
        match self
            .channels
            .get(channel_key(at))
            .map_err(io(format!("reading {name}")))?
        {
            Some(bytes) => Ok(Some(Stored {
                record: decode(&name, &bytes)?,
                version: Version(bytes.to_vec()),
            })),
            None => Ok(None),
        }
    }

    fn write(
        &self,
        at: &ChannelKey,
        expected: Option<&Version>,
        change: Write<'_>,
    ) -> Result<bool, StoreError> {
        let _writing = self.writing();
        let key = channel_key(at);
        let (bytes, id) = match change {
            Write::Put(r) | Write::Finish(r) => (Some(encode(r)), Some(r.id.clone())),
            Write::Remove => (None, None),
        };
        let wake_ms = match change {
            Write::Put(r) => r.wake_ms(),
            _ => None,
        };
        let expected = expected.map(|v| v.0.as_slice());
        let result: Result<bool, TransactionError<()>> = (
            &self.channels,
            &self.history,
            &self.last,
            &self.wake,
            &self.unsettled,
        )
            .transaction(|(channels, history, last, wake, unsettled)| {
                let current = channels.get(&key)?;
                if current.as_deref() != expected {
                    return Ok(false);
                }
                match wake_ms {
                    Some(ms) => {
                        wake.insert(key.as_slice(), &ms.to_be_bytes())?;
                    }
                    None => {
                        wake.remove(key.as_slice())?;
                    }
                }
                match change {
                    Write::Put(_) => {
                        channels.insert(key.as_slice(), bytes.clone().unwrap_or_default())?;
                    }
                    Write::Finish(_) => {
                        let id = id.clone().unwrap_or_default();
                        channels.remove(key.as_slice())?;
                        history.insert(id.as_bytes(), bytes.clone().unwrap_or_default())?;
                        last.insert(key.as_slice(), id.as_bytes())?;
                        unsettled.insert(id.as_bytes(), &[])?;
                    }
                    Write::Remove => {
                        channels.remove(key.as_slice())?;
                    }
                }
                Ok::<bool, ConflictableTransactionError<()>>(true)
            });
        let done = result.map_err(|e| StoreError::Io {
            what: format!("writing {}", channel_name(at)),
            reason: format!("{e:?}"),
        })?;
        if done {
            self.flush()?;
        }
        Ok(done)
    }

    fn last_finished(&self, at: &ChannelKey) -> Result<Option<Record>, StoreError> {
        let name = channel_name(at);
        match self
            .last
            .get(channel_key(at))
            .map_err(io(format!("reading the last game of {name}")))?
        {
            Some(id) => self.get_history(&String::from_utf8_lossy(&id)),
            None => Ok(None),
        }
    }

    fn finished(&self, id: &str) -> Result<Option<Record>, StoreError> {
        self.get_history(id)
    }

    fn new_id(&self, now_ms: u64) -> Result<String, StoreError> {
        let n = self.db.generate_id().map_err(io("generating a game id"))?;
        Ok(format!("{now_ms}-{n}"))
    }

    fn for_each(
        &self,
        each: &mut dyn FnMut(&Record) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        for item in self.channels.iter() {
            let (k, v) = item.map_err(io("reading the channels"))?;
            let key = format!("channel key {:?}", String::from_utf8_lossy(&k));
            each(&decode(&key, &v)?)?;
        }
        for item in self.history.iter() {
            let (k, v) = item.map_err(io("reading the history"))?;
            let key = format!("history {}", String::from_utf8_lossy(&k));
            each(&decode(&key, &v)?)?;
        }
        Ok(())
    }

    fn import(&self, batch: &ImportBatch) -> Result<ImportCounts, StoreError> {
        let _writing = self.writing();
        let records: Vec<Vec<u8>> = batch.records.iter().map(encode).collect();
        // One transaction over every tree an import writes: all or nothing.
        let result: Result<ImportCounts, TransactionError<StoreError>> = (
            &self.channels,
            &self.history,
            &self.last,
            &self.wake,
            &self.docs,
            &self.listed,
        )
            .transaction(|(channels, history, last, wake, docs, listed)| {
                let mut tx = SledImport {
                    channels,
                    history,
                    last,
                    wake,
                    docs,
                    listed,
                };
                import::run(&mut tx, batch, &records)?.map_err(ConflictableTransactionError::Abort)
            });
        let counts = result.map_err(|e| match e {
            TransactionError::Abort(e) => e,
            TransactionError::Storage(e) => StoreError::Io {
                what: "importing".into(),
                reason: e.to_string(),
            },
        })?;
        if counts.records_added + counts.docs_added > 0 {
            self.flush()?;
        }
        Ok(counts)
    }

    fn quiesced(&self, read: &mut dyn FnMut() -> Result<(), StoreError>) -> Result<(), StoreError> {
        let _only_reader = self.gate.write().unwrap_or_else(|e| e.into_inner());
        read()
    }

    fn counts(&self) -> (usize, usize) {
        (self.channels.len(), self.history.len())
    }

    fn due(&self, now_ms: u64) -> Result<Vec<ChannelKey>, StoreError> {
        let mut out = Vec::new();
        for item in self.wake.iter() {
            let (k, v) = item.map_err(io("reading the wake index"))?;
            let ms = v.as_ref().try_into().map(u64::from_be_bytes).unwrap_or(0);
            if ms <= now_ms {
                if let Some(at) = key_channel(&k) {
                    out.push(at);
                }
            }
        }
        Ok(out)
    }

    fn doc(&self, key: &DocKey) -> Result<Option<Vec<u8>>, StoreError> {
        Ok(self
            .docs
            .get(key.to_string().as_bytes())
            .map_err(io(format!("reading document {key}")))?
            .map(|v| v.to_vec()))
    }

    fn write_doc(
        &self,
        key: &DocKey,
        expected: Option<&[u8]>,
        new: Option<&[u8]>,
    ) -> Result<bool, StoreError> {
        let _writing = self.writing();
        let k = key.to_string();
        let done = if key.listed_on_write() {
            self.write_listed(&k, expected, new)
                .map_err(io(format!("writing document {key}")))?
        } else {
            self.docs
                .compare_and_swap(k.as_bytes(), expected, new)
                .map_err(io(format!("writing document {key}")))?
                .is_ok()
        };
        if done {
            self.flush()?;
        }
        Ok(done)
    }

    fn listed(&self) -> Result<Vec<(DocKey, Vec<u8>)>, StoreError> {
        let mut out = Vec::new();
        for k in self.listed.iter().keys() {
            let k = k.map_err(io("reading the driver's list"))?;
            if k.as_ref() == LISTED_MADE {
                continue;
            }
            let Some(v) = self.docs.get(&k).map_err(io("reading the driver's list"))? else {
                continue;
            };
            let k = String::from_utf8_lossy(&k);
            let key = DocKey::parse(&k).map_err(|reason| StoreError::Read {
                key: format!("document {k}"),
                reason,
            })?;
            out.push((key, v.to_vec()));
        }
        Ok(out)
    }

    fn unlist(&self, key: &DocKey, expected: &[u8]) -> Result<bool, StoreError> {
        let _writing = self.writing();
        let k = key.to_string();
        let result: Result<bool, TransactionError<()>> =
            (&self.docs, &self.listed).transaction(|(docs, listed)| {
                if docs.get(k.as_bytes())?.as_deref() != Some(expected) {
                    return Ok(false);
                }
                Ok(listed.remove(k.as_bytes())?.is_some())
            });
        let done = result.map_err(|e| StoreError::Io {
            what: format!("taking document {key} off the driver's list"),
            reason: format!("{e:?}"),
        })?;
        if done {
            self.flush()?;
        }
        Ok(done)
    }

    fn docs(&self, prefix: &DocPrefix) -> Result<Vec<(DocKey, Vec<u8>)>, StoreError> {
        let mut out = Vec::new();
        let prefix = prefix.to_string();
        for item in self.docs.scan_prefix(prefix.as_bytes()) {
            let (k, v) = item.map_err(io(format!("reading documents {prefix}*")))?;
            let k = String::from_utf8_lossy(&k);
            let key = DocKey::parse(&k).map_err(|reason| StoreError::Read {
                key: format!("document {k}"),
                reason,
            })?;
            out.push((key, v.to_vec()));
        }
        Ok(out)
    }

    fn unsettled(&self) -> Result<Vec<String>, StoreError> {
        self.unsettled
            .iter()
            .keys()
            .map(|k| {
                k.map(|k| String::from_utf8_lossy(&k).into_owned())
                    .map_err(io("reading the unsettled games"))
            })
            .collect()
    }

    fn settle(&self, id: &str) -> Result<(), StoreError> {
        let _writing = self.writing();
        let removed = self
            .unsettled
            .remove(id.as_bytes())
            .map_err(io(format!("settling game {id}")))?;
        if removed.is_some() {
            self.flush()?;
        }
        Ok(())
    }
}
