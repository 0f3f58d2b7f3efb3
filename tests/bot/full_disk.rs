//! Hosting bug 7: a full or read-only disk. Each test mounts a small tmpfs of its own
//! (as root: CI and these machines run tests as root; a failed mount fails the test, it
//! never skips), fills it or makes it read-only, and checks that the bot keeps running,
//! keeps every move it said it played, says what failed, and recovers when space
//! returns.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_mancala-bot");

/// A tmpfs of `size` mounted on a fresh directory; unmounted when dropped.
struct Tmpfs {
    _dir: tempfile::TempDir,
    at: PathBuf,
}

impl Tmpfs {
    fn new(size: &str) -> Tmpfs {
        let dir = tempfile::tempdir().unwrap();
        let at = dir.path().join("mnt");
        std::fs::create_dir(&at).unwrap();
        let out = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(&at)
            .output()
            .expect("mount(8) runs");
        assert!(
            out.status.success(),
            "these tests mount a tmpfs and need root: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        Tmpfs { _dir: dir, at }
    }

    /// Fills the disk to the last byte with a file, returned.
    fn fill(&self) -> PathBuf {
        let path = self.at.join("filler");
        let mut f = std::fs::File::create(&path).unwrap();
        let block = vec![0u8; 4096];
        while f.write_all(&block).is_ok() {}
        let _ = f.sync_all();
        path
    }

    fn remount(&self, mode: &str) {
        let out = Command::new("mount")
            .args(["-o", &format!("remount,{mode}")])
            .arg(&self.at)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.at).status();
    }
}

/// Runs the console on `data` with `input`: (exit code, standard output, standard error).
fn console(data: &Path, input: &str) -> (Option<i32>, String, String) {
    let out = crate::piped::with_input(
        Command::new(BIN)
            .args(["console", "--no-endgame", "--no-pictures", "--data"])
            .arg(data)
            .env_remove("DISCORD_TOKEN")
            .env("NO_COLOR", "1"),
        input,
    );
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

const START: &str = "!new katro:4x4 @bob as south\n/as bob\n!accept\n/as alice\n";

/// The console used to end at the first picture it could not write: now the move
/// stands, the reply says the pictures failed, and the session goes on; with space
/// back, pictures are written again.
#[test]
fn a_full_disk_costs_the_pictures_not_the_move_nor_the_console() {
    use std::io::{BufRead, BufReader};
    let disk = Tmpfs::new("3m");
    let data = disk.at.join("data");
    let mut child = Command::new(BIN)
        .args(["console", "--no-endgame", "--data"])
        .arg(&data)
        .env_remove("DISCORD_TOKEN")
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (tx, lines) = std::sync::mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let mut stdin = child.stdin.take().unwrap();
    let mut seen = String::new();
    let until = |want: &str, seen: &mut String| loop {
        let line = lines
            .recv_timeout(std::time::Duration::from_secs(60))
            .unwrap_or_else(|_| panic!("no {want:?} in:\n{seen}"));
        seen.push_str(&line);
        seen.push('\n');
        if line.contains(want) {
            return;
        }
    };
    write!(stdin, "{START}").unwrap();
    until("image: ", &mut seen);
    until("South to move", &mut seen);
    // The disk fills while the bot runs.
    let filler = disk.fill();
    writeln!(stdin, "!sow b1+").unwrap();
    until("could not be written", &mut seen);
    assert!(seen.contains("sowed b1+"), "the move stands: {seen}");
    writeln!(stdin, "/as bob\n!moves").unwrap();
    until("Legal moves for bob", &mut seen);
    std::fs::remove_file(filler).unwrap();
    let before = seen.matches("image: ").count();
    writeln!(stdin, "!board").unwrap();
    until("image: ", &mut seen);
    assert!(seen.matches("image: ").count() > before, "pictures again");
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// sled opened on a full disk left a half-made snapshot of its own that the next start
/// read as corrupted data, refusing the store for good. Now the start on a full disk
/// says the disk is full (not "restore a snapshot"), and once space returns the store
/// opens with every game.
#[test]
fn a_start_on_a_full_disk_says_so_and_the_store_opens_when_space_returns() {
    let disk = Tmpfs::new("3m");
    let data = disk.at.join("data");
    let (code, _, err) = console(&data, &format!("{START}!sow b1+\n"));
    assert_eq!(code, Some(0), "{err}");
    let filler = disk.fill();
    for _ in 0..2 {
        let (code, _, err) = console(&data, "!board\n");
        assert_eq!(code, Some(1), "{err}");
        assert!(err.contains("is full or read-only"), "{err}");
        assert!(
            !err.contains("to restore it"),
            "no restore for a full disk: {err}"
        );
    }
    std::fs::remove_file(filler).unwrap();
    let (code, out, err) = console(&data, "/as bob\n!board\n");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("(North) to move"), "the game is there: {out}");
}

/// A read-only data directory: the start is refused naming it, nothing is damaged, and
/// the store opens once the directory is writable again.
#[test]
fn a_read_only_data_directory_is_refused_and_harmless() {
    let disk = Tmpfs::new("8m");
    let data = disk.at.join("data");
    let (code, _, err) = console(&data, &format!("{START}!sow b1+\n"));
    assert_eq!(code, Some(0), "{err}");
    disk.remount("ro");
    let (code, _, err) = console(&data, "!board\n");
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("is full or read-only"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    disk.remount("rw");
    let (code, out, err) = console(&data, "/as bob\n!board\n");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("(North) to move"), "{out}");
}

/// The endgame tables' cache on a full disk: the save fails and leaves no `.tmp`.
#[test]
fn endgame_tables_that_cannot_be_saved_leave_no_temporary_file() {
    let disk = Tmpfs::new("1m");
    let path = disk.at.join("tables.bin");
    let tables = mancala_ai::endgame::Tables::build(4).unwrap();
    let filler = disk.fill();
    assert!(tables.save(&path).is_err());
    let left: Vec<_> = std::fs::read_dir(&disk.at)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|n| n != "filler")
        .collect();
    assert!(left.is_empty(), "left behind: {left:?}");
    std::fs::remove_file(filler).unwrap();
    tables.save(&path).unwrap();
    assert!(path.exists());
}
