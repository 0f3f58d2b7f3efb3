//! The bot's files are its own (issue 33): the data directory is `0700`, and the store,
//! the snapshots, the pid file and the Matrix session `0600`. They are made so (the
//! process's umask is `077` from the moment the data directory is opened, and the files
//! the bot names itself are created with mode `0600`), and a directory left looser by an
//! older version or by hand is tightened at start, with one log line saying how many
//! entries were changed. Games, ratings and chat names are private data of the players,
//! and a snapshot is the whole community.
//!
//! No symbolic link is followed when writing: the pid file and a snapshot's temporary
//! file are created new, then renamed into place ([`mancala_bot::files`]), so a link
//! planted under their names points nowhere the bot writes.

use std::io::ErrorKind;
use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
use std::path::Path;

use anyhow::Context;

/// The mode of a directory the bot makes.
const DIR_MODE: u32 = 0o700;

/// Makes `data_dir` (and missing parents) `0700`, sets the process's umask to `077`, and
/// tightens every directory and file under `data_dir` and each of `also` (a snapshot
/// directory outside it) that group or others may read. Symbolic links are left as they
/// are and not followed (but `data_dir` itself may be one).
///
/// # Errors
/// `data_dir` cannot be created, or an entry's mode cannot be read or changed (naming it).
pub fn prepare(data_dir: &Path, also: &[&Path]) -> anyhow::Result<()> {
    // SAFETY: umask only sets the process's file mode creation mask; it cannot fail.
    unsafe {
        libc::umask(0o077);
    }
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(DIR_MODE)
        .create(data_dir)
        .with_context(|| format!("cannot create the data directory {}", data_dir.display()))?;
    let mut changed = tighten(data_dir, true)?;
    for dir in also.iter().filter(|d| !d.starts_with(data_dir)) {
        if dir.exists() {
            changed += tighten(dir, true)?;
        }
    }
    if changed > 0 {
        tracing::info!(
            data_dir = %data_dir.display(),
            entries = changed,
            "made the data directory private: group and others can no longer read {changed} entries (directories 0700, files 0600)"
        );
    }
    Ok(())
}

/// Removes group and other permissions from `path` and, for a directory, from everything
/// under it, without following symbolic links (`follow_root`: `path` itself may be one).
/// Returns how many entries were changed.
fn tighten(path: &Path, follow_root: bool) -> anyhow::Result<usize> {
    let meta = if follow_root {
        std::fs::metadata(path)
    } else {
        std::fs::symlink_metadata(path)
    };
    let meta = match meta {
        Ok(m) => m,
        // Removed meanwhile (a snapshot pruned, a temporary file renamed).
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(0),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    };
    if meta.file_type().is_symlink() {
        return Ok(0);
    }
    let mut changed = 0;
    let mode = meta.permissions().mode();
    if mode & 0o077 != 0 {
        // The owner's bits stay (a directory keeps its search bit); group's and
        // others' go.
        let want = mode & 0o7777 & !0o077;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(want))
            .with_context(|| format!("cannot make {} private", path.display()))?;
        changed += 1;
    }
    if meta.is_dir() {
        let entries =
            std::fs::read_dir(path).with_context(|| format!("cannot list {}", path.display()))?;
        for entry in entries {
            let entry = entry.with_context(|| format!("cannot list {}", path.display()))?;
            changed += tighten(&entry.path(), false)?;
        }
    }
    Ok(changed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    fn mode(p: &Path) -> u32 {
        std::fs::symlink_metadata(p).unwrap().permissions().mode() & 0o777
    }

    #[test]
    fn looser_entries_are_tightened_and_links_left_alone() {
        let top = tempfile::tempdir().unwrap();
        let data = top.path().join("data");
        let victim = top.path().join("victim");
        std::fs::write(&victim, "x").unwrap();
        std::fs::set_permissions(&victim, std::fs::Permissions::from_mode(0o644)).unwrap();
        std::fs::create_dir_all(data.join("store")).unwrap();
        std::fs::set_permissions(&data, std::fs::Permissions::from_mode(0o755)).unwrap();
        std::fs::write(data.join("store/db"), "s").unwrap();
        std::fs::set_permissions(
            data.join("store/db"),
            std::fs::Permissions::from_mode(0o664),
        )
        .unwrap();
        std::fs::write(data.join("script"), "s").unwrap();
        std::fs::set_permissions(data.join("script"), std::fs::Permissions::from_mode(0o755))
            .unwrap();
        symlink(&victim, data.join("link")).unwrap();
        prepare(&data, &[]).unwrap();
        assert_eq!(mode(&data), 0o700);
        assert_eq!(mode(&data.join("store")), 0o700);
        assert_eq!(mode(&data.join("store/db")), 0o600);
        assert_eq!(mode(&data.join("script")), 0o700, "owner's bits are kept");
        assert_eq!(mode(&victim), 0o644, "a link is not followed");
        assert_eq!(tighten(&data, true).unwrap(), 0, "nothing left to change");
    }

    #[test]
    fn a_new_directory_is_private() {
        let top = tempfile::tempdir().unwrap();
        let data = top.path().join("a/b");
        prepare(&data, &[]).unwrap();
        assert_eq!(mode(&data), 0o700);
    }
}
