//! Persistence of per-channel games: the [`Record`] shape, the [`Store`] trait the rest
//! of the bot is written against, and its sled implementation ([`SledStore`]).
//!
//! Every record is keyed by its community first, then its channel (see [`ChannelKey`]),
//! so a deployment sharded across processes can give each process its own store. A
//! channel holds at most one record (a challenge or a game in play); a finished game is
//! moved, in the same transaction, to the history, keyed by its game id.

mod sled_store;

use std::fmt;

use mancala_rules::{Game, Match, Outcome, Side, Variant};
use serde::{Deserialize, Serialize};

use crate::chat::{ChannelKey, User};

pub use sled_store::SledStore;

/// The record format written by this build. Records carry it so that later versions can
/// migrate them; a record with a newer version is refused with a clear error.
pub const FORMAT_VERSION: u32 = 1;

/// What is played: a game of `variant`, or a Hoyito match (M1-M4) on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameKind {
    /// The board and rules (RULES.md N3).
    pub variant: Variant,
    /// A Hoyito match: game after game by M1-M4.
    #[serde(rename = "match", default)]
    pub is_match: bool,
}

impl GameKind {
    /// A single game of `variant`.
    pub fn single(variant: Variant) -> GameKind {
        GameKind {
            variant,
            is_match: false,
        }
    }
}

impl fmt::Display for GameKind {
    /// The command form: `katro`, `hoyito:2x8`, `hoyito match`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.variant)?;
        if self.is_match {
            f.write_str(" match")?;
        }
        Ok(())
    }
}

/// Where a record stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// A challenge waits for `!accept` or `!decline`.
    Challenge,
    /// The game (or match) is in play.
    Playing,
    /// Over; the record lives in the history.
    Finished,
}

/// An open challenge (`!new`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Challenge {
    /// Who issued it.
    pub challenger: User,
    /// Who may accept it; `None`: anyone but the challenger.
    pub opponent: Option<User>,
    /// The side the challenger asked for (`as south|north`); `None`: drawn at random.
    pub challenger_side: Option<Side>,
    /// When it expires, in milliseconds since the Unix epoch.
    pub expires_ms: u64,
}

/// The game itself: a single game, or a Hoyito match.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Play {
    /// One game (Katro or Hoyito).
    Game(Game),
    /// A Hoyito match (M1-M4).
    Match(Match),
}

impl Play {
    /// A fresh game or match of `kind`.
    ///
    /// # Errors
    /// When `kind` asks for a match on a Katro board (match play is Hoyito's).
    pub fn new(kind: GameKind) -> Result<Play, mancala_rules::ParseError> {
        Ok(if kind.is_match {
            Play::Match(Match::new(kind.variant)?)
        } else {
            Play::Game(Game::new(kind.variant))
        })
    }

    /// The game in play (a match's current game, or its last one once over).
    pub fn game(&self) -> &Game {
        match self {
            Play::Game(g) => g,
            Play::Match(m) => m.game(),
        }
    }

    /// Whether the game, or the whole match, is over.
    pub fn is_over(&self) -> bool {
        match self {
            Play::Game(g) => g.outcome().is_over(),
            Play::Match(m) => m.winner().is_some(),
        }
    }

    /// The final result: a single game's outcome, or `Win` for the match winner
    /// (reason of the last game). `Ongoing` while in play.
    pub fn result(&self) -> Outcome {
        match self {
            Play::Game(g) => g.outcome(),
            Play::Match(m) => match m.winner() {
                Some(winner) => match m.results().last() {
                    Some(Outcome::Win { reason, .. } | Outcome::Draw { reason }) => Outcome::Win {
                        winner,
                        reason: *reason,
                    },
                    _ => Outcome::Ongoing,
                },
                None => Outcome::Ongoing,
            },
        }
    }
}

/// Everything stored about one channel's game: kind, players with their sides, the game
/// itself, status, timestamps and the challenge that started it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Record {
    /// The record format ([`FORMAT_VERSION`] when written by this build).
    pub format_version: u32,
    /// The game id, unique within a store: the history key of the finished game.
    pub id: String,
    /// The channel the game is played in.
    pub at: ChannelKey,
    /// What is played.
    pub kind: GameKind,
    /// Challenge, in play, or finished.
    pub status: Status,
    /// The challenge (kept once accepted, as part of the record).
    pub challenge: Option<Challenge>,
    /// South's player, once the challenge is accepted.
    pub south: Option<User>,
    /// North's player, once the challenge is accepted.
    pub north: Option<User>,
    /// The game or match, once the challenge is accepted.
    pub play: Option<Play>,
    /// Match play: the canonical moves of each finished game of the match, in order
    /// (the current game's moves are in [`Record::play`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub earlier_games: Vec<Vec<String>>,
    /// Created (the challenge), milliseconds since the Unix epoch.
    pub created_ms: u64,
    /// Last changed, milliseconds since the Unix epoch.
    pub updated_ms: u64,
}

impl Record {
    /// The player of `side`, once the challenge is accepted.
    pub fn player(&self, side: Side) -> Option<&User> {
        match side {
            Side::South => self.south.as_ref(),
            Side::North => self.north.as_ref(),
        }
    }

    /// The side `user` plays, if he is one of the players.
    pub fn side_of(&self, user: &User) -> Option<Side> {
        Side::ALL
            .into_iter()
            .find(|&s| self.player(s).is_some_and(|p| p.id == user.id))
    }
}

/// The stored bytes of a record as it was read: [`Store::write`] applies a change only if
/// the channel still holds exactly these bytes (compare-and-swap).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Version(Vec<u8>);

/// A record as read, with the version to compare against when writing it back.
#[derive(Clone, Debug)]
pub struct Stored {
    /// The decoded record.
    pub record: Record,
    /// Its stored bytes.
    pub version: Version,
}

/// A change to one channel, applied by [`Store::write`].
#[derive(Clone, Copy, Debug)]
pub enum Write<'a> {
    /// Store this record as the channel's (challenge or game in play).
    Put(&'a Record),
    /// The game is over: remove it from the channel and keep it in the history under its
    /// id, in one transaction.
    Finish(&'a Record),
    /// Remove the channel's record without keeping it (a declined or expired challenge).
    Remove,
}

/// What [`Store::import`] did with one record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Imported {
    /// Written.
    Added,
    /// The store already held exactly this record.
    Unchanged,
}

/// A store failure. Display names the path or key concerned.
#[derive(Debug)]
pub enum StoreError {
    /// The store could not be opened.
    Open {
        /// The data directory.
        path: String,
        /// Why.
        reason: String,
    },
    /// A stored record could not be decoded (corrupt, or written by a newer version).
    Read {
        /// The record's key, e.g. `channel console/general` or `history 17000-3`.
        key: String,
        /// Why.
        reason: String,
    },
    /// Reading or writing failed.
    Io {
        /// What was being done.
        what: String,
        /// Why.
        reason: String,
    },
    /// An imported record clashes with a different one already stored.
    Clash {
        /// The key both would use.
        key: String,
    },
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Open { path, reason } => {
                write!(f, "cannot open the store at {path}: {reason}")
            }
            StoreError::Read { key, reason } => {
                write!(f, "the stored record {key} cannot be read: {reason}")
            }
            StoreError::Io { what, reason } => write!(f, "store failure while {what}: {reason}"),
            StoreError::Clash { key } => write!(
                f,
                "{key} already holds a different record; remove it first or import elsewhere"
            ),
        }
    }
}

impl std::error::Error for StoreError {}

/// Storage of channel records and finished games. The bot never sees the backend's
/// types. All methods are blocking; writes are flushed to disk before they return.
pub trait Store: Send + Sync {
    /// The record of the channel `at`, if any.
    ///
    /// # Errors
    /// [`StoreError::Read`] naming the key when the stored record cannot be decoded.
    fn load(&self, at: &ChannelKey) -> Result<Option<Stored>, StoreError>;

    /// Applies `change` to the channel `at` if it still holds `expected` (`None`: no
    /// record), atomically, and flushes. Returns `false`, changing nothing, when the
    /// channel no longer holds `expected` (another write came first).
    ///
    /// # Errors
    /// On I/O failure; nothing is changed then.
    fn write(
        &self,
        at: &ChannelKey,
        expected: Option<&Version>,
        change: Write<'_>,
    ) -> Result<bool, StoreError>;

    /// The last game finished in the channel `at`, if any.
    ///
    /// # Errors
    /// As [`Store::load`].
    fn last_finished(&self, at: &ChannelKey) -> Result<Option<Record>, StoreError>;

    /// A finished game by its id.
    ///
    /// # Errors
    /// As [`Store::load`].
    fn finished(&self, id: &str) -> Result<Option<Record>, StoreError>;

    /// A new game id, unique within the store.
    ///
    /// # Errors
    /// On I/O failure.
    fn new_id(&self, now_ms: u64) -> Result<String, StoreError>;

    /// Calls `each` with every record: the channels' records, then the history.
    ///
    /// # Errors
    /// The first unreadable record, or the first error of `each`.
    fn for_each(
        &self,
        each: &mut dyn FnMut(&Record) -> Result<(), StoreError>,
    ) -> Result<(), StoreError>;

    /// Writes a record read from an export: a finished one into the history, any other
    /// into its channel.
    ///
    /// # Errors
    /// [`StoreError::Clash`] when a different record already holds its key.
    fn import(&self, record: &Record) -> Result<Imported, StoreError>;

    /// Numbers of channel records and of finished games.
    fn counts(&self) -> (usize, usize);
}
