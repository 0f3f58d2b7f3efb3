//! The bot's integration tests, one module per topic under `tests/bot/`.

#[path = "bot/console.rs"]
mod console;
#[path = "bot/core.rs"]
mod core_chat;
#[path = "bot/render.rs"]
mod render;
#[path = "bot/selfplay.rs"]
mod selfplay;
#[path = "bot/store.rs"]
mod store;
