//! Rooms per game and turn alerts on Discord (issue 34), end to end: the real client,
//! the real core and the transport's rooms against the strict fake Discord. In a
//! channel with `!set threads on` a challenge opens a thread of its own, says so in the
//! channel and is posted in the thread; the game is accepted and played there. A player
//! who chose `!notify dm` is told by a direct message, linking the thread, when the
//! turn passes to him.

use std::sync::Arc;
use std::time::Duration;

use mancala_bot::core::api::{ChatCore, Incoming};
use mancala_bot::core::{Core, ManualClock, Settings};
use mancala_bot::model::{ChannelKey, User};
use mancala_bot::store::MemoryStore;
use mancala_bot::transport::discord::rooms::DiscordRooms;
use mancala_bot::transport::discord::{self, CommandRegistration, DiscordOptions, Sharding};
use serde_json::{json, Value};

use crate::adapter::fixture;
use crate::fake_core::{ALICE, BOB, GUILD};
use crate::fake_discord::{FakeDiscord, CHANNEL, ROOM};

const TOKEN: &str = "ODAwMDAwMDAwMDAwMDAwMDAx.Gfake1.r00ms-t0k3n-n0t-t0-b3-l0gg3d";

/// `message_prefix.json` with `content`, said in `channel` by `author` (Alice or Bob),
/// mentioning `mentions`.
fn said(channel: &str, author: &str, content: &str, mentions: Value, n: u64) -> Value {
    let mut m = fixture("message_prefix.json");
    let d = &mut m["d"];
    d["channel_id"] = json!(channel);
    d["content"] = json!(content);
    d["id"] = json!(format!("{}", 1_250_000_000_000_000_000u64 + n));
    d["mentions"] = mentions;
    if author == BOB {
        d["author"]["id"] = json!(BOB);
        d["author"]["username"] = json!("bob");
        d["author"]["global_name"] = json!("Bob");
        d["member"]["nick"] = json!("Bob");
    }
    m
}

#[test]
fn a_game_opens_its_thread_and_a_turn_alert_goes_by_dm() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        tokio::time::timeout(Duration::from_secs(90), scenario())
            .await
            .expect("the rooms scenario took over 90 seconds");
    });
    rt.shutdown_timeout(Duration::from_secs(2));
}

/// What an organizer and a player said before the bot connected.
fn settled(core: &Core) {
    let say = |who: &str, text: &str, organizer: bool| {
        let r = core.handle(&Incoming {
            at: ChannelKey {
                community: GUILD.into(),
                channel: CHANNEL.into(),
            },
            author: User {
                id: who.into(),
                name: who.into(),
            },
            text: text.into(),
            is_organizer: organizer,
            ..Incoming::default()
        });
        assert!(r.iter().all(|r| !r.is_error), "{text}: {r:?}");
    };
    say("900000000000000099", "!set threads on", true);
    say(ALICE, "!notify dm", false);
}

async fn scenario() {
    let FakeDiscord {
        api_base,
        mut rest,
        events,
        state,
        ..
    } = FakeDiscord::start().await;
    let core = Arc::new(Core::new(
        Arc::new(MemoryStore::new()),
        Arc::new(mancala_bot::render::Renderer::new()),
        Arc::new(ManualClock::new(1_700_000_000_000)),
        Settings::default(),
    ));
    settled(&core);
    let rooms = Arc::new(DiscordRooms::new());
    core.set_rooms(rooms.clone());
    let opts = DiscordOptions {
        sharding: Sharding::Auto,
        api_base: Some(api_base),
        register: CommandRegistration::Global,
        rooms: Some(rooms),
        ..DiscordOptions::new(TOKEN)
    };
    let _bot = tokio::spawn(discord::run(opts, core));
    rest.next("PUT", "/api/v10/applications/").await;

    // Alice challenges Bob in the channel: a thread is opened under it, the channel
    // says where the game is, the challenge is posted in the thread.
    let bob = json!([{"id": BOB, "username": "bob", "global_name": "Bob", "discriminator": "0",
        "avatar": null, "public_flags": 0}]);
    let text = format!("!new katro <@{BOB}> as south");
    events.send(said(CHANNEL, ALICE, &text, bob, 1)).unwrap();
    let thread = rest
        .next("POST", &format!("/api/v10/channels/{CHANNEL}/threads"))
        .await;
    assert_eq!(thread.json()["name"], "katro-alice-vs-bob");
    let note = rest
        .next("POST", &format!("/api/v10/channels/{CHANNEL}/messages"))
        .await;
    assert_eq!(
        note.payload()["content"],
        format!("Alice's game is in <#{ROOM}>.")
    );
    let challenge = rest
        .next("POST", &format!("/api/v10/channels/{ROOM}/messages"))
        .await;
    let content = challenge.payload()["content"].as_str().unwrap().to_string();
    assert!(content.contains("Alice challenges"), "{content}");
    assert_eq!(
        challenge.payload()["allowed_mentions"]["users"],
        json!([BOB])
    );

    // Bob accepts in the thread: Alice (South) is to move; she asked for direct
    // messages, so the thread names her without a ping and a DM tells her.
    events
        .send(said(ROOM, BOB, "!accept", json!([]), 2))
        .unwrap();
    let started = rest
        .next("POST", &format!("/api/v10/channels/{ROOM}/messages"))
        .await;
    let pinged = started.payload()["allowed_mentions"]["users"].clone();
    assert!(!pinged.to_string().contains(ALICE), "{pinged}");
    let open = rest.next("POST", "/api/v10/users/@me/channels").await;
    assert_eq!(open.json(), json!({"recipient_id": ALICE}));
    let alert = rest.next("POST", "/api/v10/channels/95").await;
    let content = alert.payload()["content"].as_str().unwrap().to_string();
    assert!(
        content.starts_with(&format!(
            "@Alice, your turn: Katro 6x6 against Bob in <#{ROOM}> (game `"
        )),
        "{content}"
    );
    assert!(
        state.lock().unwrap().refusals.is_empty(),
        "Discord refused: {:?}",
        state.lock().unwrap().refusals
    );
}
