//! The periodic driver: about once a minute the core's `tick` (deadlines, reminders,
//! tournament rounds) for this process's guilds (its shards' when it runs a range), its replies posted where they belong.

use std::sync::Arc;
use std::time::Duration;

use serenity::all::Http;

use super::adapter;
use super::send::post_all_with_note;
use super::Sharding;
use crate::core::api::{ChatCore, Reply};
use crate::i18n::Lang;
use crate::model::ChannelKey;

/// The periodic driver: [`ChatCore::tick`] now, then every `every`, each in
/// `spawn_blocking`; every reply is posted in its channel (or its [`Reply::to`]). A
/// failed post is logged and the others go on; a tick that panics is logged and the next
/// one runs as usual. Runs until the runtime stops.
pub(super) async fn run_ticker(
    http: Arc<Http>,
    core: Arc<dyn ChatCore>,
    every: Duration,
    sharding: Sharding,
) {
    let sharding = Arc::new(sharding);
    let mut interval = tokio::time::interval(every);
    // A slow tick (many rooms to open) delays the next one rather than bunching them.
    interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        interval.tick().await;
        let (core, sharding) = (core.clone(), sharding.clone());
        // This process's guilds only: processes sharing one database never both drive
        // a guild's clocks.
        let ours = move |c: &str| adapter::is_discord(c) && sharding.owns(c);
        let due = match tokio::task::spawn_blocking(move || core.tick_where(&ours)).await {
            Ok(due) => due,
            Err(e) => {
                tracing::error!("the core failed on a tick: {e}");
                continue;
            }
        };
        if !due.is_empty() {
            tracing::debug!(replies = due.len(), "tick");
        }
        post_tick(&http, &due).await;
    }
}

/// Posts the replies of one tick, each in its channel ([`post_all_with_note`]: nothing
/// more in a channel Discord says is closed, a note in the reply's channel when another
/// missed its messages).
pub(super) async fn post_tick(http: &Http, due: &[(ChannelKey, Reply)]) {
    for (key, reply) in due {
        let Some(home) = adapter::channel_id(key) else {
            tracing::warn!(at = ?key, "tick reply left out: not a Discord channel");
            continue;
        };
        let messages = adapter::routed_messages(std::slice::from_ref(reply), key, false);
        post_all_with_note(http, home, &messages, Lang::default()).await;
    }
}
