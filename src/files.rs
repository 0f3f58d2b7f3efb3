//! Files the bot writes for itself (the pid file, snapshots, the Matrix session, its
//! recovery key and its record of inviters): readable by their owner only (`0600`),
//! created new without following a symbolic link (`O_CREAT | O_EXCL | O_NOFOLLOW`) and
//! renamed into place, so that a link planted under their names points nowhere the bot
//! writes and a reader never sees half a file (issue 33).

use std::fs::{File, OpenOptions};
use std::io::{ErrorKind, Write as _};
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

/// The mode of every file the bot writes for itself.
const FILE_MODE: u32 = 0o600;

/// Creates `path` as a new file of mode `0600`, after removing what was there (a file or
/// a symbolic link, never what a link points to); fails rather than follow a link made
/// between the two.
///
/// # Errors
/// What was there cannot be removed, or the file cannot be created.
pub fn create_new(path: &Path) -> std::io::Result<File> {
    match std::fs::remove_file(path) {
        Ok(()) => {}
        Err(e) if e.kind() == ErrorKind::NotFound => {}
        Err(e) => return Err(e),
    }
    OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(FILE_MODE)
        .custom_flags(libc::O_NOFOLLOW)
        .open(path)
}

/// Writes `bytes` to `path` through a new temporary file `.NAME.tmp` beside it
/// ([`create_new`]), synced, then renamed over `path`: a symbolic link at `path` is
/// replaced, not followed.
///
/// # Errors
/// The temporary file cannot be written or renamed (it is removed then).
pub fn write_new(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = path.with_file_name(format!(".{name}.tmp"));
    let written = create_new(&tmp).and_then(|mut f| {
        f.write_all(bytes)?;
        f.sync_all()
    });
    let done = written.and_then(|()| std::fs::rename(&tmp, path));
    if done.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    done
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::{symlink, PermissionsExt};

    fn mode(p: &Path) -> u32 {
        std::fs::symlink_metadata(p).unwrap().permissions().mode() & 0o777
    }

    #[test]
    fn writing_replaces_a_planted_link_and_never_writes_through_it() {
        let top = tempfile::tempdir().unwrap();
        let victim = top.path().join("victim");
        std::fs::write(&victim, "keep").unwrap();
        let pid = top.path().join("mancala-bot.pid");
        symlink(&victim, &pid).unwrap();
        symlink(&victim, top.path().join(".mancala-bot.pid.tmp")).unwrap();
        write_new(&pid, b"42\n").unwrap();
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep");
        assert_eq!(std::fs::read_to_string(&pid).unwrap(), "42\n");
        assert!(!std::fs::symlink_metadata(&pid)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(mode(&pid), 0o600);
        assert!(!top.path().join(".mancala-bot.pid.tmp").exists());
    }
}
