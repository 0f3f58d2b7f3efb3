//! End to end over a real Matrix homeserver (Synapse on 127.0.0.1, see
//! `scripts/synapse.sh`): the bot runs in-process over the Matrix transport with a real
//! core and a temporary sled store; two players (matrix-sdk clients) play a whole Hoyito
//! game in a room, the homeserver is restarted mid-game, the bot is restarted from its
//! saved session, and an encrypted room is refused.
//!
//! Needs the `matrix` feature and `MATRIX_E2E_HOMESERVER` (plus `MATRIX_E2E_PASSWORD`
//! and `MATRIX_E2E_CTL`), which `scripts/matrix-e2e.sh` sets; otherwise it prints why it
//! is skipped.

#[cfg(not(feature = "matrix"))]
#[test]
fn matrix_end_to_end() {
    eprintln!(
        "SKIPPED matrix_end_to_end: built without the `matrix` feature; run \
         scripts/matrix-e2e.sh (cargo test --features matrix with a local Synapse)"
    );
}

/// Without the feature, a configured homeserver is a clear error, not a silent console.
#[cfg(not(feature = "matrix"))]
#[test]
fn run_refuses_a_matrix_config_without_the_feature() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("config.toml");
    std::fs::write(
        &cfg,
        "[matrix]\nhomeserver = \"http://127.0.0.1:9\"\nuser = \"bot\"\npassword = \"x\"\n",
    )
    .unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mancala-bot"))
        .arg("run")
        .arg("--config")
        .arg(&cfg)
        .arg("--data")
        .arg(dir.path().join("data"))
        .env_remove("DISCORD_TOKEN")
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let e = String::from_utf8_lossy(&out.stderr);
    assert!(e.contains("--features matrix"), "{e}");
    assert!(!dir.path().join("data").exists(), "nothing was started");
}

#[cfg(feature = "matrix")]
#[test]
fn matrix_end_to_end() {
    let Ok(hs) = std::env::var("MATRIX_E2E_HOMESERVER") else {
        eprintln!(
            "SKIPPED matrix_end_to_end: MATRIX_E2E_HOMESERVER is not set; run \
             scripts/matrix-e2e.sh, which starts a local Synapse and sets it"
        );
        return;
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        tokio::time::timeout(std::time::Duration::from_secs(1200), e2e::run(hs))
            .await
            .expect("the end-to-end test took over 20 minutes")
    });
}

#[cfg(feature = "matrix")]
mod e2e {
    use std::path::Path;
    use std::sync::Arc;
    use std::time::{Duration, Instant};

    use mancala_bot::core::{text, Core, Settings, SystemClock};
    use mancala_bot::store::SledStore;
    use mancala_bot::transport::matrix::MatrixLogin;
    use mancala_bot::transport::matrix::{MatrixBot, MatrixOptions, ENCRYPTED_REFUSAL};
    use mancala_rules::{Game, Side, Variant};
    use matrix_sdk::config::{RequestConfig, SyncSettings};
    use matrix_sdk::media::{MediaFormat, MediaRequestParameters};
    use matrix_sdk::ruma::api::client::room::create_room;
    use matrix_sdk::ruma::api::client::state::get_state_event_for_key;
    use matrix_sdk::ruma::events::room::encryption::RoomEncryptionEventContent;
    use matrix_sdk::ruma::events::room::message::{
        MessageType, OriginalSyncRoomMessageEvent, RoomMessageEventContent,
    };
    use matrix_sdk::ruma::events::room::MediaSource;
    use matrix_sdk::ruma::events::{InitialStateEvent, Mentions, StateEventType};
    use matrix_sdk::ruma::serde::Raw;
    use matrix_sdk::ruma::{OwnedRoomId, OwnedUserId, RoomId, UserId};
    use matrix_sdk::{Client, Room};
    use tokio::sync::mpsc;

    const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";
    const WAIT: Duration = Duration::from_secs(120);

    /// A message the bot posted, as a player's client saw it.
    #[derive(Debug)]
    enum Got {
        Notice {
            body: String,
            html: Option<String>,
            mentions: Vec<String>,
        },
        Image(MediaSource),
        Other(String),
    }

    /// A player: a logged-in client syncing in the background.
    struct Player {
        client: Client,
        id: OwnedUserId,
    }

    async fn login(hs: &str, user: &str, password: &str) -> Client {
        let client = Client::builder()
            .homeserver_url(hs)
            .request_config(
                RequestConfig::new()
                    .retry_limit(10)
                    .timeout(Duration::from_secs(30)),
            )
            .build()
            .await
            .unwrap();
        client
            .matrix_auth()
            .login_username(user, password)
            .initial_device_display_name("mancala e2e player")
            .send()
            .await
            .unwrap_or_else(|e| panic!("log in as {user}: {e}"));
        client
    }

    /// Starts a sync loop that survives homeserver restarts.
    fn keep_syncing(client: &Client) {
        let client = client.clone();
        tokio::spawn(async move {
            let settings = SyncSettings::default().timeout(Duration::from_secs(10));
            loop {
                if client.sync_once(settings.clone()).await.is_err() {
                    tokio::time::sleep(Duration::from_millis(500)).await;
                }
            }
        });
    }

    async fn player(hs: &str, user: &str, password: &str) -> Player {
        let client = login(hs, user, password).await;
        client.sync_once(SyncSettings::default()).await.unwrap();
        let id = client.user_id().unwrap().to_owned();
        keep_syncing(&client);
        Player { client, id }
    }

    /// The membership of `user` in `room` and its reason, read from the homeserver.
    async fn membership(client: &Client, room: &RoomId, user: &UserId) -> (String, String) {
        let req = get_state_event_for_key::v3::Request::new(
            room.to_owned(),
            StateEventType::RoomMember,
            user.to_string(),
        );
        match client.send(req).await {
            Ok(resp) => {
                let v: serde_json::Value =
                    serde_json::from_str(resp.event_or_content.get()).unwrap();
                let field = |k: &str| v[k].as_str().unwrap_or("").to_string();
                (field("membership"), field("reason"))
            }
            Err(_) => (String::new(), String::new()),
        }
    }

    async fn wait_membership(client: &Client, room: &RoomId, user: &UserId, want: &str) -> String {
        let start = Instant::now();
        loop {
            let (m, reason) = membership(client, room, user).await;
            if m == want {
                return reason;
            }
            assert!(
                start.elapsed() < WAIT,
                "{user} did not reach membership {want} in {room} (now {m:?})"
            );
            tokio::time::sleep(Duration::from_millis(300)).await;
        }
    }

    /// The bot's messages in one room, in order.
    struct Inbox {
        rx: mpsc::UnboundedReceiver<Got>,
        client: Client,
        images_checked: usize,
    }

    impl Inbox {
        fn new(watcher: &Client, room: OwnedRoomId, bot: OwnedUserId) -> Inbox {
            let (tx, rx) = mpsc::unbounded_channel();
            watcher.add_event_handler(move |ev: OriginalSyncRoomMessageEvent, r: Room| {
                let (tx, room, bot) = (tx.clone(), room.clone(), bot.clone());
                async move {
                    if r.room_id() != room || ev.sender != bot {
                        return;
                    }
                    let got = match ev.content.msgtype {
                        MessageType::Notice(n) => Got::Notice {
                            body: n.body,
                            html: n.formatted.map(|f| f.body),
                            mentions: ev
                                .content
                                .mentions
                                .map(|m| m.user_ids.iter().map(|u| u.to_string()).collect())
                                .unwrap_or_default(),
                        },
                        MessageType::Image(i) => Got::Image(i.source),
                        other => Got::Other(other.msgtype().to_string()),
                    };
                    let _ = tx.send(got);
                }
            });
            Inbox {
                rx,
                client: watcher.clone(),
                images_checked: 0,
            }
        }

        async fn next(&mut self, what: &str) -> Got {
            match tokio::time::timeout(WAIT, self.rx.recv()).await {
                Ok(Some(g)) => g,
                _ => panic!("no message from the bot within {WAIT:?}, waiting for {what}"),
            }
        }

        /// The next bot message, which must be a notice; its body, HTML, mentions.
        async fn notice(&mut self, what: &str) -> (String, Option<String>, Vec<String>) {
            match self.next(what).await {
                Got::Notice {
                    body,
                    html,
                    mentions,
                } => (body, html, mentions),
                other => panic!("expected a notice ({what}), got {other:?}"),
            }
        }

        /// The next `n` bot messages, which must be images that download as PNG files.
        async fn images(&mut self, n: usize, what: &str) {
            for i in 0..n {
                match self.next(what).await {
                    Got::Image(source) => {
                        let bytes = self
                            .client
                            .media()
                            .get_media_content(
                                &MediaRequestParameters {
                                    source,
                                    format: MediaFormat::File,
                                },
                                false,
                            )
                            .await
                            .unwrap_or_else(|e| panic!("download image {i} of {what}: {e}"));
                        assert!(
                            bytes.starts_with(PNG_SIGNATURE),
                            "image {i} of {what} is not a PNG ({} bytes)",
                            bytes.len()
                        );
                        self.images_checked += 1;
                    }
                    other => panic!("expected image {i} of {n} ({what}), got {other:?}"),
                }
            }
        }
    }

    async fn say(p: &Player, room: &RoomId, text: &str) {
        let r = p.client.get_room(room).expect("the player is in the room");
        r.send(RoomMessageEventContent::text_plain(text))
            .await
            .unwrap_or_else(|e| panic!("{} says {text}: {e}", p.id));
    }

    fn position_of(body: &str) -> &str {
        let start = body
            .find("Position: `")
            .unwrap_or_else(|| panic!("no position in {body:?}"))
            + "Position: `".len();
        let len = body[start..].find('`').expect("closing backtick");
        &body[start..start + len]
    }

    /// The move the test plays: the one that leaves the mover the most seeds in store
    /// (captures end a Hoyito game sooner), the first of equals.
    fn pick(game: &Game) -> String {
        let side = game.position().to_move();
        let mut best: Option<(u32, String)> = None;
        for mv in game.legal_moves().iter() {
            let mut g = game.clone();
            let t = g.play(*mv).expect("a legal move plays");
            let store = t.after.store(side) as u32;
            if best.as_ref().is_none_or(|(s, _)| store > *s) {
                best = Some((store, mv.to_string()));
            }
        }
        best.expect("a game in play has a legal move").1
    }

    fn ctl(arg: &str) {
        let script =
            std::env::var("MATRIX_E2E_CTL").expect("MATRIX_E2E_CTL names scripts/synapse.sh");
        let status = std::process::Command::new(&script)
            .arg(arg)
            .status()
            .unwrap_or_else(|e| panic!("run {script} {arg}: {e}"));
        assert!(status.success(), "{script} {arg} failed: {status}");
    }

    fn bot_options(hs: &str, password: &str, dir: &Path) -> MatrixOptions {
        MatrixOptions {
            homeserver: hs.to_string(),
            login: MatrixLogin::Password {
                user: "mancala".into(),
                password: password.into(),
            },
            device_name: "mancala-bot e2e".into(),
            store_dir: dir.join("matrix"),
            post_gifs: true,
            tick: true,
        }
    }

    fn saved_device(dir: &Path) -> String {
        let text = std::fs::read_to_string(dir.join("matrix/session.json")).unwrap();
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        v["session"]["device_id"].as_str().unwrap().to_string()
    }

    pub async fn run(hs: String) {
        let _ = tracing_subscriber::fmt()
            .with_writer(std::io::stderr)
            .with_env_filter(mancala_bot::transport::discord::redact_log_filter(
                tracing_subscriber::EnvFilter::try_from_default_env()
                    .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn")),
            ))
            .try_init();
        let password = std::env::var("MATRIX_E2E_PASSWORD").expect("MATRIX_E2E_PASSWORD");
        let t0 = Instant::now();
        let log =
            std::path::PathBuf::from(std::env::var("MATRIX_E2E_DIR").expect("MATRIX_E2E_DIR"))
                .join("homeserver.log");
        let log_start = std::fs::metadata(&log).map_or(0, |m| m.len());
        let dir = tempfile::tempdir().unwrap();
        let settings = Settings {
            default_game: mancala_bot::model::GameKind::single(Variant::HOYITO),
            // Fewer uploads per move: all frames up to 3, else contact sheet + board.
            max_attachments: 3,
            ..Settings::default()
        };
        let store = SledStore::open(&dir.path().join("store"), 8 << 20).unwrap();
        let core = Arc::new(Core::new(
            Arc::new(store),
            mancala_bot::render::Renderer::warmed(),
            Arc::new(SystemClock),
            settings,
        ));

        // A login the homeserver refuses ends the start at once (issue 18 item 2).
        let refused = dir.path().join("refused");
        let err =
            match MatrixBot::start(bot_options(&hs, "not-the-password", &refused), core.clone())
                .await
            {
                Ok(_) => panic!("a wrong password was accepted"),
                Err(e) => format!("{e:#}"),
            };
        assert!(
            err.contains("cannot log in to") && err.contains("M_FORBIDDEN"),
            "{err}"
        );
        assert!(!err.contains("not-the-password"), "{err}");

        let bot = MatrixBot::start(bot_options(&hs, &password, dir.path()), core.clone())
            .await
            .expect("the bot starts");
        let bot_id = bot.user_id();
        let device = saved_device(dir.path());
        let alice = player(&hs, "alice", &password).await;
        let bob = player(&hs, "bob", &password).await;

        // An encrypted room is refused: the bot declines with the reason, posts nothing.
        let mut req = create_room::v3::Request::new();
        req.invite = vec![bot_id.clone()];
        req.initial_state = vec![Raw::new(&InitialStateEvent::with_empty_state_key(
            RoomEncryptionEventContent::with_recommended_defaults(),
        ))
        .unwrap()
        .cast()];
        let secret_room = bob.client.create_room(req).await.unwrap();
        let reason = wait_membership(&bob.client, secret_room.room_id(), &bot_id, "leave").await;
        assert_eq!(reason, ENCRYPTED_REFUSAL);

        // The game room: Alice invites Bob and the bot.
        let mut req = create_room::v3::Request::new();
        req.invite = vec![bob.id.clone(), bot_id.clone()];
        req.name = Some("mancala e2e".into());
        let room = alice.client.create_room(req).await.unwrap();
        let room_id = room.room_id().to_owned();
        bob.client.join_room_by_id(&room_id).await.unwrap();
        wait_membership(&alice.client, &room_id, &bot_id, "join").await;
        let mut inbox = Inbox::new(&alice.client, room_id.clone(), bot_id.clone());
        // Wait until Bob's client knows the room.
        let start = Instant::now();
        while bob.client.get_room(&room_id).is_none() {
            assert!(start.elapsed() < WAIT, "Bob's client never saw the room");
            tokio::time::sleep(Duration::from_millis(200)).await;
        }

        // Alice made the room (power level 100): an organizer; Bob (0) is not.
        say(&bob, &room_id, "!set autoforfeit on").await;
        let (body, _, _) = inbox.notice("Bob's refused setting").await;
        assert!(body.contains("only organizers"), "{body}");
        say(&alice, &room_id, "!set autoforfeit on").await;
        let (body, _, _) = inbox.notice("Alice's setting").await;
        assert!(body.starts_with("Auto-forfeit is on"), "{body}");
        say(&alice, &room_id, "!set autoforfeit off").await;
        let (body, _, _) = inbox.notice("Alice's setting back").await;
        assert!(body.starts_with("Auto-forfeit is off"), "{body}");

        // Alice challenges Bob with a pill, as Element sends it.
        let content = RoomMessageEventContent::text_html(
            "!new hoyito bob as south",
            format!(
                "!new hoyito <a href=\"https://matrix.to/#/{}\">bob</a> as south",
                bob.id
            ),
        )
        .add_mentions(Mentions::with_user_ids([bob.id.clone()]));
        room.send(content).await.unwrap();
        let (body, html, mentions) = inbox.notice("the challenge").await;
        assert!(body.contains("challenges @bob"), "{body}");
        assert_eq!(mentions, vec![bob.id.to_string()], "only Bob is pinged");
        let html = html.expect("an HTML body");
        assert!(
            html.contains(&format!(
                "<a href=\"https://matrix.to/#/{}\">bob</a>",
                bob.id
            )),
            "{html}"
        );
        say(&bob, &room_id, "!accept").await;
        let (body, _, _) = inbox.notice("the acceptance").await;
        assert!(
            body.contains("alice (South)") || body.contains("to move"),
            "{body}"
        );
        // Whatever the acceptance posts after its text (a board picture).
        let mut game = Game::new(Variant::HOYITO);
        say(&alice, &room_id, "!board").await;
        let (body, _, _) = loop {
            match inbox.next("the first board").await {
                Got::Notice {
                    body,
                    html,
                    mentions,
                } if body.contains("Position: `") => break (body, html, mentions),
                Got::Notice { .. } | Got::Image(_) => continue,
                Got::Other(t) => panic!("unexpected {t}"),
            }
        };
        assert_eq!(position_of(&body), game.position().to_string());
        inbox.images(1, "the first board").await;

        let players = |s: Side| if s == Side::South { &alice } else { &bob };
        let mut ply = 0;
        let mut restarted = false;
        let mut refused = false;
        loop {
            ply += 1;
            assert!(ply <= 400, "the game did not end in 400 plies");
            let side = game.position().to_move();
            let mv = pick(&game);
            if !refused && ply == 3 {
                // The player not to move is refused, and nothing changes.
                say(players(side.other()), &room_id, &format!("!s {mv}")).await;
                let (body, _, _) = inbox.notice("the out-of-turn refusal").await;
                assert!(body.contains("not yours"), "{body}");
                refused = true;
            }
            let trace = game.play_text(&mv).expect("the picked move is legal");
            say(players(side), &room_id, &format!("!s {mv}")).await;
            if !restarted && ply == 4 {
                // The homeserver restarts while the bot is answering the move.
                tokio::task::spawn_blocking(|| ctl("restart"))
                    .await
                    .unwrap();
                restarted = true;
            }
            let (body, _, mentions) = inbox.notice(&format!("the move {mv} (ply {ply})")).await;
            assert!(
                !body.contains("not yours") && !body.contains("cannot"),
                "{body}"
            );
            let frames = trace.relays() + trace.captures() + 1;
            let over = game.outcome() != mancala_rules::Outcome::Ongoing;
            // The game's last move also brings its summary chart (`summary.png`).
            let attached = (if frames <= 3 { frames } else { 2 }) + usize::from(over);
            inbox.images(attached, &format!("the move {mv}")).await;
            if over {
                let result = text::outcome_text(game.outcome(), ["alice", "bob"]);
                assert!(
                    body.contains(&result),
                    "{body:?} lacks the result {result:?}"
                );
                let mut both = vec![alice.id.to_string(), bob.id.to_string()];
                both.sort();
                let mut got = mentions.clone();
                got.sort();
                assert_eq!(got, both, "the result pings both players");
                eprintln!("game over after {ply} plies: {result}");
                break;
            }
            say(players(side.other()), &room_id, "!board").await;
            let (body, _, _) = inbox.notice(&format!("the board after {mv}")).await;
            assert_eq!(
                position_of(&body),
                game.position().to_string(),
                "after {mv}"
            );
            inbox.images(1, &format!("the board after {mv}")).await;
        }
        assert!(restarted, "the homeserver was restarted mid-game");
        eprintln!(
            "{ply} plies, {} images checked, {:?} so far",
            inbox.images_checked,
            t0.elapsed()
        );

        // A player's m.notice is ignored: the next answer is to the m.text() after it.
        let r = bob.client.get_room(&room_id).unwrap();
        r.send(RoomMessageEventContent::notice_plain("!help"))
            .await
            .unwrap();
        say(&alice, &room_id, "!moves").await;
        let (body, _, _) = inbox.notice("the answer to !moves").await;
        assert!(body.contains("no game in play"), "{body}");

        // The bot restarts from its saved session (same device, no new login), and does
        // not answer what was said while it was away.
        bot.stop().await;
        say(&alice, &room_id, "!help").await;
        let bot = MatrixBot::start(bot_options(&hs, &password, dir.path()), core.clone())
            .await
            .expect("the bot restarts");
        assert_eq!(saved_device(dir.path()), device, "the session was restored");
        say(&alice, &room_id, "!moves").await;
        let (body, _, _) = inbox.notice("the answer to !moves after the restart").await;
        assert!(body.contains("no game in play"), "{body}");
        bot.stop().await;

        // The homeserver rate-limited the bot's posts (429), and still no reply was lost.
        let text = std::fs::read(&log).unwrap();
        let text = String::from_utf8_lossy(&text[log_start as usize..]);
        let limited = text
            .lines()
            .filter(|l| l.contains(&format!("{{{bot_id}}}")) && l.contains(" 429 \"PUT "))
            .count();
        assert!(
            limited > 0,
            "the bot was never rate-limited; the test did not cover 429"
        );
        eprintln!(
            "matrix end-to-end test passed in {:?}; the bot's posts met {limited} 429 answers",
            t0.elapsed()
        );
    }
}
