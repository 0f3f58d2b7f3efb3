//! A room of its own for each game (`!set threads on`, issue 34) through the core,
//! without a transport's rooms (as the console): a challenge between people made in
//! such a channel is created in a channel named after the game, the first free one, and
//! the channel it was made in says where; games against the AI stay where they are
//! asked for; organizers only turn it on.

use mancala_bot::core::api::{ChatCore, Segment};
use mancala_bot::model::ChannelKey;
use mancala_bot::store::{Status, Store};

use crate::core_chat::{bench, chan, ok, refused, say, say_as};

fn status(store: &dyn Store, at: &ChannelKey) -> Option<Status> {
    store.load(at).unwrap().map(|s| s.record.status())
}

#[test]
fn only_organizers_turn_rooms_per_game_on() {
    let b = bench();
    let lobby = chan("lobby");
    let e = refused(say(&b.core, &lobby, "alice", "!set threads on"));
    assert!(e.starts_with("only organizers"), "{e}");
    let r = ok(say_as(&b.core, &lobby, "org", "!set threads on", true));
    assert!(
        r.text().starts_with("From now on each new game"),
        "{}",
        r.text()
    );
    let e = refused(say_as(&b.core, &lobby, "org", "!set threads maybe", true));
    assert!(e.starts_with("usage: `!set SETTING VALUE`"), "{e}");
}

#[test]
fn a_challenge_is_made_in_a_room_of_its_own_and_played_there() {
    let b = bench();
    let lobby = chan("lobby");
    ok(say_as(&b.core, &lobby, "org", "!set threads on", true));
    let replies = say(&b.core, &lobby, "alice", "!new katro @bob as south");
    assert_eq!(replies.len(), 2, "{replies:?}");
    let room = chan("katro-alice-vs-bob");
    assert_eq!(replies[0].to, None);
    assert_eq!(replies[0].text(), "alice's game is in #katro-alice-vs-bob.");
    assert!(replies[0]
        .body
        .segments()
        .contains(&Segment::Channel(room.clone())));
    assert_eq!(replies[1].to, Some(room.clone()));
    assert!(
        replies[1]
            .text()
            .contains("alice challenges @bob to Katro 6x6"),
        "{}",
        replies[1].text()
    );
    assert_eq!(status(&*b.store, &lobby), None, "the lobby holds no game");
    assert_eq!(status(&*b.store, &room), Some(Status::Challenge));
    ok(say(&b.core, &room, "bob", "!accept"));
    assert_eq!(status(&*b.store, &room), Some(Status::Playing));
    let mv = b.core.legal_moves(&room)[0].clone();
    say(&b.core, &room, "alice", &format!("!sow {mv}"));
    assert_eq!(
        b.core.board(&room).unwrap().to_move(),
        mancala_rules::Side::North
    );

    // The same players again: the next free room; others challenge meanwhile too.
    let replies = say(&b.core, &lobby, "alice", "!new katro @bob");
    assert_eq!(
        replies[0].text(),
        "alice's game is in #katro-alice-vs-bob-2."
    );
    let replies = say(&b.core, &lobby, "carol", "!new hoyito");
    assert_eq!(replies[0].text(), "carol's game is in #hoyito-carol.");
    assert_eq!(
        status(&*b.store, &chan("hoyito-carol")),
        Some(Status::Challenge)
    );
    assert_eq!(status(&*b.store, &lobby), None);
}

#[test]
fn games_against_the_ai_and_rooms_off_stay_in_the_channel() {
    let b = bench();
    let lobby = chan("lobby");
    ok(say_as(&b.core, &lobby, "org", "!set threads on", true));
    let replies = say(
        &b.core,
        &lobby,
        "alice",
        "!new katro:4x4 ai level 1 as south",
    );
    assert!(replies.iter().all(|r| r.to.is_none()), "{replies:?}");
    assert_eq!(status(&*b.store, &lobby), Some(Status::Playing));
    let other = chan("hall");
    ok(say_as(&b.core, &other, "org", "!set threads on", true));
    ok(say_as(&b.core, &other, "org", "!set threads off", true));
    let replies = say(&b.core, &other, "alice", "!new katro @bob");
    assert_eq!(replies.len(), 1, "{replies:?}");
    assert_eq!(status(&*b.store, &other), Some(Status::Challenge));
}

/// A game's own room looks and speaks like the channel it was challenged in: the
/// channel's settings are copied to the room when it opens (as a tournament room's).
#[test]
fn a_games_room_takes_the_channels_settings() {
    let b = bench();
    let lobby = chan("lobby");
    ok(say_as(&b.core, &lobby, "org", "!set threads on", true));
    ok(say_as(&b.core, &lobby, "org", "!set language fr", true));
    let replies = say(&b.core, &lobby, "alice", "!new katro @bob as south");
    let room = chan("katro-alice-vs-bob");
    assert_eq!(replies[1].to, Some(room.clone()));
    let accepted = ok(say(&b.core, &room, "bob", "!accept"));
    assert_eq!(
        accepted.lang,
        mancala_bot::i18n::Lang::Fr,
        "{}",
        accepted.text()
    );
    // The room opens no rooms of its own: a challenge there is refused, the room
    // holding its game (in French).
    let e = refused(say(&b.core, &room, "carol", "!new katro @dave"));
    assert!(e.contains("Katro 6x6"), "{e}");
}
