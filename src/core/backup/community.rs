//! What belongs to one community, for `export --community` and `import --community`
//! ([`Community`]).

use std::collections::HashSet;

use crate::store::keys::DocKey;
use crate::store::Record;

/// Which records and documents belong to one community:
/// - its own: every record of a channel of the community, every document keyed by it
///   (ratings and their history, tournaments, channel settings, players' preferences);
/// - its tournaments' rooms that are communities of their own (Matrix: the bot opens a
///   room per game, and the room id is both community and channel): the tournament's
///   game there, and every other record and document of that room (its settings,
///   copied from the tournament's home channel, a rematch played there, preferences set
///   there). Such a room belongs to its own id as well.
///
/// A room is known once a record of its tournament game is seen ([`Community::learn`]):
/// [`super::export_of`] looks at every record first; [`super::read_with`] holds back,
/// until the end of the file, the records of rooms of their own not known yet, and the
/// documents of those rooms (a room's settings in any order, its other documents after
/// one of its records, as `export` writes records first).
#[derive(Debug)]
pub struct Community<'a> {
    id: &'a str,
    /// The communities of its tournaments' rooms of their own, known so far.
    rooms: HashSet<String>,
}

impl<'a> Community<'a> {
    /// The community `id`, no room known yet.
    pub fn new(id: &'a str) -> Community<'a> {
        Community {
            id,
            rooms: HashSet::new(),
        }
    }

    /// Notes the room of `r` when it is a game of one of the community's tournaments in
    /// a community of its own.
    pub fn learn(&mut self, r: &Record) {
        let ours = r
            .tournament
            .as_ref()
            .is_some_and(|l| l.key.community() == self.id);
        if ours && r.at.community != self.id && r.at.community == r.at.channel {
            self.rooms.insert(r.at.community.clone());
        }
    }

    /// Whether `r` belongs to the community (with the rooms known so far): of its
    /// channels or rooms, or a game of one of its tournaments.
    pub fn has_record(&self, r: &Record) -> bool {
        self.has(&r.at.community)
            || r.tournament
                .as_ref()
                .is_some_and(|l| l.key.community() == self.id)
    }

    /// Whether the document `key` belongs to the community (with the rooms known so
    /// far).
    pub fn has_doc(&self, key: &DocKey) -> bool {
        self.has(key.community())
    }

    /// Whether `community` is this one or one of its rooms.
    fn has(&self, community: &str) -> bool {
        community == self.id || self.rooms.contains(community)
    }
}
