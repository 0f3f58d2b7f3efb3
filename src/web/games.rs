//! `mancala_games_active{game}`: the games in play, counted from the store at each
//! scrape.
//!
//! Counted, not kept up to date by the commands: with PostgreSQL several processes
//! share one store, and a count each process kept would see only its own games (and
//! drift after a crash or an import); the store is the one truth. Every process serving
//! `/metrics` over one database therefore reports the same, whole count (take `max`,
//! not `sum`, across them). Only the channels' records are read: the history (finished
//! games, the bulk of a store) is never scanned.

use std::collections::BTreeMap;

use crate::store::{Status, Store, StoreError};

/// Games in play by kind as commands name it (`katro`, `hoyito:2x8`, `hoyito match`),
/// from the channels' records; open challenges are not games in play.
///
/// # Errors
/// The store's, reading a channel's record.
pub fn games_active(store: &dyn Store) -> Result<BTreeMap<String, u64>, StoreError> {
    let mut counts = BTreeMap::new();
    let mut past_channels = false;
    // `for_each` gives the channels' records first, then the history: the first
    // finished record ends the scan (through an error, its only way to stop early).
    let scanned = store.for_each(&mut |record| {
        match record.status() {
            Status::Playing => *counts.entry(record.kind.to_string()).or_insert(0) += 1,
            Status::Challenge => {}
            Status::Finished => {
                past_channels = true;
                return Err(StoreError::Io {
                    what: "counting the games in play".into(),
                    reason: "the history is not read".into(),
                });
            }
        }
        Ok(())
    });
    match scanned {
        Err(_) if past_channels => Ok(counts),
        other => other.map(|()| counts),
    }
}
