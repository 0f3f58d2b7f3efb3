//! `mancala-bot run` refuses what cannot work before starting anything (issue 18 items 1
//! and 2): exit code 1, a message naming the setting, no panic, no data directory made.

use std::process::{Command, Stdio};

/// Runs `mancala-bot run` with `config` (TOML) and `env`; (exit code, stderr, whether the
/// data directory was made).
fn run_with(config: &str, env: &[(&str, &str)]) -> (Option<i32>, String, bool) {
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("config.toml");
    std::fs::write(&cfg, config).unwrap();
    let data = dir.path().join("data");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_mancala-bot"));
    cmd.arg("run")
        .arg("--config")
        .arg(&cfg)
        .arg("--data")
        .arg(&data)
        .env_remove("DISCORD_TOKEN")
        .env_remove("MATRIX_HOMESERVER")
        .env("NO_COLOR", "1")
        .stdin(Stdio::null());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    (out.status.code(), err, data.exists())
}

#[test]
fn config_values_out_of_range_stop_run_with_exit_1_naming_the_key() {
    let cases = [
        (
            "[limits]\nstore_cache_mb = 0\n",
            "limits.store_cache_mb must be 1 to 65536, got 0",
        ),
        (
            "[limits]\nmax_reply_chars = 100000000\n",
            "limits.max_reply_chars must be 200 to 65536, got 100000000",
        ),
        (
            "challenge_expiry_hours = 1e-300\n",
            "challenge_expiry_hours must be 0.1 to 720, got 1e-300",
        ),
        ("[discord]\ntoken = \"\"\n", "discord.token is empty"),
        ("data_dir = \"\"\n", "data_dir is empty"),
    ];
    for (config, want) in cases {
        let (code, err, made) = run_with(config, &[]);
        assert_eq!(code, Some(1), "{config:?}: {err}");
        assert!(err.contains(want), "{config:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
        assert!(!made, "{config:?}: nothing is started");
    }
}

#[test]
fn a_malformed_token_in_the_environment_is_refused_naming_the_variable() {
    for token in ["hello world", "abc.def.ghi", "  "] {
        let (code, err, made) = run_with("", &[("DISCORD_TOKEN", token)]);
        assert_eq!(code, Some(1), "{err}");
        assert!(
            err.contains("the Discord token from $DISCORD_TOKEN is not a bot token"),
            "{err}"
        );
        assert!(!err.contains(token), "the token is never shown: {err}");
        assert!(!made, "nothing is started");
    }
}

/// Issue 33: a homeserver or a Discord API base over plain `http://` to a host that is
/// not loopback would send the password or token in the clear; `run` refuses it before
/// anything starts, from the configuration file or the environment.
#[test]
fn plain_http_to_a_host_that_is_not_loopback_is_refused() {
    type Env<'a> = &'a [(&'a str, &'a str)];
    let cases: [(&str, Env, &str); 3] = [
        (
            "[matrix]\nhomeserver = \"http://matrix.example.org\"\n",
            &[],
            "matrix.homeserver must use https://",
        ),
        (
            "",
            &[("MATRIX_HOMESERVER", "http://10.1.2.3:8008")],
            "$MATRIX_HOMESERVER must use https://",
        ),
        (
            "[discord]\napi_base = \"http://proxy.example.org/api\"\n",
            &[],
            "discord.api_base must use https://",
        ),
    ];
    for (config, env, want) in cases {
        let (code, err, made) = run_with(config, env);
        assert_eq!(code, Some(1), "{config:?} {env:?}: {err}");
        assert!(err.contains(want), "{config:?} {env:?}: {err}");
        assert!(err.contains("loopback"), "says what is allowed: {err}");
        assert!(!made, "nothing is started");
    }
}

/// Hosting bug 2: under systemd or Docker standard input is no terminal; `run` with no
/// transport configured must fail loudly, naming what to set, not become a console with
/// nothing to read and exit 0. The plain command (no subcommand), which the README
/// gives to try the bot, stays the console: `echo '!help' | mancala-bot` answers.
#[test]
fn run_without_a_transport_or_a_terminal_fails_naming_the_settings() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let out = Command::new(env!("CARGO_BIN_EXE_mancala-bot"))
        .arg("run")
        .arg("--data")
        .arg(&data)
        .env_remove("DISCORD_TOKEN")
        .env_remove("MATRIX_HOMESERVER")
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1, "one line: {err}");
    for word in [
        "$DISCORD_TOKEN",
        "$MATRIX_HOMESERVER",
        "mancala-bot console",
    ] {
        assert!(lines[0].contains(word), "{word} in {err}");
    }
    assert!(!data.exists(), "nothing was started");

    // The plain command, from a pipe, in ./data: the console answers.
    let out = crate::piped::with_input(
        Command::new(env!("CARGO_BIN_EXE_mancala-bot"))
            .current_dir(dir.path())
            .env_remove("DISCORD_TOKEN")
            .env_remove("MATRIX_HOMESERVER")
            .env("MANCALA_AI_ENDGAME", "false")
            .env("NO_COLOR", "1"),
        "!rules katro\n",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("Katro"));
}
