//! The rendered pages of finished games, kept ("Web companion" issue, speed): a finished
//! game no longer changes, so its page is drawn once per language and served again
//! from memory, with an `ETag` of its own (the same for every copy, so that
//! `If-None-Match` answers 304).
//!
//! What else a page shows is in the key, read again at each request: the language, the
//! community's choice to be indexed, the stored analysis (by a hash of its bytes: one
//! made later makes another page). Whether the community's pages are on is checked at
//! each request before the cache is read (in the game route), so `!set web off` takes
//! effect at the next request. A page whose ratings may still be written (a rated game
//! just finished, see `cacheable`) is not kept.
//!
//! The page's scripts carry the request's CSP nonce: a page is kept with a placeholder
//! in each `nonce="..."` attribute, the only place the template writes it (text from
//! users is escaped, so it has no `"`), and each answer gets its own nonce there.

use std::sync::Arc;

use crate::i18n::Lang;

/// The placeholder of the nonce in a kept page: as long as a real nonce (22
/// characters), of characters a nonce never has (`.` is not URL-safe base64).
pub(crate) const NONCE_MARK: &str = "..nonce-placeholder...";

/// The most bytes of pages kept (a 60-ply game's page is about 60 KB): 64 MB.
const MAX_BYTES: u64 = 64 << 20;

/// The most pages kept, for quick_cache's sizing (its weight bound is [`MAX_BYTES`]).
const MAX_PAGES: usize = 4096;

/// How long after a rated game's end its page may still change (its ratings written
/// late, `crate::core::ratings::write_pending`): 10 minutes, in milliseconds.
pub(crate) const SETTLING_MS: u64 = 10 * 60 * 1000;

/// What a kept page depends on besides its game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct PageKey {
    /// The game's id.
    pub(crate) id: String,
    /// The page's language.
    pub(crate) lang: Lang,
    /// The community lets search engines index its pages.
    pub(crate) index: bool,
    /// A hash of the stored analysis's bytes (0: none).
    pub(crate) review: u64,
}

/// A kept page: its HTML cut at each nonce placeholder, and its `ETag`.
#[derive(Debug)]
pub(crate) struct KeptPage {
    /// The HTML between the nonces (one more part than nonces).
    parts: Vec<Vec<u8>>,
    /// Its `ETag` (of the page with the placeholders).
    pub(crate) etag: String,
    /// Its length with the placeholders (a nonce is as long).
    len: usize,
}

impl KeptPage {
    /// The page `html`, rendered with [`NONCE_MARK`] as its nonce.
    pub(crate) fn new(html: &str) -> KeptPage {
        let mark = format!("nonce=\"{NONCE_MARK}\"");
        let mut parts = Vec::new();
        let mut rest = html;
        while let Some(i) = rest.find(&mark) {
            let cut = i + "nonce=\"".len();
            parts.push(rest.as_bytes()[..cut].to_vec());
            rest = &rest[cut + NONCE_MARK.len()..];
        }
        parts.push(rest.as_bytes().to_vec());
        KeptPage {
            parts,
            etag: super::guard::etag(html.as_bytes()),
            len: html.len(),
        }
    }

    /// The page with `nonce` in each of its scripts.
    pub(crate) fn with_nonce(&self, nonce: &str) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.len + nonce.len());
        for (i, part) in self.parts.iter().enumerate() {
            if i > 0 {
                out.extend_from_slice(nonce.as_bytes());
            }
            out.extend_from_slice(part);
        }
        out
    }
}

/// Weighs a kept page by its bytes.
#[derive(Clone, Copy)]
pub(crate) struct Weight;

impl quick_cache::Weighter<PageKey, Arc<KeptPage>> for Weight {
    fn weight(&self, key: &PageKey, page: &Arc<KeptPage>) -> u64 {
        (page.len + key.id.len() + 64) as u64
    }
}

/// The kept pages of finished games, bounded by bytes, the least used going first
/// (quick_cache's CLOCK-Pro).
pub struct PageCache {
    pages: quick_cache::sync::Cache<PageKey, Arc<KeptPage>, Weight>,
}

impl Default for PageCache {
    /// At most 64 MB of pages.
    fn default() -> Self {
        PageCache::with_max_bytes(MAX_BYTES)
    }
}

impl std::fmt::Debug for PageCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PageCache({} pages)", self.pages.len())
    }
}

impl PageCache {
    /// A cache of at most `max_bytes` of pages (0: none kept, as a load test compares).
    pub fn with_max_bytes(max_bytes: u64) -> PageCache {
        PageCache {
            pages: quick_cache::sync::Cache::with_weighter(MAX_PAGES, max_bytes.max(1), Weight),
        }
    }

    /// The page kept under `key`, if any.
    pub(crate) fn get(&self, key: &PageKey) -> Option<Arc<KeptPage>> {
        self.pages.get(key)
    }

    /// Keeps `page` under `key`.
    pub(crate) fn put(&self, key: PageKey, page: Arc<KeptPage>) {
        self.pages.insert(key, page);
    }

    /// How many pages are kept.
    pub fn len(&self) -> usize {
        self.pages.len()
    }

    /// Whether no page is kept.
    pub fn is_empty(&self) -> bool {
        self.pages.is_empty()
    }
}

/// Whether the page of the finished game whose record last changed at `updated_ms` may
/// be kept at `now_ms`: when every rating change it expects was found (`expected`,
/// `found`: how many), or once its ratings can no longer come ([`SETTLING_MS`]).
pub(crate) fn cacheable(expected: usize, found: usize, updated_ms: u64, now_ms: u64) -> bool {
    found >= expected || now_ms >= updated_ms.saturating_add(SETTLING_MS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_page_gets_a_fresh_nonce_in_each_script_and_keeps_its_tag() {
        let html = format!(
            "<p>&quot;{NONCE_MARK}&quot;</p><script nonce=\"{NONCE_MARK}\"></script>\
             <script nonce=\"{NONCE_MARK}\" src=x></script>"
        );
        let page = KeptPage::new(&html);
        let a = String::from_utf8(page.with_nonce("AAAAAAAAAAAAAAAAAAAAAA")).unwrap();
        let b = String::from_utf8(page.with_nonce("BBBBBBBBBBBBBBBBBBBBBB")).unwrap();
        assert_eq!(
            a.matches("nonce=\"AAAAAAAAAAAAAAAAAAAAAA\"").count(),
            2,
            "{a}"
        );
        assert_eq!(
            b.matches("nonce=\"BBBBBBBBBBBBBBBBBBBBBB\"").count(),
            2,
            "{b}"
        );
        // Text that only looks like the placeholder is left as it is.
        assert!(
            a.starts_with(&format!("<p>&quot;{NONCE_MARK}&quot;</p>")),
            "{a}"
        );
        assert_eq!(a.len(), html.len());
        assert_eq!(page.etag, super::super::guard::etag(html.as_bytes()));
    }

    #[test]
    fn a_rated_page_is_kept_once_its_ratings_are_written_or_late() {
        assert!(cacheable(0, 0, 1_000, 1_000));
        assert!(cacheable(2, 2, 1_000, 1_000));
        assert!(!cacheable(2, 0, 1_000, 1_000 + SETTLING_MS - 1));
        assert!(cacheable(2, 1, 1_000, 1_000 + SETTLING_MS));
    }
}
