//! mancala-bot: a chat bot that referees and plays Katro and Hoyito I.
//!
//! The rules live in `mancala-rules`, the search in `mancala-ai`; this crate holds the
//! transport-agnostic core (command parsing, per-channel sessions, replies), the store,
//! the board renderer, and the thin transports. Data flows one way:
//! transport -> core -> rules/ai -> store -> renderer -> transport.
#![deny(missing_docs)]

pub mod app;
pub mod ascii;
pub mod bot;
pub mod chat;
pub mod config;
pub mod console;
pub mod discord;
#[cfg(feature = "matrix")]
pub mod matrix;
pub mod picture;
pub mod render;
pub mod replay;
pub mod selfplay;
pub mod store;
pub mod tournament;
