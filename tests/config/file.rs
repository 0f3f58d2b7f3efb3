//! Tests of the config file: defaults, ranges, secrets.

use std::path::PathBuf;
use std::time::Duration;

use mancala_bot::config::Config;
use mancala_bot::transport::discord::token::TokenSource;
use mancala_bot::transport::matrix::MatrixLogin;

/// A Discord token of the right shape (user id 800000000000000001).
const GOOD_TOKEN: &str = "ODAwMDAwMDAwMDAwMDAwMDAx.Gfake0.s3cr3t-t0k3n-n0t-t0-b3-l0gg3d";

#[test]
fn example_config_parses_with_its_documented_values() {
    let text = include_str!("../../config.example.toml");
    let cfg = Config::parse(text).unwrap();
    let s = cfg.settings().unwrap();
    assert_eq!(s.prefix, "!");
    assert_eq!(s.challenge_expiry, Duration::from_secs(24 * 3600));
    assert_eq!(cfg.data_dir, PathBuf::from("./data"));
    assert_eq!(cfg.discord.token_env, "DISCORD_TOKEN");
    assert_eq!(s.max_attachments, 10);
    assert_eq!(s.default_move_time, Some(Duration::from_secs(72 * 3600)));
    assert_eq!(
        s.reminders,
        vec![Duration::from_secs(24 * 3600), Duration::from_secs(3600)]
    );
    assert_eq!(s.provisional_rd, 110.0);
    assert_eq!(s.glicko_tau, 0.5);
    assert_eq!(s.rating_period, Duration::from_secs(7 * 24 * 3600));
    assert_eq!(
        (s.ai_level, s.ai_ms_per_move, s.ai_tt_mb, s.ai_max_nodes),
        (3, 1000, 16, None)
    );
    let d = Config::default().settings().unwrap();
    assert_eq!(d.default_move_time, s.default_move_time);
    assert_eq!(d.reminders, s.reminders);
}

#[test]
fn correspondence_settings_are_checked() {
    let s = Config::parse("move_time_hours = 0")
        .unwrap()
        .settings()
        .unwrap();
    assert_eq!(s.default_move_time, None);
    let e = format!("{:#}", Config::parse("move_time_hours = 0.5").unwrap_err());
    assert!(e.contains("move_time_hours must be 0"), "{e}");
    let e = format!(
        "{:#}",
        Config::parse("reminder_hours = [24, -1]").unwrap_err()
    );
    assert!(e.contains("reminder_hours"), "{e}");
    let e = format!("{:#}", Config::parse("[ratings]\ntau = 3").unwrap_err());
    assert!(e.contains("ratings.tau"), "{e}");
    let e = format!(
        "{:#}",
        Config::parse("[ratings]\nperiod_days = 0").unwrap_err()
    );
    assert!(
        e.contains("ratings.period_days must be 1 to 365, got 0.0"),
        "{e}"
    );
    let s = Config::parse("[ratings]\nperiod_days = 30")
        .unwrap()
        .settings()
        .unwrap();
    assert_eq!(s.rating_period, Duration::from_secs(30 * 24 * 3600));
    let e = format!("{:#}", Config::parse("[ai]\nlevel = 6").unwrap_err());
    assert!(e.contains("ai.level must be 1 to 5, got 6"), "{e}");
    let e = format!("{:#}", Config::parse("[ai]\nms_per_move = 0").unwrap_err());
    assert!(e.contains("needs ai.max_nodes"), "{e}");
    let s = Config::parse("[ai]\nms_per_move = 0\nmax_nodes = 5000")
        .unwrap()
        .settings()
        .unwrap();
    assert_eq!((s.ai_ms_per_move, s.ai_max_nodes), (0, Some(5000)));
}

#[test]
fn bad_settings_are_named() {
    let e = Config::parse("prefx = \"?\"").unwrap_err().to_string();
    assert!(e.contains("unknown field `prefx`"), "{e}");
    let e = format!(
        "{:#}",
        Config::parse("default_game = \"chess\"").unwrap_err()
    );
    assert!(e.contains("default_game"), "{e}");
    let e = format!(
        "{:#}",
        Config::parse("[discord.shards]\nfirst = 2\nlast = 1\ntotal = 4").unwrap_err()
    );
    assert!(e.contains("first <= last < total"), "{e}");
    let e = format!(
        "{:#}",
        Config::parse("[discord]\norganizer_role = 0").unwrap_err()
    );
    assert!(e.contains("discord.organizer_role"), "{e}");
    let cfg = Config::parse("[discord]\norganizer_role = 910000000000000003").unwrap();
    assert_eq!(cfg.discord.organizer_role, Some(910000000000000003));
    let cfg = Config::parse("default_game = \"hoyito match\"").unwrap();
    assert!(cfg.settings().unwrap().default_game.is_match);
}

#[test]
fn matrix_settings_and_secrets() {
    let cfg = Config::parse(
        "[matrix]\nhomeserver = \"https://m.example\"\nuser = \"@bot:m.example\"\n\
         password = \"pw-secret\"\npost_gifs = false",
    )
    .unwrap();
    assert_eq!(
        cfg.matrix.homeserver_url().as_deref(),
        Some("https://m.example")
    );
    assert!(!cfg.matrix.post_gifs);
    assert_eq!(
        cfg.matrix.login().unwrap(),
        MatrixLogin::Password {
            user: "@bot:m.example".into(),
            password: "pw-secret".into()
        }
    );
    assert!(!format!("{cfg:?}").contains("pw-secret"));
    assert!(!format!("{:?}", cfg.matrix.login().unwrap()).contains("pw-secret"));
    let cfg = Config::parse(
        "[matrix]\nhomeserver = \"https://m.example\"\naccess_token = \"tok-secret\"\n\
         user_env = \"MANCALA_TEST_UNSET_USER\"\npassword_env = \"MANCALA_TEST_UNSET_PW\"",
    )
    .unwrap();
    assert_eq!(
        cfg.matrix.login().unwrap(),
        MatrixLogin::AccessToken("tok-secret".into())
    );
    assert_eq!(
        cfg.matrix.login_source(),
        "the access token from matrix.access_token"
    );
    assert!(!format!("{cfg:?}").contains("tok-secret"));
    let cfg = Config::parse(
        "[matrix]\nhomeserver = \"https://m.example\"\nuser = \"bot\"\n\
         password_env = \"MANCALA_TEST_UNSET_PW\"\naccess_token_env = \"MANCALA_TEST_UNSET_TOK\"",
    )
    .unwrap();
    let e = cfg.matrix.login().unwrap_err().to_string();
    assert!(
        e.contains("matrix.password (or $MANCALA_TEST_UNSET_PW)"),
        "{e}"
    );
    assert_eq!(
        cfg.matrix.login_source(),
        "the user from matrix.user and the password from $MANCALA_TEST_UNSET_PW"
    );
    let e = format!(
        "{:#}",
        Config::parse("[matrix]\nstore_subdir = \"../elsewhere\"").unwrap_err()
    );
    assert!(e.contains("matrix.store_subdir"), "{e}");
}

#[test]
fn token_is_not_in_debug_output() {
    let cfg = Config::parse(&format!("[discord]\ntoken = \"{GOOD_TOKEN}\"")).unwrap();
    assert!(!format!("{cfg:?}").contains("s3cr3t"));
    assert_eq!(
        cfg.discord_token(),
        Some((GOOD_TOKEN.to_string(), TokenSource::Config))
    );
}

/// Each key of `config.example.toml`, set or commented out, with the lines its section
/// needs besides it, values refused (below and above its range, or of a wrong shape) and
/// values accepted (the ends of its range).
struct Case {
    key: &'static str,
    extra: &'static str,
    bad: &'static [&'static str],
    good: &'static [&'static str],
}

const fn case(
    key: &'static str,
    bad: &'static [&'static str],
    good: &'static [&'static str],
) -> Case {
    Case {
        key,
        extra: "",
        bad,
        good,
    }
}

const TOKEN_VALUE: &str = "\"ODAwMDAwMDAwMDAwMDAwMDAx.Gfake0.s3cr3t-t0k3n-n0t-t0-b3-l0gg3d\"";
const ENV_BAD: &[&str] = &["\"\"", "\"9LIVES\"", "\"A B\""];
const ID_BAD: &[&str] = &["0", "12345", "-1", "\"123456789012345678\""];
const ID_GOOD: &[&str] = &["10000000000000000", "9223372036854775807"];

const CASES: &[Case] = &[
    case("prefix", &["\"\"", "\"!!!!!!!!!\"", "\"! \"", "\"`\"", "\"/\"", "\"\\u200b!\"", "\"\\u200B\"", "\"\\u00A8\""], &["\"?\"", "\"!!!!!!!!\"", "\"mb!\"", "\"！\""]),
    case("data_dir", &["\"\"", "\"  \""], &["\"/tmp/mancala\""]),
    case("default_game", &["\"hoyito:2x5\"", "\"hoyito:2x13\"", "\"chess\""], &["\"hoyito:2x12\"", "\"katro:4x4\""]),
    case("challenge_expiry_hours", &["0.09", "1e-300", "721", "nan", "inf", "-1"], &["0.1", "720"]),
    case("move_time_hours", &["0.5", "720.5", "-1", "nan"], &["0", "1", "720"]),
    case("reminder_hours", &["[0.0]", "[1e-300]", "[721]", "[1, 2, 3, 4, 5, 6, 7, 8, 9]", "3"], &["[]", "[0.1, 720]"]),
    case("vacation_days_per_year", &["366", "-1", "1.5", "\"14\""], &["0", "14", "365"]),
    case("shutdown_timeout_seconds", &["0.9", "601", "-1", "nan", "\"10\""], &["1", "600", "2.5"]),
    case("ratings.provisional_deviation", &["29", "351", "nan"], &["30", "350"]),
    case("ratings.tau", &["0.19", "1.51"], &["0.2", "1.5"]),
    case("ratings.period_days", &["0", "0.99", "366", "nan"], &["1", "365"]),
    case("ai.level", &["0", "6", "-1"], &["1", "5"]),
    case("ai.ms_per_move", &["-1", "60001"], &["1", "60000"]),
    case("ai.tt_mb", &["0", "4097"], &["1", "4096"]),
    case("ai.max_nodes", &["999", "10000000001", "-1"], &["0", "1000", "10000000000"]),
    case("ai.searchers", &["-1", "65"], &["0", "1", "64"]),
    case("ai.queue", &["-1", "10001"], &["0", "10000"]),
    case("ai.endgame", &["1", "\"yes\""], &["true", "false"]),
    case("ai.endgame_seeds", &["1", "6", "20", "-1", "\"16\""], &["0", "4", "16"]),
    case("ai.analysis_searchers", &["0", "17", "-1"], &["1", "16"]),
    case("ai.analysis_queue", &["-1", "1001"], &["0", "1000"]),
    case("ai.analysis_cooldown_secs", &["-1", "86401"], &["0", "86400"]),
    case("limits.max_attachments", &["1", "11"], &["2", "10"]),
    case("limits.max_reply_chars", &["199", "65537", "100000000"], &["200", "2000", "65536"]),
    case("limits.max_command_chars", &["99", "2001"], &["100", "2000"]),
    case("limits.store_cache_mb", &["0", "65537"], &["1", "65536"]),
    case("limits.commands_per_user_per_minute", &["-1", "601"], &["0", "1", "600"]),
    case("limits.commands_per_channel_per_minute", &["-1", "601"], &["0", "1", "600"]),
    case("limits.picture_threads", &["-1", "65"], &["0", "1", "64"]),
    case("limits.picture_queue", &["-1", "10001"], &["0", "10000"]),
    case("limits.picture_cache_mb", &["0", "4097"], &["1", "4096"]),
    case("limits.picture_frames_per_minute", &["-1", "100001"], &["0", "1", "100000"]),
    case("limits.picture_burst_frames", &["0", "100001"], &["1", "100000"]),
    case("discord.token", &["\"\"", "\"hello world\"", "\"abc.def.ghi\""], &[TOKEN_VALUE]),
    case("discord.token_env", ENV_BAD, &["\"MY_TOKEN\""]),
    case("discord.message_content", &["\"yes\"", "1"], &["false", "true"]),
    case("discord.register_guild", ID_BAD, ID_GOOD),
    case("discord.api_base", &["\"\"", "\"discord.com\"", "\"ftp://x\"", "\"http://\"", "\"http://proxy.example.org\""], &["\"http://127.0.0.1:3000\"", "\"https://proxy.example.org\""]),
    case("discord.organizer_role", ID_BAD, ID_GOOD),
    Case { key: "discord.shards.first", extra: "last = 1\ntotal = 4", bad: &["-1", "2"], good: &["0", "1"] },
    Case { key: "discord.shards.last", extra: "first = 1\ntotal = 4", bad: &["0", "4"], good: &["1", "3"] },
    Case { key: "discord.shards.total", extra: "first = 0\nlast = 0", bad: &["0", "100001"], good: &["1", "100000"] },
    case("matrix.homeserver", &["\"\"", "\"matrix.org\"", "\"http://matrix.example.org\""], &["\"https://matrix.example.org\"", "\"http://localhost:8008\""]),
    case("matrix.homeserver_env", ENV_BAD, &["\"HS\""]),
    case("matrix.user", &["\"\"", "\" \""], &["\"@bot:example.org\""]),
    case("matrix.user_env", ENV_BAD, &["\"BOT_USER\""]),
    case("matrix.password", &["\"\""], &["\"x\""]),
    case("matrix.password_env", ENV_BAD, &["\"BOT_PW\""]),
    case("matrix.access_token", &["\"\""], &["\"x\""]),
    case("matrix.access_token_env", ENV_BAD, &["\"BOT_TOKEN\""]),
    case("matrix.device_name", &["\"\"", "\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\""], &["\"mancala\""]),
    case("matrix.store_subdir", &["\"\"", "\"../x\"", "\"/abs\""], &["\"m\"", "\"a/b\""]),
    case("matrix.post_gifs", &["\"no\""], &["false"]),
    case("matrix.recovery_key_env", ENV_BAD, &["\"BOT_RECOVERY\""]),
    case("matrix.leave_game_rooms_after_hours", &["8761", "-1", "\"1d\""], &["0", "8760"]),
    case("matrix.allow", &["\"example.org\"", "[\"https://example.org\"]", "[\"@u:example.org\"]", "[\"\"]"], &["[]", "[\"example.org\", \"!club:example.org\"]"]),
    case("matrix.rooms_per_inviter", &["0", "10001", "-1"], &["1", "10000"]),
    case("backup.every_hours", &["0.09", "721", "-1", "nan"], &["0", "0.1", "720"]),
    case("backup.keep", &["0", "1001", "-1"], &["1", "1000"]),
    case("backup.dir", &["\"\"", "\" \"", "3"], &["\"snapshots\"", "\"/var/backups/mancala\""]),
    case("store.backend", &["\"mysql\"", "\"\"", "1"], &["\"sled\"", "\"postgres\""]),
    case("store.postgres_url_env", ENV_BAD, &["\"DATABASE_URL\""]),
    case("store.postgres_pool", &["0", "1", "65", "-1"], &["2", "64"]),
    case("web.listen", &["\"\"", "\"8080\"", "\"localhost:8080\"", "\"127.0.0.1:65536\"", "\"::1:80\"", "8080"], &["\"127.0.0.1:8080\"", "\"[::1]:0\"", "\"0.0.0.0:9100\""]),
    case("web.public_url", &["\"games.example.org\"", "\"ftp://games.example.org\"", "\"https://\"", "\"https://u@games.example.org\"", "\"https://games.example.org/?a=1\"", "\"https://games.example.org/#x\"", "1"], &["\"\"", "\"https://games.example.org\"", "\"http://127.0.0.1:8080/mancala/\""]),
];

/// Every key of `config.example.toml`, as `section.key`, also those commented out
/// (`# token = "..."`, `# [discord.shards]`).
fn example_keys() -> Vec<String> {
    let mut section = String::new();
    let mut keys = Vec::new();
    for line in include_str!("../../config.example.toml").lines() {
        let line = line.trim_start_matches('#').trim();
        if let Some(s) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            section = format!("{s}.");
        } else if let Some((key, _)) = line.split_once(" = ") {
            if key.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
                keys.push(format!("{section}{key}"));
            }
        }
    }
    keys
}

/// The TOML text setting `key` to `value` (with the case's other lines).
fn text_with(c: &Case, value: &str) -> String {
    match c.key.rsplit_once('.') {
        Some((section, leaf)) => format!("[{section}]\n{leaf} = {value}\n{}", c.extra),
        None => format!("{} = {value}\n", c.key),
    }
}

#[test]
fn every_key_of_the_example_is_range_checked_below_inside_and_above() {
    let keys = example_keys();
    let cased: Vec<&str> = CASES.iter().map(|c| c.key).collect();
    assert_eq!(
        keys, cased,
        "one case per key of config.example.toml, in its order"
    );
    for c in CASES {
        let leaf = c.key.rsplit('.').next().unwrap();
        for value in c.good {
            let text = text_with(c, value);
            if let Err(e) = Config::parse(&text) {
                panic!("{text:?} was refused: {e:#}");
            }
        }
        for value in c.bad {
            let text = text_with(c, value);
            let e = match Config::parse(&text) {
                Ok(_) => panic!("{text:?} was accepted"),
                Err(e) => format!("{e:#}"),
            };
            assert!(e.contains(leaf), "{text:?}: the error names no key: {e}");
        }
    }
}

#[test]
fn range_errors_name_the_key_the_range_and_the_value() {
    let cases = [
        ("[limits]\nstore_cache_mb = 0", "limits.store_cache_mb must be 1 to 65536, got 0"),
        ("[limits]\nmax_reply_chars = 100000000", "limits.max_reply_chars must be 200 to 65536, got 100000000"),
        ("challenge_expiry_hours = 1e-300", "challenge_expiry_hours must be 0.1 to 720, got 1e-300"),
        ("challenge_expiry_hours = nan", "challenge_expiry_hours must be 0.1 to 720, got NaN"),
        ("move_time_hours = 0.5", "move_time_hours must be 0 (no deadlines) or 1 to 720, got 0.5"),
        ("[ai]\nmax_nodes = 5", "ai.max_nodes must be 0 (no limit) or 1000 to 10000000000, got 5"),
        ("[limits]\ncommands_per_user_per_minute = 601", "limits.commands_per_user_per_minute must be 0 (no limit) or 1 to 600, got 601"),
        ("prefix = \"`\"", "prefix must be 1 to 8 visible characters"),
        ("prefix = \"\\u200b!\"", "prefix must be 1 to 8 visible characters"),
        ("prefix = \"/\"", "prefix must be 1 to 8 visible characters"),
        ("[discord]\ntoken = \"\"", "discord.token is empty: give a value, or remove the line (then the token is read from discord.token_env)"),
        ("[discord]\ntoken = \"hello world\"", "discord.token is not a bot token: it has characters a bot token never has"),
        ("data_dir = \"\"", "data_dir is empty"),
        // Found by the config fuzz (issue 12 item 7): a backtick alone read as no prefix,
        // and the bot answered every message.
        ("prefix = \"\\u00A8\"", "prefix must be 1 to 8 visible characters"),
        ("[matrix]\npassword = \"\"", "matrix.password is empty"),
    ];
    for (text, want) in cases {
        let e = format!("{:#}", Config::parse(text).unwrap_err());
        assert!(e.starts_with(want), "{text:?}: {e}");
    }
}

/// A secret written where a variable's name belongs, or under a key that does not
/// exist, is never shown back: the error names the key and what is wrong.
#[test]
fn errors_never_show_a_secret_written_in_the_wrong_place() {
    for (text, want) in [
        (
            "[store]\npostgres_url_env = \"postgresql://x:SecretInFile@h/db\"",
            "store.postgres_url_env must be an environment variable's name",
        ),
        (
            "[discord]\ntoken_env = \"MTAx.SecretInFile.zz\"",
            "discord.token_env must be an environment variable's name",
        ),
        (
            "[store]\npostgres_url = \"postgresql://x:SecretInFile@h/db\"",
            "line 2, store.postgres_url: unknown field `postgres_url`",
        ),
        (
            "[matrix]\npassword = SecretInFile",
            "line 2, matrix.password: ",
        ),
    ] {
        let e = format!("{:#}", Config::parse(text).unwrap_err());
        assert!(e.starts_with(want), "{text:?}: {e}");
        assert!(!e.contains("SecretInFile"), "{text:?}: {e}");
    }
}

/// `web.public_url` ends with `/` (pages join under it), else comes from
/// `$MANCALA_PUBLIC_URL`; a bad one names what was given.
#[test]
fn public_url_gets_a_trailing_slash_and_falls_back_on_the_environment() {
    use mancala_bot::config::WebConfig;
    let web = |v: Option<&str>| WebConfig {
        public_url: v.map(String::from),
        ..WebConfig::default()
    };
    let got = |w: WebConfig, env: Option<&str>| w.public_url(env).unwrap().map(String::from);
    assert_eq!(
        got(web(Some("https://g.example.org/mancala")), None).as_deref(),
        Some("https://g.example.org/mancala/")
    );
    assert_eq!(
        got(web(None), Some("http://127.0.0.1:8080")).as_deref(),
        Some("http://127.0.0.1:8080/")
    );
    assert_eq!(
        got(
            web(Some("https://file.example.org/")),
            Some("https://env.example.org/")
        )
        .as_deref(),
        Some("https://file.example.org/")
    );
    assert_eq!(got(web(None), None), None);
    let e = web(None)
        .public_url(Some("javascript:alert(1)"))
        .unwrap_err();
    assert!(
        e.to_string()
            .contains("web.public_url must be an http or https URL"),
        "{e}"
    );
    assert!(e.to_string().contains("javascript:alert(1)"), "{e}");
}
