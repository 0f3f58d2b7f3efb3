//! The nouns every layer shares: who plays ([`User`]), where ([`ChannelKey`]) and what
//! ([`GameKind`]). No behaviour beyond their formatting; every other module may use them.

use std::fmt;

use mancala_rules::Variant;
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
    /// The command form: `katro`, `katro lone` (K11), `hoyito:2x8`, `hoyito match`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.variant)?;
        if self.variant.lone_steps() {
            f.write_str(" lone")?;
        }
        if self.is_match {
            f.write_str(" match")?;
        }
        Ok(())
    }
}
