//! Public ids to store keys: a tournament by its public id (`/t/ID`,
//! [`Tournament::public_id`]) and a community by its own (`/c/ID`,
//! [`SiteSettings::public_id`]). The pages' addresses never carry a platform id (a
//! Discord server's) nor a tournament's store id, which is its creation time and a hash
//! of its name, and so guessable.
//!
//! The map is kept in memory and built from a scan of every tournament and every
//! community's web settings; an id it does not know makes it scan again, at most once per
//! [`RESCAN_EVERY`], so that a stream of made-up ids costs one scan per period, not one
//! per request. A scan also gives a public id to each tournament stored before they had
//! one (a compare-and-swap write: a tournament changed meanwhile gets its id at the
//! next scan).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::core::tournament::Tournament;
use crate::core::SiteSettings;
use crate::store::gameid::{draw_public, PUBLIC_LEN};
use crate::store::keys::{DocKey, DocPrefix};
use crate::store::{docs, Store, StoreError};

/// The shortest time between two scans for unknown ids.
pub const RESCAN_EVERY: Duration = Duration::from_secs(2);

/// The known public ids.
#[derive(Debug, Default)]
struct Map {
    /// Tournament public id to its document's key.
    tours: HashMap<String, DocKey>,
    /// Community public id to the community.
    sites: HashMap<String, String>,
    /// When the last scan ended.
    scanned: Option<Instant>,
}

/// Finds tournaments and communities by their public ids.
#[derive(Debug, Default)]
pub struct Directory {
    map: Mutex<Map>,
}

impl Directory {
    /// The tournament whose public id is `id` (already checked by shape), read fresh
    /// from the store; `None` when there is none.
    ///
    /// # Errors
    /// The store's.
    pub fn tournament(
        &self,
        store: &dyn Store,
        id: &str,
    ) -> Result<Option<Tournament>, StoreError> {
        for attempt in 0..2 {
            let key = self.lock().tours.get(id).cloned();
            if let Some(key) = key {
                let doc = docs::load::<Tournament>(store, &key)?;
                if doc.version.is_some() && doc.value.public_id == id {
                    return Ok(Some(doc.value));
                }
            }
            if attempt == 0 && !self.rescan(store)? {
                break;
            }
        }
        Ok(None)
    }

    /// The community whose public id is `id` (already checked by shape) and its web
    /// settings; `None` when there is none (its pages may be off: the caller checks).
    ///
    /// # Errors
    /// The store's.
    pub fn community(
        &self,
        store: &dyn Store,
        id: &str,
    ) -> Result<Option<(String, SiteSettings)>, StoreError> {
        for attempt in 0..2 {
            let community = self.lock().sites.get(id).cloned();
            if let Some(c) = community {
                let site = crate::web::site::settings(store, &c)?;
                if site.public_id == id {
                    return Ok(Some((c, site)));
                }
            }
            if attempt == 0 && !self.rescan(store)? {
                break;
            }
        }
        Ok(None)
    }

    /// Scans the store again (at most once per [`RESCAN_EVERY`]), giving a public id
    /// to each tournament without; whether it did.
    ///
    /// # Errors
    /// The store's.
    pub fn refresh(&self, store: &dyn Store) -> Result<bool, StoreError> {
        self.rescan(store)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Map> {
        self.map.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Scans the store again unless it was scanned less than [`RESCAN_EVERY`] ago;
    /// whether it did.
    fn rescan(&self, store: &dyn Store) -> Result<bool, StoreError> {
        if self
            .lock()
            .scanned
            .is_some_and(|at| at.elapsed() < RESCAN_EVERY)
        {
            return Ok(false);
        }
        let fresh = scan(store)?;
        *self.lock() = fresh;
        Ok(true)
    }
}

/// Every public id of the store, after giving one to each tournament without.
fn scan(store: &dyn Store) -> Result<Map, StoreError> {
    let mut map = Map::default();
    for (key, bytes) in store.docs(&DocPrefix::AllTours)? {
        let Ok(mut t) = serde_json::from_slice::<Tournament>(&bytes) else {
            tracing::warn!(%key, "web: an unreadable tournament is left out of the pages");
            continue;
        };
        if t.public_id.is_empty() {
            t.public_id = draw_public(PUBLIC_LEN);
            if !docs::save(store, &key, Some(&bytes), &t)? {
                continue;
            }
        }
        map.tours.insert(t.public_id, key);
    }
    for (key, bytes) in store.docs(&DocPrefix::AllSites)? {
        let Ok(site) = serde_json::from_slice::<SiteSettings>(&bytes) else {
            continue;
        };
        if !site.public_id.is_empty() {
            map.sites
                .insert(site.public_id, key.community().to_string());
        }
    }
    map.scanned = Some(Instant::now());
    Ok(map)
}
