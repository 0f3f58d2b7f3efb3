//! What follows a finished game: its rating and its tournament result, decided over
//! what they change (its rating table, its tournament, read in one batch) and written
//! in the same compare-and-swap as the game itself, so that a game, both ratings and
//! the tournament change together or not at all (issue 35).
//!
//! The same transaction writes the game's two rating history entries and settles the
//! game ([`Op::Settle`]: the store marks a game unsettled when it finishes, and the
//! mark comes off in the same write). After it, a tournament result is announced and
//! the next round paired. A game still marked (finished by an older build, which wrote
//! these one after another, or imported so) is taken up by the periodic driver (at
//! start-up and every minute), which writes what is missing in a transaction of its
//! own and settles it. Each step is idempotent, keyed by the game
//! id: the rating table remembers the games it applied, and a tournament records one
//! result per pairing and game, so nothing is lost or counted twice.

use mancala_rules::Side;

use super::api::Reply;
use super::archive;
use super::decision::DocWrite;
use super::ratings::{self, Glicko, RatedGame, RatingTable};
use super::snapshot::Answers;
use super::tournament::commands::res_of;
use super::tournament::{Res, Tournament};
use super::{Core, Fail};
use crate::model::ChannelKey;
use crate::store::keys::DocKey;
use crate::store::{docs, GameResult, Op, Read, Record, StoreError, TourneyLink};

/// What a finished game changes besides itself, decided over what was read.
#[derive(Debug, Default)]
pub(super) struct Aftermath {
    /// Its writes: the rating table, its history entries, the tournament, each
    /// compared with what was read.
    pub docs: Vec<DocWrite>,
    /// The rating line (`Ratings (Katro): ...`), when the game is rated now.
    pub rated: Option<String>,
    /// Why the game is not rated, when a player might expect it to be (a side never
    /// moved).
    pub unrated: Option<String>,
    /// The rating table whose pending history entries to write out after the write
    /// (community, family).
    pending: Option<(String, String)>,
    /// The tournament result recorded: the tournament as written, to announce it and
    /// pair the next round after the write.
    recorded: Option<(Tournament, TourneyLink, Res)>,
}

impl Aftermath {
    /// Whether this aftermath writes the document `key` (then a write of the command
    /// to the same document is left out: this one starts from it, see
    /// [`Core::aftermath`]).
    pub(super) fn replaces(&self, key: &DocKey) -> bool {
        self.docs.iter().any(|d| d.key == *key)
    }

    /// The lines to append to the reply that finished the game.
    pub(super) fn lines(&self) -> impl Iterator<Item = &String> {
        self.rated.iter().chain(self.unrated.iter())
    }
}

/// The rated game of `r` when it counts: between two people, not aborted, both sides
/// moved (else unrated however it ended, also in a tournament); `Err` with the line
/// that says why not, when a player might expect it to be rated.
fn rated_game(r: &Record) -> Result<Option<RatedGame<'_>>, String> {
    let Some(result) = r.result() else {
        return Ok(None);
    };
    // A takeback is refused in rated games; a game that had one never counts, even
    // if its record says rated (an import, a hand-edited store).
    if !r.rated || result == GameResult::NoResult || r.had_takeback() || r.ai.is_some() {
        return Ok(None);
    }
    if !r.both_sides_moved() {
        return Err(tr!("result-unrated-unmoved"));
    }
    let (Some(a), Some(b)) = (r.south(), r.north()) else {
        return Ok(None);
    };
    let score_a = match result {
        GameResult::Win(Side::South) => 1.0,
        GameResult::Win(Side::North) => 0.0,
        _ => 0.5,
    };
    // A tournament game counts in the tournament's community: on Matrix its room is a
    // community of its own.
    let community = r
        .tournament
        .as_ref()
        .map_or(r.at.community.as_str(), |l| l.key.community());
    Ok(Some(RatedGame {
        community,
        family: ratings::family(r.kind),
        id: &r.id,
        at_ms: r.updated_ms,
        a,
        b,
        score_a,
    }))
}

impl Core {
    /// Reads what the finished game `r` changes (its rating table, its tournament, its
    /// indexes of games unless the command read them: `read`) in one batch and decides the changes: [`Aftermath::ops`] to write with the game.
    ///
    /// # Errors
    /// A store failure, or an unreadable table or tournament.
    ///
    /// `own`: the documents the command that finished the game writes with it; when
    /// one is the game's tournament (an organizer's adjudication writes its log entry
    /// there), the result is recorded over that write, which it replaces
    /// ([`Aftermath::replaces`]), so that the one commit holds both.
    pub(super) fn aftermath(
        &self,
        r: &Record,
        read: &[(DocKey, Option<Vec<u8>>)],
        own: &[DocWrite],
    ) -> Result<Aftermath, StoreError> {
        let mut out = Aftermath::default();
        let game = match rated_game(r) {
            Ok(game) => game,
            Err(why) => {
                out.unrated = Some(why);
                None
            }
        };
        let link = r.tournament.as_ref().zip(r.result().and_then(res_of));
        let mut keys = Vec::new();
        let table_key = game.map(|g| ratings::table_key(g.community, g.family));
        keys.extend(table_key.clone().map(Read::Doc));
        keys.extend(link.map(|(l, _)| Read::Doc(l.key.clone())));
        // The players' and the channel's indexes of games: as the command read them,
        // else last in the same batch.
        let indexes = archive::finish_keys(r);
        let known = archive::known(&indexes, read);
        if known.is_none() {
            keys.extend(indexes.iter().cloned().map(Read::Doc));
        }
        let got = match keys.is_empty() {
            true => Vec::new(),
            false => self.store.read(&keys)?,
        };
        let mut got = Answers::new(got.into_iter().chain(known.into_iter().flatten()).collect());
        if let (Some(g), Some(key)) = (game, table_key) {
            let doc = got.doc::<RatingTable>(&key)?;
            self.rate(&mut out, &g, (key, doc));
        }
        if let Some((link, res)) = link {
            let mut doc = got.doc::<Option<Tournament>>(&link.key)?;
            if let Some(w) = own.iter().find(|w| w.key == link.key) {
                doc = docs::decode(&link.key, Some(w.value.clone()))?;
                doc.version = w.expected.clone();
            }
            record_result(&mut out, &r.id, (link, res), doc);
        }
        out.docs
            .extend(archive::finish_writes(r, indexes, &mut got)?);
        Ok(out)
    }

    /// Applies the rated game `g` to its table `doc` (stored as `key`) into `out`.
    fn rate(
        &self,
        out: &mut Aftermath,
        g: &RatedGame<'_>,
        (key, doc): (DocKey, docs::Doc<RatingTable>),
    ) {
        let mut table = doc.value;
        // Entries an older build left pending in the table are written out after the
        // write (the history entries of this game are written with it, below).
        if !table.pending.is_empty() {
            out.pending = Some((g.community.to_string(), g.family.to_string()));
        }
        let Some([(bs, as_), (bn, an)]) =
            ratings::apply_to(&mut table, g, Glicko::of(&self.settings))
        else {
            return;
        };
        // This game's two history entries: documents of their own in the same
        // transaction, new keys (a game is applied once), so not left pending.
        let (mine, older): (Vec<_>, Vec<_>) = std::mem::take(&mut table.pending)
            .into_iter()
            .partition(|p| p.change.game_id == g.id);
        table.pending = older;
        for p in mine {
            let log = DocKey::rating_log(g.community, g.family, &p.user, p.change.at_ms, g.id);
            out.docs.push(DocWrite::of(log, None, &p.change));
        }
        out.docs.push(DocWrite::of(key, doc.version, &table));
        out.rated = Some(tr!(
            "result-ratings",
            family = super::text::game_name(g.family == "katro"),
            south = &g.a.name,
            south_before = format!("{:.0}", bs.rating),
            south_after = format!("{:.0}", as_.rating),
            north = &g.b.name,
            north_before = format!("{:.0}", bn.rating),
            north_after = format!("{:.0}", an.rating)
        ));
    }

    /// What follows the write of `after`: history entries an older build left pending
    /// written out, the tournament result announced and the next round paired. Its
    /// replies.
    pub(super) fn after_commit(&self, after: Aftermath) -> Vec<Reply> {
        if let Some((community, family)) = &after.pending {
            if let Err(e) = ratings::write_pending(&*self.store, community, family) {
                // Left pending in the table: the next game applied to it writes them.
                tracing::warn!(error = %e, "rating history entries left pending");
            }
        }
        let Some((t, link, res)) = after.recorded else {
            return Vec::new();
        };
        let mut out = vec![self.result_reply(&t, &link, res)];
        out.extend(self.advance(&link.key));
        // A knockout board's next game after a draw (`Tournament::record`).
        out.extend(self.open_games(&link.key));
        out
    }

    /// Applies what follows the finished game `r` in a transaction of its own and
    /// settles it (a game the store still marks unsettled, see the module): its replies
    /// and the rating line, if rated now. Safe to call again for the same game.
    ///
    /// # Errors
    /// A store failure, or too many conflicting writes; the game stays unsettled then.
    pub(super) fn settle_game(&self, r: &Record) -> Result<(Vec<Reply>, Option<String>), Fail> {
        for _ in 0..crate::store::MAX_ATTEMPTS {
            let after = self.aftermath(r, &[], &[])?;
            let mut ops: Vec<Op> = after.docs.iter().cloned().map(DocWrite::into_op).collect();
            if ops.is_empty() || self.store.commit(&mut ops)? {
                let line = after.rated.clone();
                let replies = self.after_commit(after);
                self.settle(&r.id);
                return Ok((replies, line));
            }
        }
        Err(Fail::Busy)
    }

    /// Marks the game `id` settled; a failure leaves it to the driver (logged).
    pub(super) fn settle(&self, id: &str) {
        let mut ops = [Op::Settle(id.to_string())];
        if let Err(e) = self.store.commit(&mut ops) {
            tracing::warn!(error = %e, game = %id, "game left unsettled: the driver settles it");
        }
    }

    /// The driver's pass over the unsettled games of the communities `owns` accepts:
    /// each is applied and settled ([`Core::settle_game`]); a rating applied only now
    /// is announced in the game's channel, with its tournament's replies.
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
            match self.settle_game(&r) {
                Ok((replies, line)) => {
                    if let Some(line) = line {
                        out.push((r.at.clone(), super::text_reply(line)));
                    }
                    out.extend(super::correspondence::route(&r.at, replies));
                }
                Err(Fail::Store(e)) => {
                    tracing::error!(error = %e, game = %id, "cannot settle a finished game")
                }
                Err(_) => tracing::warn!(game = %id, "settling a game: too many concurrent writes"),
            }
        }
        out
    }
}

/// Records the result `res` of the game `id` in its tournament `doc` (read for `link`)
/// into `out`: nothing when the tournament is gone, not running, or has it already.
fn record_result(
    out: &mut Aftermath,
    id: &str,
    (link, res): (&TourneyLink, Res),
    doc: docs::Doc<Option<Tournament>>,
) {
    let Some(mut t) = doc.value else { return };
    if t.phase != super::tournament::Phase::Running || !t.record(link.round, link.board, id, res) {
        return;
    }
    out.docs
        .push(DocWrite::of(link.key.clone(), doc.version, &Some(&t)));
    out.recorded = Some((t, link.clone(), res));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{GameKind, User};
    use crate::store::Play;

    fn user(n: &str) -> User {
        User {
            id: n.into(),
            name: n.into(),
        }
    }

    /// A game marked rated in which both sides moved, then North resigned; `takebacks`
    /// takebacks made.
    fn resigned(takebacks: u32) -> Record {
        let kind = GameKind::single(mancala_rules::Variant::KATRO);
        let at = ChannelKey {
            community: "c".into(),
            channel: "x".into(),
        };
        let play = Play::new(kind).expect("katro");
        let mut r = Record::in_play("g".into(), at, kind, user("a"), user("b"), play, None, 0);
        let t = r.playing_mut().expect("in play");
        if let Play::Game(g) = &mut t.play {
            g.play_text("c1+").expect("legal");
            let mv = g.legal_moves()[0];
            g.play(mv).expect("legal");
        }
        t.takebacks = takebacks;
        t.resign(Side::North);
        r.finish(None, 1).expect("over");
        r
    }

    /// A game with a takeback never counts for a rating, even marked rated.
    #[test]
    fn a_game_with_a_takeback_is_never_rated() {
        assert!(matches!(rated_game(&resigned(0)), Ok(Some(_))));
        assert!(matches!(rated_game(&resigned(1)), Ok(None)));
    }
}
