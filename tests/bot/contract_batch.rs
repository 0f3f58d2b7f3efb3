//! Issue 35 item 6: the contract of one command's traffic with the store, the batched
//! read ([`Store::read`]) and the multi-key compare-and-swap ([`Store::commit`]), on
//! every backend (memory, sled, PostgreSQL: see `contract.rs` for how the database is
//! found). A commit applies all its ops or none, whatever op is stale; of concurrent
//! commits on one key exactly one wins; no update is lost under contention.

use std::collections::BTreeSet;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use mancala_bot::model::ChannelKey;
use mancala_bot::store::keys::{DocKey, DocPrefix};
use mancala_bot::store::{GameOp, Got, Op, Read, Record, Store, Version, Write};

use crate::contract::{at, challenge, each_backend, finished, game, race};

/// A document op.
fn doc(key: &DocKey, expected: Option<&[u8]>, value: Option<&[u8]>) -> Op {
    Op::Doc {
        key: key.clone(),
        expected: expected.map(<[u8]>::to_vec),
        value: value.map(<[u8]>::to_vec),
    }
}

/// A game op on `at`.
fn game_op(at: &ChannelKey, expected: Option<Version>, change: GameOp) -> Op {
    Op::Game {
        at: at.clone(),
        expected,
        change,
    }
}

fn version(store: &dyn Store, at: &ChannelKey) -> Version {
    store.load(at).unwrap().expect("a record").version
}

fn listed(store: &dyn Store) -> Vec<String> {
    let l = store.listed().unwrap();
    l.iter().map(|(k, _)| k.to_string()).collect()
}

#[test]
fn contract_batched_read_answers_in_order_and_kind() {
    each_backend("batch_read", |b| {
        let store = b.open();
        let name = b.name();
        let (a, c, empty) = (at("g", "a"), at("g", "c"), at("g", "empty"));
        let g = game("g1", &a, 5, Some(100));
        assert!(store.write(&a, None, Write::Put(&g)).unwrap());
        let ended = challenge("c1", &c, "carol", 70);
        assert!(store.write(&c, None, Write::Put(&ended)).unwrap());
        let v = version(&*store, &c);
        let ended = finished(ended);
        assert!(store.write(&c, Some(&v), Write::Finish(&ended)).unwrap());
        let (rating, tour_a, tour_b) = (
            DocKey::rating("g", "katro"),
            DocKey::tour("g", "a"),
            DocKey::tour("g", "b"),
        );
        for (k, v) in [
            (&rating, "{\"r\":1}"),
            (&tour_a, "{\"t\":1}"),
            (&tour_b, "{}"),
        ] {
            assert!(store.write_doc(k, None, Some(v.as_bytes())).unwrap());
        }
        let keys = [
            Read::Doc(rating.clone()),
            Read::Game(a.clone()),
            Read::Game(empty.clone()),
            Read::LastFinished(c.clone()),
            Read::LastFinished(a.clone()),
            Read::Finished("c1".into()),
            Read::Finished("nope".into()),
            Read::Docs(DocPrefix::Tours("g".into())),
            Read::Doc(DocKey::rating("g", "hoyito")),
            Read::LastFinished(c.clone()),
            Read::Game(a.clone()),
        ];
        let got = store.read(&keys).unwrap();
        assert_eq!(got.len(), keys.len(), "{name}");
        let loaded = store.load(&a).unwrap().unwrap();
        let id = |r: &Option<Record>| r.as_ref().map(|r| r.id.clone());
        match &got[..] {
            [Got::Doc(r), Got::Game(Some(ga)), Got::Game(None), Got::LastFinished(l1), Got::LastFinished(None), Got::Finished(f1), Got::Finished(None), Got::Docs(tours), Got::Doc(None), Got::LastFinished(l2), Got::Game(Some(ga2))] =>
            {
                assert_eq!(r.as_deref(), Some(&b"{\"r\":1}"[..]), "{name}");
                assert_eq!(
                    (ga.record.id.as_str(), &ga.version),
                    ("g1", &loaded.version)
                );
                assert_eq!(ga2.version, loaded.version, "{name}");
                assert_eq!(id(l1).as_deref(), Some("c1"), "{name}");
                assert_eq!(id(l2).as_deref(), Some("c1"), "{name}");
                assert_eq!(
                    f1.as_ref().map(|r| r.status()),
                    Some(ended.status()),
                    "{name}"
                );
                let tours: Vec<(String, &[u8])> =
                    tours.iter().map(|(k, v)| (k.to_string(), &v[..])).collect();
                assert_eq!(
                    tours,
                    [
                        ("tour/g/a".into(), &b"{\"t\":1}"[..]),
                        ("tour/g/b".into(), &b"{}"[..])
                    ],
                    "{name}"
                );
            }
            other => panic!("{name}: answers out of order or of the wrong kind: {other:?}"),
        }
        assert!(store.read(&[]).unwrap().is_empty(), "{name}");
    });
}

/// The store as a list of lines, every key a test below touches: the records (id, time,
/// wake-up, a digest of their stored bytes), the last games, the history, the documents, the listing, the
/// unsettled games and the due channels.
fn state(store: &dyn Store, chans: &[ChannelKey], docs: &[DocKey]) -> Vec<String> {
    let mut out = Vec::new();
    for c in chans {
        let r = store.load(c).unwrap().map(|s| {
            let digest = {
                let mut h = std::collections::hash_map::DefaultHasher::new();
                format!("{:?}", s.version).hash(&mut h);
                h.finish()
            };
            let wake = s.record.wake_ms();
            (s.record.id, s.record.updated_ms, wake, digest)
        });
        let last = store.last_finished(c).unwrap().map(|r| r.id);
        out.push(format!("{c:?}: {r:?} last {last:?}"));
    }
    for d in docs {
        out.push(format!("{d}: {:?}", store.doc(d).unwrap()));
    }
    out.push(format!("listed {:?}", listed(store)));
    out.push(format!("unsettled {:?}", store.unsettled().unwrap()));
    out.push(format!("due {:?}", store.due(u64::MAX).unwrap()));
    out.push(format!("counts {:?}", store.counts()));
    let mut all = Vec::new();
    store
        .for_each(&mut |r| {
            all.push(r.id.clone());
            Ok(())
        })
        .unwrap();
    out.push(format!("records {all:?}"));
    out
}

/// Two channels (one changed, one created), a tournament and a rating document, and a
/// settle, in one commit: all applied. The same with any one op stale: nothing.
#[test]
fn contract_a_multi_op_commit_applies_all_or_nothing() {
    each_backend("batch_commit", |b| {
        let store = b.open();
        let name = b.name();
        let (a, new, old) = (at("g", "a"), at("g", "new"), at("g", "old"));
        let (tour, rating) = (DocKey::tour("g", "cup"), DocKey::rating("g", "katro"));
        // An unsettled game to settle, a game to change, a rating to update.
        let o = challenge("o1", &old, "olga", 10);
        assert!(store.write(&old, None, Write::Put(&o)).unwrap());
        let v = version(&*store, &old);
        assert!(store
            .write(&old, Some(&v), Write::Finish(&finished(o)))
            .unwrap());
        assert!(store
            .write(&a, None, Write::Put(&game("g1", &a, 5, Some(100))))
            .unwrap());
        assert!(store.write_doc(&rating, None, Some(b"{\"n\":1}")).unwrap());
        let chans = [a.clone(), new.clone(), old.clone()];
        let docs = [tour.clone(), rating.clone()];
        let before = state(&*store, &chans, &docs);
        let va = version(&*store, &a);
        let ops = |stale: Option<usize>| -> Vec<Op> {
            let bad = |i: usize| stale == Some(i);
            let detached = Version::detached();
            vec![
                game_op(
                    &a,
                    Some(if bad(0) { detached } else { va.clone() }),
                    GameOp::Put(game("g1", &a, 6, Some(500))),
                ),
                game_op(
                    &new,
                    bad(1).then(|| va.clone()),
                    GameOp::Create(challenge("", &new, "nina", 300)),
                ),
                doc(&tour, bad(2).then_some(&b"{}"[..]), Some(b"{\"round\":1}")),
                doc(
                    &rating,
                    Some(if bad(3) {
                        &b"{\"n\":0}"[..]
                    } else {
                        &b"{\"n\":1}"[..]
                    }),
                    Some(b"{\"n\":2}"),
                ),
                Op::Settle("o1".into()),
            ]
        };
        for stale in 0..4 {
            let mut stale_ops = ops(Some(stale));
            assert!(
                !store.commit(&mut stale_ops).unwrap(),
                "{name}: op {stale} is stale, yet the commit applied"
            );
            assert_eq!(
                state(&*store, &chans, &docs),
                before,
                "{name}: op {stale} stale changed the store"
            );
            match &stale_ops[1] {
                Op::Game {
                    change: GameOp::Create(r),
                    ..
                } => assert_eq!(r.id, "", "{name}: an id given by a failed commit"),
                other => panic!("{other:?}"),
            }
        }
        let mut all = ops(None);
        assert!(store.commit(&mut all).unwrap(), "{name}");
        let created = match &all[1] {
            Op::Game {
                change: GameOp::Create(r),
                ..
            } => r.id.clone(),
            other => panic!("{other:?}"),
        };
        assert!(!created.is_empty(), "{name}: no id given");
        assert_eq!(store.load(&a).unwrap().unwrap().record.updated_ms, 6);
        assert_eq!(store.load(&new).unwrap().unwrap().record.id, created);
        assert_eq!(
            store.doc(&tour).unwrap().as_deref(),
            Some(&b"{\"round\":1}"[..])
        );
        assert_eq!(
            store.doc(&rating).unwrap().as_deref(),
            Some(&b"{\"n\":2}"[..])
        );
        assert_eq!(listed(&*store), ["tour/g/cup"], "{name}");
        assert!(store.unsettled().unwrap().is_empty(), "{name}");
        // The wake index follows: the changed game at 500, the challenge at 300.
        assert_eq!(store.due(400).unwrap(), vec![new.clone()], "{name}");
        assert_eq!(store.due(500).unwrap(), vec![a.clone(), new.clone()]);
        // The same commit again: every expectation is stale now.
        let mut again = ops(None);
        assert!(!store.commit(&mut again).unwrap(), "{name}");
        // A document removed in a commit leaves the driver's list with it.
        let cur = store.doc(&tour).unwrap();
        let mut off = [doc(&tour, cur.as_deref(), None)];
        assert!(store.commit(&mut off).unwrap(), "{name}");
        assert!(listed(&*store).is_empty(), "{name}");
    });
}

#[test]
fn contract_creates_get_distinct_ids() {
    each_backend("batch_ids", |b| {
        let store = b.open();
        let name = b.name();
        let chans: Vec<ChannelKey> = (0..6).map(|i| at("g", &format!("c{i}"))).collect();
        let create = |c: &ChannelKey| game_op(c, None, GameOp::Create(challenge("", c, "x", 9)));
        let mut ids = BTreeSet::new();
        // Three in one commit, three in commits of their own, beside plain new ids.
        let mut three: Vec<Op> = chans[..3].iter().map(create).collect();
        assert!(store.commit(&mut three).unwrap(), "{name}");
        for c in &chans[3..] {
            ids.insert(store.new_id(1_000).unwrap());
            assert!(store.commit(&mut [create(c)]).unwrap(), "{name}");
        }
        for c in &chans {
            ids.insert(store.load(c).unwrap().unwrap().record.id);
        }
        assert_eq!(ids.len(), 9, "{name}: ids repeat: {ids:?}");
        for op in &three {
            if let Op::Game {
                at,
                change: GameOp::Create(r),
                ..
            } = op
            {
                assert_eq!(store.load(at).unwrap().unwrap().record.id, r.id, "{name}");
            }
        }
        // A create on a channel that holds a record: refused, nothing given.
        let mut taken = [create(&chans[0])];
        assert!(!store.commit(&mut taken).unwrap(), "{name}");
    });
}

/// The game's end in a commit with a document and another channel: out of the channel
/// and the wake index, into the history, the channel's last game and the unsettled.
#[test]
fn contract_finish_in_a_multi_op_commit() {
    each_backend("batch_finish", |b| {
        let store = b.open();
        let name = b.name();
        let (a, b2) = (at("g", "a"), at("g", "b"));
        let g = game("g1", &a, 5, Some(100));
        assert!(store.write(&a, None, Write::Put(&g)).unwrap());
        assert_eq!(store.due(100).unwrap(), vec![a.clone()], "{name}");
        let rating = DocKey::rating("g", "katro");
        let mut ops = vec![
            game_op(&a, Some(version(&*store, &a)), GameOp::Finish(finished(g))),
            doc(&rating, None, Some(b"{\"g1\":1}")),
            game_op(&b2, None, GameOp::Put(game("g2", &b2, 7, Some(900)))),
        ];
        assert!(store.commit(&mut ops).unwrap(), "{name}");
        assert!(store.load(&a).unwrap().is_none(), "{name}");
        assert_eq!(store.last_finished(&a).unwrap().unwrap().id, "g1", "{name}");
        let f = store.finished("g1").unwrap().unwrap();
        assert_eq!(
            f.status(),
            finished(game("", &a, 0, None)).status(),
            "{name}"
        );
        assert_eq!(store.unsettled().unwrap(), vec!["g1".to_string()], "{name}");
        assert_eq!(store.due(u64::MAX).unwrap(), vec![b2.clone()], "{name}");
        assert_eq!(store.counts(), (1, 1), "{name}");
        let got = store
            .read(&[Read::LastFinished(a.clone()), Read::Game(a.clone())])
            .unwrap();
        assert!(
            matches!(&got[..], [Got::LastFinished(Some(r)), Got::Game(None)] if r.id == "g1"),
            "{name}: {got:?}"
        );
        // Settled in a commit of its own.
        assert!(store.commit(&mut [Op::Settle("g1".into())]).unwrap());
        assert!(store.unsettled().unwrap().is_empty(), "{name}");
    });
}

/// Rounds of 16 threads, each committing a change of one channel and one document
/// expecting what all read: exactly one wins each round.
#[test]
fn contract_concurrent_commits_on_one_key_have_one_winner_per_round() {
    each_backend("batch_race", |b| {
        let store = b.open();
        let name = b.name();
        let ch = at("g", "race");
        let key = DocKey::rating("g", "race");
        assert!(store
            .write(&ch, None, Write::Put(&game("g0", &ch, 0, None)))
            .unwrap());
        for round in 1..=10u64 {
            let v = version(&*store, &ch);
            let d = store.doc(&key).unwrap();
            let wins = race(&store, 16, |s, i| {
                let mut ops = [
                    game_op(
                        &ch,
                        Some(v.clone()),
                        GameOp::Put(game("g0", &ch, round * 100 + i as u64, None)),
                    ),
                    doc(
                        &key,
                        d.as_deref(),
                        Some(format!("{{\"w\":{i}}}").as_bytes()),
                    ),
                ];
                s.commit(&mut ops).unwrap()
            });
            assert_eq!(wins, 1, "{name}: round {round}");
            // The winner's two writes, both: the game's time names the same thread as
            // the document.
            let won = store.load(&ch).unwrap().unwrap().record.updated_ms - round * 100;
            let text = format!("{{\"w\":{won}}}");
            assert_eq!(store.doc(&key).unwrap(), Some(text.into_bytes()), "{name}");
        }
    });
}

/// 8 threads each add 1 to a counter 25 times, reading and committing in a retry loop
/// (with a document of their own in the same commit): the counter ends at 200, and
/// each thread's own count at 25.
#[test]
fn contract_no_update_is_lost_under_contention() {
    const THREADS: usize = 8;
    const EACH: u64 = 25;
    each_backend("batch_counter", |b| {
        let store: Arc<dyn Store> = b.open();
        let name = b.name();
        let counter = DocKey::rating("g", "counter");
        let number = |d: &Option<Vec<u8>>| -> u64 {
            d.as_deref()
                .map_or(0, |v| std::str::from_utf8(v).unwrap().parse().unwrap())
        };
        std::thread::scope(|s| {
            for t in 0..THREADS {
                let (store, counter) = (store.clone(), counter.clone());
                s.spawn(move || {
                    let mine = DocKey::rating("g", &format!("t{t}"));
                    for _ in 0..EACH {
                        loop {
                            let keys = [Read::Doc(counter.clone()), Read::Doc(mine.clone())];
                            let got = store.read(&keys).unwrap();
                            let [Got::Doc(c), Got::Doc(m)] = &got[..] else {
                                panic!("{got:?}")
                            };
                            let mut ops = [
                                doc(
                                    &counter,
                                    c.as_deref(),
                                    Some(format!("{}", number(c) + 1).as_bytes()),
                                ),
                                doc(
                                    &mine,
                                    m.as_deref(),
                                    Some(format!("{}", number(m) + 1).as_bytes()),
                                ),
                            ];
                            if store.commit(&mut ops).unwrap() {
                                break;
                            }
                        }
                    }
                });
            }
        });
        let total = number(&store.doc(&counter).unwrap());
        assert_eq!(total, THREADS as u64 * EACH, "{name}: updates lost");
        for t in 0..THREADS {
            let mine = store.doc(&DocKey::rating("g", &format!("t{t}"))).unwrap();
            assert_eq!(number(&mine), EACH, "{name}: thread {t}");
        }
    });
}
