//! Whom the bot trusts on Matrix (issue 33): which invitations it accepts, how many rooms
//! one inviter may bring it into, and which spaces it lists tournament rooms in.
//!
//! - The allow-list (`matrix.allow`) holds homeserver names (`example.org`) and room ids
//!   (`!abc:example.org`); empty, it is the bot's own homeserver alone. An invitation is
//!   accepted from a user of an allowed homeserver, or into an allowed room.
//! - One inviter may have the bot in at most `matrix.rooms_per_inviter` rooms at a time:
//!   one account cannot make the bot join, sync and answer thousands of rooms.
//! - A game room is listed in a space only when the space lists the home room as its
//!   child (both directions, as the Matrix specification recommends before trusting an
//!   `m.space.parent`), and the space is allowed: listed by id, or its `m.space.child`
//!   for the home room was sent by a user of an allowed homeserver. A room moderator can
//!   name any space as the home room's parent; without both directions the bot would
//!   write into a space it was trusted in by someone else.
//!
//! Pure string work over Matrix ids, always built, so that its tests run without the
//! `matrix` feature; the transport (`bot.rs`, `rooms.rs`) asks it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The power level from which a room member counts as a moderator (Matrix's default
/// for kicking and banning): an organizer for the bot.
pub const MODERATOR_LEVEL: i32 = 50;

/// The default of `matrix.rooms_per_inviter`.
pub const DEFAULT_ROOMS_PER_INVITER: usize = 10;

/// The bot's trust on Matrix (see the module).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trust {
    /// Allowed homeservers, lower case.
    servers: Vec<String>,
    /// Allowed rooms (and spaces), by id.
    rooms: Vec<String>,
    /// Rooms one inviter may have the bot in at a time.
    per_inviter: usize,
}

/// Why an invitation is declined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Declined {
    /// Neither the inviter's homeserver nor the room is in the allow-list.
    NotAllowed,
    /// The inviter already has the bot in this many rooms (the cap).
    TooManyRooms(usize),
}

impl std::fmt::Display for Declined {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Declined::NotAllowed => write!(
                f,
                "neither the inviter's homeserver nor the room is in matrix.allow"
            ),
            Declined::TooManyRooms(n) => write!(
                f,
                "the inviter already has the bot in {n} rooms (matrix.rooms_per_inviter)"
            ),
        }
    }
}

/// The homeserver of a Matrix user or room id (`@u:hs` -> `hs`), lower case; `None` for
/// an id without one (room ids of room version 12).
pub fn server_of(id: &str) -> Option<String> {
    id.split_once(':')
        .map(|(_, s)| s.to_ascii_lowercase())
        .filter(|s| !s.is_empty())
}

/// Checks one entry of `matrix.allow`: a room id (`!` then a name) or a homeserver name
/// (a host name with an optional port, no scheme).
///
/// # Errors
/// What the entry is not, and what is allowed.
pub fn check_entry(entry: &str) -> Result<(), String> {
    let ok = if let Some(rest) = entry.strip_prefix('!') {
        !rest.is_empty() && !rest.contains(char::is_whitespace)
    } else {
        !entry.is_empty()
            && entry
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'))
    };
    if ok {
        Ok(())
    } else {
        Err(format!(
            "{entry:?} is neither a homeserver name (example.org, example.org:8448) nor a \
             room id (!abc:example.org)"
        ))
    }
}

impl Trust {
    /// The trust of `allow` (entries as [`check_entry`] takes them; empty: `own_server`
    /// alone), with at most `per_inviter` rooms per inviter (at least 1).
    pub fn new(allow: &[String], own_server: &str, per_inviter: usize) -> Trust {
        let (rooms, servers): (Vec<String>, Vec<String>) =
            allow.iter().cloned().partition(|e| e.starts_with('!'));
        let mut servers: Vec<String> = servers.iter().map(|s| s.to_ascii_lowercase()).collect();
        if allow.is_empty() {
            servers.push(own_server.to_ascii_lowercase());
        }
        Trust {
            servers,
            rooms,
            per_inviter: per_inviter.max(1),
        }
    }

    /// Whether a user of `id`'s homeserver is trusted.
    fn allows_user(&self, id: &str) -> bool {
        server_of(id).is_some_and(|s| self.servers.contains(&s))
    }

    /// Whether to accept `inviter`'s invitation into `room`, when `inviter` already has
    /// the bot in `rooms_from_inviter` rooms.
    ///
    /// # Errors
    /// Why it is declined.
    pub fn admits_invite(
        &self,
        inviter: &str,
        room: &str,
        rooms_from_inviter: usize,
    ) -> Result<(), Declined> {
        if !self.allows_user(inviter) && !self.rooms.iter().any(|r| r == room) {
            return Err(Declined::NotAllowed);
        }
        if rooms_from_inviter >= self.per_inviter {
            return Err(Declined::TooManyRooms(rooms_from_inviter));
        }
        Ok(())
    }

    /// Whether game rooms may be listed in `space`, whose `m.space.child` for the home
    /// room was sent by `lister` (`None`: the space does not list the home room).
    pub fn admits_space(&self, space: &str, lister: Option<&str>) -> bool {
        let Some(lister) = lister else {
            return false;
        };
        self.rooms.iter().any(|r| r == space) || self.allows_user(lister)
    }
}

/// Who invited the bot into which room, kept in `STORE_DIR/inviters.json` (mode 0600),
/// so that the cap per inviter holds across restarts.
#[derive(Debug)]
pub struct Inviters {
    path: PathBuf,
    /// Room id -> inviter's user id.
    rooms: BTreeMap<String, String>,
}

impl Inviters {
    /// The record in `dir`; a missing or unreadable file is an empty record (the cap
    /// then counts from now on).
    pub fn load(dir: &Path) -> Inviters {
        let path = dir.join("inviters.json");
        let rooms = std::fs::read(&path)
            .ok()
            .and_then(|b| serde_json::from_slice(&b).ok())
            .unwrap_or_default();
        Inviters { path, rooms }
    }

    /// Forgets the rooms for which `still_in` says the bot has left.
    pub fn retain(&mut self, still_in: impl Fn(&str) -> bool) {
        self.rooms.retain(|room, _| still_in(room));
    }

    /// How many of the rooms `inviter` invited the bot into are still recorded.
    pub fn count(&self, inviter: &str) -> usize {
        self.rooms.values().filter(|i| *i == inviter).count()
    }

    /// Records that `inviter` brought the bot into `room`, and saves the record.
    ///
    /// # Errors
    /// The file cannot be written (the record in memory is kept).
    pub fn add(&mut self, room: &str, inviter: &str) -> std::io::Result<()> {
        self.rooms.insert(room.to_string(), inviter.to_string());
        self.save()
    }

    /// Writes the record ([`crate::files::write_new`]).
    fn save(&self) -> std::io::Result<()> {
        let text = serde_json::to_vec_pretty(&self.rooms).map_err(std::io::Error::other)?;
        crate::files::write_new(&self.path, &text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trust(allow: &[&str], cap: usize) -> Trust {
        let allow: Vec<String> = allow.iter().map(|s| s.to_string()).collect();
        Trust::new(&allow, "home.org", cap)
    }

    #[test]
    fn by_default_only_the_bots_own_homeserver_may_invite() {
        let t = trust(&[], 3);
        assert_eq!(
            t.admits_invite("@ann:home.org", "!r:elsewhere.net", 0),
            Ok(())
        );
        assert_eq!(t.admits_invite("@ann:HOME.org", "!r:home.org", 2), Ok(()));
        assert_eq!(
            t.admits_invite("@eve:evil.net", "!r:home.org", 0),
            Err(Declined::NotAllowed)
        );
        assert_eq!(
            t.admits_invite("@ann:home.org", "!r:home.org", 3),
            Err(Declined::TooManyRooms(3))
        );
    }

    #[test]
    fn listed_servers_and_rooms_replace_the_default() {
        let t = trust(&["friends.net", "!club:far.org"], 10);
        assert_eq!(t.admits_invite("@x:friends.net", "!a:b", 0), Ok(()));
        assert_eq!(t.admits_invite("@x:far.org", "!club:far.org", 0), Ok(()));
        assert_eq!(
            t.admits_invite("@x:far.org", "!other:far.org", 0),
            Err(Declined::NotAllowed)
        );
        assert_eq!(
            t.admits_invite("@ann:home.org", "!a:home.org", 0),
            Err(Declined::NotAllowed),
            "a list replaces the default"
        );
    }

    #[test]
    fn a_space_must_list_the_home_room_and_be_allowed() {
        let t = trust(&[], 10);
        assert!(t.admits_space("!s:home.org", Some("@mod:home.org")));
        assert!(!t.admits_space("!s:home.org", None), "not listed back");
        assert!(!t.admits_space("!s:evil.net", Some("@mod:evil.net")));
        let t = trust(&["!s:evil.net"], 10);
        assert!(t.admits_space("!s:evil.net", Some("@mod:evil.net")));
        assert!(!t.admits_space("!s:evil.net", None));
    }

    #[test]
    fn allow_entries_are_servers_or_room_ids() {
        for good in [
            "example.org",
            "example.org:8448",
            "!abc:example.org",
            "!v12roomid",
            "[::1]:8448",
        ] {
            assert_eq!(check_entry(good), Ok(()), "{good}");
        }
        for bad in [
            "",
            "!",
            "https://example.org",
            "@u:example.org",
            "a b",
            "#alias:x",
        ] {
            assert!(check_entry(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_inviters_record_survives_a_restart_and_forgets_left_rooms() {
        let dir = tempfile::tempdir().unwrap();
        let mut rec = Inviters::load(dir.path());
        rec.add("!a:h", "@x:h").unwrap();
        rec.add("!b:h", "@x:h").unwrap();
        rec.add("!c:h", "@y:h").unwrap();
        let mut again = Inviters::load(dir.path());
        assert_eq!(again.count("@x:h"), 2);
        again.retain(|room| room != "!a:h");
        assert_eq!(again.count("@x:h"), 1);
        assert_eq!(again.count("@y:h"), 1);
        use std::os::unix::fs::PermissionsExt as _;
        let mode = std::fs::metadata(dir.path().join("inviters.json"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
    }
}
