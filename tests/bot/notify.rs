//! Turn alerts (`!notify dm|mention|off`, issue 34) through the core: the mode is the
//! player's own, per community; a move that passes the turn to a person pings him in the
//! channel (the default), or sends him a direct message naming the game and linking its
//! channel, or tells him nothing. Games against the AI send no alerts.

use mancala_bot::core::api::{ChatCore, Reply, Segment};
use mancala_bot::core::Clock;
use mancala_bot::store::Store;

use crate::core_chat::{bench, chan, ok, refused, say, start, user};

/// The first legal move in `at`.
fn a_move(core: &mancala_bot::core::Core, at: &mancala_bot::model::ChannelKey) -> String {
    core.legal_moves(at)
        .into_iter()
        .next()
        .expect("a legal move")
}

fn pings(r: &Reply) -> Vec<String> {
    r.mentions.iter().map(|u| u.name.clone()).collect()
}

#[test]
fn notify_alone_shows_the_mode_and_a_bad_word_names_the_modes() {
    let b = bench();
    let at = chan("c");
    let r = ok(say(&b.core, &at, "bob", "!notify"));
    assert_eq!(
        r.text(),
        "bob: you are told it is your turn by `mention`. Change it with `!notify dm`, \
         `!notify mention` or `!notify off`."
    );
    let e = refused(say(&b.core, &at, "bob", "!notify loud"));
    assert_eq!(
        e,
        "`loud` is not a way to be told: use `!notify dm` (a direct message), \
         `!notify mention` (a ping in the game's channel), `!notify off` or \
         `!notify digest` (one direct message a day)"
    );
    ok(say(&b.core, &at, "bob", "!notify dm"));
    let r = ok(say(&b.core, &at, "bob", "!notify"));
    assert!(r.text().contains("by `dm`"), "{}", r.text());
    // Another player's mode is his own.
    let r = ok(say(&b.core, &at, "alice", "!notify"));
    assert!(r.text().contains("by `mention`"), "{}", r.text());
}

#[test]
fn a_move_pings_the_player_to_move_by_default() {
    let b = bench();
    let at = chan("c");
    start(&b.core, &at, "katro");
    let mv = a_move(&b.core, &at);
    let replies = say(&b.core, &at, "alice", &format!("!sow {mv}"));
    assert_eq!(replies.len(), 1, "{replies:?}");
    assert_eq!(pings(&replies[0]), ["bob"]);
    assert!(replies.iter().all(|r| r.direct.is_none()));
}

#[test]
fn notify_dm_sends_a_direct_message_linking_the_game_and_drops_the_ping() {
    let b = bench();
    let at = chan("c");
    ok(say(&b.core, &at, "bob", "!notify dm"));
    start(&b.core, &at, "katro 12h");
    let mv = a_move(&b.core, &at);
    let replies = say(&b.core, &at, "alice", &format!("!sow {mv}"));
    assert_eq!(replies.len(), 2, "{replies:?}");
    assert!(pings(&replies[0]).is_empty(), "{:?}", pings(&replies[0]));
    assert!(replies[0].direct.is_none());
    let dm = &replies[1];
    assert_eq!(dm.direct, Some(user("bob")));
    assert_eq!(dm.to, Some(at.clone()));
    let id = b.store.load(&at).unwrap().expect("a game").record.id;
    let segs = dm.body.segments();
    assert!(segs.contains(&Segment::Channel(at.clone())), "{segs:?}");
    let text = dm.plain(b.clock.now_ms());
    assert!(
        text.starts_with(&format!(
            "@bob, your turn: Katro 6x6 against alice in #c (game `{id}`).\nMove by "
        )),
        "{text}"
    );
    assert!(text.ends_with("(in 12 h)."), "{text}");
    // Alice kept the default: bob's move pings her, no direct message.
    let mv = a_move(&b.core, &at);
    let replies = say(&b.core, &at, "bob", &format!("!sow {mv}"));
    assert_eq!(replies.len(), 1, "{replies:?}");
    assert_eq!(pings(&replies[0]), ["alice"]);
}

#[test]
fn notify_off_names_the_player_without_a_ping_or_a_message() {
    let b = bench();
    let at = chan("c");
    ok(say(&b.core, &at, "bob", "!notify off"));
    start(&b.core, &at, "katro");
    let mv = a_move(&b.core, &at);
    let replies = say(&b.core, &at, "alice", &format!("!sow {mv}"));
    assert_eq!(replies.len(), 1, "{replies:?}");
    assert!(pings(&replies[0]).is_empty());
    assert!(replies[0].text().contains("bob"), "{}", replies[0].text());
}

#[test]
fn the_mode_is_per_community() {
    let b = bench();
    let here = chan("c");
    let mut there = chan("d");
    there.community = "guild-2".into();
    ok(say(&b.core, &here, "bob", "!notify dm"));
    start(&b.core, &there, "katro");
    let mv = a_move(&b.core, &there);
    let replies = say(&b.core, &there, "alice", &format!("!sow {mv}"));
    assert_eq!(replies.len(), 1, "{replies:?}");
    assert_eq!(pings(&replies[0]), ["bob"]);
}

#[test]
fn a_game_that_starts_alerts_the_first_mover_and_looks_alert_nobody() {
    let b = bench();
    let at = chan("c");
    ok(say(&b.core, &at, "alice", "!notify dm"));
    ok(say(&b.core, &at, "alice", "!new katro @bob as south"));
    // bob accepts: alice (South) moves first and is told.
    let replies = say(&b.core, &at, "bob", "!accept");
    let dms: Vec<&Reply> = replies.iter().filter(|r| r.direct.is_some()).collect();
    assert_eq!(dms.len(), 1, "{replies:?}");
    assert_eq!(dms[0].direct, Some(user("alice")));
    // A look changes nothing and tells nobody.
    let replies = say(&b.core, &at, "bob", "!board");
    assert!(replies.iter().all(|r| r.direct.is_none()), "{replies:?}");
    // Her own command never alerts herself.
    let replies = say(&b.core, &at, "alice", "!board");
    assert!(replies.iter().all(|r| r.direct.is_none()), "{replies:?}");
}

#[test]
fn games_against_the_ai_send_no_alerts() {
    let b = bench();
    let at = chan("c");
    ok(say(&b.core, &at, "alice", "!notify dm"));
    let replies = say(&b.core, &at, "alice", "!new katro:4x4 ai level 1 as north");
    assert!(replies.iter().all(|r| r.direct.is_none()), "{replies:?}");
}

/// `!notify digest` (issue 34): no alert per move; once a day a direct message lists
/// the player's games of the community where it is his turn, and none is sent twice in
/// a day.
#[test]
fn a_daily_digest_lists_the_games_where_it_is_your_turn() {
    let b = bench();
    let (one, two, three) = (chan("one"), chan("two"), chan("three"));
    let r = ok(say(&b.core, &one, "bob", "!notify digest"));
    assert!(r.text().contains("once a day"), "{}", r.text());
    for at in [&one, &two, &three] {
        start(&b.core, at, "katro 1d");
    }
    // alice (South) moves in two games: bob is to move there, without a ping.
    for at in [&one, &two] {
        let mv = a_move(&b.core, at);
        let replies = say(&b.core, at, "alice", &format!("!sow {mv}"));
        assert_eq!(replies.len(), 1, "{replies:?}");
        assert!(pings(&replies[0]).is_empty());
    }
    let digests: Vec<Reply> = b
        .core
        .tick()
        .into_iter()
        .map(|(_, r)| r)
        .filter(|r| r.direct.is_some())
        .collect();
    assert_eq!(digests.len(), 1, "{digests:?}");
    let d = &digests[0];
    assert_eq!(d.direct, Some(user("bob")));
    let text = d.plain(b.clock.now_ms());
    assert!(
        text.starts_with(
            "bob, your daily digest: it is your turn in 2 games.\n• Katro 6x6 against alice in #"
        ),
        "{text}"
    );
    assert_eq!(text.lines().count(), 3, "{text}");
    assert!(!text.contains("#three"), "not his turn there: {text}");
    // Not again within the day, even an hour later.
    b.clock.advance(std::time::Duration::from_secs(2 * 3600));
    assert!(b.core.tick().iter().all(|(_, r)| r.direct.is_none()));
    // A day later: again.
    b.clock
        .advance(std::time::Duration::from_secs(22 * 3600 + 60));
    let again = b
        .core
        .tick()
        .into_iter()
        .filter(|(_, r)| r.direct.is_some())
        .count();
    assert_eq!(again, 1);
}

/// A tournament's game opened by the driver alerts its first mover like any turn
/// (`!notify dm`): the pairing's room is linked in the direct message.
#[test]
fn a_tournament_game_alerts_its_first_mover() {
    let b = bench();
    let home = chan("club");
    for p in ["p1", "p2"] {
        ok(say(&b.core, &home, p, "!notify dm"));
    }
    ok(crate::core_chat::say_as(
        &b.core,
        &home,
        "org",
        "!tournament new cup katro roundrobin notime",
        true,
    ));
    ok(say(&b.core, &home, "p1", "!tournament join"));
    ok(say(&b.core, &home, "p2", "!tournament join"));
    let replies = crate::core_chat::say_as(&b.core, &home, "org", "!tournament start", true);
    let dms: Vec<&Reply> = replies.iter().filter(|r| r.direct.is_some()).collect();
    assert_eq!(dms.len(), 1, "{replies:?}");
    let room = dms[0].to.clone().expect("the game's room");
    assert_ne!(room, home);
    let first = b.core.board(&room).unwrap().to_move();
    let south_is = dms[0].direct.clone().unwrap();
    assert!(
        dms[0].text().contains("your turn"),
        "{} (South to move: {first:?})",
        dms[0].text()
    );
    assert!(["p1", "p2"].contains(&south_is.name.as_str()));
}
