//! The shapes of what commands can store, defined once: the command side (the core's
//! door, the tournament's rooms, the parser) and a backup's import
//! ([`crate::core::backup`]) both ask these, so that whatever a command stores, an
//! export of it imports back (issue 33), and nothing else does.
//!
//! - A place ([`place_fault`]): a community and a channel, each a platform id
//!   ([`input::is_platform_id`]).
//! - A tournament game's room ([`room_fits`]): in the tournament's community, as the
//!   console and Discord open them, or a community of its own (its channel id is its
//!   community id), as every Matrix room is.
//! - A tournament's name ([`is_tournament_name`]).

use crate::core::input;
use crate::model::ChannelKey;

/// What keeps `at` from being a place the bot keeps: the part that is not a platform
/// id (`"community"` or `"channel"`), that id, and what is wrong with it
/// ([`input::platform_id_fault`]); `None` when both are platform ids.
pub(crate) fn place_fault(at: &ChannelKey) -> Option<(&'static str, &str, String)> {
    [("community", &at.community), ("channel", &at.channel)]
        .into_iter()
        .find_map(|(part, id)| Some((part, id.as_str(), input::platform_id_fault(id)?)))
}

/// Where else than in the tournament's community a game room may be, in the words
/// refusals use ([`room_fits`]).
pub(crate) const OWN_ROOM_RULE: &str =
    "nor a community of its own (a Matrix room: its channel id is its community id)";

/// Whether `room` may hold a game of a tournament of `community`: in that community, as
/// the console and Discord open rooms, or a community of its own ([`OWN_ROOM_RULE`]:
/// the room id as both community and channel, `transport::matrix::channel_key`).
pub(crate) fn room_fits(community: &str, room: &ChannelKey) -> bool {
    room.community == community || room.community == room.channel
}

/// The most characters of a tournament's name.
pub(crate) const TOURNAMENT_NAME_CHARS: usize = 24;

/// What a tournament's name is, in the words refusals use ([`is_tournament_name`]).
pub(crate) const TOURNAMENT_NAME_RULE: &str = "1 to 24 letters, digits, `-` or `_`";

/// Whether `name` is a tournament's name (`!tournament new NAME`,
/// [`TOURNAMENT_NAME_RULE`]): 1 to [`TOURNAMENT_NAME_CHARS`] ASCII letters, digits,
/// `-` or `_`.
pub(crate) fn is_tournament_name(name: &str) -> bool {
    (1..=TOURNAMENT_NAME_CHARS).contains(&name.chars().count())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(community: &str, channel: &str) -> ChannelKey {
        ChannelKey {
            community: community.into(),
            channel: channel.into(),
        }
    }

    #[test]
    fn places_are_two_platform_ids() {
        assert_eq!(place_fault(&at("console", &"𝕏".repeat(63))), None);
        let (part, _, wide) = place_fault(&at("console", &"𝕏".repeat(64))).unwrap();
        assert_eq!((part, wide.as_str()), ("channel", "has 256 bytes"));
        let bad = at("a\u{1}b", "x");
        let (part, id, ctl) = place_fault(&bad).unwrap();
        assert_eq!((part, id), ("community", "a\u{1}b"));
        assert!(ctl.contains("control or invisible"), "{ctl}");
        assert_eq!(place_fault(&at("g", "")).unwrap().2, "is empty");
    }

    #[test]
    fn rooms_fit_in_the_community_or_in_one_of_their_own() {
        assert!(room_fits("g", &at("g", "room")));
        assert!(room_fits("!home:m.org", &at("!r:m.org", "!r:m.org")));
        assert!(!room_fits("g", &at("h", "room")));
    }

    #[test]
    fn tournament_names() {
        assert!(is_tournament_name("Spring_Cup-2"));
        assert!(is_tournament_name(&"x".repeat(24)));
        assert!(!is_tournament_name(&"x".repeat(25)));
        assert!(!is_tournament_name("a/b"));
        assert!(!is_tournament_name("é"));
        assert!(!is_tournament_name(""));
    }
}
