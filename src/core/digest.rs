//! The daily digest of turn alerts (`!notify digest`, issue 34): a player with many
//! games asks for no alert per move, and once a day the driver sends him one direct
//! message listing his games (in that community) where it is his turn, each with its
//! opponent, channel, id and deadline. Nothing is sent on a day with none.
//!
//! The driver looks for digests due at most once an hour ([`LOOK_EVERY_MS`]): it reads
//! every player's preferences (one prefix read), then, for each player due, his index
//! of games with their records (one read), and moves his next digest a day ahead
//! (one compare-and-swap) before the message is posted, so that a digest is never sent
//! twice for one day, even by two bot processes.

use std::sync::atomic::Ordering;

use super::api::{channel_token, time_token, Reply};
use super::listing::Archive;
use super::{Core, Notify, PlayerPrefs};
use crate::model::{ChannelKey, User};
use crate::store::keys::{DocKey, DocPrefix};
use crate::store::{docs, Got, Read, Record, Status, StoreError};

/// How often the driver looks for digests due, in milliseconds (an hour).
const LOOK_EVERY_MS: u64 = 3_600_000;
/// The time between two digests of a player, in milliseconds (a day).
const DAY_MS: u64 = 86_400_000;
/// Most games one digest lists; more are counted.
const MOST_LISTED: usize = 20;

/// A player's games where it is his turn, from his index `games`; with his name as the
/// records know it.
fn on_turn<'a>(games: &'a Archive, user: &str) -> (Vec<&'a Record>, Option<User>) {
    let mut name = None;
    let mine: Vec<&Record> = games
        .running
        .iter()
        .filter(|r| r.status() == Status::Playing)
        .filter(|r| {
            let Some(side) = r.play().map(|p| p.game().position().to_move()) else {
                return false;
            };
            let to_move = r.player(side);
            if let Some(u) = to_move.filter(|u| u.id == user) {
                name.get_or_insert_with(|| u.clone());
                return true;
            }
            false
        })
        .collect();
    (mine, name)
}

/// The digest's line of one game `r` of `user`.
fn line(r: &Record, user: &str) -> String {
    let opponent = super::alerts::opponent_name(r, user);
    let mut text = tr!(
        "notify-digest-game",
        game = super::text::kind_name(r.kind),
        opponent = opponent,
        channel = channel_token(&r.at),
        id = r.id.as_str()
    );
    if let Some(t) = r.timing().filter(|t| !t.timed_out && t.held_ms.is_none()) {
        text.push_str(&tr!("notify-digest-due", due = time_token(t.deadline_ms)));
    }
    text
}

impl Core {
    /// The digests due at `now` in the communities `owns` is true for, each a direct
    /// message with the channel of its first game; nothing when the driver looked less
    /// than an hour ago. Store failures are logged and skip the player concerned.
    pub(super) fn send_digests(
        &self,
        owns: &(dyn Fn(&str) -> bool + Sync),
        now: u64,
    ) -> Vec<(ChannelKey, Reply)> {
        let last = self.digests_ms.load(Ordering::Relaxed);
        if last != 0 && now.saturating_sub(last) < LOOK_EVERY_MS {
            return Vec::new();
        }
        self.digests_ms.store(now, Ordering::Relaxed);
        let players = match self.store.docs(&DocPrefix::AllPlayers) {
            Ok(p) => p,
            Err(e) => {
                tracing::error!(error = %e, "store failure reading the players' digests");
                return Vec::new();
            }
        };
        let mut out = Vec::new();
        for (key, bytes) in players {
            let DocKey::Player { community, user } = &key else {
                continue;
            };
            if !owns(community) {
                continue;
            }
            let Ok(prefs) = docs::decode::<PlayerPrefs>(&key, Some(bytes)) else {
                continue;
            };
            let due = prefs.value.notify == Notify::Digest
                && prefs.value.digest_ms.is_none_or(|t| t <= now);
            if !due {
                continue;
            }
            match self.digest_of(community, user, &key, now) {
                Ok(found) => out.extend(found),
                Err(e) => tracing::error!(error = %e, "store failure making a digest"),
            }
        }
        out
    }

    /// The digest of `user` in `community` (his preferences `key`) at `now`, once his
    /// next one is moved a day ahead; `None` when another process took it first, or
    /// when it is his turn in none of his games.
    fn digest_of(
        &self,
        community: &str,
        user: &str,
        key: &DocKey,
        now: u64,
    ) -> Result<Option<(ChannelKey, Reply)>, StoreError> {
        let took = docs::update(&*self.store, key, |p: &mut PlayerPrefs| {
            let due = p.notify == Notify::Digest && p.digest_ms.is_none_or(|t| t <= now);
            if due {
                p.digest_ms = Some(now.saturating_add(DAY_MS));
            }
            Ok::<bool, StoreError>(due)
        })?;
        if !took {
            return Ok(None);
        }
        let index = DocKey::Games {
            community: community.to_string(),
            user: user.to_string(),
        };
        let Some(Got::Archive { doc, records }) = self
            .store
            .read(&[Read::Archive(index.clone())])?
            .into_iter()
            .next()
        else {
            return Ok(None);
        };
        let games = Archive::of(&index, doc, records)?;
        let (mine, name) = on_turn(&games, user);
        let (Some(first), Some(player)) = (mine.first(), name) else {
            return Ok(None);
        };
        let lang = self.channel_lang(&first.at, None);
        let reply = crate::i18n::with_lang(lang, || {
            let mut text = tr!(
                "notify-digest",
                player = player.name.as_str(),
                count = mine.len()
            );
            for r in mine.iter().take(MOST_LISTED) {
                text.push('\n');
                text.push_str(&line(r, user));
            }
            if mine.len() > MOST_LISTED {
                text.push('\n');
                let more = mine.len() - MOST_LISTED;
                let p = self.settings.prefix.as_str();
                text.push_str(&tr!("notify-digest-more", count = more, p = p));
            }
            Reply {
                body: text.into(),
                to: Some(first.at.clone()),
                direct: Some(player.clone()),
                ..Reply::default()
            }
        });
        Ok(Some((first.at.clone(), reply)))
    }
}
