//! Live backups (issue 13 item 1), through the binary: a running bot writes a snapshot on
//! SIGUSR1 while `export` finds the store locked and names it; a store broken on purpose
//! stops `run` with the newest snapshot and the exact commands that restore it; those
//! commands bring back everything up to the snapshot.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_mancala-bot"));
    c.env_remove("DISCORD_TOKEN")
        .env_remove("MATRIX_HOMESERVER")
        .env("NO_COLOR", "1");
    c
}

fn wait_for(what: &str, mut done: impl FnMut() -> bool) {
    let since = Instant::now();
    while !done() {
        assert!(
            since.elapsed() < Duration::from_secs(30),
            "waited 30 s for {what}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn snapshots(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut v: Vec<_> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_default();
    v.retain(|p| p.extension().is_some_and(|x| x == "jsonl"));
    v.sort();
    v
}

#[test]
fn a_running_bot_snapshots_on_sigusr1_and_a_broken_store_is_restored_from_it() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let cfg = tmp.path().join("bot.toml");
    std::fs::write(&cfg, "[backup]\nevery_hours = 0\nkeep = 3\n").unwrap();
    let mut bot = bin()
        .args(["console", "--config"])
        .arg(&cfg)
        .arg("--data")
        .arg(&data)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let (tx, lines) = mpsc::channel();
    let out = bot.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(out).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let mut stdin = bot.stdin.take().unwrap();
    for line in [
        "!new katro @bob as south",
        "/as bob",
        "!accept",
        "/as alice",
        "!sow c1+",
    ] {
        writeln!(stdin, "{line}").unwrap();
    }
    let mut seen = String::new();
    wait_for("the move", || {
        while let Ok(l) = lines.try_recv() {
            seen.push_str(&l);
            seen.push('\n');
        }
        seen.contains("sowed c1+")
    });
    let pid = std::fs::read_to_string(data.join("mancala-bot.pid")).unwrap();
    let pid = pid.trim().to_string();
    assert_eq!(pid, bot.id().to_string());

    // A snapshot at start (hosting bug 4), then one now, while the bot runs.
    let backups = data.join("backups");
    wait_for("the snapshot at start", || !snapshots(&backups).is_empty());
    assert!(Command::new("kill")
        .args(["-USR1", &pid])
        .status()
        .unwrap()
        .success());
    wait_for("the snapshot", || snapshots(&backups).len() == 2);
    let snap = snapshots(&backups).pop().unwrap();
    let text = std::fs::read_to_string(&snap).unwrap();
    assert!(text.contains("\"c1+\""), "the move is in the snapshot");

    // export on the live directory asks the bot for a fresh snapshot and gives it,
    // saying so (hosting bug 4: it answered "no snapshot yet" or "in use").
    let out = bin()
        .args(["export", "--data"])
        .arg(&data)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    let snap = snapshots(&backups).pop().unwrap();
    assert_eq!(snapshots(&backups).len(), 3, "a fresh one was taken");
    assert_eq!(
        err.trim(),
        format!(
            "the store is in use by the running bot (pid {pid}): exported a snapshot it took \
             now, {}",
            snap.display()
        )
    );
    let text = std::fs::read_to_string(&snap).unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), text);
    assert!(String::from_utf8_lossy(&out.stdout).contains("\"c1+\""));

    // The bot stops; its pid file goes with it.
    drop(stdin);
    assert!(bot.wait().unwrap().success());
    assert!(!data.join("mancala-bot.pid").exists());

    // The store is broken on purpose: every file of it overwritten with junk.
    for entry in walk(&data.join("store")) {
        std::fs::write(&entry, b"not a sled store, junk junk junk").unwrap();
    }
    let out = bin()
        .args(["console", "--config"])
        .arg(&cfg)
        .arg("--data")
        .arg(&data)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(!err.contains("panicked"), "{err}");
    let store = data.join("store");
    let restore = format!(
        "mv {s} {s}.broken && mancala-bot import --data {d} {snap}",
        s = store.display(),
        d = data.display(),
        snap = snap.display()
    );
    assert!(
        err.contains(&format!("the newest snapshot is {}", snap.display())),
        "{err}"
    );
    assert!(err.contains(&restore), "{err}");

    // The commands it names restore everything up to the snapshot.
    std::fs::rename(&store, data.join("store.broken")).unwrap();
    let out = bin()
        .args(["import", "--data"])
        .arg(&data)
        .arg(&snap)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let out = bin()
        .args(["export", "--data"])
        .arg(&data)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        text,
        "nothing lost up to the snapshot"
    );
}

/// Every file under `dir`.
fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap().filter_map(|e| e.ok()) {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

/// A store whose files sled cannot read is refused, not opened as a new empty store over
/// them (sled's own behaviour, which would lose every game silently).
#[test]
fn damaged_store_files_are_refused_not_replaced_by_an_empty_store() {
    let tmp = tempfile::tempdir().unwrap();
    let store = tmp.path().join("store");
    {
        let s = mancala_bot::store::SledStore::open(&store, 1 << 20).unwrap();
        drop(s);
    }
    for f in ["conf", "db"] {
        std::fs::write(store.join(f), b"junk").unwrap();
    }
    let e = match mancala_bot::store::SledStore::open(&store, 1 << 20) {
        Ok(_) => panic!("a damaged store was opened"),
        Err(e) => e.to_string(),
    };
    assert!(e.contains("its files are damaged"), "{e}");
    // A new directory is a new store, as before.
    assert!(mancala_bot::store::SledStore::open(&tmp.path().join("new"), 1 << 20).is_ok());
}

/// Hosting bug 4: a snapshot is taken at start and logged with its path, size and
/// games; `.tmp` files of an interrupted snapshot are removed at start.
#[test]
fn a_snapshot_is_taken_and_logged_at_start_and_stale_tmp_files_go() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let backups = data.join("backups");
    std::fs::create_dir_all(&backups).unwrap();
    let stale = backups.join(".snapshot-20240101T000000.000Z.jsonl.tmp");
    std::fs::write(&stale, b"{\"half\":").unwrap();
    let mut bot = bin()
        .args(["console", "--no-pictures", "--no-endgame", "--data"])
        .arg(&data)
        .env("RUST_LOG", "warn,mancala_bot=info")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for("the snapshot at start", || snapshots(&backups).len() == 1);
    assert!(!stale.exists(), "the stale .tmp was removed");
    drop(bot.stdin.take());
    let out = bot.wait_with_output().unwrap();
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    let snap = snapshots(&backups).remove(0);
    let bytes = std::fs::metadata(&snap).unwrap().len();
    let line = err
        .lines()
        .find(|l| l.contains("snapshot written"))
        .unwrap_or_else(|| panic!("no snapshot line in {err}"));
    assert!(line.contains(&format!("path={}", snap.display())), "{line}");
    assert!(line.contains(&format!("bytes={bytes}")), "{line}");
    assert!(line.contains("games_in_play=0 games_finished=0"), "{line}");
    assert!(err.contains("removed unfinished snapshots"), "{err}");
}
