//! The players' archive (issue "Players: an archive of their games"): the indexes of
//! [`crate::store::archive`] kept in the same commit as a game's start and its finish,
//! and read back with their games ([`Archive`]).
//!
//! Each index entry holds a game's id and channel only, never its state: `!games` reads
//! the index and the records it names in its one batched read
//! ([`crate::store::Read::Archive`]), so that a move, which changes only its game's
//! record, writes no index and `!sow` stays one read and one write. A game's start (its
//! record entering play: `!accept`, a game against the AI, a tournament's game) and its
//! finish name their players only in the record, so their indexes are read after it, in
//! one more batch, as a finished game's rating table is ([`super::aftermath`]), and
//! written in the same commit as the game.

use super::decision::DocWrite;
use super::snapshot::Answers;
use super::{Core, StoreError};
use crate::model::User;
use crate::store::archive::GameList;
use crate::store::keys::DocKey;
use crate::store::{Got, Read, Record, Status};
use mancala_rules::Side;

/// The people who play `r` (not the AI), South first.
pub(super) fn people(r: &Record) -> Vec<&User> {
    let mut out: Vec<&User> = Vec::new();
    for s in Side::ALL.into_iter().filter(|&s| !r.is_ai(s)) {
        // One index write per key: a seat taken twice by one user counts once.
        if let Some(u) = r.player(s).filter(|u| out.iter().all(|o| o.id != u.id)) {
            out.push(u);
        }
    }
    out
}

/// The index documents a finished game `r` changes: its players' and its channel's.
pub(super) fn finish_keys(r: &Record) -> Vec<DocKey> {
    people(r)
        .into_iter()
        .map(|u| DocKey::games(&r.at.community, u))
        .chain(std::iter::once(DocKey::chan_log(&r.at)))
        .collect()
}

/// The writes of the finished game `r` into its indexes `keys` ([`finish_keys`]), read
/// as the next answers of `got`: nothing for an index that has it finished already.
///
/// # Errors
/// An index that cannot be decoded.
pub(super) fn finish_writes(
    r: &Record,
    keys: Vec<DocKey>,
    got: &mut Answers,
) -> Result<Vec<DocWrite>, StoreError> {
    changed(keys, got, |list| list.finished(&r.id, &r.at.channel))
}

/// Each index of `keys` (the next answers of `got`) changed by `change`, when it says
/// it changed.
fn changed(
    keys: Vec<DocKey>,
    got: &mut Answers,
    change: impl Fn(&mut GameList) -> bool,
) -> Result<Vec<DocWrite>, StoreError> {
    let mut out = Vec::new();
    for key in keys {
        let mut doc = got.doc::<GameList>(&key)?;
        if change(&mut doc.value) {
            out.push(DocWrite::of(key, doc.version, &doc.value));
        }
    }
    Ok(out)
}

/// The answers for `keys` among the indexes a command read (`read`), when it read
/// them all.
pub(super) fn known(keys: &[DocKey], read: &[(DocKey, Option<Vec<u8>>)]) -> Option<Vec<Got>> {
    keys.iter()
        .map(|k| {
            read.iter()
                .find(|(rk, _)| rk == k)
                .map(|(_, v)| Got::Doc(v.clone()))
        })
        .collect()
}

/// Whether the write of `after` over `before` (the channel's record as read) starts a
/// game: the record enters play (a challenge accepted, a game against the AI or a
/// tournament's game created in play).
pub(super) fn starts(before: Option<&Record>, after: &Record) -> bool {
    after.playing().is_some() && before.is_none_or(|b| b.status() == Status::Challenge)
}

/// The writes that put the game `r`, in play and moving now, into its players'
/// indexes and the id registry when it is missing there: a game started by an older
/// build, caught up with at its first move under this one, in the move's own commit.
/// Nothing unless the command read all of them with the channel (`read`).
///
/// # Errors
/// An index that cannot be decoded.
pub(super) fn catch_up(
    r: &Record,
    read: &[(DocKey, Option<Vec<u8>>)],
) -> Result<Vec<DocWrite>, StoreError> {
    let home = DocKey::game_at(&r.at.community, &r.id);
    let keys: Vec<DocKey> = people(r)
        .into_iter()
        .map(|u| DocKey::games(&r.at.community, u))
        .collect();
    let (Some(got), Some((_, at))) = (known(&keys, read), read.iter().find(|(k, _)| *k == home))
    else {
        return Ok(Vec::new());
    };
    if r.playing().is_none() {
        return Ok(Vec::new());
    }
    let mut out = changed(keys, &mut Answers::new(got), |list| {
        list.started(&r.id, &r.at.channel)
    })?;
    if at.is_none() {
        let value = crate::store::archive::GameAt {
            channel: r.at.channel.clone(),
        };
        out.push(DocWrite::of(home, None, &value));
    }
    Ok(out)
}

impl Core {
    /// The writes of the game `r`, starting, into its players' indexes: as the command
    /// read them with the channel (`read`, see [`crate::core::needs::Needs::indexes`]),
    /// else read now in one batch (a start by the driver or a tournament).
    ///
    /// # Errors
    /// A store failure, or an index that cannot be decoded.
    pub(super) fn archive_start(
        &self,
        r: &Record,
        read: &[(DocKey, Option<Vec<u8>>)],
    ) -> Result<Vec<DocWrite>, StoreError> {
        let keys: Vec<DocKey> = people(r)
            .into_iter()
            .map(|u| DocKey::games(&r.at.community, u))
            .collect();
        if keys.is_empty() {
            return Ok(Vec::new());
        }
        let got = match known(&keys, read) {
            Some(got) => got,
            None => {
                let reads: Vec<Read> = keys.iter().cloned().map(Read::Doc).collect();
                self.store.read(&reads)?
            }
        };
        let mut got = Answers::new(got);
        changed(keys, &mut got, |list| list.started(&r.id, &r.at.channel))
    }
}
