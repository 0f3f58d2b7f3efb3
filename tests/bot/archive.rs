//! The players' archive through the core (issue "Players: an archive of their games"):
//! short game ids shown where a game starts and ends, `!games`, `!game ID` from any
//! channel, `!history` of a channel's finished games, `!record [ID]`, `!analyze ID`.

use mancala_bot::core::api::{time_token, Segment};
use mancala_bot::model::ChannelKey;
use mancala_bot::store::Store;

use crate::core_chat::{bench, chan, ok, refused, say, say_as, Bench};

/// The id a reply announces (`Game id: `ID` ...`).
#[track_caller]
pub fn announced_id(text: &str) -> String {
    let at = text
        .find("Game id: `")
        .unwrap_or_else(|| panic!("no id in: {text}"));
    let rest = &text[at + "Game id: `".len()..];
    rest[..rest.find('`').unwrap()].to_string()
}

/// `author` challenges `opponent` (as South, with `time`) in `at`, who accepts: the
/// game's id as the start announces it.
fn play(b: &Bench, at: &ChannelKey, (author, opponent): (&str, &str), time: &str) -> String {
    ok(say(
        &b.core,
        at,
        author,
        &format!("!new katro @{opponent} as south {time}"),
    ));
    let start = ok(say(&b.core, at, opponent, "!accept")).text();
    let id = announced_id(&start);
    assert!(
        start.ends_with(&format!(
            "Game id: `{id}` (`!game ID` shows it from any channel, `!games` lists yours)."
        )),
        "{start}"
    );
    id
}

#[test]
fn new_ids_are_eight_characters_of_the_alphabet_and_differ() {
    let b = bench();
    let ids: Vec<String> = ["a", "b", "c"]
        .iter()
        .map(|c| play(&b, &chan(c), ("alice", "bob"), "notime"))
        .collect();
    for id in &ids {
        assert_eq!(id.len(), 8, "{id}");
        assert!(
            id.bytes()
                .all(|c| b"0123456789abcdefghjkmnpqrstvwxyz".contains(&c)),
            "{id}"
        );
    }
    assert!(ids[0] != ids[1] && ids[1] != ids[2] && ids[0] != ids[2]);
    // The record keeps the id the players were shown.
    assert_eq!(b.store.load(&chan("b")).unwrap().unwrap().record.id, ids[1]);
}

#[test]
fn games_lists_the_games_in_play_then_the_finished_ones() {
    let b = bench();
    let now = 1_700_000_000_000;
    // alice to move in #a (with a clock), carol to move in #b, alice to move in #c.
    let a = play(&b, &chan("a"), ("alice", "bob"), "2d");
    let bb = play(&b, &chan("b"), ("carol", "alice"), "notime");
    let c = play(&b, &chan("c"), ("alice", "dave"), "notime");
    let r = ok(say(&b.core, &chan("z"), "alice", "!games"));
    let due = time_token(now + 2 * 86_400_000);
    assert_eq!(
        r.text(),
        format!(
            "Games of alice:\nIn play (3):\n\
             `{c}` Katro 6x6 vs dave in #c: your move, no clock\n\
             `{bb}` Katro 6x6 vs carol in #b: carol to move, no clock\n\
             `{a}` Katro 6x6 vs bob in #a: your move, due {due}\n\
             `!game ID` shows a game from any channel."
        )
    );
    // Each channel is a typed segment of the reply, for the transports to link.
    let channels: Vec<ChannelKey> = r
        .body
        .segments()
        .into_iter()
        .filter_map(|s| match s {
            Segment::Channel(at) => Some(at),
            _ => None,
        })
        .collect();
    assert_eq!(channels, vec![chan("c"), chan("b"), chan("a")]);
    // The opponent sees his one game, his turn marked as his opponent's.
    let r = ok(say(&b.core, &chan("z"), "bob", "!games"));
    assert_eq!(
        r.text(),
        format!(
            "Games of bob:\nIn play (1):\n\
             `{a}` Katro 6x6 vs alice in #a: alice to move, due {due}\n\
             `!game ID` shows a game from any channel."
        )
    );
    // Finished: bob resigns in #a, alice in #c.
    let end = ok(say(&b.core, &chan("a"), "bob", "!resign")).text();
    assert!(
        end.ends_with(&format!(
            "Game id: `{a}` (`!analyze ID` reviews it, `!history` lists this channel's games)."
        )),
        "{end}"
    );
    ok(say(&b.core, &chan("c"), "alice", "!resign"));
    let r = ok(say(&b.core, &chan("b"), "alice", "!games"));
    assert_eq!(
        r.text(),
        format!(
            "Games of alice:\nIn play (1):\n\
             `{bb}` Katro 6x6 vs carol in #b: carol to move, no clock\n\
             Last finished (2):\n\
             `{c}` Katro 6x6 vs dave: lost, 2023-11-14 22:13 UTC\n\
             `{a}` Katro 6x6 vs bob: won, 2023-11-14 22:13 UTC\n\
             `!game ID` shows a game from any channel."
        )
    );
    assert_eq!(
        ok(say(&b.core, &chan("z"), "erin", "!games")).text(),
        "you have no games in this community yet: start one with `!new GAME [@opponent]`"
    );
}

#[test]
fn game_shows_one_game_from_any_channel_and_refuses_bad_ids() {
    let b = bench();
    let a = play(&b, &chan("a"), ("alice", "bob"), "notime");
    ok(say(&b.core, &chan("a"), "alice", "!sow c1+"));
    let r = ok(say(
        &b.core,
        &chan("elsewhere"),
        "carol",
        &format!("!game {a}"),
    ));
    assert_eq!(
        r.text(),
        format!(
            "Game `{a}`, played in #a:\nGame {a}: Katro 6x6\nalice (South) vs bob (North)\n\
             Started 2023-11-14 22:13 UTC\nIn play: bob (North) to move\n1.S c1+"
        )
    );
    assert_eq!(r.attachments.len(), 1, "the board");
    // Typed in capitals, with look-alikes: the same game.
    let shouted = a.to_uppercase().replace('0', "O").replace('1', "I");
    let again = ok(say(
        &b.core,
        &chan("x"),
        "carol",
        &format!("!game {shouted}"),
    ));
    assert_eq!(again.text(), r.text());
    // `!record ID` gives the moves of that game from anywhere; `!record` the game here.
    let rec = ok(say(&b.core, &chan("x"), "carol", &format!("!record {a}"))).text();
    assert!(rec.ends_with("\n1.S c1+"), "{rec}");
    assert_eq!(ok(say(&b.core, &chan("a"), "carol", "!record")).text(), rec);

    assert_eq!(
        refused(say(&b.core, &chan("x"), "carol", "!game k7m2")),
        "`k7m2` is not a game id: an id is 8 letters and digits such as `k7m2q9xd` (or an \
         older one such as `1700000000000-3`); usage: `!game ID`"
    );
    assert_eq!(
        refused(say(&b.core, &chan("x"), "carol", "!game")),
        "which game? Give its id; usage: `!game ID` (`!games` lists yours)"
    );
    let unknown = if a == "zzzzzzzz" {
        "yyyyyyyy"
    } else {
        "zzzzzzzz"
    };
    assert_eq!(
        refused(say(
            &b.core,
            &chan("x"),
            "carol",
            &format!("!game {unknown}")
        )),
        format!(
            "there is no game `{unknown}` in this community: `!games` lists yours, \
             `!history` this channel's"
        )
    );
    // Another community does not see this one's games, in play or finished.
    let other = ChannelKey {
        community: "guild-2".into(),
        channel: "a".into(),
    };
    let refusal = refused(say(&b.core, &other, "carol", &format!("!game {a}")));
    assert!(
        refusal.starts_with(&format!("there is no game `{a}`")),
        "{refusal}"
    );
    ok(say(&b.core, &chan("a"), "bob", "!resign"));
    let refusal = refused(say(&b.core, &other, "carol", &format!("!game {a}")));
    assert!(
        refusal.starts_with(&format!("there is no game `{a}`")),
        "{refusal}"
    );
    let done = ok(say(&b.core, &chan("y"), "carol", &format!("!game {a}"))).text();
    assert!(
        done.ends_with(
            "Game over. alice (South) wins: resignation. Captured: South 2, North 0.\n1.S c1+\n\
             Ended 2023-11-14 22:13 UTC"
        ),
        "{done}"
    );
}

#[test]
fn old_ids_keep_working() {
    let b = bench();
    // A finished game whose id an older build gave (`TIME-COUNTER`).
    let id = play(&b, &chan("a"), ("alice", "bob"), "notime");
    ok(say(&b.core, &chan("a"), "alice", "!sow c1+"));
    ok(say(&b.core, &chan("a"), "bob", "!resign"));
    let mut r = b.store.finished(&id).unwrap().unwrap();
    r.id = "1700000000000-7".into();
    let batch = mancala_bot::store::ImportBatch {
        records: vec![r],
        docs: Vec::new(),
    };
    b.store.import(&batch).unwrap();
    let text = ok(say(&b.core, &chan("q"), "carol", "!game 1700000000000-7")).text();
    assert!(
        text.starts_with("Game `1700000000000-7`, played in #a:"),
        "{text}"
    );
    let rec = ok(say(&b.core, &chan("q"), "carol", "!record 1700000000000-7")).text();
    assert!(rec.starts_with("Game 1700000000000-7: Katro 6x6"), "{rec}");
}

#[test]
fn history_lists_the_channels_finished_games_newest_first() {
    let b = bench();
    let at = chan("h");
    assert_eq!(
        ok(say(&b.core, &at, "alice", "!history")).text(),
        "no game has finished in this channel yet"
    );
    let first = play(&b, &at, ("alice", "bob"), "notime");
    ok(say(&b.core, &at, "alice", "!resign"));
    let second = play(&b, &at, ("carol", "dave"), "notime");
    ok(say(&b.core, &at, "carol", "!sow c1+"));
    ok(say(&b.core, &at, "dave", "!sow a6+"));
    ok(say(&b.core, &at, "dave", "!resign"));
    // A game of another channel is not in this one's history.
    play(&b, &chan("other"), ("erin", "fay"), "notime");
    ok(say(&b.core, &chan("other"), "erin", "!resign"));
    assert_eq!(
        ok(say(&b.core, &at, "zed", "!history")).text(),
        format!(
            "Last games finished here (2):\n\
             `{second}` carol (South) vs dave (North): carol won, 2023-11-14 22:13 UTC\n\
             `{first}` alice (South) vs bob (North): bob won, 2023-11-14 22:13 UTC\n\
             `!game ID` shows one, `!record` the moves of the game here."
        )
    );
    // The moves of the last game stay one command away.
    let rec = ok(say(&b.core, &at, "zed", "!record")).text();
    assert!(
        rec.starts_with(&format!("Game {second}: Katro 6x6")),
        "{rec}"
    );
    assert!(rec.contains("1.S c1+  2.N a6+"), "{rec}");
}

#[test]
fn analyze_reviews_any_finished_game_of_the_community_by_its_id() {
    let b = bench();
    let a = play(&b, &chan("a"), ("alice", "bob"), "notime");
    ok(say(&b.core, &chan("a"), "alice", "!sow c1+"));
    // In play: not yet.
    assert_eq!(
        refused(say(&b.core, &chan("x"), "carol", &format!("!analyze {a}"))),
        format!("game `{a}` is not finished yet: `!analyze ID` reviews finished games")
    );
    ok(say(&b.core, &chan("a"), "bob", "!resign"));
    // Another game finished in #a since: `!analyze` alone reviews that one, `!analyze
    // ID` the one named, from another channel.
    let later = play(&b, &chan("a"), ("carol", "dave"), "notime");
    ok(say(&b.core, &chan("a"), "carol", "!sow c1+"));
    ok(say(&b.core, &chan("a"), "dave", "!resign"));
    let by_id = ok(say(&b.core, &chan("x"), "erin", &format!("!analyze {a}"))).text();
    let alone = ok(say(&b.core, &chan("a"), "fay", "!analyze")).text();
    let head = |id: &str, south: &str, north: &str| {
        format!(
            "Review of game {id} (Katro 6x6): {south} (South) vs {north} (North); the AI \
             searched 50000 positions per move."
        )
    };
    assert_eq!(
        by_id.lines().next(),
        Some(head(&a, "alice", "bob").as_str())
    );
    assert_eq!(
        alone.lines().next(),
        Some(head(&later, "carol", "dave").as_str())
    );
    assert_eq!(
        refused(say(&b.core, &chan("x"), "erin", "!analyze nope")),
        "`nope` is not a game id: an id is 8 letters and digits such as `k7m2q9xd` (or an \
         older one such as `1700000000000-3`); usage: `!analyze [ID]`"
    );
}

#[test]
fn tournament_games_are_in_their_players_archives_and_found_by_id() {
    let b = bench();
    let home = chan("home");
    assert!(!say_as(
        &b.core,
        &home,
        "org",
        "!tournament new cup katro:4x4 roundrobin notime",
        true
    )
    .is_empty());
    for who in ["p1", "p2"] {
        ok(say(&b.core, &home, who, "!tournament join"));
    }
    assert!(!say_as(&b.core, &home, "org", "!tournament start", true).is_empty());
    let room = chan("tourney-cup-r1-b1");
    let r = b
        .store
        .load(&room)
        .unwrap()
        .expect("the game is open")
        .record;
    let first = r.south().unwrap().name.clone();
    let turn = |me: &str| match me == first {
        true => "your move, no clock".to_string(),
        false => format!("{first} to move, no clock"),
    };
    for (me, them) in [("p1", "p2"), ("p2", "p1")] {
        assert_eq!(
            ok(say(&b.core, &chan("z"), me, "!games")).text(),
            format!(
                "Games of {me}:\nIn play (1):\n\
                 `{}` Katro 4x4 vs {them} in #tourney-cup-r1-b1: {}\n\
                 `!game ID` shows a game from any channel.",
                r.id,
                turn(me)
            )
        );
    }
    let shown = ok(say(
        &b.core,
        &chan("z"),
        "carol",
        &format!("!game {}", r.id),
    ))
    .text();
    assert!(
        shown.starts_with(&format!("Game `{}`, played in #tourney-cup-r1-b1:\n", r.id)),
        "{shown}"
    );
}

/// A game in play that an older build started has neither its players' entries nor
/// its id's document: its next move writes them, in the move's own commit.
#[test]
fn games_of_an_older_build_are_caught_up_at_their_next_move() {
    let b = bench();
    let new = play(&b, &chan("a"), ("alice", "bob"), "notime");
    let mut r = b.store.load(&chan("a")).unwrap().unwrap().record;
    r.id = "1699999999999-4".into();
    r.at = chan("old");
    let batch = mancala_bot::store::ImportBatch {
        records: vec![r],
        docs: Vec::new(),
    };
    b.store.import(&batch).unwrap();
    let look = |who: &str| say(&b.core, &chan("z"), who, "!game 1699999999999-4");
    let refusal = refused(look("carol"));
    assert!(
        refusal.starts_with("there is no game `1699999999999-4`"),
        "{refusal}"
    );
    ok(say(&b.core, &chan("old"), "alice", "!sow c1+"));
    let shown = ok(look("carol")).text();
    assert!(
        shown.starts_with("Game `1699999999999-4`, played in #old:\n"),
        "{shown}"
    );
    assert_eq!(
        ok(say(&b.core, &chan("z"), "bob", "!games")).text(),
        format!(
            "Games of bob:\nIn play (2):\n\
             `1699999999999-4` Katro 6x6 vs alice in #old: your move, no clock\n\
             `{new}` Katro 6x6 vs alice in #a: alice to move, no clock\n\
             `!game ID` shows a game from any channel."
        )
    );
}
