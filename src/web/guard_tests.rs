//! The guards against hostile requests, through the router with tower's `oneshot`.

use std::net::SocketAddr;
use std::num::NonZeroU32;

use axum::body::Body;
use axum::extract::Path;
use axum::http::{HeaderMap, Request, StatusCode};
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use tower::ServiceExt;

use super::*;

/// A page router like the real one: `/t/{id}` answers 200 for a well-shaped public id
/// and 404 otherwise (no store behind it), `/g/{id}` the same for game ids, `/page`
/// through [`cached`], `/any/{x}` 200 for anything (what only the guard refuses).
fn app(limits: Limits) -> Router {
    async fn tour(Path(id): Path<String>) -> StatusCode {
        match public_id(&id, 12) {
            Some(_) => StatusCode::OK,
            None => StatusCode::NOT_FOUND,
        }
    }
    async fn game(Path(id): Path<String>) -> StatusCode {
        match game_id(&id) {
            Some(_) => StatusCode::OK,
            None => StatusCode::NOT_FOUND,
        }
    }
    async fn page(headers: HeaderMap) -> Response {
        cached(&headers, "text/html", "<p>page</p>", Freshness::Live)
    }
    let pages = Router::new()
        .route("/t/{id}", get(tour))
        .route("/g/{id}", get(game))
        .route("/page", get(page))
        .route("/any/{x}", get(|| async { "any" }));
    let health = Router::new().route("/healthz", get(|| async { "ok" }));
    health.merge(guarded(pages, &Guard::new(limits)))
}

fn roomy() -> Limits {
    Limits {
        per_minute: NonZeroU32::new(6000).unwrap(),
        burst: NonZeroU32::new(1000).unwrap(),
    }
}

async fn send(app: &Router, method: &str, uri: &str) -> Response {
    let req = Request::builder()
        .method(method)
        .uri(uri)
        .body(Body::empty())
        .unwrap();
    app.clone().oneshot(req).await.unwrap()
}

async fn status(app: &Router, method: &str, uri: &str) -> StatusCode {
    send(app, method, uri).await.status()
}

#[tokio::test]
async fn only_get_and_head_pass_others_get_405_with_allow() {
    let app = app(roomy());
    assert_eq!(status(&app, "GET", "/t/0123456789ab").await, StatusCode::OK);
    assert_eq!(
        status(&app, "HEAD", "/t/0123456789ab").await,
        StatusCode::OK
    );
    for method in [
        "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT",
    ] {
        let r = send(&app, method, "/t/0123456789ab").await;
        assert_eq!(r.status(), StatusCode::METHOD_NOT_ALLOWED, "{method}");
        assert_eq!(r.headers()["allow"], "GET, HEAD", "{method}");
    }
}

#[tokio::test]
async fn long_paths_and_queries_get_414() {
    let app = app(roomy());
    let long_id = "a".repeat(MAX_PATH_BYTES);
    assert_eq!(
        status(&app, "GET", &format!("/t/{long_id}")).await,
        StatusCode::URI_TOO_LONG
    );
    let query = format!("/t/0123456789ab?lang={}", "e".repeat(MAX_QUERY_BYTES));
    assert_eq!(status(&app, "GET", &query).await, StatusCode::URI_TOO_LONG);
    // Just within the bounds: served.
    let within = format!("/t/0123456789ab?l={}", "e".repeat(MAX_QUERY_BYTES - 2));
    assert_eq!(status(&app, "GET", &within).await, StatusCode::OK);
}

#[tokio::test]
async fn traversal_attempts_and_nul_are_refused() {
    let app = app(roomy());
    for uri in [
        "/any/..",
        "/any/%2e%2e",
        "/any/%2E%2e",
        "/any/.",
        "/any/%2e",
        "/any/a%2fb",
        "/any/a%2Fb",
        "/any/..%2f..%2fetc%2fpasswd",
        "/any/a%5cb",
        "/any/%2e%2e%5c%2e%2e",
        "/page?x=..%2f",
    ] {
        assert_eq!(
            status(&app, "GET", uri).await,
            StatusCode::NOT_FOUND,
            "{uri}"
        );
    }
    for uri in [
        "/any/a%00b",
        "/any/ab%00",
        "/any/a%0ab",
        "/any/a%7fb",
        "/page?x=%00",
    ] {
        assert_eq!(
            status(&app, "GET", uri).await,
            StatusCode::BAD_REQUEST,
            "{uri}"
        );
    }
    // The refusal is the site's 404 page, as for an unknown address.
    let r = send(&app, "GET", "/any/%2e%2e?lang=fr").await;
    let body = axum::body::to_bytes(r.into_body(), 1 << 16).await.unwrap();
    let body = String::from_utf8_lossy(&body);
    assert!(body.contains("<html lang=\"fr\""), "{body}");
    // Dots inside a segment and encoded letters are fine.
    for uri in ["/any/J.R.", "/any/%D0%B0", "/any/..a", "/page?lang=fr"] {
        assert_eq!(status(&app, "GET", uri).await, StatusCode::OK, "{uri}");
    }
    // Outside the pages, axum's own 404.
    assert_eq!(
        status(&app, "GET", "/t/a/../b").await,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn malformed_ids_get_404() {
    let app = app(roomy());
    for uri in [
        "/t/0123456789a",
        "/t/0123456789abc",
        "/t/0123456789au",
        "/t/%D0%B0123456789a",
        "/g/abcd",
        "/g/abcdefgu",
        "/g/1700000000000-3",
        "/g/t1700000000000-00112233445566ff-r1",
        "/g/t1700000000000-00112233445566fg-r1-b1",
        "/g/t170000000000-00112233445566ff-r1-b1",
        // The guessable ids older builds gave tournament games: not served.
        "/g/t1700000000000-00112233445566ff-r12-b3",
        "/g/t1700000000000-00112233445566ff-r1-b1-g2",
    ] {
        assert_eq!(
            status(&app, "GET", uri).await,
            StatusCode::NOT_FOUND,
            "{uri}"
        );
    }
    for uri in ["/g/abcdefgh", "/g/ABCDEFGH", "/g/0OIL0oil"] {
        assert_eq!(status(&app, "GET", uri).await, StatusCode::OK, "{uri}");
    }
    assert_eq!(game_id("0OIL0oil").as_deref(), Some("00110011"));
    assert_eq!(
        public_id("ABCDEFGHJKMN", 12).as_deref(),
        Some("abcdefghjkmn")
    );
}

#[tokio::test]
async fn the_rate_limit_answers_429_with_retry_after_per_address() {
    let app = app(Limits {
        per_minute: NonZeroU32::new(6).unwrap(),
        burst: NonZeroU32::new(3).unwrap(),
    });
    let from = |addr: &str| {
        let addr: SocketAddr = addr.parse().unwrap();
        let mut req = Request::builder()
            .uri("/t/0123456789ab")
            .body(Body::empty())
            .unwrap();
        req.extensions_mut().insert(Peer(addr));
        req
    };
    for _ in 0..3 {
        let r = app.clone().oneshot(from("192.0.2.1:4000")).await.unwrap();
        assert_eq!(r.status(), StatusCode::OK);
    }
    let r = app.clone().oneshot(from("192.0.2.1:4001")).await.unwrap();
    assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS);
    let wait: u64 = r.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=10).contains(&wait), "{wait}");
    // Another address is not held back; the same /64 is.
    let r = app.clone().oneshot(from("192.0.2.2:4000")).await.unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    for _ in 0..3 {
        let r = app.clone().oneshot(from("[2001:db8::1]:80")).await.unwrap();
        assert_eq!(r.status(), StatusCode::OK);
    }
    let r = app
        .clone()
        .oneshot(from("[2001:db8::ffff]:80"))
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS);
    // The health routes are not limited.
    for _ in 0..10 {
        let mut req = Request::builder()
            .uri("/healthz")
            .body(Body::empty())
            .unwrap();
        req.extensions_mut()
            .insert(Peer("192.0.2.1:1".parse::<SocketAddr>().unwrap()));
        assert_eq!(
            app.clone().oneshot(req).await.unwrap().status(),
            StatusCode::OK
        );
    }
}

#[tokio::test]
async fn a_known_etag_gets_304_and_pages_say_noindex() {
    let app = app(roomy());
    let r = send(&app, "GET", "/page").await;
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(r.headers()["cache-control"], "no-cache");
    assert_eq!(r.headers()["x-robots-tag"], "noindex");
    let tag = r.headers()["etag"].to_str().unwrap().to_string();
    for sent in [
        tag.clone(),
        format!("W/{tag}"),
        format!("\"x\", {tag}"),
        "*".into(),
    ] {
        let req = Request::builder()
            .uri("/page")
            .header("if-none-match", &sent)
            .body(Body::empty())
            .unwrap();
        let r = app.clone().oneshot(req).await.unwrap();
        assert_eq!(r.status(), StatusCode::NOT_MODIFIED, "{sent}");
        assert_eq!(r.headers()["etag"], tag.as_str());
        let body = axum::body::to_bytes(r.into_body(), 1024).await.unwrap();
        assert!(body.is_empty());
    }
    let req = Request::builder()
        .uri("/page")
        .header("if-none-match", "\"0000000000000000\"")
        .body(Body::empty())
        .unwrap();
    assert_eq!(
        app.clone().oneshot(req).await.unwrap().status(),
        StatusCode::OK
    );
    // Refusals are noindex too; the health routes are not touched.
    let r = send(&app, "POST", "/page").await;
    assert_eq!(r.headers()["x-robots-tag"], "noindex");
    let r = send(&app, "GET", "/healthz").await;
    assert!(r.headers().get("x-robots-tag").is_none());
}

#[test]
fn immutable_pages_are_kept_a_year() {
    let r = cached(&HeaderMap::new(), "text/html", "x", Freshness::Immutable);
    assert_eq!(
        r.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert_eq!(etag(b"x"), etag(b"x"));
    assert_ne!(etag(b"x"), etag(b"y"));
}
