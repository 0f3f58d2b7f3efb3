//! The words of the bot in its players' languages (issue 14 item 2): every reply and
//! picture caption is a [Project Fluent](https://projectfluent.org) message, looked up
//! by id in the message files under `locales/LANG/*.ftl` (built into the binary).
//!
//! The language of a reply is the language of the command it answers: the dispatcher
//! chooses it once per command ([`Lang::choose`]: the channel's `!set language`, else
//! the platform's locale of the message, else English) and runs the command inside
//! [`with_lang`]; the core's text functions then write with [`tr!`](crate::tr), which
//! reads it. So a handler stays a function of (state, command, now) with its words
//! chosen for it, and no signature carries the language through every text function.
//!
//! English is complete by construction (the code's ids are checked against it); French,
//! Spanish and Russian have every English message (checked by the tests of this
//! module). A message missing in a language at run time falls back to English, and an
//! unknown id reads as the id itself: words never panic the bot.

use std::borrow::Cow;
use std::cell::Cell;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::types::{FluentNumber, FluentNumberOptions};
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use serde::{Deserialize, Serialize};

mod format;
#[cfg(test)]
mod tests;

pub use format::{date_time, decimal, join_semicolons, percent, spacing, NARROW_NBSP};

/// A language the bot speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// English (the default, and the fallback of a message missing elsewhere).
    #[default]
    En,
    /// French (Madagascar's second official language: Katro).
    Fr,
    /// Spanish (the Dominican Republic: Hoyito).
    Es,
    /// Russian.
    Ru,
}

impl Lang {
    /// Every language shipped, English first.
    pub const ALL: [Lang; 4] = [Lang::En, Lang::Fr, Lang::Es, Lang::Ru];

    /// The language's code, as `!set language CODE` takes it: `en`, `fr`, `es`, `ru`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
            Lang::Es => "es",
            Lang::Ru => "ru",
        }
    }

    /// The language's name in itself: `English`, `Français`, `Español`, `Русский`.
    pub fn name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Fr => "Français",
            Lang::Es => "Español",
            Lang::Ru => "Русский",
        }
    }

    /// The language of a BCP 47 locale tag (`fr`, `fr-CA`, `es-419`, `ru-RU`, `en_US`),
    /// by its primary subtag, case-insensitive; `None` for a language not shipped.
    pub fn from_locale(tag: &str) -> Option<Lang> {
        let primary = tag.split(['-', '_']).next()?.to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == primary)
    }

    /// Discord's locale names for this language (for command localizations): French
    /// `fr`, Spanish `es-ES` and `es-419`, Russian `ru`; English `en-US` and `en-GB`.
    pub fn discord_locales(self) -> &'static [&'static str] {
        match self {
            Lang::En => &["en-US", "en-GB"],
            Lang::Fr => &["fr"],
            Lang::Es => &["es-ES", "es-419"],
            Lang::Ru => &["ru"],
        }
    }

    /// The language of a reply: the channel's choice (`!set language`), else the
    /// language of the platform's `locale` for the message (Discord: the interaction's
    /// locale for a slash command, the server's preferred locale for a message) when
    /// shipped, else English.
    pub fn choose(channel: Option<Lang>, locale: Option<&str>) -> Lang {
        channel
            .or_else(|| locale.and_then(Lang::from_locale))
            .unwrap_or_default()
    }
}

/// A value given to a message: text, or a number (which also picks plural forms:
/// `{ $count -> [one] ... *[other] ... }`, by each language's CLDR rules); a `bool`
/// becomes the text `yes` or `no` for a selector.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg<'a> {
    /// Text, inserted as it is (no bidi isolation marks: the transports' escaping and
    /// the core's markers must see it unchanged).
    Text(Cow<'a, str>),
    /// A number, written without grouping and with the language's decimal sign
    /// (`1500`, `2.5`, `2,5`).
    Number(f64),
    /// A number written with exactly this many decimals (`2.0`, `1,5`): a measure in
    /// seeds or MiB. It picks plural forms as a number: Russian `1,5 камня`.
    Decimal(f64, usize),
}

/// `x` as a message argument with `digits` decimals ([`Arg::Decimal`]).
pub fn decimal_arg(x: f64, digits: usize) -> Arg<'static> {
    Arg::Decimal(x, digits)
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(s: &'a str) -> Arg<'a> {
        Arg::Text(Cow::Borrowed(s))
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(s: &'a String) -> Arg<'a> {
        Arg::Text(Cow::Borrowed(s))
    }
}

impl From<String> for Arg<'_> {
    fn from(s: String) -> Arg<'static> {
        Arg::Text(Cow::Owned(s))
    }
}

/// A flag, for a selector: `yes` or `no` (`{ $rated -> [yes] ... *[no] ... }`).
impl From<bool> for Arg<'_> {
    fn from(flag: bool) -> Arg<'static> {
        Arg::Text(Cow::Borrowed(if flag { "yes" } else { "no" }))
    }
}

macro_rules! number_args {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg<'_> {
            fn from(n: $t) -> Arg<'static> {
                // Counts of seeds, games and moves are far below 2^53: exact in an f64.
                Arg::Number(n as f64)
            }
        }
    )*};
}
number_args!(u8, u16, u32, u64, usize, i32, i64, f64);

thread_local! {
    /// The language of the command being answered on this thread ([`with_lang`]).
    static CURRENT: Cell<Lang> = const { Cell::new(Lang::En) };
}

/// Runs `f` with `lang` as the language of [`text`] (and [`tr!`](crate::tr)) on this
/// thread; the language before is restored afterwards, also when `f` panics.
pub fn with_lang<R>(lang: Lang, f: impl FnOnce() -> R) -> R {
    struct Restore(Lang);
    impl Drop for Restore {
        fn drop(&mut self) {
            CURRENT.with(|c| c.set(self.0));
        }
    }
    let _restore = Restore(CURRENT.with(|c| c.replace(lang)));
    f()
}

/// The language [`text`] writes in on this thread now (English outside [`with_lang`]).
pub fn current() -> Lang {
    CURRENT.with(Cell::get)
}

/// The message `id` in the current language ([`with_lang`]) with `args`: what
/// [`tr!`](crate::tr) expands to.
pub fn text(id: &str, args: &[(&str, Arg<'_>)]) -> String {
    message(current(), id, args)
}

/// The message `id` in `lang` with `args`. A message missing in `lang` is taken in
/// English; an id missing in English too reads as the id (and is logged): the tests
/// keep both from happening in a release.
pub fn message(lang: Lang, id: &str, args: &[(&str, Arg<'_>)]) -> String {
    let bundles = bundles();
    let found = [lang, Lang::En].into_iter().find_map(|l| {
        let bundle = &bundles[index(l)];
        Some((bundle, bundle.get_message(id)?.value()?))
    });
    let Some((bundle, pattern)) = found else {
        tracing::warn!(id, "message id missing");
        return id.to_string();
    };
    let mut fluent_args = FluentArgs::with_capacity(args.len());
    for (name, value) in args {
        fluent_args.set(*name, fluent_value(value));
    }
    let mut errors = Vec::new();
    let out = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
    if !errors.is_empty() {
        tracing::warn!(id, ?errors, "message formatted with errors");
    }
    out.into_owned()
}

/// Whether the message `id` exists in English (the language every id is made in).
pub fn has_message(id: &str) -> bool {
    bundles()[index(Lang::En)].has_message(id)
}

fn fluent_value<'a>(arg: &'a Arg<'_>) -> FluentValue<'a> {
    match arg {
        Arg::Text(s) => FluentValue::from(s.as_ref()),
        Arg::Number(n) => FluentValue::from(*n),
        Arg::Decimal(x, digits) => {
            // Rounded here: Fluent pads a number's decimals but never cuts them.
            let scale = 10f64.powi(i32::try_from(*digits).unwrap_or(6).min(6));
            let options = FluentNumberOptions {
                minimum_fraction_digits: Some(*digits),
                ..FluentNumberOptions::default()
            };
            FluentValue::Number(FluentNumber::new((x * scale).round() / scale, options))
        }
    }
}

fn index(lang: Lang) -> usize {
    Lang::ALL.iter().position(|l| *l == lang).unwrap_or(0)
}

/// The message files of one language, in the order they are added to its bundle.
macro_rules! ftl_files {
    ($lang:literal) => {
        [
            include_str!(concat!("../../locales/", $lang, "/main.ftl")),
            include_str!(concat!("../../locales/", $lang, "/play.ftl")),
            include_str!(concat!("../../locales/", $lang, "/events.ftl")),
            include_str!(concat!("../../locales/", $lang, "/commands.ftl")),
        ]
    };
}

/// The shipped message files of `lang`.
pub fn sources(lang: Lang) -> [&'static str; 4] {
    match lang {
        Lang::En => ftl_files!("en"),
        Lang::Fr => ftl_files!("fr"),
        Lang::Es => ftl_files!("es"),
        Lang::Ru => ftl_files!("ru"),
    }
}

type Bundle = FluentBundle<FluentResource>;

/// One bundle per language, in [`Lang::ALL`]'s order, built on first use.
fn bundles() -> &'static [Bundle] {
    static BUNDLES: OnceLock<Vec<Bundle>> = OnceLock::new();
    BUNDLES.get_or_init(|| Lang::ALL.into_iter().map(bundle).collect())
}

/// The bundle of `lang`: its files parsed; a file's syntax errors (which the tests rule
/// out) drop only the entries they spoil.
fn bundle(lang: Lang) -> Bundle {
    let id: unic_langid::LanguageIdentifier = lang.code().parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    bundle.set_use_isolating(false);
    if lang.decimal_sign() == ',' {
        bundle.set_formatter(Some(format::comma_numbers));
    }
    if lang == Lang::Fr {
        bundle.set_transform(Some(format::french_text));
    }
    for source in sources(lang) {
        let resource = FluentResource::try_new(source.to_string()).unwrap_or_else(|(r, e)| {
            tracing::error!(lang = lang.code(), errors = ?e, "message file has errors");
            r
        });
        if let Err(e) = bundle.add_resource(resource) {
            tracing::error!(lang = lang.code(), errors = ?e, "message defined twice");
        }
    }
    bundle
}
