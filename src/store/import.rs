//! One [`Store::import`](super::Store::import) for every backend: the checks and the
//! writes, over the reads and writes of one backend's transaction ([`ImportTx`]). The
//! backend runs [`run`] inside its transaction, so that a clash or a failure leaves
//! nothing written.

use super::record::{decode, same_doc, same_record};
use super::{ImportBatch, ImportCounts, Status, StoreError};
use crate::model::ChannelKey;

/// The tables of one backend, inside one transaction: what an import reads and writes.
/// `Error` is the backend's failure inside its transaction.
pub(super) trait ImportTx {
    /// A failure of the backend (it aborts the transaction).
    type Error;
    /// The stored bytes of the channel `at`'s record.
    fn channel(&mut self, at: &ChannelKey) -> Result<Option<Vec<u8>>, Self::Error>;
    /// The stored bytes of the finished game `id`.
    fn history(&mut self, id: &str) -> Result<Option<Vec<u8>>, Self::Error>;
    /// The id of the last game finished in the channel `at`.
    fn last(&mut self, at: &ChannelKey) -> Result<Option<String>, Self::Error>;
    /// The stored bytes of the document `key` (written out).
    fn doc(&mut self, key: &str) -> Result<Option<Vec<u8>>, Self::Error>;
    /// Stores a channel's record and its wake-up time (the wake index).
    fn put_channel(
        &mut self,
        at: &ChannelKey,
        bytes: &[u8],
        wake_ms: Option<u64>,
    ) -> Result<(), Self::Error>;
    /// Stores a finished game.
    fn put_history(&mut self, id: &str, bytes: &[u8]) -> Result<(), Self::Error>;
    /// Makes `id` the channel `at`'s last finished game.
    fn put_last(&mut self, at: &ChannelKey, id: &str) -> Result<(), Self::Error>;
    /// Stores a document, on the driver's list when `listed`
    /// ([`super::keys::DocKey::listed_on_write`]).
    fn put_doc(&mut self, key: &str, bytes: &[u8], listed: bool) -> Result<(), Self::Error>;
}

/// Imports `batch` (whose records are encoded as `records`, in order) through `tx`:
/// every item is checked first, then the new ones are written. A finished record goes
/// into the history (and becomes its channel's last game when it is the latest), any
/// other into its channel with its wake-up time; items already stored exactly are
/// counted and skipped.
///
/// Returns `Ok(Err(StoreError::Clash))` naming the first item whose key holds something
/// different, having written nothing: the backend aborts its transaction then.
///
/// # Errors
/// The backend's own failures.
pub(super) fn run<T: ImportTx>(
    tx: &mut T,
    batch: &ImportBatch,
    records: &[Vec<u8>],
) -> Result<Result<ImportCounts, StoreError>, T::Error> {
    let mut counts = ImportCounts::default();
    let mut new_records = Vec::new();
    for (item, (r, bytes)) in batch.records.iter().zip(records).enumerate() {
        let finished = r.status() == Status::Finished;
        if !finished && tx.history(&r.id)?.is_some() {
            let key = ImportBatch::finished_key(r);
            return Ok(Err(StoreError::Clash { key, item }));
        }
        let old = if finished {
            tx.history(&r.id)?
        } else {
            tx.channel(&r.at)?
        };
        match old {
            Some(old) if same_record(&old, bytes) => counts.records_present += 1,
            Some(_) => {
                let key = ImportBatch::record_key(r);
                return Ok(Err(StoreError::Clash { key, item }));
            }
            None => new_records.push((r, bytes)),
        }
    }
    let mut new_docs = Vec::new();
    for (i, (key, bytes)) in batch.docs.iter().enumerate() {
        let k = key.to_string();
        match tx.doc(&k)? {
            Some(old) if same_doc(&old, bytes) => counts.docs_present += 1,
            Some(_) => {
                let item = batch.records.len() + i;
                let key = ImportBatch::doc_key(key);
                return Ok(Err(StoreError::Clash { key, item }));
            }
            None => new_docs.push((k, bytes, key.listed_on_write())),
        }
    }
    for (r, bytes) in new_records {
        if r.status() == Status::Finished {
            // The channel's last game stays the one that ended latest.
            let newer = match tx.last(&r.at)? {
                Some(id) => match tx.history(&id)? {
                    Some(b) => decode("", &b).map_or(true, |l| l.updated_ms <= r.updated_ms),
                    None => true,
                },
                None => true,
            };
            tx.put_history(&r.id, bytes)?;
            if newer {
                tx.put_last(&r.at, &r.id)?;
            }
        } else {
            tx.put_channel(&r.at, bytes, r.wake_ms())?;
        }
        counts.records_added += 1;
    }
    for (key, bytes, listed) in new_docs {
        tx.put_doc(&key, bytes, listed)?;
        counts.docs_added += 1;
    }
    Ok(Ok(counts))
}
