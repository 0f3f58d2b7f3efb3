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
    /// Each new game between people challenged here is played in a room of its own (a
    /// Discord thread, a Matrix room, a console channel) that the bot opens (`!set
    /// threads on`), so that one channel holds many games.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub threads: bool,
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
    /// How the player is told that it is his turn (`!notify`).
    #[serde(default, skip_serializing_if = "is_default")]
    pub notify: Notify,
}

/// How a player is told that it is his turn in a game against a person (`!notify`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Notify {
    /// The move's reply in the game's channel pings him (the default, as before).
    #[default]
    Mention,
    /// A direct message (Discord DM, a Matrix direct room, a console line) names the
    /// game and links its channel; the channel's reply names him without a ping.
    Dm,
    /// Nothing: the channel's reply names him without a ping.
    Off,
}

impl Notify {
    /// The word of `!notify` for this mode: `mention`, `dm`, `off`.
    pub fn word(self) -> &'static str {
        match self {
            Notify::Mention => "mention",
            Notify::Dm => "dm",
            Notify::Off => "off",
        }
    }
}
