//! Ready to host, through the binary: `--version` names the commit, `config show` prints
//! the effective settings (environment over file) without secrets and reads back, and the
//! logs' start and stop lines show at the default level, as text or JSON lines.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_mancala-bot");

/// A Discord token of the right shape (user id 800000000000000001).
const TOKEN: &str = "ODAwMDAwMDAwMDAwMDAwMDAx.Gfake0.s3cr3t-t0k3n-n0t-t0-b3-sh0wn";

/// The binary without the caller's settings: no RUST_LOG, no token, no MANCALA_*.
fn bin() -> Command {
    let mut c = Command::new(BIN);
    for (k, _) in std::env::vars_os() {
        if k.to_string_lossy().starts_with("MANCALA_") {
            c.env_remove(k);
        }
    }
    c.env_remove("RUST_LOG")
        .env_remove("DISCORD_TOKEN")
        .env_remove("MATRIX_HOMESERVER")
        .env("NO_COLOR", "1")
        .stdin(Stdio::null());
    c
}

fn text(out: &[u8]) -> String {
    String::from_utf8_lossy(out).to_string()
}

#[test]
fn version_names_the_commit_built() {
    let out = bin().arg("--version").output().unwrap();
    assert!(out.status.success());
    let line = text(&out.stdout);
    let rest = line
        .strip_prefix(concat!("mancala-bot ", env!("CARGO_PKG_VERSION"), " ("))
        .and_then(|r| r.strip_suffix(")\n"))
        .unwrap_or_else(|| panic!("{line:?}"));
    let hash = rest.strip_suffix("-dirty").unwrap_or(rest);
    let head = Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output();
    match head {
        Ok(h) if h.status.success() => assert_eq!(hash, text(&h.stdout).trim(), "{line}"),
        // Built outside a git checkout (a source tarball).
        _ => assert_eq!(rest, "unknown", "{line}"),
    }
}

#[test]
fn config_show_prints_the_environment_over_the_file_without_secrets() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bot.toml");
    std::fs::write(&file, "[ai]\nlevel = 2\ntt_mb = 32\n").unwrap();
    let out = bin()
        .args(["config", "show", "--config"])
        .arg(&file)
        .env("MANCALA_AI_LEVEL", "4")
        .env("MANCALA_DISCORD_TOKEN", TOKEN)
        .env("DISCORD_TOKEN", TOKEN)
        .env("MANCALA_AI_LEVLE", "5")
        .output()
        .unwrap();
    let (shown, err) = (text(&out.stdout), text(&out.stderr));
    assert!(out.status.success(), "{err}");
    assert!(
        shown.contains("level = 4  # env MANCALA_AI_LEVEL\n"),
        "{shown}"
    );
    assert!(shown.contains("tt_mb = 32  # file\n"), "{shown}");
    assert!(shown.contains("ms_per_move = 1000  # default\n"), "{shown}");
    assert!(
        shown.contains("# token = <hidden>  # env MANCALA_DISCORD_TOKEN\n"),
        "{shown}"
    );
    assert!(
        shown.contains("# default; $DISCORD_TOKEN is set\n"),
        "{shown}"
    );
    assert!(err.contains("did you mean $MANCALA_AI_LEVEL?"), "{err}");
    for t in [&shown, &err] {
        assert!(!t.contains("s3cr3t"), "a secret shown: {t}");
    }
    // What it prints reads back as the same settings.
    let again = dir.path().join("shown.toml");
    std::fs::write(&again, &shown).unwrap();
    let out = bin()
        .args(["config", "show", "--config"])
        .arg(&again)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let values = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| l.split("  #").next().unwrap().to_string())
            .collect()
    };
    assert_eq!(values(&text(&out.stdout)), values(&shown));
    // A bad value names its variable, and stops `config check` with exit 1.
    let out = bin()
        .args(["config", "check"])
        .env("MANCALA_AI_LEVEL", "9")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("$MANCALA_AI_LEVEL (ai.level): ai.level must be 1 to 5, got 9"),
        "{err}"
    );
}

/// Runs the console on `data` with `args` and `env`, quitting at once; its output.
fn console(data: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut child = bin()
        .args(args)
        .args(["console", "--no-pictures", "--no-endgame", "--data"])
        .arg(data)
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"/quit\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    out
}

#[test]
fn json_logs_have_the_start_and_stop_lines() {
    let dir = tempfile::tempdir().unwrap();
    let flag = console(dir.path(), &["--log-format", "json"], &[]);
    let env = console(dir.path(), &[], &[("MANCALA_LOG_FORMAT", "json")]);
    for out in [flag, env] {
        let err = text(&out.stderr);
        let lines: Vec<serde_json::Value> = err
            .lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
            .collect();
        let start = lines
            .iter()
            .find(|l| l["message"] == "mancala-bot starting")
            .unwrap_or_else(|| panic!("no start line: {err}"));
        assert_eq!(start["level"], "INFO");
        assert_eq!(start["version"], env!("CARGO_PKG_VERSION"));
        assert!(
            start["git"].as_str().is_some_and(|g| !g.is_empty()),
            "{start}"
        );
        assert_eq!(start["transports"], "console");
        let store = format!("sled {}", dir.path().join("store").display());
        assert_eq!(start["store"], store.as_str());
        assert_eq!(start["data_dir"], dir.path().display().to_string().as_str());
        assert_eq!(start["listen"], "none");
        let stop = lines.iter().find(|l| l["message"] == "shut down");
        assert_eq!(stop.map(|s| &s["signal"]), Some(&"/quit".into()), "{err}");
    }
    // With a listener: its bound address (the port the system chose for port 0).
    let out = console(
        dir.path(),
        &["--log-format", "json"],
        &[("MANCALA_WEB_LISTEN", "127.0.0.1:0")],
    );
    let err = text(&out.stderr);
    let start: serde_json::Value = err
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .find(|l: &serde_json::Value| l["message"] == "mancala-bot starting")
        .unwrap_or_else(|| panic!("no start line: {err}"));
    let listen = start["listen"].as_str().unwrap_or_default();
    let port = listen
        .strip_prefix("127.0.0.1:")
        .and_then(|p| p.parse::<u16>().ok());
    assert!(port.is_some_and(|p| p > 0), "{start}");
    // The flag wins over the variable.
    let out = console(
        dir.path(),
        &["--log-format", "text"],
        &[("MANCALA_LOG_FORMAT", "json")],
    );
    let err = text(&out.stderr);
    assert!(
        err.contains(" INFO ") && err.contains("mancala-bot starting"),
        "{err}"
    );
    assert!(!err.contains('{'), "{err}");
}

#[test]
fn a_bad_log_format_is_refused_naming_the_choices() {
    let out = bin()
        .args(["config", "check"])
        .env("MANCALA_LOG_FORMAT", "xml")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("invalid value 'xml'") && err.contains("text, json"),
        "{err}"
    );
}
