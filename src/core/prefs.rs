//! What a channel and a player set for themselves, as stored: the channel's settings
//! (`!set`, document `chan/COMMUNITY/CHANNEL`) and a player's preferences in a community
//! (`!mute`, document `player/COMMUNITY/USER`), and the vacations of a community's
//! players (`!vacation`, document `vacation/COMMUNITY`). Pure types, below every handler.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::show::{is_default, BoardView, PictureStyle, Theme};

/// Settings of one channel (`!set`), document `chan/COMMUNITY/CHANNEL`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
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

impl ChannelSettings {
    /// The settings of a game's room opened from the channel `home` (a tournament
    /// game's room): each setting the room left at its default takes the home's value,
    /// each one the room set (`!set` there, before the game) stays. So a room looks and
    /// speaks like its home unless told otherwise. A room that chose a default value
    /// (`!set theme light`) cannot be told from one that chose none: it takes the
    /// home's.
    pub(crate) fn inherit(&mut self, home: &ChannelSettings) {
        let room = std::mem::take(self);
        *self = ChannelSettings {
            autoforfeit: room.autoforfeit || home.autoforfeit,
            hints: room.hints || home.hints,
            pictures: or_home(room.pictures, home.pictures),
            view: or_home(room.view, home.view),
            theme: or_home(room.theme, home.theme),
            language: room.language.or(home.language),
            // A room is one game's: it opens no rooms of its own.
            threads: room.threads,
        };
    }
}

/// `own`, unless it is the default: then `home`.
fn or_home<T: Default + PartialEq>(own: T, home: T) -> T {
    if is_default(&own) {
        home
    } else {
        own
    }
}

/// A community's web pages (`!set web`), document `site/COMMUNITY`: off until an
/// organizer turns them on, so that no game of a community that did not ask is shown.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SiteSettings {
    /// The community's pages are served (`!set web on`); off, they answer 404 as an
    /// unknown page does.
    #[serde(default)]
    pub web: bool,
    /// Search engines may index the pages (`!set web index`): no `noindex` on them.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub index: bool,
    /// The community's address on the web pages (`/c/PUBLIC_ID`): 12 random characters
    /// of Crockford's base 32 ([`crate::store::gameid::draw_public`]), drawn when the
    /// pages are turned on, so that no platform id (a Discord server's) is shown;
    /// `!set web off` forgets it, and the pages get a new address when turned on again.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub public_id: String,
}

/// What `!set web` asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WebMode {
    /// `on`: the pages are served, not indexed (unless `index` was set before).
    On,
    /// `off`: no pages (they answer 404), and not indexed when turned on again.
    Off,
    /// `index`: served, and search engines may index them.
    Index,
    /// `noindex`: not indexed (the pages stay on or off as they were).
    NoIndex,
}

impl WebMode {
    /// The mode of the word `on`, `off`, `index` or `noindex`.
    pub fn from_word(word: &str) -> Option<WebMode> {
        Some(match word {
            "on" => WebMode::On,
            "off" => WebMode::Off,
            "index" => WebMode::Index,
            "noindex" => WebMode::NoIndex,
            _ => return None,
        })
    }

    /// `site` as this mode leaves it.
    pub fn applied(self, mut site: SiteSettings) -> SiteSettings {
        match self {
            WebMode::On => site.web = true,
            WebMode::Off => site = SiteSettings::default(),
            WebMode::Index => {
                site.web = true;
                site.index = true;
            }
            WebMode::NoIndex => site.index = false,
        }
        if site.web && site.public_id.is_empty() {
            site.public_id = crate::store::gameid::draw_public(crate::store::gameid::PUBLIC_LEN);
        }
        site
    }
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
    /// When his next daily digest is due ([`Notify::Digest`]), in milliseconds since the
    /// Unix epoch; `None`: at the driver's next look.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub digest_ms: Option<u64>,
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
    /// No alert per move (the channel names him without a ping), but once a day a
    /// direct message listing his games where it is his turn ([`PlayerPrefs::digest_ms`]).
    Digest,
}

impl Notify {
    /// The word of `!notify` for this mode: `mention`, `dm`, `off`.
    pub fn word(self) -> &'static str {
        match self {
            Notify::Mention => "mention",
            Notify::Dm => "dm",
            Notify::Off => "off",
            Notify::Digest => "digest",
        }
    }
}

/// A day, in milliseconds.
pub(crate) const DAY_MS: u64 = 24 * 3_600_000;

/// The shortest time per move a vacation pauses: a day (shorter is live play).
pub(crate) const MIN_MOVE_TIME_MS: u64 = DAY_MS;

/// The longest vacation one `!vacation` asks for, in days.
pub(crate) const MAX_DAYS: u32 = 365;

/// The vacations of a community's players, document `vacation/COMMUNITY`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Vacations {
    /// Each player's last vacation, by user id.
    #[serde(default)]
    pub players: BTreeMap<String, Vacation>,
}

/// How long an ended vacation is kept: longer than any turn it may have paused lasts.
pub(crate) const KEEP_MS: u64 = 400 * DAY_MS;

/// One player's last vacation, the earlier ones still kept, and what he used of his
/// allowance that year.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Vacation {
    /// When it began, milliseconds since the Unix epoch.
    pub from_ms: u64,
    /// When it ends (or ended: `!vacation off` ends it early), milliseconds.
    pub until_ms: u64,
    /// His earlier vacations that ended less than [`KEEP_MS`] ago, `[from, until]` in
    /// milliseconds, oldest first: a turn they paused gets them all, even those no
    /// driver saw end.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub earlier: Vec<[u64; 2]>,
    /// The calendar year (UTC) whose allowance `used_days` counts.
    pub year: i16,
    /// Days of that year's allowance used (an early end gives the whole days left
    /// back).
    pub used_days: u32,
}

impl Vacation {
    /// Whether the vacation runs at `now`.
    pub(crate) fn active(&self, now: u64) -> bool {
        self.from_ms <= now && now < self.until_ms
    }

    /// Every vacation kept, `(from, until)`, oldest first: the earlier ones, then the
    /// last.
    pub(crate) fn spans(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.earlier
            .iter()
            .map(|&[from, until]| (from, until))
            .chain(std::iter::once((self.from_ms, self.until_ms)))
    }
}
