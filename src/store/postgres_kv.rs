//! The primitive ([`KeyValue`](super::kv::KeyValue)) of the PostgreSQL store over its
//! tables (`migrations/postgres/`), unchanged: a [`Space`] is a table or a column.
//!
//! - [`Space::Channels`]: `channels.record`; [`Space::Wake`]: `channels.wake_ms`
//!   (`NULL`: none), as 8 bytes big-endian (`int8send`);
//! - [`Space::Last`]: `last_finished.id`; [`Space::History`]: `history.record`;
//! - [`Space::Docs`]: `docs.value`; [`Space::Listed`]: `docs.listed` (true: listed);
//! - [`Space::Unsettled`]: the rows of `unsettled`.
//!
//! Reads of many keys are one statement ([`get_rows`]), a part per space asked for. A transaction ([`PgTx`]) reads
//! the rows it compares, `channels` and `docs`, with `SELECT ... FOR UPDATE` in key
//! order: a concurrent commit on one of them waits until this one ends, then sees what
//! it wrote. A row read absent has no lock: it is written with `INSERT ... ON CONFLICT
//! DO NOTHING`, and a row that appeared meanwhile makes the whole transaction run again
//! ([`TxError::Retry`]), as a deadlock or a unique violation does. Writes wait in the
//! transaction until its body is done, then go out a row at a time, a record with its
//! wake-up time and a document with its listing in one statement.

use std::collections::{BTreeMap, HashMap};

use postgres::error::SqlState;
use postgres::types::ToSql;
use postgres::GenericClient;

use super::kv::{wake_ms, Key, Space, Tx, TxError, Writes};
use super::StoreError;
use crate::model::ChannelKey;

/// The part of the statement of [`get_rows`] that reads the keys of one space: `{a}`,
/// `{b}` and `{c}` stand for its parameters (channel spaces: communities, channels,
/// places; the others: names, places).
fn get_part(space: Space) -> &'static str {
    match space {
        Space::Channels => {
            "SELECT k.pos, t.record FROM channels t
             JOIN unnest({a}::text[], {b}::text[], {c}::int4[]) AS k(community, channel, pos)
             ON t.community = k.community AND t.channel = k.channel"
        }
        Space::Last => {
            "SELECT k.pos, convert_to(t.id, 'UTF8') FROM last_finished t
             JOIN unnest({a}::text[], {b}::text[], {c}::int4[]) AS k(community, channel, pos)
             ON t.community = k.community AND t.channel = k.channel"
        }
        Space::Wake => {
            "SELECT k.pos, int8send(t.wake_ms) FROM channels t
             JOIN unnest({a}::text[], {b}::text[], {c}::int4[]) AS k(community, channel, pos)
             ON t.community = k.community AND t.channel = k.channel
             WHERE t.wake_ms IS NOT NULL"
        }
        Space::History => {
            "SELECT k.pos, t.record FROM history t
             JOIN unnest({a}::text[], {b}::int4[]) AS k(name, pos) ON t.id = k.name"
        }
        Space::Docs => {
            "SELECT k.pos, t.value FROM docs t
             JOIN unnest({a}::text[], {b}::int4[]) AS k(name, pos) ON t.key = k.name"
        }
        Space::Listed => {
            "SELECT k.pos, ''::bytea FROM docs t
             JOIN unnest({a}::text[], {b}::int4[]) AS k(name, pos) ON t.key = k.name
             WHERE t.listed"
        }
        Space::Unsettled => {
            "SELECT k.pos, ''::bytea FROM unsettled t
             JOIN unnest({a}::text[], {b}::int4[]) AS k(name, pos) ON t.id = k.name"
        }
    }
}

/// The records of channels, locked for this transaction, in key order.
const LOCK_CHANNELS: &str = "
SELECT k.pos, t.record FROM channels t
  JOIN unnest($1::text[], $2::text[], $3::int4[]) AS k(community, channel, pos)
  ON t.community = k.community AND t.channel = k.channel
  ORDER BY t.community, t.channel FOR UPDATE OF t";

/// The documents, locked for this transaction, in key order.
const LOCK_DOCS: &str = "
SELECT k.pos, t.value FROM docs t
  JOIN unnest($1::text[], $2::int4[]) AS k(name, pos) ON t.key = k.name
  ORDER BY t.key FOR UPDATE OF t";

/// The keys of one space as arrays: communities and channels, or names, with the
/// place of each in the answer.
#[derive(Default)]
struct Column<'a> {
    communities: Vec<&'a str>,
    channels: Vec<&'a str>,
    names: Vec<&'a str>,
    places: Vec<i32>,
}

impl<'a> Column<'a> {
    fn push(&mut self, key: &'a Key, place: usize) {
        match key {
            Key::Channel(at) => {
                self.communities.push(&at.community);
                self.channels.push(&at.channel);
            }
            Key::Name(n) => self.names.push(n),
        }
        self.places.push(i32::try_from(place).unwrap_or(i32::MAX));
    }

    /// Its parameters: channel spaces three arrays, the others two.
    fn params(&self, by_channel: bool) -> Vec<&(dyn ToSql + Sync)> {
        if by_channel {
            vec![&self.communities, &self.channels, &self.places]
        } else {
            vec![&self.names, &self.places]
        }
    }
}

/// Puts the answer's rows (place, value) into `out`.
fn fill(rows: &[postgres::Row], out: &mut [Option<Vec<u8>>]) {
    for row in rows {
        let place = usize::try_from(row.get::<_, i32>(0)).unwrap_or(usize::MAX);
        if let Some(slot) = out.get_mut(place) {
            *slot = Some(row.get(1));
        }
    }
}

/// The spaces in the order of the parts of [`get_rows`]' statement.
const GET_ORDER: [Space; 7] = [
    Space::Channels,
    Space::Last,
    Space::Wake,
    Space::History,
    Space::Docs,
    Space::Listed,
    Space::Unsettled,
];

/// The value of each key, in order, in one statement (no locks).
///
/// # Errors
/// A failed statement.
pub(super) fn get_rows(
    c: &mut impl GenericClient,
    keys: &[(Space, Key)],
) -> Result<Vec<Option<Vec<u8>>>, postgres::Error> {
    let mut out = vec![None; keys.len()];
    if keys.is_empty() {
        return Ok(out);
    }
    let mut columns: [Column<'_>; 7] = Default::default();
    for (place, (space, key)) in keys.iter().enumerate() {
        let i = GET_ORDER.iter().position(|s| s == space).unwrap_or(0);
        columns[i].push(key, place);
    }
    // One part per space asked for, joined by UNION ALL, its parameters numbered on.
    let (mut sql, mut params) = (Vec::new(), Vec::new());
    for (col, space) in columns.iter().zip(GET_ORDER) {
        if col.places.is_empty() {
            continue;
        }
        let mut part = get_part(space).to_string();
        for (name, p) in ["{a}", "{b}", "{c}"]
            .iter()
            .zip(col.params(space.by_channel()))
        {
            params.push(p);
            part = part.replace(name, &format!("${}", params.len()));
        }
        sql.push(part);
    }
    let sql = sql.join("\nUNION ALL\n");
    fill(&c.query(&sql, &params)?, &mut out);
    Ok(out)
}

/// The rows of `sql` (community, channel, value) keyed by channel.
fn by_channel(
    sql: &str,
    c: &mut impl GenericClient,
) -> Result<Vec<(Key, Vec<u8>)>, postgres::Error> {
    let rows = c.query(sql, &[])?;
    Ok(rows
        .iter()
        .map(|r| {
            let at = ChannelKey {
                community: r.get(0),
                channel: r.get(1),
            };
            (Key::Channel(at), r.get(2))
        })
        .collect())
}

/// Every key of `space` under `prefix` (a channel space: every key) with its value, in
/// key order.
///
/// # Errors
/// A failed statement.
pub(super) fn scan_rows(
    c: &mut impl GenericClient,
    space: Space,
    prefix: &str,
) -> Result<Vec<(Key, Vec<u8>)>, postgres::Error> {
    let sql = match space {
        Space::Channels => {
            return by_channel(
                "SELECT community, channel, record FROM channels ORDER BY community, channel",
                c,
            )
        }
        Space::Last => {
            return by_channel(
                "SELECT community, channel, convert_to(id, 'UTF8') FROM last_finished
                 ORDER BY community, channel",
                c,
            )
        }
        Space::Wake => {
            return by_channel(
                "SELECT community, channel, int8send(wake_ms) FROM channels
                 WHERE wake_ms IS NOT NULL ORDER BY community, channel",
                c,
            )
        }
        Space::History => "SELECT id, record FROM history WHERE starts_with(id, $1) ORDER BY id",
        Space::Docs => "SELECT key, value FROM docs WHERE starts_with(key, $1) ORDER BY key",
        Space::Listed => {
            "SELECT key, ''::bytea FROM docs WHERE listed AND starts_with(key, $1) ORDER BY key"
        }
        Space::Unsettled => {
            "SELECT id, ''::bytea FROM unsettled WHERE starts_with(id, $1) ORDER BY id"
        }
    };
    let rows = c.query(sql, &[&prefix])?;
    Ok(rows
        .iter()
        .map(|r| (Key::Name(r.get(0)), r.get(1)))
        .collect())
}

/// The number of keys in `space`.
///
/// # Errors
/// A failed statement.
pub(super) fn count_rows(
    c: &mut impl GenericClient,
    space: Space,
) -> Result<usize, postgres::Error> {
    let sql = match space {
        Space::Channels => "SELECT count(*) FROM channels",
        Space::Last => "SELECT count(*) FROM last_finished",
        Space::Wake => "SELECT count(*) FROM channels WHERE wake_ms IS NOT NULL",
        Space::History => "SELECT count(*) FROM history",
        Space::Docs => "SELECT count(*) FROM docs",
        Space::Listed => "SELECT count(*) FROM docs WHERE listed",
        Space::Unsettled => "SELECT count(*) FROM unsettled",
    };
    let n: i64 = c.query_one(sql, &[])?.get(0);
    Ok(usize::try_from(n).unwrap_or(0))
}

/// A failure inside a transaction: a unique violation (a row read absent appeared), a
/// deadlock or a serialization failure runs it again; anything else fails.
pub(super) fn tx_error(e: &postgres::Error) -> TxError {
    let again = [
        SqlState::UNIQUE_VIOLATION,
        SqlState::T_R_DEADLOCK_DETECTED,
        SqlState::T_R_SERIALIZATION_FAILURE,
    ];
    if e.code().is_some_and(|c| again.contains(c)) {
        return TxError::Retry;
    }
    TxError::Fail(StoreError::Io {
        what: "writing".into(),
        reason: reason(e),
    })
}

/// The server's message when there is one (`e`'s Display is only "db error"), else the
/// error with its causes ("error connecting to server: Connection refused").
pub(super) fn reason(e: &postgres::Error) -> String {
    if let Some(db) = e.as_db_error() {
        return format!("{} ({})", db.message(), db.code().code());
    }
    let mut text = e.to_string();
    let mut cause = std::error::Error::source(e);
    while let Some(c) = cause {
        let more = c.to_string();
        if !text.contains(&more) {
            text = format!("{text}: {more}");
        }
        cause = c.source();
    }
    text
}

/// A time in milliseconds as PostgreSQL's `bigint`; later than it can hold: never.
pub(super) fn ms_column(ms: u64) -> i64 {
    i64::try_from(ms).unwrap_or(i64::MAX)
}

/// One transaction: its writes wait in `pending` (its reads see them) until its body is
/// done; `found` is whether each locked row (`channels`, `docs`) was there.
pub(super) struct PgTx<'a, 'b> {
    tx: &'a mut postgres::Transaction<'b>,
    pending: Writes,
    found: HashMap<(Space, Key), bool>,
}

impl<'a, 'b> PgTx<'a, 'b> {
    /// A transaction's reads and writes in `tx`.
    pub(super) fn new(tx: &'a mut postgres::Transaction<'b>) -> PgTx<'a, 'b> {
        PgTx {
            tx,
            pending: BTreeMap::new(),
            found: HashMap::new(),
        }
    }

    /// Reads the rows of `space` (`channels` or `docs`) at `places` of `keys`, locked.
    fn lock(
        &mut self,
        space: Space,
        keys: &[(Space, Key)],
        places: &[usize],
        out: &mut [Option<Vec<u8>>],
    ) -> Result<(), TxError> {
        if places.is_empty() {
            return Ok(());
        }
        let mut col = Column::default();
        places.iter().for_each(|&i| col.push(&keys[i].1, i));
        let sql = if space == Space::Channels {
            LOCK_CHANNELS
        } else {
            LOCK_DOCS
        };
        let rows = self
            .tx
            .query(sql, &col.params(space.by_channel()))
            .map_err(|e| tx_error(&e))?;
        fill(&rows, out);
        for &i in places {
            self.found.insert(keys[i].clone(), out[i].is_some());
        }
        Ok(())
    }

    /// Sends every pending write; [`TxError::Retry`] when a row read absent appeared.
    pub(super) fn apply(self) -> Result<(), TxError> {
        let mut channels: BTreeMap<&ChannelKey, Row<u64>> = BTreeMap::new();
        let mut docs: BTreeMap<&str, Row<bool>> = BTreeMap::new();
        for ((space, key), value) in &self.pending {
            let at = key.channel();
            match (space, at) {
                (Space::Channels, Some(at)) => channels.entry(at).or_default().value = Some(value),
                (Space::Wake, Some(at)) => {
                    let ms = value.as_deref().and_then(wake_ms);
                    channels.entry(at).or_default().extra = Some(ms);
                }
                (Space::Docs, _) => docs.entry(key.name()).or_default().value = Some(value),
                (Space::Listed, _) => {
                    docs.entry(key.name()).or_default().extra = Some(value.as_ref().map(|_| true))
                }
                _ => {}
            }
        }
        let tx = &mut *self.tx;
        let e = |e: postgres::Error| tx_error(&e);
        for (at, row) in channels {
            let found = self.found.get(&(Space::Channels, Key::Channel(at.clone())));
            write_channel(tx, at, row, found == Some(&true)).map_err(e)??;
        }
        for (key, row) in docs {
            let found = self.found.get(&(Space::Docs, Key::Name(key.to_string())));
            write_doc(tx, key, row, found == Some(&true)).map_err(e)??;
        }
        for ((space, key), value) in &self.pending {
            write_plain(tx, *space, key, value.as_deref()).map_err(e)?;
        }
        Ok(())
    }
}

/// The pending writes of one row of `channels` or `docs`: its value (`Some(None)`:
/// removed), and its second column (the wake-up time, the listing; `Some(None)`:
/// cleared).
struct Row<'a, T> {
    value: Option<&'a Option<Vec<u8>>>,
    extra: Option<Option<T>>,
}

impl<T> Default for Row<'_, T> {
    fn default() -> Self {
        Row {
            value: None,
            extra: None,
        }
    }
}

/// The outcome of one row's statement: `Err(Retry)` when a row read absent appeared.
type Applied = Result<Result<(), TxError>, postgres::Error>;

/// Inserted or updated, `1` row changed; else another transaction came first.
fn one(n: u64) -> Result<(), TxError> {
    if n == 1 {
        Ok(())
    } else {
        Err(TxError::Retry)
    }
}

fn write_channel(
    tx: &mut postgres::Transaction<'_>,
    at: &ChannelKey,
    row: Row<'_, u64>,
    found: bool,
) -> Applied {
    let (c, ch) = (&at.community, &at.channel);
    let set_wake = row.extra.is_some();
    let wake = row.extra.flatten().map(ms_column);
    Ok(match row.value {
        Some(Some(record)) if found => one(tx.execute(
            "UPDATE channels SET record = $3,
             wake_ms = CASE WHEN $5 THEN $4 ELSE wake_ms END
             WHERE community = $1 AND channel = $2",
            &[c, ch, record, &wake, &set_wake],
        )?),
        Some(Some(record)) => one(tx.execute(
            "INSERT INTO channels (community, channel, record, wake_ms)
             VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
            &[c, ch, record, &wake],
        )?),
        Some(None) => {
            tx.execute(
                "DELETE FROM channels WHERE community = $1 AND channel = $2",
                &[c, ch],
            )?;
            Ok(())
        }
        None if set_wake => {
            tx.execute(
                "UPDATE channels SET wake_ms = $3 WHERE community = $1 AND channel = $2",
                &[c, ch, &wake],
            )?;
            Ok(())
        }
        None => Ok(()),
    })
}

fn write_doc(
    tx: &mut postgres::Transaction<'_>,
    key: &str,
    row: Row<'_, bool>,
    found: bool,
) -> Applied {
    let set_listed = row.extra.is_some();
    let listed = row.extra.flatten().unwrap_or(false);
    Ok(match row.value {
        Some(Some(value)) if found => one(tx.execute(
            "UPDATE docs SET value = $2, listed = CASE WHEN $4 THEN $3 ELSE listed END
             WHERE key = $1",
            &[&key, value, &listed, &set_listed],
        )?),
        Some(Some(value)) => one(tx.execute(
            "INSERT INTO docs (key, value, listed) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
            &[&key, value, &listed],
        )?),
        Some(None) => {
            tx.execute("DELETE FROM docs WHERE key = $1", &[&key])?;
            Ok(())
        }
        None if set_listed => {
            tx.execute(
                "UPDATE docs SET listed = $2 WHERE key = $1",
                &[&key, &listed],
            )?;
            Ok(())
        }
        None => Ok(()),
    })
}

/// A write of the spaces that are whole tables of their own (the history, the last
/// games, the unsettled games); the others are written by [`write_channel`] and
/// [`write_doc`].
fn write_plain(
    tx: &mut postgres::Transaction<'_>,
    space: Space,
    key: &Key,
    value: Option<&[u8]>,
) -> Result<(), postgres::Error> {
    let name = key.name();
    match (space, value, key.channel()) {
        (Space::History, Some(v), _) => tx.execute(
            "INSERT INTO history (id, record) VALUES ($1, $2)
             ON CONFLICT (id) DO UPDATE SET record = EXCLUDED.record",
            &[&name, &v],
        ),
        (Space::History, None, _) => tx.execute("DELETE FROM history WHERE id = $1", &[&name]),
        (Space::Last, Some(v), Some(at)) => tx.execute(
            "INSERT INTO last_finished (community, channel, id) VALUES ($1, $2, $3)
             ON CONFLICT (community, channel) DO UPDATE SET id = EXCLUDED.id",
            &[&at.community, &at.channel, &String::from_utf8_lossy(v)],
        ),
        (Space::Last, None, Some(at)) => tx.execute(
            "DELETE FROM last_finished WHERE community = $1 AND channel = $2",
            &[&at.community, &at.channel],
        ),
        (Space::Unsettled, Some(_), _) => tx.execute(
            "INSERT INTO unsettled (id) VALUES ($1) ON CONFLICT DO NOTHING",
            &[&name],
        ),
        (Space::Unsettled, None, _) => tx.execute("DELETE FROM unsettled WHERE id = $1", &[&name]),
        _ => Ok(0),
    }?;
    Ok(())
}

impl Tx for PgTx<'_, '_> {
    fn get_many(&mut self, keys: &[(Space, Key)]) -> Result<Vec<Option<Vec<u8>>>, TxError> {
        let mut out = vec![None; keys.len()];
        let (mut channels, mut docs, mut rest) = (Vec::new(), Vec::new(), Vec::new());
        for (i, k) in keys.iter().enumerate() {
            match (self.pending.get(k), k.0) {
                (Some(v), _) => out[i] = v.clone(),
                (None, Space::Channels) => channels.push(i),
                (None, Space::Docs) => docs.push(i),
                (None, _) => rest.push(i),
            }
        }
        // Locks first, in one order (channels, then documents): the other reads then
        // see what the holders of those locks committed.
        self.lock(Space::Channels, keys, &channels, &mut out)?;
        self.lock(Space::Docs, keys, &docs, &mut out)?;
        if !rest.is_empty() {
            let some: Vec<(Space, Key)> = rest.iter().map(|&i| keys[i].clone()).collect();
            let got = get_rows(self.tx, &some).map_err(|e| tx_error(&e))?;
            for (i, v) in rest.into_iter().zip(got) {
                out[i] = v;
            }
        }
        Ok(out)
    }

    fn writes(&mut self) -> &mut Writes {
        &mut self.pending
    }

    fn next_id(&mut self) -> Result<u64, TxError> {
        let row = self
            .tx
            .query_one("SELECT nextval('game_ids')", &[])
            .map_err(|e| tx_error(&e))?;
        Ok(u64::try_from(row.get::<_, i64>(0)).unwrap_or(0))
    }
}
