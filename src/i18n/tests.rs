//! The message files are complete and consistent: every shipped language has every
//! English message and no other, uses only the variables English gives it, parses
//! without errors; every id the code asks for exists.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use fluent_syntax::ast::{self, Entry, Expression, InlineExpression, PatternElement};

use super::{message, sources, with_lang, Lang};

/// Message id -> the variables its value and attributes use.
type Vars = BTreeMap<String, BTreeSet<String>>;

fn pattern_vars(p: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
    for el in &p.elements {
        if let PatternElement::Placeable { expression } = el {
            expression_vars(expression, out);
        }
    }
}

fn expression_vars(e: &Expression<&str>, out: &mut BTreeSet<String>) {
    match e {
        Expression::Inline(i) => inline_vars(i, out),
        Expression::Select { selector, variants } => {
            inline_vars(selector, out);
            for v in variants {
                pattern_vars(&v.value, out);
            }
        }
    }
}

fn inline_vars(i: &InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match i {
        InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_string());
        }
        InlineExpression::Placeable { expression } => expression_vars(expression, out),
        InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_vars(a, out);
            }
        }
        _ => {}
    }
}

/// The messages of `lang` with their variables; panics on a syntax error (naming it).
fn messages(lang: Lang) -> Vars {
    let mut out = Vars::new();
    for (i, source) in sources(lang).into_iter().enumerate() {
        let res = fluent_syntax::parser::parse(source)
            .unwrap_or_else(|(_, e)| panic!("{} file {i}: syntax errors {e:?}", lang.code()));
        for entry in res.body {
            let Entry::Message(m) = entry else { continue };
            let mut vars = BTreeSet::new();
            if let Some(v) = &m.value {
                pattern_vars(v, &mut vars);
            }
            for a in &m.attributes {
                pattern_vars(&a.value, &mut vars);
            }
            let fresh = out.insert(m.id.name.to_string(), vars).is_none();
            assert!(fresh, "{}: {} defined twice", lang.code(), m.id.name);
        }
    }
    out
}

#[test]
fn every_language_has_exactly_the_english_messages() {
    let en = messages(Lang::En);
    assert!(en.len() > 300, "English has {} messages", en.len());
    for lang in &Lang::ALL[1..] {
        let other = messages(*lang);
        let missing: Vec<_> = en.keys().filter(|k| !other.contains_key(*k)).collect();
        let extra: Vec<_> = other.keys().filter(|k| !en.contains_key(*k)).collect();
        assert!(missing.is_empty(), "{} lacks {missing:?}", lang.code());
        assert!(extra.is_empty(), "{} has unknown {extra:?}", lang.code());
    }
}

#[test]
fn translations_use_only_the_variables_english_gives() {
    let en = messages(Lang::En);
    for lang in &Lang::ALL[1..] {
        for (id, vars) in messages(*lang) {
            let given = &en[&id];
            let unknown: Vec<_> = vars.difference(given).collect();
            assert!(unknown.is_empty(), "{}: {id} uses {unknown:?}", lang.code());
        }
    }
}

/// Every `tr!("id"` in the crate's sources, with the file it is in.
fn ids_in_sources(dir: &Path, out: &mut Vec<(String, String)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let path = e.path();
        if path.is_dir() {
            ids_in_sources(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            // Code lines only (not the macro's own documentation), and `tr!(` as a
            // word (not `include_str!(`); the id may be on the next line.
            let code: String = text
                .lines()
                .filter(|l| !l.trim_start().starts_with("//"))
                .collect::<Vec<_>>()
                .join("\n");
            for (i, _) in code.match_indices("tr!(") {
                let before = code[..i].chars().next_back().unwrap_or(' ');
                if before.is_alphanumeric() || before == '_' {
                    continue;
                }
                let Some(rest) = code[i + 4..].trim_start().strip_prefix('"') else {
                    continue;
                };
                let id: String = rest.chars().take_while(|c| *c != '"').collect();
                let is_id = !id.is_empty()
                    && id
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
                if is_id {
                    out.push((id, path.display().to_string()));
                }
            }
        }
    }
}

#[test]
fn every_id_the_code_uses_is_in_english() {
    let en = messages(Lang::En);
    let mut used = Vec::new();
    ids_in_sources(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut used,
    );
    assert!(used.len() > 300, "found only {} tr! calls", used.len());
    let missing: Vec<_> = used
        .iter()
        .filter(|(id, _)| !id.contains('{') && !en.contains_key(id))
        .collect();
    assert!(missing.is_empty(), "ids not in locales/en: {missing:?}");
}

#[test]
fn a_missing_language_falls_back_and_an_unknown_id_reads_as_itself() {
    assert_eq!(message(Lang::Ru, "no-such-message", &[]), "no-such-message");
    assert_eq!(
        with_lang(Lang::Fr, super::current),
        Lang::Fr,
        "inside with_lang"
    );
    assert_eq!(super::current(), Lang::En, "restored after with_lang");
}

#[test]
fn plural_forms_follow_each_language() {
    let seeds = |lang, n: u32| message(lang, "count-seeds", &[("count", n.into())]);
    assert_eq!(seeds(Lang::En, 1), "1 seed");
    assert_eq!(seeds(Lang::En, 5), "5 seeds");
    assert_eq!(seeds(Lang::Fr, 0), "0 graine");
    assert_eq!(seeds(Lang::Fr, 2), "2 graines");
    assert_eq!(seeds(Lang::Ru, 1), "1 камень");
    assert_eq!(seeds(Lang::Ru, 3), "3 камня");
    assert_eq!(seeds(Lang::Ru, 5), "5 камней");
    assert_eq!(seeds(Lang::Ru, 21), "21 камень");
}

#[test]
fn locales_pick_their_language() {
    assert_eq!(Lang::from_locale("fr-CA"), Some(Lang::Fr));
    assert_eq!(Lang::from_locale("es-419"), Some(Lang::Es));
    assert_eq!(Lang::from_locale("RU"), Some(Lang::Ru));
    assert_eq!(Lang::from_locale("pt-BR"), None);
    assert_eq!(Lang::choose(None, Some("es-ES")), Lang::Es);
    assert_eq!(Lang::choose(Some(Lang::Ru), Some("es-ES")), Lang::Ru);
    assert_eq!(Lang::choose(None, Some("ko")), Lang::En);
}

/// Decimals follow the language: a point in English, a comma in French, Spanish and
/// Russian.
#[test]
fn decimals_are_written_as_each_language_writes_them() {
    let written: Vec<String> = Lang::ALL
        .into_iter()
        .map(|l| super::with_lang(l, || super::decimal(24.0, 1)))
        .collect();
    assert_eq!(written, ["24.0", "24,0", "24,0", "24,0"]);
    assert_eq!(super::decimal(-1.25, 2), "-1.25");
}

/// A UTC date and time as each language writes it (CLDR's medium date, a 24-hour time).
#[test]
fn dates_are_written_as_each_language_writes_them() {
    let t: jiff::Timestamp = "2026-12-05T23:55:00Z".parse().unwrap();
    let written: Vec<String> = Lang::ALL
        .into_iter()
        .map(|l| with_lang(l, || super::date_time(t)))
        .collect();
    assert_eq!(
        written,
        [
            "2026-12-05 23:55 UTC",
            "5 déc. 2026 à 23:55 UTC",
            "5 dic 2026, 23:55 UTC",
            "5 дек. 2026 г., 23:55 UTC",
        ]
    );
    let may: jiff::Timestamp = "2024-05-01T08:05:00Z".parse().unwrap();
    assert_eq!(
        with_lang(Lang::Ru, || super::date_time(may)),
        "1 мая 2024 г., 08:05 UTC"
    );
}

/// Numbers in messages take the language's decimal sign and still pick plural forms:
/// Fluent's own numbers (points) and measures with fixed decimals (seeds).
#[test]
fn decimals_in_messages_follow_the_language_and_pick_plurals() {
    let points = |lang, p: f64| {
        message(
            lang,
            "tournament-standing",
            &[
                ("rank", "1.".into()),
                ("player", "ann".into()),
                ("points", p.into()),
                ("won", 2.into()),
                ("drawn", 1.into()),
                ("lost", 0.into()),
                ("buchholz", 0.5.into()),
                ("sb", 1.into()),
            ],
        )
    };
    assert_eq!(
        points(Lang::En, 2.5),
        "1. ann 2.5 pts (2-1-0), Buchholz 0.5, SB 1"
    );
    assert_eq!(
        points(Lang::Fr, 2.5),
        "1. ann 2,5 pts (2-1-0), Buchholz 0,5, SB 1"
    );
    assert_eq!(
        points(Lang::Ru, 2.5),
        "1. ann 2,5 очка (2-1-0), Бухгольц 0,5, З-Б 1"
    );
    assert_eq!(
        points(Lang::Ru, 5.0),
        "1. ann 5 очков (2-1-0), Бухгольц 0,5, З-Б 1"
    );
    let seeds = |lang, x: f64| {
        message(
            lang,
            "hint-balance-for",
            &[("depth", "4".into()), ("seeds", super::decimal_arg(x, 1))],
        )
    };
    assert!(seeds(Lang::En, 1.5).ends_with("rates the game 1.5 seeds in your favour."));
    assert!(seeds(Lang::Es, 2.0).contains(" 2,0 semillas a tu favor."));
    assert!(seeds(Lang::Fr, 1.54).contains(" 1,5 graine en votre faveur."));
    assert!(seeds(Lang::Ru, 1.5).contains(" в 1,5 камня в вашу пользу."));
    let percent: Vec<String> = Lang::ALL
        .into_iter()
        .map(|l| with_lang(l, || super::percent(87.4)))
        .collect();
    assert_eq!(percent, ["87%", "87\u{202f}%", "87\u{a0}%", "87\u{a0}%"]);
}

/// Russian counts take one, few and many: 1, 2, 5, 21 players.
#[test]
fn russian_counts_take_one_few_and_many() {
    let players = |n: u32| message(Lang::Ru, "tournament-players", &[("count", n.into())]);
    assert_eq!(players(1), "1 игрок");
    assert_eq!(players(2), "2 игрока");
    assert_eq!(players(5), "5 игроков");
    assert_eq!(players(21), "21 игрок");
    let full = |n: u32| {
        message(
            Lang::Ru,
            "tournament-full",
            &[("name", "cup".into()), ("count", n.into())],
        )
    };
    assert_eq!(full(21), "в cup нет мест (21 игрок)");
    assert_eq!(full(22), "в cup нет мест (22 игрока)");
    assert_eq!(full(25), "в cup нет мест (25 игроков)");
}

/// French sets a narrow no-break space before `:` `;` `!` `?`, in messages and in text
/// joined in code; the players' own words (variables) are left as typed; other
/// languages keep their plain colon.
#[test]
fn french_spacing_before_colons_and_semicolons() {
    let captured = [("south", 2.into()), ("north", 0.into())];
    assert_eq!(
        message(Lang::Fr, "result-captured", &captured),
        "Prises\u{202f}: Sud 2, Nord 0."
    );
    assert_eq!(
        message(Lang::Es, "result-captured", &captured),
        "Capturadas: Sur 2, Norte 0."
    );
    assert_eq!(
        message(Lang::Fr, "game-withdraws", &[("player", "zoé ?".into())]),
        "zoé ? retire son défi."
    );
    let joined = with_lang(Lang::Fr, || super::join_semicolons(&["a", "b"]));
    assert_eq!(joined, "a\u{202f}; b");
    assert_eq!(super::join_semicolons(&["a", "b"]), "a; b");
    assert_eq!(
        super::spacing(Lang::Fr, "Note : oui ; non ! vraiment ?"),
        "Note\u{202f}: oui\u{202f}; non\u{202f}! vraiment\u{202f}?"
    );
    assert_eq!(super::spacing(Lang::Fr, "23:55, c1+"), "23:55, c1+");
    let colon = message(
        Lang::Fr,
        "text-colon",
        &[("head", "Sud".into()), ("tail", "ann".into())],
    );
    assert_eq!(colon, "Sud\u{202f}: ann");
}
