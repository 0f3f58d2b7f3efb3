//! Every [`Store`] method, written once over the backends' primitive ([`KeyValue`]):
//! the batched read, the multi-key compare-and-swap ([`Store::commit`]), and the
//! single-key methods through them (issue 35 item 6).
//!
//! What one commit writes, per op:
//! - a game put (or create): the record in [`Space::Channels`] and its
//!   [`Record::wake_ms`] in [`Space::Wake`] (removed when it has none);
//! - a game's end: out of the channel and the wake index, into [`Space::History`] under
//!   its id, [`Space::Last`] of its channel, and [`Space::Unsettled`];
//! - a removal: out of the channel and the wake index;
//! - a document: [`Space::Docs`], and for a tournament ([`DocKey::listed_on_write`])
//!   [`Space::Listed`]; a removal takes it off both;
//! - a settle: out of [`Space::Unsettled`].

use super::archive::GameAt;
use super::batch::{GameOp, Got, Op, Read};
use super::gameid;
use super::keys::{DocKey, DocPrefix};
use super::kv::{self, Key, KeyValue, Space, Tx, TxError};
use super::reading::{chan, channel_name, history, name, parse_doc_key, scan_docs};
use super::record::{decode, decode_at, encode};
use super::{import, ImportBatch, ImportCounts, Record, Store, StoreError, Stored, Version, Write};
use crate::model::ChannelKey;

/// A key of a space, as the primitive names it.
type At = (Space, Key);

/// The key an op compares and what it expects there (`None` for a settle).
fn expectation(op: &Op) -> Option<(At, Option<&[u8]>)> {
    match op {
        Op::Game { at, expected, .. } => Some((
            (Space::Channels, chan(at)),
            expected.as_ref().map(|v| v.0.as_slice()),
        )),
        Op::Doc { key, expected, .. } => Some((
            (Space::Docs, Key::Name(key.to_string())),
            expected.as_deref(),
        )),
        Op::Settle(_) => None,
    }
}

/// A channel's record stored, with its wake-up time in the index.
fn put_game(tx: &mut dyn Tx, at: &Key, r: &Record, bytes: &[u8]) -> Result<(), TxError> {
    tx.put(Space::Channels, at, bytes)?;
    match r.wake_ms() {
        Some(ms) => tx.put(Space::Wake, at, &ms.to_be_bytes()),
        None => tx.remove(Space::Wake, at),
    }
}

/// Applies one op whose expectation held (`created`: the id of a created record, free
/// in the store); the id given to a created record, if any.
fn apply(
    tx: &mut dyn Tx,
    op: &Op,
    encoded: Option<&[u8]>,
    created: Option<&str>,
) -> Result<Option<String>, TxError> {
    match op {
        Op::Game { at, change, .. } => {
            let k = chan(at);
            match change {
                GameOp::Create(r) => {
                    let mut r = r.clone();
                    r.id = created.unwrap_or_default().to_string();
                    put_game(tx, &k, &r, &encode(&r))?;
                    let home = DocKey::game_at(&at.community, &r.id);
                    let value = serde_json::to_vec(&GameAt {
                        channel: at.channel.clone(),
                    })
                    .expect("documents always serialize");
                    tx.put(Space::Docs, &Key::Name(home.to_string()), &value)?;
                    return Ok(Some(r.id));
                }
                GameOp::Put(r) => put_game(tx, &k, r, encoded.unwrap_or_default())?,
                GameOp::Finish(r) => {
                    tx.remove(Space::Channels, &k)?;
                    tx.remove(Space::Wake, &k)?;
                    tx.put(Space::History, &name(&r.id), encoded.unwrap_or_default())?;
                    tx.put(Space::Last, &k, r.id.as_bytes())?;
                    tx.put(Space::Unsettled, &name(&r.id), &[])?;
                }
                GameOp::Remove => {
                    tx.remove(Space::Channels, &k)?;
                    tx.remove(Space::Wake, &k)?;
                }
            }
        }
        Op::Doc { key, value, .. } => {
            let k = Key::Name(key.to_string());
            match value {
                Some(v) => {
                    tx.put(Space::Docs, &k, v)?;
                    if key.listed_on_write() {
                        tx.put(Space::Listed, &k, &[])?;
                    }
                }
                None => {
                    tx.remove(Space::Docs, &k)?;
                    tx.remove(Space::Listed, &k)?;
                }
            }
        }
        Op::Settle(id) => tx.remove(Space::Unsettled, &name(id))?,
    }
    Ok(None)
}

/// Whether no game of the store has the id `id` in `community`: none in the history,
/// none created under it there (its `gameat` document).
fn id_free(tx: &mut dyn Tx, community: &str, id: &str) -> Result<bool, TxError> {
    let home = Key::Name(DocKey::game_at(community, id).to_string());
    let got = tx.get_many(&[(Space::History, name(id)), (Space::Docs, home)])?;
    Ok(got.iter().all(Option::is_none))
}

/// The id of each created record of `ops` (`None` for the other ops): the one the
/// record holds, drawn by the core to show it in its replies, when it is free; a new
/// random one ([`gameid::draw`]) when the record holds none. `None` when a given id is
/// taken: the commit then applies nothing, as on any conflict, and the core decides
/// again with another id (a rare clash: 40 random bits).
fn created_ids(tx: &mut dyn Tx, ops: &[Op]) -> Result<Option<Vec<Option<String>>>, TxError> {
    let mut out = Vec::with_capacity(ops.len());
    for op in ops {
        let Op::Game {
            at,
            change: GameOp::Create(r),
            ..
        } = op
        else {
            out.push(None);
            continue;
        };
        let id = if r.id.is_empty() {
            let mut id = gameid::draw();
            while !id_free(tx, &at.community, &id)? || out.contains(&Some(id.clone())) {
                id = gameid::draw();
            }
            id
        } else if id_free(tx, &at.community, &r.id)? && !out.contains(&Some(r.id.clone())) {
            r.id.clone()
        } else {
            return Ok(None);
        };
        out.push(Some(id));
    }
    Ok(Some(out))
}

/// [`Store::commit`]: every expectation read in one batch and checked, then every op
/// applied, in one transaction. `Some(ids)` (one per op, the created ones' ids) when
/// applied, `None` when a key held something else.
fn commit<K: KeyValue>(kv: &K, ops: &[Op]) -> Result<Option<Vec<Option<String>>>, StoreError> {
    debug_assert!(
        {
            let keys: Vec<String> = ops.iter().filter_map(Op::key).collect();
            keys.iter().collect::<std::collections::BTreeSet<_>>().len() == keys.len()
        },
        "at most one op per key"
    );
    // Encoded once, outside the body (which may run several times).
    let encoded: Vec<Option<Vec<u8>>> = ops
        .iter()
        .map(|op| match op {
            Op::Game {
                change: GameOp::Put(r) | GameOp::Finish(r),
                ..
            } => Some(encode(r)),
            _ => None,
        })
        .collect();
    let (keys, expected): (Vec<At>, Vec<Option<&[u8]>>) =
        ops.iter().filter_map(expectation).unzip();
    let what = || match ops {
        [Op::Game { at, .. }] => format!("writing {}", channel_name(at)),
        [Op::Doc { key, .. }] => format!("writing document {key}"),
        [Op::Settle(id)] => format!("settling game {id}"),
        _ => format!("committing {} writes", ops.len()),
    };
    kv::run(kv, &what, &|tx| {
        let got = tx.get_many(&keys)?;
        if got
            .iter()
            .map(Option::as_deref)
            .ne(expected.iter().copied())
        {
            return Ok(None);
        }
        let Some(created) = created_ids(tx, ops)? else {
            return Ok(None);
        };
        let mut ids = Vec::with_capacity(ops.len());
        for ((op, bytes), id) in ops.iter().zip(&encoded).zip(&created) {
            ids.push(apply(tx, op, bytes.as_deref(), id.as_deref())?);
        }
        Ok(Some(ids))
    })
}

/// The one answer of a read of one key.
fn read_one<K: KeyValue>(kv: &K, key: Read) -> Result<Got, StoreError> {
    super::reading::read(kv, std::slice::from_ref(&key))?
        .pop()
        .ok_or_else(|| StoreError::Io {
            what: "reading".into(),
            reason: "no answer".into(),
        })
}

/// A commit of one op: whether it applied.
fn commit_one<K: KeyValue>(kv: &K, op: Op) -> Result<bool, StoreError> {
    Ok(commit(kv, std::slice::from_ref(&op))?.is_some())
}

impl<K: KeyValue> Store for K {
    fn load(&self, at: &ChannelKey) -> Result<Option<Stored>, StoreError> {
        match read_one(self, Read::Game(at.clone()))? {
            Got::Game(g) => Ok(g),
            _ => Ok(None),
        }
    }

    fn write(
        &self,
        at: &ChannelKey,
        expected: Option<&Version>,
        change: Write<'_>,
    ) -> Result<bool, StoreError> {
        let change = match change {
            Write::Put(r) => GameOp::Put(r.clone()),
            Write::Finish(r) => GameOp::Finish(r.clone()),
            Write::Remove => GameOp::Remove,
        };
        let op = Op::Game {
            at: at.clone(),
            expected: expected.cloned(),
            change,
        };
        commit_one(self, op)
    }

    fn last_finished(&self, at: &ChannelKey) -> Result<Option<Record>, StoreError> {
        match read_one(self, Read::LastFinished(at.clone()))? {
            Got::LastFinished(r) => Ok(r),
            _ => Ok(None),
        }
    }

    fn finished(&self, id: &str) -> Result<Option<Record>, StoreError> {
        let got = self.get_many(&[(Space::History, name(id))])?;
        history(id, got.into_iter().next().flatten())
    }

    fn finished_at(&self, id: &str) -> Result<Option<ChannelKey>, StoreError> {
        let got = self.get_many(&[(Space::History, name(id))])?;
        got.into_iter()
            .next()
            .flatten()
            .map(|b| decode_at(&format!("history {id}"), &b))
            .transpose()
    }

    fn new_id(&self, now_ms: u64) -> Result<String, StoreError> {
        Ok(format!("{now_ms}-{}", self.next_id()?))
    }

    fn for_each(
        &self,
        each: &mut dyn FnMut(&Record) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        self.scan(Space::Channels, "", &mut |k, v| {
            let at = k.channel().map_or_else(|| "channel ?".into(), channel_name);
            each(&decode(&at, &v)?)
        })?;
        self.scan(Space::History, "", &mut |k, v| {
            each(&decode(&format!("history {}", k.name()), &v)?)
        })
    }

    fn import(&self, batch: &ImportBatch) -> Result<ImportCounts, StoreError> {
        let records: Vec<Vec<u8>> = batch.records.iter().map(encode).collect();
        kv::run(self, &|| "importing".into(), &|tx| {
            import::run(tx, batch, &records)
        })
    }

    fn counts(&self) -> (usize, usize) {
        match (self.count(Space::Channels), self.count(Space::History)) {
            (Ok(c), Ok(h)) => (c, h),
            (Err(e), _) | (_, Err(e)) => {
                tracing::warn!("{e}");
                (0, 0)
            }
        }
    }

    fn due(&self, now_ms: u64) -> Result<Vec<ChannelKey>, StoreError> {
        KeyValue::due(self, now_ms)
    }

    fn doc(&self, key: &DocKey) -> Result<Option<Vec<u8>>, StoreError> {
        let got = self.get_many(&[(Space::Docs, Key::Name(key.to_string()))])?;
        Ok(got.into_iter().next().flatten())
    }

    fn write_doc(
        &self,
        key: &DocKey,
        expected: Option<&[u8]>,
        new: Option<&[u8]>,
    ) -> Result<bool, StoreError> {
        let op = Op::Doc {
            key: key.clone(),
            expected: expected.map(<[u8]>::to_vec),
            value: new.map(<[u8]>::to_vec),
        };
        commit_one(self, op)
    }

    fn listed(&self) -> Result<Vec<(DocKey, Vec<u8>)>, StoreError> {
        let mut keys = Vec::new();
        self.scan(Space::Listed, "", &mut |k, _| {
            keys.push((Space::Docs, k));
            Ok(())
        })?;
        let values = self.get_many(&keys)?;
        keys.into_iter()
            .zip(values)
            .filter_map(|((_, k), v)| Some((k, v?)))
            .map(|(k, v)| Ok((parse_doc_key(k.name())?, v)))
            .collect()
    }

    fn unlist(&self, key: &DocKey, expected: &[u8]) -> Result<bool, StoreError> {
        let k = Key::Name(key.to_string());
        let what = || format!("taking document {key} off the driver's list");
        kv::run(self, &what, &|tx| {
            let got = tx.get_many(&[(Space::Docs, k.clone()), (Space::Listed, k.clone())])?;
            if got[0].as_deref() != Some(expected) || got[1].is_none() {
                return Ok(false);
            }
            tx.remove(Space::Listed, &k)?;
            Ok(true)
        })
    }

    fn docs(&self, prefix: &DocPrefix) -> Result<Vec<(DocKey, Vec<u8>)>, StoreError> {
        scan_docs(self, &prefix.to_string())
    }

    fn unsettled(&self) -> Result<Vec<String>, StoreError> {
        let mut out = Vec::new();
        self.scan(Space::Unsettled, "", &mut |k, _| {
            out.push(k.name().to_string());
            Ok(())
        })?;
        Ok(out)
    }

    fn settle(&self, id: &str) -> Result<(), StoreError> {
        commit_one(self, Op::Settle(id.to_string())).map(|_| ())
    }

    fn read(&self, keys: &[Read]) -> Result<Vec<Got>, StoreError> {
        super::reading::read(self, keys)
    }

    fn commit(&self, ops: &mut [Op]) -> Result<bool, StoreError> {
        let Some(ids) = commit(self, ops)? else {
            return Ok(false);
        };
        for (op, id) in ops.iter_mut().zip(ids) {
            if let (
                Op::Game {
                    change: GameOp::Create(r),
                    ..
                },
                Some(id),
            ) = (op, id)
            {
                r.id = id;
            }
        }
        Ok(true)
    }

    fn quiesced(&self, read: &mut dyn FnMut() -> Result<(), StoreError>) -> Result<(), StoreError> {
        KeyValue::quiesced(self, read)
    }

    fn flush(&self) -> Result<(), StoreError> {
        KeyValue::flush(self)
    }
}
