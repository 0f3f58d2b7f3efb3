//! The PostgreSQL backend of the store (feature `postgres`): several bot processes
//! (Discord shard ranges, a Matrix process) share one database.
//!
//! The tables are the sled store's trees (`migrations/postgres/`): `channels` (a record
//! per community and channel, with its wake-up time as the wake index), `history`,
//! `last_finished`, `docs` (with the driver's list as its `listed` column),
//! `unsettled`, and the sequence `game_ids`. Records and documents are the same JSON
//! bytes as in sled. This file connects, migrates and implements the store's primitive
//! ([`KeyValue`]) with the statements of `postgres_kv.rs` (one `BEGIN ... COMMIT` per
//! transaction, the rows compared locked); the store's logic is above it (`logic.rs`).
//!
//! Migrations are numbered files applied in order at open, under an advisory lock so
//! that processes starting together apply each once; the applied versions are in
//! `mancala_schema`. A database whose schema is newer than this build is refused.
//!
//! Calls block: use the store from a plain thread or `spawn_blocking`, as the bot does.

use std::thread::ThreadId;
use std::time::Duration;

use postgres::Client;
use r2d2_postgres::r2d2::{Pool, PooledConnection};
use r2d2_postgres::PostgresConnectionManager;

use super::kv::{Body, Key, KeyValue, Space, TxError};
use super::postgres_kv::{count_rows, get_rows, ms_column, reason, scan_rows, tx_error, PgTx};
use super::postgres_tls::{self, session_tls, Connector, Tls};
use super::StoreError;
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

/// A [`Store`](super::Store) in a PostgreSQL database.
pub struct PgStore {
    pool: Pool<Manager>,
    /// The connection of a [`Store::quiesced`](super::Store::quiesced) in progress, in a repeatable-read
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
    /// ([`Store::quiesced`](super::Store::quiesced)), else one from the pool.
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

impl KeyValue for PgStore {
    /// `BEGIN`, the body's reads (the rows it compares locked), its writes, `COMMIT`;
    /// on a connection of the pool (never a snapshot's, which only reads).
    fn transact<T>(&self, body: Body<'_, T>) -> Result<T, TxError> {
        let mut conn = self.pool.get().map_err(|e| {
            TxError::Fail(StoreError::Io {
                what: "writing".into(),
                reason: format!("no connection to {}: {e}", self.target),
            })
        })?;
        let mut tx = conn.transaction().map_err(|e| tx_error(&e))?;
        let mut pg = PgTx::new(&mut tx);
        // A failure drops `tx`, which rolls it back.
        let out = body(&mut pg)?;
        pg.apply()?;
        tx.commit().map_err(|e| tx_error(&e))?;
        Ok(out)
    }

    fn get_many(&self, keys: &[(Space, Key)]) -> Result<Vec<Option<Vec<u8>>>, StoreError> {
        self.with(|| "reading".into(), |c| get_rows(c, keys))
    }

    fn scan(
        &self,
        space: Space,
        prefix: &str,
        each: &mut dyn FnMut(Key, Vec<u8>) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        let rows = self.with(
            || format!("reading {space:?} {prefix}*"),
            |c| scan_rows(c, space, prefix),
        )?;
        rows.into_iter().try_for_each(|(k, v)| each(k, v))
    }

    fn count(&self, space: Space) -> Result<usize, StoreError> {
        self.with(|| "counting".into(), |c| count_rows(c, space))
    }

    fn next_id(&self) -> Result<u64, StoreError> {
        let n: i64 = self
            .with(
                || "generating a game id".into(),
                |c| c.query_one("SELECT nextval('game_ids')", &[]),
            )?
            .get(0);
        Ok(u64::try_from(n).unwrap_or(0))
    }

    /// The partial index on `wake_ms`: only the channels due.
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
