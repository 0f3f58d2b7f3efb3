//! The page of a finished game (`/g/ID`), found, kept or drawn in one step off the async
//! threads ("Web companion" issue, speed).
//!
//! A kept page ([`super::page_cache`]) is found without decoding the game: the store
//! gives where it was played ([`Store::finished_at`]: its moves are not replayed), then
//! the community's web settings (off: hidden, as an unknown game), the channel's
//! language and the stored analysis, which make the rest of the page's key. Only a page
//! not kept reads the whole record, its ratings and analysis, and is drawn. A finished
//! record never changes, so its id is enough to keep its page by.

use std::sync::Arc;

use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use mancala_rules::Side;

use super::game_page::{render, Extras};
use super::game_view::Found;
use super::layout::{CspNonce, PageLang};
use super::page_cache::{cacheable, KeptPage, PageKey, NONCE_MARK};
use super::{site, WebState};
use crate::core::ChannelSettings;
use crate::i18n::with_lang;
use crate::store::keys::DocKey;
use crate::store::{docs, Store, StoreError};

/// What the store holds under a page's id, for the finished-game path.
pub(crate) enum Finished {
    /// The page of a finished game whose pages are shown, with the nonce placeholder.
    Page(Arc<KeptPage>),
    /// A finished game whose page is not shown: its community's pages are off, or it
    /// never started (answered as an unknown game).
    Hidden,
    /// No finished game has this id (it may be in play).
    Absent,
}

/// The page of the finished game `id` (already checked as an id) in the language
/// `lang` asks, for the address `path`: from `state`'s page cache, else drawn (and
/// kept when its ratings are settled, see [`cacheable`]).
///
/// # Errors
/// The store's.
pub(crate) fn finished_page(
    state: &WebState,
    store: &dyn Store,
    id: &str,
    lang: PageLang,
    path: &str,
) -> Result<Finished, StoreError> {
    let Some(at) = store.finished_at(id)? else {
        return Ok(Finished::Absent);
    };
    let site = site::settings(store, &at.community)?;
    if !site.web {
        return Ok(Finished::Hidden);
    }
    let language = docs::load::<ChannelSettings>(store, &DocKey::chan(&at))?
        .value
        .language;
    let analysis = store.doc(&DocKey::analysis(&at.community, id))?;
    let key = PageKey {
        id: id.to_string(),
        lang: lang.or(language),
        index: site.index,
        review: analysis.as_deref().map_or(0, fnv),
    };
    if let Some(kept) = state.pages.get(&key) {
        return Ok(Finished::Page(kept));
    }
    let Some(record) = store.finished(id)?.filter(|r| r.play().is_some()) else {
        return Ok(Finished::Hidden);
    };
    let found = Found {
        record,
        site,
        language,
        analysis,
    };
    Ok(Finished::Page(draw(state, store, found, key, path)))
}

/// Draws the page of `found` under `key`, and keeps it once its ratings are settled.
fn draw(
    state: &WebState,
    store: &dyn Store,
    found: Found,
    key: PageKey,
    path: &str,
) -> Arc<KeptPage> {
    let extras = Extras::of(store, &found);
    let r = &found.record;
    let mark = CspNonce(NONCE_MARK.to_string());
    let html = with_lang(key.lang, || render(&found, &extras, key.lang, &mark, path));
    let kept = Arc::new(KeptPage::new(&html.into_string()));
    let expected = Side::ALL
        .iter()
        .filter(|&&s| r.rated && !r.is_ai(s))
        .count();
    let got = extras.ratings.iter().flatten().count();
    if cacheable(expected, got, r.updated_ms, super::page_kit::now_ms()) {
        state.pages.put(key, kept.clone());
    }
    kept
}

/// FNV-1a (64 bits) of `bytes`, at least 1 (0 stands for none).
fn fnv(bytes: &[u8]) -> u64 {
    let hash = bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
    });
    hash.max(1)
}

/// The answer of the kept page `kept`: 304 when `headers` name its tag, else the page
/// with the request's `nonce`; checked again at each request (`no-cache`).
pub(crate) fn kept_answer(kept: &KeptPage, headers: &HeaderMap, nonce: &CspNonce) -> Response {
    let head = [
        (header::ETAG, kept.etag.clone()),
        (header::CACHE_CONTROL, "no-cache".to_string()),
    ];
    if super::guard::not_modified(headers, &kept.etag) {
        return (StatusCode::NOT_MODIFIED, head).into_response();
    }
    let html = [(header::CONTENT_TYPE, "text/html; charset=utf-8")];
    (head, html, kept.with_nonce(&nonce.0)).into_response()
}
