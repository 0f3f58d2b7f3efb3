//! Issue 12 item 5, issue 35: crash-safe side effects. A game's end, its rating table,
//! its two history entries, its tournament result and its settling are one
//! transaction; the next round is a write of its own. A store that fails
//! every write after the N-th stands for a crash between any two of them. After a
//! restart the driver's first tick applies what is missing, exactly once.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

use mancala_bot::core::api::{ChatCore, Reply};
use mancala_bot::core::ratings::{self, RatingTable};
use mancala_bot::core::tournament::{Phase, Res, Tournament};
use mancala_bot::core::{Core, ManualClock, Settings};
use mancala_bot::model::ChannelKey;
use mancala_bot::store::keys::{DocKey, DocPrefix};
use mancala_bot::store::{
    Got, ImportBatch, ImportCounts, MemoryStore, Op, Read, Record, Store, StoreError, Stored,
    Version, Write,
};

use crate::core_chat::{chan, ok, say, say_as, user, FakePainter};

/// A store whose writes fail once its budget is spent (a crash: nothing after it is
/// written); reads always work.
struct CrashingStore {
    inner: Arc<MemoryStore>,
    /// Writes still allowed; negative: no limit.
    budget: AtomicI64,
    /// The failure's reason, as the OS or the database words it.
    reason: std::sync::Mutex<&'static str>,
}

impl CrashingStore {
    fn new(inner: Arc<MemoryStore>) -> CrashingStore {
        CrashingStore {
            inner,
            budget: AtomicI64::new(-1),
            reason: std::sync::Mutex::new("simulated crash"),
        }
    }

    /// Fails from now on with `reason`, or (`None`) never again.
    fn fail_with(&self, reason: Option<&'static str>) {
        if let Some(r) = reason {
            *self.reason.lock().unwrap() = r;
        }
        self.crash_after(if reason.is_some() { 0 } else { -1 });
    }

    /// Allows `n` more writes, then fails every one.
    fn crash_after(&self, n: i64) {
        self.budget.store(n, Ordering::SeqCst);
    }

    fn spend(&self) -> Result<(), StoreError> {
        let left = self.budget.load(Ordering::SeqCst);
        if left == 0 {
            return Err(StoreError::Io {
                what: "writing".into(),
                reason: self.reason.lock().unwrap().to_string(),
            });
        }
        if left > 0 {
            self.budget.fetch_sub(1, Ordering::SeqCst);
        }
        Ok(())
    }
}

impl Store for CrashingStore {
    fn load(&self, at: &ChannelKey) -> Result<Option<Stored>, StoreError> {
        self.inner.load(at)
    }
    fn write(
        &self,
        at: &ChannelKey,
        expected: Option<&Version>,
        change: Write<'_>,
    ) -> Result<bool, StoreError> {
        self.spend()?;
        self.inner.write(at, expected, change)
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
        self.spend()?;
        self.inner.import(batch)
    }
    fn counts(&self) -> (usize, usize) {
        self.inner.counts()
    }
    fn due(&self, now_ms: u64) -> Result<Vec<ChannelKey>, StoreError> {
        self.inner.due(now_ms)
    }
    fn doc(&self, key: &DocKey) -> Result<Option<Vec<u8>>, StoreError> {
        self.inner.doc(key)
    }
    fn write_doc(
        &self,
        key: &DocKey,
        expected: Option<&[u8]>,
        new: Option<&[u8]>,
    ) -> Result<bool, StoreError> {
        self.spend()?;
        self.inner.write_doc(key, expected, new)
    }
    fn docs(&self, prefix: &DocPrefix) -> Result<Vec<(DocKey, Vec<u8>)>, StoreError> {
        self.inner.docs(prefix)
    }
    fn unsettled(&self) -> Result<Vec<String>, StoreError> {
        self.inner.unsettled()
    }
    fn settle(&self, id: &str) -> Result<(), StoreError> {
        self.spend()?;
        self.inner.settle(id)
    }
    fn read(&self, keys: &[Read]) -> Result<Vec<Got>, StoreError> {
        self.inner.read(keys)
    }
    /// One transaction: one write of the budget, all or nothing.
    fn commit(&self, ops: &mut [Op]) -> Result<bool, StoreError> {
        self.spend()?;
        self.inner.commit(ops)
    }
}

const T0: u64 = 1_700_000_000_000;

fn core_over(store: Arc<dyn Store>) -> Core {
    Core::new(
        store,
        Arc::new(FakePainter::default()),
        Arc::new(ManualClock::new(T0)),
        Settings::default(),
    )
}

/// The Katro table of guild-1.
fn katro(store: &dyn Store) -> RatingTable {
    ratings::table(store, "guild-1", "katro").unwrap()
}

/// What the ratings hold for `names`: (rating, deviation, games, history entries).
fn rated(store: &dyn Store, names: &[&str]) -> Vec<(f64, f64, u32, usize)> {
    let t = katro(store);
    names
        .iter()
        .map(|n| {
            let u = user(n);
            let history = ratings::history(store, "guild-1", "katro", &u).unwrap();
            t.players
                .get(&u.id)
                .map_or((0.0, 0.0, 0, history.len()), |p| {
                    (p.rating, p.deviation, p.games(), history.len())
                })
        })
        .collect()
}

/// One move of each side in the game of `at`, `south` first.
fn both_move(core: &Core, at: &ChannelKey, south: &str, north: &str) {
    for who in [south, north] {
        let mv = core.legal_moves(at)[0].clone();
        ok(say(core, at, who, &format!("!sow {mv}")));
    }
}

/// A rated game (both sides moved) resigned with the store crashing after `n` writes
/// of the resignation; then a restart and two ticks. Returns the inner store.
fn resign_with_crash(n: i64) -> Arc<MemoryStore> {
    let inner = Arc::new(MemoryStore::new());
    let crashing = Arc::new(CrashingStore::new(inner.clone()));
    let at = chan("g");
    {
        let core = core_over(crashing.clone());
        ok(say(&core, &at, "alice", "!new katro @bob as south notime"));
        ok(say(&core, &at, "bob", "!accept"));
        both_move(&core, &at, "alice", "bob");
        crashing.crash_after(n);
        let _ = say(&core, &at, "alice", "!resign");
    }
    let core = core_over(inner.clone());
    let _ = core.tick();
    let _ = core.tick();
    inner
}

/// A crash after any write of a rated game's end (today one transaction; the writes
/// that follow it, if any) loses nothing and counts nothing twice: after the restart both players have one rated game, one
/// history entry each and the ratings of the run without a crash.
#[test]
fn rating_is_applied_exactly_once_whatever_write_a_crash_interrupts() {
    let names = ["alice", "bob"];
    // No crash at all: the reference.
    let reference = rated(&*resign_with_crash(-1), &names);
    assert_eq!(reference[0].2, 1);
    assert_eq!(reference[0].3, 1);
    assert!(
        reference[0].0 < 1500.0 && reference[1].0 > 1500.0,
        "{reference:?}"
    );
    for n in 1..=6 {
        let store = resign_with_crash(n);
        assert_eq!(rated(&*store, &names), reference, "crash after {n} writes");
        assert_eq!(store.unsettled().unwrap(), Vec::<String>::new(), "{n}");
        assert!(katro(&*store).pending.is_empty(), "{n}");
    }
}

/// A crash at the resignation's one transaction writes nothing: the resignation is
/// refused with the store's failure, the game stays in play unrated; after the restart
/// it is resigned and rated once, with the rating line in the reply.
#[test]
fn a_crash_at_the_games_end_writes_nothing_and_the_game_goes_on() {
    let inner = Arc::new(MemoryStore::new());
    let crashing = Arc::new(CrashingStore::new(inner.clone()));
    let at = chan("g");
    {
        let core = core_over(crashing.clone());
        ok(say(&core, &at, "alice", "!new katro @bob as south notime"));
        ok(say(&core, &at, "bob", "!accept"));
        both_move(&core, &at, "alice", "bob");
        crashing.crash_after(0);
        let r = say(&core, &at, "alice", "!resign");
        assert!(r[0].is_error, "{}", r[0].text());
    }
    assert_eq!(inner.counts(), (1, 0), "the game is still in play");
    assert!(inner.unsettled().unwrap().is_empty());
    assert!(katro(&*inner).players.is_empty());
    let core = core_over(inner.clone());
    assert!(core.tick().is_empty());
    let r = ok(say(&core, &at, "alice", "!resign"));
    assert!(
        r.text()
            .contains("Ratings (Katro): alice 1500 → 1338, bob 1500 → 1662."),
        "{}",
        r.text()
    );
    assert!(core.tick().is_empty());
    assert_eq!(rated(&*inner, &["alice", "bob"])[0].2, 1);
}

/// A game the store holds finished but unsettled, its rating never applied (finished
/// by an older build that crashed before rating it, or imported so): the restart's
/// tick rates it and announces it in the game's channel, once.
#[test]
fn an_unsettled_game_is_rated_at_the_next_start_once() {
    let inner = Arc::new(MemoryStore::new());
    let at = chan("g");
    {
        let core = core_over(inner.clone());
        ok(say(&core, &at, "alice", "!new katro @bob as south notime"));
        ok(say(&core, &at, "bob", "!accept"));
        both_move(&core, &at, "alice", "bob");
    }
    // The game's end written alone, as the old separate write did.
    let st = inner.load(&at).unwrap().expect("in play");
    let mut r = st.record.clone();
    let side = r.side_of(&user("alice")).unwrap();
    match r.play_mut().unwrap() {
        mancala_bot::store::Play::Game(g) => g.resign(side),
        mancala_bot::store::Play::Match(m) => m.resign(side),
    }
    r.finish(None, T0).unwrap();
    assert!(inner
        .write(&at, Some(&st.version), Write::Finish(&r))
        .unwrap());
    assert_eq!(inner.unsettled().unwrap().len(), 1);
    assert!(katro(&*inner).players.is_empty());
    let core = core_over(inner.clone());
    let out = core.tick();
    let texts: Vec<(String, String)> = out
        .iter()
        .map(|(k, r)| (k.channel.clone(), r.text()))
        .collect();
    assert_eq!(
        texts,
        vec![(
            "g".to_string(),
            "Ratings (Katro): alice 1500 → 1338, bob 1500 → 1662.".to_string()
        )]
    );
    assert!(core.tick().is_empty());
    assert!(inner.unsettled().unwrap().is_empty());
    assert_eq!(rated(&*inner, &["alice"])[0].2, 1);
}

/// A two-player round robin whose only game is resigned after both moved, with the
/// store crashing after `n` writes of the resignation; a restart and two ticks.
fn tournament_with_crash(n: i64) -> (Arc<MemoryStore>, Vec<Reply>) {
    let inner = Arc::new(MemoryStore::new());
    let crashing = Arc::new(CrashingStore::new(inner.clone()));
    let lobby = chan("lobby");
    let key = Tournament::key_of("guild-1", "cup");
    {
        let core = core_over(crashing.clone());
        ok(say_as(
            &core,
            &lobby,
            "org",
            "!tournament new cup katro roundrobin notime",
            true,
        ));
        for p in ["p1", "p2"] {
            ok(say(&core, &lobby, p, "!tournament join cup"));
        }
        let _ = say_as(&core, &lobby, "org", "!tournament start cup", true);
        let t = read(&*inner, &key);
        let p = &t.rounds[0].pairings[0];
        let room = p.room.clone().expect("a room");
        let south = t.entrants[p.south].user.name.clone();
        let north = t.entrants[p.north.unwrap()].user.name.clone();
        both_move(&core, &room, &south, &north);
        crashing.crash_after(n);
        let _ = say(&core, &room, &north, "!resign");
    }
    let core = core_over(inner.clone());
    let mut out: Vec<Reply> = core.tick().into_iter().map(|(_, r)| r).collect();
    out.extend(core.tick().into_iter().map(|(_, r)| r));
    (inner, out)
}

fn read(store: &dyn Store, key: &DocKey) -> Tournament {
    let bytes = store.doc(key).unwrap().expect("stored");
    serde_json::from_slice::<Option<Tournament>>(&bytes)
        .unwrap()
        .expect("a tournament")
}

/// A crash after any write of a tournament game's end leaves, after the restart, the
/// result recorded once (South wins: 1-0 in the standings), the tournament over, and
/// the game rated once.
#[test]
fn tournament_result_and_rating_are_applied_exactly_once_after_a_crash() {
    let key = Tournament::key_of("guild-1", "cup");
    let (reference, _) = tournament_with_crash(-1);
    let t = read(&*reference, &key);
    let south = t.entrants[t.rounds[0].pairings[0].south].user.name.clone();
    let north = t.entrants[t.rounds[0].pairings[0].north.unwrap()]
        .user
        .name
        .clone();
    let names = [south.as_str(), north.as_str()];
    let ratings = rated(&*reference, &names);
    assert_eq!((ratings[0].2, ratings[1].2), (1, 1));
    for n in 1..=9 {
        let (store, replies) = tournament_with_crash(n);
        let t = read(&*store, &key);
        assert_eq!(t.phase, Phase::Finished, "crash after {n} writes");
        assert_eq!(t.rounds.len(), 1, "{n}");
        assert_eq!(t.rounds[0].pairings[0].result, Some(Res::South), "{n}");
        let points: Vec<(String, u32)> = t
            .standings()
            .iter()
            .map(|s| (t.entrants[s.entrant].user.name.clone(), s.points))
            .collect();
        assert_eq!(points, vec![(south.clone(), 2), (north.clone(), 0)], "{n}");
        assert_eq!(rated(&*store, &names), ratings, "{n}");
        assert_eq!(store.unsettled().unwrap(), Vec::<String>::new(), "{n}");
        let over = replies
            .iter()
            .filter(|r| r.text().starts_with("Tournament cup is over"))
            .count();
        assert!(over <= 1, "{n}: {replies:?}");
    }
}

/// A store that does not answer (a database down) is not detailed in chat: its error
/// text names the database (user, host, name), which belongs in the log. Nothing changes.
#[test]
fn a_store_failure_is_told_in_chat_without_its_details() {
    let inner = Arc::new(MemoryStore::new());
    let crashing = Arc::new(CrashingStore::new(inner.clone()));
    let core = core_over(crashing.clone());
    let at = chan("down");
    crashing.crash_after(0);
    let e = crate::core_chat::refused(say(&core, &at, "alice", "!new katro @bob"));
    assert_eq!(
        e,
        "the game store is not answering right now; nothing was changed, try again in a \
         minute (the details are in the bot's log)"
    );
    assert!(!e.contains("simulated crash"));
    assert_eq!(inner.counts(), (0, 0));
}

/// Hosting bug 7: a move that cannot be stored because the disk is full is refused with
/// a reply that says so, nothing is applied, and the same move goes through once space
/// returns.
#[test]
fn a_move_on_a_full_disk_is_refused_whole_and_plays_when_space_returns() {
    let inner = Arc::new(MemoryStore::new());
    let crashing = Arc::new(CrashingStore::new(inner.clone()));
    let core = core_over(crashing.clone());
    let at = chan("full");
    say(&core, &at, "alice", "!new katro:4x4 @bob as south");
    say(&core, &at, "bob", "!accept");
    let before = inner.load(&at).unwrap().unwrap();
    crashing.fail_with(Some("No space left on device (os error 28)"));
    let e = crate::core_chat::refused(say(&core, &at, "alice", "!sow b1+"));
    assert_eq!(
        e,
        "the game store cannot save anything right now: the server's disk is full or \
         read-only. Nothing was changed; try again once the host has freed space"
    );
    let after = inner.load(&at).unwrap().unwrap();
    assert_eq!(
        serde_json::to_string(&after.record).unwrap(),
        serde_json::to_string(&before.record).unwrap(),
        "nothing applied"
    );
    crashing.fail_with(None);
    let replies = say(&core, &at, "alice", "!sow b1+");
    assert!(replies[0].text().contains("sowed b1+"), "{replies:?}");
}
