//! The guards of the web pages ("Web companion" issue), applied to every page route (not
//! to `/healthz`, `/readyz`, `/metrics`) by [`guarded`], before any handler reads the
//! store:
//!
//! - only GET and HEAD: 405 with `Allow: GET, HEAD` otherwise;
//! - the path at most [`MAX_PATH_BYTES`] and the query at most [`MAX_QUERY_BYTES`] as
//!   sent (percent-encoded): 414 beyond;
//! - no NUL or control character, raw or percent-encoded: 400; no encoded `/` or `\`
//!   (`%2f`, `%5c`), no backslash, no `.` or `..` segment, raw or encoded: 404;
//! - a rate limit per address ([`Limits`], governor's keyed limiter; an IPv6 address
//!   counts by its /64, which one host usually holds whole): 429 with `Retry-After`;
//! - `X-Robots-Tag: noindex` on every answer, unless the handler marked it
//!   [`Indexable`] (a community that opted in).
//!
//! The handlers then check each id's shape with [`game_id`], [`public_id`] and
//! [`player_name`] before any store read (a malformed id is a 404, like an unknown
//! one), and answer through [`cached`]: an `ETag` on every page, `If-None-Match` answered
//! 304, and a long `max-age` for what can no longer change ([`Freshness`]).

use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::Router;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota};

/// The longest path of a page request, in bytes as sent (percent-encoded): a player's
/// name of 64 characters in a non-Latin script takes up to 6 bytes a character.
pub const MAX_PATH_BYTES: usize = 1024;
/// The longest query of a page request, in bytes (only `lang=` is read).
pub const MAX_QUERY_BYTES: usize = 256;
/// The longest player's name in a page's path, in characters.
pub const MAX_NAME_CHARS: usize = 64;
/// How many addresses the rate limiter remembers before it forgets the idle ones.
const MAX_TRACKED: usize = 10_000;

/// The rate limit of the pages, per address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Requests an address may make per minute, sustained.
    pub per_minute: NonZeroU32,
    /// Requests an address may make at once after being idle.
    pub burst: NonZeroU32,
}

impl Default for Limits {
    /// 300 a minute (5 a second), 60 at once: a reader stepping through a game's
    /// replay (a picture per move) or following links never meets it; a scraper does.
    fn default() -> Self {
        Limits {
            per_minute: NonZeroU32::new(300).unwrap_or(NonZeroU32::MIN),
            burst: NonZeroU32::new(60).unwrap_or(NonZeroU32::MIN),
        }
    }
}

/// The answer of a page may be indexed by search engines (its community opted in):
/// a response extension the guard reads; without it the answer says `noindex`.
#[derive(Clone, Copy, Debug)]
pub struct Indexable;

/// The client's address, a request extension set by [`super::serve`] for each
/// connection (axum's `ConnectInfo` needs its `tokio` feature, which the listener does
/// not use).
#[derive(Clone, Copy, Debug)]
pub struct Peer(pub SocketAddr);

/// The guards' state: the rate limiter, one for every guarded route, so that an
/// address's requests count together whatever page they ask.
pub struct Guard {
    limiter: DefaultKeyedRateLimiter<IpAddr>,
}

impl Guard {
    /// Guards with the rate limit `limits`.
    pub fn new(limits: Limits) -> Arc<Guard> {
        let quota = Quota::per_minute(limits.per_minute).allow_burst(limits.burst);
        Arc::new(Guard {
            limiter: DefaultKeyedRateLimiter::keyed(quota),
        })
    }
}

/// `pages` behind the guards `guard`.
pub fn guarded<S: Clone + Send + Sync + 'static>(
    pages: Router<S>,
    guard: &Arc<Guard>,
) -> Router<S> {
    pages.layer(middleware::from_fn_with_state(guard.clone(), check))
}

/// The guard itself: refuses what it must, else runs the page and marks its answer.
async fn check(State(guard): State<Arc<Guard>>, req: Request, next: Next) -> Response {
    if let Some(refused) = refusal(&guard, &req) {
        return with_robots(refused);
    }
    with_robots(next.run(req).await)
}

/// Why `req` is refused, as its answer; `None`: it may pass.
fn refusal(guard: &Guard, req: &Request) -> Option<Response> {
    if req.method() != Method::GET && req.method() != Method::HEAD {
        let allow = [(header::ALLOW, "GET, HEAD")];
        return Some(
            (StatusCode::METHOD_NOT_ALLOWED, allow, "only GET and HEAD\n").into_response(),
        );
    }
    let uri = req.uri();
    if uri.path().len() > MAX_PATH_BYTES || uri.query().map_or(0, str::len) > MAX_QUERY_BYTES {
        let what =
            format!("path at most {MAX_PATH_BYTES} bytes, query at most {MAX_QUERY_BYTES}\n");
        return Some((StatusCode::URI_TOO_LONG, what).into_response());
    }
    if let Some(status) = path_fault(uri.path()).or_else(|| uri.query().and_then(path_fault)) {
        if status == StatusCode::NOT_FOUND {
            return Some(not_found(req));
        }
        return Some(status.into_response());
    }
    let key = client_key(req);
    if let Err(not_until) = guard.limiter.check_key(&key) {
        let wait = not_until.wait_time_from(DefaultClock::default().now());
        return Some(too_many(wait));
    }
    // Forgets the addresses whose limit is back to full, so that the map stays bounded.
    if guard.limiter.len() > MAX_TRACKED {
        guard.limiter.retain_recent();
        guard.limiter.shrink_to_fit();
    }
    None
}

/// The 404 page, as an unknown address gets it ([`super::layout::not_found`]).
fn not_found(req: &Request) -> Response {
    use super::layout::{CspNonce, PageLang};
    let accept = req
        .headers()
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok());
    let lang = PageLang::of(req.uri().query(), accept);
    let nonce = req
        .extensions()
        .get::<CspNonce>()
        .cloned()
        .unwrap_or_else(CspNonce::fresh);
    super::layout::not_found(lang, &nonce, req.uri().path())
}

/// 429 with `Retry-After` in whole seconds (at least 1).
fn too_many(wait: Duration) -> Response {
    let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    let secs = secs.max(1).to_string();
    (
        StatusCode::TOO_MANY_REQUESTS,
        [(header::RETRY_AFTER, secs)],
        "too many requests: try again later\n",
    )
        .into_response()
}

/// What is wrong with a path (or query) as sent: 400 for a NUL or a control
/// character, raw or encoded; 404 for an encoded `/` or `\`, a backslash, or a `.` or
/// `..` segment (`%2e` read as `.`).
fn path_fault(raw: &str) -> Option<StatusCode> {
    let lower = raw.to_ascii_lowercase();
    let control_escape = lower
        .as_bytes()
        .windows(3)
        .any(|w| w[0] == b'%' && (matches!(w[1], b'0' | b'1') || (w[1] == b'7' && w[2] == b'f')));
    if control_escape || raw.bytes().any(|b| b.is_ascii_control()) {
        return Some(StatusCode::BAD_REQUEST);
    }
    if lower.contains("%2f") || lower.contains("%5c") || raw.contains('\\') {
        return Some(StatusCode::NOT_FOUND);
    }
    let dotted = lower
        .split('/')
        .map(|segment| segment.replace("%2e", "."))
        .any(|segment| segment == "." || segment == "..");
    dotted.then_some(StatusCode::NOT_FOUND)
}

/// The rate limiter's key of the client: its address (an IPv6 one by its /64), from the
/// connection ([`Peer`]); unspecified when unknown.
fn client_key(req: &Request) -> IpAddr {
    let ip = req
        .extensions()
        .get::<Peer>()
        .map_or(IpAddr::from([0u8, 0, 0, 0]), |c| c.0.ip());
    match ip {
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let mut octets = v6.octets();
                octets[8..].fill(0);
                IpAddr::from(octets)
            }
        },
        v4 => v4,
    }
}

/// `X-Robots-Tag: noindex` unless the page is [`Indexable`].
fn with_robots(mut response: Response) -> Response {
    if response.extensions().get::<Indexable>().is_none() {
        response
            .headers_mut()
            .insert("x-robots-tag", HeaderValue::from_static("noindex"));
    }
    response
}

/// The game id of a page's path, as the store keys it, or `None` when it has no game
/// id's shape: 8 characters of Crockford's base 32 (any case, look-alikes read as
/// [`crate::store::gameid::normalize`] reads them), as every game gets now, tournament
/// games included. The older `TIME-COUNTER` ids and the ids older builds gave
/// tournament games (`tTIME-HASH-rROUND-bBOARD[-gN]`) are not served: they are
/// guessable (those games stay readable in chat, `!game ID`).
pub fn game_id(path_id: &str) -> Option<String> {
    if path_id.len() != crate::store::gameid::LEN || path_id.contains('-') {
        return None;
    }
    crate::store::gameid::normalize(path_id).ok()
}

/// A public id (a tournament's or a community's in a page's path) in the form its owner
/// stores it, or `None` when it is not `len` characters of Crockford's base 32 (any
/// case, look-alikes read).
pub fn public_id(path_id: &str, len: usize) -> Option<String> {
    if path_id.chars().count() != len {
        return None;
    }
    path_id
        .chars()
        .map(|c| match c.to_ascii_lowercase() {
            'o' => Some('0'),
            'i' | 'l' => Some('1'),
            c if c.is_ascii() && crate::store::gameid::ALPHABET.contains(&(c as u8)) => Some(c),
            _ => None,
        })
        .collect()
}

/// A player's name from a page's path (already percent-decoded), or `None` when it is
/// empty, longer than [`MAX_NAME_CHARS`] or holds a control character.
pub fn player_name(decoded: &str) -> Option<&str> {
    let n = decoded.chars().count();
    let ok = (1..=MAX_NAME_CHARS).contains(&n) && !decoded.chars().any(char::is_control);
    ok.then_some(decoded)
}

/// How long a page may be kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Freshness {
    /// It can no longer change (a finished game, a finished tournament): kept a year.
    Immutable,
    /// It may change: kept, but checked again each time (`no-cache`, with its `ETag`).
    Live,
}

/// A page's `ETag`: FNV-1a (64 bits) of its body taken 8 bytes at a time (little
/// endian, each product folded; the last bytes one by one), and its length, quoted; stable across builds and
/// processes, so that several bots over one database give the same tag. A word at a
/// time: a page is hashed each time it is drawn, and bytewise FNV was a visible part of
/// a page's cost.
pub fn etag(body: &[u8]) -> String {
    const PRIME: u64 = 0x0100_0000_01b3;
    let mut words = body.chunks_exact(8);
    let mut hash = 0xcbf2_9ce4_8422_2325_u64;
    for w in &mut words {
        let mut word = [0u8; 8];
        word.copy_from_slice(w);
        hash = (hash ^ u64::from_le_bytes(word)).wrapping_mul(PRIME);
        // The high bits back into the low ones (a product carries only upwards).
        hash ^= hash >> 32;
    }
    for b in words.remainder() {
        hash = (hash ^ u64::from(*b)).wrapping_mul(PRIME);
    }
    format!("\"{hash:016x}-{:x}\"", body.len())
}

/// Whether `If-None-Match` in `request` names `tag` (or is `*`); weak tags compare as
/// their strong form, as RFC 9110 asks for this header.
pub fn not_modified(request: &HeaderMap, tag: &str) -> bool {
    request
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|t| t.trim().trim_start_matches("W/"))
        .any(|t| t == "*" || t == tag)
}

/// A page's answer: `body` with its `content_type`, `ETag` and `Cache-Control` for
/// `fresh`, or 304 without a body when `request` already holds it.
pub fn cached(
    request: &HeaderMap,
    content_type: &'static str,
    body: impl Into<Vec<u8>>,
    fresh: Freshness,
) -> Response {
    let body = body.into();
    let tag = etag(&body);
    let control = match fresh {
        Freshness::Immutable => "public, max-age=31536000, immutable",
        Freshness::Live => "no-cache",
    };
    let head = [
        (header::ETAG, tag.clone()),
        (header::CACHE_CONTROL, control.to_string()),
    ];
    if not_modified(request, &tag) {
        return (StatusCode::NOT_MODIFIED, head).into_response();
    }
    (head, [(header::CONTENT_TYPE, content_type)], body).into_response()
}

#[cfg(test)]
#[path = "guard_tests.rs"]
mod tests;
