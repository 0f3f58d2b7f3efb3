//! The gate of the pages: a community's pages are served only after an organizer turned
//! them on (`!set web on`, document `site/COMMUNITY`, [`SiteSettings`]); before, and
//! after `!set web off`, each of its pages answers exactly as an unknown page does
//! ([`super::layout::not_found`]), so that nothing tells a game that exists from one
//! that does not.
//!
//! Also where a game is found by its id alone (the pages' addresses carry no
//! community): a finished game in the history, a game in play in its channel.

use std::collections::HashMap;
use std::sync::Mutex;

use crate::core::SiteSettings;
use crate::model::ChannelKey;
use crate::store::{docs, keys::DocKey, Record, Status, Store, StoreError};

/// The web settings of `community`; absent: the pages are off.
///
/// # Errors
/// The store's, or a document that cannot be decoded.
pub fn settings(store: &dyn Store, community: &str) -> Result<SiteSettings, StoreError> {
    Ok(docs::load::<SiteSettings>(store, &DocKey::site(community))?.value)
}

/// Whether the pages of `community` are served.
///
/// # Errors
/// As [`settings`].
pub fn shown(store: &dyn Store, community: &str) -> Result<bool, StoreError> {
    Ok(settings(store, community)?.web)
}

/// The most games in play whose channel [`Finder`] remembers.
const REMEMBERED: usize = 4096;

/// Finds games by id: a finished game in the history (keyed by id), a game in play in
/// its channel, found once by a scan of the channels' records (the games in play only,
/// never the history) and then remembered, checked again at each look (the channel may
/// hold another game since).
#[derive(Debug, Default)]
pub struct Finder {
    homes: Mutex<HashMap<String, ChannelKey>>,
}

impl Finder {
    /// The game `id` (already checked as an id), finished or in play; `None` when the
    /// store has no such game (or only an open challenge under that id).
    ///
    /// # Errors
    /// The store's.
    pub fn find(&self, store: &dyn Store, id: &str) -> Result<Option<Record>, StoreError> {
        let home = self.lock().get(id).cloned();
        if let Some(at) = home {
            if let Some(stored) = store.load(&at)? {
                if stored.record.id == id && stored.record.status() == Status::Playing {
                    return Ok(Some(stored.record));
                }
            }
            self.lock().remove(id);
        }
        if let Some(r) = store.finished(id)? {
            return Ok(Some(r));
        }
        let found = scan_playing(store, id)?;
        if let Some(r) = &found {
            let mut homes = self.lock();
            if homes.len() >= REMEMBERED {
                homes.clear();
            }
            homes.insert(id.to_string(), r.at.clone());
        }
        Ok(found)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, ChannelKey>> {
        self.homes.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The game in play `id`, from a scan of the channels' records (stopped at the
/// history, which [`Store::for_each`] gives after them).
fn scan_playing(store: &dyn Store, id: &str) -> Result<Option<Record>, StoreError> {
    let mut found = None;
    let mut stopped = false;
    let scanned = store.for_each(&mut |record| {
        if record.status() == Status::Finished || found.is_some() {
            stopped = true;
            return Err(StoreError::Io {
                what: "finding a game in play".into(),
                reason: "the history is not read".into(),
            });
        }
        if record.id == id && record.status() == Status::Playing {
            found = Some(record.clone());
        }
        Ok(())
    });
    match scanned {
        Err(_) if stopped => Ok(found),
        other => other.map(|()| found),
    }
}
