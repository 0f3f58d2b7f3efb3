//! The languages of Discord (issue 14 item 2), end to end: the real client and the real
//! core against the strict fake Discord. The slash commands are registered with their
//! descriptions in Discord's locales (within its limits, or the fake refuses them); a
//! slash command from a user whose client is in French is answered in French; a prefix
//! message in a server whose preferred locale is `es-ES` is answered in Spanish.

use std::sync::Arc;
use std::time::Duration;

use mancala_bot::core::{Core, ManualClock, Settings};
use mancala_bot::i18n::{self, Lang};
use mancala_bot::store::MemoryStore;
use mancala_bot::transport::discord::{self, CommandRegistration, DiscordOptions, Sharding};
use serde_json::Value;

use crate::adapter::fixture;
use crate::fake_discord::{FakeDiscord, BOT, CHANNEL};

const TOKEN: &str = "ODAwMDAwMDAwMDAwMDAwMDAx.Gfake1.l0cal3s-t0k3n-n0t-t0-b3-l0gg3d";

/// An interaction fixture as a user whose client is in `locale` sends it: `/NAME`
/// without options, with a fresh id and token.
fn slash(name: &str, locale: &str, n: u32) -> Value {
    let mut event = fixture("interaction_board.json");
    let d = &mut event["d"];
    d["id"] = format!("12400000000000001{n:02}").into();
    d["token"] = format!("bG9jYWxl{n}").into();
    d["data"]["name"] = name.into();
    d["locale"] = locale.into();
    event
}

#[test]
fn discord_users_are_answered_in_their_language() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        tokio::time::timeout(Duration::from_secs(90), scenario())
            .await
            .expect("the locales scenario took over 90 seconds");
    });
    rt.shutdown_timeout(Duration::from_secs(2));
}

async fn scenario() {
    let FakeDiscord {
        api_base,
        mut rest,
        events,
        state,
        ..
    } = FakeDiscord::start().await;
    let core = Arc::new(Core::new(
        Arc::new(MemoryStore::new()),
        Arc::new(mancala_bot::render::Renderer::new()),
        Arc::new(ManualClock::new(1_700_000_000_000)),
        Settings::default(),
    ));
    let opts = DiscordOptions {
        sharding: Sharding::Auto,
        api_base: Some(api_base),
        register: CommandRegistration::Global,
        defer_after: Duration::from_millis(1000),
        note_after: Duration::from_millis(1000),
        ..DiscordOptions::new(TOKEN)
    };
    let _bot = tokio::spawn(discord::run(opts, core));

    // The commands are registered with their translations, and the strict fake (which
    // checks every localization against Discord's limits) takes them.
    let register = rest
        .next("PUT", &format!("/api/v10/applications/{BOT}/commands"))
        .await;
    let cmds = register.json();
    let new = cmds
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "new")
        .unwrap();
    for (lang, locale) in [
        (Lang::Fr, "fr"),
        (Lang::Es, "es-ES"),
        (Lang::Es, "es-419"),
        (Lang::Ru, "ru"),
    ] {
        assert_eq!(
            new["description_localizations"][locale],
            i18n::message(lang, "slash-new", &[])
        );
    }
    assert_eq!(
        new["options"][2]["choices"][4]["name_localizations"]["fr"],
        "5 maître"
    );
    assert!(
        state.lock().unwrap().refusals.is_empty(),
        "Discord refused: {:?}",
        state.lock().unwrap().refusals
    );

    // A French user's `/rules` (no game here: both games' rules) is answered in French,
    // the interaction's locale.
    events.send(slash("rules", "fr", 1)).unwrap();
    let cb = rest
        .next("POST", "/api/v10/interactions/1240000000000000101/")
        .await;
    let content = cb.payload()["data"]["content"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(
        content.starts_with(
            "Katro (Madagascar)\u{202f}: plateau 6x6 (aussi 4x6, 4x4), 2 graines par trou\u{202f};"
        ),
        "{content}"
    );
    assert!(
        content.ends_with(
            "Entraînez-vous contre l'IA\u{202f}: `!new JEU ai level N` (de 1 débutant à 5 maître, \
             partie non classée\u{202f}; elle répond aussitôt à chaque coup)."
        ),
        "{content}"
    );

    // The server prefers Spanish (Spain): a message there, which carries no locale of
    // its own, is answered in Spanish.
    let mut guild = fixture("guild_create.json");
    guild["d"]["preferred_locale"] = "es-ES".into();
    events.send(guild).unwrap();
    let mut message = fixture("message_prefix.json");
    message["d"]["content"] = "!board now".into();
    events.send(message).unwrap();
    let post = rest
        .next("POST", &format!("/api/v10/channels/{CHANNEL}/messages"))
        .await;
    assert_eq!(
        post.payload()["content"],
        "`!board` no lleva argumentos (recibido `now`)"
    );
    // An English user's slash command in that server is answered in English.
    events.send(slash("help", "en-US", 2)).unwrap();
    let cb = rest
        .next("POST", "/api/v10/interactions/1240000000000000102/")
        .await;
    let content = cb.payload()["data"]["content"].clone();
    assert!(
        content
            .as_str()
            .unwrap_or_default()
            .starts_with("Mancala referee: Katro and Hoyito I, one game per channel.\n"),
        "{content}"
    );
    assert!(state.lock().unwrap().refusals.is_empty());
}
