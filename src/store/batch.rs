//! One command's traffic with the store: every key it declared, read in one batch
//! ([`Store::read`]), and every key it changes, written in one atomic compare-and-swap
//! ([`Store::commit`]). The core's dispatcher makes exactly these two calls per command
//! (issue 35), so `/metrics` counts one read and one write.

use super::keys::{DocKey, DocPrefix};
#[cfg(doc)]
use super::Store;
use super::{Record, Stored, Version};
use crate::model::ChannelKey;

/// One key of a batched read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Read {
    /// The record of a channel (challenge or game in play): [`Got::Game`].
    Game(ChannelKey),
    /// The last game finished in a channel: [`Got::LastFinished`].
    LastFinished(ChannelKey),
    /// A finished game by its id: [`Got::Finished`].
    Finished(String),
    /// A document by its key: [`Got::Doc`].
    Doc(DocKey),
    /// Every document under a prefix, in key order: [`Got::Docs`].
    Docs(DocPrefix),
    /// The game `id` of `community`, finished (from the history) or not (from the
    /// channel its `gameat` document names): [`Got::ById`].
    ById {
        /// The community it must belong to: another's game is no answer.
        community: String,
        /// The id, as the store keys it ([`super::gameid::normalize`]).
        id: String,
    },
    /// The indexes of games (`games/COMMUNITY/USER`) of the people the channel's
    /// record names (its challenger, its challenged player, its players), and the
    /// document of where its id lives (`gameat/COMMUNITY/ID`): [`Got::Indexes`]. A command that may start the game reads them with it, so that
    /// the start's writes into them need no second read.
    Indexes(ChannelKey),
    /// An index of games (`games/...` or `chanlog/...`, a
    /// [`super::archive::GameList`]) and the records it names: [`Got::Archive`].
    Archive(DocKey),
}

/// What one [`Read`] found, in the same place of the answer.
#[derive(Clone, Debug)]
pub enum Got {
    /// The channel's record with its version, if any.
    Game(Option<Stored>),
    /// The channel's last finished game, if any.
    LastFinished(Option<Record>),
    /// The finished game, if any.
    Finished(Option<Record>),
    /// The document's bytes, if any (they are its version).
    Doc(Option<Vec<u8>>),
    /// The documents under the prefix with their bytes.
    Docs(Vec<(DocKey, Vec<u8>)>),
    /// Each index asked for with its bytes (`None`: absent).
    Indexes(Vec<(DocKey, Option<Vec<u8>>)>),
    /// The game asked for by its id, if the community has one.
    ById(Option<Record>),
    /// The index's bytes (its version, `None`: absent), and the record of each of its
    /// games in its order: the channel's record while the game is in play there, the
    /// history's once finished (`None`: gone, e.g. a challenge declined).
    Archive {
        /// The index's bytes.
        doc: Option<Vec<u8>>,
        /// One per entry of the index.
        records: Vec<Option<Record>>,
    },
}

/// A change to a channel's record inside a [`Op::Game`].
#[derive(Clone, Debug)]
pub enum GameOp {
    /// A new record: [`Store::commit`] gives it a fresh game id (its `id` field is
    /// replaced), then stores it as [`GameOp::Put`] does.
    Create(Record),
    /// Store this record as the channel's (challenge or game in play).
    Put(Record),
    /// The game is over: out of the channel, into the history under its id, the
    /// channel's last game, marked unsettled ([`Store::unsettled`]).
    Finish(Record),
    /// Remove the channel's record without keeping it.
    Remove,
}

/// One write of an atomic [`Store::commit`].
// A commit holds a handful of ops, each moved once: boxing the record would cost an
// allocation per write for nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum Op {
    /// Change the record of `at` if it still holds `expected` (`None`: no record).
    Game {
        /// The channel.
        at: ChannelKey,
        /// The version read (`None`: the channel held no record).
        expected: Option<Version>,
        /// The change.
        change: GameOp,
    },
    /// Set the document `key` to `value` (`None`: remove it) if it still holds
    /// `expected` (`None`: absent). A tournament document is listed for the driver
    /// ([`Store::listed`]) as [`Store::write_doc`] lists it.
    Doc {
        /// The document.
        key: DocKey,
        /// The bytes read (`None`: absent).
        expected: Option<Vec<u8>>,
        /// The new bytes (`None`: remove it).
        value: Option<Vec<u8>>,
    },
    /// Mark the finished game with this id settled ([`Store::settle`]); no condition.
    Settle(String),
}

impl Op {
    /// The key this write compares and changes, for the "at most one write per key"
    /// rule of [`Store::commit`] (`None` for [`Op::Settle`]).
    pub fn key(&self) -> Option<String> {
        match self {
            Op::Game { at, .. } => Some(format!("game {}/{}", at.community, at.channel)),
            Op::Doc { key, .. } => Some(format!("document {key}")),
            Op::Settle(_) => None,
        }
    }
}
