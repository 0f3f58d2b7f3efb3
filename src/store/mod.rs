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
    /// The time per move of the game (correspondence play), in milliseconds; `None`:
    /// no deadlines.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_time_ms: Option<u64>,
}

/// The clock of a correspondence game in play: the deadline of the player to move and
/// the reminders already sent for it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Timing {
    /// Time per move, in milliseconds: each move sets the next deadline this far ahead.
    pub move_time_ms: u64,
    /// When the player to move runs out of time, in milliseconds since the Unix epoch.
    pub deadline_ms: u64,
    /// The reminder points (milliseconds before the deadline) already handled for this
    /// deadline: sent, or skipped because the player muted reminders or the point had
    /// passed. Never sent twice; cleared by the next move.
    #[serde(default)]
    pub reminded: Vec<u64>,
    /// The deadline passed and the players were told (the opponent may `!claim`).
    #[serde(default)]
    pub timed_out: bool,
    /// When the periodic driver must next look at this game (the next reminder point or
    /// the deadline); `None`: nothing left to do. The store indexes it ([`Store::due`]).
    #[serde(default)]
    pub wake_ms: Option<u64>,
}

/// A result decided outside the rules of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The player to move let his deadline pass: `winner` wins on time (claimed, or
    /// forfeited automatically).
    Timeout {
        /// The side that wins.
        winner: Side,
    },
    /// The players agreed a draw (`!draw` offered and accepted).
    DrawAgreed,
    /// Aborted before both sides had moved (`!abort`): no result, unrated.
    Aborted,
}

/// The result of a finished game, whatever ended it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    /// This side won.
    Win(Side),
    /// Drawn.
    Draw,
    /// No result (aborted).
    NoResult,
}

/// The seat of the AI in a game against it (`!new GAME ai [level N]`): which side it
/// plays and how strongly. Its player ([`Record::south`] or [`Record::north`]) is the
/// user [`AiSeat::user`] returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AiSeat {
    /// The side the AI plays.
    pub side: Side,
    /// Its level, 1 (beginner) to 5 (master); see [`mancala_ai::level_name`].
    pub level: u8,
}

impl AiSeat {
    /// The AI as a player: id `ai:LEVEL`, name `mancala-bot (level 3, club)`.
    pub fn user(self) -> User {
        User {
            id: format!("ai:{}", self.level),
            name: format!(
                "mancala-bot (level {}, {})",
                self.level,
                mancala_ai::level_name(self.level).unwrap_or("?")
            ),
        }
    }
}

/// The tournament a game belongs to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TourneyLink {
    /// The tournament's store key ([`crate::tournament::Tournament::key`]).
    pub key: String,
    /// The round, from 1.
    pub round: u32,
    /// The board of the round, from 1.
    pub board: u32,
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
    /// Correspondence timing, when the game has a time per move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timing: Option<Timing>,
    /// Whether the result counts for the ratings: games between two people, not against
    /// the AI, not aborted. Records written before ratings existed read as `false`.
    #[serde(default)]
    pub rated: bool,
    /// A result decided outside the rules (timeout, agreed draw, abort).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verdict: Option<Verdict>,
    /// The side that offers a draw (`!draw`), until the other answers or moves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw_offer: Option<Side>,
    /// The tournament pairing this game is, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<TourneyLink>,
    /// The AI's seat, in a game against the AI (always unrated).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ai: Option<AiSeat>,
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

    /// The side `user` plays, if he is one of the human players: the AI's side
    /// ([`Record::ai`]) belongs to no chat user, whatever his id.
    pub fn side_of(&self, user: &User) -> Option<Side> {
        Side::ALL.into_iter().find(|&s| {
            self.ai.is_none_or(|a| a.side != s) && self.player(s).is_some_and(|p| p.id == user.id)
        })
    }

    /// Whether `side` is played by the AI.
    pub fn is_ai(&self, side: Side) -> bool {
        self.ai.is_some_and(|a| a.side == side)
    }

    /// The final result: the [`Verdict`] if there is one, else the rules' outcome;
    /// `None` while the game goes on.
    pub fn result(&self) -> Option<GameResult> {
        match self.verdict {
            Some(Verdict::Timeout { winner }) => return Some(GameResult::Win(winner)),
            Some(Verdict::DrawAgreed) => return Some(GameResult::Draw),
            Some(Verdict::Aborted) => return Some(GameResult::NoResult),
            None => {}
        }
        match self.play.as_ref()?.result() {
            Outcome::Ongoing => None,
            Outcome::Win { winner, .. } => Some(GameResult::Win(winner)),
            Outcome::Draw { .. } => Some(GameResult::Draw),
        }
    }

    /// When the periodic driver must next look at this record: a game in play's
    /// [`Timing::wake_ms`]. The store keeps an index of it.
    pub fn wake_ms(&self) -> Option<u64> {
        if self.status == Status::Playing {
            self.timing.as_ref().and_then(|t| t.wake_ms)
        } else {
            None
        }
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

    /// The channels whose record's [`Record::wake_ms`] is at or before `now_ms`, in key
    /// order. The index is kept by [`Store::write`] and [`Store::import`] in the same
    /// transaction as the record, so it survives restarts.
    ///
    /// # Errors
    /// On I/O failure.
    fn due(&self, now_ms: u64) -> Result<Vec<ChannelKey>, StoreError>;

    /// A document (ratings, tournaments, settings: see [`docs`]) by its key, as stored.
    ///
    /// # Errors
    /// On I/O failure.
    fn doc(&self, key: &str) -> Result<Option<Vec<u8>>, StoreError>;

    /// Sets the document `key` to `new` (`None`: removes it) if it still holds `expected`
    /// (`None`: absent), atomically, and flushes. Returns `false`, changing nothing,
    /// when another write came first.
    ///
    /// # Errors
    /// On I/O failure; nothing is changed then.
    fn write_doc(
        &self,
        key: &str,
        expected: Option<&[u8]>,
        new: Option<&[u8]>,
    ) -> Result<bool, StoreError>;

    /// Every document whose key starts with `prefix`, in key order.
    ///
    /// # Errors
    /// On I/O failure.
    fn docs(&self, prefix: &str) -> Result<Vec<(String, Vec<u8>)>, StoreError>;
}

/// Typed JSON documents over [`Store::doc`] and [`Store::write_doc`].
pub mod docs {
    use serde::de::DeserializeOwned;
    use serde::Serialize;

    use super::{Store, StoreError};

    /// A document as read, with the bytes to compare against when writing it back.
    pub struct Doc<T> {
        /// The decoded value.
        pub value: T,
        /// Its stored bytes (`None`: it was absent and `value` is the default).
        pub version: Option<Vec<u8>>,
    }

    /// Reads `key` as JSON; absent: `T::default()`.
    ///
    /// # Errors
    /// [`StoreError::Read`] naming the key when it cannot be decoded.
    pub fn load<T: DeserializeOwned + Default>(
        store: &dyn Store,
        key: &str,
    ) -> Result<Doc<T>, StoreError> {
        match store.doc(key)? {
            Some(bytes) => Ok(Doc {
                value: serde_json::from_slice(&bytes).map_err(|e| StoreError::Read {
                    key: format!("document {key}"),
                    reason: e.to_string(),
                })?,
                version: Some(bytes),
            }),
            None => Ok(Doc {
                value: T::default(),
                version: None,
            }),
        }
    }

    /// Writes `value` at `key` if the document still holds `doc`'s version.
    ///
    /// # Errors
    /// On I/O failure.
    pub fn save<T: Serialize>(
        store: &dyn Store,
        key: &str,
        version: Option<&Vec<u8>>,
        value: &T,
    ) -> Result<bool, StoreError> {
        let bytes = serde_json::to_vec(value).expect("documents always serialize");
        store.write_doc(key, version.map(Vec::as_slice), Some(&bytes))
    }

    /// Read, change with `f`, write back with compare-and-swap, retrying on conflicts
    /// (up to 16 times). `f` may refuse with `Err`, which is returned and changes
    /// nothing. Returns what `f` returned.
    ///
    /// # Errors
    /// `f`'s error, a store failure, or too many conflicting writes.
    pub fn update<T, R, E>(
        store: &dyn Store,
        key: &str,
        mut f: impl FnMut(&mut T) -> Result<R, E>,
    ) -> Result<R, E>
    where
        T: DeserializeOwned + Serialize + Default,
        E: From<StoreError>,
    {
        for _ in 0..16 {
            let mut doc = load::<T>(store, key)?;
            let out = f(&mut doc.value)?;
            if save(store, key, doc.version.as_ref(), &doc.value)? {
                return Ok(out);
            }
        }
        Err(StoreError::Io {
            what: format!("writing document {key}"),
            reason: "too many concurrent writes".into(),
        }
        .into())
    }
}
