//! The primitive each backend implements ([`KeyValue`]): named key spaces ([`Space`])
//! of bytes, read one key or many at a time, scanned by prefix, and changed in
//! transactions ([`Tx`]: get, put, remove, the id counter) that apply all their writes
//! or none. Everything the bot asks of a store ([`Store`](super::Store): records,
//! documents, the history, the wake index, the driver's list, batched reads and
//! multi-key compare-and-swap) is written once above it, in `logic.rs` (issue 35 item 6).

use crate::model::ChannelKey;

use super::StoreError;

/// A key space: a sled tree, a PostgreSQL table or column, a map in memory. The values
/// are bytes, as the bot stores them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Space {
    /// Channel key -> the record (JSON) of its challenge or game in play.
    Channels,
    /// Channel key -> the id (UTF-8) of the last game finished there.
    Last,
    /// Channel key -> [`Record::wake_ms`](super::Record::wake_ms) of its record, 8 bytes
    /// big-endian: the wake index, kept with [`Space::Channels`].
    Wake,
    /// Game id -> the record (JSON) of a finished game.
    History,
    /// Document key ([`DocKey`](super::keys::DocKey) written out) -> its JSON.
    Docs,
    /// Document key -> nothing: the periodic driver's list ([`Store::listed`]), kept with
    /// [`Space::Docs`] (a key is listed only while its document exists).
    ///
    /// [`Store::listed`]: super::Store::listed
    Listed,
    /// Game id -> nothing: the finished games not settled yet ([`Store::unsettled`]).
    ///
    /// [`Store::unsettled`]: super::Store::unsettled
    Unsettled,
}

impl Space {
    /// Whether the space is keyed by channel ([`Key::Channel`]), else by name
    /// ([`Key::Name`]).
    pub fn by_channel(self) -> bool {
        matches!(self, Space::Channels | Space::Last | Space::Wake)
    }
}

/// A key in a [`Space`]: a channel for [`Space::Channels`], [`Space::Last`] and
/// [`Space::Wake`], a name (game id, document key) for the others.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Key {
    /// A channel.
    Channel(ChannelKey),
    /// A game id or a document key.
    Name(String),
}

impl Key {
    /// The channel of a channel key; `None` for a name.
    pub fn channel(&self) -> Option<&ChannelKey> {
        match self {
            Key::Channel(at) => Some(at),
            Key::Name(_) => None,
        }
    }

    /// The name of a name key; `""` for a channel.
    pub fn name(&self) -> &str {
        match self {
            Key::Name(n) => n,
            Key::Channel(_) => "",
        }
    }
}

/// Why a transaction's body stopped.
#[derive(Debug)]
pub enum TxError {
    /// Another transaction got in the way (a key read absent was written meanwhile, a
    /// deadlock): nothing is written, and the body runs again on fresh reads.
    Retry,
    /// Stop with this error; nothing is written.
    Fail(StoreError),
}

impl From<StoreError> for TxError {
    fn from(e: StoreError) -> TxError {
        TxError::Fail(e)
    }
}

/// A transaction's writes, waiting until its body is done: the last write of each key
/// wins (`None`: removed).
pub(crate) type Writes = std::collections::BTreeMap<(Space, Key), Option<Vec<u8>>>;

/// The reads and writes of one transaction. A body sees its own writes; nothing is
/// visible to others before the transaction commits, and the keys it read hold what it
/// read until then (or the backend makes the body run again, [`TxError::Retry`]).
pub trait Tx {
    /// The transaction's writes so far, applied when its body is done (each backend
    /// keeps them; `put` and `remove` add to them, its reads see them first).
    fn writes(&mut self) -> &mut Writes;

    /// The value of each key, in order (`None`: absent). A backend that locks does it
    /// here, for every key, in one go.
    ///
    /// # Errors
    /// A backend failure, or [`TxError::Retry`].
    fn get_many(&mut self, keys: &[(Space, Key)]) -> Result<Vec<Option<Vec<u8>>>, TxError>;

    /// The value of one key.
    ///
    /// # Errors
    /// As [`Tx::get_many`].
    fn get(&mut self, space: Space, key: &Key) -> Result<Option<Vec<u8>>, TxError> {
        let mut got = self.get_many(&[(space, key.clone())])?;
        Ok(got.pop().flatten())
    }

    /// Sets `key` to `value`.
    ///
    /// # Errors
    /// A backend failure, or [`TxError::Retry`].
    fn put(&mut self, space: Space, key: &Key, value: &[u8]) -> Result<(), TxError> {
        self.writes()
            .insert((space, key.clone()), Some(value.to_vec()));
        Ok(())
    }

    /// Removes `key` (nothing when absent).
    ///
    /// # Errors
    /// A backend failure, or [`TxError::Retry`].
    fn remove(&mut self, space: Space, key: &Key) -> Result<(), TxError> {
        self.writes().insert((space, key.clone()), None);
        Ok(())
    }

    /// The next number of the store's id counter, never given before (not rolled back
    /// with the transaction: numbers may be skipped).
    ///
    /// # Errors
    /// A backend failure.
    fn next_id(&mut self) -> Result<u64, TxError>;
}

/// What a transaction body is: it may run several times ([`TxError::Retry`], sled's own
/// conflicts), so it changes nothing outside the transaction.
pub(crate) type Body<'a, T> = &'a dyn Fn(&mut dyn Tx) -> Result<T, TxError>;

/// The primitive of a store backend. Implementing it makes a [`Store`](super::Store)
/// (`logic.rs`). All calls block.
pub trait KeyValue: Send + Sync {
    /// Runs `body` in one transaction and commits its writes, all or none; written data
    /// is durable when this returns (sled flushes, PostgreSQL commits). Returns what
    /// `body` returned.
    ///
    /// # Errors
    /// `body`'s [`TxError::Fail`] (nothing written), a failure to commit, or
    /// [`TxError::Retry`] when the caller should run it again.
    fn transact<T>(&self, body: Body<'_, T>) -> Result<T, TxError>;

    /// The value of each key, in order, outside any transaction (each read sees a
    /// committed state; a backend that can reads them all at one instant).
    ///
    /// # Errors
    /// [`StoreError::Io`] on failure.
    fn get_many(&self, keys: &[(Space, Key)]) -> Result<Vec<Option<Vec<u8>>>, StoreError>;

    /// Calls `each` with every key of `space` whose name starts with `prefix`, and its
    /// value, in the backend's key order (a channel space: every key, `prefix` unused).
    ///
    /// # Errors
    /// [`StoreError::Io`] on failure, or the first error of `each`.
    fn scan(
        &self,
        space: Space,
        prefix: &str,
        each: &mut dyn FnMut(Key, Vec<u8>) -> Result<(), StoreError>,
    ) -> Result<(), StoreError>;

    /// The number of keys in `space`.
    ///
    /// # Errors
    /// [`StoreError::Io`] on failure.
    fn count(&self, space: Space) -> Result<usize, StoreError>;

    /// The next number of the id counter, outside any transaction (as [`Tx::next_id`]).
    ///
    /// # Errors
    /// [`StoreError::Io`] on failure.
    fn next_id(&self) -> Result<u64, StoreError>;

    /// The channels of [`Space::Wake`] whose time is at or before `now_ms`, in key order.
    /// Default: a scan of the whole index.
    ///
    /// # Errors
    /// [`StoreError::Io`] on failure.
    fn due(&self, now_ms: u64) -> Result<Vec<ChannelKey>, StoreError> {
        let mut out = Vec::new();
        self.scan(Space::Wake, "", &mut |k, v| {
            if let (Key::Channel(at), Some(ms)) = (k, wake_ms(&v)) {
                if ms <= now_ms {
                    out.push(at);
                }
            }
            Ok(())
        })?;
        Ok(out)
    }

    /// As [`Store::quiesced`](super::Store::quiesced). Default: runs `read` as it is.
    ///
    /// # Errors
    /// Those of `read`.
    fn quiesced(&self, read: &mut dyn FnMut() -> Result<(), StoreError>) -> Result<(), StoreError> {
        read()
    }

    /// As [`Store::flush`](super::Store::flush). Default: nothing to do.
    ///
    /// # Errors
    /// The store cannot write to its disk.
    fn flush(&self) -> Result<(), StoreError> {
        Ok(())
    }
}

/// The value of a [`Space::Wake`] key as milliseconds; `None` when not 8 bytes.
pub(crate) fn wake_ms(value: &[u8]) -> Option<u64> {
    value.try_into().ok().map(u64::from_be_bytes)
}

/// How many times [`run`] runs a body that meets [`TxError::Retry`] before it gives up.
const RETRIES: usize = 64;

/// Runs `body` in a transaction of `kv`, again while the backend says
/// [`TxError::Retry`] (at most 64 times).
///
/// # Errors
/// `body`'s failure, the backend's ([`StoreError::Io`] naming `what`), or too many
/// retries (also naming `what`).
pub(super) fn run<K: KeyValue + ?Sized, T>(
    kv: &K,
    what: &dyn Fn() -> String,
    body: Body<'_, T>,
) -> Result<T, StoreError> {
    for _ in 0..RETRIES {
        match kv.transact(body) {
            Ok(t) => return Ok(t),
            // The backend's failure, named by what the caller was doing.
            Err(TxError::Fail(StoreError::Io { reason, .. })) => {
                return Err(StoreError::Io {
                    what: what(),
                    reason,
                })
            }
            Err(TxError::Fail(e)) => return Err(e),
            Err(TxError::Retry) => continue,
        }
    }
    Err(StoreError::Io {
        what: what(),
        reason: "too many concurrent writes".into(),
    })
}
