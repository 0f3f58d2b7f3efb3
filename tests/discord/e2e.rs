//! End to end: the real serenity + poise client (`mancala_bot::transport::discord::run`) against a fake
//! Discord on 127.0.0.1. The REST side is a small HTTP/1.1 server (serenity's proxy setting
//! sends every REST call to it); `GET /gateway` and `GET /gateway/bot` point the client at
//! a WebSocket gateway in the test, which speaks HELLO, takes IDENTIFY, sends READY and then
//! recorded MESSAGE_CREATE / INTERACTION_CREATE events. Every step is bounded in time.

use std::collections::HashMap;
use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures::{SinkExt, StreamExt};
use mancala_bot::core::api::Rooms;
use mancala_bot::model::ChannelKey;
use mancala_bot::transport::discord::rooms::DiscordRooms;
use mancala_bot::transport::discord::{self, CommandRegistration, DiscordOptions, Sharding};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message as WsMessage;
use tracing_subscriber::EnvFilter;

use crate::adapter::fixture;
use crate::fake_core::{
    FakeCore, ALICE, BOB, CAROL, GUILD, ROOM_NAME, SLOW, TICK_CHANNEL, TICK_DEADLINE_MS,
};

const TOKEN: &str = "ODAwMDAwMDAwMDAwMDAwMDAx.Gfake0.s3cr3t-t0k3n-n0t-t0-b3-l0gg3d";
const BOT: &str = "800000000000000001";
const CHANNEL: &str = "900000000000000010";
/// The id the fake Discord gives a created thread.
const ROOM: &str = "900000000000000050";
const STEP: Duration = Duration::from_secs(20);

/// One REST call the fake Discord received.
#[derive(Clone, Debug)]
struct Request {
    method: String,
    path: String,
    headers: HashMap<String, String>,
    body: Vec<u8>,
}

impl Request {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("{} {}: {e}", self.method, self.path))
    }

    /// The parts of a multipart/form-data body: (name, filename, bytes).
    fn multipart(&self) -> Vec<(String, Option<String>, Vec<u8>)> {
        let ctype = self
            .headers
            .get("content-type")
            .cloned()
            .unwrap_or_default();
        let boundary = ctype
            .split("boundary=")
            .nth(1)
            .unwrap_or_else(|| panic!("not multipart: {ctype}"))
            .trim_matches('"')
            .to_string();
        let delim = format!("--{boundary}").into_bytes();
        let mut parts = Vec::new();
        for chunk in split_bytes(&self.body, &delim).into_iter().skip(1) {
            if chunk.starts_with(b"--") {
                break;
            }
            let chunk = chunk.strip_prefix(b"\r\n").unwrap_or(chunk);
            let head_end = find(chunk, b"\r\n\r\n").expect("part head");
            let head = String::from_utf8_lossy(&chunk[..head_end]).to_string();
            let mut data = chunk[head_end + 4..].to_vec();
            if data.ends_with(b"\r\n") {
                data.truncate(data.len() - 2);
            }
            let disposition = head
                .lines()
                .find(|l| l.to_ascii_lowercase().starts_with("content-disposition"))
                .unwrap_or_default()
                .to_string();
            let field = |key: &str| {
                disposition
                    .split(';')
                    .map(str::trim)
                    .find_map(|kv| kv.strip_prefix(&format!("{key}=\"")))
                    .map(|v| v.trim_end_matches('"').to_string())
            };
            parts.push((field("name").unwrap_or_default(), field("filename"), data));
        }
        parts
    }

    /// The JSON payload: the body, or the `payload_json` part of a multipart body.
    fn payload(&self) -> Value {
        if self.is_multipart() {
            let parts = self.multipart();
            let (_, _, bytes) = parts
                .iter()
                .find(|(name, _, _)| name == "payload_json")
                .expect("payload_json part");
            serde_json::from_slice(bytes).unwrap()
        } else {
            self.json()
        }
    }

    fn is_multipart(&self) -> bool {
        self.headers
            .get("content-type")
            .is_some_and(|c| c.starts_with("multipart/form-data"))
    }

    /// The file parts of a multipart body: (filename, bytes).
    fn files(&self) -> Vec<(String, Vec<u8>)> {
        if !self.is_multipart() {
            return Vec::new();
        }
        self.multipart()
            .into_iter()
            .filter_map(|(name, file, bytes)| {
                name.starts_with("files[")
                    .then(|| (file.unwrap_or_default(), bytes))
            })
            .collect()
    }
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

fn split_bytes<'a>(mut hay: &'a [u8], delim: &[u8]) -> Vec<&'a [u8]> {
    let mut out = Vec::new();
    while let Some(i) = find(hay, delim) {
        out.push(&hay[..i]);
        hay = &hay[i + delim.len()..];
    }
    out.push(hay);
    out
}

/// Reads until `buf` holds at least `n` bytes; false on end of stream.
async fn fill(sock: &mut TcpStream, buf: &mut Vec<u8>, n: usize) -> bool {
    while buf.len() < n {
        let mut tmp = [0u8; 16384];
        match sock.read(&mut tmp).await {
            Ok(0) | Err(_) => return false,
            Ok(k) => buf.extend_from_slice(&tmp[..k]),
        }
    }
    true
}

/// Reads one HTTP/1.1 request (Content-Length or chunked body) from a kept-alive connection.
async fn read_request(sock: &mut TcpStream, buf: &mut Vec<u8>) -> Option<Request> {
    let head_len = loop {
        if let Some(i) = find(buf, b"\r\n\r\n") {
            break i + 4;
        }
        let want = buf.len() + 1;
        if !fill(sock, buf, want).await {
            return None;
        }
    };
    let mut raw_headers = [httparse::EMPTY_HEADER; 64];
    let mut req = httparse::Request::new(&mut raw_headers);
    req.parse(&buf[..head_len]).ok()?;
    let method = req.method?.to_string();
    let path = req.path?.to_string();
    let headers: HashMap<String, String> = req
        .headers
        .iter()
        .map(|h| {
            (
                h.name.to_ascii_lowercase(),
                String::from_utf8_lossy(h.value).to_string(),
            )
        })
        .collect();
    let mut pos = head_len;
    let mut body = Vec::new();
    if let Some(len) = headers.get("content-length") {
        let len: usize = len.trim().parse().ok()?;
        if !fill(sock, buf, pos + len).await {
            return None;
        }
        body.extend_from_slice(&buf[pos..pos + len]);
        pos += len;
    } else if headers
        .get("transfer-encoding")
        .is_some_and(|t| t.contains("chunked"))
    {
        loop {
            let line_end = loop {
                if let Some(i) = find(&buf[pos..], b"\r\n") {
                    break pos + i;
                }
                let want = buf.len() + 1;
                if !fill(sock, buf, want).await {
                    return None;
                }
            };
            let size_text = String::from_utf8_lossy(&buf[pos..line_end]).to_string();
            let size = usize::from_str_radix(size_text.split(';').next()?.trim(), 16).ok()?;
            pos = line_end + 2;
            if !fill(sock, buf, pos + size + 2).await {
                return None;
            }
            if size == 0 {
                pos += 2;
                break;
            }
            body.extend_from_slice(&buf[pos..pos + size]);
            pos += size + 2;
        }
    }
    buf.drain(..pos);
    Some(Request {
        method,
        path,
        headers,
        body,
    })
}

/// A message object as Discord returns it for a created message.
fn created_message(channel: &str) -> Value {
    json!({
        "id": "1260000000000000001", "channel_id": channel, "guild_id": GUILD,
        "author": {"id": BOT, "username": "mancala-bot", "discriminator": "0",
                   "global_name": null, "avatar": null, "bot": true},
        "content": "", "timestamp": "2024-05-01T12:00:01.000000+00:00",
        "edited_timestamp": null, "tts": false, "mention_everyone": false,
        "mentions": [], "mention_roles": [], "attachments": [], "embeds": [],
        "pinned": false, "type": 0, "flags": 0, "components": []
    })
}

/// A thread channel as Discord returns it for `POST /channels/{parent}/threads`.
fn created_thread(parent: &str, req: &Request) -> Value {
    let asked = req.json();
    json!({
        "id": ROOM, "type": asked["type"], "guild_id": GUILD, "parent_id": parent,
        "name": asked["name"], "owner_id": BOT, "last_message_id": null,
        "rate_limit_per_user": 0, "flags": 0, "message_count": 0, "member_count": 1,
        "total_message_sent": 0,
        "thread_metadata": {"archived": false, "auto_archive_duration": asked["auto_archive_duration"],
            "archive_timestamp": "2024-05-01T12:00:02.000000+00:00", "locked": false,
            "create_timestamp": "2024-05-01T12:00:02.000000+00:00"},
        "member": {"id": ROOM, "user_id": BOT, "join_timestamp": "2024-05-01T12:00:02.000000+00:00", "flags": 1}
    })
}

/// Answers one REST call like Discord would.
fn route(req: &Request, ws_url: &str) -> (u16, String) {
    let path = req.path.split('?').next().unwrap_or_default();
    let segs: Vec<&str> = path.trim_start_matches("/api/v10/").split('/').collect();
    match (req.method.as_str(), segs.as_slice()) {
        ("GET", ["gateway"]) => (200, json!({ "url": ws_url }).to_string()),
        ("GET", ["gateway", "bot"]) => (
            200,
            json!({"url": ws_url, "shards": 1, "session_start_limit":
                {"total": 1000, "remaining": 999, "reset_after": 14_400_000, "max_concurrency": 1}})
            .to_string(),
        ),
        ("GET", ["users", "@me"]) => (
            200,
            json!({"id": BOT, "username": "mancala-bot", "discriminator": "0",
                   "global_name": null, "avatar": null, "bot": true})
            .to_string(),
        ),
        ("PUT", ["applications", _, "commands"]) => (200, "[]".into()),
        ("POST", ["channels", ch, "messages"]) => (200, created_message(ch).to_string()),
        ("POST", ["channels", ch, "threads"]) if *ch == CHANNEL => {
            (201, created_thread(ch, req).to_string())
        }
        ("POST", ["channels", _, "threads"]) => (
            403,
            json!({"message": "Missing Permissions", "code": 50013}).to_string(),
        ),
        ("POST", ["channels", _, "typing"]) => (204, String::new()),
        ("POST", ["interactions", _, _, "callback"]) => (204, String::new()),
        ("POST", ["webhooks", _, _]) => (200, created_message(CHANNEL).to_string()),
        _ => (
            404,
            json!({"message": "Unknown route", "code": 0}).to_string(),
        ),
    }
}

async fn serve_rest(listener: TcpListener, ws_url: String, log: mpsc::UnboundedSender<Request>) {
    loop {
        let Ok((mut sock, _)) = listener.accept().await else {
            return;
        };
        let ws_url = ws_url.clone();
        let log = log.clone();
        tokio::spawn(async move {
            let mut buf = Vec::new();
            while let Some(req) = read_request(&mut sock, &mut buf).await {
                let (status, body) = route(&req, &ws_url);
                let _ = log.send(req);
                let reason = match status {
                    200 => "OK",
                    201 => "Created",
                    204 => "No Content",
                    403 => "Forbidden",
                    _ => "Not Found",
                };
                let mut head = format!("HTTP/1.1 {status} {reason}\r\nconnection: keep-alive\r\n");
                if status != 204 {
                    head.push_str(&format!(
                        "content-type: application/json\r\ncontent-length: {}\r\n",
                        body.len()
                    ));
                }
                head.push_str("\r\n");
                if sock.write_all(head.as_bytes()).await.is_err()
                    || sock.write_all(body.as_bytes()).await.is_err()
                {
                    return;
                }
            }
        });
    }
}

fn ready(ws_url: &str) -> Value {
    json!({"op": 0, "s": 1, "t": "READY", "d": {
        "v": 10,
        "user": {"id": BOT, "username": "mancala-bot", "discriminator": "0", "global_name": null,
                 "avatar": null, "bot": true, "verified": true, "mfa_enabled": false, "flags": 0},
        "guilds": [{"id": GUILD, "unavailable": true}],
        "session_id": "fake-session-1", "resume_gateway_url": ws_url, "shard": [0, 1],
        "application": {"id": BOT, "flags": 0},
        "private_channels": [], "relationships": [], "presences": [],
        "geo_ordered_rtc_regions": [], "guild_join_requests": [], "_trace": ["fake-gateway"]
    }})
}

/// The gateway: HELLO, then IDENTIFY (reported) -> READY, heartbeats acknowledged, and
/// every event from `events` sent as a dispatch with a growing sequence number.
async fn serve_gateway(
    listener: TcpListener,
    ws_url: String,
    identified: mpsc::UnboundedSender<Value>,
    mut events: mpsc::UnboundedReceiver<Value>,
) {
    let Ok((sock, _)) = listener.accept().await else {
        return;
    };
    let mut ws = tokio_tungstenite::accept_async(sock)
        .await
        .expect("websocket handshake");
    let hello = json!({"op": 10, "d": {"heartbeat_interval": 41250}, "s": null, "t": null});
    ws.send(WsMessage::Text(hello.to_string())).await.unwrap();
    let mut seq = 1;
    loop {
        tokio::select! {
            msg = ws.next() => {
                let Some(Ok(msg)) = msg else { return };
                let WsMessage::Text(text) = msg else { continue };
                let v: Value = serde_json::from_str(&text).unwrap();
                match v["op"].as_u64() {
                    Some(2) => {
                        let _ = identified.send(v);
                        ws.send(WsMessage::Text(ready(&ws_url).to_string())).await.unwrap();
                    }
                    Some(1) => {
                        ws.send(WsMessage::Text(json!({"op": 11}).to_string())).await.unwrap();
                    }
                    _ => {}
                }
            }
            event = events.recv() => {
                let Some(mut event) = event else { return };
                seq += 1;
                event["s"] = json!(seq);
                ws.send(WsMessage::Text(event.to_string())).await.unwrap();
            }
        }
    }
}

/// Captured log output of the whole test binary.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

struct Rest {
    rx: mpsc::UnboundedReceiver<Request>,
    all: Vec<Request>,
}

impl Rest {
    /// The next REST call matching `method` and a path starting with `path`, within
    /// [`STEP`]; other calls are kept in `all`.
    async fn next(&mut self, method: &str, path: &str) -> Request {
        let deadline = tokio::time::Instant::now() + STEP;
        loop {
            let req = tokio::time::timeout_at(deadline, self.rx.recv())
                .await
                .unwrap_or_else(|_| {
                    panic!(
                        "no {method} {path} within {STEP:?}; calls so far: {:#?}",
                        self.summary()
                    )
                })
                .expect("fake Discord stopped");
            self.all.push(req.clone());
            if req.method == method && req.path.starts_with(path) {
                return req;
            }
        }
    }

    /// No further REST call within `wait` (for refusals that must not post anything).
    async fn none_within(&mut self, wait: Duration) {
        if let Ok(Some(req)) = tokio::time::timeout(wait, self.rx.recv()).await {
            panic!("unexpected call {} {}", req.method, req.path);
        }
    }

    fn summary(&self) -> Vec<String> {
        self.all
            .iter()
            .map(|r| format!("{} {}", r.method, r.path))
            .collect()
    }
}

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

    let logs = String::from_utf8_lossy(&captured.0.lock().unwrap()).to_string();
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

async fn scenario() {
    let rest_listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let ws_listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let api_base = format!("http://{}", rest_listener.local_addr().unwrap());
    let ws_url = format!("ws://{}", ws_listener.local_addr().unwrap());

    let (rest_tx, rest_rx) = mpsc::unbounded_channel();
    let (id_tx, mut id_rx) = mpsc::unbounded_channel();
    let (ev_tx, ev_rx) = mpsc::unbounded_channel();
    tokio::spawn(serve_rest(rest_listener, ws_url.clone(), rest_tx));
    tokio::spawn(serve_gateway(ws_listener, ws_url, id_tx, ev_rx));
    let mut rest = Rest {
        rx: rest_rx,
        all: Vec::new(),
    };

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
        tick_every: Duration::from_secs(1),
        rooms: Some(rooms.clone()),
        ..DiscordOptions::new(TOKEN)
    };
    let bot = tokio::spawn(discord::run(opts, core.clone()));

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
            "board",
            "claim",
            "decline",
            "draw",
            "help",
            "history",
            "leaderboard",
            "moves",
            "mute",
            "new",
            "rating",
            "rematch",
            "replay",
            "resign",
            "rules",
            "set",
            "sow",
            "tournament",
            "unmute",
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
            "cancel"
        ]
    );
    assert!(
        rest.all.iter().all(|r| !r.path.contains("oauth2")),
        "owners not fetched"
    );

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
    // The rooms called directly from a blocking thread: the thread's id comes back; and
    // Discord's refusal elsewhere (no permission in channel 1, which is no thread either)
    // comes back as the reason.
    let open = |channel: &str, name: &'static str| {
        let rooms = rooms.clone();
        let home = ChannelKey {
            community: GUILD.into(),
            channel: channel.into(),
        };
        tokio::task::spawn_blocking(move || rooms.open(&home, name))
    };
    let opened = open(CHANNEL, "tourney-x-r2-b1").await.unwrap();
    assert_eq!(opened.unwrap().channel, ROOM);
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

    // 11. Chatter and the bot's own messages post nothing.
    let before = core.seen().len();
    ev_tx.send(fixture("message_chatter.json")).unwrap();
    ev_tx.send(fixture("message_from_bot.json")).unwrap();
    rest.none_within(Duration::from_millis(500)).await;
    assert_eq!(core.seen().len(), before);

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

    // The tick went on every second, and posted nothing more.
    assert!(core.ticks() >= 2, "ticks: {}", core.ticks());

    // Every REST call carried the token in its Authorization header, and only there.
    assert!(rest.all.iter().all(
        |r| r.headers.get("authorization").map(String::as_str) == Some(&format!("Bot {TOKEN}"))
    ));
    bot.abort();
}
