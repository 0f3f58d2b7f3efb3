//! Issue 13 item 2: the PostgreSQL store through the binary and at open: the upgrade
//! path from sled (export, import, one community at a time), migrations applied once
//! by processes starting together, a newer schema refused, and errors that name the
//! database but never its password. Needs `$MANCALA_TEST_POSTGRES` (see
//! `contract.rs`).

use std::process::Command;
use std::sync::Arc;
use std::time::Duration;

use mancala_bot::core::{Core, ManualClock, Settings};
use mancala_bot::model::ChannelKey;
use mancala_bot::store::{PgStore, SledStore};

use crate::contract::Postgres;
use crate::core_chat::{ok, say, start, FakePainter};

const BIN: &str = env!("CARGO_BIN_EXE_mancala-bot");

fn at(community: &str, channel: &str) -> ChannelKey {
    ChannelKey {
        community: community.into(),
        channel: channel.into(),
    }
}

/// `mancala-bot ARGS` with `$MANCALA_POSTGRES_URL` set to `url`; (status ok, stdout,
/// stderr).
fn bot(url: &str, args: &[&str]) -> (bool, String, String) {
    let out = Command::new(BIN)
        .args(args)
        .env("MANCALA_POSTGRES_URL", url)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn postgres_upgrade_path_moves_a_sled_store_one_community_at_a_time() {
    let Some(pg) = Postgres::fresh("upgrade") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    {
        let store = Arc::new(SledStore::open(&data.join("store"), 8 << 20).unwrap());
        let clock = Arc::new(ManualClock::new(1_700_000_000_000));
        let core = Core::new(
            store,
            Arc::new(FakePainter::default()),
            clock,
            Settings::default(),
        );
        for community in ["111111111111111111", "222222222222222222"] {
            let (one, two) = (at(community, "one"), at(community, "two"));
            start(&core, &one, "katro");
            ok(say(&core, &one, "alice", "!sow c1+"));
            start(&core, &two, "hoyito");
            ok(say(&core, &two, "alice", "!sow a1"));
            ok(say(&core, &two, "bob", "!sow a2"));
            ok(say(&core, &two, "alice", "!resign"));
        }
    }
    let data = data.to_str().unwrap();
    // One community, then the other, then everything again (all present already).
    let mut moved = String::new();
    for (community, other) in [
        ("111111111111111111", "222222222222222222"),
        ("222222222222222222", "111111111111111111"),
    ] {
        let (done, lines, err) = bot(
            &pg.url,
            &["export", "--data", data, "--community", community],
        );
        assert!(done, "{err}");
        assert!(
            lines.contains(community) && !lines.contains(other),
            "{lines}"
        );
        let file = dir.path().join(format!("{community}.jsonl"));
        std::fs::write(&file, &lines).unwrap();
        let (done, _, err) = bot(&pg.url, &["import", "--postgres", file.to_str().unwrap()]);
        assert!(done, "{err}");
        assert!(
            err.contains("imported 2 records (0 already present)"),
            "{err}"
        );
        moved.push_str(&lines);
    }
    let (_, all, _) = bot(&pg.url, &["export", "--data", data]);
    let file = dir.path().join("all.jsonl");
    std::fs::write(&file, &all).unwrap();
    let (done, _, err) = bot(&pg.url, &["import", "--postgres", file.to_str().unwrap()]);
    assert!(done, "{err}");
    assert!(
        err.contains("imported 0 records (4 already present)"),
        "{err}"
    );
    // PostgreSQL now holds exactly what sled held, line for line.
    let (done, from_pg, err) = bot(&pg.url, &["export", "--postgres"]);
    assert!(done, "{err}");
    let sorted = |t: &str| {
        let mut l: Vec<String> = t.lines().map(String::from).collect();
        l.sort();
        l
    };
    assert_eq!(sorted(&from_pg), sorted(&all));
    assert_eq!(sorted(&moved), sorted(&all));
    // And the games go on there: a bot on PostgreSQL answers in the moved channel.
    let store = Arc::new(PgStore::open(&pg.url, 4, Duration::from_secs(10)).unwrap());
    let clock = Arc::new(ManualClock::new(1_700_000_100_000));
    let core = Core::new(
        store,
        Arc::new(FakePainter::default()),
        clock,
        Settings::default(),
    );
    let r = ok(say(
        &core,
        &at("111111111111111111", "one"),
        "bob",
        "!sow a6+",
    ));
    assert!(
        r.text().starts_with("bob (North) sowed a6+"),
        "{}",
        r.text()
    );
}

#[test]
fn postgres_migrates_once_when_processes_start_together_and_refuses_a_newer_schema() {
    let Some(pg) = Postgres::fresh("migrate") else {
        return;
    };
    let opened: Vec<bool> = std::thread::scope(|s| {
        let starts: Vec<_> = (0..8)
            .map(|_| s.spawn(|| PgStore::open(&pg.url, 2, Duration::from_secs(10)).is_ok()))
            .collect();
        starts.into_iter().map(|t| t.join().unwrap()).collect()
    });
    assert_eq!(opened, vec![true; 8]);
    let mut client = pg.client();
    let versions: Vec<i32> = client
        .query("SELECT version FROM mancala_schema ORDER BY version", &[])
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(versions, [1, 2]);
    client
        .execute("INSERT INTO mancala_schema (version) VALUES (99)", &[])
        .unwrap();
    let e = match PgStore::open(&pg.url, 2, Duration::from_secs(10)) {
        Ok(_) => panic!("a schema newer than the build was opened"),
        Err(e) => e.to_string(),
    };
    assert!(
        e.contains("its schema is version 99, newer than this build's 2: run a newer mancala-bot"),
        "{e}"
    );
}

#[test]
fn postgres_failures_name_the_database_and_never_the_password() {
    let Some(pg) = Postgres::fresh("failures") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config.toml");
    std::fs::write(&config, "[store]\nbackend = \"postgres\"\n").unwrap();
    let run = |url: Option<&str>| {
        let mut cmd = Command::new(BIN);
        cmd.args(["console", "--no-pictures", "--no-endgame", "--config"])
            .arg(&config)
            .arg("--data")
            .arg(dir.path())
            .env_remove("MANCALA_POSTGRES_URL");
        if let Some(url) = url {
            cmd.env("MANCALA_POSTGRES_URL", url);
        }
        let out = cmd.stdin(std::process::Stdio::null()).output().unwrap();
        assert_eq!(out.status.code(), Some(1));
        String::from_utf8(out.stderr).unwrap()
    };
    let e = run(None);
    assert!(
        e.contains("the store is PostgreSQL but $MANCALA_POSTGRES_URL is not set"),
        "{e}"
    );
    let e = run(Some("postgresql://mancala:hunter22@127.0.0.1:1/mancala"));
    assert!(
        e.contains("cannot open the store at postgresql://mancala@127.0.0.1:1/mancala: error connecting to server"),
        "{e}"
    );
    assert!(!e.contains("hunter22"), "{e}");
    let e = run(Some("not a url"));
    assert!(e.contains("it is not a connection string"), "{e}");
    // The same database through the config works: the console starts and answers.
    let mut cmd = Command::new(BIN);
    let out = cmd
        .args(["console", "--no-pictures", "--no-endgame", "--config"])
        .arg(&config)
        .arg("--data")
        .arg(dir.path())
        .env("MANCALA_POSTGRES_URL", &pg.url)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    let mut child = out;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"!new katro @bob\n/quit\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("alice challenges @bob"), "{text}");
}
