//! Bug 6, "Outages are noise": with the gateway unreachable the log gets one line per
//! change of state and one per retry (its attempt number and delay), the attempts are
//! spaced by a capped exponential back-off instead of serenity's 5 s, serenity's own
//! warnings stay out of the log at the default level, and the readiness callback
//! (`DiscordOptions::link`) follows the gateway: up after READY or RESUMED, down while
//! cut off or silent.

use std::sync::Arc;
use std::time::Duration;

use mancala_bot::transport::discord::{
    self, CommandRegistration, DiscordOptions, LinkFn, Reconnect,
};
use tokio::sync::mpsc;
use tracing_subscriber::EnvFilter;

use crate::captured::Captured;
use crate::fake_core::FakeCore;
use crate::fake_discord::{FakeDiscord, Gateway, STEP};

const TOKEN: &str = "ODAwMDAwMDAwMDAwMDAwMDAx.Gfake0.0ut4g3-t0k3n-n0t-t0-b3-l0gg3d";

/// Logs of this thread at the bot's default level (`warn`, through the bot's filter),
/// for as long as the guard lives. The test runs on a current-thread runtime, so every
/// task of the transport logs here.
fn capture_default_log() -> (Captured, tracing::subscriber::DefaultGuard) {
    let captured = Captured::default();
    let sink = captured.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_env_filter(discord::log_filter(EnvFilter::new("warn")))
        .with_writer(move || sink.clone())
        .with_ansi(false)
        .finish();
    (captured, tracing::subscriber::set_default(subscriber))
}

/// A readiness callback and the values it was called with, in order.
fn recorder() -> (LinkFn, mpsc::UnboundedReceiver<bool>) {
    let (tx, rx) = mpsc::unbounded_channel();
    (
        Arc::new(move |up| {
            let _ = tx.send(up);
        }),
        rx,
    )
}

/// The next readiness value, within `wait`.
async fn next_link(rx: &mut mpsc::UnboundedReceiver<bool>, wait: Duration) -> bool {
    tokio::time::timeout(wait, rx.recv())
        .await
        .unwrap_or_else(|_| panic!("no readiness change within {wait:?}"))
        .expect("the transport dropped its callback")
}

/// Starts the transport against `fake` with heartbeats every second and `reconnect`.
fn start(fake: &FakeDiscord, link: LinkFn, reconnect: Reconnect) -> tokio::task::JoinHandle<()> {
    fake.state.lock().unwrap().heartbeat_ms = 1000;
    let opts = DiscordOptions {
        api_base: Some(fake.api_base.clone()),
        register: CommandRegistration::Skip,
        link: Some(link),
        reconnect,
        ..DiscordOptions::new(TOKEN)
    };
    tokio::spawn(async move {
        let result = discord::run(opts, Arc::new(FakeCore::default())).await;
        panic!("the transport stopped: {result:?}");
    })
}

fn set_gateway(fake: &FakeDiscord, health: Gateway) -> usize {
    let mut st = fake.state.lock().unwrap();
    st.gateway = health;
    st.connections
}

/// The number after `key` in `line` (`attempt 3` -> 3, `in 8 s` -> 8).
fn number_after(line: &str, key: &str) -> Option<u64> {
    let rest = &line[line.find(key)? + key.len()..];
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

#[tokio::test]
async fn an_outage_logs_a_line_per_change_of_state_and_per_retry() {
    let (log, _guard) = capture_default_log();
    let fake = FakeDiscord::start().await;
    let (link, mut ups) = recorder();
    let reconnect = Reconnect {
        grace: Duration::from_secs(1),
        first: Duration::from_secs(4),
        cap: Duration::from_secs(16),
    };
    let bot = start(&fake, link, reconnect);
    assert!(!next_link(&mut ups, STEP).await, "not ready at start");
    assert!(next_link(&mut ups, STEP).await, "ready after READY");
    let before = log.lines().len();

    // Forty seconds without Discord: serenity alone tries every 5 s, 8 times, with a
    // warning each time.
    let connections = set_gateway(&fake, Gateway::Cut);
    assert!(!next_link(&mut ups, STEP).await, "not ready once cut off");
    tokio::time::sleep(Duration::from_secs(40)).await;
    let tried = set_gateway(&fake, Gateway::Up) - connections;
    let outage: Vec<String> = log.lines()[before..].to_vec();
    assert!(
        next_link(&mut ups, Duration::from_secs(30)).await,
        "ready again"
    );
    let after: Vec<String> = log.lines()[before + outage.len()..].to_vec();
    bot.abort();

    let shown = outage.join("\n");
    assert!(
        outage.iter().all(|l| !l.contains("serenity")),
        "serenity's own warnings at the default level:\n{shown}"
    );
    let unreachable: Vec<&String> = outage
        .iter()
        .filter(|l| l.contains("Discord unreachable: shard(s) [0] not connected for"))
        .collect();
    assert_eq!(
        unreachable.len(),
        1,
        "one line for the change of state:\n{shown}"
    );
    let retries: Vec<&String> = outage
        .iter()
        .filter(|l| l.contains("Discord unreachable, retrying in"))
        .collect();
    assert_eq!(
        outage.len(),
        1 + retries.len(),
        "nothing else is logged:\n{shown}"
    );
    let attempts: Vec<u64> = retries
        .iter()
        .filter_map(|l| number_after(l, "attempt "))
        .collect();
    let delays: Vec<u64> = retries
        .iter()
        .filter_map(|l| number_after(l, "retrying in "))
        .collect();
    // 4 s, 8 s, 16 s (the cap), 16 s: at most four retries in 40 s.
    assert!((2..=4).contains(&retries.len()), "{shown}");
    assert_eq!(
        attempts,
        (1..=retries.len() as u64).collect::<Vec<_>>(),
        "{shown}"
    );
    assert_eq!(delays, [4, 8, 16, 16][..retries.len()], "{shown}");
    // Serenity's own attempts are held back to one per retry, besides the two resumes
    // it tries at once when the connection drops (before the grace runs out); alone it
    // tries every 5 s, 8 times in 40 s.
    assert!(
        tried <= retries.len() + 2,
        "{tried} connection attempts for {} retries",
        retries.len()
    );
    let back: Vec<&String> = after
        .iter()
        .filter(|l| l.contains("Discord reachable again after"))
        .collect();
    assert_eq!(back.len(), 1, "{after:#?}");
    assert!(after.iter().all(|l| !l.contains("serenity")), "{after:#?}");
}

#[tokio::test]
async fn readiness_follows_the_gateway_down_and_up_again() {
    let (_log, _guard) = capture_default_log();
    let fake = FakeDiscord::start().await;
    let (link, mut ups) = recorder();
    let reconnect = Reconnect {
        grace: Duration::from_secs(1),
        first: Duration::from_secs(1),
        cap: Duration::from_secs(2),
    };
    let bot = start(&fake, link, reconnect);
    assert!(!next_link(&mut ups, STEP).await, "not ready at start");
    assert!(next_link(&mut ups, STEP).await, "ready after READY");

    // The gateway stops answering (no heartbeat ACK): serenity notices at the next
    // heartbeat, within about two seconds.
    set_gateway(&fake, Gateway::Silent);
    assert!(!next_link(&mut ups, STEP).await, "not ready when silent");
    tokio::time::sleep(Duration::from_secs(3)).await;
    set_gateway(&fake, Gateway::Up);
    assert!(next_link(&mut ups, STEP).await, "ready once answered again");

    // The connection is dropped: down, then up again when the gateway is back.
    set_gateway(&fake, Gateway::Cut);
    assert!(!next_link(&mut ups, STEP).await, "not ready when cut off");
    tokio::time::sleep(Duration::from_secs(3)).await;
    set_gateway(&fake, Gateway::Up);
    assert!(
        next_link(&mut ups, STEP).await,
        "ready once reachable again"
    );

    // No flapping: nothing more while the gateway stays up.
    let quiet = tokio::time::timeout(Duration::from_secs(3), ups.recv()).await;
    assert!(
        quiet.is_err(),
        "readiness changed with the gateway up: {quiet:?}"
    );
    bot.abort();
}
