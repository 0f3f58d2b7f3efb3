//! The sled store: restart, unreadable records, open errors, export and import.

use std::process::Command;
use std::sync::Arc;

use mancala_bot::core::api::ChatCore;
use mancala_bot::core::{Core, ManualClock, Settings};
use mancala_bot::store::{SledStore, Store};

use super::core_chat::{chan, ok, position, refused, say, start, FakePainter};

fn core_on(dir: &std::path::Path) -> (Core, Arc<SledStore>) {
    let store = Arc::new(SledStore::open(&dir.join("store"), 8 << 20).unwrap());
    let core = Core::new(
        store.clone(),
        Arc::new(FakePainter::default()),
        Arc::new(ManualClock::new(1_700_000_000_000)),
        Settings::default(),
    );
    (core, store)
}

/// `mancala-bot import --data DIR FILE`.
fn run_import(dir: &std::path::Path, file: &std::path::Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_mancala-bot"))
        .args(["import", "--data"])
        .arg(dir)
        .arg(file)
        .output()
        .unwrap()
}

/// `mancala-bot export --data DIR`.
fn run_export(dir: &std::path::Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_mancala-bot"))
        .args(["export", "--data"])
        .arg(dir)
        .output()
        .unwrap()
}

/// One message in channel `chan("one")` of a core opened on `dir` (and closed after).
fn say_in(dir: &std::path::Path, who: &str, text: &str) -> Vec<mancala_bot::core::api::Reply> {
    let (core, _s) = core_on(dir);
    say(&core, &chan("one"), who, text)
}

#[test]
fn restart_game_continues_where_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let at = chan("restart");
    {
        let (core, _store) = core_on(dir.path());
        start(&core, &at, "katro");
        ok(say(&core, &at, "alice", "!sow c1+"));
    }
    let (core, store) = core_on(dir.path());
    assert_eq!(store.counts(), (1, 0));
    assert_eq!(
        position(&core, &at),
        "katro/0,3,1,0,1,4/3,0,3,3,1,4/3,0,3,3,3,3/2,0,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2 n"
    );
    let r = ok(say(&core, &at, "bob", "!sow a6+"));
    assert!(
        r.text().starts_with("bob (North) sowed a6+"),
        "{}",
        r.text()
    );
    let hist = ok(say(&core, &at, "carol", "!record"));
    assert!(hist.text().contains("1.S c1+  2.N a6+"), "{}", hist.text());
}

#[test]
fn unreadable_record_is_named_and_never_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let at = chan("broken");
    {
        let db = sled::open(dir.path().join("store")).unwrap();
        let tree = db.open_tree("channels").unwrap();
        let mut key = (at.community.len() as u32).to_be_bytes().to_vec();
        key.extend_from_slice(at.community.as_bytes());
        key.extend_from_slice(at.channel.as_bytes());
        tree.insert(key, b"{not json".to_vec()).unwrap();
        db.flush().unwrap();
    }
    let (core, store) = core_on(dir.path());
    for cmd in ["!new katro @bob", "!board", "!sow c1+", "!accept"] {
        let e = refused(say(&core, &at, "alice", cmd));
        assert!(
            e.starts_with(
                "the game store failed, nothing was changed: the stored record channel guild-1/broken cannot be read"
            ),
            "{cmd}: {e}"
        );
    }
    assert!(core.legal_moves(&at).is_empty());
    // Still there, untouched: export fails naming it.
    assert_eq!(store.counts(), (1, 0));
    let err = store.for_each(&mut |_| Ok(())).unwrap_err().to_string();
    assert!(err.contains("cannot be read"), "{err}");
    // Other channels work.
    ok(say(&core, &chan("fine"), "alice", "!new katro @bob"));
}

#[test]
fn newer_format_version_is_refused_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let at = chan("future");
    {
        let (core, s) = core_on(dir.path());
        ok(say(&core, &at, "alice", "!new katro @bob"));
        // Durable before the raw sled below opens the files (the store flushes each
        // write already; this is the shutdown's last check).
        mancala_bot::store::Store::flush(&*s).unwrap();
        assert_eq!(mancala_bot::store::Store::counts(&*s), (1, 0));
    }
    {
        let db = sled::open(dir.path().join("store")).unwrap();
        let tree = db.open_tree("channels").unwrap();
        let (k, v) = tree.iter().next().unwrap().unwrap();
        let text = String::from_utf8(v.to_vec())
            .unwrap()
            .replace("\"format_version\":1", "\"format_version\":99");
        tree.insert(k, text.as_bytes()).unwrap();
        db.flush().unwrap();
    }
    let (core, _s) = core_on(dir.path());
    let e = refused(say(&core, &at, "bob", "!accept"));
    assert!(
        e.contains("format version 99 is newer than this build's 1"),
        "{e}"
    );
}

#[test]
fn store_that_cannot_be_opened_names_the_path() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("plain-file");
    std::fs::write(&file, "x").unwrap();
    let err = match SledStore::open(&file, 1 << 20) {
        Ok(_) => panic!("opened a plain file as a store"),
        Err(e) => e.to_string(),
    };
    assert!(
        err.starts_with(&format!("cannot open the store at {}", file.display())),
        "{err}"
    );
}

#[test]
fn export_and_import_round_trip_through_the_binary() {
    let a = tempfile::tempdir().unwrap();
    {
        let (core, _s) = core_on(a.path());
        start(&core, &chan("one"), "katro");
        ok(say(&core, &chan("one"), "alice", "!sow c1+"));
        start(&core, &chan("two"), "hoyito");
        // Both sides move (E3 and a reply), so that the resignation is rated.
        ok(say(&core, &chan("two"), "alice", "!sow a1"));
        ok(say(&core, &chan("two"), "bob", "!sow a2"));
        ok(say(&core, &chan("two"), "alice", "!resign"));
        ok(say(&core, &chan("three"), "carol", "!new hoyito match"));
    }
    let out = run_export(a.path());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    // Three records, then the documents: the resigned game's ratings among them.
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let (docs, records): (Vec<_>, Vec<_>) = lines.iter().partition(|v| v.get("doc").is_some());
    assert_eq!(records.len(), 3, "{text}");
    for v in records {
        assert_eq!(v["format_version"], 1);
        assert_eq!(v["at"]["community"], "guild-1");
    }
    assert!(
        docs.iter()
            .any(|d| d["doc"] == "rating/guild-1/hoyito" && d["value"].is_object()),
        "{text}"
    );
    let n_docs = docs.len();
    let rating_before = ok(say_in(a.path(), "carol", "!rating @bob"))
        .text()
        .to_string();
    assert!(rating_before.contains("Hoyito 1"), "{rating_before}");
    let file = a.path().join("backup.jsonl");
    std::fs::write(&file, &text).unwrap();

    let b = tempfile::tempdir().unwrap();
    for expect in [
        format!(
            "imported 3 records (0 already present) and {n_docs} documents (0 already present)"
        ),
        format!(
            "imported 0 records (3 already present) and 0 documents ({n_docs} already present)"
        ),
    ] {
        let out = run_import(b.path(), &file);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(&expect), "{err}");
    }
    let again = run_export(b.path());
    assert_eq!(String::from_utf8(again.stdout).unwrap(), text);
    // The ratings came along; the imported game goes on.
    assert_eq!(
        ok(say_in(b.path(), "carol", "!rating @bob")).text(),
        rating_before
    );
    let (core, _s) = core_on(b.path());
    ok(say(&core, &chan("one"), "bob", "!sow a6+"));
    let board = ok(say(&core, &chan("two"), "carol", "!board"));
    assert!(board.text().contains("resignation"), "{}", board.text());
    drop((core, _s));
    // A different document under a stored key is refused, naming it.
    let clash = a.path().join("clash.jsonl");
    std::fs::write(
        &clash,
        "{\"doc\":\"rating/guild-1/hoyito\",\"value\":{\"players\":{}}}\n",
    )
    .unwrap();
    let out = run_import(b.path(), &clash);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("already holds a different document rating/guild-1/hoyito"),
        "{err}"
    );
    // A document the bot would not read, or of no kind it keeps, is refused before
    // anything is written.
    for (line, want) in [
        (
            r#"{"doc":"rating/guild-1/katro","value":"notanobject"}"#,
            "document rating/guild-1/katro: invalid type",
        ),
        (
            r#"{"doc":"weird/key","value":{}}"#,
            "`weird/...` is not a kind of document the bot keeps",
        ),
        (r#"{"doc":"rating/guild-1","value":{}}"#, "too few parts"),
    ] {
        let bad = a.path().join("bad-doc.jsonl");
        std::fs::write(&bad, format!("{line}\n")).unwrap();
        let d = tempfile::tempdir().unwrap();
        let out = run_import(d.path(), &bad);
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("bad-doc.jsonl line 1") && err.contains(want),
            "{err}"
        );
    }

    // A bad line is refused with its number, and nothing is written.
    let bad = a.path().join("bad.jsonl");
    std::fs::write(
        &bad,
        format!(
            "{}\n{{\"format_version\": 1}}\n",
            text.lines().next().unwrap()
        ),
    )
    .unwrap();
    let c = tempfile::tempdir().unwrap();
    let out = run_import(c.path(), &bad);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.jsonl line 2: not a game record"), "{err}");
    // A clash with a different record is refused, naming the key.
    let out = run_import(a.path(), &file);
    assert!(out.status.success());
    let changed = text.replacen("\"c1+\"", "\"c1-\"", 1);
    std::fs::write(&bad, changed).unwrap();
    let out = run_import(a.path(), &bad);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("already holds a different record for channel guild-1/one"),
        "{err}"
    );
}

/// `import` writes nothing unless every line can be written: two lines for one channel,
/// or a record whose status contradicts its game, are refused with the line numbers, and
/// the store stays empty. `export` of a directory with no store is an error, not an
/// empty export.
#[test]
fn import_refuses_duplicates_and_inconsistent_records_before_writing() {
    let a = tempfile::tempdir().unwrap();
    {
        let (core, _s) = core_on(a.path());
        start(&core, &chan("one"), "katro");
        ok(say(&core, &chan("one"), "alice", "!sow c1+"));
    }
    let out = run_export(a.path());
    let line = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_string();
    let import = |name: &str, text: String| {
        let file = a.path().join(name);
        std::fs::write(&file, text).unwrap();
        let b = tempfile::tempdir().unwrap();
        let out = run_import(b.path(), &file);
        assert!(!out.status.success());
        let listed = run_export(b.path());
        assert_eq!(
            String::from_utf8_lossy(&listed.stdout),
            "",
            "nothing may be written"
        );
        String::from_utf8_lossy(&out.stderr).to_string()
    };
    let other = line.replacen("\"c1+\"", "\"c1-\"", 1);
    let err = import("twice.jsonl", format!("{line}\n{other}\n"));
    assert!(
        err.contains(
            "lines 1 and 2 are both the record for channel guild-1/one; nothing was imported"
        ),
        "{err}"
    );
    let finished = line.replacen("\"status\":\"playing\"", "\"status\":\"finished\"", 1);
    assert_ne!(finished, line);
    let err = import("status.jsonl", format!("{finished}\n"));
    assert!(
        err.contains("line 1: game ")
            && err.contains(" in channel guild-1/one: status finished but the game goes on"),
        "{err}"
    );

    let missing = a.path().join("typo");
    let out = run_export(&missing);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no store at"));
    assert!(!missing.exists(), "export must not create a store");
}

/// Issue 12 item 5: a stored variant of a board no game has (N3, K1, H1), or a Hoyito
/// variant with the Katro lone-seed steps, is a typed error when read, never a variant
/// that could panic later.
#[test]
fn n3_stored_variants_of_no_game_are_refused_when_read() {
    use mancala_rules::Variant;
    let read = |json: &str| serde_json::from_str::<Variant>(json).map_err(|e| e.to_string());
    assert_eq!(
        read(r#"{"game":"katro:4x6","lone_steps":true}"#),
        Ok("katro:4x6"
            .parse::<Variant>()
            .unwrap()
            .with_lone_steps(true))
    );
    assert_eq!(
        read(r#"{"game":"katro:5x200"}"#).unwrap_err(),
        "bad game `katro:5x200`: Katro boards are 6x6, 4x6 and 4x4 (K1), not 5x200; expected \
         `katro`, `katro:4x6`, `katro:4x4`, `hoyito` or `hoyito:2xN` with N from 6 to 12"
    );
    assert!(read(r#"{"game":"hoyito:2x0"}"#)
        .unwrap_err()
        .contains("Hoyito boards have 6 to 12 holes per row (H1), not 0"));
    assert_eq!(
        read(r#"{"game":"hoyito","lone_steps":true}"#).unwrap_err(),
        "lone-seed steps (K11) are a Katro rule, not Hoyito's"
    );
    assert_eq!(
        Variant::katro(4, 5),
        Err(mancala_rules::VariantError::KatroBoard { rows: 4, cols: 5 })
    );
    // A stored match is read only on a Hoyito board, with its game on that board.
    let m = mancala_rules::Match::new(Variant::HOYITO).unwrap();
    let mut v = serde_json::to_value(&m).unwrap();
    serde_json::from_value::<mancala_rules::Match>(v.clone()).unwrap();
    v["variant"] = serde_json::json!({"game": "katro"});
    let e = serde_json::from_value::<mancala_rules::Match>(v.clone()).unwrap_err();
    assert!(
        e.to_string().contains("match play (M1-M4) is for Hoyito"),
        "{e}"
    );
    v["variant"] = serde_json::json!({"game": "hoyito:2x8"});
    let e = serde_json::from_value::<mancala_rules::Match>(v).unwrap_err();
    assert!(
        e.to_string()
            .contains("the match's game is not on its board, hoyito:2x8"),
        "{e}"
    );
}
