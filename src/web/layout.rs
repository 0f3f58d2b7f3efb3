//! The pages' shell and what every page shares: the HTML around a page's content
//! ([`shell`]), the style sheet (`/static/site.css`, light and dark by
//! `prefers-color-scheme`), the security headers of every response ([`security`]: a
//! Content-Security-Policy with a fresh nonce per request on HTML, carried to the
//! handlers as [`CspNonce`]) and the language of a page ([`PageLang`]).
//!
//! The pages have no inline style and no script without the request's nonce: the CSP
//! allows only the site's own style sheet and scripts carrying the nonce, so that text a
//! user chose (a display name) can never run or restyle anything even if it escaped
//! maud's escaping.

use axum::extract::{FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{header, HeaderValue};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use maud::{html, Markup, DOCTYPE};

use crate::i18n::{with_lang, Lang};

/// The style sheet of every page, served at [`CSS_PATH`].
pub const SITE_CSS: &str = include_str!("site.css");
/// Where [`SITE_CSS`] is served.
pub const CSS_PATH: &str = "/static/site.css";

/// The nonce of one request's scripts: 22 characters of URL-safe base64 (128 random
/// bits), fresh for every request, put in the request's extensions by [`security`] and
/// named in the response's Content-Security-Policy. A page's `<script nonce=...>` takes
/// it from here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CspNonce(pub String);

impl CspNonce {
    /// A new random nonce.
    pub fn fresh() -> CspNonce {
        use base64::Engine;
        use rand::RngCore;
        let mut bytes = [0u8; 16];
        rand::rngs::OsRng.fill_bytes(&mut bytes);
        CspNonce(base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes))
    }
}

impl<S: Send + Sync> FromRequestParts<S> for CspNonce {
    type Rejection = std::convert::Infallible;

    /// The request's nonce (a fresh one when [`security`] did not run: tests of a lone
    /// handler).
    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<CspNonce, Self::Rejection> {
        Ok(parts
            .extensions
            .get::<CspNonce>()
            .cloned()
            .unwrap_or_else(CspNonce::fresh))
    }
}

/// The Content-Security-Policy of an HTML response whose scripts carry `nonce`.
pub fn csp(nonce: &CspNonce) -> String {
    format!(
        "default-src 'none'; script-src 'nonce-{}'; style-src 'self'; img-src 'self' data:; \
         connect-src 'self'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
        nonce.0
    )
}

/// Middleware of every route: a fresh [`CspNonce`] in the request's extensions, then on
/// the response `X-Content-Type-Options: nosniff` and `Referrer-Policy: no-referrer`
/// (a game's unguessable address must not leak to the sites it links), and on HTML the
/// Content-Security-Policy naming the nonce.
pub async fn security(mut req: Request, next: Next) -> Response {
    let nonce = CspNonce::fresh();
    req.extensions_mut().insert(nonce.clone());
    let mut res = next.run(req).await;
    let headers = res.headers_mut();
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    let html = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/html"));
    if html {
        if let Ok(v) = HeaderValue::from_str(&csp(&nonce)) {
            headers.insert(header::CONTENT_SECURITY_POLICY, v);
        }
    }
    res
}

/// `/static/site.css`: the style sheet, cached a day.
pub async fn site_css() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/css; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        SITE_CSS,
    )
        .into_response()
}

/// What a page asks of its language: `?lang=xx` and the `Accept-Language` header, each
/// `None` when absent or naming no language the bot speaks. The community's own setting
/// comes last ([`PageLang::or`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PageLang {
    /// `?lang=xx` (one of `en`, `fr`, `es`, `ru`).
    pub query: Option<Lang>,
    /// The first language of `Accept-Language`, by weight, that the bot speaks.
    pub accept: Option<Lang>,
}

impl PageLang {
    /// The page's language: the query's, else the header's, else `community` (the
    /// setting of the channel or community the page shows), else English.
    pub fn or(self, community: Option<Lang>) -> Lang {
        self.query.or(self.accept).or(community).unwrap_or_default()
    }

    /// The language asked of a request with `query` (the raw query string) and
    /// `accept` (the `Accept-Language` header's value).
    pub fn of(query: Option<&str>, accept: Option<&str>) -> PageLang {
        PageLang {
            query: query.and_then(query_lang),
            accept: accept.and_then(accept_language),
        }
    }
}

impl<S: Send + Sync> FromRequestParts<S> for PageLang {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<PageLang, Self::Rejection> {
        let accept = parts
            .headers
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok());
        Ok(PageLang::of(parts.uri.query(), accept))
    }
}

/// The language `lang=xx` of a query string names, exactly one of the four codes.
fn query_lang(query: &str) -> Option<Lang> {
    query
        .split('&')
        .filter_map(|pair| pair.strip_prefix("lang="))
        .find_map(|code| Lang::ALL.into_iter().find(|l| l.code() == code))
}

/// The first language of an `Accept-Language` value (`fr-CA,fr;q=0.9,en;q=0.8`) by
/// weight (ties in the header's order) that the bot speaks; `q=0` refuses a language.
fn accept_language(value: &str) -> Option<Lang> {
    let mut ranked: Vec<(u16, usize, Lang)> = Vec::new();
    for (i, item) in value.split(',').take(32).enumerate() {
        let mut parts = item.split(';');
        let tag = parts.next().unwrap_or("").trim();
        let q = parts
            .find_map(|p| p.trim().strip_prefix("q="))
            .map_or(Some(1000), |q| {
                q.trim()
                    .parse::<f32>()
                    .ok()
                    .filter(|q| (0.0..=1.0).contains(q))
                    .map(|q| (q * 1000.0).round() as u16)
            });
        if let (Some(q), Some(lang)) = (q, Lang::from_locale(tag)) {
            if q > 0 {
                ranked.push((q, i, lang));
            }
        }
    }
    ranked.sort_by_key(|&(q, i, _)| (std::cmp::Reverse(q), i));
    ranked.first().map(|&(_, _, lang)| lang)
}

/// What the shell of a page needs.
#[derive(Clone, Debug)]
pub struct Page<'a> {
    /// The `<title>` (also the `<h1>` when the content has none of its own).
    pub title: &'a str,
    /// The page's language (`<html lang>`, and the words of the shell).
    pub lang: Lang,
    /// Search engines may index it: the community opted in (`!set web index`).
    pub index: bool,
    /// The request's nonce, for the page's scripts.
    pub nonce: &'a CspNonce,
    /// The page's path without its query (`/g/ID`), for the links to the other
    /// languages.
    pub path: &'a str,
}

/// The whole HTML document of `page` around `content`: doctype, `<html lang>`, the
/// viewport for phones, the style sheet, `noindex` unless the community opted in, the
/// footer with the page in the other languages.
pub fn shell(page: &Page<'_>, content: Markup) -> Markup {
    // A path of another site (`//host/...`) is never linked: the query alone then.
    let own = page.path.starts_with('/') && !page.path.starts_with("//");
    let here = if own { page.path } else { "" };
    with_lang(page.lang, || {
        html! {
            (DOCTYPE)
            html lang=(page.lang.code()) {
                head {
                    meta charset="utf-8";
                    meta name="viewport" content="width=device-width, initial-scale=1";
                    @if !page.index {
                        meta name="robots" content="noindex, nofollow";
                    }
                    meta name="color-scheme" content="light dark";
                    title { (page.title) }
                    link rel="stylesheet" href=(CSS_PATH);
                }
                body {
                    main { (content) }
                    footer {
                        p { (tr!("web-footer")) }
                        nav aria-label=(tr!("web-language")) {
                            @for l in Lang::ALL {
                                @if l == page.lang {
                                    span.current lang=(l.code()) { (l.name()) }
                                } @else {
                                    a href={ (here) "?lang=" (l.code()) } lang=(l.code())
                                        hreflang=(l.code()) { (l.name()) }
                                }
                                " "
                            }
                        }
                    }
                }
            }
        }
    })
}

/// The 404 page, in the language `lang` asks (never the community's: a page of a
/// community whose pages are off must answer exactly as an unknown one).
pub fn not_found(lang: PageLang, nonce: &CspNonce, path: &str) -> Response {
    let lang = lang.or(None);
    let title = with_lang(lang, || tr!("web-not-found"));
    let page = Page {
        title: &title,
        lang,
        index: false,
        nonce,
        path,
    };
    let body = shell(
        &page,
        html! { h1 { (title) } p { (with_lang(lang, || tr!("web-not-found-text"))) } },
    );
    let mut res = (axum::http::StatusCode::NOT_FOUND, body).into_response();
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_takes_the_heaviest_language_spoken() {
        assert_eq!(accept_language("fr-CA,fr;q=0.9,en;q=0.8"), Some(Lang::Fr));
        assert_eq!(accept_language("de,ru;q=0.5,es;q=0.7"), Some(Lang::Es));
        assert_eq!(accept_language("en;q=0, ru"), Some(Lang::Ru));
        assert_eq!(accept_language("de, ja"), None);
        assert_eq!(accept_language("es;q=abc, fr;q=2"), None);
        assert_eq!(accept_language(""), None);
    }

    #[test]
    fn query_names_one_of_the_four_codes_exactly() {
        assert_eq!(query_lang("lang=ru"), Some(Lang::Ru));
        assert_eq!(query_lang("x=1&lang=es"), Some(Lang::Es));
        assert_eq!(query_lang("lang=RU"), None);
        assert_eq!(query_lang("lang=de"), None);
        assert_eq!(query_lang("xlang=fr"), None);
    }

    #[test]
    fn query_beats_header_beats_community() {
        let l = PageLang::of(Some("lang=fr"), Some("ru"));
        assert_eq!(l.or(Some(Lang::Es)), Lang::Fr);
        assert_eq!(PageLang::of(None, Some("ru")).or(Some(Lang::Es)), Lang::Ru);
        assert_eq!(PageLang::of(None, None).or(Some(Lang::Es)), Lang::Es);
        assert_eq!(PageLang::of(None, None).or(None), Lang::En);
    }

    #[test]
    fn nonces_are_fresh_and_url_safe() {
        let (a, b) = (CspNonce::fresh(), CspNonce::fresh());
        assert_ne!(a, b);
        assert_eq!(a.0.len(), 22);
        assert!(a
            .0
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'));
    }
}
