//! The PostgreSQL implementation of [`Store`] (feature `postgres`): several bot
//! processes (Discord shard ranges, a Matrix process) share one database.
//!
//! The tables are the sled store's trees (`migrations/postgres/`): `channels` (a record
//! per community and channel, with its wake-up time as the wake index), `history`,
//! `last_finished`, `docs` (with the driver's list as its `listed` column),
//! `unsettled`, and the sequence `game_ids`. Records and
//! documents are the same JSON bytes as in sled, and compare-and-swap compares them
//! exactly: an `UPDATE`/`DELETE ... WHERE record = $expected` in PostgreSQL's default
//! isolation re-reads the row after a concurrent commit, so of two writers expecting
//! the same bytes exactly one changes a row. A game's end (record out of `channels`,
//! into `history`, `last_finished` and `unsettled`) is one transaction.
//!
//! Migrations are numbered files applied in order at open, under an advisory lock so
//! that processes starting together apply each once; the applied versions are in
//! `mancala_schema`. A database whose schema is newer than this build is refused.
//!
//! Calls block: use the store from a plain thread or `spawn_blocking`, as the bot does.

use std::thread::ThreadId;
use std::time::Duration;

use postgres::{Client, GenericClient, Row};
use r2d2_postgres::r2d2::{Pool, PooledConnection};
use r2d2_postgres::PostgresConnectionManager;

use super::import::{self, ImportTx};
use super::keys::{DocKey, DocPrefix};
use super::postgres_tls::{self, session_tls, Connector, Tls};
use super::record::{decode, encode};
use super::{ImportBatch, ImportCounts, Record, Store, StoreError, Stored, Version, Write};
use crate::model::ChannelKey;

/// The migrations, in order: (version, SQL). Version N is `000N_*.sql`.
const MIGRATIONS: &[(i32, &str)] = &[
    (1, include_str!("../../migrations/postgres/0001_init.sql")),
    (2, include_str!("../../migrations/postgres/0002_listed.sql")),
];

/// The key of the advisory lock held while migrating (any constant; "mancala" in ASCII).
const MIGRATION_LOCK: i64 = 0x006d_616e_6361_6c61;

type Manager = PostgresConnectionManager<Connector>;
type Conn = PooledConnection<Manager>;

/// A [`Store`] in a PostgreSQL database.
pub struct PgStore {
    pool: Pool<Manager>,
    /// The connection of a [`Store::quiesced`] in progress, in a repeatable-read
    /// transaction, and the thread running it: that thread's reads go through it, so
    /// they all see the database as of one instant while other processes write on.
    snapshots: std::sync::Mutex<Vec<(ThreadId, Conn)>>,
    /// Where the database is, without its password (for messages).
    target: String,
}

/// `config`'s hosts, port and database (`HOST:PORT/DB`), never its user or password.
fn place(config: &postgres::Config) -> String {
    let hosts: Vec<String> = config
        .get_hosts()
        .iter()
        .map(|h| match h {
            postgres::config::Host::Tcp(name) => name.clone(),
            postgres::config::Host::Unix(path) => path.display().to_string(),
        })
        .collect();
    let port = config.get_ports().first().copied().unwrap_or(5432);
    let db = config.get_dbname().unwrap_or("?");
    format!("{}:{port}/{db}", hosts.join(","))
}

/// `config` written out for messages: user, hosts, port and database, never the
/// password.
fn describe(config: &postgres::Config) -> String {
    format!(
        "postgresql://{}@{}",
        config.get_user().unwrap_or("?"),
        place(config)
    )
}

impl PgStore {
    /// Where the database of the connection string `url` is, `HOST:PORT/DB`, never its
    /// user or password (for the start line); `None` when `url` cannot be read (its TLS
    /// parameters, `sslmode` and `sslrootcert`, are read as [`PgStore::open`] reads them).
    pub fn place_of(url: &str) -> Option<String> {
        postgres_tls::split(url)
            .ok()
            .map(|(config, _)| place(&config))
    }
}

/// A failure of a PostgreSQL call as a [`StoreError::Io`] while doing `what`.
fn io(what: impl Into<String>) -> impl FnOnce(postgres::Error) -> StoreError {
    let what = what.into();
    move |e| StoreError::Io {
        what,
        reason: reason(&e),
    }
}

/// The server's message when there is one (`e`'s Display is only "db error"), else the
/// error with its causes ("error connecting to server: Connection refused").
fn reason(e: &postgres::Error) -> String {
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

/// The pool's connection failures in the log, with their cause and the database named
/// (r2d2's own handler says only "error connecting to server").
#[derive(Debug)]
struct LogCause {
    target: String,
    tls: Tls,
}

impl r2d2_postgres::r2d2::HandleError<postgres::Error> for LogCause {
    fn handle_error(&self, e: postgres::Error) {
        let why = self.tls.explain(&e).unwrap_or_else(|| reason(&e));
        tracing::warn!(database = %self.target, "PostgreSQL connection failed: {why}");
    }
}

fn channel_name(at: &ChannelKey) -> String {
    format!("channel {}/{}", at.community, at.channel)
}

/// A time in milliseconds as PostgreSQL's `bigint`; later than it can hold: never.
fn ms_column(ms: u64) -> i64 {
    i64::try_from(ms).unwrap_or(i64::MAX)
}

impl PgStore {
    /// Connects to the database `url` (`postgresql://user:password@host:port/db` or
    /// `host=... user=... dbname=...`) with a pool of at most `pool` connections (at
    /// least 2: a snapshot holds one while it reads through another), waiting at most
    /// `timeout` for each, and applies the migrations it lacks. TLS is as the string's
    /// `sslmode` and `sslrootcert` say, with libpq's meaning (see `postgres_tls.rs`;
    /// `prefer` by default).
    ///
    /// # Errors
    /// [`StoreError::Open`] naming the database (never its password): a malformed URL
    /// or `sslmode`, an unreadable `sslrootcert`, no server, a TLS failure (a server
    /// without TLS, a certificate not trusted or for another host name), a refused
    /// login, or a schema newer than this build.
    pub fn open(url: &str, pool: u32, timeout: Duration) -> Result<PgStore, StoreError> {
        let (config, tls) = postgres_tls::split(url).map_err(|reason| StoreError::Open {
            path: "the PostgreSQL URL".into(),
            reason,
        })?;
        let target = describe(&config);
        let open_err = |reason: String| StoreError::Open {
            path: target.clone(),
            reason,
        };
        let connector = tls.connector().map_err(open_err)?;
        // One connection first, to report why it fails (r2d2 only says it timed out).
        let mut first = config
            .connect(connector.clone())
            .map_err(|e| open_err(tls.explain(&e).unwrap_or_else(|| reason(&e))))?;
        let encrypted = session_tls(&mut first).map_err(|e| open_err(reason(&e)))?;
        tracing::info!(
            database = %target,
            sslmode = tls.mode_name(),
            "PostgreSQL session {}",
            encrypted.map_or("not encrypted".into(), |v| format!("encrypted ({v})"))
        );
        migrate(&mut first).map_err(open_err)?;
        drop(first);
        let pool = Pool::builder()
            .max_size(pool.max(2))
            .min_idle(Some(1))
            .connection_timeout(timeout)
            .error_handler(Box::new(LogCause {
                target: target.clone(),
                tls,
            }))
            .build(PostgresConnectionManager::new(config, connector))
            .map_err(|e| open_err(e.to_string()))?;
        Ok(PgStore {
            pool,
            snapshots: std::sync::Mutex::new(Vec::new()),
            target,
        })
    }

    /// Where the database is: `postgresql://USER@HOST:PORT/DB`, without the password.
    pub fn target(&self) -> &str {
        &self.target
    }

    /// The TLS version of a session from the pool (`TLSv1.3`), as the server reports it
    /// (`pg_stat_ssl`); `None` when it is not encrypted.
    ///
    /// # Errors
    /// [`StoreError::Io`] when the server cannot be asked.
    pub fn session_tls(&self) -> Result<Option<String>, StoreError> {
        self.with(|| "asking the server about TLS".into(), session_tls)
    }

    /// Runs `f` on a connection: the snapshot's when this thread is taking one
    /// ([`Store::quiesced`]), else one from the pool.
    fn with<R>(
        &self,
        what: impl Fn() -> String,
        f: impl FnOnce(&mut Client) -> Result<R, postgres::Error>,
    ) -> Result<R, StoreError> {
        let me = std::thread::current().id();
        if let Some(mut conn) = self.snapshot_of(me) {
            let out = f(&mut conn).map_err(io(what()));
            self.lock_snapshots().push((me, conn));
            return out;
        }
        let mut conn = self.pool.get().map_err(|e| StoreError::Io {
            what: what(),
            reason: format!("no connection to {}: {e}", self.target),
        })?;
        f(&mut conn).map_err(io(what()))
    }

    fn lock_snapshots(&self) -> std::sync::MutexGuard<'_, Vec<(ThreadId, Conn)>> {
        // A panic while holding it leaves at worst a snapshot connection out of the
        // list: its reads then use the pool. Nothing is inconsistent.
        self.snapshots.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The connection of the snapshot the thread `me` is taking, taken out of the list
    /// while it is used (so other threads never wait on its queries).
    fn snapshot_of(&self, me: ThreadId) -> Option<Conn> {
        let mut list = self.lock_snapshots();
        let i = list.iter().position(|(t, _)| *t == me)?;
        Some(list.swap_remove(i).1)
    }

    fn get_history(&self, id: &str) -> Result<Option<Record>, StoreError> {
        let key = format!("history {id}");
        let row = self.with(
            || format!("reading {key}"),
            |c| c.query_opt("SELECT record FROM history WHERE id = $1", &[&id]),
        )?;
        match row {
            Some(row) => decode(&key, &row.get::<_, Vec<u8>>(0)).map(Some),
            None => Ok(None),
        }
    }
}

/// Applies the migrations the database lacks, in one transaction under the migration
/// lock.
///
/// # Errors
/// A failed statement, or a schema newer than this build (naming both versions).
fn migrate(client: &mut Client) -> Result<(), String> {
    let mut tx = client.transaction().map_err(|e| reason(&e))?;
    let step = |tx: &mut postgres::Transaction<'_>| -> Result<(), postgres::Error> {
        tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])?;
        tx.batch_execute(
            "CREATE TABLE IF NOT EXISTS mancala_schema (
                 version integer PRIMARY KEY,
                 applied_at timestamptz NOT NULL DEFAULT now())",
        )
    };
    step(&mut tx).map_err(|e| reason(&e))?;
    let have: i32 = tx
        .query_one("SELECT coalesce(max(version), 0) FROM mancala_schema", &[])
        .map_err(|e| reason(&e))?
        .get(0);
    let latest = MIGRATIONS.last().map_or(0, |m| m.0);
    if have > latest {
        return Err(format!(
            "its schema is version {have}, newer than this build's {latest}: run a newer \
             mancala-bot"
        ));
    }
    for (version, sql) in MIGRATIONS.iter().filter(|m| m.0 > have) {
        tx.batch_execute(sql)
            .and_then(|()| {
                tx.execute(
                    "INSERT INTO mancala_schema (version) VALUES ($1)",
                    &[version],
                )
            })
            .map_err(|e| format!("migration {version} failed: {}", reason(&e)))?;
    }
    tx.commit().map_err(|e| reason(&e))
}

/// The transaction of one import.
struct PgImport<'a, 'b>(&'a mut postgres::Transaction<'b>);

impl ImportTx for PgImport<'_, '_> {
    type Error = postgres::Error;
    fn channel(&mut self, at: &ChannelKey) -> Result<Option<Vec<u8>>, Self::Error> {
        let row = self.0.query_opt(
            "SELECT record FROM channels WHERE community = $1 AND channel = $2",
            &[&at.community, &at.channel],
        )?;
        Ok(row.map(|r| r.get(0)))
    }
    fn history(&mut self, id: &str) -> Result<Option<Vec<u8>>, Self::Error> {
        let row = self
            .0
            .query_opt("SELECT record FROM history WHERE id = $1", &[&id])?;
        Ok(row.map(|r| r.get(0)))
    }
    fn last(&mut self, at: &ChannelKey) -> Result<Option<String>, Self::Error> {
        let row = self.0.query_opt(
            "SELECT id FROM last_finished WHERE community = $1 AND channel = $2",
            &[&at.community, &at.channel],
        )?;
        Ok(row.map(|r| r.get(0)))
    }
    fn doc(&mut self, key: &str) -> Result<Option<Vec<u8>>, Self::Error> {
        let row = self
            .0
            .query_opt("SELECT value FROM docs WHERE key = $1", &[&key])?;
        Ok(row.map(|r| r.get(0)))
    }
    fn put_channel(
        &mut self,
        at: &ChannelKey,
        bytes: &[u8],
        wake_ms: Option<u64>,
    ) -> Result<(), Self::Error> {
        self.0.execute(
            "INSERT INTO channels (community, channel, record, wake_ms) VALUES ($1, $2, $3, $4)",
            &[&at.community, &at.channel, &bytes, &wake_ms.map(ms_column)],
        )?;
        Ok(())
    }
    fn put_history(&mut self, id: &str, bytes: &[u8]) -> Result<(), Self::Error> {
        put_history(self.0, id, bytes)
    }
    fn put_last(&mut self, at: &ChannelKey, id: &str) -> Result<(), Self::Error> {
        put_last(self.0, at, id)
    }
    fn put_doc(&mut self, key: &str, bytes: &[u8], listed: bool) -> Result<(), Self::Error> {
        self.0.execute(
            "INSERT INTO docs (key, value, listed) VALUES ($1, $2, $3)",
            &[&key, &bytes, &listed],
        )?;
        Ok(())
    }
}

fn put_history(c: &mut impl GenericClient, id: &str, bytes: &[u8]) -> Result<(), postgres::Error> {
    c.execute(
        "INSERT INTO history (id, record) VALUES ($1, $2)
         ON CONFLICT (id) DO UPDATE SET record = EXCLUDED.record",
        &[&id, &bytes],
    )?;
    Ok(())
}

fn put_last(c: &mut impl GenericClient, at: &ChannelKey, id: &str) -> Result<(), postgres::Error> {
    c.execute(
        "INSERT INTO last_finished (community, channel, id) VALUES ($1, $2, $3)
         ON CONFLICT (community, channel) DO UPDATE SET id = EXCLUDED.id",
        &[&at.community, &at.channel, &id],
    )?;
    Ok(())
}

/// Applies `change` to the channel `at` in `tx` if it holds `expected`; whether it did.
fn write_channel(
    tx: &mut postgres::Transaction<'_>,
    at: &ChannelKey,
    expected: Option<&[u8]>,
    change: Write<'_>,
) -> Result<bool, postgres::Error> {
    let key: [&(dyn postgres::types::ToSql + Sync); 2] = [&at.community, &at.channel];
    // Step 1, the compare-and-swap on the channel's row.
    let swapped = match (change, expected) {
        (Write::Put(r), None) => {
            let wake = r.wake_ms().map(ms_column);
            tx.execute(
                "INSERT INTO channels (community, channel, record, wake_ms)
                 VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
                &[key[0], key[1], &encode(r), &wake],
            )? == 1
        }
        (Write::Put(r), Some(old)) => {
            let wake = r.wake_ms().map(ms_column);
            tx.execute(
                "UPDATE channels SET record = $3, wake_ms = $4
                 WHERE community = $1 AND channel = $2 AND record = $5",
                &[key[0], key[1], &encode(r), &wake, &old],
            )? == 1
        }
        (Write::Finish(_) | Write::Remove, Some(old)) => {
            tx.execute(
                "DELETE FROM channels WHERE community = $1 AND channel = $2 AND record = $3",
                &[key[0], key[1], &old],
            )? == 1
        }
        (Write::Finish(_) | Write::Remove, None) => tx
            .query_opt(
                "SELECT 1 FROM channels WHERE community = $1 AND channel = $2",
                &key,
            )?
            .is_none(),
    };
    // Step 2, a finished game's history, in the same transaction.
    if let (true, Write::Finish(r)) = (swapped, change) {
        put_history(tx, &r.id, &encode(r))?;
        put_last(tx, at, &r.id)?;
        tx.execute(
            "INSERT INTO unsettled (id) VALUES ($1) ON CONFLICT DO NOTHING",
            &[&r.id],
        )?;
    }
    Ok(swapped)
}

/// A document compare-and-swap as one statement; whether it applied. A write puts the
/// document on the driver's list when `listed` ([`DocKey::listed_on_write`]); a
/// removal takes it off with its row.
fn write_document(
    c: &mut Client,
    key: &str,
    expected: Option<&[u8]>,
    new: Option<&[u8]>,
    listed: bool,
) -> Result<bool, postgres::Error> {
    Ok(match (expected, new) {
        (None, None) => c
            .query_opt("SELECT 1 FROM docs WHERE key = $1", &[&key])?
            .is_none(),
        (None, Some(new)) => {
            c.execute(
                "INSERT INTO docs (key, value, listed) VALUES ($1, $2, $3)
                 ON CONFLICT DO NOTHING",
                &[&key, &new, &listed],
            )? == 1
        }
        (Some(old), Some(new)) => {
            c.execute(
                "UPDATE docs SET value = $2, listed = (listed OR $4)
                 WHERE key = $1 AND value = $3",
                &[&key, &new, &old, &listed],
            )? == 1
        }
        (Some(old), None) => {
            c.execute(
                "DELETE FROM docs WHERE key = $1 AND value = $2",
                &[&key, &old],
            )? == 1
        }
    })
}

/// Documents of `rows` (`key`, `value`) with their keys parsed.
fn keyed_docs(rows: &[Row]) -> Result<Vec<(DocKey, Vec<u8>)>, StoreError> {
    rows.iter()
        .map(|row| {
            let k: &str = row.get(0);
            let key = DocKey::parse(k).map_err(|reason| StoreError::Read {
                key: format!("document {k}"),
                reason,
            })?;
            Ok((key, row.get(1)))
        })
        .collect()
}

impl Store for PgStore {
    fn load(&self, at: &ChannelKey) -> Result<Option<Stored>, StoreError> {
        let name = channel_name(at);
        let row = self.with(
            || format!("reading {name}"),
            |c| {
                c.query_opt(
                    "SELECT record FROM channels WHERE community = $1 AND channel = $2",
                    &[&at.community, &at.channel],
                )
            },
        )?;
        match row {
            Some(row) => {
                let bytes: Vec<u8> = row.get(0);
                Ok(Some(Stored {
                    record: decode(&name, &bytes)?,
                    version: Version(bytes),
                }))
            }
            None => Ok(None),
        }
    }

    fn write(
        &self,
        at: &ChannelKey,
        expected: Option<&Version>,
        change: Write<'_>,
    ) -> Result<bool, StoreError> {
        let expected = expected.map(|v| v.0.as_slice());
        self.with(
            || format!("writing {}", channel_name(at)),
            |c| {
                let mut tx = c.transaction()?;
                let done = write_channel(&mut tx, at, expected, change)?;
                tx.commit()?;
                Ok(done)
            },
        )
    }

    fn last_finished(&self, at: &ChannelKey) -> Result<Option<Record>, StoreError> {
        let row = self.with(
            || format!("reading the last game of {}", channel_name(at)),
            |c| {
                c.query_opt(
                    "SELECT id FROM last_finished WHERE community = $1 AND channel = $2",
                    &[&at.community, &at.channel],
                )
            },
        )?;
        match row {
            Some(row) => self.get_history(row.get(0)),
            None => Ok(None),
        }
    }

    fn finished(&self, id: &str) -> Result<Option<Record>, StoreError> {
        self.get_history(id)
    }

    fn new_id(&self, now_ms: u64) -> Result<String, StoreError> {
        let n: i64 = self
            .with(
                || "generating a game id".into(),
                |c| c.query_one("SELECT nextval('game_ids')", &[]),
            )?
            .get(0);
        Ok(format!("{now_ms}-{n}"))
    }

    fn for_each(
        &self,
        each: &mut dyn FnMut(&Record) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        let channels = self.with(
            || "reading the channels".into(),
            |c| {
                c.query(
                    "SELECT community, channel, record FROM channels ORDER BY community, channel",
                    &[],
                )
            },
        )?;
        for row in channels {
            let at = ChannelKey {
                community: row.get(0),
                channel: row.get(1),
            };
            each(&decode(&channel_name(&at), &row.get::<_, Vec<u8>>(2))?)?;
        }
        let history = self.with(
            || "reading the history".into(),
            |c| c.query("SELECT id, record FROM history ORDER BY id", &[]),
        )?;
        for row in history {
            let key = format!("history {}", row.get::<_, &str>(0));
            each(&decode(&key, &row.get::<_, Vec<u8>>(1))?)?;
        }
        Ok(())
    }

    fn import(&self, batch: &ImportBatch) -> Result<ImportCounts, StoreError> {
        let records: Vec<Vec<u8>> = batch.records.iter().map(encode).collect();
        let done = self.with(
            || "importing".into(),
            |c| {
                let mut tx = c.transaction()?;
                let done = import::run(&mut PgImport(&mut tx), batch, &records)?;
                // A clash: the transaction is dropped, which rolls it back.
                if done.is_ok() {
                    tx.commit()?;
                }
                Ok(done)
            },
        )?;
        done
    }

    fn counts(&self) -> (usize, usize) {
        let counted = self.with(
            || "counting".into(),
            |c| {
                c.query_one(
                    "SELECT (SELECT count(*) FROM channels), (SELECT count(*) FROM history)",
                    &[],
                )
            },
        );
        match counted {
            Ok(row) => {
                let n = |i: usize| usize::try_from(row.get::<_, i64>(i)).unwrap_or(0);
                (n(0), n(1))
            }
            Err(e) => {
                tracing::warn!("{e}");
                (0, 0)
            }
        }
    }

    fn due(&self, now_ms: u64) -> Result<Vec<ChannelKey>, StoreError> {
        let rows = self.with(
            || "reading the wake index".into(),
            |c| {
                c.query(
                    "SELECT community, channel FROM channels WHERE wake_ms <= $1
                     ORDER BY community, channel",
                    &[&ms_column(now_ms)],
                )
            },
        )?;
        Ok(rows
            .iter()
            .map(|r| ChannelKey {
                community: r.get(0),
                channel: r.get(1),
            })
            .collect())
    }

    fn doc(&self, key: &DocKey) -> Result<Option<Vec<u8>>, StoreError> {
        let k = key.to_string();
        let row = self.with(
            || format!("reading document {key}"),
            |c| c.query_opt("SELECT value FROM docs WHERE key = $1", &[&k]),
        )?;
        Ok(row.map(|r| r.get(0)))
    }

    fn write_doc(
        &self,
        key: &DocKey,
        expected: Option<&[u8]>,
        new: Option<&[u8]>,
    ) -> Result<bool, StoreError> {
        let k = key.to_string();
        let listed = key.listed_on_write();
        self.with(
            || format!("writing document {key}"),
            |c| write_document(c, &k, expected, new, listed),
        )
    }

    fn listed(&self) -> Result<Vec<(DocKey, Vec<u8>)>, StoreError> {
        let rows: Vec<Row> = self.with(
            || "reading the driver's list".into(),
            |c| c.query("SELECT key, value FROM docs WHERE listed ORDER BY key", &[]),
        )?;
        keyed_docs(&rows)
    }

    /// One statement: of a write and this, whichever commits second sees the other's
    /// row (the default isolation re-reads it), so a document written meanwhile stays.
    fn unlist(&self, key: &DocKey, expected: &[u8]) -> Result<bool, StoreError> {
        let k = key.to_string();
        let n = self.with(
            || format!("taking document {key} off the driver's list"),
            |c| {
                c.execute(
                    "UPDATE docs SET listed = false WHERE key = $1 AND value = $2 AND listed",
                    &[&k, &expected],
                )
            },
        )?;
        Ok(n == 1)
    }

    fn docs(&self, prefix: &DocPrefix) -> Result<Vec<(DocKey, Vec<u8>)>, StoreError> {
        let prefix = prefix.to_string();
        let rows: Vec<Row> = self.with(
            || format!("reading documents {prefix}*"),
            |c| {
                c.query(
                    "SELECT key, value FROM docs WHERE starts_with(key, $1) ORDER BY key",
                    &[&prefix],
                )
            },
        )?;
        keyed_docs(&rows)
    }

    fn unsettled(&self) -> Result<Vec<String>, StoreError> {
        let rows = self.with(
            || "reading the unsettled games".into(),
            |c| c.query("SELECT id FROM unsettled ORDER BY id", &[]),
        )?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    fn settle(&self, id: &str) -> Result<(), StoreError> {
        self.with(
            || format!("settling game {id}"),
            |c| c.execute("DELETE FROM unsettled WHERE id = $1", &[&id]),
        )?;
        Ok(())
    }

    /// Reads in one repeatable-read transaction: `read` sees the database as of one
    /// instant, and writers (of every process) go on meanwhile.
    fn quiesced(&self, read: &mut dyn FnMut() -> Result<(), StoreError>) -> Result<(), StoreError> {
        let what = || "starting a snapshot".to_string();
        let mut conn = self.pool.get().map_err(|e| StoreError::Io {
            what: what(),
            reason: format!("no connection to {}: {e}", self.target),
        })?;
        conn.batch_execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            .map_err(io(what()))?;
        let me = std::thread::current().id();
        self.lock_snapshots().push((me, conn));
        let out = read();
        if let Some(mut conn) = self.snapshot_of(me) {
            // Only reads happened: ending the transaction either way is the same.
            conn.batch_execute("ROLLBACK")
                .map_err(io("ending a snapshot"))?;
        }
        out
    }
}
