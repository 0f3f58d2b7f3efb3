//! The transports: each translates one platform's events into the core's
//! [`Incoming`](crate::core::api::Incoming) and renders the core's
//! [`Reply`](crate::core::api::Reply) back, nothing more. Discord (serenity + poise),
//! Matrix (matrix-sdk, cargo feature `matrix`) and the console.

pub mod console;
pub mod discord;
pub mod matrix;

/// Checks a platform's base URL (the Matrix homeserver, a Discord API proxy) before any
/// request goes to it: `https://` with a host, or `http://` only to a loopback host
/// (`localhost`, `127.0.0.0/8`, `[::1]`), where nothing on the network can read the
/// access token or the password sent in the clear (issue 33).
///
/// # Errors
/// What is wrong and what is allowed, with the URL: not a URL, another scheme, no host,
/// or `http://` to a host that is not loopback.
pub fn base_url(url: &str) -> Result<(), String> {
    let parsed = url::Url::parse(url).map_err(|e| {
        format!("must be an https:// URL with a host (http:// only to a loopback host), got {url:?} ({e})")
    })?;
    let host = match parsed.host() {
        Some(h) if parsed.scheme() == "https" || parsed.scheme() == "http" => h,
        _ => {
            return Err(format!(
                "must be an https:// URL with a host (http:// only to a loopback host), got {url:?}"
            ))
        }
    };
    let loopback = match host {
        url::Host::Domain(d) => d.eq_ignore_ascii_case("localhost"),
        url::Host::Ipv4(ip) => ip.is_loopback(),
        url::Host::Ipv6(ip) => ip.is_loopback(),
    };
    if parsed.scheme() == "http" && !loopback {
        return Err(format!(
            "must use https:// (http:// sends the login in the clear: it is allowed only to a \
             loopback host such as 127.0.0.1 or localhost), got {url:?}"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::base_url;

    #[test]
    fn https_anywhere_and_http_only_to_loopback() {
        for good in [
            "https://matrix.example.org",
            "https://matrix.example.org:8448/",
            "http://127.0.0.1:8008",
            "http://127.1.2.3",
            "http://localhost:3000/api",
            "http://[::1]:8008",
        ] {
            assert_eq!(base_url(good), Ok(()), "{good}");
        }
        for (bad, why) in [
            ("http://matrix.example.org", "must use https://"),
            ("http://10.0.0.1:8008", "must use https://"),
            ("http://[::2]", "must use https://"),
            ("http://localhost.example.org", "must use https://"),
            ("ftp://example.org", "must be an https:// URL"),
            ("matrix.org", "must be an https:// URL"),
            ("https://", "must be an https:// URL"),
            ("", "must be an https:// URL"),
        ] {
            let err = base_url(bad).unwrap_err();
            assert!(err.contains(why), "{bad}: {err}");
        }
    }
}
