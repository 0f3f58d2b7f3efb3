//! The nouns every layer shares: who plays ([`User`]), where ([`ChannelKey`]) and what
//! ([`GameKind`]). No behaviour beyond their formatting; every other module may use them.

use std::fmt;

use mancala_rules::{MatchLength, Variant};
use serde::{Deserialize, Serialize};

/// A chat user, as the transport knows him.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct User {
    /// Stable platform id (Discord snowflake, Matrix user id, console name).
    pub id: String,
    /// Display name, for text replies and board labels.
    pub name: String,
}

/// Where a message was posted: a community (Discord guild, Matrix server/room set, the
/// console) and a channel in it (a Discord channel or thread, a Matrix room).
#[derive(
    Clone,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
)]
pub struct ChannelKey {
    /// Community id; records are keyed by it first, so a sharded deployment can give each
    /// process the communities it owns.
    pub community: String,
    /// Channel id within the community.
    pub channel: String,
}

/// What is played: a game of `variant`, or a Hoyito match (M1-M4) on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameKind {
    /// The board and rules (RULES.md N3).
    pub variant: Variant,
    /// A Hoyito match: game after game by M1-M4.
    #[serde(rename = "match", default)]
    pub is_match: bool,
    /// How long a match runs (`!new hoyito first-to N` / `games N`, MATCH-CHOICES.md MX1); always
    /// [`MatchLength::Seeds`] (RULES.md M4 alone) for a single game. Absent in records
    /// written before match lengths existed.
    #[serde(default, skip_serializing_if = "MatchLength::is_seeds")]
    pub length: MatchLength,
}

/// A live (real-time) clock, Fischer style, as a challenge asks for it
/// (`!new katro @bob 5m+3s`): each player starts with `bank_ms` and gains
/// `increment_ms` after each of his moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LiveControl {
    /// Each player's time bank at the start, in milliseconds (1 min to 3 h).
    pub bank_ms: u64,
    /// Added to the mover's bank after each of his moves, in milliseconds (0 to 60 s).
    pub increment_ms: u64,
}

impl LiveControl {
    /// The shortest bank, in minutes.
    pub const MIN_BANK_MIN: u64 = 1;
    /// The longest bank, in minutes (3 h).
    pub const MAX_BANK_MIN: u64 = 180;
    /// The largest increment, in seconds.
    pub const MAX_INCREMENT_S: u64 = 60;
}

impl fmt::Display for LiveControl {
    /// The command form: `5m+3s`, `10m` (no increment).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}m", self.bank_ms / 60_000)?;
        if self.increment_ms > 0 {
            write!(f, "+{}s", self.increment_ms / 1000)?;
        }
        Ok(())
    }
}

impl GameKind {
    /// A single game of `variant`.
    pub fn single(variant: Variant) -> GameKind {
        GameKind {
            variant,
            is_match: false,
            length: MatchLength::Seeds,
        }
    }
}

impl fmt::Display for GameKind {
    /// The command form: `katro`, `katro lone` (K11), `hoyito:2x8`, `hoyito match`,
    /// `hoyito first-to 3`, `hoyito games 5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.variant)?;
        if self.variant.lone_steps() {
            f.write_str(" lone")?;
        }
        match (self.is_match, self.length) {
            (false, _) => {}
            (true, MatchLength::Seeds) => f.write_str(" match")?,
            (true, MatchLength::FirstTo(n)) => write!(f, " first-to {n}")?,
            (true, MatchLength::Games(n)) => write!(f, " games {n}")?,
        }
        Ok(())
    }
}
