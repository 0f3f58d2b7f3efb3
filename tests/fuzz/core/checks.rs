//! The checks after every step of the core fuzz (see the module `core_chat`).

use std::collections::HashMap;

use mancala_bot::core::api::Reply;
use mancala_bot::core::backup;
use mancala_bot::core::ratings::{family, table_key, RatingTable};
use mancala_bot::core::tournament::{Phase, Res, Tournament};
use mancala_bot::core::Clock;
use mancala_bot::model::ChannelKey;
use mancala_bot::store::{GameResult, MemorySnapshot, Status};
use mancala_rules::Side;

use super::replay::{check_record, Summary};
use super::stats::{bump, STATS};
use super::world::{community_of_doc, Actor, RecKey, World};

/// The last time `import` takes (the end of the year 9999, UTC), in ms.
pub(crate) const LATEST_IMPORTABLE_MS: u64 = 253_402_300_799_999;

impl World {
    /// The checks after a step (see the module). `unchanged`: the step must not have
    /// changed the store.
    pub(crate) fn check(
        &mut self,
        actor: Actor<'_>,
        unchanged: bool,
        replies: &[(ChannelKey, Reply)],
    ) -> Result<(), String> {
        let now = self.clock.now_ms();
        let max = self.core.settings().max_reply_chars.max(8);
        for (_, r) in replies {
            // What every transport does with a reply: no panic.
            let _ = r.body.segments();
            let _ = r.body.plain(now);
            if r.text().chars().count() > max {
                return Err(format!(
                    "a reply of {} characters, more than {max}: {:?}",
                    r.text().chars().count(),
                    r.text()
                ));
            }
            if r.body.is_blank() && r.attachments.is_empty() {
                return Err("a blank reply".into());
            }
            if r.is_error && (!r.mentions.is_empty() || !r.buttons.is_empty()) {
                return Err(format!(
                    "a refusal that pings or has buttons: {:?}",
                    r.text()
                ));
            }
        }
        let after = self.store.snapshot();
        let before = std::mem::replace(&mut self.snap, after);
        let (before, after) = (&before, &self.snap);
        if unchanged && before != after {
            return Err(format!(
                "a refused command, an unaddressed message or a clock jump changed the \
                 store: {:?}",
                before.differences(after)
            ));
        }
        // Whose community the step may touch.
        let owns = |community: &str| match &actor {
            Actor::Command { at, .. } => community == at.community,
            Actor::Driver(Some(c)) => community == *c,
            Actor::Driver(None) | Actor::Clock => true,
        };
        for (to, _) in replies {
            if !owns(&to.community) {
                return Err(format!(
                    "a reply goes to {to:?}, outside the step's community"
                ));
            }
        }
        for d in before.differences(after) {
            let community = d.split_whitespace().nth(1).unwrap_or("");
            let community = if d.starts_with("doc ") {
                community_of_doc(community)?
            } else {
                community.split('/').next().unwrap_or("").to_string()
            };
            if !d.starts_with("next_id") && !d.starts_with("history") && !owns(&community) {
                return Err(format!("{d}: outside the step's community"));
            }
        }
        // The summaries of the channel records the step changed or removed, as they were.
        let old: HashMap<ChannelKey, Summary> = before
            .channels
            .keys()
            .filter(|k| before.channels.get(*k) != after.channels.get(*k))
            .filter_map(|k| {
                let (_, s) = self.checked.get(&RecKey::Channel(k.clone()))?;
                Some((k.clone(), s.clone()))
            })
            .collect();
        // Finished games never change nor go.
        for (id, bytes) in &before.history {
            if after.history.get(id) != Some(bytes) {
                return Err(format!("the finished game {id} changed or went"));
            }
        }
        // Every record, checked once per version.
        for (k, bytes) in &after.channels {
            let key = RecKey::Channel(k.clone());
            if self.checked.get(&key).is_none_or(|(b, _)| b != bytes) {
                let s = check_record(bytes).map_err(|e| format!("channel {k:?}: {e}"))?;
                if &s.at != k || s.status == Status::Finished {
                    return Err(format!(
                        "channel {k:?} holds a record of {:?}, status {:?}",
                        s.at, s.status
                    ));
                }
                self.checked.insert(key.clone(), (bytes.clone(), s));
            }
            let wake = self.checked[&key].1.wake_ms;
            if after.wake.get(k).copied() != wake {
                return Err(format!(
                    "the wake index of {k:?} is {:?}, the record says {wake:?}",
                    after.wake.get(k)
                ));
            }
        }
        self.checked.retain(|k, _| match k {
            RecKey::Channel(c) => after.channels.contains_key(c),
            RecKey::History(id) => after.history.contains_key(id),
        });
        for k in after.wake.keys() {
            if !after.channels.contains_key(k) {
                return Err(format!("the wake index names {k:?}, which holds no record"));
            }
        }
        for (id, bytes) in &after.history {
            if let std::collections::hash_map::Entry::Vacant(e) =
                self.checked.entry(RecKey::History(id.clone()))
            {
                let s = check_record(bytes).map_err(|e| format!("finished game {id}: {e}"))?;
                if &s.id != id || s.status != Status::Finished {
                    return Err(format!(
                        "history {id} holds {} with status {:?}",
                        s.id, s.status
                    ));
                }
                e.insert((bytes.clone(), s));
            }
        }
        for (at, id) in &after.last {
            match self.checked.get(&RecKey::History(id.clone())) {
                Some((_, s)) if &s.at == at => {}
                _ => return Err(format!("the last game of {at:?} is {id}, not there")),
            }
        }
        for (k, (_, s)) in &self.checked {
            if s.created_ms > s.updated_ms || s.updated_ms > now {
                return Err(format!(
                    "{k:?} was created at {}, changed at {}, now is {now}",
                    s.created_ms, s.updated_ms
                ));
            }
        }
        // The driver leaves nothing due in the communities it drove.
        if let Actor::Driver(only) = &actor {
            let due: Vec<&ChannelKey> = after
                .wake
                .iter()
                .filter(|(k, &ms)| ms <= now && only.is_none_or(|c| k.community == c))
                .map(|(k, _)| k)
                .collect();
            if !due.is_empty() {
                return Err(format!("still due after the tick: {due:?}"));
            }
        }
        if !after.unsettled.is_empty() {
            return Err(format!(
                "games left unsettled after the step: {:?}",
                after.unsettled
            ));
        }
        for (k, bytes) in &after.docs {
            if self.checked_docs.get(k) != Some(bytes) {
                let value: serde_json::Value = serde_json::from_slice(bytes)
                    .map_err(|e| format!("document {k} is not JSON: {e}"))?;
                // Past the year 9999 (the far clock jump) a document's times cannot be
                // imported any more (import refuses them, by design); the store must
                // still read and replay, which the other checks cover.
                if self.clock.now_ms() <= LATEST_IMPORTABLE_MS {
                    backup::check_stored_document(k, &value)
                        .map_err(|e| format!("document {k}: {e}"))?;
                }
                self.checked_docs.insert(k.clone(), bytes.clone());
            }
        }
        self.checked_docs.retain(|k, _| after.docs.contains_key(k));
        for id in after
            .history
            .keys()
            .filter(|id| !before.history.contains_key(*id))
        {
            let s = &self.checked[&RecKey::History(id.clone())].1;
            bump(&STATS.finished, 1);
            if s.at.channel.starts_with("tourney-") || s.at.channel.starts_with("thread-") {
                bump(&STATS.tournament_games, 1);
            }
            if !owns(&s.at.community) {
                return Err(format!(
                    "game {id} of {:?} finished, outside the step's community",
                    s.at
                ));
            }
        }
        self.check_moves(&actor, before, &old)?;
        self.check_aftermath(before)?;
        self.check_tournaments()
    }

    /// Every game finished in the step has had its consequences: a game that counts is
    /// in its rating table's applied games (and none is pending), no other is; a
    /// tournament game's result is in its pairing.
    pub(crate) fn check_aftermath(&self, before: &MemorySnapshot) -> Result<(), String> {
        let after = &self.snap;
        for id in after
            .history
            .keys()
            .filter(|id| !before.history.contains_key(*id))
        {
            let s = &self.checked[&RecKey::History(id.clone())].1;
            let key = table_key(&s.at.community, family(s.kind)).to_string();
            let table: RatingTable = match after.docs.get(&key) {
                Some(b) => serde_json::from_slice(b).map_err(|e| format!("{key}: {e}"))?,
                None => RatingTable::default(),
            };
            if !table.pending.is_empty() {
                return Err(format!("{key} keeps pending history entries"));
            }
            if table.applied.contains(id) != s.counts {
                return Err(format!(
                    "game {id} (counts for the ratings: {}) is {}in the applied games of {key}",
                    s.counts,
                    if s.counts { "not " } else { "" }
                ));
            }
        }
        Ok(())
    }

    /// Every tournament's pairings agree with the games: an open pairing's game is in
    /// play in its room while the tournament runs; a decided pairing's game is finished
    /// with that result.
    pub(crate) fn check_tournaments(&self) -> Result<(), String> {
        let after = &self.snap;
        for (key, bytes) in after.docs.range("tour/".to_string().."tour0".to_string()) {
            let Some(t): Option<Tournament> =
                serde_json::from_slice(bytes).map_err(|e| format!("{key}: {e}"))?
            else {
                continue;
            };
            let mut ids = std::collections::HashSet::new();
            if !t.entrants.iter().all(|e| ids.insert(&e.user.id)) {
                return Err(format!("{key}: an entrant twice"));
            }
            for round in &t.rounds {
                for p in &round.pairings {
                    let n = t.entrants.len();
                    if p.south >= n || p.north.is_some_and(|x| x >= n || x == p.south) {
                        return Err(format!(
                            "{key}: round {} board {} pairs {} and {:?} of {n}",
                            round.number, p.board, p.south, p.north
                        ));
                    }
                    let (Some(id), Some(room)) = (&p.game_id, &p.room) else {
                        continue;
                    };
                    let live = self
                        .checked
                        .get(&RecKey::Channel(room.clone()))
                        .is_some_and(|(_, s)| &s.id == id && s.status == Status::Playing);
                    let done = self
                        .checked
                        .get(&RecKey::History(id.clone()))
                        .map(|(_, s)| s);
                    match p.result {
                        None if t.phase == Phase::Running && !live => {
                            return Err(format!(
                                "{key}: round {} board {} is open but its game {id} is not in \
                                 play in {room:?} (finished: {:?})",
                                round.number,
                                p.board,
                                done.map(|s| s.result)
                            ))
                        }
                        Some(res) => {
                            let want = match res {
                                Res::South => GameResult::Win(Side::South),
                                Res::North => GameResult::Win(Side::North),
                                Res::Draw => GameResult::Draw,
                            };
                            if done.and_then(|s| s.result) != Some(want) {
                                return Err(format!(
                                    "{key}: round {} board {} says {res:?}, its game {id} \
                                     {:?}",
                                    round.number,
                                    p.board,
                                    done.map(|s| s.result)
                                ));
                            }
                        }
                        None => {}
                    }
                }
            }
        }
        Ok(())
    }

    /// Games keep their moves, and every new move was made by the player to move: the
    /// author of the command, in its channel, once; or the AI. `old` holds the
    /// summaries of the channel records the step changed or removed, as they were.
    pub(crate) fn check_moves(
        &self,
        actor: &Actor<'_>,
        before: &MemorySnapshot,
        old: &HashMap<ChannelKey, Summary>,
    ) -> Result<(), String> {
        let after = &self.snap;
        for (k, s) in old {
            if s.status == Status::Challenge {
                // An open challenge leaves its channel only by a command there
                // (accepted, declined, withdrawn); an expired one may be replaced.
                let here = matches!(actor, Actor::Command { at, .. } if *at == k);
                let expired = s
                    .challenge
                    .as_ref()
                    .is_some_and(|c| self.clock.now_ms() >= c.2);
                let same = self
                    .checked
                    .get(&RecKey::Channel(k.clone()))
                    .is_some_and(|(_, n)| n.id == s.id);
                if !here && !same && !expired {
                    return Err(format!(
                        "the challenge {} in {k:?} was replaced or removed from elsewhere",
                        s.id
                    ));
                }
                continue;
            }
            // The game must still be there, in its channel or finished.
            let Some(now) = self.game_by_id(&s.id, k) else {
                return Err(format!("the game {} in {k:?} vanished", s.id));
            };
            Self::check_new_plies(actor, &s.plies, now)?;
        }
        let was = |at: &ChannelKey, id: &str| old.get(at).is_some_and(|o| o.id == id);
        // New games: created this step (and perhaps finished in it too).
        for (k, bytes) in &after.channels {
            if before.channels.get(k) == Some(bytes) {
                continue;
            }
            let s = &self.checked[&RecKey::Channel(k.clone())].1;
            if !was(k, &s.id) {
                Self::check_new_plies(actor, &[], s)?;
            }
        }
        for id in after.history.keys() {
            if before.history.contains_key(id) {
                continue;
            }
            let s = &self.checked[&RecKey::History(id.clone())].1;
            if !was(&s.at, &s.id) {
                Self::check_new_plies(actor, &[], s)?;
            }
        }
        Ok(())
    }

    /// The game `id` after the step: in the channel `at`, else in the history.
    pub(crate) fn game_by_id(&self, id: &str, at: &ChannelKey) -> Option<&Summary> {
        match self.checked.get(&RecKey::Channel(at.clone())) {
            Some((_, s)) if s.id == id => Some(s),
            _ => self
                .checked
                .get(&RecKey::History(id.into()))
                .map(|(_, s)| s),
        }
    }

    /// The plies of `now` extend `old`; the new ones were made by the AI, or (the first
    /// one only) by the author of the command in its channel.
    pub(crate) fn check_new_plies(
        actor: &Actor<'_>,
        old: &[(String, Side)],
        now: &Summary,
    ) -> Result<(), String> {
        if now.plies.len() < old.len() || now.plies[..old.len()] != *old {
            return Err(format!(
                "the moves of game {} changed: {:?} became {:?}",
                now.id, old, now.plies
            ));
        }
        for (i, (mv, side)) in now.plies[old.len()..].iter().enumerate() {
            if now.ai == Some(*side) {
                bump(&STATS.ai_moves, 1);
                continue;
            }
            bump(&STATS.human_moves, 1);
            let ok = match actor {
                Actor::Command { author, at } => {
                    i == 0 && *at == &now.at && now.human(*side).is_some_and(|u| u.id == author.id)
                }
                _ => false,
            };
            if !ok {
                return Err(format!(
                    "game {} in {:?}: {mv} was played for {side} ({:?}), who did not send \
                     it",
                    now.id,
                    now.at,
                    now.human(*side)
                ));
            }
        }
        Ok(())
    }
}
