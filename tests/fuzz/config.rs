//! Fuzzing the config file (issue 12 item 7): random and mutated TOML into
//! [`Config::parse`] (a proptest; cargo-fuzz needs a nightly compiler). Nothing panics,
//! every config accepted gives its [`Config::settings`], and a core with those settings
//! works: it answers `PREFIX help`, leaves ordinary chat alone, plays a challenge, and
//! keeps every reply within `max_reply_chars`. `PROPTEST_CASES` sets the number of
//! cases of each property (default 256).

use std::sync::Arc;

use mancala_bot::core::api::{ChatCore, Incoming};
use mancala_bot::core::painter::BlankPainter;
use mancala_bot::core::{Core, ManualClock};
use mancala_bot::model::{ChannelKey, User};
use mancala_bot::store::MemoryStore;
use proptest::prelude::*;

use mancala_bot::config::Config;

/// Every key a config may hold: (section, key); `""` is the top level.
const KEYS: &[(&str, &str)] = &[
    ("", "prefix"),
    ("", "data_dir"),
    ("", "default_game"),
    ("", "challenge_expiry_hours"),
    ("", "move_time_hours"),
    ("", "reminder_hours"),
    ("ratings", "provisional_deviation"),
    ("ratings", "tau"),
    ("ratings", "period_days"),
    ("ai", "level"),
    ("ai", "ms_per_move"),
    ("ai", "tt_mb"),
    ("ai", "max_nodes"),
    ("limits", "max_attachments"),
    ("limits", "max_reply_chars"),
    ("limits", "max_command_chars"),
    ("limits", "store_cache_mb"),
    ("discord", "token"),
    ("discord", "token_env"),
    ("discord", "message_content"),
    ("discord", "register_guild"),
    ("discord", "api_base"),
    ("discord", "organizer_role"),
    ("discord.shards", "first"),
    ("discord.shards", "last"),
    ("discord.shards", "total"),
    ("matrix", "homeserver"),
    ("matrix", "homeserver_env"),
    ("matrix", "user"),
    ("matrix", "password"),
    ("matrix", "access_token"),
    ("matrix", "device_name"),
    ("matrix", "store_subdir"),
    ("matrix", "post_gifs"),
    ("matrix", "recovery_key_env"),
    ("matrix", "leave_game_rooms_after_hours"),
    ("matrix", "allow"),
    ("matrix", "rooms_per_inviter"),
    ("", "no_such_key"),
];

/// Strings that are often trouble as settings.
const WORDS: &[&str] = &[
    "",
    " ",
    "!",
    "?",
    "mb!",
    "!!!!!!!!!",
    "`",
    "\u{200B}",
    "\u{FEFF}!",
    "！",
    "ﬁ",
    "@",
    "\u{301}",
    "katro",
    "katro:4x4",
    "hoyito match",
    "hoyito:2x12",
    "hoyito:2x13",
    "ｋａｔｒｏ",
    "chess",
    "./data",
    "..",
    "/abs",
    "a/../b",
    "matrix",
    "http://127.0.0.1:3000",
    "https://",
    "DISCORD_TOKEN",
    "1BAD",
    "ODAwMDAwMDAwMDAwMDAwMDAx.Gfake0.s3cr3t-t0k3n-n0t-t0-b3-l0gg3d",
];

/// A TOML value, written out: numbers of every size and sign (NaN and infinities
/// included), strings, booleans, arrays, an inline table.
fn value() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        any::<i64>().prop_map(|n| n.to_string()),
        (-3i64..5000).prop_map(|n| n.to_string()),
        prop::sample::select(vec![
            0i64, 1, 2, 5, 6, 10, 30, 100, 200, 350, 720, 721, 1000
        ])
        .prop_map(|n| n.to_string()),
        any::<f64>().prop_map(|f| toml::Value::Float(f).to_string()),
        prop::sample::select(vec![0.0f64, -0.0, 0.1, 0.5, 1.5, 1e-300, 1e300, 719.99])
            .prop_map(|f| toml::Value::Float(f).to_string()),
        Just("nan".to_string()),
        Just("-inf".to_string()),
        any::<bool>().prop_map(|b| b.to_string()),
        prop::sample::select(WORDS).prop_map(|s| toml::Value::String(s.into()).to_string()),
        any::<String>().prop_map(|s| toml::Value::String(s).to_string()),
    ];
    prop_oneof![
        6 => leaf.clone(),
        1 => prop::collection::vec(leaf, 0..10).prop_map(|v| format!("[{}]", v.join(", "))),
        1 => Just("{ first = 0, last = 0, total = 1 }".to_string()),
    ]
}

/// A config of random keys and values, each under its section.
fn document() -> impl Strategy<Value = String> {
    prop::collection::vec((0..KEYS.len(), value()), 0..10).prop_map(|pairs| {
        let mut sections: Vec<(&str, Vec<String>)> = Vec::new();
        for (k, v) in pairs {
            let (section, key) = KEYS[k];
            let line = format!("{key} = {v}");
            match sections.iter_mut().find(|(s, _)| *s == section) {
                Some((_, lines)) => lines.push(line),
                None => sections.push((section, vec![line])),
            }
        }
        // The top level first: a key after a `[section]` header belongs to it.
        sections.sort_by_key(|(s, _)| !s.is_empty());
        let mut text = String::new();
        for (section, lines) in sections {
            if !section.is_empty() {
                text.push_str(&format!("[{section}]\n"));
            }
            for l in lines {
                text.push_str(&l);
                text.push('\n');
            }
        }
        text
    })
}

/// One change to the lines of a config.
#[derive(Clone, Debug)]
enum Edit {
    /// Remove line `i`.
    Delete(usize),
    /// Write line `i` twice.
    Duplicate(usize),
    /// Uncomment line `i` (`# token = "..."` becomes a setting).
    Uncomment(usize),
    /// Give line `i`'s setting this value.
    Set(usize, String),
    /// Put this character at byte `at` of line `i` (at a character boundary).
    Insert(usize, usize, char),
}

fn edit() -> impl Strategy<Value = Edit> {
    let i = any::<usize>();
    prop_oneof![
        1 => i.prop_map(Edit::Delete),
        1 => i.prop_map(Edit::Duplicate),
        2 => i.prop_map(Edit::Uncomment),
        4 => (i, value()).prop_map(|(i, v)| Edit::Set(i, v)),
        1 => (i, any::<usize>(), any::<char>()).prop_map(|(i, at, c)| Edit::Insert(i, at, c)),
    ]
}

/// The example config (which documents every setting) with `edits` applied.
fn edited_example(edits: &[Edit]) -> String {
    let mut lines: Vec<String> = include_str!("../../config.example.toml")
        .lines()
        .map(String::from)
        .collect();
    for e in edits {
        let n = lines.len().max(1);
        match e {
            Edit::Delete(i) if !lines.is_empty() => {
                lines.remove(i % n);
            }
            Edit::Duplicate(i) if !lines.is_empty() => {
                let l = lines[i % n].clone();
                lines.insert(i % n, l);
            }
            Edit::Uncomment(i) => {
                if let Some(l) = lines.get_mut(i % n) {
                    *l = l.trim_start_matches(['#', ' ']).to_string();
                }
            }
            Edit::Set(i, v) => {
                if let Some(l) = lines.get_mut(i % n) {
                    if let Some((key, _)) = l.split_once('=') {
                        *l = format!("{key}= {v}");
                    }
                }
            }
            Edit::Insert(i, at, c) => {
                if let Some(l) = lines.get_mut(i % n) {
                    let mut at = at % (l.len() + 1);
                    while !l.is_char_boundary(at) {
                        at -= 1;
                    }
                    l.insert(at, *c);
                }
            }
            _ => {}
        }
    }
    lines.join("\n")
}

/// Parses `text`; a config accepted must give its settings, and a core with them must
/// work (see the module).
fn check(text: &str) -> Result<(), TestCaseError> {
    let Ok(cfg) = Config::parse(text) else {
        return Ok(());
    };
    let settings = cfg
        .settings()
        .map_err(|e| TestCaseError::fail(format!("accepted, but settings(): {e:#}")))?;
    let prefix = settings.prefix.clone();
    let max = settings.max_reply_chars;
    let core = Core::new(
        Arc::new(MemoryStore::new()),
        Arc::new(BlankPainter),
        Arc::new(ManualClock::new(1_700_000_000_000)),
        settings,
    );
    let at = ChannelKey {
        community: "g".into(),
        channel: "c".into(),
    };
    let user = |name: &str| User {
        id: name.into(),
        name: name.into(),
    };
    let say = |who: &str, text: String, mentions: Vec<User>| {
        let replies = core.handle(&Incoming {
            at: at.clone(),
            author: user(who),
            text,
            mentions,
            is_organizer: false,
            locale: None,
        });
        for r in &replies {
            prop_assert!(
                r.text().chars().count() <= max,
                "a reply of {} characters with max_reply_chars {max}",
                r.text().chars().count()
            );
        }
        Ok(replies)
    };
    let help = say("alice", format!("{prefix}help"), Vec::new())?;
    prop_assert!(
        !help.is_empty() && help.iter().all(|r| !r.is_error),
        "prefix {prefix:?}: `PREFIX help` is not answered with the help: {:?}",
        help.first().map(|r| r.text())
    );
    let chat = "plain chat, no command";
    if !chat.starts_with(prefix.as_str()) {
        let replies = say("alice", chat.to_string(), Vec::new())?;
        prop_assert!(
            replies.is_empty(),
            "prefix {prefix:?}: the bot answers ordinary chat: {:?}",
            replies.first().map(|r| r.text())
        );
    }
    let new = say("alice", format!("{prefix}new @bob"), vec![user("bob")])?;
    prop_assert!(new.iter().all(|r| !r.is_error), "{:?}", new[0].text());
    let accept = say("bob", format!("{prefix}accept"), Vec::new())?;
    prop_assert!(accept.iter().all(|r| !r.is_error), "{:?}", accept[0].text());
    let _ = core.tick();
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Random configs of the real keys with values of every type.
    #[test]
    fn random_configs_parse_or_are_refused(text in document()) {
        check(&text)?;
    }

    /// The example config with lines deleted, doubled, uncommented, set to other
    /// values, or with a character put in.
    #[test]
    fn edited_example_configs_parse_or_are_refused(
        edits in prop::collection::vec(edit(), 0..6)
    ) {
        check(&edited_example(&edits))?;
    }

    /// Any text at all.
    #[test]
    fn any_text_is_parsed_or_refused(text in any::<String>()) {
        check(&text)?;
    }
}
