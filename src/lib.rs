//! mancala-bot: a chat bot that referees and plays Katro and Hoyito I.
//!
//! The rules live in `mancala-rules`, the search in `mancala-ai`; this crate holds the
//! nouns ([`model`]), the transport-neutral [`core`] (commands, games, clocks, ratings,
//! tournaments), the [`store`], the board [`render`]er and the thin [`transport`]s.
//! Data flows one way: a transport turns a platform event into an `Incoming`; the core
//! loads the channel's record from the store, decides, writes it back with one
//! compare-and-swap, and answers with `Reply`s whose pictures come from the painter port
//! (which `render` implements); the transport renders the replies for its platform.
#![deny(missing_docs)]

pub mod core;
pub mod model;
pub mod render;
pub mod store;
pub mod sys;
pub mod transport;
