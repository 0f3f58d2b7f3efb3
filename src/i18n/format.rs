//! Numbers, dates and punctuation as each language writes them (issue "Players: words
//! and pictures"): the decimal sign, the percent sign's spacing, a UTC date and time,
//! and French spacing before `:` `;` `!` `?`. Fluent numbers and message text get the
//! same treatment through the bundles' formatter and transform ([`number_formatter`],
//! [`text_transform`]), so a number is written alike in a message and in code.
//!
//! Small tables of our own: the locked `fluent-bundle` writes numbers with a point in
//! every language, and `jiff` (the crate's clock) has English month names only.

use std::borrow::Cow;

use fluent_bundle::FluentValue;

use super::{current, Lang};

/// U+202F NARROW NO-BREAK SPACE: French puts it before `:` `;` `!` `?` and `%`.
pub const NARROW_NBSP: char = '\u{202F}';
/// U+00A0 NO-BREAK SPACE: Spanish and Russian put it before `%`.
const NBSP: char = '\u{A0}';

impl Lang {
    /// The decimal sign: `.` in English, `,` in French, Spanish and Russian.
    pub fn decimal_sign(self) -> char {
        match self {
            Lang::En => '.',
            Lang::Fr | Lang::Es | Lang::Ru => ',',
        }
    }
}

/// `x` with `digits` decimals, written with the current language's decimal sign: `1.5`
/// in English, `1,5` in French, Spanish and Russian.
pub fn decimal(x: f64, digits: usize) -> String {
    with_sign(format!("{x:.digits$}"), current())
}

/// `text` (a number as Rust writes it) with `lang`'s decimal sign.
fn with_sign(text: String, lang: Lang) -> String {
    match lang.decimal_sign() {
        '.' => text,
        sign => text.replace('.', &sign.to_string()),
    }
}

/// A whole percentage in the current language: `87%` in English, `87 %` with a narrow
/// no-break space in French, `87 %` with a no-break space in Spanish and Russian
/// (CLDR's percent patterns). `x` is in percent (87.4 is `87%`).
pub fn percent(x: f64) -> String {
    let n = format!("{x:.0}");
    match current() {
        Lang::En => format!("{n}%"),
        Lang::Fr => format!("{n}{NARROW_NBSP}%"),
        Lang::Es | Lang::Ru => format!("{n}{NBSP}%"),
    }
}

/// Abbreviated month names, January first (CLDR's `MMM` in dates: French and Russian
/// with their abbreviation points, Russian in the genitive).
fn months(lang: Lang) -> [&'static str; 12] {
    match lang {
        Lang::En => [
            "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
        ],
        Lang::Fr => [
            "janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.",
            "nov.", "déc.",
        ],
        Lang::Es => [
            "ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic",
        ],
        Lang::Ru => [
            "янв.",
            "февр.",
            "мар.",
            "апр.",
            "мая",
            "июн.",
            "июл.",
            "авг.",
            "сент.",
            "окт.",
            "нояб.",
            "дек.",
        ],
    }
}

/// A UTC date and time as the current language writes it: `2026-12-05 23:55 UTC` in
/// English (unambiguous everywhere), `5 déc. 2026 à 23:55 UTC`, `5 dic 2026, 23:55 UTC`,
/// `5 дек. 2026 г., 23:55 UTC` (CLDR's medium date with the time).
pub fn date_time(t: jiff::Timestamp) -> String {
    let dt = t.to_zoned(jiff::tz::TimeZone::UTC).datetime();
    let (day, year) = (dt.day(), dt.year());
    let month = months(current())[usize::from(dt.month().unsigned_abs()).saturating_sub(1) % 12];
    let time = format!("{:02}:{:02} UTC", dt.hour(), dt.minute());
    match current() {
        Lang::En => format!("{year:04}-{:02}-{day:02} {time}", dt.month(),),
        Lang::Fr => format!("{day} {month} {year} à {time}"),
        Lang::Es => format!("{day} {month} {year}, {time}"),
        Lang::Ru => format!("{day} {month} {year} г., {time}"),
    }
}

/// French spacing: a space (or no-break space) before `:` `;` `!` `?` becomes a narrow
/// no-break space, so that the sign never starts a line and sits as French typesetting
/// sets it. Other languages' text is returned as it is.
pub fn spacing(lang: Lang, text: &str) -> Cow<'_, str> {
    if lang != Lang::Fr || !text.contains([' ', NBSP]) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 4);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let before_sign = matches!(chars.peek(), Some(':' | ';' | '!' | '?'));
        if (c == ' ' || c == NBSP) && before_sign {
            out.push(NARROW_NBSP);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// The transform of the French bundle's text (not its variables): [`spacing`].
pub(super) fn french_text(text: &str) -> Cow<'_, str> {
    spacing(Lang::Fr, text)
}

/// The number formatter of a bundle whose language writes a decimal comma: Fluent's
/// numbers (`{ $seeds }`, plural selectors keep the number) with `,` for `.`.
pub(super) fn comma_numbers<M>(value: &FluentValue, _: &M) -> Option<String> {
    match value {
        FluentValue::Number(n) => Some(with_sign(n.as_string().into_owned(), Lang::Fr)),
        _ => None,
    }
}

/// `items` joined by `; `, with the current language's spacing before the semicolon
/// (French `a ; b`), for lists joined in code.
pub fn join_semicolons<S: AsRef<str>>(items: &[S]) -> String {
    let sep = if current() == Lang::Fr {
        "\u{202F}; "
    } else {
        "; "
    };
    items
        .iter()
        .map(AsRef::as_ref)
        .collect::<Vec<&str>>()
        .join(sep)
}
