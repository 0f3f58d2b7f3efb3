//! Issue 14 item 2 for the games: moves, results, refusals and the pictures' texts in
//! the channel's language (`!set language`).

use crate::core_chat::{bench, chan, ok, refused, say, say_as, start};

/// A Katro game in French: the move summary, the player to move, the board, the
/// legal moves and a refusal of a move from the opponent's side.
#[test]
fn a_katro_game_in_french() {
    let b = bench();
    let at = chan("fr-katro");
    ok(say_as(&b.core, &at, "olga", "!set language fr", true));
    start(&b.core, &at, "katro notime");
    let r = ok(say(&b.core, &at, "alice", "!sow c1+"));
    assert_eq!(
        r.text(),
        "alice (Sud) a semé c1+\u{202f}: 7 tours, a pris 2 en b4.\n@bob (Nord) a le trait\u{202f}: \
         `!sow TROU+` ou `!sow TROU-`."
    );
    let board = ok(say(&b.core, &at, "carol", "!board"));
    assert!(
        board.text().starts_with(
            "Katro 6x6\u{202f}: alice (Sud) contre bob (Nord), coup 2. Position\u{202f}: `katro/"
        ),
        "{}",
        board.text()
    );
    assert!(
        board
            .text()
            .ends_with("bob (Nord) a le trait. Prises\u{202f}: Sud 2, Nord 0."),
        "{}",
        board.text()
    );
    let moves = ok(say(&b.core, &at, "carol", "!moves"));
    assert!(
        moves
            .text()
            .starts_with("Coups légaux pour bob (Nord)\u{202f}: "),
        "{}",
        moves.text()
    );
    let e = refused(say(&b.core, &at, "bob", "!sow c1+"));
    assert!(
        e.starts_with(
            "`c1+` n'est pas un coup légal\u{202f}: c1 n'est pas dans le camp Nord\u{202f}; Nord ne sème \
             que depuis ses propres trous\u{202f}; coups légaux\u{202f}: "
        ),
        "{e}"
    );
    let e = refused(say(&b.core, &at, "alice", "!sow d6"));
    assert_eq!(
        e,
        "c'est à bob de jouer (Nord), pas à vous\u{202f}; attendez son coup"
    );
    let r = ok(say(&b.core, &at, "bob", "!resign"));
    let id =
        crate::archive::announced_id(&r.text().replace("Identifiant de la partie : ", "Game id: "));
    assert_eq!(
        r.text(),
        format!(
            "bob (Nord) abandonne.\nPartie terminée. alice (Sud) gagne\u{202f}: abandon. \
             Prises\u{202f}: Sud 2, Nord 0.\nPartie non classée\u{202f}: elle s'est terminée avant \
             que les deux camps aient joué.\nIdentifiant de la partie\u{202f}: `{id}` (`!analyze ID` \
             l'analyse, `!history` liste les parties de ce salon)."
        )
    );
}

/// Russian: the challenge with its buttons, plural forms of laps, a Hoyito move.
#[test]
fn a_hoyito_game_in_russian_with_plural_forms() {
    let b = bench();
    let at = chan("ru-hoyito");
    ok(say_as(&b.core, &at, "olga", "!set language ru", true));
    let r = ok(say(&b.core, &at, "alice", "!new hoyito @bob as south"));
    assert_eq!(
        r.text(),
        "alice вызывает @bob на партию Ойито 2x6 (alice играет за Юг, 72 ч на ход). @bob: \
         `!accept` или `!decline` (истекает через 24 ч)."
    );
    let labels: Vec<&str> = r.buttons.iter().map(|b| b.label.as_str()).collect();
    assert_eq!(labels, ["Принять", "Отклонить"]);
    ok(say(&b.core, &at, "bob", "!accept"));
    let r = ok(say(&b.core, &at, "alice", "!sow a1"));
    assert_eq!(
        r.text().lines().next().unwrap(),
        "alice (Юг), ход a1: 5 кругов."
    );
    assert!(
        r.text().contains("@bob (Север): `!sow ЛУНКА`"),
        "{}",
        r.text()
    );
    let e = refused(say(&b.core, &at, "carol", "!resign"));
    assert_eq!(
        e,
        "вы не играете в этой партии (alice (Юг) против bob (Север)); сдаться может только игрок"
    );
}

/// Spanish: a refusal without a game, and the English of another channel unchanged.
#[test]
fn spanish_in_one_channel_english_in_another() {
    let b = bench();
    let es = chan("es");
    ok(say_as(&b.core, &es, "olga", "!set language es", true));
    let e = refused(say(&b.core, &es, "alice", "!board"));
    assert_eq!(
        e,
        "aquí no hay ninguna partida en juego; crea una con `!new JUEGO [@rival]`"
    );
    let en = chan("en");
    let e = refused(say(&b.core, &en, "alice", "!board"));
    assert_eq!(
        e,
        "there is no game in play here; start one with `!new GAME [@opponent]`"
    );
    assert!(b.core.board(&en).is_none());
}

/// N1-N3, K1, H1: a malformed move or game name is refused wholly in the channel's
/// language, the fault included (not only the frame around the rules' English).
#[test]
fn malformed_moves_and_games_are_refused_in_the_channel_language() {
    let b = bench();
    let at = chan("fr-bad-move");
    ok(say_as(&b.core, &at, "olga", "!set language fr", true));
    start(&b.core, &at, "katro notime");
    let e = refused(say(&b.core, &at, "alice", "!sow zz"));
    assert!(
        e.starts_with(
            "coup invalide `zz`\u{202f}: `zz` n'est pas un trou\u{202f}; attendu\u{202f}: un trou"
        ),
        "{e}"
    );
    // The legal moves follow after French spacing too (it was `+); coups`).
    assert!(
        e.contains("(`c1` seul veut dire +)\u{202f}; coups légaux\u{202f}: a1+"),
        "{e}"
    );
    let e = refused(say(&b.core, &at, "alice", "!sow g1+"));
    assert!(
        e.starts_with(
            "coup invalide `g1+`\u{202f}: g1 est hors du plateau katro (colonnes a-f, rangées 1-6)"
        ),
        "{e}"
    );

    let at = chan("ru-bad-move");
    ok(say_as(&b.core, &at, "olga", "!set language ru", true));
    start(&b.core, &at, "hoyito notime");
    let e = refused(say(&b.core, &at, "alice", "!sow a1+"));
    assert!(
        e.starts_with("неверный ход `a1+`: у хода в Ойито нет направления; нужна лунка"),
        "{e}"
    );

    let at = chan("es-bad-game");
    ok(say_as(&b.core, &at, "olga", "!set language es", true));
    let e = refused(say(&b.core, &at, "alice", "!new katro:5x5 @bob"));
    assert!(
        e.contains("los tableros de Katro son 6x6, 4x6 y 4x4 (K1), no 5x5"),
        "{e}"
    );
    let e = refused(say(&b.core, &at, "alice", "!new ajedrez:2x6 @bob"));
    assert!(e.contains("juego desconocido"), "{e}");
}

/// The punctuation and capitals of each language: French puts a narrow no-break space
/// before `;` and `:`, Spanish starts the sentence of the player to move with a capital.
#[test]
fn ratings_and_the_player_to_move_follow_the_language_typography() {
    let b = bench();
    let at = chan("fr-rating");
    ok(say_as(&b.core, &at, "olga", "!set language fr", true));
    let r = ok(say(&b.core, &at, "alice", "!rating"));
    assert_eq!(
        r.text(),
        "alice\u{202f}: Katro sans cote\u{202f}; Hoyito sans cote."
    );

    let at = chan("es-to-move");
    ok(say_as(&b.core, &at, "olga", "!set language es", true));
    start(&b.core, &at, "katro notime");
    let board = ok(say(&b.core, &at, "carol", "!board"));
    assert!(
        board.text().contains(". Le toca a alice (Sur)."),
        "{}",
        board.text()
    );
    let r = ok(say(&b.core, &at, "alice", "!sow c1+"));
    assert!(
        r.text().contains("\nLe toca a @bob (Norte): "),
        "{}",
        r.text()
    );
}

/// The AI is named in the channel's language in a game against it: its level and the
/// level's name, in the game start and in the summaries of its moves.
#[test]
fn the_ai_is_named_in_the_channels_language() {
    let b = bench();
    let at = chan("ru-ai");
    ok(say_as(&b.core, &at, "olga", "!set language ru", true));
    let r = ok(say(
        &b.core,
        &at,
        "alice",
        "!new hoyito ai level 1 as south",
    ));
    assert!(
        r.text()
            .contains("mancala-bot (уровень 1, новичок) (Север)"),
        "{}",
        r.text()
    );
    assert!(!r.text().contains("level 1, beginner"), "{}", r.text());
}
