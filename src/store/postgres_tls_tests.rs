//! The connection string's TLS settings, and a server that refuses TLS.

use std::io::{Read, Write};
use std::time::Duration;

use super::*;
use crate::store::{PgStore, StoreError};

fn roots_of(tls: &Tls) -> &Roots {
    &tls.roots
}

#[test]
fn a_url_loses_its_tls_parameters_and_keeps_the_rest() {
    let (config, tls) = split(
        "postgresql://ann:pa?ss@db.example.org:6543/games?sslmode=verify-full\
         &application_name=bot&sslrootcert=%2Fetc%2Fpg%20ca.pem",
    )
    .unwrap();
    assert_eq!(tls.mode, Mode::VerifyFull);
    assert_eq!(roots_of(&tls), &Roots::File("/etc/pg ca.pem".into()));
    assert_eq!(config.get_ssl_mode(), SslMode::Require);
    assert_eq!(config.get_password(), Some(&b"pa?ss"[..]));
    assert_eq!(config.get_application_name(), Some("bot"));
    assert_eq!(config.get_ports(), [6543]);
    assert_eq!(config.get_dbname(), Some("games"));
}

#[test]
fn without_sslmode_the_mode_is_prefer_as_in_libpq() {
    for url in [
        "postgresql://ann@localhost/games",
        "host=localhost user=ann",
        "postgres://ann@localhost/games?application_name=bot",
    ] {
        let (config, tls) = split(url).unwrap();
        assert_eq!(
            (tls.mode, config.get_ssl_mode()),
            (Mode::Prefer, SslMode::Prefer)
        );
        assert_eq!(roots_of(&tls), &Roots::Unset);
    }
    let (config, tls) = split("postgresql://ann@localhost/games?sslmode=disable").unwrap();
    assert_eq!(
        (tls.mode, config.get_ssl_mode()),
        (Mode::Disable, SslMode::Disable)
    );
}

#[test]
fn key_values_lose_their_tls_parameters_and_keep_quoted_values() {
    let (config, tls) = split(
        r"host=db.example.org user = ann password='it\'s a \\ secret' sslmode = verify-ca sslrootcert='/etc/pg ca.pem' dbname=games",
    )
    .unwrap();
    assert_eq!(tls.mode, Mode::VerifyCa);
    assert_eq!(roots_of(&tls), &Roots::File("/etc/pg ca.pem".into()));
    assert_eq!(config.get_password(), Some(&br"it's a \ secret"[..]));
    assert_eq!(config.get_user(), Some("ann"));
    assert_eq!(config.get_dbname(), Some("games"));
    assert_eq!(config.get_ssl_mode(), SslMode::Require);
}

#[test]
fn unsupported_modes_are_refused_by_name() {
    let err = split("postgresql://ann:secret@h/db?sslmode=allow").unwrap_err();
    assert!(err.contains("sslmode=allow is not supported"), "{err}");
    let err = split("host=h password=secret sslmode=verify").unwrap_err();
    assert!(
        err.contains("sslmode=verify is not one of disable, prefer"),
        "{err}"
    );
    assert!(!err.contains("secret"), "{err}");
    let err = split("postgresql://h/db?sslrootcert=system&sslmode=require").unwrap_err();
    assert_eq!(
        err,
        "sslrootcert=system needs sslmode=verify-full, not require"
    );
    let (_, tls) = split("postgresql://h/db?sslrootcert=system").unwrap();
    assert_eq!(
        (tls.mode, roots_of(&tls)),
        (Mode::VerifyFull, &Roots::System)
    );
    let err = split("host=h password='open").unwrap_err();
    assert_eq!(err, "the value of password lacks its closing quote");
}

#[test]
fn a_root_file_that_is_missing_or_not_a_certificate_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("none.pem");
    let url = format!(
        "host=h sslmode=verify-full sslrootcert={}",
        missing.display()
    );
    let err = split(&url).unwrap().1.connector().err().unwrap();
    assert!(
        err.starts_with(&format!("sslrootcert={} cannot be read", missing.display())),
        "{err}"
    );
    let junk = dir.path().join("junk.pem");
    std::fs::write(&junk, "not a certificate\n").unwrap();
    let url = format!("host=h sslmode=require sslrootcert={}", junk.display());
    let err = split(&url).unwrap().1.connector().err().unwrap();
    assert_eq!(
        err,
        format!(
            "sslrootcert={} holds no usable CA certificate",
            junk.display()
        )
    );
    // Without TLS the file is not read.
    let url = format!("host=h sslmode=disable sslrootcert={}", missing.display());
    assert!(split(&url).unwrap().1.connector().is_ok());
}

/// A server that answers PostgreSQL's TLS request with "N" (no TLS), then hangs up.
fn server_without_tls() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        let (mut peer, _) = listener.accept().unwrap();
        let mut request = [0u8; 8];
        peer.read_exact(&mut request).unwrap();
        // The SSLRequest code, 80877103.
        assert_eq!(request[4..], 80_877_103u32.to_be_bytes());
        peer.write_all(b"N").unwrap();
    });
    port
}

#[test]
fn a_server_without_tls_is_refused_when_the_url_requires_it() {
    for mode in ["require", "verify-ca", "verify-full"] {
        let port = server_without_tls();
        let url = format!(
            "postgresql://ann:hunter2@127.0.0.1:{port}/games?sslmode={mode}&sslrootcert=system"
        );
        let url = if mode == "verify-full" {
            url
        } else {
            url.replace("&sslrootcert=system", "")
        };
        let Err(StoreError::Open { path, reason }) = PgStore::open(&url, 2, Duration::from_secs(5))
        else {
            panic!("{mode}: a server without TLS was accepted");
        };
        assert_eq!(path, format!("postgresql://ann@127.0.0.1:{port}/games"));
        assert_eq!(
            reason,
            format!("the server does not support TLS but the URL asks for sslmode={mode}")
        );
    }
}
