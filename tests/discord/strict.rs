//! Real renderer output at the extremes through the real Discord adapter, checked against
//! Discord's documented limits ([`crate::limits`], the same checker the strict fake
//! Discord applies): the longest moves found, 2x12 Hoyito, 64-character names in several
//! scripts, 50-player standings, a whole game's `!history`, the slash commands, the
//! autocomplete answers and tournament room names (issue 12 item 1).

use std::sync::Arc;

use mancala_bot::core::api::{ChatCore, Incoming, Reply};
use mancala_bot::core::{Core, ManualClock, Settings};
use mancala_bot::model::{ChannelKey, GameKind, User};
use mancala_bot::store::{ImportBatch, MemoryStore, Play, Record, Store};
use mancala_bot::transport::discord::adapter;
use mancala_rules::{Game, Position, Variant};

use crate::limits;

const GUILD: &str = "900000000000000001";

/// The longest Katro move found in a million random 6x6 positions (150 laps).
const LONGEST: (&str, &str) = (
    "katro/2,8,4,2,7,3/5,5,4,3,1,7/2,3,5,2,1,4/3,2,1,5,2,6/6,4,2,5,5,3/0,7,7,7,7,4 s",
    "c1+",
);
/// The 27-lap move of the issue, whose contact sheet's alt text is 3,679 characters.
const TWENTY_SEVEN: (&str, &str) = (
    "katro/0,2,0,0,4,1/1,0,8,1,2,1/6,2,3,5,1,4/3,1,3,4,0,0/0,6,0,2,6,1/1,1,1,2,0,0 s",
    "b1-",
);

/// 64-character names in several scripts (letters with combining marks, Arabic, Hangul
/// with emoji, Cyrillic, Devanagari), and markup that must stay inert.
fn long_names() -> Vec<String> {
    let take = |s: &str| s.chars().cycle().take(64).collect::<String>();
    vec![
        take("Ña\u{0301}ñe\u{0308}z "),
        take("مستخدم_عربي "),
        take("사용자🐢"),
        take("Пользователь "),
        take("उपयोगकर्ता "),
        take("*_~`|> @everyone "),
    ]
}

fn user(i: usize, name: &str) -> User {
    User {
        id: format!("7000000000000001{i:02}"),
        name: name.to_string(),
    }
}

fn channel(n: u32) -> ChannelKey {
    ChannelKey {
        community: GUILD.into(),
        channel: format!("9000000000000{n:05}"),
    }
}

/// A core over an in-memory store with the real renderer.
fn real_core() -> (Core, Arc<MemoryStore>) {
    core_with(Settings::default())
}

/// A core over an in-memory store with the real renderer and `settings`.
fn core_with(settings: Settings) -> (Core, Arc<MemoryStore>) {
    let store = Arc::new(MemoryStore::new());
    let core = Core::new(
        store.clone(),
        mancala_bot::render::Renderer::warmed(),
        Arc::new(ManualClock::new(1_700_000_000_000)),
        settings,
    );
    (core, store)
}

/// Issue 35: the slash commands' help is the running core's `!help`, with the host's
/// prefix, the AI's default level and the default game, not the defaults.
#[test]
fn slash_help_shows_the_running_settings() {
    let hoyito = GameKind::single(Variant::hoyito(8).unwrap());
    let (core, _) = core_with(Settings {
        prefix: "?".into(),
        ai_level: 5,
        default_game: hoyito,
        ..Settings::default()
    });
    let commands = mancala_bot::transport::discord::commands::all(&core);
    let help = |name: &str| {
        let cmd = commands.iter().find(|c| c.name == name).unwrap();
        cmd.help_text.clone().unwrap_or_default()
    };
    let new = help("new");
    assert!(new.contains("`?new "), "{new}");
    assert!(new.contains("default 5"), "{new}");
    assert!(new.contains(&format!("default {hoyito};")), "{new}");
    assert!(!new.contains("default katro"), "{new}");
    assert!(
        !new.contains("`!new") && !new.contains("default 3"),
        "{new}"
    );
    assert!(help("sow").contains("`?sow c1+`"), "{}", help("sow"));
    // The same lines as `?help` in a channel.
    let bang = say(&core, &channel(1), &user(1, "Ann"), "?help", &[]);
    let text: String = bang.iter().map(Reply::text).collect();
    for line in new.lines() {
        assert!(text.contains(line), "{line}");
    }
}

fn say(core: &Core, at: &ChannelKey, who: &User, text: &str, mentions: &[User]) -> Vec<Reply> {
    core.handle(&Incoming {
        at: at.clone(),
        author: who.clone(),
        text: text.into(),
        mentions: mentions.to_vec(),
        is_organizer: true,
        locale: None,
    })
}

/// Every Discord message of `replies`, as a channel message and as an interaction's
/// messages, keeps within Discord's limits; returns how many messages there were.
#[track_caller]
fn assert_within_limits(replies: &[Reply], origin: &ChannelKey) -> usize {
    let mut n = 0;
    for ephemeral in [false, true] {
        for routed in adapter::routed_messages(replies, origin, ephemeral) {
            let m = &routed.message;
            let sizes: Vec<usize> = m.files.iter().map(|f| f.data.len()).collect();
            for payload in [
                serde_json::to_value(m.to_message()).unwrap(),
                serde_json::to_value(m.to_response_message()).unwrap(),
                serde_json::to_value(m.to_followup()).unwrap(),
            ] {
                let given = payload["attachments"].as_array().map_or(0, Vec::len);
                assert_eq!(
                    given,
                    m.files.len(),
                    "every file is described in the payload"
                );
                let broken = limits::check_message(&payload, &sizes);
                assert!(broken.is_empty(), "{broken:?} in {:.300}", m.content);
            }
            n += 1;
        }
    }
    n / 2
}

/// A game in `at` from `position`, `south` to move against `north`.
fn game_from(store: &MemoryStore, at: &ChannelKey, position: &str, south: &User, north: &User) {
    let pos: Position = position.parse().unwrap();
    let record = Record::in_play(
        "g-extreme".into(),
        at.clone(),
        GameKind::single(pos.variant()),
        south.clone(),
        north.clone(),
        Play::Game(Game::from_position(pos)),
        None,
        1_700_000_000_000,
    );
    let batch = ImportBatch {
        records: vec![record],
        docs: Vec::new(),
    };
    store.import(&batch).unwrap();
}

#[test]
fn the_longest_moves_post_within_discords_limits() {
    let names = long_names();
    for (i, (position, mv)) in [TWENTY_SEVEN, LONGEST].into_iter().enumerate() {
        let (core, store) = real_core();
        let at = channel(100 + i as u32);
        let (south, north) = (user(1, &names[1]), user(2, &names[2]));
        game_from(&store, &at, position, &south, &north);
        let replies = say(&core, &at, &south, &format!("!sow {mv}"), &[]);
        assert!(!replies[0].is_error, "{}", replies[0].text());
        let alt: usize = replies
            .iter()
            .flat_map(|r| &r.attachments)
            .map(|a| a.alt.chars().count())
            .max()
            .unwrap();
        assert!(
            alt > limits::DESCRIPTION,
            "the extreme is real: alt text {alt}"
        );
        assert!(assert_within_limits(&replies, &at) >= 1);
        // The whole alt text is kept, in a text file beside the picture.
        let msgs = adapter::out_messages(&replies[0], false);
        let texts: Vec<String> = msgs
            .iter()
            .flat_map(|m| &m.files)
            .filter(|f| f.filename.ends_with(".txt"))
            .map(|f| String::from_utf8(f.data.clone()).unwrap())
            .collect();
        let longest = replies[0]
            .attachments
            .iter()
            .map(|a| a.alt.clone())
            .max_by_key(|a| a.chars().count())
            .unwrap();
        assert!(texts.contains(&longest), "the whole alt text is attached");
    }
}

#[test]
fn hoyito_2x12_and_long_names_in_every_script_post_within_discords_limits() {
    let names = long_names();
    let (core, _store) = real_core();
    for (i, pair) in names.chunks(2).enumerate() {
        let at = channel(200 + i as u32);
        let (a, b) = (user(10 + 2 * i, &pair[0]), user(11 + 2 * i, &pair[1]));
        let out = say(
            &core,
            &at,
            &a,
            "!new hoyito:2x12 @b as south",
            std::slice::from_ref(&b),
        );
        assert_within_limits(&out, &at);
        let out = say(&core, &at, &b, "!accept", &[]);
        assert_within_limits(&out, &at);
        for ply in 0..6 {
            let mover = if ply % 2 == 0 { &a } else { &b };
            let mv = core.legal_moves(&at)[0].clone();
            let out = say(&core, &at, mover, &format!("!sow {mv}"), &[]);
            assert!(!out[0].is_error, "{}", out[0].text());
            assert_within_limits(&out, &at);
        }
        for cmd in [
            "!board",
            "!moves",
            "!history",
            "!record",
            "!games",
            "!help",
            "!rules hoyito",
        ] {
            assert_within_limits(&say(&core, &at, &a, cmd, &[]), &at);
        }
    }
}

#[test]
fn fifty_player_standings_and_a_whole_games_history_post_within_discords_limits() {
    let names = long_names();
    let (core, _store) = real_core();
    let lobby = channel(300);
    let org = user(99, "organizer");
    let out = say(
        &core,
        &lobby,
        &org,
        "!tournament new big katro:4x4 swiss 3",
        &[],
    );
    assert!(!out[0].is_error, "{}", out[0].text());
    let players: Vec<User> = (0..50)
        .map(|i| user(i, &format!("{}{i}", &names[i % names.len()])))
        .collect();
    for p in &players {
        let out = say(&core, &lobby, p, "!tournament join big", &[]);
        assert!(!out[0].is_error, "{}", out[0].text());
    }
    let out = say(&core, &lobby, &org, "!tournament start big", &[]);
    assert!(out.len() >= 26, "the start and 25 games: {}", out.len());
    assert_within_limits(&out, &lobby);
    for cmd in ["!tournament standings big", "!tournament pairings big"] {
        let out = say(&core, &lobby, &org, cmd, &[]);
        assert!(!out[0].is_error, "{}", out[0].text());
        let chars: usize = out.iter().map(|r| r.text().chars().count()).sum();
        assert!(
            chars > 2000,
            "{cmd}: the extreme is real ({chars} characters)"
        );
        assert!(assert_within_limits(&out, &lobby) >= 2, "{cmd} is split");
    }

    // A whole Katro 6x6 game to its end, then its history.
    let at = channel(301);
    let (a, b) = (user(60, &names[3]), user(61, &names[4]));
    say(
        &core,
        &at,
        &a,
        "!new katro @b as south",
        std::slice::from_ref(&b),
    );
    say(&core, &at, &b, "!accept", &[]);
    let mut plies = 0;
    while let Some(mv) = core.legal_moves(&at).first().cloned() {
        let text = format!("!sow {mv}");
        if say(&core, &at, &a, &text, &[])[0].is_error {
            let out = say(&core, &at, &b, &text, &[]);
            assert!(!out[0].is_error, "{}", out[0].text());
        }
        plies += 1;
        assert!(plies < 2000, "the game ends");
    }
    assert!(plies > 20, "a whole game: {plies} plies");
    let out = say(&core, &at, &a, "!record", &[]);
    assert_within_limits(&out, &at);
}

#[test]
fn slash_commands_autocomplete_and_room_names_keep_within_discords_limits() {
    let commands: Vec<serde_json::Value> =
        mancala_bot::transport::discord::commands::all(&real_core().0)
            .iter()
            .filter_map(|c| c.create_as_slash_command())
            .map(|c| serde_json::to_value(c).unwrap())
            .collect();
    assert!(commands.len() >= 20);
    let broken = limits::check_commands(&serde_json::Value::Array(commands));
    assert!(broken.is_empty(), "{broken:?}");

    // Autocomplete of `/sow` on the widest board: at most 25 answers.
    let wide: Vec<String> = Game::new(Variant::hoyito(12).unwrap())
        .legal_moves()
        .iter()
        .map(|m| m.to_string())
        .collect();
    let mut many = wide.clone();
    many.extend((0..40).map(|i| format!("x{i}+")));
    let answers = adapter::complete(&many, "");
    assert!(answers.len() <= limits::OPTIONS, "{}", answers.len());
    let choices: Vec<serde_json::Value> = answers
        .iter()
        .map(|a| serde_json::json!({"name": a, "value": a}))
        .collect();
    assert!(limits::check_choices("choices", &serde_json::Value::Array(choices)).is_empty());

    // Room names of tournaments with long names stay within 1-100 characters.
    for name in long_names() {
        let room =
            mancala_bot::transport::discord::rooms::thread_name(&format!("tourney-{name}-r12-b25"));
        let n = room.chars().count();
        assert!(limits::CHANNEL_NAME.contains(&n), "{n}: {room}");
    }
}

/// Files are grouped by Discord's 10 MiB per message as well as by ten files, a file
/// over 10 MiB is left out with a note naming it, labels are cut to 80 characters and
/// buttons to five rows of five.
#[test]
fn uploads_labels_and_rows_keep_within_discords_limits() {
    use mancala_bot::core::api::{Attachment, Button};
    let file = |name: &str, mib: usize| Attachment {
        filename: name.into(),
        bytes: vec![0; mib << 20],
        alt: format!("{name}, {mib} MiB"),
    };
    let reply = Reply {
        body: "A move.".into(),
        attachments: vec![
            file("a.png", 4),
            file("b.png", 4),
            file("c.png", 4),
            file("huge.gif", 11),
        ],
        buttons: (0..30)
            .map(|i| Button {
                id: format!("b{i}"),
                label: format!("Accept the challenge of {}", "Ñ".repeat(100)),
                command: "!accept".into(),
                only: None,
            })
            .collect(),
        ..Reply::default()
    };
    let at = channel(400);
    let msgs = adapter::out_messages(&reply, false);
    let files: Vec<Vec<String>> = msgs
        .iter()
        .map(|m| m.files.iter().map(|f| f.filename.clone()).collect())
        .collect();
    assert_eq!(files, [vec!["a.png", "b.png"], vec!["c.png"]]);
    assert!(
        msgs[0]
            .content
            .contains("(huge.gif is not attached: 11.0 MiB, and Discord takes at most 10 MiB.)"),
        "{}",
        msgs[0].content
    );
    assert_eq!(assert_within_limits(std::slice::from_ref(&reply), &at), 2);
    let rows = serde_json::to_value(msgs.last().unwrap().to_message()).unwrap();
    let rows = rows["components"].as_array().unwrap();
    assert_eq!(rows.len(), limits::ROWS);
    let label = rows[0]["components"][0]["label"].as_str().unwrap();
    assert_eq!(label.chars().count(), limits::LABEL);
    assert!(label.ends_with('…'));
}
