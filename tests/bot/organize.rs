//! The tournament organizer tools end to end through the core, with a fake clock:
//! adjudications (recorded once, in the standings, the game ended in its room),
//! extensions (the deadline moved by exactly the amount), a pause (no deadline passes,
//! each clock restarts with the time left), a round closed by the rule, a kick,
//! check-in, and the log of it all.

use std::time::Duration;

use mancala_bot::core::api::{ChatCore, Reply};
use mancala_bot::core::tournament::{Act, Phase, Res, Tournament};
use mancala_bot::model::ChannelKey;
use mancala_bot::store::{GameResult, Record, Store, Verdict};

use crate::core_chat::{bench, chan, ok, refused, say, say_as, Bench};

pub(crate) const HOUR: u64 = 3_600_000;

pub(crate) fn org(b: &Bench, at: &ChannelKey, text: &str) -> Vec<Reply> {
    say_as(&b.core, at, "org", text, true)
}

pub(crate) fn load(b: &Bench, name: &str) -> Tournament {
    let bytes = b
        .store
        .doc(&Tournament::key_of("guild-1", name))
        .unwrap()
        .expect("stored");
    serde_json::from_slice(&bytes).unwrap()
}

/// A 4-player round robin `name` with 24 h per move, started in `lobby` (p1 v p4 on
/// board 1, p2 v p3 on board 2).
pub(crate) fn started(b: &Bench, lobby: &ChannelKey, name: &str) -> Tournament {
    ok(org(
        b,
        lobby,
        &format!("!tournament new {name} katro:4x4 roundrobin 1d"),
    ));
    for p in ["p1", "p2", "p3", "p4"] {
        ok(say(&b.core, lobby, p, &format!("!tournament join {name}")));
    }
    org(b, lobby, &format!("!tournament start {name}"));
    load(b, name)
}

pub(crate) fn room(t: &Tournament, board: usize) -> ChannelKey {
    t.rounds.last().unwrap().pairings[board - 1]
        .room
        .clone()
        .unwrap()
}

pub(crate) fn record(b: &Bench, at: &ChannelKey) -> Record {
    b.store.load(at).unwrap().expect("a game in play").record
}

pub(crate) fn deadline(b: &Bench, at: &ChannelKey) -> u64 {
    record(b, at).timing().unwrap().deadline_ms
}

pub(crate) fn held(b: &Bench, at: &ChannelKey) -> Option<u64> {
    record(b, at).timing().unwrap().held_ms
}

pub(crate) fn acts(t: &Tournament) -> Vec<Act> {
    t.log.iter().map(|e| e.act.clone()).collect()
}

pub(crate) fn texts(out: &[Reply]) -> String {
    out.iter()
        .map(|r| r.text().to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn an_adjudication_ends_the_game_in_its_room_and_counts_once() {
    let b = bench();
    let lobby = chan("hall");
    let t = started(&b, &lobby, "cup");
    let board1 = room(&t, 1);
    let id = t.rounds[0].pairings[0].game_id.clone().unwrap();
    // Only organizers; a reason is required; the winner must play the game.
    let e = refused(say(
        &b.core,
        &lobby,
        "p2",
        "!tournament adjudicate 1 p1 he left",
    ));
    assert!(e.starts_with("only the organizers of cup (org"), "{e}");
    let e = refused(org(&b, &lobby, "!tournament adjudicate 1 p1"));
    assert!(e.starts_with("an adjudication needs a reason"), "{e}");
    let e = refused(org(&b, &lobby, "!tournament adjudicate 1 p2 no show"));
    assert!(e.starts_with("p2 does not play that game"), "{e}");
    let e = refused(org(&b, &lobby, "!tournament adjudicate 9 p1 no show"));
    assert_eq!(e, "cup has no board 9 in its current round");
    assert_eq!(load(&b, "cup"), t, "refusals change nothing");
    // Both sides move: the game counts for the ratings.
    for who in ["p1", "p4"] {
        let mv = b.core.legal_moves(&board1)[0].clone();
        let moved = say(&b.core, &board1, who, &format!("!sow {mv}"));
        assert!(moved.iter().all(|r| !r.is_error), "{moved:?}");
    }

    // The creator decides even without the organizer role.
    let out = say_as(
        &b.core,
        &lobby,
        "org",
        "!tournament adjudicate 1 p1 p4 left the server",
        false,
    );
    let all = texts(&out);
    let line = "org decides cup round 1, board 1: p1 1-0 p4. Reason: p4 left the server";
    let in_room = out.iter().find(|r| r.to.as_ref() == Some(&board1)).unwrap();
    assert!(in_room.text().starts_with(line), "{all}");
    assert!(
        in_room
            .text()
            .contains("Game over. p1 (South) wins by the organizer's decision."),
        "{all}"
    );
    assert!(out
        .iter()
        .any(|r| r.to.as_ref() == Some(&lobby) && r.text() == line));
    // The game is over in its room: no record left there, the finished one says why.
    assert!(b.store_is_empty(&board1));
    let done = b.store.finished(&id).unwrap().unwrap();
    assert_eq!(
        done.verdict(),
        Some(Verdict::Adjudicated {
            winner: Some(mancala_rules::Side::South)
        })
    );
    assert_eq!(
        done.result(),
        Some(GameResult::Win(mancala_rules::Side::South))
    );
    let e = refused(say(&b.core, &board1, "p4", "!sow a1"));
    assert!(!e.is_empty());
    // Recorded once: the tournament, the standings, the log.
    let t = load(&b, "cup");
    assert_eq!(t.rounds[0].pairings[0].result, Some(Res::South));
    assert_eq!(t.points(), vec![2, 0, 0, 0]);
    assert_eq!(
        acts(&t).last(),
        Some(&Act::Adjudicated {
            round: 1,
            board: 1,
            result: Res::South,
            reason: "p4 left the server".into()
        })
    );
    // Again: refused, nothing counted twice.
    let e = refused(org(
        &b,
        &lobby,
        &format!("!tournament adjudicate {id} draw again"),
    ));
    assert_eq!(e, "the game of round 1, board 1 is already over (1-0)");
    b.core.tick();
    let t = load(&b, "cup");
    assert_eq!(t.points(), vec![2, 0, 0, 0]);
    assert_eq!(t.rounds.len(), 1, "board 2 still plays");
    let r = ok(say(&b.core, &lobby, "p1", "!tournament standings"));
    assert!(r.text().contains("1. p1 1 pt (1-0-0)"), "{}", r.text());
    // Rated once.
    let r = ok(say(&b.core, &lobby, "p1", "!rating"));
    assert!(
        r.text().contains("(1 game: 1 won, 0 drawn, 0 lost"),
        "{}",
        r.text()
    );
}

#[test]
fn an_extension_moves_the_deadline_by_exactly_the_duration() {
    let b = bench();
    let lobby = chan("hall");
    let t = started(&b, &lobby, "cup");
    let board2 = room(&t, 2);
    let before = deadline(&b, &board2);
    let e = refused(say(&b.core, &lobby, "p3", "!tournament extend 2 24h"));
    assert!(e.starts_with("only the organizers of cup"), "{e}");
    let e = refused(org(&b, &lobby, "!tournament extend 2 31d"));
    assert!(e.starts_with("bad duration `31d`"), "{e}");
    let e = refused(org(&b, &lobby, "!tournament extend 2 soon"));
    assert!(e.starts_with("bad duration `soon`"), "{e}");
    assert_eq!(deadline(&b, &board2), before, "refusals change nothing");

    let out = org(&b, &lobby, "!tournament extend 2 24h");
    assert!(
        texts(&out).contains("org gives more time in cup round 1, board 2: 24 h."),
        "{}",
        texts(&out)
    );
    assert!(out.iter().any(|r| r.to.as_ref() == Some(&board2)));
    assert_eq!(deadline(&b, &board2), before + 24 * HOUR);
    assert_eq!(
        acts(&load(&b, "cup")).last(),
        Some(&Act::Extended {
            round: 1,
            board: 2,
            by_ms: 24 * HOUR
        })
    );
    // The old deadline passes: board 1 is forfeited, board 2 is not.
    b.clock.advance(Duration::from_millis(24 * HOUR + 60_000));
    b.core.tick();
    assert!(b.store_is_empty(&room(&t, 1)), "board 1 lost on time");
    assert!(!b.store_is_empty(&board2), "board 2 has a day more");
    // The new one passes: forfeited then; extending it now is too late.
    b.clock.advance(Duration::from_millis(24 * HOUR));
    let e = refused(org(&b, &lobby, "!tournament extend 2 1h"));
    assert_eq!(
        e,
        "the deadline of round 1, board 2 has already passed: the game is lost on time"
    );
    b.core.tick();
    assert!(b.store_is_empty(&board2));
    assert_eq!(load(&b, "cup").rounds.len(), 2, "round 2 paired");
}

#[test]
fn next_round_closes_the_round_by_the_stated_rule() {
    let b = bench();
    let lobby = chan("hall");
    let t = started(&b, &lobby, "cup");
    let (board1, board2) = (room(&t, 1), room(&t, 2));
    let resigned = say(&b.core, &board2, "p3", "!resign");
    assert!(resigned.iter().all(|r| !r.is_error), "{resigned:?}");
    let e = refused(org(&b, &lobby, "!tournament next-round"));
    assert!(
        e.starts_with("round 1 of cup has 1 unfinished game (board 1): the next round begins"),
        "{e}"
    );
    assert!(!b.store_is_empty(&board1), "refused: nothing changed");
    let id = t.rounds[0].pairings[0].game_id.clone().unwrap();
    let out = org(&b, &lobby, "!tournament next-round adjudicate");
    let all = texts(&out);
    assert!(
        all.starts_with(
            "Round 1 of cup is closed by the organizer: 1 unfinished game (board 1) is \
             decided by the rule: unfinished game: more seeds captured wins"
        ),
        "{all}"
    );
    assert!(all.contains("Round 2 of cup begins."), "{all}");
    // Nobody captured anything: drawn, by the organizer's decision.
    let done = b.store.finished(&id).unwrap().unwrap();
    assert_eq!(done.verdict(), Some(Verdict::Adjudicated { winner: None }));
    let t = load(&b, "cup");
    assert_eq!(t.rounds[0].pairings[0].result, Some(Res::Draw));
    assert_eq!(t.rounds.len(), 2);
    assert_eq!(t.points(), vec![1, 2, 0, 1]);
    let acts = acts(&t);
    assert!(
        matches!(
            acts.as_slice(),
            [
                Act::Started,
                Act::Adjudicated {
                    round: 1,
                    board: 1,
                    result: Res::Draw,
                    ..
                },
                Act::RoundClosed {
                    round: 1,
                    adjudicated: 1
                }
            ] | [
                Act::Started,
                Act::RoundClosed {
                    round: 1,
                    adjudicated: 1
                },
                Act::Adjudicated {
                    round: 1,
                    board: 1,
                    result: Res::Draw,
                    ..
                }
            ]
        ),
        "{acts:?}"
    );
}

#[test]
fn a_kick_is_a_withdrawal_by_the_organizer_with_its_reason() {
    let b = bench();
    let lobby = chan("hall");
    let t = started(&b, &lobby, "cup");
    let board2 = room(&t, 2);
    let e = refused(say(&b.core, &lobby, "p2", "!tournament kick @p3 rude"));
    assert!(e.starts_with("only the organizers of cup"), "{e}");
    let out = org(&b, &lobby, "!tournament kick @p3 cup insults in chat");
    assert!(
        texts(&out).starts_with("p3 is removed from cup by org. Reason: insults in chat"),
        "{}",
        texts(&out)
    );
    // His game in play is resigned for him: p2 wins it, once.
    assert!(b.store_is_empty(&board2));
    let t = load(&b, "cup");
    assert!(t
        .entrants
        .iter()
        .any(|e| e.user.name == "p3" && e.withdrawn));
    assert_eq!(t.rounds[0].pairings[1].result, Some(Res::South));
    assert_eq!(t.points().iter().sum::<u32>(), 2);
    assert_eq!(
        acts(&t).last(),
        Some(&Act::Kicked {
            player: "p3".into(),
            reason: Some("insults in chat".into())
        })
    );
    let e = refused(org(&b, &lobby, "!tournament kick @p3"));
    assert_eq!(e, "p3 has already withdrawn");
}

#[test]
fn check_in_removes_the_no_shows_at_the_start() {
    let b = bench();
    let lobby = chan("hall");
    ok(org(
        &b,
        &lobby,
        "!tournament new cup katro:4x4 roundrobin 1d",
    ));
    for p in ["p1", "p2", "p3"] {
        ok(say(&b.core, &lobby, p, "!tournament join"));
    }
    let e = refused(say(&b.core, &lobby, "p1", "!tournament checkin"));
    assert!(e.starts_with("check-in for cup is not open"), "{e}");
    let e = refused(say(&b.core, &lobby, "p1", "!tournament checkin open"));
    assert!(e.starts_with("only the organizers of cup"), "{e}");
    let e = refused(org(&b, &lobby, "!tournament checkin open 45d"));
    assert!(e.starts_with("bad duration `45d`"), "{e}");
    let r = ok(org(&b, &lobby, "!tournament checkin open 30m"));
    assert!(
        r.text().starts_with("Check-in for cup is open until"),
        "{}",
        r.text()
    );
    let r = ok(say(&b.core, &lobby, "p1", "!tournament checkin"));
    assert_eq!(r.text(), "p1 checks in for cup (1 of 3).");
    let e = refused(say(&b.core, &lobby, "p1", "!tournament checkin"));
    assert_eq!(e, "you are already checked in for cup");
    // Joining during check-in is checking in.
    ok(say(&b.core, &lobby, "p4", "!tournament join"));
    ok(say(&b.core, &lobby, "p2", "!tournament checkin"));
    b.clock.advance(Duration::from_secs(31 * 60));
    let e = refused(say(&b.core, &lobby, "p3", "!tournament checkin"));
    assert!(e.starts_with("check-in for cup closed"), "{e}");
    let out = org(&b, &lobby, "!tournament start");
    assert_eq!(out[0].text(), "Not checked in, removed from cup: p3.");
    assert!(
        out[1].text().starts_with("cup starts: 3 players"),
        "{}",
        out[1].text()
    );
    let t = load(&b, "cup");
    assert_eq!(t.phase, Phase::Running);
    let names: Vec<&str> = t.entrants.iter().map(|e| e.user.name.as_str()).collect();
    assert_eq!(names, ["p1", "p2", "p4"]);
    assert_eq!(
        acts(&t)[1..],
        [
            Act::NoShowsRemoved {
                players: vec!["p3".into()]
            },
            Act::Started
        ]
    );
}

#[test]
fn the_log_lists_every_organizer_action_newest_first() {
    let b = bench();
    let lobby = chan("hall");
    let r = ok(org(
        &b,
        &lobby,
        "!tournament new cup katro:4x4 roundrobin 1d",
    ));
    assert!(!r.is_error);
    let r = ok(say(&b.core, &lobby, "p1", "!tournament log"));
    assert_eq!(r.text(), "cup: no organizer action yet");
    for p in ["p1", "p2"] {
        ok(say(&b.core, &lobby, p, "!tournament join"));
    }
    org(&b, &lobby, "!tournament start");
    org(&b, &lobby, "!tournament pause");
    org(&b, &lobby, "!tournament resume");
    org(&b, &lobby, "!tournament extend 1 2h");
    let r = ok(say(&b.core, &lobby, "p2", "!tournament log"));
    let text = r.text().to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Organizer log of cup (4 entries, newest first):");
    assert!(
        lines[1].ends_with(" org: gave round 1, board 1 2 h more"),
        "{}",
        r.text()
    );
    assert!(
        lines[2].ends_with(" org: resumed the tournament after 0 s"),
        "{}",
        r.text()
    );
    assert!(
        lines[3].ends_with(" org: paused the tournament"),
        "{}",
        r.text()
    );
    assert!(
        lines[4].ends_with(" org: started the tournament"),
        "{}",
        r.text()
    );
    // A cancelled tournament keeps its log.
    org(&b, &lobby, "!tournament cancel");
    let r = ok(say(&b.core, &lobby, "p2", "!tournament log cup"));
    assert!(r
        .text()
        .lines()
        .nth(1)
        .unwrap()
        .ends_with("org: cancelled the tournament"));
    let t = load(&b, "cup");
    assert!(t.rounds[0].pairings[0].result.is_none());
    assert_eq!(t.phase, Phase::Cancelled);
}

/// With two tournaments running, a board number names a game only in that game's
/// room; an id names it anywhere.
#[test]
fn a_board_number_is_meant_in_its_room_when_several_tournaments_run() {
    let b = bench();
    let lobby = chan("hall");
    started(&b, &lobby, "cup");
    let spring = started(&b, &lobby, "spring");
    let e = refused(org(&b, &lobby, "!tournament extend 1 1h"));
    assert_eq!(
        e,
        "several tournaments are running (cup, spring): to name board 1, write the command \
         in the game's room, or name the game by its id"
    );
    let board1 = room(&spring, 1);
    let before = deadline(&b, &board1);
    let out = org(&b, &board1, "!tournament extend 1 1h");
    assert!(out.iter().all(|r| !r.is_error), "{out:?}");
    assert_eq!(deadline(&b, &board1), before + HOUR);
    let id = spring.rounds[0].pairings[0].game_id.clone().unwrap();
    org(&b, &lobby, &format!("!tournament extend {id} 1h"));
    assert_eq!(deadline(&b, &board1), before + 2 * HOUR);
    assert!(acts(&load(&b, "cup"))
        .iter()
        .all(|a| !matches!(a, Act::Extended { .. })));
}
