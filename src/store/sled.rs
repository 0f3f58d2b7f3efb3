//! The sled backend: the primitive ([`KeyValue`]) over seven trees in the data
//! directory, one per [`Space`]; the store's logic is above it (`logic.rs`).
//!
//! - `channels`: channel key -> JSON [`Record`] (a challenge or a game in play);
//! - `history`: game id -> JSON [`Record`] of a finished game;
//! - `last`: channel key -> id of the last game finished there;
//! - `wake`: channel key -> [`Record::wake_ms`] (8 bytes, big-endian) of the games whose
//!   clock the periodic driver must look at, kept in the same transaction as `channels`;
//! - `docs`: string key -> JSON document (ratings, tournaments, settings);
//! - `listed`: document key -> nothing, the periodic driver's list ([`Store::listed`](super::Store::listed)),
//!   kept in the same transaction as a tournament's `docs` entry; its empty key marks
//!   the list made (a store made before it had every tournament listed when first
//!   opened, [`list_every_tournament`]);
//! - `unsettled`: game id -> nothing, the finished games whose rating and tournament
//!   result are not known to be applied yet, kept in the same transaction as `history`.
//!
//! A channel key is the community's length (4 bytes, big-endian), the community, then
//! the channel: every key of one community shares a prefix.

use std::path::{Path, PathBuf};

use std::collections::BTreeMap;

use sled::transaction::TransactionError;
use sled::Transactional;

use super::keys;
use super::kv::{Body, Key, KeyValue, Space, Tx, TxError, Writes};
use super::StoreError;
use crate::model::ChannelKey;

/// A [`Store`](super::Store) in a sled database.
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
    /// Writes hold it shared, [`Store::quiesced`](super::Store::quiesced) exclusively: a
    /// snapshot sees no write half done across trees.
    gate: std::sync::RwLock<()>,
    /// Held by each transaction from its first read to its last write.
    writer: std::sync::Mutex<()>,
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
            writer: std::sync::Mutex::new(()),
            path: path.to_path_buf(),
            db,
        })
    }

    /// The data directory.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The shared side of the snapshot gate, held by every write.
    fn writing(&self) -> std::sync::RwLockReadGuard<'_, ()> {
        self.gate.read().unwrap_or_else(|e| e.into_inner())
    }

    fn flush_to_disk(&self) -> Result<(), StoreError> {
        self.db.flush().map(|_| ()).map_err(io("flushing to disk"))
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

/// One transaction's reads (through to the trees) and its writes, waiting until its
/// body is done.
struct SledTx<'a> {
    store: &'a SledStore,
    pending: Writes,
}

impl Tx for SledTx<'_> {
    fn get_many(&mut self, keys: &[(Space, Key)]) -> Result<Vec<Option<Vec<u8>>>, TxError> {
        keys.iter()
            .map(|(s, k)| match self.pending.get(&(*s, k.clone())) {
                Some(v) => Ok(v.clone()),
                None => {
                    let v = self.store.tree(*s).get(raw_key(k)).map_err(io("reading"))?;
                    Ok(v.map(|v| v.to_vec()))
                }
            })
            .collect()
    }
    fn writes(&mut self) -> &mut Writes {
        &mut self.pending
    }
    fn next_id(&mut self) -> Result<u64, TxError> {
        Ok(self
            .store
            .db
            .generate_id()
            .map_err(io("generating a game id"))?)
    }
}

/// A key as sled stores it: a channel as [`channel_key`], a name as its bytes.
fn raw_key(k: &Key) -> Vec<u8> {
    match k {
        Key::Channel(at) => channel_key(at),
        Key::Name(n) => n.as_bytes().to_vec(),
    }
}

impl SledStore {
    /// Writes `pending` (a removal of an absent key is no write); whether anything
    /// changed.
    fn apply(&self, pending: BTreeMap<(Space, Key), Option<Vec<u8>>>) -> Result<bool, sled::Error> {
        let mut writes = Vec::with_capacity(pending.len());
        for ((space, key), value) in pending {
            let k = raw_key(&key);
            if value.is_some() || self.tree(space).contains_key(&k)? {
                writes.push((space, k, value));
            }
        }
        match writes.as_slice() {
            [] => return Ok(false),
            [(space, k, Some(v))] => drop(self.tree(*space).insert(k.as_slice(), v.as_slice())?),
            [(space, k, None)] => drop(self.tree(*space).remove(k.as_slice())?),
            _ => {
                let trees = [
                    &self.channels,
                    &self.last,
                    &self.wake,
                    &self.history,
                    &self.docs,
                    &self.listed,
                    &self.unsettled,
                ];
                let done: Result<(), TransactionError<()>> = trees[..].transaction(|t| {
                    for (space, k, v) in &writes {
                        let tree = &t[*space as usize];
                        match v {
                            Some(v) => drop(tree.insert(k.as_slice(), v.as_slice())?),
                            None => drop(tree.remove(k.as_slice())?),
                        }
                    }
                    Ok(())
                });
                done.map_err(|e| match e {
                    TransactionError::Storage(e) => e,
                    TransactionError::Abort(()) => sled::Error::Unsupported("aborted".into()),
                })?;
            }
        }
        Ok(true)
    }

    /// The tree of `space`.
    fn tree(&self, space: Space) -> &sled::Tree {
        match space {
            Space::Channels => &self.channels,
            Space::Last => &self.last,
            Space::Wake => &self.wake,
            Space::History => &self.history,
            Space::Docs => &self.docs,
            Space::Listed => &self.listed,
            Space::Unsettled => &self.unsettled,
        }
    }
}

impl KeyValue for SledStore {
    /// `body` under the store's writer lock (the bot is this store's only writer, so
    /// what it reads holds until its writes are in), then its writes: a single one as
    /// it is (atomic by itself, and half the disk writes of a sled transaction), more in
    /// one sled transaction; flushed to disk when anything changed.
    fn transact<T>(&self, body: Body<'_, T>) -> Result<T, TxError> {
        let _writing = self.writing();
        let (changed, out) = {
            let _writer = self.writer.lock().unwrap_or_else(|p| p.into_inner());
            let mut tx = SledTx {
                store: self,
                pending: BTreeMap::new(),
            };
            let out = body(&mut tx)?;
            (self.apply(tx.pending).map_err(io("writing"))?, out)
        };
        if changed {
            self.flush_to_disk()?;
        }
        Ok(out)
    }

    fn get_many(&self, keys: &[(Space, Key)]) -> Result<Vec<Option<Vec<u8>>>, StoreError> {
        keys.iter()
            .map(|(s, k)| {
                let v = self.tree(*s).get(raw_key(k)).map_err(io("reading"))?;
                Ok(v.map(|v| v.to_vec()))
            })
            .collect()
    }

    fn scan(
        &self,
        space: Space,
        prefix: &str,
        each: &mut dyn FnMut(Key, Vec<u8>) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        let prefix = if space.by_channel() { "" } else { prefix };
        for item in self.tree(space).scan_prefix(prefix.as_bytes()) {
            let (k, v) = item.map_err(io(format!("reading {space:?} {prefix}*")))?;
            let key = if space.by_channel() {
                match key_channel(&k) {
                    Some(at) => Key::Channel(at),
                    None => continue,
                }
            } else if space == Space::Listed && k.as_ref() == LISTED_MADE {
                continue;
            } else {
                Key::Name(String::from_utf8_lossy(&k).into_owned())
            };
            each(key, v.to_vec())?;
        }
        Ok(())
    }

    fn count(&self, space: Space) -> Result<usize, StoreError> {
        Ok(self.tree(space).len())
    }

    fn next_id(&self) -> Result<u64, StoreError> {
        self.db.generate_id().map_err(io("generating a game id"))
    }

    fn quiesced(&self, read: &mut dyn FnMut() -> Result<(), StoreError>) -> Result<(), StoreError> {
        let _only_reader = self.gate.write().unwrap_or_else(|e| e.into_inner());
        read()
    }

    fn flush(&self) -> Result<(), StoreError> {
        self.flush_to_disk()
    }
}
