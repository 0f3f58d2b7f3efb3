//! The archive's indexes (issue "Players: an archive of their games"): documents that
//! list game ids, so that a player finds his games (`!games`), a channel its finished
//! games (`!history`) and anyone a game by its id (`!game ID`), each in one batched
//! read ([`super::Read::Archive`], [`super::Read::ById`]): the store reads the index and,
//! in the same read, the records it names (the games in play from their channels, the
//! finished ones from the history), so that an entry holds no copy of a game's state
//! and a move ([`super::Store::commit`] of the channel's record) never writes an index.
//!
//! - `games/COMMUNITY/USER` ([`super::keys::DocKey::Games`]): a player's games, written
//!   in the same commit as the game's start (the record entering play) and its finish;
//! - `chanlog/COMMUNITY/CHANNEL` ([`super::keys::DocKey::ChanLog`]): the games finished
//!   in a channel, written with the finish;
//! - `gameat/COMMUNITY/ID` ([`super::keys::DocKey::GameAt`]): the channel a game was
//!   created in, written by the store with the record's creation (`GameOp::Create`).

use serde::{Deserialize, Serialize};

/// How many finished games an index keeps (the newest): `!games` and `!history` show
/// them; games in play are always kept.
pub const FINISHED_KEPT: usize = 10;

/// One game of an index.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameEntry {
    /// The game's id.
    pub id: String,
    /// The channel it is played in (in the index's community).
    pub channel: String,
    /// Finished: its record is in the history under its id; else in its channel.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub done: bool,
}

/// An index of games, newest first: the games in play (each until it finishes) and the
/// last [`FINISHED_KEPT`] finished ones.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameList {
    /// The games, newest first.
    #[serde(default)]
    pub games: Vec<GameEntry>,
}

impl GameList {
    /// The game `id` (in `channel`) started: first in the list. Nothing when it is
    /// there already (a start applied again).
    pub fn started(&mut self, id: &str, channel: &str) -> bool {
        if self.games.iter().any(|g| g.id == id) {
            return false;
        }
        self.games.insert(
            0,
            GameEntry {
                id: id.to_string(),
                channel: channel.to_string(),
                done: false,
            },
        );
        true
    }

    /// The game `id` (in `channel`) finished: marked so and moved first, so that the
    /// finished games are listed in the order they finished, newest first, whatever
    /// order they started in (also a game started before the index existed), and the
    /// finished games beyond [`FINISHED_KEPT`] dropped. Whether anything changed (a
    /// finish applied again changes nothing).
    pub fn finished(&mut self, id: &str, channel: &str) -> bool {
        let channel = match self.games.iter().position(|g| g.id == id) {
            Some(i) if self.games[i].done => return false,
            Some(i) => self.games.remove(i).channel,
            None => channel.to_string(),
        };
        self.games.insert(
            0,
            GameEntry {
                id: id.to_string(),
                channel,
                done: true,
            },
        );
        let mut kept = 0;
        self.games.retain(|g| {
            if g.done {
                kept += 1;
                kept <= FINISHED_KEPT
            } else {
                true
            }
        });
        true
    }
}

/// The value of a `gameat/COMMUNITY/ID` document: where the game lives until it
/// finishes (and its finished record is in the history under its id).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameAt {
    /// The channel, in the key's community.
    pub channel: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `!games` and `!history` list the last finished games newest first by their end:
    /// a game started first and finished last comes first.
    #[test]
    fn finished_games_are_listed_in_the_order_they_finished() {
        let mut l = GameList::default();
        for id in ["a", "b", "c"] {
            assert!(l.started(id, "ch"));
        }
        assert!(l.finished("b", "ch"));
        assert!(l.finished("a", "ch"));
        assert!(!l.finished("a", "ch"));
        assert!(l.finished("old", "ch"));
        let done: Vec<&str> = l
            .games
            .iter()
            .filter(|g| g.done)
            .map(|g| g.id.as_str())
            .collect();
        assert_eq!(done, ["old", "a", "b"]);
        assert!(l.games.iter().any(|g| g.id == "c" && !g.done));
    }

    #[test]
    fn starts_and_finishes_keep_games_in_play_and_the_last_finished() {
        let mut l = GameList::default();
        assert!(l.started("a", "c1"));
        assert!(!l.started("a", "c1"));
        for i in 0..12 {
            let id = format!("g{i}");
            assert!(l.started(&id, "c2"));
            assert!(l.finished(&id, "c2"));
            assert!(!l.finished(&id, "c2"));
        }
        let ids: Vec<&str> = l.games.iter().map(|g| g.id.as_str()).collect();
        assert_eq!(
            ids,
            ["g11", "g10", "g9", "g8", "g7", "g6", "g5", "g4", "g3", "g2", "a"]
        );
        assert!(!l.games[10].done);
        // A game the index never saw start goes first among the finished.
        assert!(l.finished("old", "c3"));
        assert_eq!(l.games[0].id, "old");
        assert_eq!(l.games.iter().filter(|g| g.done).count(), FINISHED_KEPT);
        assert_eq!(l.games.last().unwrap().id, "a");
    }
}
