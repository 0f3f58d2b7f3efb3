//! The end-to-end scenario's chat steps 0 to 12 (`super::scenario` runs them in
//! order): moves, boards, refusals, autocomplete, challenges and their buttons, a
//! deferred answer, a tournament's thread, chatter, a slash subcommand.

use std::time::Duration;

use mancala_bot::core::api::Rooms;
use mancala_bot::model::ChannelKey;
use serde_json::json;

use crate::adapter::fixture;
use crate::fake_core::{ALICE, BOB, CAROL, GUILD, ROOM_NAME, SLOW, TICK_CHANNEL, TICK_DEADLINE_MS};
use crate::fake_discord::{BOT, CHANNEL, ROOM};

fn assert_png(bytes: &[u8]) {
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "not a PNG");
    image::load_from_memory_with_format(bytes, image::ImageFormat::Png).expect("PNG decodes");
}

fn callback_path(fixture_name: &str) -> String {
    let d = &fixture(fixture_name)["d"];
    format!(
        "/api/v10/interactions/{}/{}/callback",
        d["id"].as_str().unwrap(),
        d["token"].as_str().unwrap()
    )
}

/// 0. The first tick's reminder; then the guild arrives.
pub(crate) async fn first_tick_reminds(s: &mut super::Scene) {
    let super::Scene {
        rest,
        ev_tx,
        core,
        rooms,
        ..
    } = s;
    // 0. The first tick runs at start: its reminder is posted in its own channel, pinging
    //    Bob, with Discord's timestamp markup untouched.
    let post = rest
        .next(
            "POST",
            &format!("/api/v10/channels/{TICK_CHANNEL}/messages"),
        )
        .await;
    let payload = post.payload();
    assert_eq!(
        payload["content"],
        format!(
            "Reminder: Bob Smith, your move in katro is due <t:{}:R>.\n<@{BOB}>",
            TICK_DEADLINE_MS / 1000
        )
    );
    assert_eq!(payload["allowed_mentions"]["users"], json!([BOB]));
    assert!(core.ticks() >= 1);
    assert!(rooms.is_attached(), "run attached the client to the rooms");
    // The guild arrives (GUILD_CREATE fills the cache with its roles).
    ev_tx.send(fixture("guild_create.json")).unwrap();
}

/// 1. A prefix command's move, with its frames.
pub(crate) async fn prefix_move_posts_its_frames(s: &mut super::Scene) {
    let super::Scene {
        rest, ev_tx, core, ..
    } = s;
    // 1. `!sow b3+` from a player: one message POST with the two PNG frames (multipart),
    //    pinging only the player to move.
    ev_tx.send(fixture("message_prefix.json")).unwrap();
    let post = rest
        .next("POST", &format!("/api/v10/channels/{CHANNEL}/messages"))
        .await;
    assert!(post.is_multipart());
    let payload = post.payload();
    assert_eq!(
        payload["content"],
        format!(
            "South sowed b3+: 2 laps, captured 2 from b4\nNorth (Bob Smith) to move.\n<@{BOB}>"
        )
    );
    assert_eq!(payload["allowed_mentions"]["parse"], json!([]));
    assert_eq!(payload["allowed_mentions"]["users"], json!([BOB]));
    assert_eq!(payload["attachments"].as_array().unwrap().len(), 2);
    let files = post.files();
    assert_eq!(files.len(), 2);
    assert_eq!(files[0].0, "frame-01.png");
    assert_eq!(files[1].0, "frame-02.png");
    files.iter().for_each(|(_, b)| assert_png(b));
    let seen = core.seen();
    assert_eq!(seen.last().unwrap().text, "!sow b3+");
    assert_eq!(seen.last().unwrap().author.id, ALICE);
    assert!(!seen.last().unwrap().is_organizer, "Alice has no roles");
}

/// 2. `/board` answered with the board's picture.
pub(crate) async fn board_interaction_carries_the_picture(s: &mut super::Scene) {
    let super::Scene {
        rest, ev_tx, core, ..
    } = s;
    // 2. `/board`: the interaction's response carries the board image.
    ev_tx.send(fixture("interaction_board.json")).unwrap();
    let cb = rest
        .next("POST", &callback_path("interaction_board.json"))
        .await;
    assert!(cb.is_multipart());
    let payload = cb.payload();
    assert_eq!(payload["type"], 4);
    assert!(payload["data"]["content"]
        .as_str()
        .unwrap()
        .contains("North to move."));
    assert!(payload["data"].get("flags").is_none(), "public");
    assert_eq!(payload["data"]["attachments"].as_array().unwrap().len(), 1);
    let files = cb.files();
    assert_eq!(files.len(), 1);
    assert_eq!(files[0].0, "board.png");
    assert_png(&files[0].1);
    assert_eq!(core.seen().last().unwrap().text, "!board");
}

/// 3-4. A non-player's moves refused, by message and by slash command (ephemeral).
pub(crate) async fn moves_of_a_non_player_are_refused(s: &mut super::Scene) {
    let super::Scene {
        rest, ev_tx, core, ..
    } = s;
    // 3. A non-player's `!sow`: a refusal, no image.
    ev_tx.send(fixture("message_nonplayer.json")).unwrap();
    let post = rest
        .next("POST", &format!("/api/v10/channels/{CHANNEL}/messages"))
        .await;
    let payload = post.payload();
    assert_eq!(
        payload["content"],
        "carol may not move: only Alice and Bob Smith play in this channel."
    );
    assert!(post.files().is_empty());
    assert_eq!(core.seen().last().unwrap().author.id, CAROL);

    // 4. A non-player's `/sow`: the refusal is ephemeral.
    ev_tx
        .send(fixture("interaction_sow_nonplayer.json"))
        .unwrap();
    let cb = rest
        .next("POST", &callback_path("interaction_sow_nonplayer.json"))
        .await;
    let payload = cb.payload();
    assert_eq!(payload["type"], 4);
    assert_eq!(payload["data"]["flags"], 64);
    assert!(payload["data"]["content"]
        .as_str()
        .unwrap()
        .contains("may not move"));
    assert_eq!(core.seen().last().unwrap().text, "!sow c1+");
}

/// 5. Autocomplete of a hole.
pub(crate) async fn autocomplete_offers_the_legal_moves(s: &mut super::Scene) {
    let super::Scene { rest, ev_tx, .. } = s;
    // 5. Autocomplete of `/sow hole:B`: the legal moves from the core that match.
    ev_tx
        .send(fixture("interaction_autocomplete.json"))
        .unwrap();
    let cb = rest
        .next("POST", &callback_path("interaction_autocomplete.json"))
        .await;
    let payload = cb.payload();
    assert_eq!(payload["type"], 8);
    let choices: Vec<&str> = payload["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap())
        .collect();
    assert_eq!(choices, ["b3+", "b3-"]);
}

/// 6. A challenge's buttons.
pub(crate) async fn a_challenge_has_buttons_for_the_challenged(s: &mut super::Scene) {
    let super::Scene {
        rest, ev_tx, core, ..
    } = s;
    // 6. `/new`: the challenge with Accept/Decline buttons only Bob may press.
    let before = core.seen().len();
    ev_tx.send(fixture("interaction_new.json")).unwrap();
    let cb = rest
        .next("POST", &callback_path("interaction_new.json"))
        .await;
    let payload = cb.payload();
    assert_eq!(
        core.seen()[before].text,
        "!new katro:4x6 @bob_smith as north"
    );
    let buttons = &payload["data"]["components"][0]["components"];
    assert_eq!(buttons[0]["custom_id"], format!("mb|accept|{BOB}|!accept"));
    assert_eq!(
        buttons[1]["custom_id"],
        format!("mb|decline|{BOB}|!decline")
    );
    assert_eq!(payload["data"]["allowed_mentions"]["users"], json!([BOB]));
}

/// 7-8. The challenge's buttons pressed by another, then by the challenged.
pub(crate) async fn only_the_challenged_may_press_them(s: &mut super::Scene) {
    let super::Scene {
        rest, ev_tx, core, ..
    } = s;
    // 7. Carol presses Accept: ephemeral refusal, the core is not asked.
    let before = core.seen().len();
    ev_tx
        .send(fixture("interaction_button_carol.json"))
        .unwrap();
    let cb = rest
        .next("POST", &callback_path("interaction_button_carol.json"))
        .await;
    let payload = cb.payload();
    assert_eq!(payload["type"], 4);
    assert_eq!(payload["data"]["flags"], 64);
    assert_eq!(
        payload["data"]["content"],
        format!("Only <@{BOB}> can press this button.")
    );
    assert_eq!(core.seen().len(), before);

    // 8. Bob presses Accept: `!accept` from Bob.
    ev_tx.send(fixture("interaction_button_bob.json")).unwrap();
    let cb = rest
        .next("POST", &callback_path("interaction_button_bob.json"))
        .await;
    assert_eq!(cb.payload()["data"]["content"], "Bob Smith accepted.");
    // Its second reply is for another channel: posted there, after the response.
    let post = rest
        .next(
            "POST",
            &format!("/api/v10/channels/{TICK_CHANNEL}/messages"),
        )
        .await;
    assert_eq!(
        post.payload()["content"],
        // The core speaks no Discord markup: a `<#...>` in its text is escaped.
        format!("Bob Smith accepted a challenge in \\<#{CHANNEL}>.")
    );
    let last = core.seen().last().unwrap().clone();
    assert_eq!(
        (last.text.as_str(), last.author.id.as_str()),
        ("!accept", BOB)
    );
}

/// 9. A slow command deferred, then followed up.
pub(crate) async fn a_slow_command_is_deferred(s: &mut super::Scene) {
    let super::Scene { rest, ev_tx, .. } = s;
    // 9. A slow `/history`: deferred within the limit, then answered by a followup.
    let sent = tokio::time::Instant::now();
    ev_tx.send(fixture("interaction_history.json")).unwrap();
    let cb = rest
        .next("POST", &callback_path("interaction_history.json"))
        .await;
    assert_eq!(cb.payload()["type"], 5, "deferred");
    assert!(sent.elapsed() < SLOW, "deferred before the core answered");
    let token = fixture("interaction_history.json")["d"]["token"]
        .as_str()
        .unwrap()
        .to_string();
    let follow = rest
        .next("POST", &format!("/api/v10/webhooks/{BOT}/{token}"))
        .await;
    assert!(follow.payload()["content"]
        .as_str()
        .unwrap()
        .contains("1. c1+"));
}

/// 10. An organizer starts a tournament: its game's room is a thread.
pub(crate) async fn an_organizer_starts_a_tournament_in_a_thread(s: &mut super::Scene) {
    let super::Scene {
        rest, ev_tx, core, ..
    } = s;
    // 10. An organizer (Manage Server through a cached role) starts a tournament: the core
    //     opens the game's room through the rooms (a public thread in the channel, one
    //     week's auto-archive), and its announcement goes to that thread.
    ev_tx.send(fixture("message_organizer.json")).unwrap();
    let create = rest
        .next("POST", &format!("/api/v10/channels/{CHANNEL}/threads"))
        .await;
    assert_eq!(
        create.json(),
        json!({"name": ROOM_NAME, "type": 11, "auto_archive_duration": 10080})
    );
    let here = rest
        .next("POST", &format!("/api/v10/channels/{CHANNEL}/messages"))
        .await;
    assert_eq!(
        here.payload()["content"],
        "spring: round 1 started, 1 game."
    );
    let there = rest
        .next("POST", &format!("/api/v10/channels/{ROOM}/messages"))
        .await;
    assert_eq!(
        there.payload()["content"],
        format!("spring, round 1, board 1: Alice (South) vs Bob Smith (North).\n<@{BOB}>")
    );
    let last = core.seen().last().unwrap().clone();
    assert_eq!(last.text, "!tournament start spring");
    assert!(
        last.is_organizer,
        "Manage Server from the cached guild roles"
    );
    assert_eq!(
        core.opened.lock().unwrap().clone(),
        vec![ChannelKey {
            community: GUILD.into(),
            channel: ROOM.into(),
        }]
    );
}

/// 10 (continued). The rooms called directly open threads, and say why they cannot.
pub(crate) async fn rooms_open_threads_when_called_directly(s: &mut super::Scene) {
    let super::Scene { rest, rooms, .. } = s;
    // The rooms called directly from a blocking thread: the thread's id comes back; and
    // Discord's refusal elsewhere (no permission in channel 1, which is no thread either)
    // comes back as the reason.
    let open = |channel: &str, name: &'static str| {
        let rooms = rooms.clone();
        let home = ChannelKey {
            community: GUILD.into(),
            channel: channel.into(),
        };
        tokio::task::spawn_blocking(move || {
            let spec = mancala_bot::core::api::RoomSpec {
                name: name.into(),
                invite: Vec::new(),
            };
            rooms.open(&home, &spec)
        })
    };
    let opened = open(CHANNEL, "tourney-x-r2-b1").await.unwrap();
    // The second thread the fake created (the first is the tournament's room).
    let second = (ROOM.parse::<u64>().unwrap() + 1).to_string();
    assert_eq!(opened.unwrap().channel, second);
    let create = rest
        .next("POST", &format!("/api/v10/channels/{CHANNEL}/threads"))
        .await;
    assert_eq!(create.json()["name"], "tourney-x-r2-b1");
    let refused = open("1", "tourney-x-r2-b2").await.unwrap().unwrap_err();
    assert!(
        refused.contains("cannot open the thread") && refused.contains("Missing Permissions"),
        "{refused}"
    );
    rest.next("POST", "/api/v10/channels/1/threads").await;
    rest.next("GET", "/api/v10/channels/1").await;
}

/// 11. Chatter and the bot's own messages.
pub(crate) async fn chatter_posts_nothing(s: &mut super::Scene) {
    let super::Scene {
        rest, ev_tx, core, ..
    } = s;
    // 11. Chatter and the bot's own messages post nothing.
    let before = core.seen().len();
    ev_tx.send(fixture("message_chatter.json")).unwrap();
    ev_tx.send(fixture("message_from_bot.json")).unwrap();
    rest.none_within(Duration::from_millis(500)).await;
    assert_eq!(core.seen().len(), before);
}

/// 12. A slash subcommand reaches the core as the chat command the table spells.
pub(crate) async fn a_subcommand_reaches_the_core(s: &mut super::Scene) {
    let super::Scene {
        rest, ev_tx, core, ..
    } = s;
    // 12. A subcommand, `/tournament withdraw`: poise calls its function, which hands the
    //     core the chat command the table spells (the fake core does not know it: an
    //     ephemeral error).
    ev_tx
        .send(fixture("interaction_tournament_withdraw.json"))
        .unwrap();
    let cb = rest
        .next(
            "POST",
            &callback_path("interaction_tournament_withdraw.json"),
        )
        .await;
    assert_eq!(cb.payload()["data"]["flags"], 64);
    let last = core.seen().last().unwrap().clone();
    assert_eq!(last.text, "!tournament withdraw @bob_smith spring");
    let named: Vec<(&str, &str)> = last
        .mentions
        .iter()
        .map(|u| (u.id.as_str(), u.name.as_str()))
        .collect();
    assert_eq!(
        named,
        [(BOB, "Bobby")],
        "the nickname from the resolved member"
    );
}

/// Step 13, a turn alert (`!notify dm`, issue 34): the move's reply in the channel, then
/// a direct message in the player's DM channel, opened with Create DM and linking the
/// game's channel. A player whose DMs are closed: Discord refuses the message (50007)
/// once, and the move's reply in the channel is posted all the same.
pub(crate) async fn a_turn_alert_goes_by_direct_message(
    s: &mut super::Scene,
    state: &std::sync::Mutex<crate::fake_discord::State>,
) {
    let super::Scene { rest, ev_tx, .. } = s;
    state.lock().unwrap().closed_dms.insert(CAROL.into());
    let mut event = fixture("message_prefix.json");
    event["d"]["content"] = json!("!sow c2");
    event["d"]["id"] = json!("1000000000000000901");
    ev_tx.send(event).unwrap();
    let post = rest
        .next("POST", &format!("/api/v10/channels/{CHANNEL}/messages"))
        .await;
    assert_eq!(
        post.payload()["content"],
        "South sowed c2: 1 lap.\nNorth (Bob Smith) to move."
    );
    let open = rest.next("POST", "/api/v10/users/@me/channels").await;
    assert_eq!(open.json(), json!({"recipient_id": BOB}));
    let dm = state
        .lock()
        .unwrap()
        .dms
        .iter()
        .find(|(_, u)| *u == BOB)
        .map(|(id, _)| id.clone())
        .expect("a DM channel for Bob");
    let alert = rest
        .next("POST", &format!("/api/v10/channels/{dm}/messages"))
        .await;
    assert_eq!(
        alert.payload()["content"],
        format!("@Bob Smith, your turn: katro against Alice in <#{CHANNEL}> (game `g1`).")
    );
    assert_eq!(alert.payload()["allowed_mentions"]["parse"], json!([]));

    let mut event = fixture("message_prefix.json");
    event["d"]["content"] = json!("!sow c3");
    event["d"]["id"] = json!("1000000000000000902");
    ev_tx.send(event).unwrap();
    rest.next("POST", &format!("/api/v10/channels/{CHANNEL}/messages"))
        .await;
    let open = rest.next("POST", "/api/v10/users/@me/channels").await;
    assert_eq!(open.json(), json!({"recipient_id": CAROL}));
    let refused = rest.next("POST", "/api/v10/channels/").await;
    assert!(refused.path.ends_with("/messages"), "{}", refused.path);
    rest.none_within(Duration::from_millis(800)).await;
    // Taken off the list: the strict steps that follow count their own refusals.
    let refused = state.lock().unwrap().refusals.pop();
    let (_, status, body) = refused.expect("the DM was refused");
    assert_eq!((status, body["code"].clone()), (403, json!(50007)));
}
