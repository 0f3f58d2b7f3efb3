//! The HTTP listener ("Ready to host" issue): `/healthz`, `/readyz` and `/metrics` now,
//! the web pages later ([`routes`] is where they join). Off by default; the command line
//! starts it on the bot's tokio runtime when `[web] listen` (or `MANCALA_WEB_LISTEN`) is
//! set, whatever the transport, the console included.
//!
//! - `/healthz`: 200 `ok` while the process runs.
//! - `/readyz`: 200 `ready` when the store is open and every configured transport is
//!   connected ([`Health::ready`]), else 503 with the reason as JSON.
//! - `/metrics`: the process's metrics ([`Metrics`]) in the Prometheus text format,
//!   with `mancala_games_active{game}` counted from the store at each scrape.
//!
//! Only GET (and HEAD, which axum answers as GET without the body); other methods get
//! 405, unknown paths 404. Bounded: the request head at [`MAX_HEAD_BYTES`] (hyper
//! answers 431 beyond), a body at [`MAX_BODY_BYTES`] (413), [`REQUEST_TIMEOUT`] per
//! request (408), [`HEAD_TIMEOUT`] to send a request's head and [`CONNECTION_TIMEOUT`]
//! per connection (then closed), at most [`MAX_CONNECTIONS`] at once (more are closed at
//! once). A request that is not HTTP gets 400; nothing a client sends can stop the
//! listener.

mod chart;
mod community_page;
pub mod directory;
mod finished_page;
mod game;
mod game_page;
mod game_view;
mod games;
pub mod guard;
pub mod layout;
mod match_page;
mod match_view;
pub mod page_cache;
mod page_kit;
mod pages;
mod player_page;
mod puzzle_page;
pub mod site;
mod tour_page;

use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::core::painter::Painter;
use crate::metrics::{Health, Metrics};
use crate::store::Store;

pub use games::games_active;

/// The longest request head (request line and headers) read, in bytes.
pub const MAX_HEAD_BYTES: usize = 16 * 1024;
/// The longest request body accepted, in bytes (no route takes one yet).
pub const MAX_BODY_BYTES: usize = 16 * 1024;
/// The longest time a request is handled.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);
/// The longest time a client may take to send a request's head.
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(10);
/// The longest time a connection is kept, keep-alive included.
pub const CONNECTION_TIMEOUT: Duration = Duration::from_secs(60);
/// The most connections served at once.
pub const MAX_CONNECTIONS: usize = 256;

/// What the listener serves from.
#[derive(Clone)]
pub struct WebState {
    /// What `/readyz` answers.
    pub health: Arc<Health>,
    /// What `/metrics` encodes.
    pub metrics: Arc<Metrics>,
    /// The store whose games in play `/metrics` counts and whose games, tournaments
    /// and players the pages show; `None`: not counted, and every page answers 404.
    pub store: Option<Arc<dyn Store>>,
    /// What draws the pages' pictures (a move's frames, the GIF, the seed chart);
    /// `None`: the picture routes answer 404.
    pub painter: Option<Arc<dyn Painter>>,
    /// The address the pages are reached at from outside (`[web] public_url`), for
    /// the links in chat replies; `None`: replies carry no links.
    pub public_url: Option<url::Url>,
    /// Where the games in play were found by id (see [`site::Finder`]).
    pub finder: Arc<site::Finder>,
    /// The pictures drawn at once ([`DRAWN_AT_ONCE`]); more wait their turn.
    pub draw_slots: Arc<tokio::sync::Semaphore>,
    /// Where the daily puzzle page's puzzle comes from (issue 32): the core's puzzles
    /// and default board; the shipped sets and Katro by default.
    pub puzzles: crate::core::puzzle::DailySource,
    /// The pages of finished games, kept once drawn ([`page_cache`]).
    pub pages: Arc<page_cache::PageCache>,
    /// The game pages read and drawn at once off the async threads ([`READ_AT_ONCE`]);
    /// more wait their turn, first come first served.
    pub read_slots: Arc<tokio::sync::Semaphore>,
}

/// The game pages read and drawn at once: a few per core, so that a burst of requests
/// does not start one of tokio's blocking threads each (its pool grows to 512) nor ask
/// the store that many reads at once. Measured on one core (`cargo bench --bench web`):
/// the same throughput and tail as unbounded, with a fifth fewer context switches.
pub const READ_AT_ONCE: usize = 4;

/// The most pictures the pages draw at once (each takes a core while it is drawn).
pub const DRAWN_AT_ONCE: usize = 2;

impl WebState {
    /// The state of a listener that serves health and metrics only (no store, no
    /// pages).
    pub fn bare(health: Arc<Health>, metrics: Arc<Metrics>) -> WebState {
        WebState {
            health,
            metrics,
            store: None,
            painter: None,
            public_url: None,
            finder: Arc::default(),
            draw_slots: Arc::new(tokio::sync::Semaphore::new(DRAWN_AT_ONCE)),
            puzzles: crate::core::puzzle::DailySource::default(),
            pages: Arc::default(),
            read_slots: Arc::new(tokio::sync::Semaphore::new(READ_AT_ONCE)),
        }
    }
}

/// Every route of the listener, without its limits ([`serve`] adds them): health,
/// metrics, the style sheet and the pages, each response through
/// [`layout::security`] (CSP with a nonce on HTML, nosniff, no referrer).
pub fn routes(state: WebState) -> Router {
    routes_with(state, guard::Limits::default())
}

/// [`routes`] with the pages' rate limit `limits` (a load test lifts it).
pub fn routes_with(state: WebState, limits: guard::Limits) -> Router {
    let guard = guard::Guard::new(limits);
    let pages = guard::guarded(pages::routes(&state), &guard);
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/metrics", get(metrics))
        .route(layout::CSS_PATH, get(layout::site_css))
        .merge(guard::guarded(game::routes(), &guard))
        .fallback(unknown)
        .with_state(Arc::new(state))
        .merge(pages)
        .layer(axum::middleware::from_fn(layout::security))
}

/// Any other address: the 404 page in the language the request asks.
async fn unknown(
    lang: layout::PageLang,
    nonce: layout::CspNonce,
    uri: axum::http::Uri,
) -> Response {
    layout::not_found(lang, &nonce, uri.path())
}

/// [`routes`] with the request limits: body size and time.
pub fn app(state: WebState) -> Router {
    app_with(state, guard::Limits::default())
}

/// [`app`] with the pages' rate limit `limits`.
pub fn app_with(state: WebState, limits: guard::Limits) -> Router {
    use tower_http::limit::RequestBodyLimitLayer;
    use tower_http::timeout::TimeoutLayer;
    routes_with(state, limits)
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            REQUEST_TIMEOUT,
        ))
        .layer(RequestBodyLimitLayer::new(MAX_BODY_BYTES))
}

/// Serves [`app`] on `listener`, HTTP/1.1, until the task is dropped (it never returns).
/// A failed `accept` (no file descriptors left) is logged and retried after a pause.
pub async fn serve(listener: tokio::net::TcpListener, state: WebState) {
    serve_app(listener, app(state)).await
}

/// Serves `app` ([`app`] or [`app_with`]) on `listener` as [`serve`] does.
pub async fn serve_app(listener: tokio::net::TcpListener, app: Router) {
    let slots = Arc::new(tokio::sync::Semaphore::new(MAX_CONNECTIONS));
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                tracing::warn!(error = %e, "web: accept failed");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        // Beyond the cap the connection is closed unread.
        let Ok(slot) = slots.clone().try_acquire_owned() else {
            continue;
        };
        tokio::spawn(connection(stream, peer, app.clone(), slot));
    }
}

/// Serves one connection with hyper's limits on the request head; each request carries
/// the client's address ([`guard::Peer`], for the pages' rate limit).
async fn connection(
    stream: tokio::net::TcpStream,
    peer: std::net::SocketAddr,
    app: Router,
    _slot: tokio::sync::OwnedSemaphorePermit,
) {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use hyper_util::service::TowerToHyperService;
    let app = tower::ServiceBuilder::new()
        .map_request(move |mut req: hyper::Request<hyper::body::Incoming>| {
            req.extensions_mut().insert(guard::Peer(peer));
            req
        })
        .service(app);
    let served = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(HEAD_TIMEOUT)
        .max_buf_size(MAX_HEAD_BYTES)
        .serve_connection(TokioIo::new(stream), TowerToHyperService::new(app));
    // A connection past its time is dropped, which closes it.
    if let Ok(Err(e)) = tokio::time::timeout(CONNECTION_TIMEOUT, served).await {
        tracing::debug!(error = %e, "web: connection ended");
    }
}

/// `/healthz`: the process runs.
async fn healthz() -> &'static str {
    "ok\n"
}

/// `/readyz`: 200 when ready, else 503 with [`crate::metrics::Reason`] as JSON.
async fn readyz(State(state): State<Arc<WebState>>) -> Response {
    match state.health.ready() {
        Ok(()) => "ready\n".into_response(),
        Err(reason) => (
            StatusCode::SERVICE_UNAVAILABLE,
            [(header::CONTENT_TYPE, "application/json")],
            serde_json::to_string(&reason).unwrap_or_default(),
        )
            .into_response(),
    }
}

/// `/metrics`: counted off the async threads (the store's scan blocks).
async fn metrics(State(state): State<Arc<WebState>>) -> Response {
    let encoded = tokio::task::spawn_blocking(move || {
        let games = state.store.as_ref().and_then(|store| {
            games_active(&**store)
                .map_err(|e| tracing::error!(error = %e, "web: cannot count the games in play"))
                .ok()
        });
        state.metrics.encode(games.as_ref())
    })
    .await;
    match encoded {
        Ok(text) => ([(header::CONTENT_TYPE, crate::metrics::CONTENT_TYPE)], text).into_response(),
        Err(e) => {
            tracing::error!(error = %e, "web: the metrics task failed");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}
