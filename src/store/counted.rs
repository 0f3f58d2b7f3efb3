//! [`CountedStore`]: a [`Store`] that counts every call to the store it wraps as a read
//! or a write (`mancala_store_reads_total`, `mancala_store_writes_total`), labelled by
//! the command being handled ([`crate::metrics::in_command`]), so that `/metrics` shows
//! how many each command really does.
//!
//! Reads: [`Store::read`] (one batch, however many keys), [`Store::load`], [`Store::last_finished`], [`Store::finished`],
//! [`Store::for_each`] (one scan), [`Store::counts`], [`Store::due`], [`Store::doc`],
//! [`Store::docs`] and [`Store::listed`] (one scan each), [`Store::unsettled`].
//! Writes: [`Store::commit`] (one transaction, however many keys), [`Store::write`], [`Store::write_doc`] and [`Store::unlist`]
//! (compare-and-swap: one that finds
//! another write first is also counted in `mancala_store_conflicts_total`),
//! [`Store::new_id`] (it advances the store's counter), [`Store::import`],
//! [`Store::settle`].
//! Neither: [`Store::quiesced`], which only holds writes back while its closure runs
//! (the closure's own calls are counted as they are made).
//! A call that fails is counted all the same: the store was asked.

use std::sync::Arc;

use super::keys::{DocKey, DocPrefix};
use super::{
    Got, ImportBatch, ImportCounts, Op, Read, Record, Store, StoreError, Stored, Version, Write,
};
use crate::metrics::Metrics;
use crate::model::ChannelKey;

/// A [`Store`] that delegates to `inner` and counts each call into `metrics`.
pub struct CountedStore {
    inner: Arc<dyn Store>,
    metrics: Arc<Metrics>,
}

impl CountedStore {
    /// `inner`, counted into `metrics`.
    pub fn new(inner: Arc<dyn Store>, metrics: Arc<Metrics>) -> CountedStore {
        CountedStore { inner, metrics }
    }

    /// The store wrapped, uncounted (the web listener's scans of the store at each
    /// scrape, which are no command's).
    pub fn inner(&self) -> &Arc<dyn Store> {
        &self.inner
    }

    fn one_read<T>(&self, r: T) -> T {
        self.metrics.store_read();
        r
    }

    /// A compare-and-swap write: `Ok(false)` is a conflict.
    fn cas(&self, r: Result<bool, StoreError>) -> Result<bool, StoreError> {
        self.metrics.store_write(matches!(r, Ok(false)));
        r
    }

    fn wrote<T>(&self, r: T) -> T {
        self.metrics.store_write(false);
        r
    }
}

impl Store for CountedStore {
    fn load(&self, at: &ChannelKey) -> Result<Option<Stored>, StoreError> {
        self.one_read(self.inner.load(at))
    }

    fn write(
        &self,
        at: &ChannelKey,
        expected: Option<&Version>,
        change: Write<'_>,
    ) -> Result<bool, StoreError> {
        self.cas(self.inner.write(at, expected, change))
    }

    fn last_finished(&self, at: &ChannelKey) -> Result<Option<Record>, StoreError> {
        self.one_read(self.inner.last_finished(at))
    }

    fn finished(&self, id: &str) -> Result<Option<Record>, StoreError> {
        self.one_read(self.inner.finished(id))
    }

    fn finished_at(&self, id: &str) -> Result<Option<ChannelKey>, StoreError> {
        self.one_read(self.inner.finished_at(id))
    }

    fn new_id(&self, now_ms: u64) -> Result<String, StoreError> {
        self.wrote(self.inner.new_id(now_ms))
    }

    fn for_each(
        &self,
        each: &mut dyn FnMut(&Record) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        self.one_read(self.inner.for_each(each))
    }

    fn import(&self, batch: &ImportBatch) -> Result<ImportCounts, StoreError> {
        self.wrote(self.inner.import(batch))
    }

    fn counts(&self) -> (usize, usize) {
        self.one_read(self.inner.counts())
    }

    fn due(&self, now_ms: u64) -> Result<Vec<ChannelKey>, StoreError> {
        self.one_read(self.inner.due(now_ms))
    }

    fn doc(&self, key: &DocKey) -> Result<Option<Vec<u8>>, StoreError> {
        self.one_read(self.inner.doc(key))
    }

    fn write_doc(
        &self,
        key: &DocKey,
        expected: Option<&[u8]>,
        new: Option<&[u8]>,
    ) -> Result<bool, StoreError> {
        self.cas(self.inner.write_doc(key, expected, new))
    }

    fn docs(&self, prefix: &DocPrefix) -> Result<Vec<(DocKey, Vec<u8>)>, StoreError> {
        self.one_read(self.inner.docs(prefix))
    }

    fn listed(&self) -> Result<Vec<(DocKey, Vec<u8>)>, StoreError> {
        self.one_read(self.inner.listed())
    }

    fn unlist(&self, key: &DocKey, expected: &[u8]) -> Result<bool, StoreError> {
        self.cas(self.inner.unlist(key, expected))
    }

    fn unsettled(&self) -> Result<Vec<String>, StoreError> {
        self.one_read(self.inner.unsettled())
    }

    fn settle(&self, id: &str) -> Result<(), StoreError> {
        self.wrote(self.inner.settle(id))
    }

    fn quiesced(&self, read: &mut dyn FnMut() -> Result<(), StoreError>) -> Result<(), StoreError> {
        self.inner.quiesced(read)
    }

    fn read(&self, keys: &[Read]) -> Result<Vec<Got>, StoreError> {
        self.one_read(self.inner.read(keys))
    }

    fn commit(&self, ops: &mut [Op]) -> Result<bool, StoreError> {
        self.cas(self.inner.commit(ops))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::metrics::{in_command, TICK};
    use crate::store::MemoryStore;

    fn at() -> ChannelKey {
        ChannelKey {
            community: "c".into(),
            channel: "general".into(),
        }
    }

    fn count(text: &str, metric: &str, command: &str) -> u64 {
        let head = format!("{metric}{{command=\"{command}\"}} ");
        text.lines()
            .find_map(|l| l.strip_prefix(head.as_str()))
            .map_or(0, |v| v.parse().unwrap())
    }

    /// A known sequence of calls gives exact counts: reads, writes and conflicts, each
    /// under the command in whose scope it was made.
    #[test]
    fn counts_each_call_as_a_read_or_a_write_under_its_command() {
        let metrics = Arc::new(Metrics::new());
        let store = CountedStore::new(Arc::new(MemoryStore::new()), metrics.clone());
        let key = DocKey::chan(&at());
        in_command("set", || {
            assert_eq!(store.doc(&key).unwrap(), None); // read
            assert!(store.write_doc(&key, None, Some(b"{}")).unwrap()); // write
            assert!(!store.write_doc(&key, None, Some(b"{}")).unwrap()); // conflict
            assert!(store.load(&at()).unwrap().is_none()); // read
        });
        in_command(TICK, || {
            store.due(0).unwrap(); // read
            store.unsettled().unwrap(); // read
            store.settle("nothing").unwrap(); // write
            store.new_id(1).unwrap(); // write
        });
        store.counts(); // read, outside any command
        let mut seen = 0;
        store
            .quiesced(&mut || {
                store.for_each(&mut |_| {
                    seen += 1;
                    Ok(())
                })
            })
            .unwrap(); // one read (the scan), nothing for quiesced
        let text = metrics.encode(None);
        let reads = "mancala_store_reads_total";
        let writes = "mancala_store_writes_total";
        let conflicts = "mancala_store_conflicts_total";
        assert_eq!(count(&text, reads, "set"), 2, "{text}");
        assert_eq!(count(&text, writes, "set"), 2);
        assert_eq!(count(&text, conflicts, "set"), 1);
        assert_eq!(count(&text, reads, "tick"), 2);
        assert_eq!(count(&text, writes, "tick"), 2);
        assert_eq!(count(&text, conflicts, "tick"), 0);
        assert_eq!(count(&text, reads, "other"), 2);
        assert_eq!(count(&text, writes, "other"), 0);
        assert_eq!(seen, 0);
    }
}
