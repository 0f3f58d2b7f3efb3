//! Discord's bad days (issue 33), over the real client and the strict fake Discord
//! (`refusals.rs`): a deleted channel, missing access and a locked thread get one call
//! each and no doomed second one, with a note to the players where one can still go;
//! 429s on every route are waited out, by serenity's own rate limiter (on, against the
//! fake as `https://discord.com`) and by the bot's when a proxy does the limiting; the
//! server's cap on active threads pauses the rooms with one note to the organizer; and
//! an interaction's answer past its token's 15 minutes is posted in its channel. In
//! every case the command reached the core (which stores a move before anything is
//! posted) and the bot goes on answering.

use std::future::Future;
use std::sync::Arc;
use std::time::{Duration, Instant};

use mancala_bot::core::api::{RoomSpec, Rooms};
use mancala_bot::model::{ChannelKey, User};
use mancala_bot::transport::discord::rooms::DiscordRooms;
use mancala_bot::transport::discord::{self, CommandRegistration, DiscordOptions};
use serde_json::{json, Value};
use serenity::all::HttpBuilder;
use tracing_subscriber::EnvFilter;

use crate::adapter::fixture;
use crate::captured::Captured;
use crate::fake_core::{FakeCore, ALICE, BOB, CAROL, GUILD, TICK_CHANNEL};
use crate::fake_discord::{FakeDiscord, BOT, CHANNEL, ROOM, STEP};
use crate::refusals::Throttle;

const TOKEN: &str = "ODAwMDAwMDAwMDAwMDAwMDAx.Gfake0.b4d-d4y5-t0k3n-n0t-t0-b3-l0gg3d";
/// A channel the test closes (deleted, out of sight).
const CLOSED: &str = "900000000000000040";

/// Runs `test` on a current-thread runtime (every task of the transport logs on this
/// thread), within two minutes.
fn run<F: Future<Output = ()>>(test: F) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        tokio::time::timeout(Duration::from_secs(120), test)
            .await
            .expect("the test took over 2 minutes");
    });
    rt.shutdown_timeout(Duration::from_secs(1));
}

/// The bot's log at its default level, for as long as the guard lives.
fn capture_log() -> (Captured, tracing::subscriber::DefaultGuard) {
    let captured = Captured::default();
    let sink = captured.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_env_filter(discord::log_filter(EnvFilter::new("mancala_bot=info,warn")))
        .with_writer(move || sink.clone())
        .with_ansi(false)
        .finish();
    (captured, tracing::subscriber::set_default(subscriber))
}

/// The transport running against a fake Discord.
struct Bot {
    fake: FakeDiscord,
    core: Arc<FakeCore>,
    rooms: Arc<DiscordRooms>,
}

/// Options for `fake`: its REST API as a proxy (serenity's limiter off), no commands
/// registered, deferral after 1 s, one tick only, the rooms given.
fn options(fake: &FakeDiscord, rooms: &Arc<DiscordRooms>) -> DiscordOptions {
    DiscordOptions {
        api_base: Some(fake.api_base.clone()),
        register: CommandRegistration::Skip,
        defer_after: Duration::from_millis(1000),
        note_after: Duration::from_millis(1000),
        tick_every: Duration::from_secs(3600),
        rooms: Some(rooms.clone()),
        ..DiscordOptions::new(TOKEN)
    }
}

/// Starts the transport with `opts` (from [`options`]) and waits until it has
/// identified and posted its first tick (the reminder in [`TICK_CHANNEL`]).
async fn start(
    mut fake: FakeDiscord,
    rooms: Arc<DiscordRooms>,
    opts: impl FnOnce(DiscordOptions) -> DiscordOptions,
) -> Bot {
    let core = Arc::new(FakeCore::default());
    assert!(core.rooms.set(rooms.clone()).is_ok());
    let opts = opts(options(&fake, &rooms));
    let task_core = core.clone();
    tokio::spawn(async move {
        let result = discord::run(opts, task_core).await;
        panic!("the transport stopped: {result:?}");
    });
    tokio::time::timeout(STEP, fake.identified.recv())
        .await
        .expect("IDENTIFY")
        .unwrap();
    fake.rest.next("POST", &messages(TICK_CHANNEL)).await;
    Bot { fake, core, rooms }
}

fn messages(channel: &str) -> String {
    format!("/api/v10/channels/{channel}/messages")
}

/// `message_prefix.json` said by Alice in `channel` with `content`.
fn said(channel: &str, content: &str, n: u64) -> Value {
    let mut m = fixture("message_prefix.json");
    m["d"]["channel_id"] = json!(channel);
    m["d"]["content"] = json!(content);
    m["d"]["id"] = json!(format!("{}", 1_270_000_000_000_000_000u64 + n));
    m
}

fn callback_path(name: &str) -> String {
    let d = &fixture(name)["d"];
    format!(
        "/api/v10/interactions/{}/{}/callback",
        d["id"].as_str().unwrap(),
        d["token"].as_str().unwrap()
    )
}

fn followup_path(name: &str) -> String {
    let token = fixture(name)["d"]["token"].as_str().unwrap().to_string();
    format!("/api/v10/webhooks/{BOT}/{token}")
}

impl Bot {
    fn send(&self, event: Value) {
        self.fake.events.send(event).unwrap();
    }

    /// The calls received so far whose `METHOD path` starts with `prefix`.
    fn count(&self, prefix: &str) -> usize {
        self.fake
            .rest
            .all
            .iter()
            .filter(|r| format!("{} {}", r.method, r.path).starts_with(prefix))
            .count()
    }

    /// The refusals so far: (`METHOD path`, status, Discord's code).
    fn refusals(&self) -> Vec<(String, u16, i64)> {
        let st = self.fake.state.lock().unwrap();
        st.refusals
            .iter()
            .map(|(c, s, b)| (c.clone(), *s, b["code"].as_i64().unwrap_or(-1)))
            .collect()
    }

    /// Opens the room `name` under [`CHANNEL`]; see [`open`].
    async fn open(&self, name: &'static str) -> Result<ChannelKey, String> {
        open(self.rooms.clone(), name).await
    }
}

/// Opens the room `name` under [`CHANNEL`] as the core does (from a blocking thread),
/// Carol organizing.
async fn open(rooms: Arc<DiscordRooms>, name: &'static str) -> Result<ChannelKey, String> {
    tokio::task::spawn_blocking(move || {
        let person = |id: &str, name: &str| User {
            id: id.into(),
            name: name.into(),
        };
        let home = ChannelKey {
            community: GUILD.into(),
            channel: CHANNEL.into(),
        };
        let spec = RoomSpec {
            name: name.into(),
            invite: vec![
                person(ALICE, "Alice"),
                person(BOB, "Bob"),
                person(CAROL, "Carol"),
            ],
        };
        rooms.open(&home, &spec)
    })
    .await
    .unwrap()
}

/// A move in a deleted channel: its post with pictures is refused (404, 10003) and not
/// sent again as text, nothing else is tried there, the core has the move, and the bot
/// answers in the next channel as usual.
#[test]
fn a_deleted_channel_gets_one_call_and_the_move_stands() {
    run(async {
        let fake = FakeDiscord::start().await;
        fake.state.lock().unwrap().bad.gone.insert(CLOSED.into());
        let mut bot = start(fake, Arc::new(DiscordRooms::new()), |o| o).await;
        bot.send(said(CLOSED, "!sow b3+", 1));
        let post = bot.fake.rest.next("POST", &messages(CLOSED)).await;
        assert_eq!(post.files().len(), 2, "the move's post, with its pictures");
        bot.fake.rest.none_within(Duration::from_millis(1500)).await;
        assert_eq!(bot.core.seen().last().unwrap().text, "!sow b3+");
        assert_eq!(
            bot.refusals(),
            [(format!("POST {}", messages(CLOSED)), 404, 10003)]
        );

        bot.send(said(CHANNEL, "!board", 2));
        let post = bot.fake.rest.next("POST", &messages(CHANNEL)).await;
        assert!(post.payload()["content"]
            .as_str()
            .unwrap()
            .starts_with("katro/"));
    });
}

/// A channel out of the bot's sight (403, 50001): one call, and one log line naming
/// the channel and the permission it needs.
#[test]
fn missing_access_is_one_call_and_one_line_naming_the_channel_and_the_permission() {
    let (log, _guard) = capture_log();
    run(async {
        let fake = FakeDiscord::start().await;
        fake.state
            .lock()
            .unwrap()
            .bad
            .no_access
            .insert(CLOSED.into());
        let mut bot = start(fake, Arc::new(DiscordRooms::new()), |o| o).await;
        bot.send(said(CLOSED, "!sow b3+", 1));
        bot.fake.rest.next("POST", &messages(CLOSED)).await;
        bot.fake.rest.none_within(Duration::from_millis(1500)).await;
        assert_eq!(bot.core.seen().last().unwrap().text, "!sow b3+");
        assert_eq!(bot.count(&format!("POST {}", messages(CLOSED))), 1);
    });
    let lines: Vec<String> = log
        .lines()
        .into_iter()
        .filter(|l| l.contains(CLOSED))
        .collect();
    assert_eq!(lines.len(), 1, "{lines:#?}");
    assert!(
        lines[0].contains(&format!(
            "cannot post in channel {CLOSED}: the bot lacks the View Channel permission"
        )) && lines[0].contains("50001"),
        "{}",
        lines[0]
    );
}

/// A locked thread (403, 160005) that replies are routed to: one call per reply, and
/// the players told where the message could not go, in the channel of a prefix command
/// and in an ephemeral followup of an interaction.
#[test]
fn a_locked_thread_gets_one_call_per_reply_and_the_players_a_note() {
    run(async {
        let fake = FakeDiscord::start().await;
        fake.state
            .lock()
            .unwrap()
            .bad
            .locked
            .insert(TICK_CHANNEL.into());
        // The first tick's reminder, in the locked thread, was refused once.
        let mut bot = start(fake, Arc::new(DiscordRooms::new()), |o| o).await;
        let note = format!("(Could not post in <#{TICK_CHANNEL}>: the thread is locked.)");

        bot.send(said(CHANNEL, "!accept", 1));
        let here = bot.fake.rest.next("POST", &messages(CHANNEL)).await;
        assert_eq!(here.payload()["content"], "Alice accepted.");
        bot.fake.rest.next("POST", &messages(TICK_CHANNEL)).await;
        let told = bot.fake.rest.next("POST", &messages(CHANNEL)).await;
        assert_eq!(told.payload()["content"], note);

        bot.send(fixture("interaction_button_bob.json"));
        let cb = bot
            .fake
            .rest
            .next("POST", &callback_path("interaction_button_bob.json"))
            .await;
        assert_eq!(cb.payload()["data"]["content"], "Bob Smith accepted.");
        bot.fake.rest.next("POST", &messages(TICK_CHANNEL)).await;
        let told = bot
            .fake
            .rest
            .next("POST", &followup_path("interaction_button_bob.json"))
            .await;
        assert_eq!(told.payload()["content"], note);
        assert_eq!(told.payload()["flags"], 64, "ephemeral");
        bot.fake.rest.none_within(Duration::from_millis(1000)).await;

        let locked: Vec<_> = bot
            .refusals()
            .into_iter()
            .filter(|(_, s, c)| (*s, *c) == (403, 160005))
            .collect();
        assert_eq!(
            locked.len(),
            3,
            "the tick, the command, the press: {locked:?}"
        );
        assert_eq!(bot.refusals().len(), 3, "{:?}", bot.refusals());
    });
}

/// One 429 on each route (channel message, interaction callback, followup, thread
/// creation, the last on the global limit), with Discord's headers, and serenity's own
/// rate limiter on: each call is waited out for `Retry-After` by serenity and made
/// exactly twice, and each succeeds.
#[test]
fn rate_limits_on_every_route_are_waited_out_by_serenitys_limiter() {
    run(async {
        let (fake, client) = FakeDiscord::start_tls().await;
        let throttle = |route: String, secs: u64, global: bool| Throttle {
            route,
            times: 1,
            retry_after_ms: secs * 1000,
            global,
        };
        let routes = [
            format!("POST {}", messages(CHANNEL)),
            format!("POST {}", callback_path("interaction_board.json")),
            "POST /api/v10/webhooks/".to_string(),
            format!("POST /api/v10/channels/{CHANNEL}/threads"),
        ];
        fake.state.lock().unwrap().bad.throttles = vec![
            throttle(routes[0].clone(), 3, false),
            // Within the interaction's 3 s.
            throttle(routes[1].clone(), 1, false),
            throttle(routes[2].clone(), 3, false),
            throttle(routes[3].clone(), 3, true),
        ];
        let mut bot = start(fake, Arc::new(DiscordRooms::new()), |o| DiscordOptions {
            // discord.com itself, through the client that reaches the fake there.
            api_base: None,
            http: Some(Arc::new(move |b: HttpBuilder| b.client(client.clone()))),
            ..o
        })
        .await;

        // Twice the same call, `gap` apart at least (serenity's wait; the bot's own
        // back-off would call again within 2 s).
        async fn twice(bot: &mut Bot, method: &str, path: &str, gap: Duration) {
            bot.fake.rest.next(method, path).await;
            let refused = Instant::now();
            bot.fake.rest.next(method, path).await;
            assert!(refused.elapsed() >= gap, "{path}: {:?}", refused.elapsed());
        }
        let secs = Duration::from_millis(2900);
        bot.send(said(CHANNEL, "!board", 1));
        twice(&mut bot, "POST", &messages(CHANNEL), secs).await;

        bot.send(fixture("interaction_board.json"));
        let board = callback_path("interaction_board.json");
        twice(&mut bot, "POST", &board, Duration::from_millis(900)).await;

        bot.send(fixture("interaction_history.json"));
        bot.fake
            .rest
            .next("POST", &callback_path("interaction_history.json"))
            .await;
        let history = followup_path("interaction_history.json");
        twice(&mut bot, "POST", &history, secs).await;

        let threads = format!("/api/v10/channels/{CHANNEL}/threads");
        let (opened, ()) = tokio::join!(open(bot.rooms.clone(), "tourney-x-r1-b1"), async {
            let rest = &mut bot.fake.rest;
            rest.next("POST", &threads).await;
            let refused = Instant::now();
            rest.next("POST", &threads).await;
            assert!(refused.elapsed() >= secs, "{:?}", refused.elapsed());
        });
        assert_eq!(opened.unwrap().channel, ROOM);
        bot.fake.rest.none_within(Duration::from_millis(1000)).await;

        for route in &routes {
            assert_eq!(
                bot.count(route),
                2,
                "{route}: {:#?}",
                bot.fake.rest.summary()
            );
        }
        let limited: Vec<(String, u16, i64)> = bot.refusals();
        assert_eq!(limited.len(), 4, "one 429 each: {limited:?}");
        assert!(limited.iter().all(|(_, s, _)| *s == 429));
    });
}

/// `/board`, whose response Discord rate-limits (`times` 429s of `secs` each): the answer
/// goes to the channel, and the response was tried `calls` times, none after Discord's
/// 3 s (it would be refused, 10062).
async fn board_answered_in_the_channel(bot: &mut Bot, calls: usize) {
    bot.send(fixture("interaction_board.json"));
    let sent = Instant::now();
    let board = callback_path("interaction_board.json");
    bot.fake.rest.next("POST", &board).await;
    let post = bot.fake.rest.next("POST", &messages(CHANNEL)).await;
    assert!(post.payload()["content"]
        .as_str()
        .unwrap()
        .starts_with("katro/"));
    assert_eq!(post.files().len(), 1, "with its picture");
    assert!(
        sent.elapsed() < Duration::from_secs(4),
        "{:?}",
        sent.elapsed()
    );
    // Long enough for any retry still waiting (5 s) to be seen.
    bot.fake.rest.none_within(Duration::from_millis(5500)).await;
    assert_eq!(bot.count(&format!("POST {board}")), calls);
    let st = bot.fake.state.lock().unwrap();
    assert!(st.refusals.iter().all(|(_, s, _)| *s == 429));
}

fn board_throttle(times: u32, secs: u64) -> Vec<Throttle> {
    vec![Throttle {
        route: format!("POST {}", callback_path("interaction_board.json")),
        times,
        retry_after_ms: secs * 1000,
        global: false,
    }]
}

/// A 429 on an interaction's response asking for 5 s, with serenity's limiter on: the
/// call is dropped at the 3 s instead of being made again after them, and the answer is
/// posted in the interaction's channel.
#[test]
fn a_response_rate_limited_past_3_seconds_is_posted_in_the_channel() {
    run(async {
        let (fake, client) = FakeDiscord::start_tls().await;
        fake.state.lock().unwrap().bad.throttles = board_throttle(1, 5);
        let mut bot = start(fake, Arc::new(DiscordRooms::new()), |o| DiscordOptions {
            api_base: None,
            http: Some(Arc::new(move |b: HttpBuilder| b.client(client.clone()))),
            ..o
        })
        .await;
        board_answered_in_the_channel(&mut bot, 1).await;
    });
}

/// The same behind a proxy (serenity's limiter off), 429s of 1 s without end: the bot's
/// own back-off tries once more within the 3 s, then the answer goes to the channel.
#[test]
fn behind_a_proxy_a_response_rate_limited_past_3_seconds_is_posted_in_the_channel() {
    run(async {
        let fake = FakeDiscord::start().await;
        fake.state.lock().unwrap().bad.throttles = board_throttle(20, 1);
        let mut bot = start(fake, Arc::new(DiscordRooms::new()), |o| o).await;
        board_answered_in_the_channel(&mut bot, 2).await;
    });
}

/// With a proxy doing the rate limiting (serenity's limiter off), a 429 on thread
/// creation is waited out by the bot: two calls, the room opened, no other call.
#[test]
fn a_rate_limited_thread_is_opened_after_the_wait_behind_a_proxy() {
    run(async {
        let fake = FakeDiscord::start().await;
        let threads = format!("/api/v10/channels/{CHANNEL}/threads");
        fake.state.lock().unwrap().bad.throttles = vec![Throttle {
            route: format!("POST {threads}"),
            times: 1,
            retry_after_ms: 500,
            global: false,
        }];
        let mut bot = start(fake, Arc::new(DiscordRooms::new()), |o| o).await;
        let (opened, ()) = tokio::join!(open(bot.rooms.clone(), "tourney-x-r1-b1"), async {
            bot.fake.rest.next("POST", &threads).await;
            bot.fake.rest.next("POST", &threads).await;
        });
        assert_eq!(opened.unwrap().channel, ROOM);
        bot.fake.rest.none_within(Duration::from_millis(500)).await;
        assert_eq!(bot.count(&format!("POST {threads}")), 2);
    });
}

/// The server at Discord's cap on active threads (400, 160006): the room is refused
/// with the reason, the organizer (Carol) is pinged once in the home channel, no thread
/// is asked for during the pause, and after it (a thread archived) rooms open again.
#[test]
fn the_thread_cap_pauses_the_rooms_with_one_note_to_the_organizer() {
    run(async {
        let fake = FakeDiscord::start().await;
        fake.state.lock().unwrap().bad.thread_cap = Some(1);
        let rooms = Arc::new(DiscordRooms::new().pause_when_full(Duration::from_millis(1500)));
        let mut bot = start(fake, rooms, |o| o).await;
        let threads = format!("/api/v10/channels/{CHANNEL}/threads");

        assert_eq!(bot.open("tourney-x-r1-b1").await.unwrap().channel, ROOM);
        let full = bot.open("tourney-x-r1-b2").await.unwrap_err();
        assert!(
            full.contains("Maximum number of active threads reached"),
            "{full}"
        );
        bot.fake.rest.next("POST", &threads).await;
        bot.fake.rest.next("POST", &threads).await;
        let note = bot.fake.rest.next("POST", &messages(CHANNEL)).await;
        let p = note.payload();
        let content = p["content"].as_str().unwrap();
        assert!(
            content.starts_with(&format!(
                "<@{CAROL}>: the server has reached Discord's limit of active threads"
            )) && content.contains("tourney-x-r1-b2"),
            "{content}"
        );
        assert_eq!(p["allowed_mentions"]["users"], json!([CAROL]));

        // Within the pause: refused at once, no call, no second note.
        let paused = bot.open("tourney-x-r1-b3").await.unwrap_err();
        assert!(paused.contains("cap on active threads"), "{paused}");
        bot.fake.rest.none_within(Duration::from_millis(1600)).await;
        assert_eq!(bot.count(&format!("POST {threads}")), 2);
        assert_eq!(bot.count("GET /api/v10/channels/"), 0, "no doomed look-up");

        // A thread archived, the pause over: rooms open again.
        bot.fake.state.lock().unwrap().bad.active_threads = 0;
        let opened = bot.open("tourney-x-r1-b4").await.unwrap();
        assert_ne!(opened.channel, CHANNEL);
        bot.fake.rest.next("POST", &threads).await;
    });
}

/// Sends the slow `/history` and waits for its deferral, then lets 16 minutes pass for
/// the fake Discord (the interaction's token is spent).
async fn deferred_history_then_16_minutes(bot: &mut Bot) {
    bot.send(fixture("interaction_history.json"));
    let cb = bot
        .fake
        .rest
        .next("POST", &callback_path("interaction_history.json"))
        .await;
    assert_eq!(cb.payload()["type"], 5, "deferred");
    bot.fake.state.lock().unwrap().bad.skew_ms = 16 * 60 * 1000;
}

/// A followup refused for a spent token (401, 50027): the answer is posted in the
/// interaction's channel instead, and no second followup is tried.
#[test]
fn a_followup_refused_after_15_minutes_is_posted_in_the_channel() {
    run(async {
        let fake = FakeDiscord::start().await;
        let mut bot = start(fake, Arc::new(DiscordRooms::new()), |o| o).await;
        deferred_history_then_16_minutes(&mut bot).await;
        let history = followup_path("interaction_history.json");
        bot.fake.rest.next("POST", &history).await;
        let post = bot.fake.rest.next("POST", &messages(CHANNEL)).await;
        assert!(post.payload()["content"]
            .as_str()
            .unwrap()
            .contains("1. c1+"));
        bot.fake.rest.none_within(Duration::from_millis(1000)).await;
        assert_eq!(bot.count(&format!("POST {history}")), 1);
        assert_eq!(bot.refusals(), [(format!("POST {history}"), 401, 50027)]);
    });
}

/// An interaction older than the token's life when its answer is ready: no followup is
/// tried at all, the answer is posted in its channel.
#[test]
fn an_answer_past_the_tokens_life_skips_the_followup() {
    run(async {
        let fake = FakeDiscord::start().await;
        let mut bot = start(fake, Arc::new(DiscordRooms::new()), |o| DiscordOptions {
            // `/history` takes 3.5 s: past this when its answer is ready.
            followup_within: Duration::from_secs(2),
            ..o
        })
        .await;
        deferred_history_then_16_minutes(&mut bot).await;
        let post = bot.fake.rest.next("POST", &messages(CHANNEL)).await;
        assert!(post.payload()["content"]
            .as_str()
            .unwrap()
            .contains("1. c1+"));
        bot.fake.rest.none_within(Duration::from_millis(1000)).await;
        assert_eq!(bot.count("POST /api/v10/webhooks/"), 0);
        assert!(bot.refusals().is_empty(), "{:?}", bot.refusals());
    });
}
