//! Issue 14 item 2 for tournaments, ratings, channel settings and limits: their replies
//! in the channel's language (`!set language`), with Russian plurals.

use mancala_bot::core::api::Reply;
use mancala_bot::core::ratings::{table_key, PlayerRating, RatingTable};
use mancala_bot::core::Core;
use mancala_bot::model::ChannelKey;
use mancala_bot::store::Store;

use crate::core_chat::{bench, chan, ok, refused, say, say_as, user};

fn org(core: &Core, at: &ChannelKey, text: &str) -> Vec<Reply> {
    say_as(core, at, "org", text, true)
}

/// A Katro rating table: alice 1600 (RD 50, 3 games), bob 1500 (RD 50, 1 game).
fn seed_ratings(store: &dyn Store) {
    let now = 1_700_000_000_000;
    let mut table = RatingTable::default();
    for (name, rating, wdl) in [("alice", 1600.0, [2, 1, 0]), ("bob", 1500.0, [0, 0, 1])] {
        let mut p = PlayerRating::new(user(name));
        (p.rating, p.deviation, p.won_drawn_lost, p.last_ms) = (rating, 50.0, wdl, now);
        table.players.insert(user(name).id, p);
    }
    let bytes = serde_json::to_vec(&table).unwrap();
    assert!(store
        .write_doc(&table_key("guild-1", "katro"), None, Some(&bytes))
        .unwrap());
}

#[test]
fn rating_and_leaderboard_answer_in_spanish() {
    let b = bench();
    seed_ratings(&*b.store);
    let at = chan("es-lobby");
    ok(org(&b.core, &at, "!set language es"));
    let r = ok(say(&b.core, &at, "carol", "!rating @alice"));
    assert_eq!(
        r.text(),
        "alice: Katro 1600 ±50 (3 partidas: 2 ganadas, 1 en tablas, 0 perdidas); \
         Hoyito sin puntuación."
    );
    let r = ok(say(&b.core, &at, "carol", "!leaderboard"));
    assert_eq!(
        r.text(),
        "Mejores puntuaciones de Katro (? = provisional):\n1. alice 1600 ±50 (3 partidas)\n\
         2. bob 1500 ±50 (1 partida)\nHoyito: aún no hay partidas puntuadas."
    );
}

#[test]
fn tournament_replies_in_russian_with_plurals() {
    let b = bench();
    let at = chan("ru-hall");
    ok(org(&b.core, &at, "!set language ru"));
    let e = refused(say(
        &b.core,
        &at,
        "alice",
        "!tournament new spring katro roundrobin",
    ));
    assert_eq!(
        e,
        "создать турнир могут только организаторы (в Discord — право «Управлять сервером» \
         или роль организатора, в Matrix — модераторы комнаты)"
    );
    ok(org(&b.core, &at, "!tournament new spring katro roundrobin"));
    let r = ok(say(&b.core, &at, "alice", "!tournament join"));
    assert_eq!(r.text(), "alice участвует в spring (1 игрок).");
    let e = refused(org(&b.core, &at, "!tournament start"));
    assert_eq!(e, "для начала spring нужно не меньше 2 игроков (сейчас 1)");
    for who in ["bob", "carol"] {
        ok(say(&b.core, &at, who, "!tournament join"));
    }
    let e = refused(say(&b.core, &at, "bob", "!tournament pairings"));
    assert_eq!(
        e,
        "spring ещё не начался: пока записались 3 игрока; организатор начинает его \
         командой `!tournament start spring`"
    );
    for who in ["dave", "erin"] {
        ok(say(&b.core, &at, who, "!tournament join"));
    }
    let r = ok(say(&b.core, &at, "bob", "!tournament standings"));
    assert_eq!(
        r.text(),
        "spring не начался; записались: alice, bob, carol, dave, erin."
    );
    let r = ok(say(&b.core, &at, "bob", "!tournament"));
    assert!(
        r.text().starts_with("Турниры:\nspring: ")
            && r.text()
                .ends_with(", круговой, 5 игроков, регистрация открыта"),
        "{}",
        r.text()
    );
    // The start names the format's rounds (5 players: 5 rounds) and the first round's
    // boards; the games' rooms are announced in the home channel's language.
    let replies = org(&b.core, &at, "!tournament start");
    let start = replies[0].text();
    assert!(
        start.starts_with(
            "spring начинается: 5 игроков, круговой, 5 туров. Стартовые номера: 1. alice, "
        ),
        "{start}"
    );
    assert!(start.contains("\nspring, тур 1:\n"), "{start}");
    assert!(start.contains(" пропускает тур"), "{start}");
    let rooms: Vec<&Reply> = replies[1..].iter().collect();
    assert_eq!(rooms.len(), 2, "{replies:?}");
    for r in rooms {
        assert!(
            r.text().starts_with("Турнир spring, тур 1, доска "),
            "{}",
            r.text()
        );
    }
    let r = ok(org(&b.core, &at, "!tournament cancel"));
    assert_eq!(
        r.text(),
        "Турнир spring отменён; прерваны 2 текущие партии."
    );
}

#[test]
fn settings_and_limits_answer_in_french() {
    let b = bench();
    let at = chan("fr-salon");
    ok(org(&b.core, &at, "!set language fr"));
    let r = ok(org(&b.core, &at, "!set theme dark"));
    assert_eq!(
        r.text(),
        "Les images du plateau sont dessinées ici dans le thème sombre."
    );
    let r = ok(org(&b.core, &at, "!set view north"));
    assert_eq!(
        r.text(),
        "Les plateaux des parties entre deux personnes sont dessinés ici du côté de Nord \
         (parties contre l'IA\u{202f}: du côté de l'humain)."
    );
    let long = format!("!board {}", "x".repeat(600));
    let e = refused(say(&b.core, &at, "alice", &long));
    assert_eq!(
        e,
        "cette commande fait 607 caractères\u{202f}; une commande fait au plus 300 caractères"
    );
}

/// Issue 17: a tournament's game room speaks its home channel's language (the home's
/// `!set language` is copied to each room the core opens).
#[test]
fn tournament_game_rooms_speak_the_home_language() {
    let b = bench();
    let lobby = chan("salon");
    ok(org(&b.core, &lobby, "!set language fr"));
    ok(org(
        &b.core,
        &lobby,
        "!tournament new ko katro:4x4 knockout notime",
    ));
    for p in ["p1", "p2"] {
        ok(say(&b.core, &lobby, p, "!tournament join ko"));
    }
    org(&b.core, &lobby, "!tournament start ko");
    let room = chan("tourney-ko-r1-b1");
    let r = ok(say(&b.core, &room, "p2", "!moves"));
    assert!(
        r.text().starts_with("Coups légaux pour p1 (Sud)"),
        "{}",
        r.text()
    );
}
