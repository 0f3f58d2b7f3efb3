//! One command's traffic with the store: every key it declared, read in one batch
//! ([`Store::read`]), and every key it changes, written in one atomic compare-and-swap
//! ([`Store::commit`]). The core's dispatcher makes exactly these two calls per command
//! (issue 35), so `/metrics` counts one read and one write.

use super::keys::{DocKey, DocPrefix};
use super::{Record, Store, StoreError, Stored, Version, Write};
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

/// [`Store::read`] done one key at a time with the store's single-key reads: what a
/// backend without a batched read of its own answers.
///
/// # Errors
/// The first failing read.
pub fn read_each<S: Store + ?Sized>(store: &S, keys: &[Read]) -> Result<Vec<Got>, StoreError> {
    keys.iter()
        .map(|k| {
            Ok(match k {
                Read::Game(at) => Got::Game(store.load(at)?),
                Read::LastFinished(at) => Got::LastFinished(store.last_finished(at)?),
                Read::Finished(id) => Got::Finished(store.finished(id)?),
                Read::Doc(key) => Got::Doc(store.doc(key)?),
                Read::Docs(prefix) => Got::Docs(store.docs(prefix)?),
            })
        })
        .collect()
}

/// [`Store::commit`] of a single write with the store's single-key compare-and-swap
/// ([`Store::write`], [`Store::write_doc`], [`Store::settle`]); `None` when `ops`
/// holds more than one write, which needs a transaction of the backend's own.
///
/// # Errors
/// The write's failure.
pub fn commit_one<S: Store + ?Sized>(
    store: &S,
    ops: &mut [Op],
) -> Option<Result<bool, StoreError>> {
    let [op] = ops else {
        return if ops.is_empty() { Some(Ok(true)) } else { None };
    };
    Some(match op {
        Op::Game {
            at,
            expected,
            change,
        } => {
            let expected = expected.as_ref();
            match change {
                GameOp::Create(r) => match store.new_id(r.created_ms) {
                    Ok(id) => {
                        r.id = id;
                        store.write(at, expected, Write::Put(r))
                    }
                    Err(e) => Err(e),
                },
                GameOp::Put(r) => store.write(at, expected, Write::Put(r)),
                GameOp::Finish(r) => store.write(at, expected, Write::Finish(r)),
                GameOp::Remove => store.write(at, expected, Write::Remove),
            }
        }
        Op::Doc {
            key,
            expected,
            value,
        } => store.write_doc(key, expected.as_deref(), value.as_deref()),
        Op::Settle(id) => store.settle(id).map(|()| true),
    })
}

/// Several writes one after the other, each checked just before it is made: NOT
/// atomic. Only the default of [`Store::commit`] until every backend has a transaction
/// of its own.
///
/// # Errors
/// The first failing write.
pub fn commit_each<S: Store + ?Sized>(store: &S, ops: &mut [Op]) -> Result<bool, StoreError> {
    for op in ops.iter_mut() {
        if !commit_one(store, std::slice::from_mut(op)).unwrap_or(Ok(false))? {
            return Ok(false);
        }
    }
    Ok(true)
}
