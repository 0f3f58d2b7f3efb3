//! `mancala-bot invite` ("Ready to host"): the invite URL with the scopes `bot
//! applications.commands` and exactly the permissions the bot uses, from the token in
//! the environment or the config, without network; without a token, a clear error and
//! exit 1.

use std::process::{Command, Output, Stdio};

/// A token of the right shape for the user (and client) id 800000000000000001.
const TOKEN: &str = "ODAwMDAwMDAwMDAwMDAwMDAx.Gfake0.s3cr3t-t0k3n-n0t-t0-b3-sh0wn";
/// View Channels, Send Messages, Attach Files, Create Public Threads, Send Messages in
/// Threads.
const URL: &str = "https://discord.com/oauth2/authorize?client_id=800000000000000001\
                   &permissions=309237681152&scope=bot%20applications.commands\n";

fn invite(args: &[&str], token: Option<&str>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_mancala-bot"));
    cmd.arg("invite")
        .args(args)
        .env_remove("DISCORD_TOKEN")
        .env("NO_COLOR", "1")
        .stdin(Stdio::null());
    if let Some(t) = token {
        cmd.env("DISCORD_TOKEN", t);
    }
    cmd.output().unwrap()
}

#[test]
fn invite_prints_the_url_for_the_token_in_the_environment_or_the_config() {
    let out = invite(&[], Some(TOKEN));
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), URL);
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("config.toml");
    std::fs::write(&cfg, format!("[discord]\ntoken = \"{TOKEN}\"\n")).unwrap();
    let out = invite(&["--config", cfg.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), URL);
    assert!(!String::from_utf8_lossy(&out.stderr).contains("s3cr3t"));
}

#[test]
fn invite_without_a_token_names_the_variable_and_exits_1() {
    let out = invite(&[], None);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(out.stdout.is_empty());
    assert!(
        err.starts_with("error: no Discord token: set $DISCORD_TOKEN"),
        "{err}"
    );
    let out = invite(&[], Some("hello world"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("$DISCORD_TOKEN is not a bot token"), "{err}");
}
