//! TLS for the PostgreSQL store, as the connection string's `sslmode` and
//! `sslrootcert` ask (libpq's meaning, <https://www.postgresql.org/docs/current/libpq-ssl.html>):
//!
//! | `sslmode`          | TLS                          | the server's certificate                       |
//! |--------------------|------------------------------|------------------------------------------------|
//! | `disable`          | never                        | -                                              |
//! | `prefer` (default) | when the server offers it    | chain checked only when `sslrootcert` is given |
//! | `require`          | always (refused without)     | chain checked only when `sslrootcert` is given |
//! | `verify-ca`        | always                       | chain checked, not the host name               |
//! | `verify-full`      | always                       | chain and host name checked                    |
//!
//! The chain is checked against `sslrootcert=FILE` (PEM), or against the system's roots
//! (`rustls-native-certs`: the host's CA store, which honours `SSL_CERT_FILE`) when the
//! mode is `verify-*` without a file or with `sslrootcert=system`. Two departures from
//! libpq: a `verify-*` mode without `sslrootcert` uses the system's roots where libpq
//! reads `~/.postgresql/root.crt`, and `sslmode=allow` (plain first, TLS if the server
//! insists) is refused with a message. A `prefer` connection whose handshake fails is an
//! error, not a silent fallback to plain text.
//!
//! tokio-postgres itself knows only `disable`, `prefer` and `require`, and refuses
//! `sslrootcert`: [`split`] takes both out of the string before it parses the rest.

use std::borrow::Cow;
use std::sync::Arc;

use postgres::config::SslMode;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::client::WebPkiServerVerifier;
use rustls::crypto::{verify_tls12_signature, verify_tls13_signature, CryptoProvider};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{CertificateError, ClientConfig, DigitallySignedStruct, RootCertStore};
use tokio_postgres_rustls::MakeRustlsConnect;

/// The connector every connection of a store uses (TLS or not, as the mode says).
pub(super) type Connector = MakeRustlsConnect;

/// What the connection string asks of TLS: `sslmode` as libpq reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    /// `disable`: plain text.
    Disable,
    /// `prefer`: TLS when the server offers it.
    Prefer,
    /// `require`: TLS or no connection.
    Require,
    /// `verify-ca`: TLS, the certificate signed by a trusted CA.
    VerifyCa,
    /// `verify-full`: as `verify-ca`, and issued for the host name connected to.
    VerifyFull,
}

impl Mode {
    fn parse(value: &str) -> Result<Mode, String> {
        Ok(match value {
            "disable" => Mode::Disable,
            "prefer" => Mode::Prefer,
            "require" => Mode::Require,
            "verify-ca" => Mode::VerifyCa,
            "verify-full" => Mode::VerifyFull,
            "allow" => {
                return Err(
                    "sslmode=allow is not supported (it tries plain text first): \
                            use disable, prefer, require, verify-ca or verify-full"
                        .into(),
                )
            }
            other => {
                return Err(format!(
                    "sslmode={other} is not one of disable, prefer, require, verify-ca, \
                     verify-full"
                ))
            }
        })
    }

    fn name(self) -> &'static str {
        match self {
            Mode::Disable => "disable",
            Mode::Prefer => "prefer",
            Mode::Require => "require",
            Mode::VerifyCa => "verify-ca",
            Mode::VerifyFull => "verify-full",
        }
    }
}

/// Where trusted CAs come from.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Roots {
    /// None given: `verify-*` uses the system's, the other modes check nothing.
    Unset,
    /// `sslrootcert=system`.
    System,
    /// `sslrootcert=FILE`: PEM certificates.
    File(String),
}

/// The TLS settings of a connection string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Tls {
    mode: Mode,
    roots: Roots,
}

/// The start of the message for a malformed connection string.
const NOT_A_URL: &str =
    "it is not a connection string (postgresql://USER:PASSWORD@HOST:PORT/DATABASE)";

/// Takes `sslmode` and `sslrootcert` out of `url` (a `postgresql://` URL or libpq's
/// `key=value` form) and parses the rest.
///
/// # Errors
/// A malformed string, an unknown or unsupported `sslmode`, or `sslrootcert=system`
/// with a mode weaker than `verify-full` (as libpq refuses it); the message never
/// holds the password.
pub(super) fn split(url: &str) -> Result<(postgres::Config, Tls), String> {
    let (rest, mode, root) = if let Some(tail) = ["postgresql://", "postgres://"]
        .iter()
        .find_map(|p| url.strip_prefix(p))
    {
        split_url(url, url.len() - tail.len())?
    } else {
        split_key_values(url)?
    };
    let roots = match root.as_deref() {
        None | Some("") => Roots::Unset,
        Some("system") => Roots::System,
        Some(file) => Roots::File(file.to_string()),
    };
    let mode = match (mode.as_deref(), &roots) {
        // libpq: sslrootcert=system makes verify-full the default and the only choice.
        (None, Roots::System) => Mode::VerifyFull,
        (None, _) => Mode::Prefer,
        (Some(m), _) => Mode::parse(m)?,
    };
    if roots == Roots::System && mode != Mode::VerifyFull {
        return Err(format!(
            "sslrootcert=system needs sslmode=verify-full, not {}",
            mode.name()
        ));
    }
    let mut config: postgres::Config = rest.parse().map_err(|e| format!("{NOT_A_URL}: {e}"))?;
    config.ssl_mode(match mode {
        Mode::Disable => SslMode::Disable,
        Mode::Prefer => SslMode::Prefer,
        Mode::Require | Mode::VerifyCa | Mode::VerifyFull => SslMode::Require,
    });
    Ok((config, Tls { mode, roots }))
}

/// A connection string without `sslmode` and `sslrootcert`, and their values.
type Split = (String, Option<String>, Option<String>);

/// The URL `url` (its scheme ending at `start`) without `sslmode` and `sslrootcert`,
/// and their values, percent-decoded. The query starts at the first `?` after the
/// credentials, as tokio-postgres reads it.
fn split_url(url: &str, start: usize) -> Result<Split, String> {
    let after_credentials = url[start..].find('@').map_or(start, |at| start + at + 1);
    let Some(q) = url[after_credentials..].find('?') else {
        return Ok((url.to_string(), None, None));
    };
    let (base, query) = url.split_at(after_credentials + q);
    let (mut mode, mut root, mut kept) = (None, None, Vec::new());
    for pair in query[1..].split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let decode = |s: &str| -> Result<String, String> {
            percent_encoding::percent_decode_str(s)
                .decode_utf8()
                .map(Cow::into_owned)
                .map_err(|_| format!("the URL's parameter {key} is not UTF-8"))
        };
        match decode(key)?.as_str() {
            "sslmode" => mode = Some(decode(value)?),
            "sslrootcert" => root = Some(decode(value)?),
            _ => kept.push(pair),
        }
    }
    let rest = if kept.is_empty() {
        base.to_string()
    } else {
        format!("{base}?{}", kept.join("&"))
    };
    Ok((rest, mode, root))
}

/// libpq's `key=value` form without `sslmode` and `sslrootcert`, and their values:
/// values bare or in single quotes, a backslash escaping the next character (the rest
/// is written back quoted).
fn split_key_values(s: &str) -> Result<Split, String> {
    let (mut mode, mut root, mut kept) = (None, None, Vec::new());
    let mut chars = s.chars().peekable();
    loop {
        while chars.next_if(|c| c.is_whitespace()).is_some() {}
        let mut key = String::new();
        while let Some(c) = chars.next_if(|c| !c.is_whitespace() && *c != '=') {
            key.push(c);
        }
        if key.is_empty() {
            if chars.peek().is_some() {
                return Err(format!("{NOT_A_URL}: '=' without a key"));
            }
            break;
        }
        while chars.next_if(|c| c.is_whitespace()).is_some() {}
        if chars.next() != Some('=') {
            // The word is not named: it may be a piece of a password.
            return Err(format!("{NOT_A_URL}: a word without '=' after it"));
        }
        while chars.next_if(|c| c.is_whitespace()).is_some() {}
        let quoted = chars.next_if_eq(&'\'').is_some();
        let mut value = String::new();
        loop {
            match chars.next() {
                Some('\'') if quoted => break,
                Some(c) if !quoted && c.is_whitespace() => break,
                Some('\\') => value.extend(chars.next()),
                Some(c) => value.push(c),
                None if quoted => {
                    return Err(format!("the value of {key} lacks its closing quote"))
                }
                None => break,
            }
        }
        match key.as_str() {
            "sslmode" => mode = Some(value),
            "sslrootcert" => root = Some(value),
            _ => {
                let escaped = value.replace('\\', "\\\\").replace('\'', "\\'");
                kept.push(format!("{key}='{escaped}'"));
            }
        }
    }
    Ok((kept.join(" "), mode, root))
}

/// What to check of the server's certificate.
enum Check {
    /// Nothing (`prefer`/`require` without `sslrootcert`): encryption only.
    Nothing,
    /// The chain to these roots, not the name.
    Chain(RootCertStore),
    /// The chain and the host name.
    Full(RootCertStore),
}

/// The crypto provider: ring, which serenity's reqwest already builds. Named rather
/// than taken from the process default, which is ambiguous when the `matrix` feature
/// also brings aws-lc-rs.
fn provider() -> Arc<CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

impl Tls {
    /// `sslmode` as given (or its default), for messages.
    pub(super) fn mode_name(&self) -> &'static str {
        self.mode.name()
    }

    /// The connector for these settings, its roots loaded.
    ///
    /// # Errors
    /// The `sslrootcert` file cannot be read or holds no certificate, or the system
    /// has no root certificates.
    pub(super) fn connector(&self) -> Result<Connector, String> {
        let check = match (self.mode, &self.roots) {
            (Mode::Disable, _) | (Mode::Prefer | Mode::Require, Roots::Unset) => Check::Nothing,
            (Mode::Prefer | Mode::Require | Mode::VerifyCa, roots) => Check::Chain(load(roots)?),
            (Mode::VerifyFull, roots) => Check::Full(load(roots)?),
        };
        let provider = provider();
        let builder = ClientConfig::builder_with_provider(provider.clone())
            .with_safe_default_protocol_versions()
            .map_err(|e| format!("TLS cannot be set up: {e}"))?;
        let config = match check {
            Check::Full(roots) => builder.with_root_certificates(roots),
            Check::Chain(roots) => {
                let inner = WebPkiServerVerifier::builder_with_provider(Arc::new(roots), provider)
                    .build()
                    .map_err(|e| format!("TLS cannot be set up: {e}"))?;
                builder
                    .dangerous()
                    .with_custom_certificate_verifier(Arc::new(ChainOnly(inner)))
            }
            Check::Nothing => builder
                .dangerous()
                .with_custom_certificate_verifier(Arc::new(EncryptOnly(provider))),
        };
        Ok(MakeRustlsConnect::new(config.with_no_client_auth()))
    }

    /// Why a connection failed, in words naming the TLS problem and the setting behind
    /// it, when it is a TLS failure; `None` for any other failure.
    pub(super) fn explain(&self, e: &postgres::Error) -> Option<String> {
        let mode = self.mode.name();
        // tokio-postgres's words when the server answers "N" to the TLS request.
        let refused = std::iter::successors(std::error::Error::source(e), |c| c.source())
            .any(|c| c.to_string() == "server does not support TLS");
        if refused {
            return Some(format!(
                "the server does not support TLS but the URL asks for sslmode={mode}"
            ));
        }
        let tls = rustls_cause(e)?;
        let trusted = match &self.roots {
            Roots::File(file) => format!("the CA in sslrootcert={file}"),
            _ => "the system's root CAs (sslrootcert=FILE names another CA)".into(),
        };
        Some(match tls {
            rustls::Error::InvalidCertificate(CertificateError::UnknownIssuer) => format!(
                "the server's certificate is not signed by a trusted CA: sslmode={mode} \
                 trusts {trusted}"
            ),
            rustls::Error::InvalidCertificate(
                why @ (CertificateError::NotValidForName
                | CertificateError::NotValidForNameContext { .. }),
            ) => format!(
                "the server's certificate is not issued for the host name connected to \
                 (sslmode={mode} checks it; verify-ca does not): {why}"
            ),
            rustls::Error::InvalidCertificate(why) => {
                format!("the server's certificate is refused (sslmode={mode}): {why}")
            }
            other => format!("TLS with the server failed (sslmode={mode}): {other}"),
        })
    }
}

/// The TLS version of `client`'s session as the server reports it (`pg_stat_ssl`);
/// `None` when plain.
pub(super) fn session_tls(
    client: &mut postgres::Client,
) -> Result<Option<String>, postgres::Error> {
    let row = client.query_one(
        "SELECT ssl, version FROM pg_stat_ssl WHERE pid = pg_backend_pid()",
        &[],
    )?;
    Ok(row.get::<_, bool>(0).then(|| row.get(1)))
}

/// The rustls error under `e`, if any: tokio-rustls wraps it in an `io::Error`, whose
/// `source()` skips it, so each `io::Error` is opened by hand.
fn rustls_cause(e: &postgres::Error) -> Option<&rustls::Error> {
    let mut cause: Option<&(dyn std::error::Error + 'static)> = std::error::Error::source(e);
    while let Some(c) = cause {
        if let Some(tls) = c.downcast_ref::<rustls::Error>() {
            return Some(tls);
        }
        if let Some(tls) = c
            .downcast_ref::<std::io::Error>()
            .and_then(|io| io.get_ref())
            .and_then(|inner| inner.downcast_ref::<rustls::Error>())
        {
            return Some(tls);
        }
        cause = c.source();
    }
    None
}

/// The trusted roots `roots` names: a PEM file's certificates or the system's.
fn load(roots: &Roots) -> Result<RootCertStore, String> {
    let mut store = RootCertStore::empty();
    match roots {
        Roots::File(file) => {
            let certs = CertificateDer::pem_file_iter(file)
                .and_then(|certs| certs.collect::<Result<Vec<_>, _>>())
                .map_err(|e| format!("sslrootcert={file} cannot be read as PEM: {e}"))?;
            let (added, _) = store.add_parsable_certificates(certs);
            if added == 0 {
                return Err(format!("sslrootcert={file} holds no usable CA certificate"));
            }
        }
        Roots::System | Roots::Unset => {
            let found = rustls_native_certs::load_native_certs();
            store.add_parsable_certificates(found.certs);
            if store.is_empty() {
                return Err(
                    "the system has no root certificates to check the server's against \
                     (install ca-certificates, or give sslrootcert=FILE)"
                        .into(),
                );
            }
        }
    }
    Ok(store)
}

/// `verify-ca` (or a weaker mode with `sslrootcert`): the chain checked by webpki, a
/// certificate for another name accepted. webpki checks the name last, after the chain,
/// so a name error means the chain was good.
#[derive(Debug)]
struct ChainOnly(Arc<WebPkiServerVerifier>);

impl ServerCertVerifier for ChainOnly {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp_response: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        match self
            .0
            .verify_server_cert(end_entity, intermediates, server_name, ocsp_response, now)
        {
            Err(rustls::Error::InvalidCertificate(
                CertificateError::NotValidForName | CertificateError::NotValidForNameContext { .. },
            )) => Ok(ServerCertVerified::assertion()),
            other => other,
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        self.0.verify_tls12_signature(message, cert, dss)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        self.0.verify_tls13_signature(message, cert, dss)
    }

    fn supported_verify_schemes(&self) -> Vec<rustls::SignatureScheme> {
        self.0.supported_verify_schemes()
    }
}

/// `prefer`/`require` without `sslrootcert`, as in libpq: encrypted, the certificate
/// not checked (the handshake's signatures still are).
#[derive(Debug)]
struct EncryptOnly(Arc<CryptoProvider>);

impl ServerCertVerifier for EncryptOnly {
    fn verify_server_cert(
        &self,
        _end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        Ok(ServerCertVerified::assertion())
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls12_signature(
            message,
            cert,
            dss,
            &self.0.signature_verification_algorithms,
        )
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls13_signature(
            message,
            cert,
            dss,
            &self.0.signature_verification_algorithms,
        )
    }

    fn supported_verify_schemes(&self) -> Vec<rustls::SignatureScheme> {
        self.0.signature_verification_algorithms.supported_schemes()
    }
}

#[cfg(test)]
#[path = "postgres_tls_tests.rs"]
mod tests;
