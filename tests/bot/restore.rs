//! Issue 33, "restore must always work": whatever state commands can reach exports and
//! imports back to the same state. The two shapes that broke it (a Matrix tournament,
//! whose game rooms are communities of their own; console channel names that are not
//! platform ids), `import --community`, and the line cap.

use std::sync::Arc;

use mancala_bot::core::api::{ChatCore, Reply, RoomSpec, Rooms};
use mancala_bot::core::backup;
use mancala_bot::model::ChannelKey;
use mancala_bot::store::{MemoryStore, Store};

use crate::core_chat::{bench, chan, ok, say, say_as};

/// Rooms as the Matrix transport opens them (`transport::matrix::channel_key`):
/// the room id as both community and channel, so every game room is a community of its
/// own.
#[derive(Default)]
pub struct MatrixLikeRooms;

impl Rooms for MatrixLikeRooms {
    fn open(&self, _: &ChannelKey, room: &RoomSpec) -> Result<ChannelKey, String> {
        let id = format!("!{}:example.org", room.name);
        Ok(ChannelKey {
            community: id.clone(),
            channel: id,
        })
    }
}

/// Every line `export` writes for `store`.
pub fn export_text(store: &dyn Store) -> String {
    let mut out = Vec::new();
    backup::export(store, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

/// `text` read back and imported into a new memory store, which must then export the
/// same lines.
#[track_caller]
pub fn round_trip(text: &str) -> MemoryStore {
    let lines = backup::read(text.as_bytes())
        .unwrap_or_else(|e| panic!("the store's own export is refused: {e}\n{text}"));
    let copy = MemoryStore::new();
    backup::import(&copy, &lines).unwrap();
    assert_eq!(export_text(&copy), text, "the copy exports other lines");
    copy
}

fn ok_all(replies: Vec<Reply>) {
    assert!(replies.iter().all(|r| !r.is_error), "{replies:?}");
}

/// Issue 33: a store that ran a Matrix tournament (its game rooms each a community of
/// their own) is restored from its own snapshot, mid-round and after a game ended.
#[test]
fn a_matrix_tournament_with_rooms_in_their_own_communities_round_trips() {
    let b = bench();
    b.core.set_rooms(Arc::new(MatrixLikeRooms));
    let home = ChannelKey {
        community: "!home:example.org".into(),
        channel: "!home:example.org".into(),
    };
    ok(say_as(
        &b.core,
        &home,
        "org",
        "!tournament new cup katro:4x4 roundrobin",
        true,
    ));
    for p in ["p1", "p2", "p3", "p4"] {
        ok(say(&b.core, &home, p, "!tournament join cup"));
    }
    ok_all(say_as(&b.core, &home, "org", "!tournament start cup", true));
    let room = ChannelKey {
        community: "!tourney-cup-r1-b1:example.org".into(),
        channel: "!tourney-cup-r1-b1:example.org".into(),
    };
    let game = b.store.load(&room).unwrap().expect("the game's room");
    assert!(game.record.tournament.is_some());
    round_trip(&export_text(&*b.store));
    // One game over (its record in the history, rated in the home community).
    let (south, north) = (
        game.record.south().unwrap().name.clone(),
        game.record.north().unwrap().name.clone(),
    );
    for who in [&south, &north] {
        let mv = b.core.legal_moves(&room)[0].clone();
        ok_all(say(&b.core, &room, who, &format!("!sow {mv}")));
    }
    ok_all(say(&b.core, &room, &south, "!resign"));
    let text = export_text(&*b.store);
    assert!(text.contains("rating/!home:example.org/katro"), "{text}");
    round_trip(&text);
}

/// Issue 33: console channel names that are not platform ids (a control character; 64
/// four-byte characters, 256 bytes) are refused by `/channel`, naming the rule, so that
/// nothing is stored under them; what the console does store round-trips.
#[test]
fn console_channels_are_platform_ids_and_what_the_console_stores_round_trips() {
    use mancala_bot::transport::console::Console;
    let b = bench();
    let dir = tempfile::tempdir().unwrap();
    let mut console = Console::new(&b.core, dir.path()).without_pictures();
    let mut out = Vec::new();
    let wide = "𝕏".repeat(64);
    for name in ["a\u{1}b", "tab\u{7f}x", wide.as_str(), "ok-\u{200b}zw"] {
        console.line(&format!("/channel {name}"), &mut out).unwrap();
        console.line("!new katro ai level 1", &mut out).unwrap();
    }
    // 64 characters (the console's most), 253 bytes: kept.
    let longest = format!("{}a", "𝕏".repeat(63));
    console
        .line(&format!("/channel {longest}"), &mut out)
        .unwrap();
    console.line("!new katro ai level 1", &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    let text = export_text(&*b.store);
    round_trip(&text);
    assert_eq!(
        out.matches("a channel's name is 1 to 255 bytes, no control or invisible characters")
            .count(),
        4,
        "{out}"
    );
    // Only #general (the first refusals leave the console there) and the longest name.
    let channels: Vec<String> = {
        let mut v = Vec::new();
        b.store
            .for_each(&mut |r| {
                v.push(r.at.channel.clone());
                Ok(())
            })
            .unwrap();
        v
    };
    assert_eq!(channels, vec!["general".to_string(), longest], "{out}");
}

/// A message from a channel whose id is not a platform id (a transport that passed one
/// through) is refused at the core's door, naming the rule, and writes nothing.
#[test]
fn the_core_refuses_a_channel_id_it_could_not_restore() {
    let b = bench();
    let before = export_text(&*b.store);
    for channel in ["x\u{1b}[31m".to_string(), "é".repeat(128)] {
        let at = ChannelKey {
            community: "guild-1".into(),
            channel,
        };
        let r = crate::core_chat::refused(say(&b.core, &at, "alice", "!new katro ai level 1"));
        assert!(
            r.contains("1 to 255 bytes, no control or invisible characters"),
            "{r}"
        );
    }
    assert_eq!(export_text(&*b.store), before);
    let _ = chan("x");
}

/// Issue 33: a line longer than the cap is refused by number, the cap named, without
/// reading it whole (an endless line ends the read), and nothing is written.
#[test]
fn an_over_long_line_is_refused_by_number_with_the_cap_named() {
    let b = bench();
    crate::core_chat::start(&b.core, &chan("one"), "katro");
    let good = export_text(&*b.store);
    let opts = backup::ReadOptions {
        community: None,
        max_line: 4096,
    };
    let text = format!("{good}{}\n{good}", " ".repeat(4097));
    let e = backup::read_with(text.as_bytes(), opts)
        .unwrap_err()
        .to_string();
    let n = good.lines().count() + 1;
    assert_eq!(
        e,
        format!(
            "line {n} is longer than 4096 bytes, the longest line import reads (the bot \
             writes none that long)"
        )
    );
    // A line of exactly the cap is read (blank: skipped), with its CR LF.
    let text = format!("{}\r\n{good}", " ".repeat(4096));
    assert!(backup::read_with(text.as_bytes(), opts).is_ok());
    // An endless line (no line break ever) is refused after the cap.
    let endless = std::io::BufReader::new(std::io::repeat(b'x'));
    let e = backup::read_with(endless, opts).unwrap_err().to_string();
    assert!(e.starts_with("line 1 is longer than 4096 bytes"), "{e}");
    // Through the binary: the real cap, no store made.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("long.jsonl");
    let mut long = good.clone().into_bytes();
    long.extend(std::iter::repeat_n(b'x', backup::MAX_LINE_BYTES + 1));
    long.extend(format!("\n{good}").bytes());
    std::fs::write(&file, long).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mancala-bot"))
        .args(["import", "--data"])
        .arg(dir.path().join("data"))
        .arg(&file)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains(&format!("line {n} is longer than 67108864 bytes")),
        "{err}"
    );
    assert!(err.contains("nothing was imported"), "{err}");
    assert!(!dir.path().join("data").join("store").exists());
}

fn bin(args: &[&str], data: &std::path::Path, file: Option<&std::path::Path>) -> String {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_mancala-bot"));
    cmd.args(args).arg("--data").arg(data);
    if let Some(f) = file {
        cmd.arg(f);
    }
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Issue 33: `import --community ID` of a file of many communities imports exactly that
/// community: its channels' games, its documents, and its tournament's Matrix rooms
/// (communities of their own: the game, the room's settings, a preference set there);
/// `export --community` writes the same lines, and the rest of the file is still
/// checked.
#[test]
fn import_of_one_community_from_a_file_of_many_gives_exactly_that_community() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let home = ChannelKey {
        community: "!home:example.org".into(),
        channel: "!home:example.org".into(),
    };
    {
        let store =
            Arc::new(mancala_bot::store::SledStore::open(&data.join("store"), 8 << 20).unwrap());
        let core = mancala_bot::core::Core::new(
            store,
            Arc::new(crate::core_chat::FakePainter::default()),
            Arc::new(mancala_bot::core::ManualClock::new(1_700_000_000_000)),
            mancala_bot::core::Settings::default(),
        );
        core.set_rooms(Arc::new(MatrixLikeRooms));
        for community in ["111111111111111111", "222222222222222222", "console"] {
            let at = ChannelKey {
                community: community.into(),
                channel: "one".into(),
            };
            crate::core_chat::start(&core, &at, "katro");
            ok(say_as(&core, &at, "alice", "!set language fr", true));
        }
        ok(say_as(&core, &home, "org", "!set language ru", true));
        ok(say_as(
            &core,
            &home,
            "org",
            "!tournament new cup katro:4x4 knockout",
            true,
        ));
        for p in ["p1", "p2"] {
            ok(say(&core, &home, p, "!tournament join"));
        }
        ok_all(say_as(&core, &home, "org", "!tournament start", true));
        // A preference set in the game's room (a community of its own).
        let room = ChannelKey {
            community: "!tourney-cup-r1-b1:example.org".into(),
            channel: "!tourney-cup-r1-b1:example.org".into(),
        };
        ok(say(&core, &room, "p1", "!mute"));
    }
    let all = bin(&["export"], &data, None);
    let file = dir.path().join("all.jsonl");
    std::fs::write(&file, &all).unwrap();
    let room = "!tourney-cup-r1-b1:example.org";
    for (community, must) in [
        ("222222222222222222", vec!["chan/222222222222222222/one"]),
        (
            "!home:example.org",
            vec![
                "tour/!home:example.org/cup",
                "chan/!home:example.org/!home:example.org",
                &format!(r#""community":"{room}""#),
                &format!("chan/{room}/{room}"),
                &format!("player/{room}/id-p1"),
            ],
        ),
    ] {
        let copy = dir.path().join(community);
        bin(&["import", "--community", community], &copy, Some(&file));
        let got = bin(&["export"], &copy, None);
        let want = bin(&["export", "--community", community], &data, None);
        assert_eq!(got, want, "{community}");
        for m in must {
            assert!(got.contains(m), "{community}: no {m} in\n{got}");
        }
        let others = all.lines().filter(|l| !got.contains(*l));
        for l in others {
            assert!(
                !l.contains(&format!("\"community\":\"{community}\"")),
                "{l}"
            );
        }
        assert!(got.lines().count() < all.lines().count());
    }
    // The room's settings before its game's record (not as export orders lines) are
    // held back until the record makes the room known.
    let (first, rest): (Vec<&str>, Vec<&str>) = all
        .lines()
        .partition(|l| l.contains(&format!("chan/{room}/")));
    assert_eq!(first.len(), 1, "{first:?}");
    let reordered = [first, rest].concat().join("\n");
    let opts = backup::ReadOptions {
        community: Some("!home:example.org"),
        ..backup::ReadOptions::default()
    };
    let kept = backup::read_with(reordered.as_bytes(), opts).unwrap();
    let keys: Vec<String> = kept.entries.iter().map(|(_, e)| e.key()).collect();
    for want in [
        format!("document chan/{room}/{room}"),
        format!("document player/{room}/id-p1"),
        format!("record for channel {room}/{room}"),
    ] {
        assert!(keys.contains(&want), "{want} not in {keys:?}");
    }
    // A community the file does not hold: an error, nothing imported.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mancala-bot"))
        .args(["import", "--community", "999", "--data"])
        .arg(dir.path().join("none"))
        .arg(&file)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("no record and no document of community \"999\""),
        "{err}"
    );
    // A bad line of another community refuses the whole import.
    assert!(all.starts_with(r#"{"format_version":1,"id":"#), "{all}");
    let bad = all.replacen(r#"{"format_version":1,"#, r#"{"format_version":99,"#, 1);
    std::fs::write(&file, bad).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mancala-bot"))
        .args(["import", "--community", "!home:example.org", "--data"])
        .arg(dir.path().join("bad"))
        .arg(&file)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("all.jsonl line 1: format version 99"), "{err}");
    assert!(!dir.path().join("bad").join("store").exists());
}
