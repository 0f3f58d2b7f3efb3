//! The bot's integration tests, one module per topic.

#[path = "bot/console.rs"]
mod console;
#[path = "bot/core.rs"]
mod core_chat;
#[path = "bot/matrix.rs"]
mod matrix;
#[path = "bot/store.rs"]
mod store;
