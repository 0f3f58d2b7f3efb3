//! The bot's integration tests, one module per topic under `tests/bot/`.

#[path = "bot/render.rs"]
mod render;
