//! The bot's integration tests; one module per topic under `tests/bot/`.

#[path = "bot/selfplay.rs"]
mod selfplay;
