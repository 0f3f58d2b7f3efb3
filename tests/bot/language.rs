//! Issue 14 item 2: replies in the players' languages. `!set language` per channel (by
//! organizers), else the platform's locale of the message, else English.

use mancala_bot::core::api::{ChatCore, Incoming};
use mancala_bot::model::User;

use crate::core_chat::{bench, chan, ok, refused, say, say_as};

/// `text` from Olga, an organizer, with the platform's `locale`.
fn say_in(b: &crate::core_chat::Bench, name: &str, text: &str, locale: &str) -> String {
    let replies = b.core.handle(&Incoming {
        at: chan(name),
        author: User {
            id: "olga".into(),
            name: "olga".into(),
        },
        text: text.into(),
        is_organizer: true,
        locale: Some(locale.into()),
        ..Incoming::default()
    });
    replies
        .iter()
        .map(|r| r.text())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn set_language_answers_in_the_chosen_language_and_auto_follows_the_platform() {
    let b = bench();
    let at = chan("lang");
    let r = ok(say_as(&b.core, &at, "olga", "!set language fr", true));
    assert_eq!(r.text(), "Désormais, les réponses ici sont en français.");
    let r = ok(say_as(&b.core, &at, "olga", "!set language ru", true));
    assert_eq!(r.text(), "Теперь ответы здесь на русском языке.");
    // The channel's choice wins over the platform's locale of the message.
    let r = ok(say_as(&b.core, &at, "olga", "!set language es", true));
    assert_eq!(r.text(), "Desde ahora las respuestas aquí son en español.");
    // `auto` answers in the language the message would get without a choice.
    let text = say_in(&b, "lang", "!set language ru", "en-US");
    assert_eq!(text, "Теперь ответы здесь на русском языке.");
    let r = ok(say_as(&b.core, &at, "olga", "!set language auto", true));
    assert!(r.text().starts_with("Replies here follow"), "{}", r.text());
}

#[test]
fn set_language_is_for_organizers_and_names_the_languages() {
    let b = bench();
    let at = chan("lang-refused");
    let e = refused(say_as(&b.core, &at, "olga", "!set language pt", true));
    assert_eq!(e, "`pt` is not a language here: en, fr, es, ru or auto");
    let e = refused(say(&b.core, &at, "alice", "!set language fr"));
    assert!(e.contains("organizers"), "{e}");
    // Nothing changed: still English.
    let e = refused(say_as(&b.core, &at, "olga", "!set language xx", true));
    assert!(e.starts_with("`xx` is not a language"), "{e}");
}

#[test]
fn without_a_choice_the_platforms_locale_picks_the_language() {
    let b = bench();
    let text = say_in(&b, "lang-locale", "!set language pt", "fr-FR");
    assert_eq!(
        text,
        "`pt` n'est pas une langue disponible ici\u{202f}: en, fr, es, ru ou auto"
    );
    let text = say_in(&b, "lang-locale", "!set language pt", "pt-BR");
    assert_eq!(text, "`pt` is not a language here: en, fr, es, ru or auto");
}
