//! The periodic driver's pass over running tournaments: results of games that ended
//! without being recorded (a restart in between), rounds to pair (an arena's free
//! players, its window's end), rooms and games to open, and the rooms of finished games
//! to close after their grace period.

use crate::core::api::Reply;
use crate::core::tournament::{Phase, Tournament};
use crate::core::Core;
use crate::model::ChannelKey;
use crate::store::keys::DocKey;

impl Core {
    /// The driver's tournament pass over the tournaments on its list
    /// ([`crate::store::Store::listed`]), not every tournament ever created: for every
    /// running one, results of games that ended without being recorded (a restart in
    /// between), rounds to pair, rooms and games to open; for every one over, its rooms
    /// to close. A tournament that needs the pass no more (over with no room left to
    /// close, or not started) is taken off the list, unless it changed meanwhile; its
    /// next write puts it back.
    pub(in crate::core) fn tick_tournaments(
        &self,
        owns: &(dyn Fn(&str) -> bool + Sync),
    ) -> Vec<(ChannelKey, Reply)> {
        let mut out = Vec::new();
        let all = match self.store.listed() {
            Ok(all) => all,
            Err(e) => {
                tracing::error!(error = %e, "store failure reading tournaments");
                return out;
            }
        };
        for (key, bytes) in all {
            if !owns(key.community()) {
                continue;
            }
            let Ok(Some(t)) = serde_json::from_slice::<Option<Tournament>>(&bytes) else {
                continue;
            };
            self.close_rooms(&t, &key);
            if t.phase != Phase::Running {
                if !self.rooms_to_close(&t) {
                    if let Err(e) = self.store.unlist(&key, &bytes) {
                        tracing::warn!(tournament = %key, error = %e, "cannot take a tournament off the driver's list");
                    }
                }
                continue;
            }
            // The tournament's announcements speak its home channel's language.
            let lang = self.channel_lang(&t.home, None);
            let replies = crate::i18n::with_lang(lang, || self.tick_tournament(&t, &key));
            out.extend(crate::core::correspondence::route(&t.home, replies));
        }
        out
    }

    /// Whether this core will still close a room of `t` ([`Core::close_rooms`]): its
    /// transport closes rooms, and one of `t`'s rooms is open.
    fn rooms_to_close(&self, t: &Tournament) -> bool {
        let closes = self.rooms().and_then(|r| r.close_after_ms()).is_some();
        closes
            && t.rounds
                .iter()
                .flat_map(|r| &r.pairings)
                .any(|p| p.room.is_some() && !p.closed)
    }

    /// Closes the rooms of `t` (stored as `key`) whose game ended, or whose tournament
    /// did, longer than the transport's grace period ago ([`Rooms::close_after_ms`]).
    /// The period starts when this pass first sees the game over (`ended_ms`, stored);
    /// a room is closed once (`closed`, stored after the transport closed it). Nothing
    /// without [`Rooms`] (channels the core named itself are never closed).
    ///
    /// [`Rooms`]: crate::core::api::Rooms
    /// [`Rooms::close_after_ms`]: crate::core::api::Rooms::close_after_ms
    fn close_rooms(&self, t: &Tournament, key: &DocKey) {
        let Some(rooms) = self.rooms() else { return };
        let Some(grace) = rooms.close_after_ms() else {
            return;
        };
        let now = self.clock.now_ms();
        let over = t.phase != Phase::Running;
        for round in &t.rounds {
            for p in &round.pairings {
                let Some(room) = p.room.as_ref().filter(|_| !p.closed) else {
                    continue;
                };
                if !over && p.result.is_none() {
                    continue;
                }
                let (number, board) = (round.number, p.board);
                match p.ended_ms {
                    None => {
                        let _ = self.set_pairing(key, number, board, |pp| {
                            pp.ended_ms.get_or_insert(now);
                        });
                    }
                    Some(end) if now >= end.saturating_add(grace) => match rooms.close(room) {
                        Ok(()) => {
                            let _ = self.set_pairing(key, number, board, |pp| pp.closed = true);
                        }
                        Err(e) => {
                            tracing::warn!(tournament = %t.name, room = %room.channel, error = %e, "cannot close a room")
                        }
                    },
                    Some(_) => {}
                }
            }
        }
    }

    /// [`Core::tick_tournaments`] for the running tournament `t` (stored as `key`).
    fn tick_tournament(&self, t: &Tournament, key: &DocKey) -> Vec<Reply> {
        let mut replies = Vec::new();
        // Every round's open games (an arena has several rounds in play).
        for round in &t.rounds {
            for p in round.pairings.iter().filter(|p| p.is_open()) {
                let (Some(room), Some(id)) = (&p.room, &p.game_id) else {
                    continue;
                };
                if let Ok(Some(st)) = self.store.load(room) {
                    if st.record.id == *id {
                        // A clock that missed a pause or a resume follows it now.
                        let held = st.record.timing().is_some_and(|c| c.held_ms.is_some());
                        if st.record.timing().is_some() && held != t.paused.is_some() {
                            replies.extend(self.sync_clock(room, id, key));
                        }
                        continue;
                    }
                }
                if let Ok(Some(r)) = self.store.finished(id) {
                    // Applied at most once: each step is keyed by the game id.
                    match self.settle_game(&r) {
                        Ok((more, _)) => replies.extend(more),
                        Err(_) => tracing::warn!(game = %id, "tournament game not settled yet"),
                    }
                }
            }
        }
        replies.extend(self.advance(key));
        replies.extend(self.open_games(key));
        replies
    }
}
