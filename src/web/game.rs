//! A game's page and its files:
//!
//! - `/g/ID`: the page ([`super::game_page`]);
//! - `/g/ID.json`: the game's record as `mancala-bot export` writes it (one line that
//!   `import` reads back), the players' platform ids replaced by `south` and `north`;
//! - `/g/ID.gif`: the start and every move with its path, animated;
//! - `/g/ID/state`: the live state (JSON) the page polls while the game goes on, with an
//!   `ETag` (`If-None-Match` answers 304 while nothing changed);
//! - `/g/ID/PLY.png`: the relay and capture frames of move PLY on one sheet (PLY 0: the
//!   start); `/g/ID/chart.png`: each side's seeds over the game; `/g/ID/analysis.png`:
//!   the stored analysis's chart.
//!
//! Every one answers 404, as for an unknown address, for an id of the wrong shape
//! (only the unguessable ids: 8 characters of Crockford's base 32 as the store writes
//! them, as every game gets, tournament games included), an unknown game, an open
//! challenge, and a game of a community whose pages are off.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use mancala_rules::Side;

use super::finished_page::{finished_page, kept_answer, Finished};
use super::game_view::{
    game_of, stored_review, traces, Found, GameView, REPLAY_JS, REPLAY_JS_PATH,
};
use super::layout::{not_found, CspNonce, PageLang};
use super::{site, WebState};
use crate::core::painter::Frame;
use crate::core::ChannelSettings;
use crate::i18n::{with_lang, Lang};
use crate::store::keys::DocKey;
use crate::store::{docs, Record, Status};

/// The most frames a game's GIF has (the start and the first moves).
const GIF_FRAMES: usize = 301;

/// The routes of games' pages and files.
pub(crate) fn routes() -> Router<Arc<WebState>> {
    Router::new()
        .route("/g/{file}", get(game_file))
        .route("/g/{id}/{part}", get(game_part))
        .route(REPLAY_JS_PATH, get(replay_js))
}

/// The id of a page's address, when it is one the pages serve: an id as the store
/// writes it (8 characters of the alphabet, lower case) or a tournament game's.
pub(crate) fn page_id(raw: &str) -> Option<&str> {
    let canonical = crate::store::gameid::normalize(raw).ok()?;
    let shaped = raw.len() == crate::store::gameid::LEN && !raw.contains('-');
    (canonical == raw && shaped).then_some(raw)
}

/// The game `raw` names, if its page may be shown (see the module's docs).
async fn find(state: &Arc<WebState>, raw: &str) -> Option<Found> {
    let id = page_id(raw)?.to_string();
    let store = state.store.clone()?;
    let finder = state.finder.clone();
    let found = tokio::task::spawn_blocking(move || -> Result<Option<Found>, String> {
        let Some(record) = finder.find(&*store, &id).map_err(|e| e.to_string())? else {
            return Ok(None);
        };
        let site = site::settings(&*store, &record.at.community).map_err(|e| e.to_string())?;
        if !site.web || record.play().is_none() {
            return Ok(None);
        }
        let channel = docs::load::<ChannelSettings>(&*store, &DocKey::chan(&record.at))
            .map_err(|e| e.to_string())?;
        let analysis = store
            .doc(&DocKey::analysis(&record.at.community, &record.id))
            .map_err(|e| e.to_string())?;
        Ok(Some(Found {
            record,
            site,
            language: channel.value.language,
            analysis,
        }))
    })
    .await;
    match found {
        Ok(Ok(f)) => f,
        Ok(Err(e)) => {
            tracing::error!(error = %e, "web: cannot read a game");
            None
        }
        Err(e) => {
            tracing::error!(error = %e, "web: the game's read failed");
            None
        }
    }
}

/// `/g/ID`, `/g/ID.json`, `/g/ID.gif`.
async fn game_file(
    State(state): State<Arc<WebState>>,
    Path(file): Path<String>,
    lang: PageLang,
    nonce: CspNonce,
    headers: HeaderMap,
    uri: Uri,
) -> Response {
    let (raw, ext) = match file.rsplit_once('.') {
        Some((id, ext @ ("json" | "gif"))) => (id, ext),
        _ => (file.as_str(), ""),
    };
    if ext.is_empty() {
        return page(&state, raw, lang, (&headers, &nonce), uri.path()).await;
    }
    let Some(found) = find(&state, raw).await else {
        return not_found(lang, &nonce, uri.path());
    };
    let words = lang.or(found.language);
    match ext {
        "json" => json_file(&found.record),
        _ => gif_file(&state, found.record, words).await,
    }
}

/// `/g/ID`: a finished game's page, kept or drawn in one step off the async threads
/// ([`finished_page`]); else the page of the game in play, drawn anew.
async fn page(
    state: &Arc<WebState>,
    raw: &str,
    lang: PageLang,
    (headers, nonce): (&HeaderMap, &CspNonce),
    path: &str,
) -> Response {
    let (Some(id), Some(store)) = (page_id(raw), state.store.clone()) else {
        return not_found(lang, nonce, path);
    };
    let (st, id_owned, path_owned) = (state.clone(), id.to_string(), path.to_string());
    let Ok(_slot) = state.read_slots.clone().acquire_owned().await else {
        return not_found(lang, nonce, path);
    };
    let finished = tokio::task::spawn_blocking(move || {
        finished_page(&st, &*store, &id_owned, lang, &path_owned)
    })
    .await;
    // A failed read is answered as an unknown game, not read again as one in play.
    match finished {
        Ok(Ok(Finished::Page(kept))) => return kept_answer(&kept, headers, nonce),
        Ok(Ok(Finished::Absent)) => {}
        Ok(Ok(Finished::Hidden)) => return not_found(lang, nonce, path),
        Ok(Err(e)) => {
            tracing::error!(error = %e, "web: cannot read a finished game");
            return not_found(lang, nonce, path);
        }
        Err(e) => {
            tracing::error!(error = %e, "web: the finished game's read failed");
            return not_found(lang, nonce, path);
        }
    }
    match find(state, raw).await {
        Some(found) => super::game_page::page(state, found, lang, nonce, path).await,
        None => not_found(lang, nonce, path),
    }
}

/// `/g/ID/state`, `/g/ID/PLY.png`, `/g/ID/chart.png`, `/g/ID/analysis.png`.
async fn game_part(
    State(state): State<Arc<WebState>>,
    Path((raw, part)): Path<(String, String)>,
    lang: PageLang,
    nonce: CspNonce,
    headers: HeaderMap,
    uri: Uri,
) -> Response {
    let Some(found) = find(&state, &raw).await else {
        return not_found(lang, &nonce, uri.path());
    };
    // The pictures' words in the page's language (`?lang=` in their addresses).
    let words = lang.or(found.language);
    let answer = match part.as_str() {
        "state" => Some(live_state(&found, lang, &headers)),
        "chart.png" => chart_png(&state, found.record, words).await,
        "analysis.png" => analysis_png(&state, found.record, words).await,
        _ => match part.strip_suffix(".png").and_then(ply_number) {
            Some(ply) => ply_png(&state, found.record, ply, words).await,
            None => None,
        },
    };
    answer.unwrap_or_else(|| not_found(lang, &nonce, uri.path()))
}

/// The ply of `PLY` in `/g/ID/PLY.png`: digits only, no leading zero, at most 5.
fn ply_number(s: &str) -> Option<usize> {
    let ok = !s.is_empty()
        && s.len() <= 5
        && s.bytes().all(|b| b.is_ascii_digit())
        && (s == "0" || !s.starts_with('0'));
    ok.then(|| s.parse().ok()).flatten()
}

/// `/static/replay.js`.
async fn replay_js() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        REPLAY_JS,
    )
        .into_response()
}

/// How long a game's pictures may be kept: a day once finished; a minute in play (a
/// takeback changes the last move).
fn picture_cache(r: &Record) -> HeaderValue {
    HeaderValue::from_static(if r.status() == Status::Finished {
        "public, max-age=86400"
    } else {
        "public, max-age=60"
    })
}

/// The record as `export` writes it, each human player's platform id replaced by the
/// side's name (`south`, `north`; the AI keeps its `ai:LEVEL`), in one line.
pub(crate) fn export_line(r: &Record) -> String {
    let mut value = serde_json::to_value(r).unwrap_or_default();
    let mut ids: Vec<(String, String)> = Vec::new();
    for side in Side::ALL {
        if let Some(u) = r.player(side).filter(|_| !r.is_ai(side)) {
            ids.push((u.id.clone(), side.name().to_string()));
        }
    }
    hide_ids(&mut value, &ids);
    let mut line = value.to_string();
    line.push('\n');
    line
}

/// Replaces, anywhere in `value`, an object's `"id"` that is one of `ids`' first parts
/// by its second.
fn hide_ids(value: &mut serde_json::Value, ids: &[(String, String)]) {
    match value {
        serde_json::Value::Object(map) => {
            for (k, v) in map.iter_mut() {
                match v {
                    serde_json::Value::String(s) if k == "id" => {
                        if let Some((_, alias)) = ids.iter().find(|(id, _)| id == s) {
                            *s = alias.clone();
                        }
                    }
                    _ => hide_ids(v, ids),
                }
            }
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(|v| hide_ids(v, ids)),
        _ => {}
    }
}

/// `/g/ID.json`.
fn json_file(r: &Record) -> Response {
    let disposition = format!("attachment; filename=\"{}.json\"", r.id);
    let mut res = ([(header::CONTENT_TYPE, "application/json")], export_line(r)).into_response();
    if let Ok(v) = HeaderValue::from_str(&disposition) {
        res.headers_mut().insert(header::CONTENT_DISPOSITION, v);
    }
    res.headers_mut()
        .insert(header::CACHE_CONTROL, picture_cache(r));
    res
}

/// `/g/ID/state`: the live state, 304 when `If-None-Match` names its tag.
fn live_state(found: &Found, lang: PageLang, headers: &HeaderMap) -> Response {
    let lang = lang.or(found.language);
    let Some(view) = with_lang(lang, || GameView::of(&found.record)) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let etag = view.etag(lang);
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag || t.trim() == "*"));
    let mut res = if fresh {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        (
            [(header::CONTENT_TYPE, "application/json")],
            view.state_json(),
        )
            .into_response()
    };
    let h = res.headers_mut();
    if let Ok(v) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, v);
    }
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    res
}

/// Draws with the state's painter off the async threads, at most a few at once, the
/// pictures' words in `lang`.
async fn draw<T: Send + 'static>(
    state: &Arc<WebState>,
    lang: Lang,
    paint: impl FnOnce(&dyn crate::core::painter::Painter) -> Option<T> + Send + 'static,
) -> Option<T> {
    let painter = state.painter.clone()?;
    let _slot = state.draw_slots.clone().acquire_owned().await.ok()?;
    tokio::task::spawn_blocking(move || with_lang(lang, || paint(&*painter)))
        .await
        .ok()
        .flatten()
}

/// A picture's answer.
fn png(bytes: Vec<u8>, r_cache: HeaderValue) -> Response {
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("image/png")),
            (header::CACHE_CONTROL, r_cache),
        ],
        bytes,
    )
        .into_response()
}

/// `/g/ID/PLY.png`: the frames of move PLY on one sheet; the start for 0.
async fn ply_png(state: &Arc<WebState>, r: Record, ply: usize, lang: Lang) -> Option<Response> {
    let cache = picture_cache(&r);
    let frame = draw(state, lang, move |painter| {
        let game = game_of(&r)?;
        let info = crate::core::board_info(&r, game, Side::South);
        if ply == 0 {
            return Some(painter.position(&game.start(), &info));
        }
        let trace = traces(game).into_iter().nth(ply - 1)?;
        let frames = painter.move_frames(&trace, &info);
        Some(painter.contact_sheet(&frames))
    })
    .await?;
    Some(png(frame.png, cache))
}

/// `/g/ID/chart.png`: each side's seeds after every move.
async fn chart_png(state: &Arc<WebState>, r: Record, lang: Lang) -> Option<Response> {
    let cache = picture_cache(&r);
    let frame: Frame = draw(state, lang, move |painter| {
        let game = game_of(&r)?;
        painter.line_chart(&crate::core::summary_chart(&r, game))
    })
    .await?;
    Some(png(frame.png, cache))
}

/// `/g/ID/analysis.png`: the chart of the stored analysis, if one was made.
async fn analysis_png(state: &Arc<WebState>, r: Record, lang: Lang) -> Option<Response> {
    let store = state.store.clone()?;
    let cache = picture_cache(&r);
    let frame: Frame = draw(state, lang, move |painter| {
        let review = stored_review(&*store, &r)?;
        painter.eval_chart(&crate::core::review_chart(&r, &review.review()))
    })
    .await?;
    Some(png(frame.png, cache))
}

/// `/g/ID.gif`: the start, then each move with its path.
async fn gif_file(state: &Arc<WebState>, r: Record, lang: Lang) -> Response {
    let cache = picture_cache(&r);
    let id = r.id.clone();
    let gif = draw(state, lang, move |painter| {
        let game = game_of(&r)?;
        let info = crate::core::board_info(&r, game, Side::South);
        let mut frames = vec![painter.position(&game.start(), &info)];
        for trace in traces(game).iter().take(GIF_FRAMES - 1) {
            frames.push(painter.move_path(trace, &info));
        }
        Some(painter.gif(&frames))
    })
    .await;
    let Some(bytes) = gif else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let mut res = (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("image/gif")),
            (header::CACHE_CONTROL, cache),
        ],
        bytes,
    )
        .into_response();
    let disposition = format!("inline; filename=\"{id}.gif\"");
    if let Ok(v) = HeaderValue::from_str(&disposition) {
        res.headers_mut().insert(header::CONTENT_DISPOSITION, v);
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_unguessable_ids_in_their_stored_form_are_pages() {
        assert_eq!(page_id("ab0cd1ef"), Some("ab0cd1ef"));
        // Tournament games' ids of older builds: guessable, not served.
        assert_eq!(page_id("t1700000000000-9f3a-r1-b2"), None);
        assert_eq!(page_id("AB0CD1EF"), None, "upper case");
        assert_eq!(page_id("abocd1ef"), None, "o for 0");
        assert_eq!(page_id("1700000000000-3"), None, "old guessable ids");
        assert_eq!(page_id("ab0cd1e"), None);
        assert_eq!(page_id("../../etc"), None);
        assert_eq!(page_id(""), None);
    }

    #[test]
    fn ply_numbers_are_plain_digits() {
        assert_eq!(ply_number("0"), Some(0));
        assert_eq!(ply_number("12"), Some(12));
        assert_eq!(ply_number("012"), None);
        assert_eq!(ply_number("-1"), None);
        assert_eq!(ply_number("123456"), None);
        assert_eq!(ply_number(""), None);
    }
}
