//! The pages of tournaments, players and communities ("Web companion" issue), behind
//! the guards ([`super::guard`]):
//!
//! - `/t/ID`: a tournament ([`super::tour_page`]), `ID` its public id
//!   ([`crate::core::tournament::Tournament::public_id`]);
//! - `/c/ID`: a community's leaderboards and tournaments ([`super::community_page`]),
//!   `ID` its public id ([`crate::core::SiteSettings::public_id`], drawn by `!set web
//!   on`: never the platform's id of the server or space);
//! - `/c/ID/puzzle`: the daily puzzle ([`super::puzzle_page`], issue 32);
//! - `/c/ID/p/NAME`: a player of that community by display name, written by
//!   [`super::page_kit::name_segment`] (`~` escapes for `/`, `\`, `.` and `~`, then percent-encoded;
//!   [`super::player_page`]).
//!
//! A page of a community whose pages are off answers exactly as an unknown page (the
//! 404 page in the language the request asks). Pages are rendered off the async
//! threads (the store's reads block), in the language of `?lang=`, else
//! `Accept-Language`, else English.

use std::sync::Arc;

use super::directory::Directory;
use super::guard::{self, Indexable};
use super::layout::{self, CspNonce, Page, PageLang};
use super::WebState;
use crate::i18n::{with_lang, Lang};
use crate::store::gameid::PUBLIC_LEN;
use crate::store::Store;
use axum::extract::{FromRequestParts, Path, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use super::page_kit::{name_of_segment, Found, Rendered};

/// What the pages serve from.
pub(crate) struct Pages {
    /// The store, `None`: every page is a 404.
    pub store: Option<Arc<dyn Store>>,
    /// Public ids to keys.
    pub dir: Directory,
    /// What draws the daily puzzle's board (`None`: its picture is a 404).
    pub painter: Option<Arc<dyn crate::core::painter::Painter>>,
    /// The pictures drawn at once ([`super::DRAWN_AT_ONCE`]).
    pub draw_slots: Arc<tokio::sync::Semaphore>,
    /// Where the daily puzzle comes from (issue 32).
    pub daily: crate::core::puzzle::DailySource,
}

/// The routes of the tournament, community and player pages, unguarded
/// ([`super::routes`] puts them behind [`guard::guarded`]).
pub(crate) fn routes(state: &WebState) -> Router {
    let pages = Arc::new(Pages {
        store: state.store.clone(),
        dir: Directory::default(),
        painter: state.painter.clone(),
        draw_slots: state.draw_slots.clone(),
        daily: state.puzzles.clone(),
    });
    Router::new()
        .route("/t/{id}", get(tournament))
        .route("/c/{id}", get(community))
        .route("/c/{id}/p/{name}", get(player))
        .route("/c/{id}/puzzle", get(puzzle))
        .route("/c/{id}/puzzle/{file}", get(puzzle_picture))
        .with_state(pages)
}

/// What every page handler gets from its request.
struct Ask {
    lang: PageLang,
    nonce: CspNonce,
    uri: Uri,
    headers: HeaderMap,
}

impl<S: Send + Sync> FromRequestParts<S> for Ask {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Ask, Self::Rejection> {
        Ok(Ask {
            lang: PageLang::from_request_parts(parts, state).await?,
            nonce: CspNonce::from_request_parts(parts, state).await?,
            uri: parts.uri.clone(),
            headers: parts.headers.clone(),
        })
    }
}

async fn tournament(State(pages): State<Arc<Pages>>, Path(id): Path<String>, ask: Ask) -> Response {
    let Some(id) = guard::public_id(&id, PUBLIC_LEN) else {
        return not_found(&ask);
    };
    serve(pages, ask, move |store, dir, lang| {
        super::tour_page::render(store, dir, &id, lang)
    })
    .await
}

async fn community(State(pages): State<Arc<Pages>>, Path(id): Path<String>, ask: Ask) -> Response {
    let Some(id) = guard::public_id(&id, PUBLIC_LEN) else {
        return not_found(&ask);
    };
    serve(pages, ask, move |store, dir, _| {
        super::community_page::render(store, dir, &id)
    })
    .await
}

async fn player(
    State(pages): State<Arc<Pages>>,
    Path((id, name)): Path<(String, String)>,
    ask: Ask,
) -> Response {
    let name = name_of_segment(&name);
    let name = name
        .as_deref()
        .and_then(guard::player_name)
        .map(str::to_string);
    let (Some(id), Some(name)) = (guard::public_id(&id, PUBLIC_LEN), name) else {
        return not_found(&ask);
    };
    serve(pages, ask, move |store, dir, _| {
        super::player_page::render(store, dir, &id, &name)
    })
    .await
}

/// `/c/ID/puzzle`: the daily puzzle ([`super::puzzle_page`], issue 32).
async fn puzzle(State(pages): State<Arc<Pages>>, Path(id): Path<String>, ask: Ask) -> Response {
    let Some(id) = guard::public_id(&id, PUBLIC_LEN) else {
        return not_found(&ask);
    };
    let daily = pages.daily.clone();
    serve(pages, ask, move |store, dir, lang| {
        super::puzzle_page::render(store, dir, &id, &daily, lang)
    })
    .await
}

/// `/c/ID/puzzle/DAY.png`: the board of today's or yesterday's daily puzzle, drawn off
/// the async threads, at most [`super::DRAWN_AT_ONCE`] at once.
async fn puzzle_picture(
    State(pages): State<Arc<Pages>>,
    Path((id, file)): Path<(String, String)>,
    ask: Ask,
) -> Response {
    let today = crate::core::puzzle::book::day_of(super::page_kit::now_ms());
    let day = super::puzzle_page::picture_day(&file, today);
    let (Some(id), Some(day), Some(store), Some(painter)) = (
        guard::public_id(&id, PUBLIC_LEN),
        day,
        pages.store.clone(),
        pages.painter.clone(),
    ) else {
        return not_found(&ask);
    };
    let Ok(_slot) = pages.draw_slots.clone().acquire_owned().await else {
        return not_found(&ask);
    };
    let lang = ask.lang.or(None);
    let drawn = tokio::task::spawn_blocking(move || {
        with_lang(lang, || {
            super::puzzle_page::picture((&*store, &pages.dir), &*painter, &pages.daily, (&id, day))
        })
    })
    .await;
    match drawn {
        Ok(Some(frame)) => (
            [
                (header::CONTENT_TYPE, HeaderValue::from_static("image/png")),
                (
                    header::CACHE_CONTROL,
                    HeaderValue::from_static("public, max-age=3600"),
                ),
            ],
            frame.png,
        )
            .into_response(),
        _ => not_found(&ask),
    }
}

/// Renders a page with `render` off the async threads, in the request's language, and
/// answers it through its shell: 404 when it found nothing (or there is no store), 500
/// (logged) on a store failure.
async fn serve(
    pages: Arc<Pages>,
    ask: Ask,
    render: impl FnOnce(&dyn Store, &Directory, Lang) -> Found + Send + 'static,
) -> Response {
    let Some(store) = pages.store.clone() else {
        return not_found(&ask);
    };
    let lang = ask.lang.or(None);
    let done =
        tokio::task::spawn_blocking(move || with_lang(lang, || render(&*store, &pages.dir, lang)))
            .await;
    match done {
        Ok(Ok(Some(page))) => respond(&ask, lang, page),
        Ok(Ok(None)) => not_found(&ask),
        Ok(Err(e)) => {
            tracing::error!(error = %e, path = ask.uri.path(), "web: a page could not be read");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
        Err(e) => {
            tracing::error!(error = %e, "web: a page's task failed");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}

/// `page` in its shell, with its `ETag` and caching, `Vary: Accept-Language` (the
/// language may come from it), and [`Indexable`] when its community opted in.
fn respond(ask: &Ask, lang: Lang, page: Rendered) -> Response {
    let shell = layout::shell(
        &Page {
            title: &page.title,
            lang,
            index: page.index,
            nonce: &ask.nonce,
            path: ask.uri.path(),
        },
        page.content,
    );
    let mut res = guard::cached(
        &ask.headers,
        "text/html; charset=utf-8",
        shell.into_string(),
        page.fresh,
    );
    res.headers_mut()
        .insert(header::VARY, HeaderValue::from_static("Accept-Language"));
    if page.index {
        res.extensions_mut().insert(Indexable);
    }
    res
}

fn not_found(ask: &Ask) -> Response {
    layout::not_found(ask.lang, &ask.nonce, ask.uri.path())
}

#[cfg(test)]
#[path = "pages_tests.rs"]
mod tests;
