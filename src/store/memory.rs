//! A [`Store`] in memory, for tests and benchmarks: the primitive ([`KeyValue`]) over
//! one map per key space behind one lock, so the store has the same semantics as the
//! other backends (the store's logic is theirs), nothing on disk.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Mutex, MutexGuard, RwLock};

use super::kv::{Body, Key, KeyValue, Space, Tx, TxError, Writes};
use super::StoreError;
use crate::model::ChannelKey;

/// Everything the store holds, behind one lock so that every transaction is atomic.
#[derive(Default)]
struct Tables {
    /// One map per [`Space`], indexed by `Space as usize`.
    spaces: [BTreeMap<Key, Vec<u8>>; 7],
    next_id: u64,
}

impl Tables {
    fn space(&self, space: Space) -> &BTreeMap<Key, Vec<u8>> {
        &self.spaces[space as usize]
    }
}

/// Everything a [`MemoryStore`] holds at one moment ([`MemoryStore::snapshot`]), in key
/// order: two snapshots are equal exactly when the store's contents are byte for byte
/// the same.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MemorySnapshot {
    /// Each channel's record (a challenge or a game in play), as stored (JSON).
    pub channels: BTreeMap<ChannelKey, Vec<u8>>,
    /// The finished games by id, as stored (JSON).
    pub history: BTreeMap<String, Vec<u8>>,
    /// The id of the last game finished in each channel ([`Store::last_finished`](crate::store::Store::last_finished)).
    pub last: BTreeMap<ChannelKey, String>,
    /// The wake index: each channel record's [`Record::wake_ms`](crate::store::Record::wake_ms) ([`Store::due`](crate::store::Store::due)).
    pub wake: BTreeMap<ChannelKey, u64>,
    /// The documents by key ([`DocKey`](crate::store::keys::DocKey) written out), as stored.
    pub docs: BTreeMap<String, Vec<u8>>,
    /// The finished games not yet settled ([`Store::unsettled`](crate::store::Store::unsettled)).
    pub unsettled: BTreeSet<String>,
    /// The counter behind [`Store::new_id`](crate::store::Store::new_id).
    pub next_id: u64,
}

impl MemorySnapshot {
    /// What differs between `self` and `other`, one line per key (`channel g/c`,
    /// `history ID`, `last g/c`, `wake g/c`, `doc KEY`, `unsettled ID`, `next_id`), in
    /// table and key order; empty when they are equal.
    pub fn differences(&self, other: &MemorySnapshot) -> Vec<String> {
        fn diff<K: Ord + Clone, V: PartialEq>(
            table: &str,
            a: &BTreeMap<K, V>,
            b: &BTreeMap<K, V>,
            name: impl Fn(&K) -> String,
            out: &mut Vec<String>,
        ) {
            let keys: BTreeSet<&K> = a.keys().chain(b.keys()).collect();
            for k in keys {
                let what = match (a.get(k), b.get(k)) {
                    (Some(x), Some(y)) if x == y => continue,
                    (Some(_), Some(_)) => "changed",
                    (Some(_), None) => "removed",
                    (None, _) => "added",
                };
                out.push(format!("{table} {} {what}", name(k)));
            }
        }
        let chan = |k: &ChannelKey| format!("{}/{}", k.community, k.channel);
        let mut out = Vec::new();
        diff("channel", &self.channels, &other.channels, chan, &mut out);
        diff(
            "history",
            &self.history,
            &other.history,
            String::clone,
            &mut out,
        );
        diff("last", &self.last, &other.last, chan, &mut out);
        diff("wake", &self.wake, &other.wake, chan, &mut out);
        diff("doc", &self.docs, &other.docs, String::clone, &mut out);
        let unit = |s: &BTreeSet<String>| s.iter().map(|k| (k.clone(), ())).collect();
        let (ua, ub): (BTreeMap<String, ()>, BTreeMap<String, ()>) =
            (unit(&self.unsettled), unit(&other.unsettled));
        diff("unsettled", &ua, &ub, String::clone, &mut out);
        if self.next_id != other.next_id {
            out.push(format!("next_id {} -> {}", self.next_id, other.next_id));
        }
        out
    }
}

/// A [`Store`](super::Store) that keeps everything in memory and forgets it when
/// dropped.
#[derive(Default)]
pub struct MemoryStore {
    tables: Mutex<Tables>,
    /// Transactions hold it shared, [`Store::quiesced`](super::Store::quiesced)
    /// exclusively: its reads (each under the lock on its own) see no transaction in
    /// between.
    gate: RwLock<()>,
}

impl MemoryStore {
    /// An empty store.
    pub fn new() -> MemoryStore {
        MemoryStore::default()
    }

    /// A copy of everything the store holds, taken under its lock: every table byte for
    /// byte, the game id counter included. For tests that check that a command changed
    /// nothing (two snapshots compare equal) or what it changed
    /// ([`MemorySnapshot::differences`]), and that look at the raw tables (the fuzz test
    /// of the core, `tests/fuzz.rs`).
    pub fn snapshot(&self) -> MemorySnapshot {
        let t = self.lock();
        let by_channel = |space| {
            t.space(space)
                .iter()
                .filter_map(|(k, v)| Some((k.channel()?.clone(), v)))
                .collect::<Vec<_>>()
        };
        let by_name = |space| {
            t.space(space)
                .iter()
                .map(|(k, v)| (k.name().to_string(), v.clone()))
                .collect::<BTreeMap<_, _>>()
        };
        MemorySnapshot {
            channels: by_channel(Space::Channels)
                .into_iter()
                .map(|(k, v)| (k, v.clone()))
                .collect(),
            history: by_name(Space::History),
            last: by_channel(Space::Last)
                .into_iter()
                .map(|(k, v)| (k, String::from_utf8_lossy(v).into_owned()))
                .collect(),
            wake: by_channel(Space::Wake)
                .into_iter()
                .map(|(k, v)| (k, super::kv::wake_ms(v).unwrap_or(0)))
                .collect(),
            docs: by_name(Space::Docs),
            unsettled: by_name(Space::Unsettled).into_keys().collect(),
            next_id: t.next_id,
        }
    }

    fn lock(&self) -> MutexGuard<'_, Tables> {
        // A panic while holding the lock leaves the tables as they were before the
        // transaction (its writes are applied only once its body has succeeded), so a
        // poisoned lock is safe.
        self.tables.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// A transaction under the lock: its writes wait in `pending` until its body succeeds.
struct MemTx<'a> {
    tables: &'a Tables,
    pending: Writes,
    next_id: u64,
}

impl Tx for MemTx<'_> {
    fn get_many(&mut self, keys: &[(Space, Key)]) -> Result<Vec<Option<Vec<u8>>>, TxError> {
        Ok(keys
            .iter()
            .map(|(s, k)| match self.pending.get(&(*s, k.clone())) {
                Some(v) => v.clone(),
                None => self.tables.space(*s).get(k).cloned(),
            })
            .collect())
    }
    fn writes(&mut self) -> &mut Writes {
        &mut self.pending
    }
    fn next_id(&mut self) -> Result<u64, TxError> {
        self.next_id += 1;
        Ok(self.next_id)
    }
}

impl KeyValue for MemoryStore {
    fn transact<T>(&self, body: Body<'_, T>) -> Result<T, TxError> {
        let _writing = self.gate.read().unwrap_or_else(|p| p.into_inner());
        let mut t = self.lock();
        let mut tx = MemTx {
            tables: &t,
            pending: BTreeMap::new(),
            next_id: t.next_id,
        };
        let out = body(&mut tx)?;
        let (pending, next_id) = (tx.pending, tx.next_id);
        t.next_id = next_id;
        for ((space, key), value) in pending {
            let map = &mut t.spaces[space as usize];
            match value {
                Some(v) => map.insert(key, v),
                None => map.remove(&key),
            };
        }
        Ok(out)
    }

    fn get_many(&self, keys: &[(Space, Key)]) -> Result<Vec<Option<Vec<u8>>>, StoreError> {
        let t = self.lock();
        Ok(keys
            .iter()
            .map(|(s, k)| t.space(*s).get(k).cloned())
            .collect())
    }

    fn scan(
        &self,
        space: Space,
        prefix: &str,
        each: &mut dyn FnMut(Key, Vec<u8>) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        // Copied under the lock, handed out after it: `each` may use the store.
        let items: Vec<(Key, Vec<u8>)> = {
            let t = self.lock();
            let map = t.space(space);
            if space.by_channel() {
                map.iter().map(|(k, v)| (k.clone(), v.clone())).collect()
            } else {
                map.range(Key::Name(prefix.to_string())..)
                    .take_while(|(k, _)| k.name().starts_with(prefix))
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect()
            }
        };
        items.into_iter().try_for_each(|(k, v)| each(k, v))
    }

    fn count(&self, space: Space) -> Result<usize, StoreError> {
        Ok(self.lock().space(space).len())
    }

    fn next_id(&self) -> Result<u64, StoreError> {
        let mut t = self.lock();
        t.next_id += 1;
        Ok(t.next_id)
    }

    fn quiesced(&self, read: &mut dyn FnMut() -> Result<(), StoreError>) -> Result<(), StoreError> {
        let _only_reader = self.gate.write().unwrap_or_else(|p| p.into_inner());
        read()
    }
}
