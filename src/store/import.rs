//! One [`Store::import`](super::Store::import) for every backend: the checks and the
//! writes, over one transaction of the backend's primitive ([`Tx`]), so that a clash or
//! a failure leaves nothing written.

use super::archive::GameList;
use super::keys::DocKey;
use super::kv::{Key, Space, Tx, TxError};
use super::record::{decode, same_doc, same_record};
use super::{ImportBatch, ImportCounts, Status, StoreError};
use crate::model::ChannelKey;

/// Imports `batch` (whose records are encoded as `records`, in order) through `tx`:
/// every item is checked first, then the new ones are written. A finished record goes
/// into the history (and becomes its channel's last game when it is the latest), any
/// other into its channel with its wake-up time; items already stored exactly are
/// counted and skipped.
///
/// # Errors
/// [`StoreError::Clash`] naming the first item whose key holds something different,
/// having written nothing (the transaction is aborted), or the backend's failures.
pub(super) fn run(
    tx: &mut dyn Tx,
    batch: &ImportBatch,
    records: &[Vec<u8>],
) -> Result<ImportCounts, TxError> {
    let clash = |key, item| Err(TxError::Fail(StoreError::Clash { key, item }));
    let history = |tx: &mut dyn Tx, id: &str| tx.get(Space::History, &Key::Name(id.into()));
    let mut counts = ImportCounts::default();
    let mut new_records = Vec::new();
    for (item, (r, bytes)) in batch.records.iter().zip(records).enumerate() {
        let finished = r.status() == Status::Finished;
        if !finished && history(tx, &r.id)?.is_some() {
            return clash(ImportBatch::finished_key(r), item);
        }
        let old = if finished {
            history(tx, &r.id)?
        } else {
            tx.get(Space::Channels, &Key::Channel(r.at.clone()))?
        };
        match old {
            Some(old) if same_record(&old, bytes) => counts.records_present += 1,
            Some(_) => return clash(ImportBatch::record_key(r), item),
            None => new_records.push((r, bytes)),
        }
    }
    let mut new_docs = Vec::new();
    for (i, (key, bytes)) in batch.docs.iter().enumerate() {
        let k = key.to_string();
        match tx.get(Space::Docs, &Key::Name(k.clone()))? {
            Some(old) if same_doc(&old, bytes) => counts.docs_present += 1,
            Some(_) => {
                return clash(ImportBatch::doc_key(key), batch.records.len() + i);
            }
            None => new_docs.push((k, bytes, key.listed_on_write())),
        }
    }
    let logged = logged_last(batch);
    for (r, bytes) in new_records {
        let at = Key::Channel(r.at.clone());
        if r.status() == Status::Finished {
            // The channel's last game stays the one that ended latest: as the channel's
            // index of finished games says, when the batch has it (random ids say
            // nothing of the order, and two games may end in the same millisecond).
            let newer = match (logged.get(&r.at), tx.get(Space::Last, &at)?) {
                (Some(last), _) => *last == r.id,
                (None, got) => match got {
                    Some(id) => match history(tx, &String::from_utf8_lossy(&id))? {
                        Some(b) => decode("", &b).map_or(true, |l| l.updated_ms <= r.updated_ms),
                        None => true,
                    },
                    None => true,
                },
            };
            tx.put(Space::History, &Key::Name(r.id.clone()), bytes)?;
            if newer {
                tx.put(Space::Last, &at, r.id.as_bytes())?;
            }
        } else {
            tx.put(Space::Channels, &at, bytes)?;
            if let Some(ms) = r.wake_ms() {
                tx.put(Space::Wake, &at, &ms.to_be_bytes())?;
            }
        }
        counts.records_added += 1;
    }
    for (key, bytes, listed) in new_docs {
        let key = Key::Name(key);
        tx.put(Space::Docs, &key, bytes)?;
        if listed {
            tx.put(Space::Listed, &key, &[])?;
        }
        counts.docs_added += 1;
    }
    Ok(counts)
}

/// The last game finished in each channel whose index of finished games
/// (`chanlog/...`) the batch holds: the newest finished entry of the index.
fn logged_last(batch: &ImportBatch) -> std::collections::HashMap<ChannelKey, String> {
    batch
        .docs
        .iter()
        .filter_map(|(key, bytes)| match key {
            DocKey::ChanLog(at) => {
                let list: GameList = serde_json::from_slice(bytes).ok()?;
                let last = list.games.into_iter().find(|g| g.done)?;
                Some((at.clone(), last.id))
            }
            _ => None,
        })
        .collect()
}
