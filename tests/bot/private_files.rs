//! Issue 33: the data directory is the bot's alone. A directory left readable by group
//! and others (an older version, a host's `umask 022`, a copy by hand) is made `0700`
//! with its files `0600` at start; what the bot makes is private from the start; and a
//! symbolic link planted under the pid file's names is replaced, never written through.

use std::os::unix::fs::{symlink, PermissionsExt};
use std::path::Path;
use std::process::Command;

/// The permission bits of `p` itself (a link is not followed).
fn mode(p: &Path) -> u32 {
    std::fs::symlink_metadata(p).unwrap().permissions().mode() & 0o777
}

/// Every entry under `dir` (not following links) with group or other bits, as
/// `path mode` lines.
fn open_to_others(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let p = entry.unwrap().path();
        let meta = std::fs::symlink_metadata(&p).unwrap();
        if meta.file_type().is_symlink() {
            continue;
        }
        if meta.permissions().mode() & 0o077 != 0 {
            out.push(format!("{} {:o}", p.display(), mode(&p)));
        }
        if meta.is_dir() {
            out.extend(open_to_others(&p));
        }
    }
    out
}

fn console(data: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_mancala-bot"));
    c.arg("console")
        .arg("--data")
        .arg(data)
        .args(["--no-pictures", "--no-endgame"])
        .env_remove("DISCORD_TOKEN")
        .env_remove("MATRIX_HOMESERVER")
        .env("NO_COLOR", "1")
        .env("RUST_LOG", "info");
    c
}

fn run(data: &Path, input: &str) -> String {
    let out = crate::piped::with_input(&mut console(data), input);
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(out.status.success(), "{stderr}");
    stderr
}

#[test]
fn a_new_data_directory_is_private_from_the_start() {
    let top = tempfile::tempdir().unwrap();
    let data = top.path().join("data");
    run(&data, "!new katro @bob\n/quit\n");
    assert_eq!(mode(&data), 0o700);
    // The snapshot at start is taken beside the console, and may not be written yet
    // when it quits: what is there is checked, the store always.
    assert!(data.join("store").is_dir());
    assert_eq!(open_to_others(&data), Vec::<String>::new());
}

#[test]
fn a_loose_data_directory_is_tightened_at_start_and_links_are_not_followed() {
    let top = tempfile::tempdir().unwrap();
    let data = top.path().join("data");
    run(&data, "!new katro @bob\n/quit\n");
    // As an older version under `umask 022` left it.
    let loosen = |p: &Path| {
        let m = if p.is_dir() { 0o755 } else { 0o644 };
        std::fs::set_permissions(p, std::fs::Permissions::from_mode(m)).unwrap();
    };
    loosen(&data);
    for sub in ["store", "backups"]
        .iter()
        .filter(|s| data.join(s).is_dir())
    {
        loosen(&data.join(sub));
        for e in std::fs::read_dir(data.join(sub)).unwrap() {
            loosen(&e.unwrap().path());
        }
    }
    assert!(!open_to_others(&data).is_empty());
    let victim = top.path().join("victim");
    std::fs::write(&victim, "keep").unwrap();
    std::fs::set_permissions(&victim, std::fs::Permissions::from_mode(0o644)).unwrap();
    let pid = data.join("mancala-bot.pid");
    let _ = std::fs::remove_file(&pid);
    symlink(&victim, &pid).unwrap();
    symlink(&victim, data.join(".mancala-bot.pid.tmp")).unwrap();

    let log = run(&data, "/quit\n");
    assert!(log.contains("made the data directory private"), "{log}");
    assert_eq!(mode(&data), 0o700);
    assert_eq!(open_to_others(&data), Vec::<String>::new());
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep");
    assert_eq!(mode(&victim), 0o644, "what a link points to is not touched");
    // The challenge is still there.
    let out = crate::piped::with_input(&mut console(&data), "!board\n/quit\n");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("alice challenged bob"), "{stdout}");
}
