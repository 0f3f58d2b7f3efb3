//! Games against the AI in chat (`!new GAME ai [level N]`): full games to the end in
//! Katro 4x4 and Hoyito (and a Hoyito match, M1-M4), the AI as South moving first, its
//! replies with summary and frames, refusals, unrated results, restarts (a move the AI
//! owes is played after the store is reopened), races on one channel.
//!
//! The AI searches under a node budget without a time limit, so its moves are
//! deterministic and the tests do not wait a second per move.

use std::path::Path;
use std::sync::{Arc, Barrier};
use std::time::Duration;

use mancala_ai::{Ai, SearchConfig};
use mancala_bot::core::api::{ChatCore, Incoming, Reply};
use mancala_bot::core::{Core, ManualClock, Settings};
use mancala_bot::model::{ChannelKey, User};
use mancala_bot::store::{Play, Record, SledStore, Status, Store, Write};
use mancala_rules::{Game, Side};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

use crate::core_chat::{chan, ok, refused, say, user, whole, FakePainter};

const T0: u64 = 1_700_000_000_000;

/// Fast, reproducible AI: a node budget, no time limit, a small table.
fn settings() -> Settings {
    Settings {
        ai_ms_per_move: 0,
        ai_max_nodes: Some(3000),
        ai_tt_mb: 1,
        ..Settings::default()
    }
}

fn open(dir: &Path, clock: &Arc<ManualClock>) -> (Core, Arc<SledStore>) {
    let store = Arc::new(SledStore::open(&dir.join("store"), 8 << 20).unwrap());
    let core = Core::new(
        store.clone(),
        Arc::new(FakePainter::default()),
        clock.clone(),
        settings(),
    );
    (core, store)
}

struct Env {
    core: Core,
    store: Arc<SledStore>,
    clock: Arc<ManualClock>,
    dir: tempfile::TempDir,
}

fn env() -> Env {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(T0));
    let (core, store) = open(dir.path(), &clock);
    Env {
        core,
        store,
        clock,
        dir,
    }
}

impl Env {
    /// Drops the core and its store and opens them again on the same directory.
    fn restart(self) -> Env {
        let Env {
            core,
            store,
            clock,
            dir,
        } = self;
        drop(core);
        drop(store);
        let (core, store) = open(dir.path(), &clock);
        Env {
            core,
            store,
            clock,
            dir,
        }
    }
}

fn record(store: &SledStore, at: &ChannelKey) -> Record {
    store.load(at).unwrap().expect("a record").record
}

fn is_ai_move(r: &Reply, ai: &str) -> bool {
    r.text().starts_with(&format!("{ai} ("))
        && r.text().lines().next().unwrap().contains(") sowed ")
}

/// Checks an AI move reply: its summary, its frames (the FakePainter names the move in
/// each frame's alt text), the board last, no mention of the AI.
#[track_caller]
fn check_ai_reply(r: &Reply, ai: &str) {
    assert!(!r.is_error, "{}", r.text());
    assert!(is_ai_move(r, ai), "not an AI move: {}", r.text());
    let text = r.text();
    let first = text.lines().next().unwrap();
    let mv = first
        .split(" sowed ")
        .nth(1)
        .and_then(|s| s.split(':').next())
        .unwrap();
    assert!(!r.attachments.is_empty(), "{}", r.text());
    let board = r
        .attachments
        .iter()
        .find(|a| a.filename == "board.png")
        .expect("the final board");
    assert!(
        board.alt.starts_with("frame ") && board.alt.ends_with(&format!(" of {mv}")),
        "{} / {}",
        board.alt,
        r.text()
    );
    assert!(
        r.mentions.iter().all(|u| !u.id.starts_with("ai:")),
        "{:?}",
        r.mentions
    );
}

/// Alice plays random legal moves (seeded) until the game or match is over; returns every
/// reply and the number of AI moves seen. Every AI reply is checked.
fn play_out(
    e: &Env,
    at: &ChannelKey,
    ai: &str,
    seed: u64,
    max_moves: usize,
) -> (Vec<Reply>, usize) {
    let mut rng = StdRng::seed_from_u64(seed);
    play_out_with(e, at, ai, max_moves, |_, legal| {
        legal.choose(&mut rng).unwrap().clone()
    })
}

/// [`play_out`] with alice's moves chosen by `pick(game, legal moves)`.
fn play_out_with(
    e: &Env,
    at: &ChannelKey,
    ai: &str,
    max_moves: usize,
    mut pick: impl FnMut(&Game, &[String]) -> String,
) -> (Vec<Reply>, usize) {
    let mut all = Vec::new();
    let mut ai_moves = 0;
    for _ in 0..max_moves {
        let Some(st) = e.store.load(at).unwrap() else {
            return (all, ai_moves);
        };
        let r = st.record;
        assert_eq!(r.status(), Status::Playing);
        let game = r.play().unwrap().game();
        assert_eq!(
            game.position().to_move(),
            r.side_of(&user("alice")).unwrap(),
            "after every command it is the human's turn"
        );
        let legal = e.core.legal_moves(at);
        let mv = pick(game, &legal);
        let replies = say(&e.core, at, "alice", &format!("!sow {mv}"));
        assert!(!replies[0].is_error, "{}", replies[0].text());
        assert!(
            replies[0].text().starts_with("alice ("),
            "{}",
            replies[0].text()
        );
        for rep in &replies[1..] {
            if is_ai_move(rep, ai) {
                check_ai_reply(rep, ai);
                ai_moves += 1;
            }
        }
        all.extend(replies);
    }
    panic!("the game did not end within {max_moves} human moves");
}

#[test]
fn katro_4x4_against_the_ai_to_the_end_unrated() {
    let e = env();
    let at = chan("k");
    let ai = "mancala-bot (level 2, casual)";
    let r = ok(say(
        &e.core,
        &at,
        "alice",
        "!new katro:4x4 ai level 2 as south",
    ));
    assert!(
        r.text()
            .starts_with("alice plays Katro 4x4 against the AI, unrated"),
        "{}",
        r.text()
    );
    assert!(
        r.text().contains(&format!("alice (South) vs {ai} (North)")),
        "{}",
        r.text()
    );
    assert!(
        r.text().contains("I play North at level 2 (casual"),
        "{}",
        r.text()
    );
    assert!(r.text().contains("@alice (South) to move"), "{}", r.text());
    assert_eq!(r.mentions, vec![user("alice")]);
    assert_eq!(r.attachments.len(), 1);
    let rec = record(&e.store, &at);
    assert!(!rec.rated);
    assert_eq!(rec.ai.map(|a| (a.side, a.level)), Some((Side::North, 2)));
    assert_eq!(rec.north().unwrap().id, "ai:2");

    // The first move: the human's reply, then the AI's, with frames and a mention of
    // the human to move.
    let replies = say(&e.core, &at, "alice", "!sow a1+");
    assert_eq!(replies.len(), 2, "{replies:?}");
    assert!(
        replies[0]
            .text()
            .contains(&format!("\n{ai} (North) to move.")),
        "{}",
        replies[0].text()
    );
    assert!(
        !replies[0].text().contains("Deadline for"),
        "{}",
        replies[0].text()
    );
    assert!(replies[0].mentions.is_empty(), "the AI is not pinged");
    check_ai_reply(&replies[1], ai);
    assert!(
        replies[1].text().contains("@alice (South) to move"),
        "{}",
        replies[1].text()
    );
    assert_eq!(replies[1].mentions, vec![user("alice")]);

    let (all, ai_moves) = play_out(&e, &at, ai, 1, 400);
    assert!(ai_moves >= 1);
    let last = all.iter().rev().find(|r| !r.is_error).unwrap();
    assert!(last.text().contains("Game over."), "{}", last.text());
    assert!(!last.text().contains("Ratings"), "{}", last.text());
    let done = e.store.last_finished(&at).unwrap().unwrap();
    assert!(!done.rated, "games against the AI are unrated");
    assert!(done.result().is_some());
    assert_eq!(done.ai.map(|a| a.level), Some(2));
    // No rating came of it.
    let r = ok(say(&e.core, &at, "alice", "!rating"));
    assert_eq!(r.text(), "alice: Katro unrated; Hoyito unrated.");
}

#[test]
fn hoyito_ai_as_south_moves_first_and_plays_to_the_end() {
    let e = env();
    let at = chan("h");
    let ai = "mancala-bot (level 3, club)";
    let replies = say(&e.core, &at, "alice", "!new hoyito ai as north");
    assert_eq!(replies.len(), 2, "{replies:?}");
    let start = &replies[0];
    assert!(!start.is_error, "{}", start.text());
    assert!(
        start.text().contains(&format!("{ai} (South) to move.")),
        "{}",
        start.text()
    );
    assert!(
        start.text().contains("I play South at level 3 (club"),
        "{}",
        start.text()
    );
    assert!(start.mentions.is_empty(), "{:?}", start.mentions);
    check_ai_reply(&replies[1], ai);
    assert!(
        replies[1]
            .text()
            .contains("@alice (North) to move: `!sow HOLE`"),
        "{}",
        replies[1].text()
    );
    assert_eq!(replies[1].mentions, vec![user("alice")]);
    let rec = record(&e.store, &at);
    assert_eq!(rec.play().unwrap().game().moves().len(), 1);
    assert_eq!(rec.south().unwrap().name, ai);

    let (all, _) = play_out(&e, &at, ai, 2, 400);
    let last = all.iter().rev().find(|r| !r.is_error).unwrap();
    assert!(last.text().contains("Game over."), "{}", last.text());
    let done = e.store.last_finished(&at).unwrap().unwrap();
    assert!(!done.rated);
    assert!(done.result().is_some());
}

#[test]
fn hoyito_match_against_the_ai_goes_game_after_game_to_the_end() {
    let e = env();
    let at = chan("m");
    let ai = "mancala-bot (level 1, beginner)";
    let r = ok(say(
        &e.core,
        &at,
        "alice",
        "!new hoyito match ai level 1 as south",
    ));
    assert!(r.text().contains("Hoyito 2x6 match"), "{}", r.text());
    // A random alice loses every seed in game 1 (M4 ends the match at once), so she
    // plays as well as the AI does: level 1 under the same node budget.
    let mut alice = Ai::new(SearchConfig {
        level: 1,
        ms_per_move: 0,
        tt_mb: 1,
        seed: 7,
        max_nodes: Some(3000),
        opening_plies: 0,
    })
    .unwrap();
    let (all, ai_moves) = play_out_with(&e, &at, ai, 3000, |game, _| {
        alice.choose_in_game(game).unwrap().mv.to_string()
    });
    assert!(ai_moves > 10);
    assert!(
        all.iter()
            .any(|r| r.text().contains("Game 2 starts (M1-M3)")),
        "the match went on to a second game"
    );
    let last = all.iter().rev().find(|r| !r.is_error).unwrap();
    assert!(last.text().contains("Match over after"), "{}", last.text());
    let done = e.store.last_finished(&at).unwrap().unwrap();
    assert!(matches!(done.play(), Some(Play::Match(_))));
    assert!(!done.rated);
}

#[test]
fn refusals_change_nothing() {
    let e = env();
    let at = chan("r");
    for (cmd, want) in [
        (
            "!new katro ai level 0",
            "AI level 0 does not exist: levels are 1 beginner, 2 casual, 3 club, 4 expert, 5 master",
        ),
        ("!new katro ai level 6", "AI level 6 does not exist"),
        ("!new katro @bob ai", "a player or the AI, not both"),
    ] {
        let err = refused(say(&e.core, &at, "alice", cmd));
        assert!(err.contains(want), "{cmd}: {err}");
        assert!(e.store.load(&at).unwrap().is_none(), "{cmd} changed nothing");
    }
    ok(say(
        &e.core,
        &at,
        "alice",
        "!new katro:4x4 ai level 4 as south",
    ));
    let before = record(&e.store, &at);

    // A second game in the busy channel, by anyone, against anyone.
    let err = refused(say(&e.core, &at, "bob", "!new katro ai"));
    assert!(err.contains("one game per channel"), "{err}");
    let err = refused(say(&e.core, &at, "alice", "!new hoyito @bob"));
    assert!(err.contains("one game per channel"), "{err}");
    // A bystander cannot move; nor can a user whose id looks like the AI's.
    let err = refused(say(&e.core, &at, "carol", "!sow a1+"));
    assert!(err.contains("you are not playing this game"), "{err}");
    let fake_ai = e.core.handle(&Incoming {
        at: at.clone(),
        author: User {
            id: "ai:4".into(),
            name: "mancala-bot".into(),
        },
        text: "!resign".into(),
        mentions: Vec::new(),
        is_organizer: false,
        locale: None,
    });
    assert_eq!(fake_ai.len(), 1);
    assert!(fake_ai[0].is_error);
    assert!(
        fake_ai[0].text().contains("you are not playing this game"),
        "{}",
        fake_ai[0].text()
    );
    // The AI takes no draws.
    let err = refused(say(&e.core, &at, "alice", "!draw"));
    assert!(err.contains("does not agree to draws"), "{err}");
    let after = record(&e.store, &at);
    assert_eq!(
        serde_json::to_string(&before).unwrap(),
        serde_json::to_string(&after).unwrap()
    );
    // `!resign` ends it; the channel is free again, and a rematch swaps the sides.
    let r = ok(say(&e.core, &at, "alice", "!resign"));
    assert!(r.text().contains("alice (South) resigns"), "{}", r.text());
    assert!(r.mentions.is_empty(), "{:?}", r.mentions);
    let replies = say(&e.core, &at, "alice", "!rematch");
    assert_eq!(
        replies.len(),
        2,
        "the AI plays South and moves first: {replies:?}"
    );
    assert!(
        replies[0]
            .text()
            .contains("I play South at level 4 (expert"),
        "{}",
        replies[0].text()
    );
    check_ai_reply(&replies[1], "mancala-bot (level 4, expert)");
}

/// Alice's move written straight to the store, as if the bot stopped before the AI
/// answered it.
fn crash_after_human_move(store: &SledStore, at: &ChannelKey, mv: &str) {
    let st = store.load(at).unwrap().unwrap();
    let mut next = st.record.clone();
    match next.play_mut().unwrap() {
        Play::Game(g) => {
            g.play_text(mv).unwrap();
        }
        Play::Match(m) => {
            m.play_text(mv).unwrap();
        }
    }
    assert!(store
        .write(at, Some(&st.version), Write::Put(&next))
        .unwrap());
}

#[test]
fn the_game_survives_restarts_and_the_ai_plays_a_move_it_owes() {
    let e = env();
    let at = chan("s");
    let ai = "mancala-bot (level 3, club)";
    ok(say(&e.core, &at, "alice", "!new hoyito ai as south"));
    let replies = say(&e.core, &at, "alice", "!sow a1");
    assert_eq!(replies.len(), 2);

    // A plain restart with the human to move: the game is there, the AI answers.
    let e = e.restart();
    let replies = say(
        &e.core,
        &at,
        "alice",
        &format!("!sow {}", e.core.legal_moves(&at)[0]),
    );
    assert_eq!(replies.len(), 2, "{replies:?}");
    check_ai_reply(&replies[1], ai);

    // The bot stops between the human's move and the AI's answer.
    let mv = e.core.legal_moves(&at)[0].clone();
    crash_after_human_move(&e.store, &at, &mv);
    let e = e.restart();
    // Trying to move for the AI is refused, and the AI plays the move it owes.
    let replies = say(&e.core, &at, "alice", "!sow b1");
    assert_eq!(replies.len(), 2, "{replies:?}");
    assert!(replies[0].is_error);
    assert!(
        replies[0].text().contains(&format!(
            "it is the AI's turn (North), not yours: {ai} plays it"
        )),
        "{}",
        replies[0].text()
    );
    check_ai_reply(&replies[1], ai);
    assert_eq!(
        record(&e.store, &at)
            .play()
            .unwrap()
            .game()
            .position()
            .to_move(),
        Side::South
    );

    // Again, but nobody says anything: the driver plays the owed move at the deadline
    // instead of timing the AI out.
    let mv = e.core.legal_moves(&at)[0].clone();
    crash_after_human_move(&e.store, &at, &mv);
    let e = e.restart();
    e.clock.advance(Duration::from_secs(73 * 3600));
    let ticked = e.core.tick();
    assert_eq!(ticked.len(), 1, "{ticked:?}");
    assert_eq!(ticked[0].0, at);
    check_ai_reply(&ticked[0].1, ai);
    let rec = record(&e.store, &at);
    assert_eq!(rec.status(), Status::Playing);
    assert!(rec.verdict().is_none());
    assert_eq!(rec.play().unwrap().game().position().to_move(), Side::South);

    // The human's deadline binds: past it, the game is forfeited by the driver.
    e.clock.advance(Duration::from_secs(73 * 3600));
    let ticked = e.core.tick();
    assert_eq!(ticked.len(), 1, "{ticked:?}");
    let text = &ticked[0].1.text();
    assert!(
        text.contains("alice (South) did not move by the deadline"),
        "{text}"
    );
    assert!(
        text.contains(&format!("{ai} (North) wins on time")),
        "{text}"
    );
    assert_eq!(ticked[0].1.mentions, vec![user("alice")]);
    let done = e.store.last_finished(&at).unwrap().unwrap();
    assert!(!done.rated);
}

#[test]
fn racing_commands_give_one_ai_answer() {
    let e = env();
    let at = chan("race");
    ok(say(
        &e.core,
        &at,
        "alice",
        "!new katro:4x4 ai level 5 as south",
    ));
    let mv = e.core.legal_moves(&at)[0].clone();
    crash_after_human_move(&e.store, &at, &mv);
    // Two commands at once in a channel where the AI owes a move: one search answers.
    let core = Arc::new(e.core);
    let barrier = Arc::new(Barrier::new(2));
    let handles: Vec<_> = ["alice", "carol"]
        .into_iter()
        .map(|who| {
            let (core, barrier, at) = (core.clone(), barrier.clone(), at.clone());
            std::thread::spawn(move || {
                barrier.wait();
                say(&core, &at, who, "!board")
            })
        })
        .collect();
    let replies: Vec<Reply> = handles
        .into_iter()
        .flat_map(|h| h.join().unwrap())
        .collect();
    let ai_moves = replies
        .iter()
        .filter(|r| is_ai_move(r, "mancala-bot (level 5, master)"))
        .count();
    assert_eq!(ai_moves, 1, "{replies:?}");
    let rec = record(&e.store, &at);
    assert_eq!(rec.play().unwrap().game().moves().len(), 2);

    // A move and a resignation racing: the store stays consistent either way.
    let mv = core.legal_moves(&at)[0].clone();
    let barrier = Arc::new(Barrier::new(2));
    let handles: Vec<_> = [format!("!sow {mv}"), "!resign".to_string()]
        .into_iter()
        .map(|cmd| {
            let (core, barrier, at) = (core.clone(), barrier.clone(), at.clone());
            std::thread::spawn(move || {
                barrier.wait();
                say(&core, &at, "alice", &cmd)
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
    assert!(
        e.store.load(&at).unwrap().is_none(),
        "the resignation ended it"
    );
    let done = e.store.last_finished(&at).unwrap().unwrap();
    let moves = done.play().unwrap().game().moves().len();
    // Resigned before the move (2), after the move (3), or after the AI's answer (4).
    assert!((2..=4).contains(&moves), "{moves}");
    assert_eq!(
        done.result(),
        Some(mancala_bot::store::GameResult::Win(Side::North))
    );
}

#[test]
fn help_and_rules_mention_the_ai() {
    let e = env();
    let at = chan("t");
    let help = whole(say(&e.core, &at, "alice", "!help"), 1900);
    assert!(
        help.contains("`!new GAME ai [level N] [as south|north] [TIME]`"),
        "{help}"
    );
    assert!(help.contains("default 3"), "{help}");
    for topic in ["katro", "hoyito", ""] {
        let r = ok(say(&e.core, &at, "alice", &format!("!rules {topic}")));
        assert!(
            r.text().contains("Practise against the AI: `!new "),
            "{}",
            r.text()
        );
    }
    let err = refused(say(&e.core, &at, "alice", "!new chess"));
    assert!(err.contains("ai [level N]"), "{err}");
    // Issue 18: `!rules katro` suggests the board asked about, or the channel's own.
    let r = ok(say(&e.core, &at, "alice", "!rules katro"));
    assert!(r.text().contains("`!new katro ai level N`"), "{}", r.text());
    let at = chan("rules-4x6");
    ok(say(
        &e.core,
        &at,
        "alice",
        "!new katro:4x6 ai level 1 as south",
    ));
    let r = ok(say(&e.core, &at, "alice", "!rules"));
    assert!(
        r.text().contains("`!new katro:4x6 ai level N`"),
        "{}",
        r.text()
    );
    let r = ok(say(&e.core, &at, "alice", "!rules hoyito"));
    assert!(
        r.text().contains("`!new hoyito ai level N`"),
        "{}",
        r.text()
    );
}

/// Issue 18: against the AI, which takes no draws, `!abort` after both sides moved
/// points to `!resign` only.
#[test]
fn abort_against_the_ai_does_not_suggest_a_draw() {
    let e = env();
    let at = chan("abort-ai");
    ok(say(
        &e.core,
        &at,
        "alice",
        "!new katro:4x4 ai level 1 as south",
    ));
    let mv = e.core.legal_moves(&at)[0].clone();
    let replies = say(&e.core, &at, "alice", &format!("!sow {mv}"));
    assert!(replies.iter().all(|r| !r.is_error));
    let err = refused(say(&e.core, &at, "alice", "!abort"));
    assert!(err.contains("can no longer be aborted; `!resign`"), "{err}");
    assert!(!err.contains("draw"), "{err}");
}

/// Issue 16 item 1: the AI's searches run on a fixed pool with a bounded queue. With one
/// searcher and no queue, a move against the AI while another game's search runs is
/// refused, saying why, and changes nothing; once the search is over the same move is
/// played and answered.
#[test]
fn a_full_ai_pool_refuses_the_move_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(T0));
    let store = Arc::new(SledStore::open(&dir.path().join("store"), 8 << 20).unwrap());
    let core = Arc::new(Core::new(
        store,
        Arc::new(FakePainter::default()),
        clock,
        Settings {
            // A slow search (level 5 for 1.5 s) holds the only searcher.
            ai_ms_per_move: 1500,
            ai_max_nodes: None,
            ai_tt_mb: 1,
            ai_pool: mancala_bot::core::ai_pool::PoolSize {
                searchers: 1,
                queue: 0,
            },
            ..Settings::default()
        },
    ));
    let (slow, fast) = (chan("slow"), chan("fast"));
    ok(say(&core, &slow, "alice", "!new katro ai level 5 as south"));
    ok(say(&core, &fast, "bob", "!new katro ai level 5 as south"));
    let mv = core.legal_moves(&fast)[0].clone();
    let before = crate::core_chat::position(&core, &fast);
    let searching = {
        let (core, slow) = (core.clone(), slow.clone());
        let mv = core.legal_moves(&slow)[0].clone();
        std::thread::spawn(move || say(&core, &slow, "alice", &format!("!sow {mv}")))
    };
    // Wait until alice's game holds the only searcher.
    let since = std::time::Instant::now();
    while core.ai_in_use() == 0 {
        assert!(
            since.elapsed() < Duration::from_secs(20),
            "the search started"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    let e = refused(say(&core, &fast, "bob", &format!("!sow {mv}")));
    assert_eq!(
        e,
        "the AI is busy with 1 game right now; nothing was changed, try again in a minute"
    );
    assert_eq!(crate::core_chat::position(&core, &fast), before);
    let answered = searching.join().unwrap();
    assert_eq!(
        answered.len(),
        2,
        "alice's move and the AI's answer: {answered:?}"
    );
    let out = say(&core, &fast, "bob", &format!("!sow {mv}"));
    assert_eq!(out.len(), 2, "{out:?}");
    assert!(out.iter().all(|r| !r.is_error));
}
