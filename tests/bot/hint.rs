//! Issue 15 item 2: `!hint`, the AI's best move for the player to move and why, in games
//! against the AI and in unrated games where the channel allows it; never in rated or
//! tournament games. A hint changes nothing.

use mancala_bot::core::api::ChatCore;
use mancala_bot::core::Settings;
use mancala_bot::store::keys::DocKey;
use mancala_bot::store::{Play, Store, TourneyLink, Write};
use mancala_rules::Game;

use crate::core_chat::{bench_with, chan, ok, refused, say, say_as, Bench};

/// A core whose AI searches a fixed number of positions (reproducible, fast).
fn quick() -> Bench {
    bench_with(Settings {
        ai_ms_per_move: 0,
        ai_max_nodes: Some(20_000),
        ..Settings::default()
    })
}

/// The move of a hint line (`... \`!sow c1+\` ...`), checked legal in `game`.
fn hinted(text: &str, game: &Game) -> String {
    let mv = text
        .split('`')
        .nth(1)
        .and_then(|c| c.strip_prefix("!sow "))
        .unwrap_or_else(|| panic!("no move in {text}"));
    assert!(
        game.legal_moves().iter().any(|m| m.to_string() == mv),
        "{mv} is not legal: {text}"
    );
    mv.to_string()
}

fn game_of(b: &Bench, at: &mancala_bot::model::ChannelKey) -> Game {
    match b.store.load(at).unwrap().unwrap().record.play().unwrap() {
        Play::Game(g) => g.clone(),
        Play::Match(m) => m.game().clone(),
    }
}

#[test]
fn hint_in_a_game_against_the_ai_names_a_legal_move_and_changes_nothing() {
    let b = quick();
    let at = chan("hint-ai");
    ok(say(&b.core, &at, "alice", "!new katro ai level 1 as south"));
    let before = b.store.load(&at).unwrap().unwrap().version;
    let r = ok(say(&b.core, &at, "alice", "!hint"));
    let text = r.text().to_string();
    assert!(text.starts_with("Hint for alice (South): `!sow "), "{text}");
    assert!(text.contains("lap") && text.contains("the AI"), "{text}");
    let mv = hinted(&text, &game_of(&b, &at));
    assert_eq!(
        b.store.load(&at).unwrap().unwrap().version,
        before,
        "nothing changed"
    );
    // The hinted move can be played (the AI answers in a second reply).
    let played = say(&b.core, &at, "alice", &format!("!sow {mv}"));
    let first = played[0].text().to_string();
    assert!(
        !played[0].is_error && first.contains(&format!("sowed {mv}")),
        "{first}"
    );
}

#[test]
fn hint_refused_in_rated_games_and_off_by_default_in_unrated_ones() {
    let b = quick();
    let rated = chan("hint-rated");
    ok(say(&b.core, &rated, "alice", "!new katro @bob as south"));
    ok(say(&b.core, &rated, "bob", "!accept"));
    let e = refused(say(&b.core, &rated, "alice", "!hint"));
    assert!(e.starts_with("no hints in rated games"), "{e}");
    // Even where hints are on.
    ok(say_as(&b.core, &rated, "olga", "!set hints on", true));
    let e = refused(say(&b.core, &rated, "alice", "!hint"));
    assert!(e.starts_with("no hints in rated games"), "{e}");

    let casual = chan("hint-casual");
    let r = ok(say(
        &b.core,
        &casual,
        "alice",
        "!new katro:4x4 @bob as south unrated",
    ));
    assert!(r.text().contains("unrated"), "{}", r.text());
    ok(say(&b.core, &casual, "bob", "!accept"));
    assert!(!b.store.load(&casual).unwrap().unwrap().record.rated);
    let e = refused(say(&b.core, &casual, "alice", "!hint"));
    assert!(e.starts_with("hints are off in this channel"), "{e}");
    let e = refused(say(&b.core, &casual, "alice", "!set hints on"));
    assert!(e.starts_with("only organizers"), "{e}");
    ok(say_as(&b.core, &casual, "olga", "!set hints on", true));
    let r = ok(say(&b.core, &casual, "alice", "!hint"));
    hinted(&r.text(), &game_of(&b, &casual));
    let e = refused(say(&b.core, &casual, "bob", "!hint"));
    assert!(e.starts_with("it is not your turn"), "{e}");
    let e = refused(say(&b.core, &casual, "carol", "!hint"));
    assert!(e.starts_with("hints are for the players"), "{e}");
    ok(say_as(&b.core, &casual, "olga", "!set hints off", true));
    let e = refused(say(&b.core, &casual, "alice", "!hint"));
    assert!(e.starts_with("hints are off in this channel"), "{e}");
    let e = refused(say(&b.core, &chan("empty"), "alice", "!hint"));
    assert!(e.starts_with("no game in play here"), "{e}");
    let e = refused(say(&b.core, &casual, "alice", "!new katro ai rated"));
    assert!(e.contains("games against the AI are unrated"), "{e}");
}

#[test]
fn hint_refused_in_tournament_games_even_when_unrated_and_on() {
    let b = quick();
    let at = chan("hint-tour");
    ok(say(
        &b.core,
        &at,
        "alice",
        "!new katro @bob as south unrated",
    ));
    ok(say(&b.core, &at, "bob", "!accept"));
    ok(say_as(&b.core, &at, "olga", "!set hints on", true));
    let st = b.store.load(&at).unwrap().unwrap();
    let mut r = st.record.clone();
    r.tournament = Some(TourneyLink {
        key: DocKey::tour("guild-1", "cup"),
        round: 1,
        board: 1,
    });
    assert!(b
        .store
        .write(&at, Some(&st.version), Write::Put(&r))
        .unwrap());
    let e = refused(say(&b.core, &at, "alice", "!hint"));
    assert_eq!(e, "no hints in tournament games");
}

#[test]
fn hint_says_what_the_move_captures_in_hoyito() {
    let b = quick();
    let at = chan("hint-hoyito");
    ok(say(
        &b.core,
        &at,
        "alice",
        "!new hoyito ai level 1 as south",
    ));
    let r = ok(say(&b.core, &at, "alice", "!hint"));
    let text = r.text();
    let game = game_of(&b, &at);
    let mv = hinted(&text, &game);
    let pos = game.position();
    let legal = pos.legal_moves();
    let m = legal.iter().find(|m| m.to_string() == mv).unwrap();
    let trace = pos.play_traced(*m).unwrap();
    let me = pos.to_move();
    // The seeds the move puts in South's store (H5, H6a) are named, or none are.
    let gained = trace.after.store(me) - trace.before.store(me);
    if gained > 0 {
        assert!(text.contains(&format!("{gained} seeds for you")), "{text}");
        assert!(text.contains("captured"), "{text}");
    } else {
        assert!(!text.contains("for you"), "{text}");
    }
}

/// Issue 32: a hint is the same for the same position and budget: asked again after the
/// pool searched other games, and the same as a fresh level-5 search of that budget.
#[test]
fn hint_is_the_same_move_for_the_same_position_and_budget() {
    let b = quick();
    let at = chan("hint-again");
    ok(say(
        &b.core,
        &at,
        "alice",
        "!new hoyito ai level 1 as south",
    ));
    let first = ok(say(&b.core, &at, "alice", "!hint")).text().to_string();
    // Other searches on the pool in between: another game's hints, its AI's moves.
    let other = chan("hint-other");
    ok(say(
        &b.core,
        &other,
        "bob",
        "!new katro:4x6 ai level 5 as south",
    ));
    for _ in 0..2 {
        ok(say(&b.core, &other, "bob", "!hint"));
        let mv = b.core.legal_moves(&other)[0].clone();
        say(&b.core, &other, "bob", &format!("!sow {mv}"));
    }
    let again = ok(say(&b.core, &at, "alice", "!hint")).text().to_string();
    assert_eq!(again, first);
    let game = game_of(&b, &at);
    let mut fresh = mancala_ai::Ai::new(mancala_ai::SearchConfig {
        level: 5,
        ms_per_move: 0,
        tt_mb: Settings::default().ai_tt_mb,
        seed: 0,
        max_nodes: Some(20_000),
        opening_plies: 0,
    })
    .unwrap();
    let want = fresh.choose_in_game(&game).unwrap().mv.to_string();
    assert_eq!(hinted(&first, &game), want, "{first}");
}
