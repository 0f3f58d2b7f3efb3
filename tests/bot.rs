//! The bot's integration tests, one module per topic.

#[path = "bot/console.rs"]
mod console;
#[path = "bot/core.rs"]
mod core_chat;
#[path = "bot/correspondence.rs"]
mod correspondence;
#[path = "bot/pairing.rs"]
mod pairing;
#[path = "bot/store.rs"]
mod store;
#[path = "bot/tournament.rs"]
mod tournament;
