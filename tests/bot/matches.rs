//! Hoyito I matches (RULES.md M1-M4, MATCH-CHOICES.md MX1-MX3) through the core: lengths (MX1), the repeated
//! start (MX2), `!resign game|match` (MX3), and that a match's end is always announced
//! with its score and why.

use mancala_bot::core::api::ChatCore;
use mancala_bot::core::Core;
use mancala_bot::model::ChannelKey;
use mancala_bot::store::Store;
use mancala_rules::Side;

use crate::core_chat::{bench, chan, ok, refused, say};

/// Who is to move in `at`: alice plays South, bob North.
fn mover(core: &Core, at: &ChannelKey) -> &'static str {
    match core.board(at).expect("a game in play").to_move() {
        Side::South => "alice",
        Side::North => "bob",
    }
}

/// Plays the first legal move, in turn, until a game of the match ends: the reply of
/// the move that ended it.
fn play_out_game(core: &Core, at: &ChannelKey) -> String {
    for _ in 0..2000 {
        let mv = core.legal_moves(at)[0].clone();
        let who = mover(core, at);
        let r = ok(say(core, at, who, &format!("!sow {mv}")));
        if r.text().contains("of the match is over") {
            return r.text().to_string();
        }
    }
    panic!("the game did not end");
}

/// The store's backup reads back: every record in it passes the backup's checks (a
/// match's earlier games replay to its stored state, resigned games included).
fn backup_reads_back(store: &dyn Store) {
    let mut out = Vec::new();
    mancala_bot::core::backup::export(store, &mut out).unwrap();
    if let Err(e) = mancala_bot::core::backup::read(&out[..]) {
        panic!("{e}");
    }
}

/// alice (South) challenges bob to `kind`; bob accepts.
fn start(core: &Core, at: &ChannelKey, kind: &str) {
    ok(say(
        core,
        at,
        "alice",
        &format!("!new {kind} @bob as south"),
    ));
    ok(say(core, at, "bob", "!accept"));
}

/// `first-to 2`: the match goes on at 1-1 and ends at the game that gives a player his
/// second win, saying so. Game 1 played out (alice 28-20, M1-M2 close a2), game 2
/// resigned by alice (M3: bob moves first in game 3), game 3 played out.
#[test]
fn mx1_match_first_to_2_ends_at_the_second_win() {
    let b = bench();
    let at = chan("first-to");
    let r = ok(say(
        &b.core,
        &at,
        "alice",
        "!new hoyito first-to 2 @bob as south",
    ));
    assert!(
        r.text()
            .contains("alice challenges @bob to Hoyito 2x6 match, first to 2 wins"),
        "{}",
        r.text()
    );
    ok(say(&b.core, &at, "bob", "!accept"));
    let t = play_out_game(&b.core, &at);
    assert!(
        t.contains("Game 1 of the match is over. alice (South) wins: all seeds captured"),
        "{t}"
    );
    assert!(
        t.contains("Game 2 starts (M1-M3): games won alice 1, bob 0; reserves alice 4, bob 0; closed holes: a2."),
        "{t}"
    );
    let r = ok(say(&b.core, &at, "alice", "!resign game"));
    assert_eq!(
        r.text().lines().take(3).collect::<Vec<_>>(),
        [
            "alice (South) resigns game 2 of the match.",
            "Game 2 of the match is over. bob (North) wins: resignation. Captured: South 24, North 20.",
            "Game 3 starts (M1-M3): games won alice 1, bob 1; reserves alice 4, bob 0; closed holes: a2.",
        ],
        "{}",
        r.text()
    );
    assert!(r.text().contains("@bob (North) to move"), "{}", r.text());
    backup_reads_back(&*b.store);
    let t = play_out_game(&b.core, &at);
    assert!(t.contains("Game 3 of the match is over."), "{t}");
    let last = t
        .lines()
        .find(|l| l.starts_with("Match over"))
        .unwrap_or_default();
    let winner = if t.contains("Games won: alice 2, bob 1.") {
        "alice (South)"
    } else {
        "bob (North)"
    };
    assert_eq!(
        last.split(". Games won").next().unwrap(),
        format!("Match over after 3 games: {winner} wins the match (first to 2 wins)")
    );
    assert!(b.store_is_empty(&at));
    backup_reads_back(&*b.store);
}

/// `games 3`: exactly three games, however they go (alice leads 2-0 after two, the
/// third is still played); `games 2` at 1-1 is a drawn match (equal wins draw, as equal
/// captures draw a game, H8).
#[test]
fn mx1_match_games_3_plays_three_games_and_a_tie_draws() {
    let b = bench();
    let at = chan("games");
    start(&b.core, &at, "hoyito games 3");
    let t = play_out_game(&b.core, &at);
    assert!(
        t.contains("Game 2 starts (M1-M3): games won alice 1, bob 0"),
        "{t}"
    );
    let t = play_out_game(&b.core, &at);
    assert!(
        t.contains("Game 2 of the match is over. alice (South) wins"),
        "{t}"
    );
    assert!(
        t.contains("Game 3 starts (M1-M3): games won alice 2, bob 0"),
        "{t}"
    );
    assert!(!t.contains("Match over"), "{t}");
    let r = ok(say(&b.core, &at, "bob", "!resign game"));
    assert!(
        r.text().contains(
            "Match over after 3 games: alice (South) wins the match (all 3 games played). \
             Games won: alice 3, bob 0."
        ),
        "{}",
        r.text()
    );
    assert!(b.store_is_empty(&at));

    let at = chan("tie");
    start(&b.core, &at, "hoyito games 2");
    play_out_game(&b.core, &at);
    let r = ok(say(&b.core, &at, "alice", "!resign game"));
    assert!(
        r.text().contains(
            "Match over after 2 games: the match is drawn (all 2 games played). Games won: \
             alice 1, bob 1."
        ),
        "{}",
        r.text()
    );
}

/// A bare `!resign` in a match asks which and changes nothing; `!resign match` ends the
/// match and says so; `!resign match` in a single game is refused, `!resign game` there
/// resigns it.
#[test]
fn mx3_resign_game_or_match() {
    let b = bench();
    let at = chan("resign");
    start(&b.core, &at, "hoyito match");
    ok(say(&b.core, &at, "alice", "!sow a1"));
    let before = b.store.load(&at).unwrap().unwrap().version;
    let e = refused(say(&b.core, &at, "bob", "!resign"));
    assert_eq!(
        e,
        "this is a match: `!resign game` gives up this game (the match goes on), \
         `!resign match` the whole match"
    );
    assert_eq!(b.store.load(&at).unwrap().unwrap().version, before);
    let e = refused(say(&b.core, &at, "bob", "!resign set"));
    assert_eq!(
        e,
        "`!resign` takes `game` or `match` (in a match), not `set`"
    );
    let r = ok(say(&b.core, &at, "bob", "!resign match"));
    assert!(
        r.text().contains(
            "Match over after 1 game: alice (South) wins the match by resignation. Games \
             won: alice 1, bob 0."
        ),
        "{}",
        r.text()
    );
    assert!(b.store_is_empty(&at));

    let at = chan("single");
    start(&b.core, &at, "hoyito");
    let e = refused(say(&b.core, &at, "bob", "!resign match"));
    assert_eq!(
        e,
        "this is a single game, not a match: `!resign` resigns it"
    );
    let r = ok(say(&b.core, &at, "bob", "!resign game"));
    assert!(r.text().starts_with("bob (North) resigns."), "{}", r.text());
}

/// The 24-16 loop: a match (M4 alone) whose next game would start as an earlier one
/// did (same closed holes, reserves, first mover) ends, decided by the seeds each
/// holds (as H10 decides a repeated game by H8). Game 1 played out (alice 28-20), game
/// 2 resigned by bob, who moved second: game 3 would start as game 2 did.
#[test]
fn mx2_match_repetition_ends_the_match_by_the_seeds_held() {
    let b = bench();
    let at = chan("loop");
    start(&b.core, &at, "hoyito match");
    play_out_game(&b.core, &at);
    let r = ok(say(&b.core, &at, "bob", "!resign game"));
    assert!(
        r.text().contains(
            "Match over after 2 games: alice (South) wins the match by repetition: game 3 \
             would have started exactly as an earlier game did (same closed holes, reserves \
             and first mover), so the match would go round for ever; decided by the seeds \
             each holds, as a repeated game is (H10, H8): alice 28, bob 20. Games won: \
             alice 2, bob 0."
        ),
        "{}",
        r.text()
    );
    assert!(b.store_is_empty(&at));
    backup_reads_back(&*b.store);
}

/// A match to a number of wins decided by a repetition is scored by the games won:
/// alice resigns game 1, bob game 2, and game 3 would start as game 1 did, at 1-1: a
/// drawn match.
#[test]
fn mx2_match_first_to_repetition_is_decided_by_the_games_won() {
    let b = bench();
    let at = chan("loop2");
    start(&b.core, &at, "hoyito first-to 3");
    ok(say(&b.core, &at, "alice", "!resign game"));
    let r = ok(say(&b.core, &at, "bob", "!resign game"));
    assert!(
        r.text().contains(
            "Match over after 2 games: the match is drawn by repetition: game 3 would have \
             started exactly as an earlier game did (same closed holes, reserves and first \
             mover), so the match would go round for ever; decided by the games won. Games \
             won: alice 1, bob 1."
        ),
        "{}",
        r.text()
    );
}

/// A match ended by a verdict (here a live clock's flag) says that the match ended
/// with the game, and its score.
#[test]
fn match_lost_on_time_says_the_match_ended() {
    let b = bench();
    let at = chan("match-time");
    start(&b.core, &at, "hoyito match 1m");
    b.clock.advance(std::time::Duration::from_secs(61));
    let r = ok(say(&b.core, &at, "alice", "!sow a1"));
    assert!(
        r.text().contains(
            "Game over. bob (North) wins on time. The match ends with game 1. Games won: \
             alice 0, bob 0."
        ),
        "{}",
        r.text()
    );
}

/// Match lengths that are not numbers from 1 to 20, or not after a Hoyito game.
#[test]
fn mx1_match_length_parse_errors() {
    let b = bench();
    let at = chan("len");
    for (typed, want) in [
        (
            "hoyito first-to 0",
            "`first-to` needs a number of games from 1 to 20, not `0` (e.g. `first-to 3` \
             or `games 5`)",
        ),
        (
            "hoyito games 21",
            "`games` needs a number of games from 1 to 20, not `21`",
        ),
        (
            "hoyito games",
            "`games` needs a number of games from 1 to 20 (e.g. `first-to 3` or `games 5`); \
             usage: `!new GAME",
        ),
        ("katro first-to 2", "match play (M1-M4) is for Hoyito"),
        ("hoyito first-to 2 games 3", "one match length, please"),
    ] {
        let e = refused(say(&b.core, &at, "alice", &format!("!new {typed}")));
        assert!(e.starts_with(want), "{typed}: {e}");
    }
    let r = ok(say(&b.core, &at, "alice", "!new hoyito:2x8 games 5"));
    assert!(
        r.text().contains("Hoyito 2x8 match of 5 games"),
        "{}",
        r.text()
    );
}

/// MX3 and M3 against the AI: the human resigns a game, the AI won it and opens the
/// next (M3), and does so at once.
#[test]
fn mx3_m3_resigned_game_against_the_ai_lets_it_open_the_next() {
    let b = bench();
    let at = chan("ai-match");
    ok(say(
        &b.core,
        &at,
        "alice",
        "!new hoyito match ai level 1 as south",
    ));
    let out = say(&b.core, &at, "alice", "!resign game");
    let text: Vec<String> = out.iter().map(|r| r.text()).collect();
    assert!(
        text[0].contains("alice (South) resigns game 1 of the match."),
        "{text:?}"
    );
    assert!(
        text.iter().any(|t| t.contains("(North) sowed")),
        "the AI opens game 2: {text:?}"
    );
    assert_eq!(
        b.core.board(&at).unwrap().to_move(),
        Side::South,
        "{text:?}"
    );
}
