//! What the pages share ([`super::pages`] serves them): a rendered page, the
//! addresses of players and games, points and ratings as the pages write them.

use maud::Markup;

use super::guard::{self, Freshness};
use crate::core::ratings::{self, PlayerRating};
use crate::store::StoreError;

/// A page ready for its shell.
pub(crate) struct Rendered {
    /// The `<title>`.
    pub title: String,
    /// The content, inside `<main>`.
    pub content: Markup,
    /// How long it may be kept.
    pub fresh: Freshness,
    /// Search engines may index it (the community opted in).
    pub index: bool,
}

/// What a page's render found: the page, or nothing to show (404).
pub(crate) type Found = Result<Option<Rendered>, StoreError>;

/// `name` as one segment of a path, reversibly ([`name_of_segment`]): `~` written `~~`,
/// `/` `~s`, `\` `~b` and `.` `~d`, so that no name makes an encoded slash or a `.` or
/// `..` segment, which the guards refuse; then every byte but ASCII letters, digits,
/// `-`, `_` and `~` percent-encoded.
pub(crate) fn name_segment(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        match c {
            '~' => out.push_str("~~"),
            '/' => out.push_str("~s"),
            '\\' => out.push_str("~b"),
            '.' => out.push_str("~d"),
            c if c.is_ascii_alphanumeric() || c == '-' || c == '_' => out.push(c),
            c => {
                let mut buf = [0u8; 4];
                for b in c.encode_utf8(&mut buf).bytes() {
                    out.push_str(&format!("%{b:02X}"));
                }
            }
        }
    }
    out
}

/// The name a segment written by [`name_segment`] stands for (already
/// percent-decoded); `None` for a `~` followed by anything but `~`, `s`, `b` or `d`.
pub(crate) fn name_of_segment(segment: &str) -> Option<String> {
    let mut out = String::with_capacity(segment.len());
    let mut chars = segment.chars();
    while let Some(c) = chars.next() {
        if c != '~' {
            out.push(c);
            continue;
        }
        out.push(match chars.next()? {
            '~' => '~',
            's' => '/',
            'b' => '\\',
            'd' => '.',
            _ => return None,
        });
    }
    Some(out)
}

/// The address of the page of the player `name` in the community whose public id is
/// `community`; `None` when the guards would refuse it (empty, too long, or with a
/// control character).
pub(crate) fn player_href(community: &str, name: &str) -> Option<String> {
    guard::player_name(name)?;
    Some(format!("/c/{community}/p/{}", name_segment(name)))
}

/// The address of a game's page, when its id has a shape the pages serve.
pub(crate) fn game_href(id: &str) -> Option<String> {
    guard::game_id(id).map(|id| format!("/g/{id}"))
}

/// Points kept in halves (`3`, `2.5`) with the current language's decimal sign.
pub(crate) fn half_points(p: u32) -> String {
    if p.is_multiple_of(2) {
        format!("{}", p / 2)
    } else {
        format!("{}{}5", p / 2, crate::i18n::current().decimal_sign())
    }
}

/// Points kept in quarters (Sonneborn-Berger: `3`, `1.5`, `0.25`) with the current
/// language's decimal sign.
pub(crate) fn quarter_points(q: u32) -> String {
    let sign = crate::i18n::current().decimal_sign();
    match q % 4 {
        0 => format!("{}", q / 4),
        2 => format!("{}{sign}5", q / 4),
        r => format!("{}{sign}{}", q / 4, r * 25),
    }
}

/// Milliseconds since the Unix epoch, now.
pub(crate) fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// A rating as the chat shows it (`1562 ±120`, `?` when provisional) at `now`, with
/// the default settings' provisional bound and rating period.
pub(crate) fn shown_rating(p: &PlayerRating, now: u64) -> (PlayerRating, String, bool) {
    let s = crate::core::Settings::default();
    let p = p.at(now, s.rating_period.as_millis() as u64);
    let text = ratings::rating_text(&p, s.provisional_rd);
    let provisional = p.deviation > s.provisional_rd;
    (p, text, provisional)
}

/// The family's display name (`Katro`, `Hoyito`).
pub(crate) fn family_name(fam: &str) -> String {
    crate::core::text::game_name(fam == "katro")
}
