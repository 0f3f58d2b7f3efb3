//! Discord transport tests (issue 4): adapter tests over recorded gateway payloads
//! (`tests/data/discord/`), and an end-to-end test running the real serenity + poise client
//! against a fake Discord (REST + WebSocket gateway) on 127.0.0.1.
//!
//! A binary of its own because the end-to-end test installs a global tracing subscriber to
//! check that the token is never logged.

#[path = "discord/adapter.rs"]
mod adapter;
#[path = "discord/bad_days.rs"]
mod bad_days;
#[path = "discord/captured.rs"]
mod captured;
#[path = "discord/e2e.rs"]
mod e2e;
#[path = "discord/fake_core.rs"]
mod fake_core;
#[path = "discord/fake_discord.rs"]
mod fake_discord;
#[path = "discord/fake_tls.rs"]
mod fake_tls;
#[path = "discord/game_rooms.rs"]
mod game_rooms;
#[path = "discord/limits.rs"]
mod limits;
#[path = "discord/locales.rs"]
mod locales;
#[path = "discord/outage.rs"]
mod outage;
#[cfg(feature = "postgres")]
#[path = "common/postgres.rs"]
mod pg_common;
#[path = "discord/refusals.rs"]
mod refusals;
#[cfg(feature = "postgres")]
#[path = "discord/shards.rs"]
mod shards;
#[path = "discord/startup.rs"]
mod startup;
#[path = "discord/strict.rs"]
mod strict;
