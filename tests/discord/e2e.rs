//! End to end: the real serenity + poise client (`mancala_bot::transport::discord::run`)
//! against the strict fake Discord (`fake_discord.rs`) on 127.0.0.1, which dispatches
//! recorded MESSAGE_CREATE / INTERACTION_CREATE events. Every step is bounded in time.

use std::sync::Arc;
use std::time::Duration;

use mancala_bot::transport::discord::rooms::DiscordRooms;
use mancala_bot::transport::discord::{self, CommandRegistration, DiscordOptions, Sharding};
use serde_json::Value;
use tokio::sync::mpsc;
use tracing_subscriber::EnvFilter;

use crate::captured::Captured;
use crate::fake_core::FakeCore;
use crate::fake_discord::{FakeDiscord, Rest, BOT, STEP};

#[path = "e2e_steps.rs"]
mod steps;
#[path = "e2e_strict.rs"]
mod strict;
use steps::{
    a_challenge_has_buttons_for_the_challenged, a_slow_command_is_deferred,
    a_subcommand_reaches_the_core, a_turn_alert_goes_by_direct_message,
    an_organizer_starts_a_tournament_in_a_thread, autocomplete_offers_the_legal_moves,
    board_interaction_carries_the_picture, chatter_posts_nothing, first_tick_reminds,
    moves_of_a_non_player_are_refused, only_the_challenged_may_press_them,
    prefix_move_posts_its_frames, rooms_open_threads_when_called_directly,
};
use strict::strict_steps;

const TOKEN: &str = "ODAwMDAwMDAwMDAwMDAwMDAx.Gfake0.s3cr3t-t0k3n-n0t-t0-b3-l0gg3d";

#[test]
fn discord_end_to_end_against_a_fake_discord() {
    let captured = Captured::default();
    let sink = captured.clone();
    tracing_subscriber::fmt()
        // Everything at TRACE, as an operator might set it, through the bot's guard.
        .with_env_filter(discord::redact_log_filter(EnvFilter::new("trace")))
        .with_writer(move || sink.clone())
        .with_ansi(false)
        .init();

    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        rt.block_on(async {
            tokio::time::timeout(Duration::from_secs(120), scenario())
                .await
                .expect("the end-to-end scenario took over 2 minutes");
        })
    }));
    rt.shutdown_timeout(Duration::from_secs(2));

    let logs = captured.text();
    if let Err(panic) = outcome {
        // Show what the client logged, to see why.
        let tail: Vec<&str> = logs.lines().rev().take(80).collect();
        eprintln!("--- client log (last lines) ---");
        tail.iter().rev().for_each(|l| eprintln!("{l}"));
        std::panic::resume_unwind(panic);
    }
    assert!(logs.contains("connected to Discord"), "log capture works");
    assert!(
        logs.contains("<redacted>"),
        "options are logged, token redacted"
    );
    let hex_secret: String = "s3cr3t".bytes().map(|b| format!("{b:02x}")).collect();
    let leaks: Vec<String> = logs
        .lines()
        .filter(|l| l.contains("s3cr3t") || l.contains(&hex_secret))
        .map(|l| l.replace(TOKEN, "<TOKEN>").chars().take(300).collect())
        .collect();
    assert!(leaks.is_empty(), "the token appears in the log: {leaks:#?}");
}

/// The fake Discord's ends and the bot's side that every step of the scenario uses.
struct Scene {
    /// The REST calls the fake received.
    rest: Rest,
    /// Events for the fake to dispatch through the gateway.
    ev_tx: mpsc::UnboundedSender<Value>,
    /// The core the client calls.
    core: Arc<FakeCore>,
    /// The tournament rooms, as the client opens them.
    rooms: Arc<DiscordRooms>,
}

/// The scenario, step by step (each a function below); every step bounded in time.
async fn scenario() {
    let FakeDiscord {
        api_base,
        rest,
        events: ev_tx,
        mut identified,
        state,
    } = FakeDiscord::start().await;

    let core = Arc::new(FakeCore::default());
    // As `app::start_discord` does: the rooms go to the core before the client exists,
    // and `run` attaches the client's HTTP handle to them.
    let rooms = Arc::new(DiscordRooms::new());
    assert!(core.rooms.set(rooms.clone()).is_ok());
    let opts = DiscordOptions {
        sharding: Sharding::Auto,
        api_base: Some(api_base),
        register: CommandRegistration::Global,
        defer_after: Duration::from_millis(1000),
        note_after: Duration::from_millis(1000),
        tick_every: Duration::from_secs(1),
        rooms: Some(rooms.clone()),
        ..DiscordOptions::new(TOKEN)
    };
    let bot = tokio::spawn(discord::run(opts, core.clone()));
    let mut s = Scene {
        rest,
        ev_tx,
        core,
        rooms,
    };

    connects(&mut s, &mut identified).await;
    let cmds = registers_the_commands(&mut s).await;
    options_are_typed(&s, &cmds);
    first_tick_reminds(&mut s).await;
    prefix_move_posts_its_frames(&mut s).await;
    board_interaction_carries_the_picture(&mut s).await;
    moves_of_a_non_player_are_refused(&mut s).await;
    autocomplete_offers_the_legal_moves(&mut s).await;
    a_challenge_has_buttons_for_the_challenged(&mut s).await;
    only_the_challenged_may_press_them(&mut s).await;
    a_slow_command_is_deferred(&mut s).await;
    an_organizer_starts_a_tournament_in_a_thread(&mut s).await;
    rooms_open_threads_when_called_directly(&mut s).await;
    chatter_posts_nothing(&mut s).await;
    a_subcommand_reaches_the_core(&mut s).await;
    a_turn_alert_goes_by_direct_message(&mut s, &state).await;

    // The tick went on every second, and posted nothing more.
    assert!(s.core.ticks() >= 2, "ticks: {}", s.core.ticks());

    strict_steps(&mut s.rest, &s.ev_tx, &state).await;

    // Every REST call carried the token in its Authorization header, and only there.
    assert!(s.rest.all.iter().all(
        |r| r.headers.get("authorization").map(String::as_str) == Some(&format!("Bot {TOKEN}"))
    ));
    bot.abort();
}

/// Connection: the token is checked, the gateway asked for, IDENTIFY sent with the token
/// and the intents.
async fn connects(s: &mut Scene, id_rx: &mut mpsc::UnboundedReceiver<Value>) {
    let Scene { rest, .. } = s;
    // Connection: the token is checked (`GET /users/@me`), the client asks where the
    // gateway is, then identifies with the token and the intents, then (on READY)
    // registers the slash commands.
    let me = rest.next("GET", "/api/v10/users/@me").await;
    assert_eq!(
        me.headers.get("authorization").map(String::as_str),
        Some(&*format!("Bot {TOKEN}"))
    );
    rest.next("GET", "/api/v10/gateway").await;
    rest.next("GET", "/api/v10/gateway/bot").await;
    let identify = tokio::time::timeout(STEP, id_rx.recv())
        .await
        .expect("IDENTIFY")
        .unwrap();
    assert!(identify["d"]["token"].as_str().unwrap().ends_with(TOKEN));
    let intents = identify["d"]["intents"].as_u64().unwrap();
    assert_ne!(intents & (1 << 15), 0, "MESSAGE_CONTENT");
    assert_ne!(intents & 1, 0, "GUILDS (roles for organizers, threads)");
    assert_ne!(intents & (1 << 9), 0, "GUILD_MESSAGES");
    assert_ne!(intents & (1 << 12), 0, "DIRECT_MESSAGES");
}

/// On READY, the slash commands are registered, every one of the table's; their JSON.
async fn registers_the_commands(s: &mut Scene) -> Value {
    let Scene { rest, .. } = s;
    let register = rest
        .next("PUT", &format!("/api/v10/applications/{BOT}/commands"))
        .await;
    let cmds = register.json();
    let mut names: Vec<&str> = cmds
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    names.sort_unstable();
    assert_eq!(
        names,
        [
            "abort",
            "accept",
            "analyze",
            "board",
            "claim",
            "decline",
            "draw",
            "game",
            "games",
            "help",
            "hint",
            "history",
            "leaderboard",
            "moves",
            "mute",
            "new",
            "notify",
            "puzzle",
            "rating",
            "record",
            "rematch",
            "replay",
            "resign",
            "rules",
            "set",
            "sow",
            "takeback",
            "tournament",
            "unmute",
            "vacation",
        ]
    );
    let sow = cmds
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "sow")
        .unwrap();
    assert_eq!(sow["options"][0]["name"], "hole");
    assert_eq!(sow["options"][0]["autocomplete"], true);
    cmds
}

/// The registered options are typed: the game a choice, `/tournament` subcommands; and
/// the application's owners are never fetched.
fn options_are_typed(s: &Scene, cmds: &Value) {
    let Scene { rest, .. } = s;
    let find = |name: &str| {
        cmds.as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == name)
            .unwrap()
            .clone()
    };
    // Typed options: the game is a choice (its index is sent), `/tournament` has
    // subcommands.
    let new = find("new");
    assert_eq!(new["options"][0]["name"], "game");
    assert_eq!(new["options"][0]["type"], 4);
    assert_eq!(new["options"][0]["choices"][1]["name"], "katro:4x6");
    assert_eq!(new["options"][0]["choices"][1]["value"], 1);
    let tournament = find("tournament");
    let subs: Vec<&str> = tournament["options"]
        .as_array()
        .unwrap()
        .iter()
        .inspect(|o| assert_eq!(o["type"], 1, "a subcommand"))
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        subs,
        [
            "list",
            "new",
            "join",
            "leave",
            "start",
            "pairings",
            "standings",
            "withdraw",
            "cancel",
            "info",
            "adjudicate",
            "extend",
            "pause",
            "resume",
            "next-round",
            "kick",
            "checkin",
            "log"
        ]
    );
    assert!(
        rest.all.iter().all(|r| !r.path.contains("oauth2")),
        "owners not fetched"
    );
}
