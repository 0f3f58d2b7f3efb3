//! Live backups (issue 13): the running bot writes snapshots of its store in the export
//! format ([`mancala_bot::core::backup::export`]), each as of one instant
//! ([`Store::quiesced`]), to a temporary file renamed into place, keeping the newest
//! few. `import` restores one. A snapshot is taken every `backup.every_hours`, at once
//! on SIGUSR1 (`kill -USR1 $(cat DATA_DIR/mancala-bot.pid)`), and the commands that find
//! the store locked or broken name the newest one.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::Context;
use mancala_bot::core::backup;
use mancala_bot::store::Store;

/// The name of the file holding the running bot's process id, in the data directory.
pub const PID_FILE: &str = "mancala-bot.pid";

/// Snapshot files are `snapshot-YYYYMMDDTHHMMSS.mmmZ.jsonl`: sorted by name, oldest first.
const PREFIX: &str = "snapshot-";
const SUFFIX: &str = ".jsonl";

/// A snapshot written: its file, its size in bytes, and the games in the store then
/// (in play or challenged, and finished).
#[derive(Debug)]
pub struct Written {
    /// The snapshot file.
    pub path: PathBuf,
    /// Its size.
    pub bytes: u64,
    /// Channel records (games in play and challenges) when it was taken.
    pub in_play: usize,
    /// Finished games when it was taken.
    pub finished: usize,
}

/// Writes a snapshot of `store` into `dir` (created if missing), named by `now_ms`, then
/// removes the oldest snapshots beyond `keep`. The file is written as `.NAME.tmp`,
/// synced, renamed into place, and the directory synced, so that a snapshot's name
/// always holds a whole snapshot, even after a power cut.
///
/// # Errors
/// The directory or file cannot be written, or the store cannot be read; a partial file
/// is never left under a snapshot's name (nor its `.tmp`).
pub fn write(store: &dyn Store, dir: &Path, now_ms: u64, keep: usize) -> anyhow::Result<Written> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let name = format!("{PREFIX}{}{SUFFIX}", stamp(now_ms));
    let path = dir.join(&name);
    let tmp = dir.join(format!(".{name}.tmp"));
    let file = mancala_bot::files::create_new(&tmp)
        .with_context(|| format!("cannot write {}", tmp.display()))?;
    let mut out = std::io::BufWriter::new(file);
    let mut result = Ok(());
    let mut counts = (0, 0);
    let read = store.quiesced(&mut || {
        counts = store.counts();
        result = backup::export(store, &mut out);
        Ok(())
    });
    let written = read
        .map_err(anyhow::Error::new)
        .and_then(|()| result.map_err(anyhow::Error::new))
        .and_then(|()| out.flush().map_err(anyhow::Error::new))
        .and_then(|()| {
            out.get_ref().sync_all()?;
            Ok(())
        });
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(e.context(format!("writing the snapshot {}", path.display())));
    }
    let bytes = out.get_ref().metadata().map_or(0, |m| m.len());
    drop(out);
    if let Err(e) = std::fs::rename(&tmp, &path) {
        let _ = std::fs::remove_file(&tmp);
        return Err(anyhow::Error::new(e).context(format!("cannot rename to {}", path.display())));
    }
    prune(dir, keep)?;
    sync_dir(dir)?;
    Ok(Written {
        path,
        bytes,
        in_play: counts.0,
        finished: counts.1,
    })
}

/// Syncs the directory `dir`, so that the renames and removals in it are durable.
fn sync_dir(dir: &Path) -> anyhow::Result<()> {
    std::fs::File::open(dir)
        .and_then(|d| d.sync_all())
        .with_context(|| format!("cannot sync the directory {}", dir.display()))
}

/// Removes the `.tmp` files an interrupted snapshot left in `dir` (a crash or a full
/// disk in the middle of one); the number removed.
pub fn remove_stale(dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    let mut removed = 0;
    for e in entries.filter_map(|e| e.ok()) {
        let name = e.file_name().to_string_lossy().into_owned();
        if name.starts_with(&format!(".{PREFIX}"))
            && name.ends_with(".tmp")
            && std::fs::remove_file(e.path()).is_ok()
        {
            removed += 1;
        }
    }
    removed
}

/// `YYYYMMDDTHHMMSS.mmmZ` in UTC.
fn stamp(ms: u64) -> String {
    let t = jiff::Timestamp::from_millisecond(i64::try_from(ms).unwrap_or(i64::MAX))
        .unwrap_or(jiff::Timestamp::MAX);
    t.strftime("%Y%m%dT%H%M%S.%3fZ").to_string()
}

/// The snapshots in `dir`, oldest first.
pub fn list(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<PathBuf> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(PREFIX) && n.ends_with(SUFFIX))
        })
        .collect();
    found.sort();
    found
}

/// The newest snapshot in `dir`, if any.
pub fn newest(dir: &Path) -> Option<PathBuf> {
    list(dir).pop()
}

/// Removes the oldest snapshots in `dir` beyond the newest `keep`.
fn prune(dir: &Path, keep: usize) -> anyhow::Result<()> {
    let all = list(dir);
    let extra = all.len().saturating_sub(keep);
    for old in &all[..extra] {
        std::fs::remove_file(old).with_context(|| format!("cannot remove {}", old.display()))?;
    }
    Ok(())
}

/// What to tell someone whose store cannot be used: the newest snapshot in `dir` and the
/// commands that restore it into `data_dir` (the broken store moved aside, not deleted).
pub fn restore_hint(dir: &Path, data_dir: &Path) -> String {
    match newest(dir) {
        Some(snap) => format!(
            "the newest snapshot is {snap}; to restore it: mv {store} {store}.broken && \
             mancala-bot import --data {data} {snap}",
            snap = snap.display(),
            store = data_dir.join("store").display(),
            data = data_dir.display()
        ),
        None => format!("there is no snapshot in {}", dir.display()),
    }
}

/// The process id in `data_dir`'s pid file, when that process runs and is a
/// mancala-bot (its executable's or first argument's name says so: a pid file left by a
/// crash may name a process that has since taken the number, which must not be sent a
/// signal).
pub fn running_bot(data_dir: &Path) -> Option<i32> {
    let pid: i32 = std::fs::read_to_string(data_dir.join(PID_FILE))
        .ok()?
        .trim()
        .parse()
        .ok()?;
    if pid <= 0 {
        return None;
    }
    let proc_dir = PathBuf::from(format!("/proc/{pid}"));
    let exe = std::fs::read_link(proc_dir.join("exe")).ok();
    let argv0 = std::fs::read(proc_dir.join("cmdline"))
        .ok()
        .and_then(|c| c.split(|&b| b == 0).next().map(<[u8]>::to_vec))
        .map(|a| PathBuf::from(String::from_utf8_lossy(&a).into_owned()));
    let is_bot = |p: &Option<PathBuf>| {
        p.as_ref()
            .and_then(|p| p.file_name())
            .is_some_and(|n| n.to_string_lossy().starts_with("mancala-bot"))
    };
    (is_bot(&exe) || is_bot(&argv0)).then_some(pid)
}

/// Asks the running bot `pid` for a snapshot now (SIGUSR1) and waits up to `wait` for
/// it to appear in `dir`: the new file.
///
/// # Errors
/// Why there is none: the signal could not be sent, or no new snapshot came in time.
pub fn ask_fresh(pid: i32, dir: &Path, wait: Duration) -> Result<PathBuf, String> {
    let before = newest(dir);
    // SAFETY: kill(2) has no memory effects; `pid` was checked to be a mancala-bot.
    if unsafe { libc::kill(pid, libc::SIGUSR1) } != 0 {
        return Err(format!(
            "it could not be asked for one ({})",
            std::io::Error::last_os_error()
        ));
    }
    let deadline = std::time::Instant::now() + wait;
    while std::time::Instant::now() < deadline {
        match newest(dir) {
            Some(n) if Some(&n) != before.as_ref() => return Ok(n),
            _ => std::thread::sleep(Duration::from_millis(50)),
        }
    }
    Err(format!("it wrote no snapshot within {} s", wait.as_secs()))
}

/// Takes snapshots of `store` into `dir` every `every` (none when `None`), keeping the
/// newest `keep`, and whenever `now` receives a message, until the sender is dropped;
/// logs each, and each failure (the bot goes on). Each is written and logged holding
/// `writing`, which the exit waits for.
pub fn run_periodic(
    store: &dyn Store,
    dir: &Path,
    (keep, every): (usize, Option<Duration>),
    now: &std::sync::mpsc::Receiver<()>,
    clock: &dyn Fn() -> u64,
    writing: &std::sync::Mutex<()>,
) {
    let stale = remove_stale(dir);
    if stale > 0 {
        tracing::info!(dir = %dir.display(), files = stale, "removed unfinished snapshots");
    }
    loop {
        let wait = every.unwrap_or(Duration::from_secs(365 * 24 * 3600));
        match now.recv_timeout(wait) {
            Ok(()) | Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => return,
        }
        let _writing = writing.lock().unwrap_or_else(|e| e.into_inner());
        match write(store, dir, clock(), keep) {
            Ok(w) => tracing::info!(
                path = %w.path.display(),
                bytes = w.bytes,
                games_in_play = w.in_play,
                games_finished = w.finished,
                "snapshot written"
            ),
            Err(e) => tracing::error!("snapshot failed: {e:#}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_bot::store::MemoryStore;

    #[test]
    fn snapshots_are_named_by_time_rotated_and_never_partial() {
        let dir = tempfile::tempdir().unwrap();
        let store = MemoryStore::new();
        let mut made = Vec::new();
        for i in 0..5u64 {
            made.push(
                write(&store, dir.path(), 1_700_000_000_000 + i * 1000, 3)
                    .unwrap()
                    .path,
            );
        }
        assert_eq!(list(dir.path()), made[2..].to_vec(), "the newest 3 kept");
        assert_eq!(
            made[4].file_name().unwrap().to_str().unwrap(),
            "snapshot-20231114T221324.000Z.jsonl"
        );
        assert_eq!(newest(dir.path()).as_ref(), Some(&made[4]));
        let names: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
            .collect();
        assert!(names.iter().all(|n| !n.ends_with(".tmp")), "{names:?}");
        std::fs::write(
            dir.path().join(".snapshot-20231114T221324.000Z.jsonl.tmp"),
            b"{",
        )
        .unwrap();
        assert_eq!(remove_stale(dir.path()), 1);
        assert_eq!(list(dir.path()), made[2..].to_vec(), "snapshots kept");
        let hint = restore_hint(dir.path(), Path::new("/srv/bot"));
        assert!(
            hint.contains(
                "mv /srv/bot/store /srv/bot/store.broken && mancala-bot import --data /srv/bot "
            ),
            "{hint}"
        );
    }

    /// Issue 33: a link planted under the name of a snapshot's temporary file is
    /// replaced, never written through, and the snapshot is readable by its owner only.
    #[test]
    fn a_planted_link_at_the_temporary_name_is_not_followed() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim");
        std::fs::write(&victim, "keep").unwrap();
        let snaps = dir.path().join("backups");
        std::fs::create_dir(&snaps).unwrap();
        std::os::unix::fs::symlink(
            &victim,
            snaps.join(".snapshot-20231114T221324.000Z.jsonl.tmp"),
        )
        .unwrap();
        let made = write(&MemoryStore::new(), &snaps, 1_700_000_004_000, 3).unwrap();
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep");
        let mode = std::fs::metadata(&made.path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }
}
