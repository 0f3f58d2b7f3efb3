//! Tests of the settings from the environment and of `config show`.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use mancala_bot::config::env::{self, Kind};
use mancala_bot::config::{show, Config, Loaded, Result, ShardRange, Source};
use serde::Deserialize;

/// A Discord token of the right shape (user id 800000000000000001).
const TOKEN: &str = "ODAwMDAwMDAwMDAwMDAwMDAx.Gfake0.s3cr3t-t0k3n-n0t-t0-b3-sh0wn";

fn vars(list: &[(&str, &str)]) -> Vec<(OsString, OsString)> {
    list.iter().map(|(k, v)| (k.into(), v.into())).collect()
}

/// Resolves `file` (TOML text; none when `None`) under `env`.
fn resolve(file: Option<&str>, env: &[(&str, &str)]) -> Result<Loaded> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bot.toml");
    if let Some(text) = file {
        std::fs::write(&path, text).unwrap();
    }
    Config::resolve(file.map(|_| path.as_path()), vars(env))
}

fn err(file: Option<&str>, env: &[(&str, &str)]) -> String {
    format!("{:#}", resolve(file, env).unwrap_err())
}

fn as_toml(cfg: &Config) -> toml::Value {
    toml::Value::try_from(cfg).unwrap()
}

#[test]
fn variables_are_named_by_the_key_path() {
    let keys = env::schema().unwrap();
    let var = |path: &str| keys.iter().find(|k| k.path == path).unwrap().var();
    assert_eq!(var("ai.ms_per_move"), "MANCALA_AI_MS_PER_MOVE");
    assert_eq!(var("discord.shards.total"), "MANCALA_DISCORD_SHARDS_TOTAL");
    assert_eq!(var("data_dir"), "MANCALA_DATA_DIR");
    assert_eq!(
        var("discord.register_guild"),
        "MANCALA_DISCORD_REGISTER_GUILD"
    );
    let backend = keys.iter().find(|k| k.path == "store.backend").unwrap();
    assert_eq!(
        backend.kind,
        Kind::Choice(vec!["sled".into(), "postgres".into()])
    );
    let mut names: Vec<String> = keys.iter().map(|k| k.var()).collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), keys.len(), "two keys share a variable");
}

/// A value of `kind` unlike `default` (the key's default, if any), as the variable's text
/// and as TOML.
fn sample(kind: &Kind, default: Option<&toml::Value>) -> (String, toml::Value) {
    let text = match kind {
        Kind::Bool => match default.and_then(toml::Value::as_bool) {
            Some(true) => "false",
            _ => "true",
        }
        .to_string(),
        Kind::Int(..) => "7".into(),
        Kind::Float => "7.5".into(),
        Kind::Str => "sample_value".into(),
        Kind::Choice(names) => names.last().unwrap().clone(),
        Kind::List(inner) => {
            let (one, _) = sample(inner, None);
            format!("[{one}, {one}]")
        }
    };
    let value = match kind {
        Kind::Bool => toml::Value::Boolean(text == "true"),
        Kind::Int(..) => toml::Value::Integer(7),
        Kind::Float => toml::Value::Float(7.5),
        Kind::Str | Kind::Choice(_) => toml::Value::String(text.clone()),
        Kind::List(inner) => {
            let (_, one) = sample(inner, None);
            toml::Value::Array(vec![one.clone(), one])
        }
    };
    (text, value)
}

/// Every key (those of the defaults, the `Option` ones, any section added later) is
/// set by its variable: all set at once, each lands at its own path.
#[test]
fn every_key_is_reachable_by_its_variable() {
    let keys = env::schema().unwrap();
    let defaults = as_toml(&Config::default());
    let defaults = defaults.as_table().unwrap();
    let mut leaves = Vec::new();
    env::leaf_paths(defaults, "", &mut leaves);
    for leaf in &leaves {
        assert!(
            keys.iter().any(|k| &k.path == leaf),
            "{leaf} has no variable"
        );
    }
    assert!(keys.len() > leaves.len(), "the Option keys are keys too");
    let mut list = Vec::new();
    let mut want = Vec::new();
    for k in &keys {
        let default = env::lookup(defaults, &k.path);
        let (text, value) = sample(&k.kind, default);
        assert_ne!(
            default,
            Some(&value),
            "{}: the sample is the default",
            k.path
        );
        list.push((OsString::from(k.var()), OsString::from(text)));
        want.push((k.path.clone(), value));
    }
    let overlay = env::overlay(&keys, list, &[]).unwrap();
    assert_eq!(overlay.values.len(), keys.len());
    assert!(overlay.warnings.is_empty(), "{:?}", overlay.warnings);
    let mut table = toml::Table::new();
    for (path, (value, _)) in overlay.values {
        env::insert(&mut table, &path, value);
    }
    let cfg = Config::deserialize(toml::Value::Table(table)).unwrap();
    let got = as_toml(&cfg);
    for (path, value) in want {
        let at = env::lookup(got.as_table().unwrap(), &path);
        assert_eq!(at, Some(&value), "{path}");
    }
}

#[test]
fn flag_over_environment_over_file_over_defaults() {
    let file = "[ai]\nlevel = 2\ntt_mb = 32\n";
    let env = [("MANCALA_AI_LEVEL", "4"), ("MANCALA_DATA_DIR", "/from/env")];
    let mut loaded = resolve(Some(file), &env).unwrap();
    let c = &loaded.config;
    assert_eq!(c.ai.level, 4, "the environment over the file");
    assert_eq!(c.ai.tt_mb, 32, "the file over the default");
    assert_eq!(c.ai.ms_per_move, 1000, "the default");
    assert_eq!(c.data_dir, PathBuf::from("/from/env"));
    assert_eq!(
        loaded.source("ai.level"),
        Source::Env("MANCALA_AI_LEVEL".into())
    );
    assert_eq!(loaded.source("ai.tt_mb"), Source::File);
    assert_eq!(loaded.source("ai.ms_per_move"), Source::Default);
    loaded.set_data_dir(Path::new("/from/flag")).unwrap();
    assert_eq!(
        loaded.config.data_dir,
        PathBuf::from("/from/flag"),
        "--data wins"
    );
    assert_eq!(loaded.source("data_dir"), Source::Flag("--data"));
    // Without a file, the environment over the defaults.
    let c = resolve(None, &env).unwrap().config;
    assert_eq!((c.ai.level, c.ai.tt_mb), (4, 16));
    // An empty variable counts as unset.
    let c = resolve(Some(file), &[("MANCALA_AI_LEVEL", "")])
        .unwrap()
        .config;
    assert_eq!(c.ai.level, 2);
}

#[test]
fn values_are_read_as_their_keys_types() {
    let env = [
        ("MANCALA_REMINDER_HOURS", "[48, 2.5]"),
        ("MANCALA_AI_ENDGAME", "false"),
        ("MANCALA_STORE_BACKEND", "sled"),
        ("MANCALA_CHALLENGE_EXPIRY_HOURS", "12"),
        ("MANCALA_PREFIX", "?"),
        ("MANCALA_DISCORD_REGISTER_GUILD", "123456789012345678"),
        ("MANCALA_DISCORD_SHARDS_FIRST", "0"),
        ("MANCALA_DISCORD_SHARDS_LAST", "1"),
        ("MANCALA_DISCORD_SHARDS_TOTAL", "4"),
    ];
    let c = resolve(None, &env).unwrap().config;
    assert_eq!(c.reminder_hours, vec![48.0, 2.5]);
    assert!(!c.ai.endgame);
    assert_eq!(c.challenge_expiry_hours, 12.0);
    assert_eq!(c.prefix, "?");
    assert_eq!(c.discord.register_guild, Some(123456789012345678));
    let want = ShardRange {
        first: 0,
        last: 1,
        total: 4,
    };
    assert_eq!(c.discord.shards, Some(want));
    let lists = [
        ("24,1", vec![24.0, 1.0]),
        (" 3 ", vec![3.0]),
        ("[]", vec![]),
    ];
    for (text, want) in lists {
        let c = resolve(None, &[("MANCALA_REMINDER_HOURS", text)])
            .unwrap()
            .config;
        assert_eq!(c.reminder_hours, want, "{text}");
    }
    // One key of a section that the file has.
    let file = "[discord.shards]\nfirst = 0\nlast = 0\ntotal = 1\n";
    let c = resolve(Some(file), &[("MANCALA_DISCORD_SHARDS_TOTAL", "2")])
        .unwrap()
        .config;
    assert_eq!(c.discord.shards.unwrap().total, 2);
}

#[test]
fn a_bad_value_names_the_variable_the_key_and_what_is_allowed() {
    let cases = [
        (
            ("MANCALA_AI_LEVEL", "high"),
            "$MANCALA_AI_LEVEL (ai.level) must be a whole number from 0 to 255, got \"high\"",
        ),
        (
            ("MANCALA_AI_LEVEL", "9"),
            "bad setting in the environment: $MANCALA_AI_LEVEL (ai.level): ai.level must be 1 to 5, got 9",
        ),
        (
            ("MANCALA_AI_ENDGAME", "yes"),
            "$MANCALA_AI_ENDGAME (ai.endgame) must be true or false, got \"yes\"",
        ),
        (
            ("MANCALA_STORE_BACKEND", "mysql"),
            "$MANCALA_STORE_BACKEND (store.backend) must be one of sled, postgres, got \"mysql\"",
        ),
        (
            ("MANCALA_REMINDER_HOURS", "24;1"),
            "$MANCALA_REMINDER_HOURS (reminder_hours) must be a list such as `24,1` or `[24, 1]` (each a number)",
        ),
        (
            ("MANCALA_TAU", "0.5"),
            "",
        ),
        (
            ("MANCALA_DISCORD_SHARDS_TOTAL", "2"),
            "the settings from the environment ($MANCALA_DISCORD_SHARDS_TOTAL) do not fit: missing field `first`",
        ),
    ];
    for ((var, value), want) in cases {
        let got = resolve(None, &[(var, value)]);
        if want.is_empty() {
            assert!(got.is_ok(), "{var} is no setting: ignored");
            continue;
        }
        let e = format!("{:#}", got.unwrap_err());
        assert!(e.contains(want), "{var}={value}: {e}");
    }
    // A bad value in the file is still the file's, with its line.
    let e = err(Some("[ai]\nlevel = 9\n"), &[("MANCALA_AI_TT_MB", "8")]);
    assert!(
        e.contains("bad config file") && e.contains("ai.level must be 1 to 5"),
        "{e}"
    );
    let e = err(Some("[ai]\nlevle = 2\n"), &[]);
    assert!(
        e.contains("line 2") && e.contains("unknown field `levle`"),
        "{e}"
    );
    // The environment mends a bad value of the file: it wins.
    let c = resolve(Some("[ai]\nlevel = 9\n"), &[("MANCALA_AI_LEVEL", "5")]).unwrap();
    assert_eq!(c.config.ai.level, 5);
}

#[test]
fn other_mancala_variables_do_not_stop_the_bot_and_near_misses_are_warned_of() {
    let env = [
        ("MANCALA_POSTGRES_URL", "postgresql://u:pw@h/db"),
        ("MANCALA_LOG_FORMAT", "json"),
        ("MANCALA_REQUIRE_POSTGRES", "1"),
        ("MANCALA_PUBLIC_URL", "https://example.org"),
        ("MANCALA_SOMETHING_ELSE_ENTIRELY", "x"),
        ("MANCALA_AI_LEVLE", "4"),
        ("MANCALA_DISCORD_TOKEN_ENV_", "X"),
        ("PATH", "/bin"),
    ];
    let loaded = resolve(None, &env).unwrap();
    assert_eq!(loaded.config.ai.level, 3);
    assert_eq!(
        loaded.warnings,
        vec![
            "$MANCALA_AI_LEVLE is not a setting and is ignored; did you mean $MANCALA_AI_LEVEL?",
            "$MANCALA_DISCORD_TOKEN_ENV_ is not a setting and is ignored; did you mean \
             $MANCALA_DISCORD_TOKEN_ENV?",
        ]
    );
    // A variable that a `*_env` setting names is not warned of, however close.
    let file = "[store]\npostgres_url_env = \"MANCALA_AI_LEVELS\"\n";
    let loaded = resolve(Some(file), &[("MANCALA_AI_LEVELS", "postgresql://x")]).unwrap();
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
}

/// The keys the config's `Debug` hides are exactly [`env::SECRET_KEYS`].
#[test]
fn the_secret_keys_are_those_debug_hides() {
    const MARK: &str = "MARKzq9";
    let keys = env::schema().unwrap();
    for k in keys.iter().filter(|k| k.kind == Kind::Str) {
        let mut table = toml::Table::new();
        env::insert(&mut table, &k.path, toml::Value::String(MARK.into()));
        let Ok(cfg) = Config::deserialize(toml::Value::Table(table)) else {
            continue;
        };
        let shown = format!("{cfg:?}").contains(MARK);
        assert_eq!(!shown, k.is_secret(), "{}", k.path);
    }
}

#[test]
fn secrets_are_never_shown() {
    let env = [
        ("MANCALA_DISCORD_TOKEN", TOKEN),
        ("MANCALA_MATRIX_PASSWORD", "pw-s3cr3t-value"),
        ("MANCALA_MATRIX_ACCESS_TOKEN", "syt_s3cr3t_access"),
    ];
    let loaded = resolve(None, &env).unwrap();
    assert_eq!(loaded.config.discord.token.as_deref(), Some(TOKEN));
    let text = show::render(&loaded, "test", &|v| v == "DISCORD_TOKEN").unwrap();
    for secret in [TOKEN, "pw-s3cr3t-value", "syt_s3cr3t_access", "s3cr3t"] {
        assert!(!text.contains(secret), "{secret} shown:\n{text}");
    }
    assert!(
        text.contains("# token = <hidden>  # env MANCALA_DISCORD_TOKEN\n"),
        "{text}"
    );
    assert!(
        text.contains("# password = <hidden>  # env MANCALA_MATRIX_PASSWORD\n"),
        "{text}"
    );
    assert!(
        text.contains("token_env = \"DISCORD_TOKEN\"  # default; $DISCORD_TOKEN is set\n"),
        "{text}"
    );
    assert!(
        text.contains(
            "password_env = \"MATRIX_PASSWORD\"  # default; $MATRIX_PASSWORD is not set\n"
        ),
        "{text}"
    );
    // A bad secret is refused without being shown.
    for bad in ["not a token s3cr3t", "   "] {
        let e = err(None, &[("MANCALA_DISCORD_TOKEN", bad)]);
        assert!(
            e.contains("MANCALA_DISCORD_TOKEN") || e.contains("discord.token"),
            "{e}"
        );
        if bad.trim().len() > 3 {
            assert!(!e.contains("s3cr3t"), "{e}");
        }
    }
}

#[test]
fn show_reads_back_as_the_same_settings() {
    let file =
        "prefix = \"?\"\nreminder_hours = [12]\n[discord]\nregister_guild = 123456789012345678\n\
                [discord.shards]\nfirst = 0\nlast = 1\ntotal = 2\n[store]\npostgres_pool = 4\n";
    let env = [
        ("MANCALA_AI_LEVEL", "5"),
        ("MANCALA_MATRIX_HOMESERVER", "https://matrix.example.org"),
        ("MANCALA_BACKUP_DIR", "snaps"),
        ("MANCALA_DISCORD_TOKEN", TOKEN),
    ];
    let mut loaded = resolve(Some(file), &env).unwrap();
    loaded.set_data_dir(Path::new("/srv/mancala")).unwrap();
    let text = show::render(&loaded, "test", &|_| false).unwrap();
    assert!(
        text.contains("level = 5  # env MANCALA_AI_LEVEL\n"),
        "{text}"
    );
    assert!(text.contains("prefix = \"?\"  # file\n"), "{text}");
    assert!(
        text.contains("data_dir = \"/srv/mancala\"  # --data\n"),
        "{text}"
    );
    assert!(text.contains("tt_mb = 16  # default\n"), "{text}");
    assert!(text.contains("# api_base: not set\n"), "{text}");
    assert!(
        text.contains("\n[discord.shards]\nfirst = 0  # file\n"),
        "{text}"
    );
    let back = Config::parse(&text).unwrap();
    let mut want = loaded.config.clone();
    want.discord.token = None; // hidden: a comment in the text
    assert_eq!(as_toml(&back), as_toml(&want), "{text}");
    // Without shards: the section is a comment, and reads back as none.
    let loaded = resolve(None, &[]).unwrap();
    let text = show::render(&loaded, "test", &|_| false).unwrap();
    assert!(
        text.contains("\n# [discord.shards]: not set (first, last, total)\n"),
        "{text}"
    );
    let back = Config::parse(&text).unwrap();
    assert_eq!(as_toml(&back), as_toml(&Config::default()), "{text}");
}

/// A config error prints as `anyhow` printed it before the settings were library code:
/// `{}` its own message, `{:#}` the chain (`outer: inner`), with the I/O error as its
/// source; through the binary's `anyhow`, the same text.
#[test]
fn errors_show_their_chain_as_anyhow_did() {
    let missing = Path::new("/nonexistent/mancala-bot.toml");
    let e = Config::resolve(Some(missing), vars(&[])).unwrap_err();
    assert_eq!(
        e.to_string(),
        "cannot read the config file /nonexistent/mancala-bot.toml"
    );
    let chain = format!("{e:#}");
    assert!(
        chain.starts_with("cannot read the config file /nonexistent/mancala-bot.toml: ")
            && chain.len() > e.to_string().len() + 2,
        "{chain}"
    );
    let source = std::error::Error::source(&e).expect("the I/O error under it");
    assert!(
        source.downcast_ref::<std::io::Error>().is_some(),
        "{source}"
    );
    assert_eq!(format!("{:#}", anyhow::Error::from(e)), chain);

    let e = resolve(None, &[("MANCALA_AI_LEVEL", "9")]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "bad setting in the environment: $MANCALA_AI_LEVEL (ai.level)"
    );
    assert_eq!(
        format!("{e:#}"),
        "bad setting in the environment: $MANCALA_AI_LEVEL (ai.level): ai.level must be 1 \
         to 5, got 9"
    );
    assert_eq!(format!("{e:?}"), format!("{e:#}"));
}
