//! A command's one batched read: the keys its read plan ([`Needs`]) names, and the
//! [`ChannelState`] made of what the store answered. Pure: the dispatcher makes the
//! read ([`crate::store::Store::read`]).

use super::decision::ChannelState;
use super::needs::Needs;
use super::ratings::{self, RatingTable, FAMILIES};
use super::views::expired;
use super::{ChannelSettings, PlayerPrefs, SiteSettings};
use crate::model::{ChannelKey, User};
use crate::store::keys::{DocKey, DocPrefix};
use crate::store::{docs, Got, Read, Status, StoreError};

/// The keys a command of `author` in `at` about `subject` (and the game `id` its
/// argument names, if any) reads, as `needs` says, in the order [`state`] takes the
/// answers: the channel's record and settings, and the community's web settings (the
/// replies that link a game's page ask them), always.
pub(super) fn keys(
    at: &ChannelKey,
    (author, subject): (&User, &User),
    needs: Needs,
    id: Option<&str>,
) -> Vec<Read> {
    let mut keys = vec![
        Read::Game(at.clone()),
        Read::Doc(DocKey::chan(at)),
        Read::Doc(DocKey::site(&at.community)),
    ];
    if needs.last_finished {
        keys.push(Read::LastFinished(at.clone()));
    }
    if needs.author {
        keys.push(Read::Doc(DocKey::player(&at.community, author)));
    }
    if needs.ratings {
        keys.extend(FAMILIES.map(|fam| Read::Doc(ratings::table_key(&at.community, fam))));
    }
    if needs.rating_history {
        keys.extend(FAMILIES.map(|fam| {
            Read::Docs(DocPrefix::RatingLog {
                community: at.community.clone(),
                family: fam.into(),
                user: subject.id.clone(),
            })
        }));
    }
    if needs.tournaments {
        keys.push(Read::Docs(DocPrefix::Tours(at.community.clone())));
    }
    if needs.vacations {
        keys.push(Read::Doc(DocKey::vacations(&at.community)));
    }
    if needs.games {
        keys.push(Read::Archive(DocKey::games(&at.community, author)));
    }
    if let (true, Some(id)) = (needs.by_id, id) {
        keys.push(Read::ById {
            community: at.community.clone(),
            id: id.to_string(),
        });
    }
    if needs.channel_log {
        keys.push(Read::Archive(DocKey::chan_log(at)));
    }
    if needs.indexes {
        keys.push(Read::Doc(DocKey::games(&at.community, author)));
        keys.push(Read::Doc(DocKey::chan_log(at)));
        keys.push(Read::Indexes(at.clone()));
    }
    if needs.puzzles {
        keys.push(Read::Doc(DocKey::puzzles(&at.community, author)));
        if subject.id != author.id {
            keys.push(Read::Doc(DocKey::puzzles(&at.community, subject)));
        }
    }
    keys
}

/// The game id the command `text` (behind `prefix`) names as its first argument, as
/// the store keys it; `None` when it names none, or something that is no id (the
/// command's parser then says so).
pub(super) fn id_argument(text: &str, prefix: &str) -> Option<String> {
    let rest = crate::core::command::addressed(text, prefix)?;
    let word = rest.split_whitespace().nth(1)?;
    crate::store::gameid::normalize(word).ok()
}

/// The answers of a batched read, taken in the order of its keys.
pub(super) struct Answers(std::vec::IntoIter<Got>);

impl Answers {
    /// The answers `got` of a batched read.
    pub(super) fn new(got: Vec<Got>) -> Answers {
        Answers(got.into_iter())
    }

    fn next(&mut self) -> Result<Got, StoreError> {
        self.0.next().ok_or_else(short_answer)
    }

    /// The next answer, a document, decoded (absent: the default).
    pub(super) fn doc<T: serde::de::DeserializeOwned + Default>(
        &mut self,
        key: &DocKey,
    ) -> Result<docs::Doc<T>, StoreError> {
        match self.next()? {
            Got::Doc(bytes) => docs::decode(key, bytes),
            _ => Err(short_answer()),
        }
    }

    /// The next answer, an index of games with its records ([`Read::Archive`]).
    fn archive(&mut self, key: &DocKey) -> Result<crate::core::listing::Archive, StoreError> {
        match self.next()? {
            Got::Archive { doc, records } => crate::core::listing::Archive::of(key, doc, records),
            _ => Err(short_answer()),
        }
    }

    /// The next answer, the documents under a prefix.
    fn docs(&mut self) -> Result<Vec<(DocKey, Vec<u8>)>, StoreError> {
        match self.next()? {
            Got::Docs(entries) => Ok(entries),
            _ => Err(short_answer()),
        }
    }
}

/// The state a command decides from, made of `got`, the store's answer to
/// [`keys`]`(at, reader, needs, id)`, at `now`. The muted flag is left false (it needs a
/// read after this one).
///
/// # Errors
/// An answer that does not match its key (a store bug), or a document that cannot be
/// decoded.
pub(super) fn state(
    at: &ChannelKey,
    (author, subject): (&User, &User),
    (needs, id): (Needs, Option<&str>),
    now: u64,
    got: Vec<Got>,
) -> Result<ChannelState, StoreError> {
    let mut got = Answers::new(got);
    let Got::Game(stored) = got.next()? else {
        return Err(short_answer());
    };
    let channel = got.doc::<ChannelSettings>(&DocKey::chan(at))?;
    let site = got.doc::<SiteSettings>(&DocKey::site(&at.community))?;
    let mut state = ChannelState {
        stored,
        channel: channel.value,
        channel_version: channel.version,
        site,
        tournament_community: at.community.clone(),
        ..ChannelState::default()
    };
    if needs.last_finished {
        let Got::LastFinished(last) = got.next()? else {
            return Err(short_answer());
        };
        // Shown only where the channel holds no game to show.
        let record = state.record();
        if record.is_none_or(|r| r.status() == Status::Challenge && expired(r, now)) {
            state.last_finished.clone_from(&last);
        }
        state.last_played = last;
    }
    if needs.author {
        state.author = got.doc::<PlayerPrefs>(&DocKey::player(&at.community, author))?;
    }
    if needs.ratings {
        for (table, fam) in state.ratings.iter_mut().zip(FAMILIES) {
            *table = got
                .doc::<RatingTable>(&ratings::table_key(&at.community, fam))?
                .value;
        }
    }
    if needs.rating_history {
        for history in &mut state.rating_history {
            *history = ratings::decode_history(got.docs()?)?;
        }
    }
    if needs.tournaments {
        state.tournaments = got.docs()?;
    }
    if needs.vacations {
        state.vacations = got.doc(&DocKey::vacations(&at.community))?;
    }
    if needs.games {
        state.games = got.archive(&DocKey::games(&at.community, author))?;
    }
    if let (true, Some(_)) = (needs.by_id, id) {
        let Got::ById(found) = got.next()? else {
            return Err(short_answer());
        };
        state.by_id = found;
    }
    if needs.channel_log {
        state.channel_log = got.archive(&DocKey::chan_log(at))?;
    }
    if needs.indexes {
        let (Got::Doc(mine), Got::Doc(log), Got::Indexes(named)) =
            (got.next()?, got.next()?, got.next()?)
        else {
            return Err(short_answer());
        };
        state.indexes = named;
        let key = DocKey::games(&at.community, author);
        if state.indexes.iter().all(|(k, _)| *k != key) {
            state.indexes.push((key, mine));
        }
        state.indexes.push((DocKey::chan_log(at), log));
    }
    if needs.puzzles {
        state.puzzles = got.doc(&DocKey::puzzles(&at.community, author))?;
        if subject.id != author.id {
            let theirs = got.doc(&DocKey::puzzles(&at.community, subject))?;
            state.subject_puzzles = Some((subject.clone(), theirs.value));
        }
    }
    Ok(state)
}

/// The community of the tournament whose game the channel of `state` holds (or held
/// last), when it is not the channel's own (`at`'s): every room the bot opens on
/// Matrix is a community of its own.
pub(super) fn tournament_elsewhere(state: &ChannelState, at: &ChannelKey) -> Option<String> {
    let shown = state
        .record()
        .filter(|r| r.play().is_some())
        .or(state.last_finished.as_ref())?;
    match &shown.tournament.as_ref()?.key {
        DocKey::Tour { community, .. } if *community != at.community => Some(community.clone()),
        _ => None,
    }
}

/// The error of a batched read whose answer does not match its keys (a store bug).
fn short_answer() -> StoreError {
    StoreError::Io {
        what: "reading a command's records".into(),
        reason: "the store answered other keys than were asked".into(),
    }
}
