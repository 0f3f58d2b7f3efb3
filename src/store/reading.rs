//! [`Store::read`](super::Store::read), written once over the backends' primitive: the
//! single keys of every [`Read`] in one batch, then, in a second batch, what those
//! answers point to (only when some do), and each prefix in one scan. One call, so one
//! read as the metrics count it, for the core's "one batched read per command".
//!
//! What points further: the last game of a channel (its id, then its record in the
//! history), a game by its id (the history, else its `gameat` document, then the
//! channel's record), and an index of games (its document, then each game's record,
//! see [`super::archive`]).

use super::archive::{GameAt, GameList};
use super::batch::{Got, Read};
use super::kv::{Key, KeyValue, Space};
use super::record::decode;
use super::{Record, StoreError, Stored, Version};
use crate::model::ChannelKey;
use crate::store::keys::DocKey;

pub(super) fn channel_name(at: &ChannelKey) -> String {
    format!("channel {}/{}", at.community, at.channel)
}

pub(super) fn chan(at: &ChannelKey) -> Key {
    Key::Channel(at.clone())
}

pub(super) fn name(n: &str) -> Key {
    Key::Name(n.to_string())
}

/// A stored document key as a [`DocKey`].
pub(super) fn parse_doc_key(k: &str) -> Result<DocKey, StoreError> {
    DocKey::parse(k).map_err(|reason| StoreError::Read {
        key: format!("document {k}"),
        reason,
    })
}

pub(super) fn history(id: &str, bytes: Option<Vec<u8>>) -> Result<Option<Record>, StoreError> {
    bytes
        .map(|b| decode(&format!("history {id}"), &b))
        .transpose()
}

/// The documents under `prefix`, in key order.
pub(super) fn scan_docs<K: KeyValue>(
    kv: &K,
    prefix: &str,
) -> Result<Vec<(DocKey, Vec<u8>)>, StoreError> {
    let mut out = Vec::new();
    kv.scan(Space::Docs, prefix, &mut |k, v| {
        out.push((parse_doc_key(k.name())?, v));
        Ok(())
    })?;
    Ok(out)
}

/// The keys of the first batch for `r`.
fn firsts(r: &Read) -> Vec<(Space, Key)> {
    match r {
        Read::Game(at) | Read::Indexes(at) => vec![(Space::Channels, chan(at))],
        Read::LastFinished(at) => vec![(Space::Last, chan(at))],
        Read::Finished(id) => vec![(Space::History, name(id))],
        Read::Doc(key) | Read::Archive(key) => vec![(Space::Docs, Key::Name(key.to_string()))],
        Read::Docs(_) => Vec::new(),
        Read::ById { community, id } => vec![
            (Space::History, name(id)),
            (
                Space::Docs,
                Key::Name(DocKey::game_at(community, id).to_string()),
            ),
        ],
    }
}

/// A stored document decoded as `T`, naming its key when it cannot be.
fn json<T: serde::de::DeserializeOwned>(key: &str, bytes: &[u8]) -> Result<T, StoreError> {
    serde_json::from_slice(bytes).map_err(|e| StoreError::Read {
        key: format!("document {key}"),
        reason: e.to_string(),
    })
}

/// The channels' records the first batch read, each decoded once however many reads
/// ask for it: a command's game and the indexes of the people it names (`!sow` reads
/// both).
type Decoded = std::collections::HashMap<ChannelKey, Record>;

/// [`Decoded`] for the first answers `answers` of `reads`.
fn decoded(reads: &[Read], answers: &[Vec<Option<Vec<u8>>>]) -> Result<Decoded, StoreError> {
    let mut out = Decoded::new();
    for (r, a) in reads.iter().zip(answers) {
        if let (Read::Game(at) | Read::Indexes(at), [Some(bytes)]) = (r, a.as_slice()) {
            if !out.contains_key(at) {
                out.insert(at.clone(), decode(&channel_name(at), bytes)?);
            }
        }
    }
    Ok(out)
}

/// The keys of the second batch for `r`, from its first answers `got` (the channels'
/// records among them `records`).
fn seconds(
    r: &Read,
    got: &[Option<Vec<u8>>],
    records: &Decoded,
) -> Result<Vec<(Space, Key)>, StoreError> {
    Ok(match (r, got) {
        (Read::LastFinished(_), [Some(id)]) => vec![(
            Space::History,
            Key::Name(String::from_utf8_lossy(id).into()),
        )],
        (Read::ById { community, id }, [None, Some(at)]) => {
            let at: GameAt = json(&DocKey::game_at(community, id).to_string(), at)?;
            vec![(
                Space::Channels,
                chan(&ChannelKey {
                    community: community.clone(),
                    channel: at.channel,
                }),
            )]
        }
        (Read::Indexes(at), [Some(_)]) => {
            let Some(r) = records.get(at) else {
                return Ok(Vec::new());
            };
            let mut people: Vec<&crate::model::User> = Vec::new();
            let named = r
                .challenge()
                .into_iter()
                .flat_map(|c| std::iter::once(&c.challenger).chain(c.opponent.as_ref()));
            let seated = mancala_rules::Side::ALL
                .into_iter()
                .filter(|&s| !r.is_ai(s))
                .filter_map(|s| r.player(s));
            for u in named.chain(seated) {
                if people.iter().all(|p| p.id != u.id) {
                    people.push(u);
                }
            }
            // And where its id lives: a game started by an older build has no such
            // document, written with its next move.
            people
                .into_iter()
                .map(|u| DocKey::games(&at.community, u))
                .chain(std::iter::once(DocKey::game_at(&at.community, &r.id)))
                .map(|key| (Space::Docs, Key::Name(key.to_string())))
                .collect()
        }
        (Read::Archive(key), [Some(doc)]) => {
            let list: GameList = json(&key.to_string(), doc)?;
            list.games
                .into_iter()
                .map(|g| match g.done {
                    true => (Space::History, name(&g.id)),
                    false => (
                        Space::Channels,
                        chan(&ChannelKey {
                            community: key.community().to_string(),
                            channel: g.channel,
                        }),
                    ),
                })
                .collect()
        }
        _ => Vec::new(),
    })
}

/// The record of `bytes` read at `key` of `space`.
fn record_at(space: Space, key: &Key, bytes: &[u8]) -> Result<Record, StoreError> {
    match (space, key.channel()) {
        (Space::Channels, Some(at)) => decode(&channel_name(at), bytes),
        _ => decode(&format!("history {}", key.name()), bytes),
    }
}

/// [`Store::read`](super::Store::read) over `kv`.
pub(super) fn read<K: KeyValue>(kv: &K, reads: &[Read]) -> Result<Vec<Got>, StoreError> {
    let first: Vec<Vec<(Space, Key)>> = reads.iter().map(firsts).collect();
    let flat: Vec<(Space, Key)> = first.iter().flatten().cloned().collect();
    let mut got = kv.get_many(&flat)?.into_iter();
    let answers: Vec<Vec<Option<Vec<u8>>>> = first
        .iter()
        .map(|keys| got.by_ref().take(keys.len()).collect())
        .collect();
    let mut records = decoded(reads, &answers)?;
    let second: Vec<Vec<(Space, Key)>> = reads
        .iter()
        .zip(&answers)
        .map(|(r, a)| seconds(r, a, &records))
        .collect::<Result<_, _>>()?;
    let flat: Vec<(Space, Key)> = second.iter().flatten().cloned().collect();
    let mut more = if flat.is_empty() {
        Vec::new()
    } else {
        kv.get_many(&flat)?
    }
    .into_iter();
    reads
        .iter()
        .zip(answers)
        .zip(second)
        .map(|((r, first), keys)| {
            let then: Vec<Option<Vec<u8>>> = more.by_ref().take(keys.len()).collect();
            answer(kv, r, first, &keys, then, &mut records)
        })
        .collect()
}

/// The answer to `r` from its first answers `first` and the answers `then` to its
/// second keys `keys`; a channel's record is taken from `records` when decoded there.
fn answer<K: KeyValue>(
    kv: &K,
    r: &Read,
    mut first: Vec<Option<Vec<u8>>>,
    keys: &[(Space, Key)],
    then: Vec<Option<Vec<u8>>>,
    records: &mut Decoded,
) -> Result<Got, StoreError> {
    let value = first.first_mut().and_then(Option::take);
    Ok(match r {
        Read::Game(at) => Got::Game(match value {
            Some(bytes) => Some(Stored {
                record: match records.remove(at) {
                    Some(r) => r,
                    None => decode(&channel_name(at), &bytes)?,
                },
                version: Version(bytes),
            }),
            None => None,
        }),
        Read::LastFinished(_) => Got::LastFinished(match (keys.first(), then.into_iter().next()) {
            (Some((_, id)), Some(bytes)) => history(id.name(), bytes)?,
            _ => None,
        }),
        Read::Finished(id) => Got::Finished(history(id, value)?),
        Read::Doc(_) => Got::Doc(value),
        Read::Docs(prefix) => Got::Docs(scan_docs(kv, &prefix.to_string())?),
        Read::ById { community, id } => {
            let found = match (value, then.into_iter().next().flatten()) {
                (Some(bytes), _) => Some(decode(&format!("history {id}"), &bytes)?),
                (None, Some(bytes)) => Some(record_at(Space::Channels, &keys[0].1, &bytes)?),
                (None, None) => None,
            };
            // Another community's game, or a channel that holds another game now.
            Got::ById(found.filter(|r| r.id == *id && r.at.community == *community))
        }
        Read::Indexes(_) => {
            let mut out = Vec::with_capacity(keys.len());
            for ((_, key), bytes) in keys.iter().zip(then) {
                let key = DocKey::parse(key.name()).map_err(|reason| StoreError::Read {
                    key: format!("document {}", key.name()),
                    reason,
                })?;
                out.push((key, bytes));
            }
            Got::Indexes(out)
        }
        Read::Archive(_) => {
            let mut records = Vec::with_capacity(keys.len());
            for ((space, key), bytes) in keys.iter().zip(then) {
                records.push(match bytes {
                    Some(b) => Some(record_at(*space, key, &b)?),
                    None => None,
                });
            }
            Got::Archive {
                doc: value,
                records,
            }
        }
    })
}
