//! What follows a finished game: its rating and its tournament result, applied so that
//! a crash at any step loses nothing and counts nothing twice (issue 12 item 5).
//!
//! The store marks a game unsettled in the same transaction that finishes it
//! ([`crate::store::Store::unsettled`]). Then each consequence is applied with a step
//! that is idempotent, keyed by the game id: the rating table remembers the games it
//! applied and keeps their history entries pending until they are written
//! ([`ratings::apply_game`]), and a tournament records one result per pairing and game.
//! Once every step is done the game is settled. The periodic driver (run at start-up
//! and every minute) applies the games still unsettled, so a game finished just before
//! a crash is rated and recorded at the next start, once.

use mancala_rules::Side;

use super::api::Reply;
use super::ratings::{self, Glicko, RatedGame};
use super::{Core, Fail};
use crate::model::ChannelKey;
use crate::store::{GameResult, Record, StoreError};

/// What applying a finished game's consequences gave.
#[derive(Debug, Default)]
pub(super) struct Aftermath {
    /// The rating line of this application (`Ratings (katro): ...`), when the game was
    /// rated now.
    pub rated: Option<String>,
    /// Why the game is not rated, when a player might expect it to be (a side never
    /// moved).
    pub unrated: Option<String>,
    /// The replies of its tournament (its result, the next round).
    pub replies: Vec<Reply>,
    /// Every step is applied (or had nothing to apply): the game is settled.
    pub complete: bool,
}

impl Aftermath {
    /// The lines to append to the reply that finished the game.
    pub(super) fn lines(&self) -> impl Iterator<Item = &String> {
        self.rated.iter().chain(self.unrated.iter())
    }
}

impl Core {
    /// Applies what follows the finished game `r`: its rating, then its tournament
    /// result; settles it in the store when both are done. Safe to call again for the
    /// same game.
    pub(super) fn after_finish(&self, r: &Record) -> Aftermath {
        let mut out = Aftermath {
            complete: true,
            ..Aftermath::default()
        };
        match self.rate(r) {
            Ok(Rating::Applied(line)) => out.rated = Some(line),
            Ok(Rating::Unrated(line)) => out.unrated = Some(line),
            Ok(Rating::None) => {}
            Err(e) => {
                tracing::error!(error = %e, game = %r.id, "rating update failed");
                out.complete = false;
            }
        }
        if let (Some(link), Some(res)) = (&r.tournament, r.result()) {
            match self.tourney_game_over(link, &r.id, res) {
                Ok(replies) => out.replies = replies,
                Err(e) => {
                    let e = match e {
                        Fail::Store(e) => e.to_string(),
                        _ => "too many concurrent writes".to_string(),
                    };
                    tracing::error!(error = %e, game = %r.id, "tournament result not recorded");
                    out.complete = false;
                }
            }
        }
        if out.complete {
            if let Err(e) = self.store.settle(&r.id) {
                tracing::error!(error = %e, game = %r.id, "cannot mark the game settled");
            }
        }
        out
    }

    /// Applies a finished game to the ratings, when it counts: between two people, not
    /// aborted, and both sides moved (else it is unrated however it ended, also in a
    /// tournament).
    fn rate(&self, r: &Record) -> Result<Rating, StoreError> {
        let Some(result) = r.result() else {
            return Ok(Rating::None);
        };
        if !r.rated || result == GameResult::NoResult {
            return Ok(Rating::None);
        }
        if !r.both_sides_moved() {
            return Ok(Rating::Unrated(tr!("result-unrated-unmoved")));
        }
        let score = match result {
            GameResult::Win(Side::South) => 1.0,
            GameResult::Win(Side::North) => 0.0,
            _ => 0.5,
        };
        let (Some(south), Some(north)) = (r.south(), r.north()) else {
            return Ok(Rating::None);
        };
        let fam = ratings::family(r.kind);
        // A tournament game counts in the tournament's community: on Matrix its room
        // is a community of its own.
        let community = r
            .tournament
            .as_ref()
            .map_or(r.at.community.as_str(), |l| l.key.community());
        let game = RatedGame {
            community,
            family: fam,
            id: &r.id,
            at_ms: r.updated_ms,
            a: south,
            b: north,
            score_a: score,
        };
        Ok(
            match ratings::apply_game(&*self.store, &game, Glicko::of(&self.settings))? {
                Some([(bs, as_), (bn, an)]) => Rating::Applied(tr!(
                    "result-ratings",
                    family = fam.to_string(),
                    south = &south.name,
                    south_before = format!("{:.0}", bs.rating),
                    south_after = format!("{:.0}", as_.rating),
                    north = &north.name,
                    north_before = format!("{:.0}", bn.rating),
                    north_after = format!("{:.0}", an.rating)
                )),
                None => Rating::None,
            },
        )
    }

    /// The driver's pass over the unsettled games of the communities `owns` accepts:
    /// each is applied again (see the module); a rating applied only now is announced
    /// in the game's channel, with its tournament's replies.
    pub(super) fn settle_unsettled(
        &self,
        owns: &(dyn Fn(&str) -> bool + Sync),
    ) -> Vec<(ChannelKey, Reply)> {
        let ids = match self.store.unsettled() {
            Ok(ids) => ids,
            Err(e) => {
                tracing::error!(error = %e, "store failure reading the unsettled games");
                return Vec::new();
            }
        };
        let mut out = Vec::new();
        for id in ids {
            let r = match self.store.finished(&id) {
                Ok(Some(r)) => r,
                Ok(None) => {
                    // No such finished game (a stray mark): nothing to apply.
                    let _ = self.store.settle(&id);
                    continue;
                }
                Err(e) => {
                    tracing::error!(error = %e, game = %id, "cannot read an unsettled game");
                    continue;
                }
            };
            if !owns(&r.at.community) {
                continue;
            }
            let after = self.after_finish(&r);
            if let Some(line) = after.rated {
                out.push((r.at.clone(), super::text_reply(line)));
            }
            out.extend(super::correspondence::route(&r.at, after.replies));
        }
        out
    }
}

/// What [`Core::rate`] did.
enum Rating {
    /// Applied now: the rating line.
    Applied(String),
    /// Not rated, and the result reply says why.
    Unrated(String),
    /// Nothing to say: unrated (the AI, an abort), or already applied.
    None,
}
