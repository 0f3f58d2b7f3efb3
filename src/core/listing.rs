//! An index of games as a command reads it (`!games`, `!history`): the records its
//! entries name, split into games in play and finished games (see
//! [`crate::store::archive`]). Pure data over the store's answer; the index's writes
//! are `archive.rs`'s.

use crate::store::archive::GameList;
use crate::store::keys::DocKey;
use crate::store::{Record, Status, StoreError};

/// An index of games as read, with the record of each of its games (those gone, e.g. a
/// game in play whose channel holds another record now, left out).
#[derive(Clone, Debug, Default)]
pub(super) struct Archive {
    /// The games in play (or waiting for their challenge to be accepted), newest first.
    pub running: Vec<Record>,
    /// The finished games, newest first.
    pub finished: Vec<Record>,
}

impl Archive {
    /// The index `key` from its stored bytes `doc` and the records the store read for
    /// its entries (one each, in order).
    ///
    /// # Errors
    /// An index that cannot be decoded.
    pub(super) fn of(
        key: &DocKey,
        doc: Option<Vec<u8>>,
        records: Vec<Option<Record>>,
    ) -> Result<Archive, StoreError> {
        let list = crate::store::docs::decode::<GameList>(key, doc)?.value;
        let mut out = Archive::default();
        for (entry, record) in list.games.iter().zip(records) {
            let Some(r) = record.filter(|r| r.id == entry.id) else {
                continue;
            };
            if r.status() == Status::Finished {
                out.finished.push(r);
            } else {
                out.running.push(r);
            }
        }
        Ok(out)
    }
}
