//! Hosting bug 1: a start that writes nothing must leave a store that the next start
//! opens. Every way a start can end before a command is tried (quit at once, end of
//! input, a Discord token refused, SIGTERM, SIGKILL at random moments), each followed
//! by starts that must open the store; real damage is still refused by name.

use std::io::{Read, Write};
use std::net::TcpListener;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const BIN: &str = env!("CARGO_BIN_EXE_mancala-bot");

fn bin() -> Command {
    let mut c = Command::new(BIN);
    c.env_remove("DISCORD_TOKEN")
        .env_remove("MATRIX_HOMESERVER")
        .env("NO_COLOR", "1")
        .env("RUST_LOG", "warn");
    c
}

/// `mancala-bot console` on `data` with `input`, text only and no endgame tables.
fn console(data: &Path) -> Command {
    let mut c = bin();
    c.arg("console")
        .arg("--data")
        .arg(data)
        .args(["--no-pictures", "--no-endgame"]);
    c
}

/// Runs the console on `data` with `input`; panics unless it exits 0.
fn console_says(data: &Path, input: &str) -> String {
    let out = crate::piped::with_input(&mut console(data), input);
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    );
    assert!(
        out.status.success(),
        "the console on {} failed: {stderr}",
        data.display()
    );
    stdout
}

/// The store of `data` opens, and a game can be started and read back in it.
fn store_works(data: &Path) {
    let out = console_says(data, "/channel check\n!new katro ai level 1\n!board\n");
    assert!(out.contains("mancala-bot (level 1"), "{out}");
}

#[test]
fn quitting_at_once_twice_leaves_a_store_that_opens() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    console_says(&data, "/quit\n");
    console_says(&data, "/quit\n");
    console_says(&data, "");
    store_works(&data);
    let out = console_says(&data, "/channel check\n!board\n");
    assert!(
        out.contains("mancala-bot (level 1"),
        "the game was kept: {out}"
    );
}

/// A one-shot HTTP server on 127.0.0.1 answering every request with 401, as Discord
/// answers a revoked token; its base URL.
fn refusing_discord() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten().take(8) {
            let mut stream = stream;
            let _ = stream.set_read_timeout(Some(Duration::from_secs(2)));
            let mut buf = [0u8; 8192];
            let _ = stream.read(&mut buf);
            let body = r#"{"message": "401: Unauthorized", "code": 0}"#;
            let _ = write!(
                stream,
                "HTTP/1.1 401 Unauthorized\r\ncontent-type: application/json\r\n\
                 content-length: {}\r\nconnection: close\r\n\r\n{body}",
                body.len()
            );
        }
    });
    format!("http://{addr}")
}

#[test]
fn a_refused_token_leaves_a_store_that_opens() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let cfg = tmp.path().join("config.toml");
    std::fs::write(
        &cfg,
        format!(
            "[ai]\nendgame = false\n[discord]\napi_base = \"{}\"\n",
            refusing_discord()
        ),
    )
    .unwrap();
    for _ in 0..2 {
        let out = bin()
            .arg("run")
            .arg("--config")
            .arg(&cfg)
            .arg("--data")
            .arg(&data)
            .env(
                "DISCORD_TOKEN",
                "ODAwMDAwMDAwMDAwMDAwMDAx.Gfake0.s3cr3t-t0k3n-n0t-t0-b3-l0gg3d",
            )
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains("rejected") || err.contains("401"), "{err}");
    }
    store_works(&data);
}

/// Sends `signal` to the process `pid`.
fn signal(pid: u32, signal: i32) {
    let pid = i32::try_from(pid).unwrap();
    // SAFETY: kill(2) with a child's pid has no memory effects.
    assert_eq!(unsafe { libc::kill(pid, signal) }, 0);
}

/// Starts the console on `data` with its standard input held open, waits `after`, sends
/// `sig`, and waits for it to end.
fn interrupt_start(data: &Path, after: Duration, sig: i32) {
    let mut child = console(data)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(after);
    signal(child.id(), sig);
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        if child.try_wait().unwrap().is_some() {
            return;
        }
        assert!(Instant::now() < deadline, "the console did not stop");
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn sigterm_during_start_up_leaves_a_store_that_opens() {
    let tmp = tempfile::tempdir().unwrap();
    for ms in [0, 5, 20, 60, 150] {
        let data = tmp.path().join(format!("data-{ms}"));
        interrupt_start(&data, Duration::from_millis(ms), libc::SIGTERM);
        interrupt_start(&data, Duration::from_millis(ms), libc::SIGTERM);
        store_works(&data);
    }
}

/// 100 starts killed with SIGKILL at random moments of start-up (0 to 250 ms), each on
/// a fresh data directory or on the one the last kill left; after each, the store opens.
/// `FRESH_STORE_SEED` replays a run (the seed is printed).
#[test]
fn sigkill_at_random_moments_of_start_up_never_leaves_a_store_that_fails() {
    let seed = std::env::var("FRESH_STORE_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(rand::random::<u64>);
    eprintln!("FRESH_STORE_SEED={seed}");
    let mut rng = StdRng::seed_from_u64(seed);
    let tmp = tempfile::tempdir().unwrap();
    let mut data = tmp.path().join("data-0");
    for round in 0..100 {
        if rng.gen_bool(0.5) {
            data = tmp.path().join(format!("data-{round}"));
        }
        let ms = rng.gen_range(0..250);
        interrupt_start(&data, Duration::from_millis(ms), libc::SIGKILL);
        if round % 10 == 9 {
            // A whole session now and then; otherwise a start that ends at once.
            store_works(&data);
        } else {
            console_says(&data, "");
        }
    }
    store_works(&data);
}

/// Real damage is still refused, by name and with the way back (the other half of the
/// bug: detection must stay).
#[test]
fn garbled_or_truncated_store_files_are_still_refused() {
    let tmp = tempfile::tempdir().unwrap();
    for damage in ["garbled", "truncated"] {
        let data = tmp.path().join(damage);
        store_works(&data);
        let db = data.join("store").join("db");
        match damage {
            "garbled" => {
                let mut bytes = std::fs::read(&db).unwrap();
                for b in bytes.iter_mut().take(4096) {
                    *b ^= 0x5a;
                }
                std::fs::write(&db, bytes).unwrap();
                for f in std::fs::read_dir(data.join("store")).unwrap() {
                    let p = f.unwrap().path();
                    if p.file_name()
                        .unwrap()
                        .to_string_lossy()
                        .starts_with("snap.")
                    {
                        std::fs::write(&p, b"garbage").unwrap();
                    }
                }
            }
            _ => {
                std::fs::OpenOptions::new()
                    .write(true)
                    .open(&db)
                    .unwrap()
                    .set_len(0)
                    .unwrap();
                for f in std::fs::read_dir(data.join("store")).unwrap() {
                    let p = f.unwrap().path();
                    if p.file_name()
                        .unwrap()
                        .to_string_lossy()
                        .starts_with("snap.")
                    {
                        std::fs::remove_file(&p).unwrap();
                    }
                }
            }
        }
        let out = console(&data).stdin(Stdio::null()).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{damage}: {err}");
        assert!(err.contains("its files are damaged"), "{damage}: {err}");
        assert!(err.contains("snapshot"), "{damage}: the way back: {err}");
    }
}
