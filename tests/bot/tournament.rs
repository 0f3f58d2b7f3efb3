//! Tournaments end to end through the core, with scripted results: a 4-player round
//! robin, a 7-player Swiss with byes (one game lost on time through the driver, a
//! restart in the middle), an 8-player knockout seeded by rating; organizers only where
//! it matters.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use mancala_bot::core::api::{ChatCore, Reply};
use mancala_bot::core::ratings::{table_key, PlayerRating, RatingTable};
use mancala_bot::core::tournament::{Format, Phase, Res, Tournament};
use mancala_bot::core::{Core, ManualClock, Settings};
use mancala_bot::model::ChannelKey;
use mancala_bot::store::{SledStore, Store};

use crate::core_chat::{bench, chan, ok, refused, say, say_as, user, FakePainter};

fn org(core: &Core, at: &ChannelKey, text: &str) -> Vec<Reply> {
    say_as(core, at, "org", text, true)
}

fn load(store: &dyn Store, name: &str) -> Tournament {
    let bytes = store
        .doc(&Tournament::key_of("guild-1", name))
        .unwrap()
        .expect("stored");
    serde_json::from_slice(&bytes).unwrap()
}

fn name(t: &Tournament, e: usize) -> String {
    t.entrants[e].user.name.clone()
}

/// Plays every open game of the current round with `decide(south, north)`: a move of
/// each side (the first legal one), so that the game is rated, then `!resign` (a win)
/// or `!draw` twice (a draw), in each game's room. Returns all replies.
fn play_round(
    core: &Core,
    store: &dyn Store,
    tname: &str,
    decide: &dyn Fn(&str, &str) -> Res,
) -> Vec<Reply> {
    let t = load(store, tname);
    let round = t.current().unwrap().clone();
    let mut out = Vec::new();
    for p in round.pairings.iter().filter(|p| p.is_open()) {
        let room = p.room.clone().expect("room opened");
        assert_eq!(
            room.channel,
            format!("tourney-{tname}-r{}-b{}", round.number, p.board)
        );
        let (s, n) = (name(&t, p.south), name(&t, p.north.unwrap()));
        for who in [&s, &n] {
            let mv = core.legal_moves(&room)[0].clone();
            out.extend(say(core, &room, who, &format!("!sow {mv}")));
        }
        match decide(&s, &n) {
            Res::South => out.extend(say(core, &room, &n, "!resign")),
            Res::North => out.extend(say(core, &room, &s, "!resign")),
            Res::Draw => {
                out.extend(say(core, &room, &s, "!draw"));
                out.extend(say(core, &room, &n, "!draw"));
            }
        }
    }
    assert!(out.iter().all(|r| !r.is_error), "{out:?}");
    // The next round's announcement comes after its rooms are open, and names them.
    assert!(
        out.iter()
            .all(|r| !r.text().contains("waiting for its room")),
        "{out:?}"
    );
    out
}

fn pairs(t: &Tournament, round: usize) -> Vec<(String, String)> {
    t.rounds[round]
        .pairings
        .iter()
        .map(|p| {
            (
                name(t, p.south),
                p.north.map_or("bye".to_string(), |n| name(t, n)),
            )
        })
        .collect()
}

#[test]
fn round_robin_of_four_by_berger_tables() {
    let b = bench();
    let lobby = chan("lobby");
    let e = refused(say(
        &b.core,
        &lobby,
        "p1",
        "!tournament new rr4 katro:4x4 roundrobin 1d",
    ));
    assert!(e.starts_with("only organizers"), "{e}");
    let r = ok(org(
        &b.core,
        &lobby,
        "!tournament new rr4 katro:4x4 roundrobin 1d",
    ));
    assert!(
        r.text()
            .starts_with("Tournament rr4 created: Katro 4x4, round robin, 24 h per move."),
        "{}",
        r.text()
    );
    for p in ["p1", "p2", "p3", "p4"] {
        ok(say(&b.core, &lobby, p, "!tournament join"));
    }
    let e = refused(say(&b.core, &lobby, "p4", "!tournament join rr4"));
    assert_eq!(e, "you are already in rr4");
    ok(say(&b.core, &lobby, "p5", "!tournament join"));
    ok(say(&b.core, &lobby, "p5", "!tournament leave"));
    let e = refused(say(&b.core, &lobby, "p1", "!tournament start"));
    assert!(e.starts_with("only organizers"), "{e}");
    let out = org(&b.core, &lobby, "!tournament start");
    // The announcement here, then one game per room, each pinging both players.
    assert_eq!(out.len(), 3, "{out:?}");
    assert!(out[0].to.is_none());
    assert!(
        out[0].text().starts_with(
            "rr4 starts: 4 players, round robin, 3 rounds. Seeds: 1. p1, 2. p2, 3. p3, 4. p4."
        ),
        "{}",
        out[0].text()
    );
    let room = out[1].to.clone().unwrap();
    assert_eq!(room.channel, "tourney-rr4-r1-b1");
    // Standings while round 1 is played name no finished round.
    let r = ok(say(&b.core, &lobby, "p2", "!tournament standings rr4"));
    assert!(
        r.text().starts_with("rr4 standings, round 1 in play:"),
        "{}",
        r.text()
    );
    assert!(
        out[1].text().starts_with(
            "Tournament rr4, round 1, board 1: Katro 4x4, p1 (South) vs p4 (North). @p1 (South) to move"
        ),
        "{}",
        out[1].text()
    );
    assert!(
        out[1].text().contains("Deadline for p1"),
        "{}",
        out[1].text()
    );
    assert_eq!(out[1].mentions, vec![user("p1"), user("p4")]);
    let e = refused(say(&b.core, &lobby, "p6", "!tournament join"));
    assert_eq!(
        e,
        "rr4 is running (round 1): registration is closed; `!tournament pairings rr4` \
         shows the round in play"
    );
    // Tournament games are not aborted.
    let e = refused(say(&b.core, &room, "p1", "!abort"));
    assert!(e.starts_with("a tournament game cannot be aborted"), "{e}");

    // Seed order wins every game, but p3 and p4 draw.
    let decide = |s: &str, n: &str| {
        if (s, n) == ("p3", "p4") || (s, n) == ("p4", "p3") {
            Res::Draw
        } else if s < n {
            Res::South
        } else {
            Res::North
        }
    };
    let mut last = Vec::new();
    for _ in 0..3 {
        last = play_round(&b.core, &*b.store, "rr4", &decide);
    }
    let t = load(&*b.store, "rr4");
    assert_eq!(t.phase, Phase::Finished);
    // FIDE Berger tables for 4: 1-4 2-3 / 4-3 1-2 / 2-4 3-1.
    let p = |a: &str, b: &str| (a.to_string(), b.to_string());
    assert_eq!(pairs(&t, 0), vec![p("p1", "p4"), p("p2", "p3")]);
    assert_eq!(pairs(&t, 1), vec![p("p4", "p3"), p("p1", "p2")]);
    assert_eq!(pairs(&t, 2), vec![p("p2", "p4"), p("p3", "p1")]);
    let over = last
        .iter()
        .find(|r| r.text().starts_with("Tournament rr4 is over"))
        .expect("final announcement");
    assert_eq!(over.to, Some(lobby.clone()));
    assert_eq!(
        over.text(),
        "Tournament rr4 is over: p1 wins.\nrr4 standings, after round 3 (final):\n\
         1. p1 3 pts (3-0-0), Buchholz 3, SB 3\n\
         2. p2 2 pts (2-0-1), Buchholz 4, SB 1\n\
         3= p3 0.5 pts (0-1-2), Buchholz 5.5, SB 0.25\n\
         3= p4 0.5 pts (0-1-2), Buchholz 5.5, SB 0.25"
    );
    let r = ok(say(&b.core, &lobby, "p2", "!tournament standings rr4"));
    assert!(r
        .text()
        .ends_with("3= p4 0.5 pts (0-1-2), Buchholz 5.5, SB 0.25"));
    // Tournament games are rated.
    let r = ok(say(&b.core, &lobby, "p1", "!rating"));
    assert!(
        r.text().contains("(3 games: 3 won, 0 drawn, 0 lost"),
        "{}",
        r.text()
    );
}

#[test]
fn swiss_of_seven_with_byes_a_timeout_and_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(1_700_000_000_000));
    let open = || {
        Core::new(
            Arc::new(SledStore::open(&dir.path().join("store"), 8 << 20).unwrap()),
            Arc::new(FakePainter::default()),
            clock.clone(),
            Settings::default(),
        )
    };
    let lobby = chan("swiss-hall");
    let mut core = open();
    ok(org(&core, &lobby, "!tournament new sw7 hoyito swiss 4 2d"));
    let players: Vec<String> = (1..=7).map(|i| format!("s{i}")).collect();
    for p in &players {
        ok(say(&core, &lobby, p, "!tournament join sw7"));
    }
    let out = org(&core, &lobby, "!tournament start sw7");
    assert_eq!(out.len(), 1 + 3, "{out:?}");
    // Scripted results: the player listed first by name wins, every game.
    let decide = |s: &str, n: &str| if s < n { Res::South } else { Res::North };
    for round in 1..=4 {
        // Each round is played on a freshly opened core: a restart between rounds.
        drop(core);
        core = open();
        let t = read(&core, "sw7");
        assert_eq!(t.rounds.len(), round);
        if round == 2 {
            // Board 1 is never played: the driver forfeits it at its deadline.
            let p = t.current().unwrap().pairings[0].clone();
            let room = p.room.clone().unwrap();
            let skip = p.board;
            let others: Vec<_> = t
                .current()
                .unwrap()
                .pairings
                .iter()
                .filter(|q| q.board != skip && q.is_open())
                .cloned()
                .collect();
            for q in others {
                let room = q.room.clone().unwrap();
                let (s, n) = (name(&t, q.south), name(&t, q.north.unwrap()));
                let loser = if decide(&s, &n) == Res::South { n } else { s };
                ok_all(say(&core, &room, &loser, "!resign"));
            }
            drop(core);
            clock.advance(Duration::from_secs(49 * 3600));
            core = open();
            let out = core.tick();
            let forfeit = out
                .iter()
                .find(|(k, _)| *k == room)
                .expect("the forfeit in its room");
            assert!(
                forfeit.1.text().contains(&format!(
                    "Game over. {} (North) wins on time.",
                    name(&t, p.north.unwrap())
                )),
                "{}",
                forfeit.1.text()
            );
            assert!(
                out.iter()
                    .any(|(k, r)| *k == lobby && r.text().starts_with("Round 3 of sw7 begins.")),
                "{out:?}"
            );
            continue;
        }
        let t = read(&core, "sw7");
        for q in t.current().unwrap().pairings.iter().filter(|q| q.is_open()) {
            let room = q.room.clone().unwrap();
            let (s, n) = (name(&t, q.south), name(&t, q.north.unwrap()));
            let loser = if decide(&s, &n) == Res::South { n } else { s };
            ok_all(say(&core, &room, &loser, "!resign"));
        }
    }
    let t = read(&core, "sw7");
    assert_eq!(t.phase, Phase::Finished);
    assert_eq!(t.format, Format::Swiss { rounds: 4 });
    let mut met = HashSet::new();
    let mut byes = Vec::new();
    for r in &t.rounds {
        let mut seen = HashSet::new();
        for p in &r.pairings {
            assert!(seen.insert(p.south));
            match p.north {
                Some(n) => {
                    assert!(seen.insert(n));
                    assert!(
                        met.insert((p.south.min(n), p.south.max(n))),
                        "repeat pairing"
                    );
                }
                None => byes.push(p.south),
            }
        }
        assert_eq!(seen.len(), 7, "everyone once in round {}", r.number);
    }
    assert_eq!(byes.len(), 4);
    let distinct: HashSet<_> = byes.iter().collect();
    assert_eq!(distinct.len(), 4, "byes rotate: {byes:?}");
    let st = t.standings();
    let pts: u32 = st.iter().map(|s| s.points).sum();
    // 3 games a round (2 half points each) plus the bye's full point, 4 rounds.
    assert_eq!(pts, 4 * (3 * 2 + 2));
    let r = ok(say(&core, &lobby, "x", "!tournament standings"));
    assert!(
        r.text()
            .starts_with("sw7 standings, after round 4 (final):"),
        "{}",
        r.text()
    );
    let r = ok(say(&core, &lobby, "x", "!tournament pairings"));
    assert!(r.text().contains("has a bye"), "{}", r.text());
}

fn ok_all(replies: Vec<Reply>) {
    assert!(!replies.is_empty());
    assert!(replies.iter().all(|r| !r.is_error), "{replies:?}");
}

/// The stored tournament, through the core's store.
fn read(core: &Core, name: &str) -> Tournament {
    load(core.store(), name)
}

#[test]
fn knockout_of_eight_seeded_by_rating() {
    let b = bench();
    let lobby = chan("ko");
    // Ratings: k1 strongest ... k8 weakest; they join in a scrambled order.
    let mut table = RatingTable::default();
    for i in 1..=8 {
        let mut p = PlayerRating::new(user(&format!("k{i}")));
        p.rating = 2000.0 - 50.0 * i as f64;
        p.deviation = 80.0;
        table.players.insert(user(&format!("k{i}")).id, p);
    }
    let bytes = serde_json::to_vec(&table).unwrap();
    assert!(b
        .store
        .write_doc(&table_key("guild-1", "katro"), None, Some(&bytes))
        .unwrap());
    ok(org(
        &b.core,
        &lobby,
        "!tournament new cup katro knockout notime",
    ));
    for i in [5, 2, 8, 1, 7, 3, 6, 4] {
        ok(say(
            &b.core,
            &lobby,
            &format!("k{i}"),
            "!tournament join cup",
        ));
    }
    let out = org(&b.core, &lobby, "!tournament start cup");
    assert!(
        out[0]
            .text()
            .contains("Seeds: 1. k1, 2. k2, 3. k3, 4. k4, 5. k5, 6. k6, 7. k7, 8. k8."),
        "{}",
        out[0].text()
    );
    let t = load(&*b.store, "cup");
    let p = |a: &str, b: &str| (a.to_string(), b.to_string());
    assert_eq!(
        pairs(&t, 0),
        vec![p("k1", "k8"), p("k4", "k5"), p("k2", "k7"), p("k3", "k6")]
    );
    assert_eq!(t.move_time_ms, None);
    // Higher seeds win, except k6 beats k3; k5 withdraws after round 1's first game.
    let decide = |s: &str, n: &str| {
        if (s, n) == ("k3", "k6") {
            Res::North
        } else if s < n {
            Res::South
        } else {
            Res::North
        }
    };
    play_round(&b.core, &*b.store, "cup", &decide);
    let t = load(&*b.store, "cup");
    assert_eq!(pairs(&t, 1), vec![p("k1", "k4"), p("k2", "k6")]);
    let standings = ok(say(&b.core, &lobby, "k8", "!tournament standings"));
    assert_eq!(
        standings.text(),
        "cup standings, after round 1, round 2 in play:\n\
         1= k1: in the semi-final (round 2)\n\
         1= k2: in the semi-final (round 2)\n\
         1= k4: in the semi-final (round 2)\n\
         1= k6: in the semi-final (round 2)\n\
         5= k3: lost in the quarter-final (round 1)\n\
         5= k5: lost in the quarter-final (round 1)\n\
         5= k7: lost in the quarter-final (round 1)\n\
         5= k8: lost in the quarter-final (round 1)"
    );
    // An organizer withdraws k6 in the middle of his semi-final: resigned for him.
    let out = org(&b.core, &lobby, "!tournament withdraw @k6 cup");
    assert!(
        out[0]
            .text()
            .starts_with("k6 is withdrawn from cup: the game in play is resigned"),
        "{}",
        out[0].text()
    );
    let e = refused(say(&b.core, &lobby, "k1", "!tournament withdraw @k2"));
    assert!(
        e.starts_with("only organizers can withdraw another player"),
        "{e}"
    );
    play_round(&b.core, &*b.store, "cup", &decide);
    let t = load(&*b.store, "cup");
    assert_eq!(pairs(&t, 2), vec![p("k1", "k2")]);
    let last = play_round(&b.core, &*b.store, "cup", &decide);
    let over = last
        .iter()
        .find(|r| r.text().starts_with("Tournament cup is over"))
        .expect("final");
    // Issue 18 item 4: the winner won the final of round 3 (of 3), not "reached round
    // 4"; everyone else is named by the round he lost in.
    assert_eq!(
        over.text(),
        "Tournament cup is over: k1 wins the final (round 3) against k2.\n\
         cup standings, after round 3 (final):\n\
         1. k1: won the final (round 3)\n\
         2. k2: lost the final (round 3)\n\
         3. k4: lost in the semi-final (round 2)\n\
         4= k3: lost in the quarter-final (round 1)\n\
         4= k5: lost in the quarter-final (round 1)\n\
         4= k7: lost in the quarter-final (round 1)\n\
         4= k8: lost in the quarter-final (round 1)\n\
         8. k6: lost in the semi-final (round 2) (withdrawn)"
    );
    assert_eq!(load(&*b.store, "cup").phase, Phase::Finished);

    // Cancel: a second tournament's games are aborted.
    ok(org(&b.core, &lobby, "!tournament new cup2 katro knockout"));
    ok(say(&b.core, &lobby, "k1", "!tournament join cup2"));
    ok(say(&b.core, &lobby, "k2", "!tournament join cup2"));
    let out = org(&b.core, &lobby, "!tournament start cup2");
    let room = out[1].to.clone().unwrap();
    let r = ok(org(&b.core, &lobby, "!tournament cancel cup2"));
    assert_eq!(
        r.text(),
        "Tournament cup2 is cancelled; 1 game in play was aborted."
    );
    let e = refused(say(&b.core, &room, "k1", "!sow a1+"));
    assert!(e.starts_with("there is no game in play here"), "{e}");
    // Cancelling it again is refused, not announced twice.
    let e = refused(org(&b.core, &lobby, "!tournament cancel cup2"));
    assert!(e.contains("cup2") && !e.contains("is cancelled"), "{e}");
}

/// Rooms that cannot be opened where the tournament is asked for: creating it is
/// refused with their reason, and nothing is stored.
#[test]
fn tournament_refused_where_no_rooms_can_be_opened() {
    struct NoRooms;
    impl mancala_bot::core::api::Rooms for NoRooms {
        fn open(
            &self,
            _: &ChannelKey,
            _: &mancala_bot::core::api::RoomSpec,
        ) -> Result<ChannelKey, String> {
            Err("no rooms here".into())
        }
        fn can_open(&self, _: &ChannelKey) -> Result<(), String> {
            Err("tournaments cannot run here".into())
        }
    }
    let b = bench();
    b.core.set_rooms(Arc::new(NoRooms));
    let lobby = chan("lobby");
    let e = refused(org(
        &b.core,
        &lobby,
        "!tournament new rr katro:4x4 roundrobin 1d",
    ));
    assert_eq!(e, "tournaments cannot run here");
    let e = refused(say(&b.core, &lobby, "p1", "!tournament join rr"));
    assert!(e.contains("rr"), "{e}");
}

/// Issue 18 item 4: before the start, `!tournament pairings` says the tournament has not
/// started and how many have joined (not "no tournament"); with several tournaments
/// open, the refusal asks to name one with the command that was typed.
#[test]
fn pairings_before_the_start_and_several_open_tournaments_name_the_right_command() {
    let b = bench();
    let lobby = chan("lobby");
    ok(org(
        &b.core,
        &lobby,
        "!tournament new spring katro:4x4 roundrobin 1d",
    ));
    let e = refused(say(&b.core, &lobby, "p1", "!tournament pairings"));
    assert_eq!(
        e,
        "spring has not started yet: nobody has joined so far; an organizer starts it \
         with `!tournament start spring`"
    );
    for p in ["p1", "p2", "p3"] {
        ok(say(&b.core, &lobby, p, "!tournament join"));
    }
    for cmd in ["!tournament pairings", "!tournament pairings spring"] {
        let e = refused(say(&b.core, &lobby, "p1", cmd));
        assert_eq!(
            e,
            "spring has not started yet: 3 players have joined so far; an organizer \
             starts it with `!tournament start spring`",
            "{cmd}"
        );
    }
    ok(org(
        &b.core,
        &lobby,
        "!tournament new autumn hoyito knockout",
    ));
    let e = refused(say(&b.core, &lobby, "p4", "!tournament join"));
    assert_eq!(
        e,
        "several tournaments fit (autumn, spring); name one, e.g. `!tournament join autumn`"
    );
    let e = refused(say(&b.core, &lobby, "p1", "!tournament leave"));
    assert_eq!(
        e,
        "several tournaments fit (autumn, spring); name one, e.g. `!tournament leave autumn`"
    );
    let e = refused(say(&b.core, &lobby, "p1", "!tournament withdraw @p1"));
    assert_eq!(
        e,
        "several tournaments fit (autumn, spring); name one, e.g. \
         `!tournament withdraw @p1 autumn`"
    );
    let r = ok(say(
        &b.core,
        &lobby,
        "p1",
        "!tournament withdraw @p1 spring",
    ));
    assert_eq!(r.text(), "p1 is withdrawn from spring.");
    let r = ok(say(&b.core, &lobby, "p4", "!tournament join autumn"));
    assert_eq!(r.text(), "p4 joins autumn (1 player).");
}

/// Issue 12 item 6: a tournament game in which a side never moved is unrated however it
/// ended, and still scores in the standings: a resignation before any move in round
/// one, and a withdrawal before the withdrawn player's first move.
#[test]
fn round_one_games_ended_before_both_moved_score_but_are_unrated() {
    let b = bench();
    let lobby = chan("early");
    ok(org(
        &b.core,
        &lobby,
        "!tournament new early katro roundrobin notime",
    ));
    for p in ["p1", "p2", "p3", "p4"] {
        ok(say(&b.core, &lobby, p, "!tournament join"));
    }
    org(&b.core, &lobby, "!tournament start");
    let t = load(&*b.store, "early");
    let [b1, b2] = [0, 1].map(|i| t.rounds[0].pairings[i].clone());
    assert_eq!(
        pairs(&t, 0),
        vec![("p1".into(), "p4".into()), ("p2".into(), "p3".into())]
    );
    // Board 1: p1 resigns before any move.
    let out = say(&b.core, b1.room.as_ref().unwrap(), "p1", "!resign");
    let id = crate::archive::announced_id(&out[0].text());
    assert_eq!(
        out[0].text(),
        format!(
            "p1 (South) resigns.\nGame over. p4 (North) wins: resignation. Captured: South 0, \
             North 0.\nUnrated: the game ended before both sides had moved.\nGame id: `{id}` \
             (`!analyze ID` reviews it, `!history` lists this channel's games)."
        )
    );
    assert_eq!(out[1].text(), "early round 1, board 1: p1 0-1 p4.");
    // Board 2: p2 moves, then p3 is withdrawn before his first move.
    let room2 = b2.room.clone().unwrap();
    ok(say(&b.core, &room2, "p2", "!sow c1+"));
    let out = say_as(
        &b.core,
        &lobby,
        "p3",
        "!tournament withdraw @p3 early",
        false,
    );
    let game_end = out
        .iter()
        .find(|r| r.text().starts_with("p3 is withdrawn from the tournament"))
        .expect("the game resigned");
    assert!(
        game_end
            .text()
            .contains("\nUnrated: the game ended before both sides had moved.\n"),
        "{}",
        game_end.text()
    );
    let t = load(&*b.store, "early");
    assert_eq!(t.rounds[0].pairings[0].result, Some(Res::North));
    assert_eq!(t.rounds[0].pairings[1].result, Some(Res::South));
    let points: Vec<(String, u32)> = t
        .standings()
        .iter()
        .map(|s| (name(&t, s.entrant), s.points))
        .collect();
    // Both round-one results score (half points); round 2 was paired at once, where
    // p4 meets the withdrawn p3 and wins by forfeit. The withdrawn p3 is listed last.
    assert_eq!(
        points,
        vec![
            ("p4".to_string(), 4),
            ("p2".to_string(), 2),
            ("p1".to_string(), 0),
            ("p3".to_string(), 0)
        ]
    );
    // Neither game moved a rating.
    let ratings = mancala_bot::core::ratings::table(&*b.store, "guild-1", "katro").unwrap();
    assert!(ratings.players.is_empty(), "{:?}", ratings.players);
    let r = ok(say(&b.core, &lobby, "p4", "!rating"));
    assert_eq!(r.text(), "p4: Katro unrated; Hoyito unrated.");
}

/// Rooms as the Matrix transport opens them: each a community of its own, with the
/// players and the organizer invited, closed after an hour; every call recorded.
#[derive(Default)]
struct RecordingRooms {
    opened: std::sync::Mutex<Vec<mancala_bot::core::api::RoomSpec>>,
    closed: std::sync::Mutex<Vec<ChannelKey>>,
}

impl mancala_bot::core::api::Rooms for RecordingRooms {
    fn open(
        &self,
        _: &ChannelKey,
        room: &mancala_bot::core::api::RoomSpec,
    ) -> Result<ChannelKey, String> {
        self.opened.lock().unwrap().push(room.clone());
        Ok(ChannelKey {
            community: format!("!{}", room.name),
            channel: format!("!{}", room.name),
        })
    }

    fn close_after_ms(&self) -> Option<u64> {
        Some(3_600_000)
    }

    fn close(&self, room: &ChannelKey) -> Result<(), String> {
        self.closed.lock().unwrap().push(room.clone());
        Ok(())
    }
}

/// Issue 17 item 2: a tournament game's room is opened with both players and the
/// organizer invited, the result is announced at home and rated in the tournament's
/// community (the room is a community of its own, as on Matrix), and the room is closed
/// once, an hour (the rooms' grace period) after the game ended, by the driver.
#[test]
fn game_rooms_invite_the_players_and_close_after_the_grace_period() {
    let b = bench();
    let rooms = Arc::new(RecordingRooms::default());
    b.core.set_rooms(rooms.clone());
    let lobby = chan("lobby");
    ok(org(
        &b.core,
        &lobby,
        "!tournament new ko katro:4x4 knockout notime",
    ));
    for p in ["p1", "p2"] {
        ok(say(&b.core, &lobby, p, "!tournament join ko"));
    }
    let out = org(&b.core, &lobby, "!tournament start ko");
    assert!(out.iter().all(|r| !r.is_error), "{out:?}");
    let opened = rooms.opened.lock().unwrap().clone();
    assert_eq!(opened.len(), 1, "{opened:?}");
    assert_eq!(opened[0].name, "tourney-ko-r1-b1");
    let invited: Vec<&str> = opened[0].invite.iter().map(|u| u.name.as_str()).collect();
    assert_eq!(
        invited,
        ["p1", "p2", "org"],
        "South, North, then the organizer"
    );
    let room = ChannelKey {
        community: "!tourney-ko-r1-b1".into(),
        channel: "!tourney-ko-r1-b1".into(),
    };
    for who in ["p1", "p2"] {
        let mv = b.core.legal_moves(&room)[0].clone();
        ok(say(&b.core, &room, who, &format!("!sow {mv}")));
    }
    // In the game's room (a community of its own), `!tournament` means the
    // tournament's community: its pairings, unnamed, and its list.
    let r = ok(say(&b.core, &room, "p1", "!tournament pairings"));
    assert!(r.text().starts_with("ko round 1:"), "{}", r.text());
    let r = ok(say(&b.core, &room, "p1", "!tournament"));
    assert!(r.text().contains("ko"), "{}", r.text());
    let out = say(&b.core, &room, "p2", "!resign");
    let home: Vec<String> = out
        .iter()
        .filter(|r| r.to.as_ref() == Some(&lobby))
        .map(|r| r.text())
        .collect();
    assert!(
        home.iter()
            .any(|t| t.starts_with("ko round 1, board 1: p1 1-0 p2")),
        "{home:?}"
    );
    // After the game too (the room's last game links it to the tournament).
    let r = ok(say(&b.core, &room, "p2", "!tournament standings ko"));
    assert!(r.text().contains("p1"), "{}", r.text());
    // Rated in the tournament's community, not the room's.
    let r = ok(say(&b.core, &lobby, "p1", "!rating"));
    assert!(r.text().contains("(1 game: 1 won"), "{}", r.text());

    // The driver stamps the end, and closes the room only after the grace period.
    b.core.tick();
    b.clock.advance(Duration::from_secs(59 * 60));
    b.core.tick();
    assert!(rooms.closed.lock().unwrap().is_empty(), "closed too early");
    b.clock.advance(Duration::from_secs(2 * 60));
    b.core.tick();
    b.core.tick();
    assert_eq!(*rooms.closed.lock().unwrap(), vec![room]);
    let t = load(&*b.store, "ko");
    let p = &t.rounds[0].pairings[0];
    assert!(p.closed && p.ended_ms.is_some(), "{p:?}");
}
