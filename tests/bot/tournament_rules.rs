//! Tournament results and formats through the core, driven by chat commands: a drawn
//! knockout game is settled by the rule chosen at creation and announced (never a
//! silent advance), shared ranks, a Swiss bye counted when its round ends, the double
//! round robin, the accelerated Swiss and `!tournament info`.

use mancala_bot::core::api::{ChatCore, Reply};
use mancala_bot::core::tournament::{Format, KnockoutTie, Phase, Res, Tournament};
use mancala_bot::core::Core;
use mancala_bot::model::ChannelKey;
use mancala_bot::store::Store;

use crate::core_chat::{bench, chan, ok, refused, say, say_as};

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

fn texts(replies: &[Reply]) -> String {
    replies
        .iter()
        .map(|r| r.text())
        .collect::<Vec<_>>()
        .join("\n---\n")
}

/// In `room`, `south` and `north` each make a move (the first legal one), then the
/// game ends with `res`: `!resign` by the loser, or `!draw` by both.
fn finish(core: &Core, room: &ChannelKey, (south, north): (&str, &str), res: Res) -> Vec<Reply> {
    let mut out = Vec::new();
    for who in [south, north] {
        let mv = core.legal_moves(room)[0].clone();
        out.extend(say(core, room, who, &format!("!sow {mv}")));
    }
    match res {
        Res::South => out.extend(say(core, room, north, "!resign")),
        Res::North => out.extend(say(core, room, south, "!resign")),
        Res::Draw => {
            out.extend(say(core, room, south, "!draw"));
            out.extend(say(core, room, north, "!draw"));
        }
    }
    assert!(out.iter().all(|r| !r.is_error), "{}", texts(&out));
    out
}

/// A knockout of k1 and k2 (k1 the higher seed: equal ratings, joined first) created
/// with `options` after the format, started; the room of its one board.
fn final_of_two(core: &Core, name: &str, options: &str) -> (ChannelKey, Reply) {
    let lobby = chan("ko-hall");
    let created = ok(org(
        core,
        &lobby,
        &format!("!tournament new {name} katro:4x4 knockout {options}"),
    ));
    for p in ["k1", "k2"] {
        ok(say(core, &lobby, p, &format!("!tournament join {name}")));
    }
    let out = org(core, &lobby, &format!("!tournament start {name}"));
    let room = out[1].to.clone().expect("the game's room");
    (room, created)
}

#[test]
fn a_drawn_knockout_game_is_replayed_with_sides_swapped_then_decided_by_a_shorter_decider() {
    let b = bench();
    let (room, created) = final_of_two(&b.core, "cup", "2d");
    // The rule is stated when the tournament is created.
    assert!(
        created.text().ends_with(
            "\nKnockout draws (`rematch`|`seed`, chosen at creation): a drawn game is followed \
             by a second game with the sides swapped; if that is drawn too, by deciders at half \
             the time per move (at least 1 h), the sides swapped each time; after a third drawn \
             decider the higher seed advances."
        ),
        "{}",
        created.text()
    );
    let out = finish(&b.core, &room, ("k1", "k2"), Res::Draw);
    let all = texts(&out);
    // Nobody advances on the draw: the rule is announced and a second game opens.
    assert!(
        all.contains(
            "cup round 1, board 1: k1 ½-½ k2.\nBoard 1 drawn: k2 and k1 play a second game \
             with the sides swapped (k2 is South)."
        ),
        "{all}"
    );
    assert!(!all.contains("is over"), "{all}");
    let t = load(&*b.store, "cup");
    assert_eq!(t.phase, Phase::Running);
    let p = &t.rounds[0].pairings[0];
    assert!(p.is_open());
    // The second game has an id of its own, random like the first's; both are kept.
    let second = p.game_id.clone().expect("the second game's id");
    assert_eq!(second.len(), 8, "{second}");
    let ids = t.board_game_ids(1, p);
    assert_eq!(ids.len(), 2, "{ids:?}");
    assert_eq!(ids[1], second);
    assert_ne!(ids[0], second);
    let opened = out
        .iter()
        .find(|r| r.to.as_ref() == Some(&room) && r.text().starts_with("Tournament cup"))
        .expect("the second game announced in the room");
    assert!(
        opened.text().contains("k2 (South) vs k1 (North)")
            && opened
                .text()
                .contains("\nSecond game of this board, after a drawn one: the sides are swapped."),
        "{}",
        opened.text()
    );
    // Drawn again: a decider at half the time per move, sides swapped back.
    let out = finish(&b.core, &room, ("k2", "k1"), Res::Draw);
    assert!(
        texts(&out).contains(
            "cup round 1, board 1: k2 ½-½ k1.\nBoard 1 drawn again: k1 and k2 play decider 1 \
             at 24 h per move (k1 is South)."
        ),
        "{}",
        texts(&out)
    );
    assert!(
        texts(&out).contains(
            "\nDecider 1 of this board, after drawn games: 24 h per move, the sides swapped."
        ),
        "{}",
        texts(&out)
    );
    let st = b.store.load(&room).unwrap().expect("the decider");
    assert_eq!(
        st.record.timing().map(|t| t.move_time_ms),
        Some(24 * 3_600_000)
    );
    let r = ok(say(&b.core, &room, "k1", "!tournament pairings cup"));
    assert!(
        r.text()
            .ends_with("½-½, ½-½, playing in #tourney-cup-r1-b1"),
        "{}",
        r.text()
    );
    // k2 (North in the decider) wins it: the final is his.
    let out = finish(&b.core, &room, ("k1", "k2"), Res::North);
    let over = out
        .iter()
        .find(|r| r.text().starts_with("Tournament cup is over"))
        .expect("over");
    assert!(
        over.text()
            .starts_with("Tournament cup is over: k2 wins the final (round 1) against k1."),
        "{}",
        over.text()
    );
    let t = load(&*b.store, "cup");
    assert_eq!(
        t.rounds[0].pairings[0].games,
        [Res::Draw, Res::Draw, Res::North]
    );
    let r = ok(say(&b.core, &room, "k1", "!tournament pairings cup"));
    assert!(r.text().ends_with("½-½, ½-½, 0-1"), "{}", r.text());
}

#[test]
fn under_the_seed_rule_a_drawn_game_advances_the_higher_seed_with_an_announcement() {
    let b = bench();
    let (room, created) = final_of_two(&b.core, "cup", "seed");
    assert!(
        created
            .text()
            .ends_with("\nKnockout draws (`rematch`|`seed`, chosen at creation): a drawn game advances the higher seed."),
        "{}",
        created.text()
    );
    let out = finish(&b.core, &room, ("k1", "k2"), Res::Draw);
    let all = texts(&out);
    assert!(
        all.contains(
            "Board 1 drawn: k1 advances as the higher seed (the tournament's tie-break rule)."
        ),
        "{all}"
    );
    assert!(
        all.contains("Tournament cup is over: k1 wins the final (round 1) against k2."),
        "{all}"
    );
    let t = load(&*b.store, "cup");
    assert_eq!(t.knockout_ties, KnockoutTie::Seed);
    assert!(t.rounds[0].pairings[0].by_rule);
}

#[test]
fn a_knockout_board_won_at_once_needs_no_second_game() {
    let b = bench();
    let (room, _) = final_of_two(&b.core, "cup", "");
    let out = finish(&b.core, &room, ("k1", "k2"), Res::North);
    let all = texts(&out);
    assert!(!all.contains("drawn"), "{all}");
    assert!(
        all.contains("Tournament cup is over: k2 wins the final (round 1) against k1."),
        "{all}"
    );
}

#[test]
fn tournament_info_states_format_time_tie_breaks_rules_and_organizer() {
    let b = bench();
    let lobby = chan("info-hall");
    ok(org(
        &b.core,
        &lobby,
        "!tournament new cup katro knockout 1d",
    ));
    ok(say(&b.core, &lobby, "k1", "!tournament join cup"));
    let r = ok(say(&b.core, &lobby, "k1", "!tournament info cup"));
    assert_eq!(
        r.text(),
        "Tournament cup: Katro 6x6, knockout, 24 h per move.\n\
         Run by org; registration open, 1 player.\n\
         Standings: by the round reached; players out in the same round share a rank; \
         withdrawn players are listed last.\n\
         Knockout draws (`rematch`|`seed`, chosen at creation): a drawn game is followed by a \
         second game with the sides swapped; if that is drawn too, by deciders at half the \
         time per move (at least 1 h), the sides swapped each time; after a third drawn \
         decider the higher seed advances.\n\
         Rules: the games are rated; a passed deadline loses the game; no hints, takebacks \
         or aborts; the game's rules: `!rules katro`."
    );
    ok(org(
        &b.core,
        &lobby,
        "!tournament new sw hoyito swiss 4 accelerated notime",
    ));
    let r = ok(say(&b.core, &lobby, "k1", "!tournament info sw"));
    assert!(
        r.text().starts_with(
            "Tournament sw: Hoyito 2x6, Swiss, 4 rounds, accelerated, no time limit.\n\
             Run by org; registration open, 0 players.\n\
             Standings: points (win 1, draw ½, a bye 1 once its round ends), then Buchholz"
        ),
        "{}",
        r.text()
    );
    assert!(
        r.text().contains("\nRound 1 is accelerated:"),
        "{}",
        r.text()
    );
    // Without a name, the only one here that fits; an unknown name is refused.
    let e = refused(say(&b.core, &lobby, "k1", "!tournament info nope"));
    assert!(e.starts_with("there is no tournament `nope` here"), "{e}");
    // Options of another format are refused at creation, nothing stored.
    let e = refused(org(
        &b.core,
        &lobby,
        "!tournament new rr katro roundrobin seed",
    ));
    assert!(
        e.starts_with("`seed` is an option of `knockout` only"),
        "{e}"
    );
    assert!(b
        .store
        .doc(&Tournament::key_of("guild-1", "rr"))
        .unwrap()
        .is_none());
}

#[test]
fn a_double_round_robin_plays_every_pairing_twice_with_sides_swapped() {
    let b = bench();
    let lobby = chan("drr-hall");
    let r = ok(org(
        &b.core,
        &lobby,
        "!tournament new drr katro:4x4 double 1d",
    ));
    assert!(
        r.text()
            .starts_with("Tournament drr created: Katro 4x4, double round robin, 24 h per move."),
        "{}",
        r.text()
    );
    for p in ["d1", "d2", "d3"] {
        ok(say(&b.core, &lobby, p, "!tournament join"));
    }
    let out = org(&b.core, &lobby, "!tournament start");
    assert!(
        out[0]
            .text()
            .starts_with("drr starts: 3 players, double round robin, 6 rounds."),
        "{}",
        out[0].text()
    );
    let mut seen = Vec::new();
    let mut last = Vec::new();
    for _ in 0..6 {
        let t = load(&*b.store, "drr");
        let round = t.current().unwrap().clone();
        for p in round.pairings.iter().filter(|p| p.is_open()) {
            let n = p.north.unwrap();
            let names = (
                t.entrants[p.south].user.name.clone(),
                t.entrants[n].user.name.clone(),
            );
            seen.push(names.clone());
            let room = p.room.clone().unwrap();
            last = finish(&b.core, &room, (&names.0, &names.1), Res::South);
        }
    }
    let t = load(&*b.store, "drr");
    assert_eq!(t.phase, Phase::Finished);
    assert_eq!(t.format, Format::DoubleRoundRobin);
    seen.sort();
    let mut want: Vec<(String, String)> = Vec::new();
    for a in ["d1", "d2", "d3"] {
        for c in ["d1", "d2", "d3"] {
            if a != c {
                want.push((a.into(), c.into()));
            }
        }
    }
    assert_eq!(seen, want, "each pair twice, once from each side");
    // South won every game: everyone 2 wins, 2 losses, equal on everything: they
    // share first place, and nobody is named the winner.
    let r = ok(say(&b.core, &lobby, "d1", "!tournament standings drr"));
    assert_eq!(r.text().matches("\n1= ").count(), 3, "{}", r.text());
    assert!(
        texts(&last).starts_with(
            "Tournament drr is over: d1, d2, d3 share first place, equal on points and every \
             tie-break."
        ) || texts(&last).contains(
            "\nTournament drr is over: d1, d2, d3 share first place, equal on points and every \
             tie-break."
        ),
        "{}",
        texts(&last)
    );
}

#[test]
fn a_swiss_bye_scores_when_its_round_ends_not_before() {
    let b = bench();
    let lobby = chan("bye-hall");
    ok(org(
        &b.core,
        &lobby,
        "!tournament new sw katro:4x4 swiss 2 1d",
    ));
    for p in ["s1", "s2", "s3"] {
        ok(say(&b.core, &lobby, p, "!tournament join"));
    }
    org(&b.core, &lobby, "!tournament start");
    let t = load(&*b.store, "sw");
    let bye = t.rounds[0]
        .pairings
        .iter()
        .find(|p| p.north.is_none())
        .map(|p| t.entrants[p.south].user.name.clone())
        .expect("a bye");
    let r = ok(say(&b.core, &lobby, "s1", "!tournament standings"));
    assert!(
        r.text().contains(&format!(" {bye} 0 pts (0-0-0)")),
        "the bye is not counted while the round is played: {}",
        r.text()
    );
    let p = t.rounds[0].pairings.iter().find(|p| p.is_open()).unwrap();
    let names = (
        t.entrants[p.south].user.name.clone(),
        t.entrants[p.north.unwrap()].user.name.clone(),
    );
    finish(
        &b.core,
        p.room.as_ref().unwrap(),
        (&names.0, &names.1),
        Res::South,
    );
    let r = ok(say(&b.core, &lobby, "s1", "!tournament standings"));
    assert!(
        r.text().contains(&format!(" {bye} 1 pt (1-0-0)")),
        "the bye counts once the round is over: {}",
        r.text()
    );
}

/// Every `!set` in a tournament's room is honoured or refused with the reason: the
/// tournament's rules decide forfeits (its time control) and hints; how the room looks
/// and speaks is the room's. Outside the rooms, and once the tournament is over, the
/// settings are the channel's again.
#[test]
fn settings_in_a_tournament_room_are_honoured_or_refused_with_the_reason() {
    let b = bench();
    let lobby = chan("set-hall");
    let (room, _) = final_of_two(&b.core, "cup", "1d");
    for word in ["off", "on"] {
        let e = refused(org(&b.core, &room, &format!("!set autoforfeit {word}")));
        assert_eq!(
            e,
            "this is a room of the tournament cup: its time control applies (24 h per move), \
             and a passed deadline always loses a tournament game; `!set autoforfeit` is for \
             games outside tournaments, set it in another channel"
        );
        let e = refused(org(&b.core, &room, &format!("!set hints {word}")));
        assert!(
            e.starts_with("this is a room of the tournament cup: tournament games never get hints"),
            "{e}"
        );
    }
    // How the room looks and speaks is honoured.
    for set in [
        "!set theme dark",
        "!set view south",
        "!set pictures sheet",
        "!set threads off",
    ] {
        ok(org(&b.core, &room, set));
    }
    let r = ok(org(&b.core, &room, "!set language fr"));
    assert!(!r.text().is_empty());
    // The tournament's home is not one of its rooms: its own games follow its settings.
    ok(org(&b.core, &ko_hall(), "!set autoforfeit on"));
    ok(org(&b.core, &lobby, "!set hints on"));
    // Once the tournament is over, the room is a channel like any other.
    finish(&b.core, &room, ("k1", "k2"), Res::South);
    assert_eq!(load(&*b.store, "cup").phase, Phase::Finished);
    ok(org(&b.core, &room, "!set autoforfeit on"));
}

fn ko_hall() -> ChannelKey {
    chan("ko-hall")
}

/// The open boards of every round of `t`, as (room, South's name, North's name).
fn open_boards(t: &Tournament) -> Vec<(ChannelKey, String, String)> {
    t.rounds
        .iter()
        .flat_map(|r| &r.pairings)
        .filter(|p| p.is_open())
        .map(|p| {
            (
                p.room.clone().expect("room opened"),
                t.entrants[p.south].user.name.clone(),
                t.entrants[p.north.unwrap()].user.name.clone(),
            )
        })
        .collect()
}

/// An arena: players who are free are paired at once (never straight back with the
/// opponent they just played while others play), scored by wins and streaks; its
/// window's end stops new pairings, the games running finish, then it is over.
#[test]
fn an_arena_pairs_free_players_until_its_window_ends_then_running_games_finish() {
    let b = bench();
    let lobby = chan("arena-hall");
    let r = ok(org(
        &b.core,
        &lobby,
        "!tournament new ar katro:4x4 arena 10m 1h",
    ));
    assert!(
        r.text()
            .starts_with("Tournament ar created: Katro 4x4, arena, 10 min, 1 h per move."),
        "{}",
        r.text()
    );
    for p in ["a1", "a2", "a3", "a4"] {
        ok(say(&b.core, &lobby, p, "!tournament join"));
    }
    let out = org(&b.core, &lobby, "!tournament start");
    assert!(
        out[0]
            .text()
            .starts_with("ar starts: 4 players, arena, 10 min."),
        "{}",
        out[0].text()
    );
    let r = ok(say(&b.core, &lobby, "a1", "!tournament info ar"));
    assert!(
        r.text().contains(
            "\nStandings: arena points: a win 2, a draw 1; after two wins in a row each win \
             counts 4 until a game is not won;"
        ) && r
            .text()
            .contains("\nArena: players who are free are paired with each other at once, until "),
        "{}",
        r.text()
    );
    let t = load(&*b.store, "ar");
    let boards = open_boards(&t);
    assert_eq!(boards.len(), 2);
    // Board 1 ends: its two players just met, and wait while the others play.
    let (room, s, n) = boards[0].clone();
    let out = finish(&b.core, &room, (&s, &n), Res::South);
    assert!(!texts(&out).contains("new games"), "{}", texts(&out));
    let r = ok(say(&b.core, &lobby, "a1", "!tournament pairings ar"));
    assert!(
        r.text().contains(&format!(
            "\n{} (South) vs {} (North): playing in #",
            boards[1].1, boards[1].2
        )),
        "{}",
        r.text()
    );
    // Board 2 ends: the four are paired at once, winners together.
    let (room2, s2, n2) = boards[1].clone();
    let out = finish(&b.core, &room2, (&s2, &n2), Res::South);
    assert!(
        texts(&out).contains("Arena ar: new games."),
        "{}",
        texts(&out)
    );
    let t = load(&*b.store, "ar");
    let wave = open_boards(&t);
    assert_eq!(wave.len(), 2);
    let winners = [s.clone(), s2.clone()];
    assert!(
        winners.contains(&wave[0].1) && winners.contains(&wave[0].2),
        "{wave:?}"
    );
    // The window closes: the games running finish, nobody is paired again.
    b.clock.advance(std::time::Duration::from_secs(11 * 60));
    let (room3, s3, n3) = wave[0].clone();
    let out = finish(&b.core, &room3, (&s3, &n3), Res::South);
    assert!(!texts(&out).contains("new games"), "{}", texts(&out));
    assert_eq!(load(&*b.store, "ar").phase, Phase::Running);
    let (room4, s4, n4) = wave[1].clone();
    let out = finish(&b.core, &room4, (&s4, &n4), Res::Draw);
    let all = texts(&out);
    // s3 won twice (4 points); s4 and n4 drew after a win and a loss.
    assert!(
        all.contains(&format!("Tournament ar is over: {s3} wins.")),
        "{all}"
    );
    assert!(
        all.contains(&format!(
            "\nar standings, after 4 games (final):\n1. {s3} 4 pts (2-0-0)"
        )),
        "{all}"
    );
    let t = load(&*b.store, "ar");
    assert_eq!(t.phase, Phase::Finished);
    assert_eq!(t.rounds.len(), 2);
}
