//! A [`Store`] in memory, for tests and benchmarks: the same semantics as the sled
//! backend (compare-and-swap on the stored bytes, the history, the last game of a
//! channel, the wake index, documents, the unsettled games), nothing on disk.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::{Mutex, MutexGuard};

use super::import::{self, ImportTx};
use super::keys::{DocKey, DocPrefix};
use super::record::{decode, encode};
use super::{ImportBatch, ImportCounts, Record, Store, StoreError, Stored, Version, Write};
use crate::model::ChannelKey;

/// Everything the store holds, behind one lock so that every write is atomic.
#[derive(Default)]
struct Tables {
    channels: BTreeMap<ChannelKey, Vec<u8>>,
    history: BTreeMap<String, Vec<u8>>,
    last: HashMap<ChannelKey, String>,
    wake: BTreeMap<ChannelKey, u64>,
    docs: BTreeMap<String, Vec<u8>>,
    /// The driver's list ([`Store::listed`]): keys of `docs`.
    listed: BTreeSet<String>,
    unsettled: BTreeSet<String>,
    next_id: u64,
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
    /// The id of the last game finished in each channel ([`Store::last_finished`]).
    pub last: BTreeMap<ChannelKey, String>,
    /// The wake index: each channel record's [`Record::wake_ms`] ([`Store::due`]).
    pub wake: BTreeMap<ChannelKey, u64>,
    /// The documents by key ([`DocKey`] written out), as stored.
    pub docs: BTreeMap<String, Vec<u8>>,
    /// The finished games not yet settled ([`Store::unsettled`]).
    pub unsettled: BTreeSet<String>,
    /// The counter behind [`Store::new_id`].
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

/// A [`Store`] that keeps everything in memory and forgets it when dropped.
#[derive(Default)]
pub struct MemoryStore {
    tables: Mutex<Tables>,
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
        MemorySnapshot {
            channels: t.channels.clone(),
            history: t.history.clone(),
            last: t.last.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
            wake: t.wake.clone(),
            docs: t.docs.clone(),
            unsettled: t.unsettled.clone(),
            next_id: t.next_id,
        }
    }

    fn lock(&self) -> MutexGuard<'_, Tables> {
        // A panic while holding the lock leaves the tables as they were before the write
        // (each write changes them only after every check), so a poisoned lock is safe.
        self.tables.lock().unwrap_or_else(|p| p.into_inner())
    }
}

fn channel_name(at: &ChannelKey) -> String {
    format!("channel {}/{}", at.community, at.channel)
}

fn history_record(t: &Tables, id: &str) -> Result<Option<Record>, StoreError> {
    t.history
        .get(id)
        .map(|b| decode(&format!("history {id}"), b))
        .transpose()
}

impl ImportTx for Tables {
    type Error = std::convert::Infallible;
    fn channel(&mut self, at: &ChannelKey) -> Result<Option<Vec<u8>>, Self::Error> {
        Ok(self.channels.get(at).cloned())
    }
    fn history(&mut self, id: &str) -> Result<Option<Vec<u8>>, Self::Error> {
        Ok(self.history.get(id).cloned())
    }
    fn last(&mut self, at: &ChannelKey) -> Result<Option<String>, Self::Error> {
        Ok(self.last.get(at).cloned())
    }
    fn doc(&mut self, key: &str) -> Result<Option<Vec<u8>>, Self::Error> {
        Ok(self.docs.get(key).cloned())
    }
    fn put_channel(
        &mut self,
        at: &ChannelKey,
        bytes: &[u8],
        wake_ms: Option<u64>,
    ) -> Result<(), Self::Error> {
        if let Some(ms) = wake_ms {
            self.wake.insert(at.clone(), ms);
        }
        self.channels.insert(at.clone(), bytes.to_vec());
        Ok(())
    }
    fn put_history(&mut self, id: &str, bytes: &[u8]) -> Result<(), Self::Error> {
        self.history.insert(id.to_string(), bytes.to_vec());
        Ok(())
    }
    fn put_last(&mut self, at: &ChannelKey, id: &str) -> Result<(), Self::Error> {
        self.last.insert(at.clone(), id.to_string());
        Ok(())
    }
    fn put_doc(&mut self, key: &str, bytes: &[u8], listed: bool) -> Result<(), Self::Error> {
        if listed {
            self.listed.insert(key.to_string());
        }
        self.docs.insert(key.to_string(), bytes.to_vec());
        Ok(())
    }
}

impl Store for MemoryStore {
    fn load(&self, at: &ChannelKey) -> Result<Option<Stored>, StoreError> {
        let t = self.lock();
        let Some(bytes) = t.channels.get(at) else {
            return Ok(None);
        };
        Ok(Some(Stored {
            record: decode(&channel_name(at), bytes)?,
            version: Version(bytes.clone()),
        }))
    }

    fn write(
        &self,
        at: &ChannelKey,
        expected: Option<&Version>,
        change: Write<'_>,
    ) -> Result<bool, StoreError> {
        let mut t = self.lock();
        if t.channels.get(at).map(Vec::as_slice) != expected.map(|v| v.0.as_slice()) {
            return Ok(false);
        }
        match change {
            Write::Put(r) => {
                match r.wake_ms() {
                    Some(ms) => t.wake.insert(at.clone(), ms),
                    None => t.wake.remove(at),
                };
                t.channels.insert(at.clone(), encode(r));
            }
            Write::Finish(r) => {
                t.wake.remove(at);
                t.channels.remove(at);
                t.history.insert(r.id.clone(), encode(r));
                t.last.insert(at.clone(), r.id.clone());
                t.unsettled.insert(r.id.clone());
            }
            Write::Remove => {
                t.wake.remove(at);
                t.channels.remove(at);
            }
        }
        Ok(true)
    }

    fn last_finished(&self, at: &ChannelKey) -> Result<Option<Record>, StoreError> {
        let t = self.lock();
        match t.last.get(at) {
            Some(id) => history_record(&t, id),
            None => Ok(None),
        }
    }

    fn finished(&self, id: &str) -> Result<Option<Record>, StoreError> {
        history_record(&self.lock(), id)
    }

    fn new_id(&self, now_ms: u64) -> Result<String, StoreError> {
        let mut t = self.lock();
        t.next_id += 1;
        Ok(format!("{now_ms}-{}", t.next_id))
    }

    fn for_each(
        &self,
        each: &mut dyn FnMut(&Record) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        // Decoded under the lock, handed out after it: `each` may use the store.
        let records: Vec<Record> = {
            let t = self.lock();
            let channels = t.channels.iter().map(|(k, v)| decode(&channel_name(k), v));
            let history = t
                .history
                .iter()
                .map(|(k, v)| decode(&format!("history {k}"), v));
            channels.chain(history).collect::<Result<_, _>>()?
        };
        records.iter().try_for_each(each)
    }

    fn import(&self, batch: &ImportBatch) -> Result<ImportCounts, StoreError> {
        let mut t = self.lock();
        let records: Vec<Vec<u8>> = batch.records.iter().map(encode).collect();
        // `run` checks every item before it writes any: all or nothing, under the lock.
        match import::run(&mut *t, batch, &records) {
            Ok(done) => done,
            Err(never) => match never {},
        }
    }

    fn counts(&self) -> (usize, usize) {
        let t = self.lock();
        (t.channels.len(), t.history.len())
    }

    fn due(&self, now_ms: u64) -> Result<Vec<ChannelKey>, StoreError> {
        let t = self.lock();
        Ok(t.wake
            .iter()
            .filter(|(_, &ms)| ms <= now_ms)
            .map(|(k, _)| k.clone())
            .collect())
    }

    fn doc(&self, key: &DocKey) -> Result<Option<Vec<u8>>, StoreError> {
        Ok(self.lock().docs.get(&key.to_string()).cloned())
    }

    fn write_doc(
        &self,
        key: &DocKey,
        expected: Option<&[u8]>,
        new: Option<&[u8]>,
    ) -> Result<bool, StoreError> {
        let mut t = self.lock();
        let listed = key.listed_on_write();
        let key = key.to_string();
        if t.docs.get(&key).map(Vec::as_slice) != expected {
            return Ok(false);
        }
        match new {
            Some(v) => {
                if listed {
                    t.listed.insert(key.clone());
                }
                t.docs.insert(key, v.to_vec());
            }
            None => {
                t.listed.remove(&key);
                t.docs.remove(&key);
            }
        };
        Ok(true)
    }

    fn listed(&self) -> Result<Vec<(DocKey, Vec<u8>)>, StoreError> {
        let t = self.lock();
        t.listed
            .iter()
            .filter_map(|k| Some((k, t.docs.get(k)?)))
            .map(|(k, v)| Ok((parse_key(k)?, v.clone())))
            .collect()
    }

    fn unlist(&self, key: &DocKey, expected: &[u8]) -> Result<bool, StoreError> {
        let mut t = self.lock();
        let key = key.to_string();
        if t.docs.get(&key).map(Vec::as_slice) != Some(expected) {
            return Ok(false);
        }
        Ok(t.listed.remove(&key))
    }

    fn docs(&self, prefix: &DocPrefix) -> Result<Vec<(DocKey, Vec<u8>)>, StoreError> {
        let prefix = prefix.to_string();
        let t = self.lock();
        t.docs
            .range(prefix.clone()..)
            .take_while(|(k, _)| k.starts_with(&prefix))
            .map(|(k, v)| Ok((parse_key(k)?, v.clone())))
            .collect()
    }

    fn unsettled(&self) -> Result<Vec<String>, StoreError> {
        Ok(self.lock().unsettled.iter().cloned().collect())
    }

    fn settle(&self, id: &str) -> Result<(), StoreError> {
        self.lock().unsettled.remove(id);
        Ok(())
    }
}

/// A stored document key as a [`DocKey`].
fn parse_key(k: &str) -> Result<DocKey, StoreError> {
    DocKey::parse(k).map_err(|reason| StoreError::Read {
        key: format!("document {k}"),
        reason,
    })
}
