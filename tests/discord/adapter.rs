//! Adapter tests: serenity models deserialized from recorded gateway payloads, through the
//! pure translation functions of `mancala_bot::transport::discord::adapter`.

use mancala_bot::core::api::{Attachment, Body, Button, Incoming, Reply};
use mancala_bot::model::{ChannelKey, User};
use mancala_bot::transport::discord::adapter::{self, Press};
use serde_json::{json, Value};
use serenity::all::{ChannelId, Guild, Interaction, Message, Permissions, RoleId, UserId};

use crate::fake_core::{bob, png, ALICE, BOB, CAROL};

const GUILD: &str = "900000000000000001";
const CHANNEL: &str = "900000000000000010";
const THREAD: &str = "900000000000000020";
const BOT: u64 = 800000000000000001;

/// The `d` field of a recorded gateway dispatch.
pub fn fixture(name: &str) -> Value {
    let path = format!("{}/tests/data/discord/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap()
}

fn message(name: &str) -> Message {
    serde_json::from_value(fixture(name)["d"].clone()).expect(name)
}

fn interaction(name: &str) -> Interaction {
    serde_json::from_value(fixture(name)["d"].clone()).expect(name)
}

fn incoming(name: &str) -> Option<Incoming> {
    adapter::incoming_from_message(&message(name), UserId::new(BOT), "!")
}

fn user(id: &str, name: &str) -> User {
    User {
        id: id.into(),
        name: name.into(),
    }
}

fn at(community: &str, channel: &str) -> ChannelKey {
    ChannelKey {
        community: community.into(),
        channel: channel.into(),
    }
}

#[test]
fn prefix_message_becomes_the_same_text_from_its_author() {
    let m = incoming("message_prefix.json").unwrap();
    assert_eq!(m.at, at(GUILD, CHANNEL));
    assert_eq!(m.author, user(ALICE, "Alice"), "server nickname wins");
    assert_eq!(m.text, "!sow b3+");
    assert!(m.mentions.is_empty());
}

#[test]
fn mention_as_prefix_is_rewritten_to_the_prefix_and_mentions_kept_in_text_order() {
    let m = incoming("message_mention_prefix.json").unwrap();
    // `<@bot> new katro <@!bob> as south`: the bot mention addresses it and is dropped.
    assert_eq!(m.text, "!new katro @bob_smith as south");
    assert_eq!(
        m.mentions,
        vec![user(BOB, "Bob Smith")],
        "global name without nick"
    );
    assert_eq!(m.author.id, ALICE);

    // `@bot !board` keeps the prefix once; a bare `@bot` asks for help.
    let mut raw = message("message_mention_prefix.json");
    raw.content = format!("<@{BOT}>  !board");
    let m = adapter::incoming_from_message(&raw, UserId::new(BOT), "!").unwrap();
    assert_eq!(m.text, "!board");
    raw.content = format!("<@!{BOT}>");
    let m = adapter::incoming_from_message(&raw, UserId::new(BOT), "!").unwrap();
    assert_eq!(m.text, "!help");
}

#[test]
fn a_thread_is_its_own_channel() {
    let m = incoming("message_thread.json").unwrap();
    assert_eq!(m.at, at(GUILD, THREAD));
    assert_eq!(m.text, "!new hoyito @bob_smith");
    assert_eq!(
        m.mentions,
        vec![user(BOB, "Bobby")],
        "nickname of the mention"
    );
}

#[test]
fn direct_messages_use_the_dm_community() {
    let m = incoming("message_dm.json").unwrap();
    assert_eq!(m.at, at("dm", "900000000000000030"));
    assert_eq!(
        m.author,
        user(CAROL, "carol"),
        "username without global name"
    );
    assert_eq!(m.text, "!help");
}

#[test]
fn chatter_and_bot_messages_are_ignored() {
    assert!(incoming("message_chatter.json").is_none());
    assert!(incoming("message_from_bot.json").is_none());
    // A mention of the bot that does not start the message is not an address either.
    let mut raw = message("message_chatter.json");
    raw.content = format!("thanks <@{BOT}>");
    assert!(adapter::incoming_from_message(&raw, UserId::new(BOT), "!").is_none());
}

#[test]
fn slash_sow_is_spelled_as_the_text_command() {
    let Interaction::Command(ci) = interaction("interaction_sow.json") else {
        panic!("not a command")
    };
    let m = adapter::incoming_from_command(&ci, "!");
    assert_eq!(m.text, "!sow b3+");
    assert_eq!(m.at, at(GUILD, CHANNEL));
    assert_eq!(m.author, user(ALICE, "Alice"));
    // Another prefix is used as configured.
    assert_eq!(
        adapter::incoming_from_command(&ci, "mb.").text,
        "mb.sow b3+"
    );
}

#[test]
fn slash_new_orders_options_and_resolves_the_opponent() {
    let Interaction::Command(ci) = interaction("interaction_new.json") else {
        panic!("not a command")
    };
    let m = adapter::incoming_from_command(&ci, "!");
    // Sent as game (choice 1, `katro:4x6`), side (choice 1, `north`), opponent; spelled
    // in the text command's order.
    assert_eq!(m.text, "!new katro:4x6 @bob_smith as north");
    assert_eq!(m.mentions, vec![user(BOB, "Bobby")]);
    assert_eq!(m.at, at(GUILD, THREAD));
}

#[test]
fn slash_new_with_an_ai_level_plays_the_ai() {
    let Interaction::Command(ci) = interaction("interaction_new_ai.json") else {
        panic!("not a command")
    };
    let m = adapter::incoming_from_command(&ci, "!");
    // Sent as ai_level (choice 1, `2 casual`), side, game (choice 4, `hoyito match`);
    // spelled as the text command `!new GAME ai level N`.
    assert_eq!(m.text, "!new hoyito match ai level 2 as north");
    assert!(m.mentions.is_empty());
}

#[test]
fn slash_new_with_a_time_per_move() {
    let Interaction::Command(ci) = interaction("interaction_new_time.json") else {
        panic!("not a command")
    };
    let m = adapter::incoming_from_command(&ci, "!");
    // Sent as time, opponent, game, side; the time per move goes last.
    assert_eq!(m.text, "!new katro @bob_smith as south 2d");
    assert_eq!(m.mentions, vec![user(BOB, "Bobby")]);
}

#[test]
fn slash_tournament_withdraw_names_the_player() {
    let Interaction::Command(ci) = interaction("interaction_tournament_withdraw.json") else {
        panic!("not a command")
    };
    // A subcommand (option type 1) with its own options, sent as name, user; spelled in
    // the order of `!tournament withdraw @user [NAME]`.
    let m = adapter::incoming_from_command(&ci, "!");
    assert_eq!(m.text, "!tournament withdraw @bob_smith spring");
    assert_eq!(m.mentions, vec![user(BOB, "Bobby")]);
}

#[test]
fn slash_tournament_subcommands_are_spelled_from_the_table() {
    let mut raw = fixture("interaction_tournament_withdraw.json")["d"].clone();
    // `/tournament list`: the chat command alone.
    raw["data"]["options"] = json!([{"type": 1, "name": "list", "options": []}]);
    let Ok(Interaction::Command(ci)) = serde_json::from_value::<Interaction>(raw.clone()) else {
        panic!("not a command")
    };
    assert_eq!(adapter::incoming_from_command(&ci, "!").text, "!tournament");
    // `/tournament new`: the game and the format are choices (their index is sent).
    raw["data"]["options"] = json!([{"type": 1, "name": "new", "options": [
        {"type": 3, "name": "time", "value": "2d"},
        {"type": 4, "name": "rounds", "value": 5},
        {"type": 4, "name": "format", "value": 1},
        {"type": 4, "name": "game", "value": 4},
        {"type": 3, "name": "name", "value": "spring"}
    ]}]);
    let Ok(Interaction::Command(ci)) = serde_json::from_value::<Interaction>(raw) else {
        panic!("not a command")
    };
    let m = adapter::incoming_from_command(&ci, "!");
    assert_eq!(m.text, "!tournament new spring hoyito match swiss 5 2d");
    assert!(m.mentions.is_empty());
}

#[test]
fn slash_board_has_no_arguments() {
    let Interaction::Command(ci) = interaction("interaction_board.json") else {
        panic!("not a command")
    };
    let m = adapter::incoming_from_command(&ci, "!");
    assert_eq!(m.text, "!board");
    assert_eq!(m.author, user(CAROL, "carol"));
}

#[test]
fn buttons_only_obey_their_player() {
    let Interaction::Component(by_bob) = interaction("interaction_button_bob.json") else {
        panic!("not a component")
    };
    let Press::Command(text) = adapter::press(&by_bob.data.custom_id, BOB) else {
        panic!("Bob's press refused")
    };
    let m = adapter::incoming_from_press(&by_bob, text);
    assert_eq!(m.text, "!accept");
    assert_eq!(m.author, user(BOB, "Bob Smith"));
    assert_eq!(m.at, at(GUILD, CHANNEL));

    let Interaction::Component(by_carol) = interaction("interaction_button_carol.json") else {
        panic!("not a component")
    };
    assert_eq!(
        adapter::press(&by_carol.data.custom_id, &by_carol.user.id.to_string()),
        Press::Refused(format!("Only <@{BOB}> can press this button."))
    );
}

fn frames(n: usize) -> Vec<Attachment> {
    (1..=n)
        .map(|i| Attachment {
            filename: format!("frame-{i:02}.png"),
            bytes: png(),
            alt: format!("frame {i}"),
        })
        .collect()
}

#[test]
fn a_move_reply_carries_its_frames_ten_per_message_and_pings_only_the_mentioned() {
    let reply = Reply {
        body: "South sowed c1+: 6 laps, captured 2 from b4\nNorth (Bob Smith) to move. @everyone"
            .into(),
        attachments: frames(12),
        mentions: vec![bob()],
        ..Reply::default()
    };
    let out = adapter::out_messages(&reply, false);
    assert_eq!(out.len(), 2);
    let first = serde_json::to_value(out[0].to_message()).unwrap();
    let second = serde_json::to_value(out[1].to_message()).unwrap();
    assert_eq!(
        first["content"],
        format!("South sowed c1+: 6 laps, captured 2 from b4\nNorth (Bob Smith) to move. @everyone\n<@{BOB}>")
    );
    assert_eq!(first["attachments"].as_array().unwrap().len(), 10);
    assert_eq!(first["attachments"][0]["filename"], "frame-01.png");
    assert_eq!(first["attachments"][0]["description"], "frame 1");
    assert_eq!(second["attachments"].as_array().unwrap().len(), 2);
    assert!(second.get("content").is_none());
    let allowed = json!({"parse": [], "users": [BOB], "roles": [], "replied_user": false});
    assert_eq!(first["allowed_mentions"], allowed);
    assert_eq!(second["allowed_mentions"], allowed);
}

#[test]
fn a_reply_without_mentions_pings_nobody() {
    let reply = Reply {
        body: "@everyone @here <@&5> look".into(),
        ..Reply::default()
    };
    let out = adapter::out_messages(&reply, false);
    let m = serde_json::to_value(out[0].to_message()).unwrap();
    // Markup in the core's text is inert: `<` is escaped, and nothing is allowed to ping.
    assert_eq!(m["content"], "@everyone @here \\<@&5> look");
    assert_eq!(
        m["allowed_mentions"],
        json!({"parse": [], "users": [], "roles": [], "replied_user": false})
    );
}

#[test]
fn challenge_buttons_become_components_on_the_last_message() {
    let only = Some(bob());
    let reply = Reply {
        body: "Alice challenges Bob Smith to katro.".into(),
        mentions: vec![bob()],
        buttons: vec![
            Button {
                id: "accept".into(),
                label: "Accept".into(),
                command: "!accept".into(),
                only: only.clone(),
            },
            Button {
                id: "decline".into(),
                label: "Decline".into(),
                command: "!decline".into(),
                only,
            },
        ],
        ..Reply::default()
    };
    let out = adapter::out_messages(&reply, true);
    assert_eq!(out.len(), 1);
    let m = serde_json::to_value(out[0].to_message()).unwrap();
    let row = &m["components"][0];
    assert_eq!(row["type"], 1);
    assert_eq!(
        row["components"][0]["custom_id"],
        format!("mb|accept|{BOB}|!accept")
    );
    assert_eq!(row["components"][0]["label"], "Accept");
    assert_eq!(row["components"][0]["style"], 3);
    assert_eq!(
        row["components"][1]["custom_id"],
        format!("mb|decline|{BOB}|!decline")
    );
    assert_eq!(row["components"][1]["style"], 4);
}

#[test]
fn error_replies_to_interactions_are_ephemeral_and_to_messages_public() {
    let reply = Reply {
        body: "carol may not move: only Alice and Bob Smith play in this channel.".into(),
        is_error: true,
        ..Reply::default()
    };
    let as_response =
        serde_json::to_value(adapter::out_messages(&reply, true)[0].to_response()).unwrap();
    assert_eq!(as_response["type"], 4);
    assert_eq!(as_response["data"]["flags"], 64);
    assert_eq!(as_response["data"]["content"], reply.text());
    let as_message =
        serde_json::to_value(adapter::out_messages(&reply, false)[0].to_message()).unwrap();
    assert!(as_message.get("flags").is_none(), "{as_message}");

    let ok = Reply {
        body: "North to move.".into(),
        attachments: frames(1),
        ..Reply::default()
    };
    let r = serde_json::to_value(adapter::out_messages(&ok, true)[0].to_response()).unwrap();
    assert!(r["data"].get("flags").is_none(), "{r}");
    assert_eq!(r["data"]["attachments"].as_array().unwrap().len(), 1);
}

#[test]
fn long_text_is_split_under_discords_limit_and_empty_replies_post_nothing() {
    let line = "1. c1+ a6-\n".repeat(400); // 4,400 characters
    let out = adapter::out_messages(
        &Reply {
            body: Body::from(line),
            attachments: frames(3),
            ..Reply::default()
        },
        false,
    );
    assert_eq!(out.len(), 3);
    assert!(out.iter().all(|m| m.content.chars().count() <= 2000));
    assert!(out[0].files.is_empty() && out[1].files.is_empty());
    assert_eq!(out[2].files.len(), 3, "files ride on the last text message");
    assert!(adapter::out_messages(&Reply::default(), false).is_empty());
}

const DAVE: &str = "700000000000000004";
const OWNER: &str = "700000000000000009";
const MODERATORS: u64 = 910000000000000001;
const ADMINS: u64 = 910000000000000002;
const HOSTS: u64 = 910000000000000003;
const CHANNEL_KEEPERS: u64 = 910000000000000004;

fn guild() -> Guild {
    serde_json::from_value(fixture("guild_create.json")["d"].clone()).expect("GUILD_CREATE")
}

/// `message_organizer.json` (Dave's `!tournament start spring`) with the author's roles
/// replaced by `roles`.
fn organizer_message(roles: &[u64]) -> Message {
    let mut raw = fixture("message_organizer.json")["d"].clone();
    raw["member"]["roles"] = json!(roles.iter().map(u64::to_string).collect::<Vec<_>>());
    serde_json::from_value(raw).unwrap()
}

#[test]
fn prefix_organizers_come_from_the_guilds_roles_or_the_configured_role() {
    let g = guild();
    assert_eq!(g.roles.len(), 5);
    let check = |msg: &Message, role: Option<u64>| {
        adapter::message_is_organizer(msg, Some(&g), role.map(RoleId::new))
    };
    // The recorded message: Dave holds Moderators (Manage Server).
    let m = message("message_organizer.json");
    assert_eq!(m.author.id.to_string(), DAVE);
    assert!(check(&m, None), "Manage Server through a role");
    let m = incoming("message_organizer.json").unwrap();
    assert_eq!(m.text, "!tournament start spring");
    assert!(
        !m.is_organizer,
        "the pure translation leaves it to the transport"
    );

    assert!(check(&organizer_message(&[ADMINS]), None), "Administrator");
    assert!(
        !check(&organizer_message(&[]), None),
        "@everyone has no Manage Server"
    );
    assert!(
        !check(&organizer_message(&[CHANNEL_KEEPERS]), None),
        "Manage Channels and Manage Messages are not Manage Server"
    );
    let host = organizer_message(&[HOSTS]);
    assert!(!check(&host, None), "the hosts role has no permissions");
    assert!(check(&host, Some(HOSTS)), "but it is the configured role");
    assert!(
        !check(&host, Some(MODERATORS)),
        "another configured role does not help"
    );
    // The guild's owner has every permission, without any role.
    let mut raw = fixture("message_organizer.json")["d"].clone();
    raw["author"]["id"] = json!(OWNER);
    raw["member"]["roles"] = json!([]);
    let by_owner: Message = serde_json::from_value(raw).unwrap();
    assert!(check(&by_owner, None));
    // Unknown guild (not cached yet) or another guild's roles: not an organizer.
    let m = organizer_message(&[MODERATORS]);
    assert!(!adapter::message_is_organizer(&m, None, None));
    let mut other = guild();
    other.id = serenity::all::GuildId::new(900000000000000099);
    assert!(!adapter::message_is_organizer(&m, Some(&other), None));
    // Direct messages have no member: never organizers.
    assert!(!adapter::message_is_organizer(
        &message("message_dm.json"),
        Some(&g),
        Some(RoleId::new(HOSTS))
    ));
}

#[test]
fn interaction_organizers_use_discords_permissions_or_the_configured_role() {
    let Interaction::Command(ci) = interaction("interaction_sow.json") else {
        panic!("not a command")
    };
    let member = ci.member.as_deref().cloned().unwrap();
    assert!(!member.permissions.unwrap().manage_guild());
    assert!(!adapter::member_is_organizer(Some(&member), None));
    let mut host = member.clone();
    host.roles = vec![RoleId::new(HOSTS)];
    assert!(adapter::member_is_organizer(
        Some(&host),
        Some(RoleId::new(HOSTS))
    ));
    assert!(!adapter::member_is_organizer(Some(&host), None));
    let mut manager = member;
    manager.permissions = Some(Permissions::MANAGE_GUILD);
    assert!(adapter::member_is_organizer(Some(&manager), None));
    assert!(!adapter::member_is_organizer(
        None,
        Some(RoleId::new(HOSTS))
    ));
}

#[test]
fn replies_for_another_channel_are_routed_there() {
    let origin = at(GUILD, CHANNEL);
    let room = at(GUILD, "900000000000000040");
    let replies = vec![
        Reply {
            body: "Round 1 of spring is paired.".into(),
            ..Reply::default()
        },
        Reply {
            body: "spring, round 1, board 1: Alice (South) vs Bob Smith (North).".into(),
            attachments: frames(1),
            mentions: vec![bob()],
            to: Some(room.clone()),
            ..Reply::default()
        },
        // `to` naming the origin itself is the origin.
        Reply {
            body: "Standings follow.".into(),
            is_error: true,
            to: Some(origin.clone()),
            ..Reply::default()
        },
        // Not a Discord channel: cannot be posted.
        Reply {
            body: "lost".into(),
            to: Some(at(GUILD, "tourney-spring-r1-b2")),
            ..Reply::default()
        },
    ];
    let out = adapter::routed_messages(&replies, &origin, true);
    assert_eq!(out.len(), 3);
    assert_eq!(out[0].to, None);
    assert_eq!(out[1].to, Some(ChannelId::new(900000000000000040)));
    let m = serde_json::to_value(out[1].message.to_message()).unwrap();
    assert_eq!(
        m["content"],
        format!("spring, round 1, board 1: Alice (South) vs Bob Smith (North).\n<@{BOB}>")
    );
    assert_eq!(m["attachments"].as_array().unwrap().len(), 1);
    assert_eq!(m["allowed_mentions"]["users"], json!([BOB]));
    assert!(!out[1].message.ephemeral, "a channel message is public");
    assert_eq!(out[2].to, None);
    assert!(
        out[2].message.ephemeral,
        "an error for the origin stays ephemeral"
    );
    // An error routed elsewhere is public there.
    let elsewhere = Reply {
        is_error: true,
        body: "x".into(),
        to: Some(room),
        ..Reply::default()
    };
    assert!(
        !adapter::routed_messages(&[elsewhere], &origin, true)[0]
            .message
            .ephemeral
    );
    assert_eq!(
        adapter::channel_id(&at(GUILD, THREAD)),
        Some(ChannelId::new(900000000000000020))
    );
    assert_eq!(adapter::channel_id(&at(GUILD, "0")), None);
}

#[test]
fn discord_timestamps_are_posted_as_written() {
    let text = format!(
        "North (Bob Smith) to move, due {}.",
        mancala_bot::core::api::time_token(1_714_739_400_000)
    );
    let reply = Reply {
        body: Body::from(text.clone()),
        mentions: vec![bob()],
        ..Reply::default()
    };
    let out = adapter::out_messages(&reply, false);
    let m = serde_json::to_value(out[0].to_message()).unwrap();
    assert_eq!(
        m["content"],
        format!("North (Bob Smith) to move, due <t:1714739400:R>.\n<@{BOB}>")
    );
    let r = serde_json::to_value(out[0].to_response()).unwrap();
    assert_eq!(r["data"]["content"], m["content"]);
}

/// A game page's link (issue "Web companion") becomes a link button (style 5, its URL,
/// no custom id) before the reply's own buttons, within Discord's limits; the content
/// does not repeat it. An address Discord would refuse stays in the text.
#[test]
fn a_link_becomes_a_link_button_within_discords_limits() {
    use mancala_bot::core::api::link_token;
    let url = "https://games.example.org/g/ab0cd1ef";
    let reply = Reply {
        body: format!("Game over.\n{}", link_token(url, "Game page")).into(),
        buttons: vec![Button {
            id: "rematch".into(),
            label: "Rematch".into(),
            command: "!rematch".into(),
            only: None,
        }],
        ..Reply::default()
    };
    let out = adapter::out_messages(&reply, false);
    assert_eq!(out.len(), 1);
    let m = serde_json::to_value(out[0].to_message()).unwrap();
    assert_eq!(m["content"].as_str().unwrap().trim_end(), "Game over.");
    let buttons = &m["components"][0]["components"];
    assert_eq!(buttons[0]["style"], 5);
    assert_eq!(buttons[0]["url"], url);
    assert_eq!(buttons[0]["label"], "Game page");
    assert!(buttons[0]["custom_id"].is_null());
    assert_eq!(buttons[1]["custom_id"], "mb|rematch||!rematch");
    assert_eq!(crate::limits::check_message(&m, &[]), vec![]);

    let long = format!("https://games.example.org/{}", "x".repeat(600));
    let reply = Reply {
        body: format!("Game over.\n{}", link_token(&long, "Game page")).into(),
        ..Reply::default()
    };
    let m = serde_json::to_value(adapter::out_messages(&reply, false)[0].to_message()).unwrap();
    assert!(m["content"].as_str().unwrap().contains(&long));
    assert!(m["components"].as_array().is_none_or(Vec::is_empty), "{m}");
}
