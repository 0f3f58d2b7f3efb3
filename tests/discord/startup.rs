//! Start-up failures of the Discord transport against a fake Discord on 127.0.0.1 (issue
//! 18 item 2): a token Discord rejects ends `run` at once with a message naming where
//! the token came from (never the token), and a gateway that closes with 4014 (a
//! privileged intent not switched on) gets its own plain message.

use std::sync::Arc;
use std::time::Duration;

use futures::{SinkExt, StreamExt};
use mancala_bot::transport::discord::token::TokenSource;
use mancala_bot::transport::discord::{self, CommandRegistration, DiscordOptions};
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::Message as WsMessage;

use crate::fake_core::FakeCore;

/// A token of the right shape, which the fake Discord refuses or accepts as told.
const TOKEN: &str = "ODAwMDAwMDAwMDAwMDAwMDAx.Gfake0.r3j3ct3d-t0k3n-n0t-t0-b3-sh0wn";
/// Longest a refused start may take: no retry loop.
const PROMPT: Duration = Duration::from_secs(20);

/// A REST server answering each request with `answer(method path)`: (status, JSON body).
async fn serve_rest(listener: TcpListener, answer: fn(&str, &str) -> (u16, String)) {
    loop {
        let Ok((mut sock, _)) = listener.accept().await else {
            return;
        };
        tokio::spawn(async move {
            let mut buf = Vec::new();
            loop {
                let Some(end) = buf.windows(4).position(|w| w == b"\r\n\r\n") else {
                    let mut chunk = [0u8; 4096];
                    match sock.read(&mut chunk).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => buf.extend_from_slice(&chunk[..n]),
                    }
                    continue;
                };
                let head = String::from_utf8_lossy(&buf[..end]).to_string();
                buf.drain(..end + 4);
                let mut words = head.split_whitespace();
                let (method, path) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
                let (status, body) = answer(method, path.split('?').next().unwrap_or(""));
                let reply = format!(
                    "HTTP/1.1 {status} X\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
                    body.len()
                );
                if sock.write_all(reply.as_bytes()).await.is_err() {
                    return;
                }
            }
        });
    }
}

/// Runs the transport with `opts` pointed at `api_base`; its error, within [`PROMPT`].
async fn run_until_error(api_base: String, source: TokenSource) -> String {
    let opts = DiscordOptions {
        api_base: Some(api_base),
        register: CommandRegistration::Skip,
        token_source: source,
        ..DiscordOptions::new(TOKEN)
    };
    let started = tokio::time::Instant::now();
    let result = tokio::time::timeout(PROMPT, discord::run(opts, Arc::new(FakeCore::default())))
        .await
        .expect("the refused start ended within 20 s instead of retrying");
    let err = format!("{:#}", result.expect_err("a refused start is an error"));
    assert!(started.elapsed() < PROMPT);
    assert!(!err.contains("r3j3ct3d"), "the token is never shown: {err}");
    err
}

#[tokio::test]
async fn a_token_discord_rejects_ends_the_start_naming_its_source() {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    // Discord's answer to a bad token, on every route.
    tokio::spawn(serve_rest(listener, |_, _| {
        (
            401,
            json!({"message": "401: Unauthorized", "code": 0}).to_string(),
        )
    }));
    let err = run_until_error(base.clone(), TokenSource::Env("DISCORD_TOKEN".into())).await;
    assert!(
        err.starts_with("Discord rejected the bot token from $DISCORD_TOKEN (401 Unauthorized)"),
        "{err}"
    );
    let err = run_until_error(base, TokenSource::Config).await;
    assert!(
        err.starts_with("Discord rejected the bot token from discord.token"),
        "{err}"
    );
}

#[tokio::test]
async fn close_code_4014_says_which_intent_to_switch_on() {
    let rest = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let gateway = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", rest.local_addr().unwrap());
    let ws_url = format!("ws://{}", gateway.local_addr().unwrap());
    // serve_rest takes a plain fn: the gateway's address goes through a static.
    static WS: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    WS.set(ws_url).unwrap();
    tokio::spawn(serve_rest(rest, |method, path| match (method, path) {
        ("GET", "/api/v10/users/@me") => (
            200,
            json!({"id": "800000000000000001", "username": "mancala-bot", "discriminator": "0",
                   "global_name": null, "avatar": null, "bot": true})
            .to_string(),
        ),
        ("GET", p) if p.starts_with("/api/v10/gateway") => (
            200,
            json!({"url": WS.get().unwrap(), "shards": 1, "session_start_limit":
                {"total": 1000, "remaining": 999, "reset_after": 1, "max_concurrency": 1}})
            .to_string(),
        ),
        _ => (
            404,
            json!({"message": "Unknown route", "code": 0}).to_string(),
        ),
    }));
    // The gateway: HELLO, then on IDENTIFY the close Discord sends for an intent the
    // application has not switched on.
    tokio::spawn(async move {
        while let Ok((sock, _)) = gateway.accept().await {
            let mut ws = tokio_tungstenite::accept_async(sock).await.unwrap();
            let hello = json!({"op": 10, "d": {"heartbeat_interval": 41250}, "s": null, "t": null});
            ws.send(WsMessage::Text(hello.to_string())).await.unwrap();
            while let Some(Ok(msg)) = ws.next().await {
                if msg.to_text().unwrap_or("").contains("\"op\":2") {
                    let frame = CloseFrame {
                        code: CloseCode::from(4014),
                        reason: "Disallowed intent(s).".into(),
                    };
                    let _ = ws.send(WsMessage::Close(Some(frame))).await;
                    break;
                }
            }
        }
    });
    let err = run_until_error(base, TokenSource::Config).await;
    assert!(
        err.starts_with("Discord refused the Message Content intent (gateway close code 4014)"),
        "{err}"
    );
    assert!(err.contains("discord.message_content = false"), "{err}");
}
