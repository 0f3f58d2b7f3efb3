//! The fake Discord as `https://discord.com` (issue 33): serenity's own rate limiter
//! builds every request for discord.com whatever its proxy setting, so a test with the
//! limiter on reaches the fake through an HTTP `CONNECT` tunnel, in TLS, with a
//! certificate for discord.com made at start (never written anywhere).

use std::sync::Arc;

use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;
use tokio_rustls::server::TlsStream;
use tokio_rustls::TlsAcceptor;

/// A TLS acceptor for `discord.com` and the certificate a client must trust for it.
pub fn acceptor() -> (TlsAcceptor, reqwest::Certificate) {
    let made = rcgen::generate_simple_self_signed(vec!["discord.com".to_string()])
        .expect("a certificate for discord.com");
    let cert: CertificateDer<'static> = made.cert.der().clone();
    let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(made.key_pair.serialize_der()));
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .expect("TLS versions")
        .with_no_client_auth()
        .with_single_cert(vec![cert.clone()], key)
        .expect("the certificate and its key");
    let trusted = reqwest::Certificate::from_der(&cert).expect("a DER certificate");
    (TlsAcceptor::from(Arc::new(config)), trusted)
}

/// A client whose HTTPS calls go through the proxy at `proxy` (`http://host:port`) and
/// trust `cert` only, as serenity builds its own (rustls).
pub fn client(proxy: &str, cert: reqwest::Certificate) -> reqwest::Client {
    reqwest::Client::builder()
        .use_rustls_tls()
        .tls_built_in_root_certs(false)
        .add_root_certificate(cert)
        .proxy(reqwest::Proxy::https(proxy).expect("a proxy URL"))
        .build()
        .expect("a reqwest client")
}

/// Takes the `CONNECT discord.com:443` a client sends to its proxy, says yes, and
/// accepts TLS inside the tunnel; `None` when the client does not get that far.
pub async fn tunnel(mut sock: TcpStream, tls: &TlsAcceptor) -> Option<TlsStream<TcpStream>> {
    let mut buf = Vec::new();
    let connect = crate::fake_discord::read_request(&mut sock, &mut buf).await?;
    if connect.method != "CONNECT" || connect.path != "discord.com:443" {
        return None;
    }
    sock.write_all(b"HTTP/1.1 200 Connection Established\r\n\r\n")
        .await
        .ok()?;
    tls.accept(sock).await.ok()
}
