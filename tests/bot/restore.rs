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

/// Rooms as the Matrix transport opens them (`transport::matrix::bot::channel_key`):
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
        game.record.south.unwrap().name,
        game.record.north.unwrap().name,
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
