//! Issue 15 item 6: Katro's lone-seed steps (RULES K11) as a house rule chosen when a
//! game is created (`!new katro lone`), stored with the game, honoured by the moves,
//! the AI, the records and a rematch.

use mancala_bot::core::api::ChatCore;
use mancala_bot::store::{Play, Record, Store, Write};
use mancala_rules::{Game, Position, Side};

use crate::core_chat::{bench, chan, ok, refused, say, user};

#[test]
fn k11_new_katro_lone_is_stored_with_the_game_and_kept_by_a_rematch() {
    let b = bench();
    let at = chan("lone");
    let r = ok(say(
        &b.core,
        &at,
        "alice",
        "!new katro:4x4 lone @bob as south",
    ));
    assert!(
        r.text().contains("Katro 4x4 with lone-seed steps"),
        "{}",
        r.text()
    );
    ok(say(&b.core, &at, "bob", "!accept"));
    let stored = b.store.load(&at).unwrap().unwrap().record;
    assert!(stored.kind.variant.lone_steps() && stored.kind.variant.is_katro());
    let board = ok(say(&b.core, &at, "carol", "!board"));
    assert!(
        board.text().contains("Katro 4x4 with lone-seed steps"),
        "{}",
        board.text()
    );
    ok(say(&b.core, &at, "alice", "!resign"));
    ok(say(&b.core, &at, "bob", "!rematch"));
    let again = b.store.load(&at).unwrap().unwrap().record;
    assert!(
        again.kind.variant.lone_steps(),
        "a rematch keeps the house rule"
    );
}

#[test]
fn k11_lone_is_refused_where_it_does_not_apply() {
    let b = bench();
    let at = chan("lone-refused");
    for (cmd, says) in [
        (
            "!new hoyito lone",
            "lone-seed steps (K11) are a Katro house rule",
        ),
        ("!new lone katro", "`lone` follows a Katro game"),
        ("!new katro lone lone", "`lone` once, please"),
    ] {
        let e = refused(say(&b.core, &at, "alice", cmd));
        assert!(e.contains(says), "{cmd}: {e}");
    }
    assert!(b.store.load(&at).unwrap().is_none(), "nothing was created");
}

/// A lone-seed game in a position where South has one seed left: its steps are legal
/// moves in chat, a step captures as K11 says, and the record replays.
#[test]
fn k11_a_lone_step_is_played_in_chat_and_recorded() {
    let b = bench();
    let at = chan("lone-step");
    let start: Position = "katro:4x4/0,1,0,0/0,0,0,0/0,3,0,0/3,3,3,3 s"
        .parse::<Position>()
        .unwrap()
        .with_lone_steps(true);
    let kind = mancala_bot::model::GameKind::single(start.variant());
    let record = Record::in_play(
        b.store.new_id(1).unwrap(),
        at.clone(),
        kind,
        user("alice"),
        user("bob"),
        Play::Game(Game::from_position(start)),
        None,
        1_700_000_000_000,
    );
    assert!(b.store.write(&at, None, Write::Put(&record)).unwrap());
    let moves = ok(say(&b.core, &at, "alice", "!moves"));
    assert!(moves.text().contains("b1^b2"), "{}", moves.text());
    let r = ok(say(&b.core, &at, "alice", "!sow b1^b2"));
    assert!(
        r.text().contains("sowed b1^b2") && r.text().contains("captured 3 from b3"),
        "{}",
        r.text()
    );
    let game = match b.store.load(&at).unwrap().unwrap().record.play() {
        Some(Play::Game(g)) => g.clone(),
        other => panic!("{other:?}"),
    };
    assert_eq!(
        game.position().to_string(),
        "katro:4x4/1,1,1,0/1,0,0,0/0,0,0,0/3,3,3,3 n"
    );
    assert_eq!(game.position().to_move(), Side::North);
    let history = ok(say(&b.core, &at, "carol", "!record"));
    assert!(history.text().contains("1.S b1^b2"), "{}", history.text());
    // The same step in a game without the house rule is refused.
    let plain = chan("plain");
    let mut record = Record {
        at: plain.clone(),
        id: b.store.new_id(2).unwrap(),
        kind: mancala_bot::model::GameKind::single(start.variant().with_lone_steps(false)),
        ..record
    };
    if let Some(play) = record.play_mut() {
        *play = Play::Game(Game::from_position(start.with_lone_steps(false)));
    }
    assert!(b.store.write(&plain, None, Write::Put(&record)).unwrap());
    let e = refused(say(&b.core, &plain, "alice", "!sow b1^b2"));
    assert!(e.contains("b1^b2"), "{e}");
    assert!(b.core.legal_moves(&plain).iter().all(|m| !m.contains('^')));
}

/// The AI plays lone-seed games by their rules: in the K11 position above it finds the
/// step that captures.
#[test]
fn k11_the_ai_plays_the_lone_step_that_captures() {
    let start: Position = "katro:4x4/0,1,0,0/0,0,0,0/0,3,0,0/3,3,3,3 s"
        .parse::<Position>()
        .unwrap()
        .with_lone_steps(true);
    let mut ai = mancala_ai::Ai::new(mancala_ai::SearchConfig {
        level: 5,
        ms_per_move: 0,
        max_nodes: Some(50_000),
        ..mancala_ai::SearchConfig::default()
    })
    .unwrap();
    let found = ai.choose(&start, &[]).unwrap();
    assert!(
        start.legal_moves().contains(&found.mv),
        "{} is legal",
        found.mv
    );
    assert_eq!(found.mv.to_string(), "b1^b2");
}
