//! Fuzzing `mancala-bot import` (issue 12 item 7): lines of a real export (games in
//! play and finished, a match, a game against the AI, a challenge, ratings and their
//! history, a tournament, channel settings, player preferences), picked, repeated and
//! mutated byte by byte and value by value, imported into a store that already holds
//! some of them. It is a proptest (cargo-fuzz needs a nightly compiler); each case runs
//! the real `mancala-bot import --data DIR FILE` (the binary built with the tests) on a
//! sled store in a temporary directory. `PROPTEST_CASES` sets the number of cases
//! (default 64).
//!
//! The properties: nothing panics; an import refused writes nothing (the store is the
//! same before and after, table by table); an import accepted leaves a store whose every
//! record and document reads back (each game replayed by the rules) and that the core
//! works on (`!board` in each channel, a tick), and importing the same file again
//! changes nothing.

use std::path::Path;
use std::process::Command;
use std::sync::{Arc, OnceLock};

use mancala_bot::core::api::{ChatCore, Incoming};
use mancala_bot::core::backup::check_stored_document;
use mancala_bot::core::painter::BlankPainter;
use mancala_bot::core::{Core, ManualClock, Settings};
use mancala_bot::model::{ChannelKey, User};
use mancala_bot::store::keys::DocPrefix;
use mancala_bot::store::{MemoryStore, Record, SledStore, Store};
use proptest::prelude::*;
use serde_json::Value;

/// The sled store of the data directory `dir` (`DIR/store`, as the bot opens it),
/// created when missing.
fn open_store(dir: &Path) -> SledStore {
    SledStore::open(&dir.join("store"), 1 << 20).expect("the store opens")
}

fn settings() -> Settings {
    Settings {
        ai_level: 1,
        ai_ms_per_move: 0,
        ai_tt_mb: 1,
        ai_max_nodes: Some(100),
        ..Settings::default()
    }
}

fn core_over(store: Arc<dyn Store>) -> Core {
    Core::new(
        store,
        Arc::new(BlankPainter),
        Arc::new(ManualClock::new(1_700_000_000_000)),
        settings(),
    )
}

/// The lines of an export of a store that holds one of everything, as `export` writes
/// them: the records, then the documents.
fn corpus() -> &'static [String] {
    static LINES: OnceLock<Vec<String>> = OnceLock::new();
    LINES.get_or_init(|| {
        let store = Arc::new(MemoryStore::new());
        let core = core_over(store.clone());
        let at = |c: &str| ChannelKey {
            community: "g".into(),
            channel: c.into(),
        };
        let user = |n: &str| User {
            id: format!("id-{n}"),
            name: n.into(),
        };
        let say = |c: &str, who: &str, text: &str, organizer: bool| {
            let mentions = text
                .split_whitespace()
                .filter_map(|w| w.strip_prefix('@'))
                .map(user)
                .collect();
            let replies = core.handle(&Incoming {
                at: at(c),
                author: user(who),
                text: text.into(),
                mentions,
                is_organizer: organizer,
                locale: None,
            });
            assert!(
                replies.iter().all(|r| !r.is_error),
                "{text}: {}",
                replies[0].text()
            );
        };
        let play = |c: &str, plies: usize| {
            for _ in 0..plies {
                let Some(mv) = core.legal_moves(&at(c)).first().cloned() else {
                    return;
                };
                let record = store.load(&at(c)).unwrap().unwrap().record;
                let side = record.play().unwrap().game().position().to_move();
                let who = record.player(side).unwrap().name.clone();
                say(c, &who, &format!("!sow {mv}"), false);
            }
        };
        say("k", "alice", "!new katro @bob as south", false);
        say("k", "bob", "!accept", false);
        play("k", 6);
        say("h", "alice", "!new hoyito @bob as south 2d", false);
        say("h", "bob", "!accept", false);
        play("h", 4);
        say("h", "bob", "!resign", false);
        say(
            "m",
            "bob",
            "!new hoyito:2x7 match @alice as south notime",
            false,
        );
        say("m", "alice", "!accept", false);
        play("m", 5);
        say("ai", "carol", "!new katro:4x4 ai level 1 as south", false);
        play("ai", 1);
        say("open", "dave", "!new hoyito", false);
        say("k", "alice", "!set autoforfeit on", true);
        say("k", "bob", "!mute", false);
        say(
            "k",
            "alice",
            "!tournament new cup katro:4x4 roundrobin",
            true,
        );
        say("k", "bob", "!tournament join", false);
        let mut lines = Vec::new();
        store
            .for_each(&mut |r: &Record| {
                lines.push(serde_json::to_string(r).unwrap());
                Ok(())
            })
            .unwrap();
        for (key, bytes) in store.docs(&DocPrefix::All).unwrap() {
            let value: Value = serde_json::from_slice(&bytes).unwrap();
            lines.push(serde_json::json!({ "doc": key.to_string(), "value": value }).to_string());
        }
        lines
    })
}

/// Everything a store holds, table by table, as text: records (each channel's, then
/// the history), documents, the counts, the wake index, the unsettled games.
fn dump(dir: &Path) -> String {
    let store = open_store(dir);
    let mut out = String::new();
    store
        .for_each(&mut |r: &Record| {
            out.push_str(&serde_json::to_string(r).unwrap());
            out.push('\n');
            Ok(())
        })
        .expect("every record reads back");
    for (key, bytes) in store
        .docs(&DocPrefix::All)
        .expect("the documents read back")
    {
        out.push_str(&format!("{key} {}\n", String::from_utf8_lossy(&bytes)));
    }
    out.push_str(&format!(
        "counts {:?}\ndue {:?}\nunsettled {:?}\n",
        store.counts(),
        store.due(u64::MAX).unwrap(),
        store.unsettled().unwrap()
    ));
    out
}

/// One change to a line.
#[derive(Clone, Debug)]
enum Mutation {
    /// As it is.
    None,
    /// The byte at `at` replaced by `byte` (the line may stop being UTF-8).
    Byte(usize, u8),
    /// A character put in at `at` (a character boundary at or before it).
    Insert(usize, char),
    /// Cut at `at`.
    Truncate(usize),
    /// The value reached by following `path` (each step an index into an object's
    /// keys or an array, modulo their number) replaced by `value`.
    Set(Vec<usize>, Value),
    /// The object key reached by `path` removed.
    Remove(Vec<usize>),
    /// The line replaced by this text.
    Junk(String),
}

/// Values that may make a record or document wrong in an interesting way.
fn json_value() -> impl Strategy<Value = Value> {
    let words = prop::sample::select(vec![
        "",
        "finished",
        "playing",
        "challenge",
        "south",
        "north",
        "katro",
        "katro:4x4",
        "hoyito",
        "hoyito:2x7",
        "c1+",
        "a1",
        "zz9",
        "g",
        "k",
        "h",
        "id-alice",
        "ai:1",
        "rating/g/katro",
        "tour/g/cup",
        "chan/g/k",
        "player/g/id-bob",
        "x%zz",
        "timeout",
        "draw_agreed",
        "aborted",
        "katro/2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 s",
        "hoyito/4,4,4,4,4,4/4,4,4,4,4,4 n 0 0",
    ]);
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        prop::sample::select(vec![0i64, 1, 2, 4, 5, 6, 7, 100, -1]).prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        words.prop_map(Value::from),
        any::<String>().prop_map(Value::from),
        Just(Value::Array(Vec::new())),
        Just(Value::Object(serde_json::Map::new())),
        Just(serde_json::json!(["c1+", "c1-", "a1"])),
    ]
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let path = prop::collection::vec(any::<usize>(), 0..5);
    prop_oneof![
        3 => Just(Mutation::None),
        1 => (any::<usize>(), any::<u8>()).prop_map(|(a, b)| Mutation::Byte(a, b)),
        1 => (any::<usize>(), any::<char>()).prop_map(|(a, c)| Mutation::Insert(a, c)),
        1 => any::<usize>().prop_map(Mutation::Truncate),
        6 => (path.clone(), json_value()).prop_map(|(p, v)| Mutation::Set(p, v)),
        2 => path.prop_map(Mutation::Remove),
        1 => any::<String>().prop_map(Mutation::Junk),
    ]
}

/// The node of `v` that `path` leads to (see [`Mutation::Set`]), and in its parent
/// object the key it is under.
fn walk<'a>(v: &'a mut Value, path: &[usize]) -> (&'a mut Value, Option<String>) {
    let Some((&step, rest)) = path.split_first() else {
        return (v, None);
    };
    let key = match &*v {
        Value::Object(m) if !m.is_empty() => m.keys().nth(step % m.len()).cloned(),
        _ => None,
    };
    let is_array = matches!(&*v, Value::Array(a) if !a.is_empty());
    if let Some(k) = key {
        if rest.is_empty() {
            return (v, Some(k));
        }
        let child = v.get_mut(&k).expect("the key is there");
        return walk(child, rest);
    }
    if is_array {
        if let Value::Array(a) = v {
            let n = a.len();
            return walk(&mut a[step % n], rest);
        }
    }
    (v, None)
}

/// `line` mutated by `m`, as bytes.
fn mutate(line: &str, m: &Mutation) -> Vec<u8> {
    let mut bytes = line.as_bytes().to_vec();
    match m {
        Mutation::None => {}
        Mutation::Byte(at, b) => {
            if !bytes.is_empty() {
                let n = bytes.len();
                bytes[at % n] = *b;
            }
        }
        Mutation::Insert(at, c) => {
            let mut s = line.to_string();
            let mut i = at % (s.len() + 1);
            while !s.is_char_boundary(i) {
                i -= 1;
            }
            s.insert(i, *c);
            bytes = s.into_bytes();
        }
        Mutation::Truncate(at) => bytes.truncate(at % (bytes.len() + 1)),
        Mutation::Set(path, _) | Mutation::Remove(path) => {
            if let Ok(mut v) = serde_json::from_str::<Value>(line) {
                let (node, key) = walk(&mut v, path);
                match (m, key) {
                    (Mutation::Set(_, value), Some(k)) => node[k.as_str()] = value.clone(),
                    (Mutation::Set(_, value), None) => *node = value.clone(),
                    (_, Some(k)) => {
                        if let Value::Object(o) = node {
                            o.remove(&k);
                        }
                    }
                    _ => {}
                }
                bytes = v.to_string().into_bytes();
            }
        }
        Mutation::Junk(s) => bytes = s.clone().into_bytes(),
    }
    bytes
}

/// Writes `lines` (indices into the corpus, each with its mutation) to `file`.
fn write_file(file: &Path, lines: &[(usize, Mutation)], crlf: bool) {
    let corpus = corpus();
    let mut text = Vec::new();
    for (i, m) in lines {
        text.extend(mutate(&corpus[i % corpus.len()], m));
        text.extend_from_slice(if crlf { b"\r\n" } else { b"\n" });
    }
    std::fs::write(file, text).unwrap();
}

/// Imports `file` into `dir` with `mancala-bot import --data DIR FILE`: whether it was
/// accepted (exit 0). A crash (a signal, a panic's exit 101) fails the case.
fn run_import(dir: &Path, file: &Path) -> Result<bool, TestCaseError> {
    let out = Command::new(env!("CARGO_BIN_EXE_mancala-bot"))
        .arg("import")
        .arg("--data")
        .arg(dir)
        .arg(file)
        .env_remove("RUST_LOG")
        .output()
        .map_err(|e| TestCaseError::fail(format!("cannot run mancala-bot: {e}")))?;
    match out.status.code() {
        Some(0) => Ok(true),
        Some(1) => Ok(false),
        _ => Err(TestCaseError::fail(format!(
            "import ended with {}: {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ))),
    }
}

/// An accepted import left a store that reads back and that the core works on.
fn check_store(dir: &Path) -> Result<(), TestCaseError> {
    let store = Arc::new(open_store(dir));
    let mut channels = Vec::new();
    store
        .for_each(&mut |r: &Record| {
            channels.push(r.at.clone());
            Ok(())
        })
        .map_err(|e| TestCaseError::fail(format!("a record does not read back: {e}")))?;
    for (key, bytes) in store.docs(&DocPrefix::All).unwrap() {
        let value: Value = serde_json::from_slice(&bytes)
            .map_err(|e| TestCaseError::fail(format!("{key}: {e}")))?;
        check_stored_document(&key.to_string(), &value)
            .map_err(|e| TestCaseError::fail(format!("{key}: {e}")))?;
    }
    // The core works on what was imported: it shows each game, the player to move
    // moves, a challenge is accepted, and the driver runs far in the future (no panic).
    let clock = Arc::new(ManualClock::new(1_700_000_000_000));
    let core = Core::new(
        store.clone(),
        Arc::new(BlankPainter),
        clock.clone(),
        settings(),
    );
    let say = |at: &ChannelKey, who: User, text: String| {
        core.handle(&Incoming {
            at: at.clone(),
            author: who,
            text,
            mentions: Vec::new(),
            is_organizer: true,
            locale: None,
        })
    };
    let watcher = User {
        id: "id-watcher".into(),
        name: "watcher".into(),
    };
    for at in channels {
        for view in ["!board", "!history", "!moves", "!replay"] {
            say(&at, watcher.clone(), view.into());
        }
        let Ok(Some(stored)) = store.load(&at) else {
            continue;
        };
        let r = stored.record;
        match r.play().map(|p| p.game().position().to_move()) {
            Some(side) => {
                if let (Some(who), Some(mv)) = (r.player(side), core.legal_moves(&at).first()) {
                    say(&at, who.clone(), format!("!sow {mv}"));
                }
            }
            None => {
                say(&at, watcher.clone(), "!accept".into());
            }
        }
    }
    let _ = core.tick();
    clock.advance(std::time::Duration::from_secs(400 * 24 * 3600));
    let _ = core.tick();
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(64),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Mutated export lines into a store holding some of the originals: refused
    /// imports write nothing, accepted ones leave a working store and import again
    /// without change.
    #[test]
    fn mutated_export_lines_import_whole_or_not_at_all(
        base in prop::collection::vec(any::<bool>(), 16),
        lines in prop::collection::vec((any::<usize>(), mutation()), 1..6),
        crlf in prop::bool::weighted(0.1),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("data");
        let corpus = corpus();
        let base: Vec<(usize, Mutation)> = (0..corpus.len())
            .filter(|&i| base[i % base.len()])
            .map(|i| (i, Mutation::None))
            .collect();
        if !base.is_empty() {
            let file = dir.path().join("base.jsonl");
            write_file(&file, &base, false);
            prop_assert!(run_import(&data, &file)?, "a subset of an export was refused");
        }
        let before = dump(&data);
        let file = dir.path().join("fuzz.jsonl");
        write_file(&file, &lines, crlf);
        if run_import(&data, &file)? {
            let after = dump(&data);
            prop_assert!(run_import(&data, &file)?, "accepted once, refused the second time");
            prop_assert_eq!(dump(&data), after, "importing again changed the store");
            check_store(&data)?;
        } else {
            let after = dump(&data);
            prop_assert_eq!(before, after, "a refused import changed the store");
        }
    }
}

/// The corpus holds one of everything an export can hold.
#[test]
fn the_corpus_holds_every_kind_of_line() {
    let lines = corpus();
    let values: Vec<Value> = lines
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let status = |s: &str| values.iter().filter(|v| v["status"] == s).count();
    assert_eq!(
        (status("challenge"), status("playing"), status("finished")),
        (1, 3, 1)
    );
    assert!(values.iter().any(|v| v["ai"].is_object()));
    assert!(values.iter().any(|v| v["kind"]["match"] == true));
    for kind in ["rating/", "ratinglog/", "tour/", "chan/", "player/"] {
        assert!(
            values
                .iter()
                .any(|v| v["doc"].as_str().is_some_and(|d| d.starts_with(kind))),
            "no {kind} document in {lines:#?}"
        );
    }
}
