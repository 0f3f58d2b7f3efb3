//! mancala-bot: a chat bot that referees and plays Katro and Hoyito I.
//!
//! The rules live in `mancala-rules`, the search in `mancala-ai`; this crate holds the
//! settings ([`config`]: parsed, checked, overlaid by the environment), the
//! nouns ([`model`]), the words in every language ([`i18n`]), the transport-neutral
//! [`core`] (commands, games, clocks, ratings, tournaments), the [`store`], the board
//! [`render`]er, the thin [`transport`]s, the HTTP listener ([`web`]: health and
//! metrics), the process's [`metrics`], which every layer records into, and the bot's
//! own private [`files`].
//! Data flows one way: a transport turns a platform event into an `Incoming`; the core
//! loads the channel's record from the store, decides, writes it back with one
//! compare-and-swap, and answers with `Reply`s whose pictures come from the painter port
//! (which `render` implements); the transport renders the replies for its platform.
#![deny(missing_docs)]
#![warn(unreachable_pub)]

/// `tr!("id")`, `tr!("id", name = value, ...)`: the message `id` of the message files
/// (`locales/LANG/*.ftl`) in the language of the command being answered
/// ([`i18n::with_lang`]), with its variables: text (`&str`, `String`) or numbers, which
/// also choose plural forms. See [`i18n::text`].
#[macro_export]
macro_rules! tr {
    ($id:literal) => {
        $crate::i18n::text($id, &[])
    };
    ($id:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::i18n::text(
            $id,
            &[$((stringify!($name), $crate::i18n::Arg::from($value))),+],
        )
    };
}

pub mod config;
pub mod core;
pub mod files;
pub mod i18n;
pub mod metrics;
pub mod model;
pub mod render;
pub mod store;
pub mod sys;
pub mod transport;
pub mod web;
