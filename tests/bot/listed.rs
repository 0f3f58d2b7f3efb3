//! Issue 33: the tournament tick reads only the tournaments on the driver's list
//! ([`Store::listed`]): a write of a tournament puts it there atomically on every
//! backend, the driver takes off the ones that need it no more, and a store made before
//! the list has every tournament put on it when opened.

use std::sync::{Arc, Mutex};

use mancala_bot::core::api::ChatCore;
use mancala_bot::core::{Core, ManualClock, Settings};
use mancala_bot::model::ChannelKey;
use mancala_bot::store::keys::{DocKey, DocPrefix};
use mancala_bot::store::{
    Got, ImportBatch, ImportCounts, MemoryStore, Op, Read, Record, Store, StoreError, Stored,
    Version, Write,
};

use crate::contract::{each_backend, Backend};
use crate::core_chat::{chan, ok, say, say_as, FakePainter};

fn listed(store: &dyn Store) -> Vec<String> {
    store
        .listed()
        .unwrap()
        .into_iter()
        .map(|(k, _)| k.to_string())
        .collect()
}

/// The list on every backend: a tournament's write lists it, in the same write; only a
/// tournament; `unlist` is a compare-and-swap on the document's bytes; a removal takes
/// it off; an import lists; the list survives a restart.
#[test]
fn a_tournament_write_lists_it_and_unlist_is_a_compare_and_swap() {
    each_backend("listed", |b: &dyn Backend| {
        let name = b.name();
        let store = b.open();
        let cup = DocKey::tour("g", "cup");
        let other = DocKey::tour("g", "other");
        let chan = DocKey::chan(&ChannelKey {
            community: "g".into(),
            channel: "c".into(),
        });
        assert!(store.write_doc(&cup, None, Some(b"{\"v\":1}")).unwrap());
        assert!(store.write_doc(&chan, None, Some(b"{}")).unwrap());
        assert_eq!(listed(&*store), ["tour/g/cup"], "{name}");
        assert!(!store.unlist(&cup, b"{\"v\":0}").unwrap(), "{name}");
        assert!(store.unlist(&cup, b"{\"v\":1}").unwrap(), "{name}");
        assert!(!store.unlist(&cup, b"{\"v\":1}").unwrap(), "{name}: twice");
        assert!(listed(&*store).is_empty(), "{name}");
        // Still there as a document.
        assert_eq!(store.docs(&DocPrefix::AllTours).unwrap().len(), 1);
        assert!(store
            .write_doc(&cup, Some(b"{\"v\":1}"), Some(b"{\"v\":2}"))
            .unwrap());
        assert_eq!(listed(&*store), ["tour/g/cup"], "{name}");
        assert!(store.write_doc(&cup, Some(b"{\"v\":2}"), None).unwrap());
        assert!(listed(&*store).is_empty(), "{name}");
        let batch = ImportBatch {
            records: Vec::new(),
            docs: vec![(other.clone(), b"{\"v\":3}".to_vec())],
        };
        store.import(&batch).unwrap();
        assert_eq!(listed(&*store), ["tour/g/other"], "{name}");
        assert!(store.write_doc(&cup, None, Some(b"{\"v\":4}")).unwrap());
        assert!(store.unlist(&other, b"{\"v\":3}").unwrap());
        drop(store);
        if b.persists() {
            let store = b.open();
            assert_eq!(listed(&*store), ["tour/g/cup"], "{name}: after a restart");
        }
    });
}

/// A sled store made before the list: every tournament is listed when it is opened,
/// once (the driver's unlisting is kept across the next opens).
#[test]
fn a_sled_store_made_before_the_list_lists_every_tournament_when_opened() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("store");
    {
        let db = sled::open(&path).unwrap();
        for t in ["channels", "history", "last", "wake", "docs", "unsettled"] {
            db.open_tree(t).unwrap();
        }
        let docs = db.open_tree("docs").unwrap();
        docs.insert("tour/g/old", &b"{}"[..]).unwrap();
        docs.insert("tour/h/older", &b"{}"[..]).unwrap();
        docs.insert("rating/g/katro", &b"{}"[..]).unwrap();
        db.flush().unwrap();
    }
    {
        let store = mancala_bot::store::SledStore::open(&path, 8 << 20).unwrap();
        assert_eq!(listed(&store), ["tour/g/old", "tour/h/older"]);
        assert!(store.unlist(&DocKey::tour("g", "old"), b"{}").unwrap());
    }
    let store = mancala_bot::store::SledStore::open(&path, 8 << 20).unwrap();
    assert_eq!(listed(&store), ["tour/h/older"]);
}

/// A PostgreSQL database of schema 1: migration 2 lists every tournament.
#[cfg(feature = "postgres")]
#[test]
fn a_postgres_store_of_schema_1_lists_every_tournament_when_migrated() {
    let Some(pg) = crate::contract::Postgres::fresh("listed_migration") else {
        return;
    };
    let open = || {
        mancala_bot::store::PgStore::open(&pg.url, 2, std::time::Duration::from_secs(10)).unwrap()
    };
    drop(open());
    pg.client()
        .batch_execute(
            "DROP INDEX docs_listed; ALTER TABLE docs DROP COLUMN listed;
             DELETE FROM mancala_schema WHERE version = 2;
             INSERT INTO docs (key, value) VALUES ('tour/g/old', '{}'), ('chan/g/c', '{}');",
        )
        .unwrap();
    let store = open();
    assert_eq!(listed(&store), ["tour/g/old"]);
}

/// A store that notes every tournament document it hands out.
struct ReadLog {
    inner: Arc<dyn Store>,
    tours: Mutex<Vec<String>>,
}

impl ReadLog {
    fn note(&self, key: &DocKey) {
        if matches!(key, DocKey::Tour { .. }) {
            self.tours.lock().unwrap().push(key.to_string());
        }
    }

    fn take(&self) -> Vec<String> {
        std::mem::take(&mut *self.tours.lock().unwrap())
    }
}

impl Store for ReadLog {
    fn load(&self, at: &ChannelKey) -> Result<Option<Stored>, StoreError> {
        self.inner.load(at)
    }
    fn write(
        &self,
        at: &ChannelKey,
        e: Option<&Version>,
        w: Write<'_>,
    ) -> Result<bool, StoreError> {
        self.inner.write(at, e, w)
    }
    fn last_finished(&self, at: &ChannelKey) -> Result<Option<Record>, StoreError> {
        self.inner.last_finished(at)
    }
    fn finished(&self, id: &str) -> Result<Option<Record>, StoreError> {
        self.inner.finished(id)
    }
    fn new_id(&self, now_ms: u64) -> Result<String, StoreError> {
        self.inner.new_id(now_ms)
    }
    fn for_each(
        &self,
        each: &mut dyn FnMut(&Record) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        self.inner.for_each(each)
    }
    fn import(&self, batch: &ImportBatch) -> Result<ImportCounts, StoreError> {
        self.inner.import(batch)
    }
    fn counts(&self) -> (usize, usize) {
        self.inner.counts()
    }
    fn due(&self, now_ms: u64) -> Result<Vec<ChannelKey>, StoreError> {
        self.inner.due(now_ms)
    }
    fn doc(&self, key: &DocKey) -> Result<Option<Vec<u8>>, StoreError> {
        self.note(key);
        self.inner.doc(key)
    }
    fn write_doc(
        &self,
        key: &DocKey,
        expected: Option<&[u8]>,
        new: Option<&[u8]>,
    ) -> Result<bool, StoreError> {
        self.inner.write_doc(key, expected, new)
    }
    fn docs(&self, prefix: &DocPrefix) -> Result<Vec<(DocKey, Vec<u8>)>, StoreError> {
        let out = self.inner.docs(prefix)?;
        out.iter().for_each(|(k, _)| self.note(k));
        Ok(out)
    }
    fn listed(&self) -> Result<Vec<(DocKey, Vec<u8>)>, StoreError> {
        let out = self.inner.listed()?;
        out.iter().for_each(|(k, _)| self.note(k));
        Ok(out)
    }
    fn unlist(&self, key: &DocKey, expected: &[u8]) -> Result<bool, StoreError> {
        self.inner.unlist(key, expected)
    }
    fn unsettled(&self) -> Result<Vec<String>, StoreError> {
        self.inner.unsettled()
    }
    fn settle(&self, id: &str) -> Result<(), StoreError> {
        self.inner.settle(id)
    }
    fn read(&self, keys: &[Read]) -> Result<Vec<Got>, StoreError> {
        let out = self.inner.read(keys)?;
        for (key, got) in keys.iter().zip(&out) {
            match (key, got) {
                (Read::Doc(k), _) => self.note(k),
                (_, Got::Docs(docs)) => docs.iter().for_each(|(k, _)| self.note(k)),
                _ => {}
            }
        }
        Ok(out)
    }
    fn commit(&self, ops: &mut [Op]) -> Result<bool, StoreError> {
        self.inner.commit(ops)
    }
}

/// Issue 33: with 20 finished tournaments, one running and one open for registration,
/// the tick reads the running one only, once its first pass has taken the others off
/// the list; a finished tournament is never read again until it changes.
#[test]
fn the_tick_reads_only_the_running_tournaments() {
    let log = Arc::new(ReadLog {
        inner: Arc::new(MemoryStore::new()),
        tours: Mutex::new(Vec::new()),
    });
    let core = Core::new(
        log.clone(),
        Arc::new(FakePainter::default()),
        Arc::new(ManualClock::new(1_700_000_000_000)),
        Settings::default(),
    );
    let home = chan("lobby");
    let org = |text: &str| say_as(&core, &home, "org", text, true);
    for i in 0..=20 {
        ok(org(&format!("!tournament new t{i} katro:4x4 knockout")));
        for p in ["p1", "p2"] {
            ok(say(&core, &home, p, &format!("!tournament join t{i}")));
        }
        assert!(org(&format!("!tournament start t{i}"))
            .iter()
            .all(|r| !r.is_error));
        if i < 20 {
            let room = chan(&format!("tourney-t{i}-r1-b1"));
            let game = log.load(&room).unwrap().unwrap().record;
            let south = game.south().unwrap().name.clone();
            assert!(say(&core, &room, &south, "!resign")
                .iter()
                .all(|r| !r.is_error));
        }
    }
    ok(org("!tournament new open katro knockout"));
    core.tick();
    let first = log.take();
    assert!(
        first.len() >= 22,
        "the first pass reads every listed one: {first:?}"
    );
    core.tick();
    let second = log.take();
    assert!(!second.is_empty());
    assert!(
        second.iter().all(|k| k == "tour/guild-1/t20"),
        "the tick read {second:?}"
    );
    // A change lists a tournament again: the next pass reads it, then lets it go.
    ok(say(&core, &home, "p3", "!tournament join open"));
    core.tick();
    assert!(log.take().contains(&"tour/guild-1/open".to_string()));
    core.tick();
    assert!(log.take().iter().all(|k| k == "tour/guild-1/t20"));
}
