//! What a channel and a player set for themselves, as stored: the channel's settings
//! (`!set`, document `chan/COMMUNITY/CHANNEL`) and a player's preferences in a community
//! (`!mute`, document `player/COMMUNITY/USER`). Pure types, below every handler.

use serde::{Deserialize, Serialize};

use super::show::{is_default, BoardView, PictureStyle, Theme};

/// Settings of one channel (`!set`), document `chan/COMMUNITY/CHANNEL`.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct ChannelSettings {
    /// A game whose deadline passes here is forfeited by itself (no `!claim` needed).
    #[serde(default)]
    pub autoforfeit: bool,
    /// Unrated games between people here may ask for hints (`!set hints on`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hints: bool,
    /// The pictures a move is answered with (`!set pictures`).
    #[serde(default, skip_serializing_if = "is_default")]
    pub pictures: PictureStyle,
    /// The side boards of games between two people are drawn from (`!set view`).
    #[serde(default, skip_serializing_if = "is_default")]
    pub view: BoardView,
    /// The colours of board pictures here (`!set theme`).
    #[serde(default, skip_serializing_if = "is_default")]
    pub theme: Theme,
    /// The language of replies here (`!set language`); `None`: the platform's locale of
    /// each message, else English ([`crate::i18n::Lang::choose`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<crate::i18n::Lang>,
}

/// A player's preferences in one community, document `player/COMMUNITY/USER`.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct PlayerPrefs {
    /// No move reminders.
    #[serde(default)]
    pub muted: bool,
}
