//! A PostgreSQL schema of its own for one test, in the database at
//! `$MANCALA_TEST_POSTGRES` (`scripts/postgres.sh start`, then `eval
//! "$(scripts/postgres.sh env)"`; `.ci/run` does both). Without the variable a test is
//! skipped with a note, unless `MANCALA_REQUIRE_POSTGRES=1` (set by `.ci/run`), which
//! makes it fail instead. Shared by the `bot` and `discord` test binaries.

use std::sync::atomic::{AtomicUsize, Ordering};

/// A schema of its own in the test database.
pub struct Postgres {
    /// The connection string, with the schema as the search path.
    pub url: String,
}

static SCHEMAS: AtomicUsize = AtomicUsize::new(0);

impl Postgres {
    /// A fresh, empty schema in `$MANCALA_TEST_POSTGRES`; `None` (with a note) when the
    /// variable is unset and `MANCALA_REQUIRE_POSTGRES` is not `1`.
    ///
    /// # Panics
    /// The variable is unset while required, or the database cannot be reached.
    pub fn fresh(test: &str) -> Option<Postgres> {
        let Ok(base) = std::env::var("MANCALA_TEST_POSTGRES") else {
            assert!(
                std::env::var("MANCALA_REQUIRE_POSTGRES").as_deref() != Ok("1"),
                "MANCALA_TEST_POSTGRES is not set: start a database with \
                 `scripts/postgres.sh start` and `eval \"$(scripts/postgres.sh env)\"`"
            );
            eprintln!("{test}: PostgreSQL skipped (MANCALA_TEST_POSTGRES is not set)");
            return None;
        };
        let schema = format!(
            "t_{}_{}_{}",
            test.replace(|c: char| !c.is_ascii_alphanumeric(), "_"),
            std::process::id(),
            SCHEMAS.fetch_add(1, Ordering::SeqCst)
        );
        let mut admin = postgres::Client::connect(&base, postgres::NoTls)
            .expect("the test database at $MANCALA_TEST_POSTGRES answers");
        admin
            .batch_execute(&format!("CREATE SCHEMA {schema}"))
            .unwrap();
        let sep = if base.contains('?') { '&' } else { '?' };
        Some(Postgres {
            url: format!("{base}{sep}options=-csearch_path%3D{schema}"),
        })
    }

    /// A raw client on the schema.
    #[allow(dead_code)] // Not every test binary uses it.
    pub fn client(&self) -> postgres::Client {
        postgres::Client::connect(&self.url, postgres::NoTls).unwrap()
    }
}
