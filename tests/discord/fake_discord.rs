//! The strict fake Discord (issue 12): a REST server (serenity's proxy setting sends every
//! REST call to it) and a WebSocket gateway on 127.0.0.1. The gateway speaks HELLO, takes
//! IDENTIFY, sends READY and then the events a test gives it. The REST side answers as
//! Discord does, and refuses as Discord does whatever breaks its documented limits
//! ([`limits`]): 400 "Invalid Form Body" (50035) listing the fields, 413 for uploads over
//! 10 MiB, 429 with `retry_after` past 5 messages per 5 s in a channel, 404 "Unknown
//! interaction" (10062) for an answer after 3 s, 401 (50027) for a followup after 15
//! minutes, 403 "Missing Permissions" (50013) for files where the bot lacks Attach Files;
//! and the bad days a test turns on ([`refusals`], issue 33). [`FakeDiscord::start_tls`]
//! serves it as `https://discord.com` for serenity with its own rate limiter on.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message as WsMessage;

use crate::fake_core::GUILD;
use crate::limits;
use crate::refusals::{self, BadDays, Headers, Refusal};

pub const BOT: &str = "800000000000000001";
pub const CHANNEL: &str = "900000000000000010";
/// The id the fake Discord gives a created thread.
pub const ROOM: &str = "900000000000000050";
/// Longest wait for one step of a test.
pub const STEP: Duration = Duration::from_secs(20);

/// What the fake Discord remembers between calls.
pub struct State {
    started: Instant,
    rate: limits::ChannelRate,
    /// Interaction id -> when it was dispatched (ms since start).
    interactions: HashMap<String, u64>,
    /// Interaction token -> when it was dispatched.
    tokens: HashMap<String, u64>,
    /// Interactions answered.
    answered: HashSet<String>,
    /// Channels where the bot lacks the Attach Files permission.
    pub no_attach: HashSet<String>,
    /// Channels in slow mode: at most one message every 2 s (answered 429 otherwise).
    pub slow_mode: HashMap<String, u64>,
    /// Every refused call: (`METHOD path`, status, body).
    pub refusals: Vec<(String, u16, Value)>,
    /// Threads created so far.
    threads: u64,
    /// Whether the gateway is up, cut off or silent (outage tests).
    pub gateway: Gateway,
    /// The heartbeat interval HELLO asks for, in ms (Discord's is about 41 s).
    pub heartbeat_ms: u64,
    /// Gateway connections accepted so far (TCP), up or not.
    pub connections: usize,
    /// The bad days a test turns on (issue 33).
    pub bad: BadDays,
    /// DM channels opened (`POST /users/@me/channels`): channel id -> recipient.
    pub dms: HashMap<String, String>,
    /// Users whose DMs are closed to the bot: a message in their DM channel is refused
    /// with 403, code 50007 "Cannot send messages to this user", as Discord does (the
    /// channel itself is still opened).
    pub closed_dms: HashSet<String>,
}

/// The fake gateway's health.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gateway {
    /// Answering as Discord does.
    Up,
    /// Unreachable: every connection is dropped (no close frame: as a network outage),
    /// and new ones are closed as soon as they are accepted.
    Cut,
    /// Not answering: open connections stay open but nothing is answered (no heartbeat
    /// ACKs); new ones are closed as soon as they are accepted.
    Silent,
}

impl State {
    fn now_ms(&self) -> u64 {
        self.started.elapsed().as_millis() as u64
    }
}

/// A running fake Discord.
pub struct FakeDiscord {
    /// Base URL of its REST API (for `DiscordOptions::api_base`).
    pub api_base: String,
    /// The REST calls it received, in order.
    pub rest: Rest,
    /// Events to dispatch through the gateway (a sequence number is added).
    pub events: mpsc::UnboundedSender<Value>,
    /// The IDENTIFY payloads it received.
    pub identified: mpsc::UnboundedReceiver<Value>,
    /// Its memory: rate limits, interactions, permissions, refusals.
    pub state: Arc<Mutex<State>>,
}

impl FakeDiscord {
    /// Starts the REST server and the gateway on free ports of 127.0.0.1.
    pub async fn start() -> FakeDiscord {
        FakeDiscord::start_with(None).await
    }

    /// Starts the fake as `https://discord.com` (issue 33), for serenity with its own rate
    /// limiter on (which calls discord.com whatever the proxy setting): the REST side is
    /// an HTTP proxy that takes `CONNECT discord.com:443` and answers in TLS with a
    /// certificate made now; the client returned (for `HttpBuilder::client`) goes through
    /// it and trusts that certificate only.
    pub async fn start_tls() -> (FakeDiscord, reqwest::Client) {
        let (acceptor, cert) = crate::fake_tls::acceptor();
        let fake = FakeDiscord::start_with(Some(acceptor)).await;
        let client = crate::fake_tls::client(&fake.api_base, cert);
        (fake, client)
    }

    async fn start_with(tls: Option<tokio_rustls::TlsAcceptor>) -> FakeDiscord {
        let rest_listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let ws_listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let api_base = format!("http://{}", rest_listener.local_addr().unwrap());
        let ws_url = format!("ws://{}", ws_listener.local_addr().unwrap());
        let state = Arc::new(Mutex::new(State {
            started: Instant::now(),
            rate: limits::ChannelRate::default(),
            interactions: HashMap::new(),
            tokens: HashMap::new(),
            answered: HashSet::new(),
            no_attach: HashSet::new(),
            slow_mode: HashMap::new(),
            refusals: Vec::new(),
            threads: 0,
            gateway: Gateway::Up,
            heartbeat_ms: 41250,
            connections: 0,
            bad: BadDays::default(),
            dms: HashMap::new(),
            closed_dms: HashSet::new(),
        }));
        let (rest_tx, rest_rx) = mpsc::unbounded_channel();
        let (id_tx, id_rx) = mpsc::unbounded_channel();
        let (ev_tx, ev_rx) = mpsc::unbounded_channel();
        tokio::spawn(serve_rest(
            rest_listener,
            ws_url.clone(),
            rest_tx,
            state.clone(),
            tls,
        ));
        tokio::spawn(serve_gateway(
            ws_listener,
            ws_url,
            id_tx,
            ev_rx,
            state.clone(),
        ));
        FakeDiscord {
            api_base,
            rest: Rest {
                rx: rest_rx,
                all: Vec::new(),
            },
            events: ev_tx,
            identified: id_rx,
            state,
        }
    }
}

/// One REST call the fake Discord received.
#[derive(Clone, Debug)]
pub struct Request {
    pub method: String,
    pub path: String,
    pub headers: HashMap<String, String>,
    pub body: Vec<u8>,
}

impl Request {
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("{} {}: {e}", self.method, self.path))
    }

    /// The parts of a multipart/form-data body: (name, filename, bytes).
    pub fn multipart(&self) -> Vec<(String, Option<String>, Vec<u8>)> {
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
    pub fn payload(&self) -> Value {
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

    pub fn is_multipart(&self) -> bool {
        self.headers
            .get("content-type")
            .is_some_and(|c| c.starts_with("multipart/form-data"))
    }

    /// The file parts of a multipart body: (filename, bytes).
    pub fn files(&self) -> Vec<(String, Vec<u8>)> {
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
async fn fill<S: AsyncRead + Unpin>(sock: &mut S, buf: &mut Vec<u8>, n: usize) -> bool {
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
pub async fn read_request<S: AsyncRead + Unpin>(
    sock: &mut S,
    buf: &mut Vec<u8>,
) -> Option<Request> {
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
pub fn created_message(channel: &str) -> Value {
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
fn created_thread(parent: &str, req: &Request, n: u64) -> Value {
    let asked = req.json();
    // The first thread is ROOM, the next ones follow it.
    let id = (ROOM.parse::<u64>().unwrap_or(0) + n).to_string();
    json!({
        "id": id, "type": asked["type"], "guild_id": GUILD, "parent_id": parent,
        "name": asked["name"], "owner_id": BOT, "last_message_id": null,
        "rate_limit_per_user": 0, "flags": 0, "message_count": 0, "member_count": 1,
        "total_message_sent": 0,
        "thread_metadata": {"archived": false, "auto_archive_duration": asked["auto_archive_duration"],
            "archive_timestamp": "2024-05-01T12:00:02.000000+00:00", "locked": false,
            "create_timestamp": "2024-05-01T12:00:02.000000+00:00"},
        "member": {"id": id, "user_id": BOT, "join_timestamp": "2024-05-01T12:00:02.000000+00:00", "flags": 1}
    })
}

/// Answers one REST call like Discord would: a bad day the test turned on
/// ([`BadDays::refuse`]), then its limits ([`check`]), then the answer; with the
/// response's extra headers.
fn route(req: &Request, ws_url: &str, state: &Mutex<State>) -> (u16, String, Headers) {
    let mut st = state.lock().unwrap();
    let path = req.path.split('?').next().unwrap_or_default();
    let segs: Vec<&str> = path.trim_start_matches("/api/v10/").split('/').collect();
    let refused = st.bad.refuse(&req.method, path, &segs);
    if let Some((status, body, headers)) = refused.or_else(|| check(req, &mut st)) {
        let call = format!("{} {}", req.method, req.path);
        st.refusals.push((call, status, body.clone()));
        return (status, body.to_string(), headers);
    }
    if req.method == "POST" && segs == ["users", "@me", "channels"] {
        let (status, body) = open_dm(req, &mut st);
        return (status, body.to_string(), Vec::new());
    }
    let threads = st.threads;
    // Only threads under CHANNEL are created (see `answer`).
    if req.method == "POST" && req.path.ends_with(&format!("/channels/{CHANNEL}/threads")) {
        st.threads += 1;
        st.bad.opened_thread();
    }
    drop(st);
    let (status, body) = answer(req, ws_url, threads);
    (status, body, Vec::new())
}

/// `POST /users/@me/channels` (Create DM): the DM channel with `recipient_id`, the same
/// one each time; 400 (50035) without a snowflake recipient.
fn open_dm(req: &Request, st: &mut State) -> (u16, Value) {
    let body = req.json();
    let Some(user) = body["recipient_id"]
        .as_str()
        .filter(|id| !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()))
    else {
        let errors = json!({"recipient_id": {"_errors": [{"code": "NUMBER_TYPE_COERCE",
            "message": "Value is not snowflake."}]}});
        return (
            400,
            json!({"message": "Invalid Form Body", "code": 50035, "errors": errors}),
        );
    };
    let id = match st.dms.iter().find(|(_, u)| *u == user) {
        Some((id, _)) => id.clone(),
        None => {
            let id = format!("95{:0>16}", st.dms.len() + 1);
            st.dms.insert(id.clone(), user.to_string());
            id
        }
    };
    let recipient = json!({"id": user, "username": format!("user{user}"), "discriminator": "0",
        "global_name": null, "avatar": null});
    (
        200,
        json!({"id": id, "type": 1, "last_message_id": null, "recipients": [recipient]}),
    )
}

/// A refusal without extra headers.
fn plain((status, body): (u16, Value)) -> Refusal {
    (status, body, Vec::new())
}

/// The refusal Discord would give `req`, if any: a limit of [`limits`] broken, a
/// per-channel rate limit hit (429), an interaction answered after 3 s or twice, a
/// followup after 15 minutes, or files posted where the bot lacks Attach Files (403,
/// code 50013).
fn check(req: &Request, st: &mut State) -> Option<Refusal> {
    let path = req.path.split('?').next().unwrap_or_default();
    let segs: Vec<&str> = path.trim_start_matches("/api/v10/").split('/').collect();
    let sizes = || req.files().iter().map(|(_, b)| b.len()).collect::<Vec<_>>();
    let refused =
        |v: Vec<limits::Violation>| (!v.is_empty()).then(|| plain(limits::error_response(&v)));
    let now = st.now_ms();
    match (req.method.as_str(), segs.as_slice()) {
        ("POST", ["channels", ch, "messages"]) => {
            let bucket = format!("fake-channel-{ch}");
            if let Err(wait) = st.rate.take(ch, now) {
                return Some(refusals::too_many(wait, &bucket, false));
            }
            if let Some(last) = st.slow_mode.get_mut(*ch) {
                if *last > 0 && now < *last + 2000 {
                    return Some(refusals::too_many(*last + 2000 - now, &bucket, false));
                }
                *last = now.max(1);
            }
            if let Some(e) = refused(limits::check_message(&req.payload(), &sizes())) {
                return Some(e);
            }
            let closed = st.dms.get(*ch).is_some_and(|u| st.closed_dms.contains(u));
            if closed {
                return Some(plain((
                    403,
                    json!({"message": "Cannot send messages to this user", "code": 50007}),
                )));
            }
            (st.no_attach.contains(*ch) && !req.files().is_empty()).then(|| {
                plain((
                    403,
                    json!({"message": "Missing Permissions", "code": 50013}),
                ))
            })
        }
        ("POST", ["interactions", id, _, "callback"]) => {
            let (answer_ms, _) = limits::INTERACTION_MS;
            let sent = st.interactions.get(*id).copied();
            if sent.is_none_or(|t| now > t + answer_ms) || !st.answered.insert(id.to_string()) {
                let (code, message) = match sent {
                    Some(_) if now <= sent.unwrap_or(0) + answer_ms => {
                        (40060, "Interaction has already been acknowledged.")
                    }
                    _ => (10062, "Unknown interaction"),
                };
                return Some(plain((404, json!({"message": message, "code": code}))));
            }
            let p = req.payload();
            let v = if p["type"] == 8 {
                limits::check_choices("data.choices", &p["data"]["choices"])
            } else {
                limits::check_message(&p["data"], &sizes())
            };
            refused(v)
        }
        ("POST", ["webhooks", _, token]) => {
            let (_, followup_ms) = limits::INTERACTION_MS;
            let now = now + st.bad.skew_ms;
            if st.tokens.get(*token).is_none_or(|&t| now > t + followup_ms) {
                return Some(plain((
                    401,
                    json!({"message": "Invalid Webhook Token", "code": 50027}),
                )));
            }
            refused(limits::check_message(&req.payload(), &sizes()))
        }
        ("POST", ["channels", _, "threads"]) => refused(limits::check_channel(&req.json())),
        ("PUT", ["applications", _, "commands"]) => refused(limits::check_commands(&req.json())),
        _ => None,
    }
}

/// The answer to a call within Discord's limits.
fn answer(req: &Request, ws_url: &str, threads: u64) -> (u16, String) {
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
            (201, created_thread(ch, req, threads).to_string())
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

async fn serve_rest(
    listener: TcpListener,
    ws_url: String,
    log: mpsc::UnboundedSender<Request>,
    state: Arc<Mutex<State>>,
    tls: Option<tokio_rustls::TlsAcceptor>,
) {
    loop {
        let Ok((sock, _)) = listener.accept().await else {
            return;
        };
        let (ws_url, log, state, tls) = (ws_url.clone(), log.clone(), state.clone(), tls.clone());
        tokio::spawn(async move {
            match tls {
                None => serve_connection(sock, &ws_url, &log, &state).await,
                Some(tls) => {
                    if let Some(sock) = crate::fake_tls::tunnel(sock, &tls).await {
                        serve_connection(sock, &ws_url, &log, &state).await;
                    }
                }
            }
        });
    }
}

/// Answers the requests of one kept-alive connection (plain, or TLS in a tunnel).
async fn serve_connection<S: AsyncRead + AsyncWrite + Unpin>(
    mut sock: S,
    ws_url: &str,
    log: &mpsc::UnboundedSender<Request>,
    state: &Mutex<State>,
) {
    let mut buf = Vec::new();
    while let Some(req) = read_request(&mut sock, &mut buf).await {
        let (status, body, headers) = route(&req, ws_url, state);
        let _ = log.send(req);
        let reason = match status {
            200 => "OK",
            201 => "Created",
            204 => "No Content",
            400 => "Bad Request",
            401 => "Unauthorized",
            403 => "Forbidden",
            413 => "Payload Too Large",
            429 => "Too Many Requests",
            _ => "Not Found",
        };
        let mut head = format!("HTTP/1.1 {status} {reason}\r\nconnection: keep-alive\r\n");
        for (name, value) in headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        if status != 204 {
            head.push_str(&format!(
                "content-type: application/json\r\ncontent-length: {}\r\n",
                body.len()
            ));
        }
        head.push_str("\r\n");
        if sock.write_all(head.as_bytes()).await.is_err()
            || sock.write_all(body.as_bytes()).await.is_err()
            || sock.flush().await.is_err()
        {
            return;
        }
    }
}

/// READY for shard `shard` of `total`: the test guild is listed on its own shard only.
fn ready(ws_url: &str, shard: u64, total: u64) -> Value {
    let guilds: Vec<Value> = (shard_of(Some(GUILD), total) == shard)
        .then(|| json!({"id": GUILD, "unavailable": true}))
        .into_iter()
        .collect();
    json!({"op": 0, "s": 1, "t": "READY", "d": {
        "v": 10,
        "user": {"id": BOT, "username": "mancala-bot", "discriminator": "0", "global_name": null,
                 "avatar": null, "bot": true, "verified": true, "mfa_enabled": false, "flags": 0},
        "guilds": guilds,
        "session_id": format!("fake-session-{shard}"), "resume_gateway_url": ws_url,
        "shard": [shard, total],
        "application": {"id": BOT, "flags": 0},
        "private_channels": [], "relationships": [], "presences": [],
        "geo_ordered_rtc_regions": [], "guild_join_requests": [], "_trace": ["fake-gateway"]
    }})
}

/// The shard of a guild as Discord computes it, `(guild_id >> 22) % total`; direct
/// messages (no guild) go to shard 0.
pub fn shard_of(guild: Option<&str>, total: u64) -> u64 {
    guild
        .and_then(|g| g.parse::<u64>().ok())
        .map_or(0, |g| (g >> 22) % total.max(1))
}

/// The guild an event belongs to: `d.guild_id`, or a GUILD_CREATE's `d.id`.
fn guild_of(event: &Value) -> Option<&str> {
    let d = &event["d"];
    if event["t"] == "GUILD_CREATE" {
        return d["id"].as_str();
    }
    d["guild_id"].as_str()
}

/// The connected shards: the deployment's shard count (from the last IDENTIFY), each
/// connected shard's dispatch queue, and events held for a shard not connected (yet, or
/// again after its process was killed).
#[derive(Default)]
struct Shards {
    total: u64,
    live: HashMap<u64, mpsc::UnboundedSender<Value>>,
    held: HashMap<u64, Vec<Value>>,
}

/// The gateway: any number of connections (one per shard, as serenity opens them), each
/// HELLO, then IDENTIFY (reported) -> READY for the shard it names, heartbeats
/// acknowledged; every event from `events` is dispatched, with a growing sequence
/// number, to the shard that owns its guild, as Discord routes them.
async fn serve_gateway(
    listener: TcpListener,
    ws_url: String,
    identified: mpsc::UnboundedSender<Value>,
    mut events: mpsc::UnboundedReceiver<Value>,
    state: Arc<Mutex<State>>,
) {
    let shards = Arc::new(Mutex::new(Shards {
        total: 1,
        ..Shards::default()
    }));
    let accepting = {
        let shards = shards.clone();
        let state_for_accept = state.clone();
        async move {
            while let Ok((sock, _)) = listener.accept().await {
                let health = {
                    let mut st = state_for_accept.lock().unwrap();
                    st.connections += 1;
                    (st.gateway, st.heartbeat_ms)
                };
                if health.0 != Gateway::Up {
                    continue; // dropped: the connection is closed at once
                }
                let conn = connection(
                    sock,
                    ws_url.clone(),
                    identified.clone(),
                    shards.clone(),
                    (state_for_accept.clone(), health.1),
                );
                tokio::spawn(conn);
            }
        }
    };
    tokio::spawn(accepting);
    while let Some(event) = events.recv().await {
        if event["t"] == "INTERACTION_CREATE" {
            let mut st = state.lock().unwrap();
            let now = st.now_ms();
            let (id, token) = (event["d"]["id"].as_str(), event["d"]["token"].as_str());
            st.interactions
                .insert(id.unwrap_or_default().to_string(), now);
            st.tokens.insert(token.unwrap_or_default().to_string(), now);
        }
        let mut sh = shards.lock().unwrap();
        let shard = shard_of(guild_of(&event), sh.total);
        let sent = sh.live.get(&shard).map(|tx| tx.send(event.clone()));
        if !matches!(sent, Some(Ok(()))) {
            sh.held.entry(shard).or_default().push(event);
        }
    }
}

/// One gateway connection: HELLO, IDENTIFY -> READY (or RESUME -> RESUMED),
/// heartbeats, and the dispatches of its shard; dropped when the gateway is
/// [`Gateway::Cut`], mute while it is [`Gateway::Silent`].
async fn connection(
    sock: TcpStream,
    ws_url: String,
    identified: mpsc::UnboundedSender<Value>,
    shards: Arc<Mutex<Shards>>,
    (state, heartbeat_ms): (Arc<Mutex<State>>, u64),
) {
    let Ok(mut ws) = tokio_tungstenite::accept_async(sock).await else {
        return;
    };
    let hello = json!({"op": 10, "d": {"heartbeat_interval": heartbeat_ms}, "s": null, "t": null});
    if ws.send(WsMessage::Text(hello.to_string())).await.is_err() {
        return;
    }
    let (tx, mut rx) = mpsc::unbounded_channel::<Value>();
    let mut seq = 1;
    let mut health = tokio::time::interval(Duration::from_millis(100));
    loop {
        tokio::select! {
            _ = health.tick() => {
                if state.lock().unwrap().gateway == Gateway::Cut {
                    return; // dropped without a close frame
                }
            }
            msg = ws.next() => {
                let Some(Ok(msg)) = msg else { return };
                let WsMessage::Text(text) = msg else { continue };
                if state.lock().unwrap().gateway != Gateway::Up {
                    continue;
                }
                let v: Value = serde_json::from_str(&text).unwrap();
                let reply = match v["op"].as_u64() {
                    Some(2) => Some(identify(&v, &ws_url, &tx, &shards, &identified)),
                    Some(6) => Some(resume(&v, &tx, &shards, seq)),
                    Some(1) => Some(json!({"op": 11})),
                    _ => None,
                };
                if let Some(reply) = reply {
                    if ws.send(WsMessage::Text(reply.to_string())).await.is_err() {
                        return;
                    }
                }
            }
            event = rx.recv() => {
                let Some(mut event) = event else { return };
                seq += 1;
                event["s"] = json!(seq);
                if ws.send(WsMessage::Text(event.to_string())).await.is_err() {
                    return;
                }
            }
        }
    }
}

/// IDENTIFY: the shard it names is live on this connection (events held for it are
/// sent); the answer is its READY.
fn identify(
    v: &Value,
    ws_url: &str,
    tx: &mpsc::UnboundedSender<Value>,
    shards: &Mutex<Shards>,
    identified: &mpsc::UnboundedSender<Value>,
) -> Value {
    let shard = v["d"]["shard"][0].as_u64().unwrap_or(0);
    let total = v["d"]["shard"][1].as_u64().unwrap_or(1);
    {
        let mut sh = shards.lock().unwrap();
        sh.total = total;
        for held in sh.held.remove(&shard).unwrap_or_default() {
            let _ = tx.send(held);
        }
        sh.live.insert(shard, tx.clone());
    }
    let _ = identified.send(v.clone());
    ready(ws_url, shard, total)
}

/// RESUME of a session READY gave (`fake-session-{shard}`): the shard is live on this
/// connection again; the answer is RESUMED.
fn resume(v: &Value, tx: &mpsc::UnboundedSender<Value>, shards: &Mutex<Shards>, seq: u64) -> Value {
    let session = v["d"]["session_id"].as_str().unwrap_or_default();
    let shard = session
        .strip_prefix("fake-session-")
        .and_then(|s| s.parse::<u64>().ok())
        .unwrap_or(0);
    shards.lock().unwrap().live.insert(shard, tx.clone());
    json!({"op": 0, "s": seq, "t": "RESUMED", "d": {"_trace": ["fake-gateway"]}})
}

pub struct Rest {
    /// The calls as they arrive (for a reader of its own, like the load bench).
    pub rx: mpsc::UnboundedReceiver<Request>,
    /// Every call received so far.
    pub all: Vec<Request>,
}

impl Rest {
    /// The next REST call matching `method` and a path starting with `path`, within
    /// [`STEP`]; other calls are kept in `all`.
    pub async fn next(&mut self, method: &str, path: &str) -> Request {
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
    pub async fn none_within(&mut self, wait: Duration) {
        if let Ok(Some(req)) = tokio::time::timeout(wait, self.rx.recv()).await {
            panic!("unexpected call {} {}", req.method, req.path);
        }
    }

    pub fn summary(&self) -> Vec<String> {
        self.all
            .iter()
            .map(|r| format!("{} {}", r.method, r.path))
            .collect()
    }
}
