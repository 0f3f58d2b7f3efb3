//! The PostgreSQL store over TLS, as the connection string's `sslmode` and
//! `sslrootcert` ask, against the test server of `scripts/postgres.sh` (TLS on, its
//! throw-away CA in `$MANCALA_TEST_POSTGRES_CA`, its certificate for `localhost` and
//! 127.0.0.1). Skipped without the variables unless `MANCALA_REQUIRE_POSTGRES=1`.

use std::process::Command;
use std::time::Duration;

use mancala_bot::store::{PgStore, StoreError};

use crate::contract::Postgres;

/// A fresh schema on the test server and the path of its CA; `None` (with a note) when
/// either variable is unset and PostgreSQL is not required.
///
/// # Panics
/// A variable is unset while `MANCALA_REQUIRE_POSTGRES=1`.
fn tls_server(test: &str) -> Option<(Postgres, String)> {
    let pg = Postgres::fresh(test)?;
    let Ok(ca) = std::env::var("MANCALA_TEST_POSTGRES_CA") else {
        assert!(
            std::env::var("MANCALA_REQUIRE_POSTGRES").as_deref() != Ok("1"),
            "MANCALA_TEST_POSTGRES_CA is not set: `eval \"$(scripts/postgres.sh env)\"`"
        );
        eprintln!("{test}: PostgreSQL TLS skipped (MANCALA_TEST_POSTGRES_CA is not set)");
        return None;
    };
    Some((pg, ca))
}

fn open(url: &str) -> Result<PgStore, StoreError> {
    PgStore::open(url, 2, Duration::from_secs(10))
}

/// Why `url` was refused, as the store says it.
fn refusal(url: &str) -> String {
    match open(url) {
        Ok(_) => panic!("{url} was accepted"),
        Err(e) => e.to_string(),
    }
}

/// `url` reaching the server as `name` (the name TLS checks) while connecting to
/// 127.0.0.1, with a password the messages must not show.
fn as_host(url: &str, name: &str) -> String {
    let moved = url.replacen(
        "://mancala@127.0.0.1:",
        &format!("://mancala:hunter2@{name}:"),
        1,
    );
    assert_ne!(
        moved, url,
        "the test server's URL is postgresql://mancala@127.0.0.1:..."
    );
    format!("{moved}&hostaddr=127.0.0.1")
}

#[test]
fn postgres_tls_with_the_ca_encrypts_the_session() {
    let Some((pg, ca)) = tls_server("tls_encrypts") else {
        return;
    };
    for mode in ["require", "verify-ca", "verify-full"] {
        let url = format!("{}&sslmode={mode}&sslrootcert={ca}", pg.url);
        let store = open(&url).unwrap_or_else(|e| panic!("sslmode={mode}: {e}"));
        let version = store.session_tls().unwrap();
        assert!(
            version.as_deref().is_some_and(|v| v.starts_with("TLSv1.")),
            "sslmode={mode}: {version:?}"
        );
    }
    // The host name in the certificate (localhost) with verify-full.
    let url = format!(
        "{}&sslmode=verify-full&sslrootcert={ca}",
        as_host(&pg.url, "localhost")
    );
    let store = open(&url).unwrap();
    assert!(store.session_tls().unwrap().is_some());
}

#[test]
fn postgres_tls_verify_full_refuses_another_host_name_or_an_unknown_ca() {
    let Some((pg, ca)) = tls_server("tls_refuses") else {
        return;
    };
    let elsewhere = as_host(&pg.url, "db.invalid");
    let e = refusal(&format!("{elsewhere}&sslmode=verify-full&sslrootcert={ca}"));
    assert!(
        e.starts_with("cannot open the store at postgresql://mancala@db.invalid:")
            && e.contains(
                "the server's certificate is not issued for the host name connected to \
                 (sslmode=verify-full checks it; verify-ca does not)"
            )
            && e.contains("db.invalid"),
        "{e}"
    );
    assert!(!e.contains("hunter2"), "{e}");
    // verify-ca checks the chain only: the same name is accepted.
    let store = open(&format!("{elsewhere}&sslmode=verify-ca&sslrootcert={ca}")).unwrap();
    assert!(store.session_tls().unwrap().is_some());
    // Without the CA the system's roots are used, and the throw-away CA is not one.
    for mode in ["verify-full", "verify-ca"] {
        let e = refusal(&format!("{elsewhere}&sslmode={mode}"));
        assert!(
            e.contains(&format!(
                "the server's certificate is not signed by a trusted CA: sslmode={mode} \
                 trusts the system's root CAs (sslrootcert=FILE names another CA)"
            )),
            "{e}"
        );
        assert!(!e.contains("hunter2"), "{e}");
    }
    // A root file that is not there is named.
    let e = refusal(&format!(
        "{}&sslmode=verify-full&sslrootcert={ca}.gone",
        pg.url
    ));
    assert!(
        e.contains(&format!("sslrootcert={ca}.gone cannot be read")),
        "{e}"
    );
}

#[test]
fn postgres_tls_disable_stays_plain_and_prefer_takes_what_the_server_offers() {
    let Some((pg, _ca)) = tls_server("tls_plain") else {
        return;
    };
    let store = open(&format!("{}&sslmode=disable", pg.url)).unwrap();
    assert_eq!(store.session_tls().unwrap(), None);
    // No sslmode is libpq's prefer: this server offers TLS, so the session has it.
    let store = open(&pg.url).unwrap();
    assert!(store.session_tls().unwrap().is_some());
}

#[test]
fn postgres_tls_verify_full_trusts_the_system_roots_of_ssl_cert_file() {
    let Some((pg, ca)) = tls_server("tls_system") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config.toml");
    std::fs::write(&config, "[store]\nbackend = \"postgres\"\n").unwrap();
    // The system's roots as rustls-native-certs reads them: SSL_CERT_FILE replaces the
    // host's store, so the throw-away CA is the one trusted root.
    let out = crate::piped::with_input(
        Command::new(env!("CARGO_BIN_EXE_mancala-bot"))
            .args(["console", "--no-pictures", "--no-endgame", "--config"])
            .arg(&config)
            .arg("--data")
            .arg(dir.path())
            .env(
                "MANCALA_POSTGRES_URL",
                format!("{}&sslmode=verify-full", pg.url),
            )
            .env("SSL_CERT_FILE", &ca),
        "!new katro @bob\n/quit\n",
    );
    let (text, err) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(text.contains("alice challenges @bob"), "{text}\n{err}");
}

#[test]
fn postgres_tls_carries_a_scram_login_with_channel_binding() {
    let Some((pg, ca)) = tls_server("tls_scram") else {
        return;
    };
    // scripts/postgres.sh makes this role log in over TLS by SCRAM (pg_hba.conf); the
    // role is the cluster's, so each test run sets it up again, idempotently.
    let mut admin = pg.client();
    let schema: String = admin
        .query_one("SELECT current_schema()", &[])
        .unwrap()
        .get(0);
    admin
        .batch_execute(&format!(
            "DO $$ BEGIN CREATE ROLE mancala_scram LOGIN;
             EXCEPTION WHEN duplicate_object THEN NULL; END $$;
             ALTER ROLE mancala_scram PASSWORD 'scram-secret';
             GRANT ALL ON SCHEMA {schema} TO mancala_scram;"
        ))
        .unwrap();
    let as_scram = |password: &str| {
        let url = pg
            .url
            .replacen("://mancala@", &format!("://mancala_scram:{password}@"), 1);
        // One format!, not `String + &String`: with the matrix feature another crate's
        // `Add` impl makes that ambiguous.
        format!("{url}&sslmode=verify-full&sslrootcert={ca}&channel_binding=require")
    };
    // tls-server-end-point binding: the glue hashes the server's certificate.
    let store = open(&as_scram("scram-secret")).unwrap();
    assert!(store.session_tls().unwrap().is_some());
    let e = refusal(&as_scram("wrong-secret"));
    assert!(
        e.contains("password authentication failed for user \"mancala_scram\""),
        "{e}"
    );
    assert!(!e.contains("secret"), "{e}");
}
