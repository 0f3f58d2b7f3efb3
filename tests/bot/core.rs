//! Scripted chat transcripts over the core (no network): challenges, moves, refusals,
//! full games, races.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Barrier};
use std::time::Duration;

use mancala_bot::core::api::{ChatCore, Incoming, Reply};
use mancala_bot::core::painter::{BoardInfo, Frame, Painter};
use mancala_bot::core::{Clock, Core, ManualClock, Settings};
use mancala_bot::model::{ChannelKey, User};
use mancala_bot::store::{SledStore, Store};
use mancala_rules::{Position, Side, Trace};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A cheap painter: a 1x1 PNG per frame, with the alt text naming what it shows. It
/// keeps the contract (`relays + captures + 1` frames per move) and remembers how many
/// frames the last move had.
#[derive(Default)]
pub struct FakePainter {
    pub last_frames: AtomicUsize,
}

pub fn tiny_png() -> Vec<u8> {
    let img = image::RgbImage::new(1, 1);
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

impl Painter for FakePainter {
    fn position(&self, pos: &Position, _info: &BoardInfo) -> Frame {
        Frame {
            png: tiny_png(),
            alt: format!("position {pos}"),
        }
    }
    fn move_frames(&self, trace: &Trace, _info: &BoardInfo) -> Vec<Frame> {
        let n = trace.relays() + trace.captures() + 1;
        self.last_frames.store(n, Ordering::SeqCst);
        (0..n)
            .map(|i| Frame {
                png: tiny_png(),
                alt: format!("frame {i} of {}", trace.mv),
            })
            .collect()
    }
    fn contact_sheet(&self, frames: &[Frame]) -> Frame {
        Frame {
            png: tiny_png(),
            alt: format!("sheet of {}", frames.len()),
        }
    }
    fn gif(&self, _frames: &[Frame]) -> Vec<u8> {
        Vec::new()
    }
}

pub fn user(name: &str) -> User {
    User {
        id: format!("id-{name}"),
        name: name.to_string(),
    }
}

pub fn chan(name: &str) -> ChannelKey {
    ChannelKey {
        community: "guild-1".into(),
        channel: name.into(),
    }
}

/// A core over a fresh store in a temporary directory, with a manual clock.
pub struct Bench {
    pub core: Core,
    pub store: Arc<SledStore>,
    pub clock: Arc<ManualClock>,
    pub painter: Arc<FakePainter>,
    pub _dir: tempfile::TempDir,
}

pub fn bench_with(settings: Settings) -> Bench {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SledStore::open(&dir.path().join("store"), 8 << 20).unwrap());
    let clock = Arc::new(ManualClock::new(1_700_000_000_000));
    let painter = Arc::new(FakePainter::default());
    let core = Core::new(store.clone(), painter.clone(), clock.clone(), settings);
    Bench {
        core,
        store,
        clock,
        painter,
        _dir: dir,
    }
}

impl Bench {
    /// Whether the channel `at` holds no record (its game finished or none began).
    pub fn store_is_empty(&self, at: &ChannelKey) -> bool {
        use mancala_bot::store::Store;
        self.store.load(at).unwrap().is_none()
    }
}

pub fn bench() -> Bench {
    bench_with(Settings::default())
}

/// `author` says `text` in `at`; mentions are taken from `@name` words.
pub fn say(core: &Core, at: &ChannelKey, author: &str, text: &str) -> Vec<Reply> {
    say_as(core, at, author, text, false)
}

/// As [`say`], with the author an organizer (`organizer` true) or not.
pub fn say_as(
    core: &Core,
    at: &ChannelKey,
    author: &str,
    text: &str,
    organizer: bool,
) -> Vec<Reply> {
    let mentions = text
        .split_whitespace()
        .filter_map(|w| w.strip_prefix('@'))
        .map(user)
        .collect();
    core.handle(&Incoming {
        at: at.clone(),
        author: user(author),
        text: text.into(),
        mentions,
        is_organizer: organizer,
        locale: None,
    })
}

/// One reply, not an error; its text.
#[track_caller]
pub fn ok(replies: Vec<Reply>) -> Reply {
    assert_eq!(replies.len(), 1, "{replies:?}");
    let r = replies.into_iter().next().unwrap();
    assert!(!r.is_error, "unexpected refusal: {}", r.text());
    r
}

/// The text of `replies`, one reply (not an error) split into messages of at most `max`
/// characters: the messages joined by line breaks.
#[track_caller]
pub fn whole(replies: Vec<Reply>, max: usize) -> String {
    assert!(!replies.is_empty());
    for r in &replies {
        assert!(!r.is_error, "unexpected refusal: {}", r.text());
        assert!(r.text().chars().count() <= max, "{} chars", r.text().len());
    }
    replies
        .iter()
        .map(|r| r.text())
        .collect::<Vec<_>>()
        .join("\n")
}

/// One error reply; its text.
#[track_caller]
pub fn refused(replies: Vec<Reply>) -> String {
    assert_eq!(replies.len(), 1, "{replies:?}");
    assert!(
        replies[0].is_error,
        "expected a refusal, got: {}",
        replies[0].text()
    );
    replies[0].text().to_string()
}

/// The channel's board as N4 text.
pub fn position(core: &Core, at: &ChannelKey) -> String {
    core.board(at).map(|p| p.to_string()).unwrap_or_default()
}

/// alice (South) vs bob (North) in `at`, game `game`.
pub fn start(core: &Core, at: &ChannelKey, game: &str) {
    ok(say(
        core,
        at,
        "alice",
        &format!("!new {game} @bob as south"),
    ));
    ok(say(core, at, "bob", "!accept"));
}

fn mover(core: &Core, at: &ChannelKey) -> &'static str {
    match core.board(at).unwrap().to_move() {
        Side::South => "alice",
        Side::North => "bob",
    }
}

#[test]
fn challenge_accept_and_first_move_e1() {
    let b = bench();
    let at = chan("c");
    let r = ok(say(&b.core, &at, "alice", "!new katro @bob as south"));
    assert!(
        r.text().contains("alice challenges @bob to Katro 6x6"),
        "{}",
        r.text()
    );
    assert!(r.text().contains("expires in 24 h"), "{}", r.text());
    assert_eq!(r.mentions, vec![user("bob")]);
    let ids: Vec<_> = r
        .buttons
        .iter()
        .map(|b| (b.id.as_str(), b.command.as_str()))
        .collect();
    assert_eq!(ids, vec![("accept", "!accept"), ("decline", "!decline")]);
    assert!(r.buttons.iter().all(|b| b.only == Some(user("bob"))));

    let r = ok(say(&b.core, &at, "bob", "!accept"));
    assert!(
        r.text().contains("alice (South) vs bob (North)"),
        "{}",
        r.text()
    );
    assert!(r.text().contains("@alice (South) to move"), "{}", r.text());
    assert_eq!(r.mentions, vec![user("alice")]);
    assert_eq!(r.attachments.len(), 1);

    // RULES.md E1, with the alias and the spaces of N2.
    let r = ok(say(&b.core, &at, "alice", "!s C1 +"));
    let text = r.text();
    let first = text.lines().next().unwrap();
    assert_eq!(
        first,
        "alice (South) sowed c1+: 7 laps, captured 2 from b4."
    );
    assert!(r.text().contains("@bob (North) to move"), "{}", r.text());
    assert_eq!(r.mentions, vec![user("bob")]);
    // 5 relays + 1 capture + the final board.
    assert_eq!(r.attachments.len(), 7);
    assert_eq!(r.attachments[6].filename, "board.png");
    assert_eq!(
        position(&b.core, &at),
        "katro/0,3,1,0,1,4/3,0,3,3,1,4/3,0,3,3,3,3/2,0,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2 n"
    );
    let board = ok(say(&b.core, &at, "carol", "!board"));
    assert!(board.text().contains("move 2"), "{}", board.text());
    assert!(
        board.text().contains("bob (North) to move"),
        "{}",
        board.text()
    );
    assert!(
        board.text().contains("Captured: South 2, North 0"),
        "{}",
        board.text()
    );
    let moves = ok(say(&b.core, &at, "carol", "!moves"));
    assert!(
        moves.text().starts_with("Legal moves for bob (North): "),
        "{}",
        moves.text()
    );
    assert_eq!(b.core.legal_moves(&at).len(), 12);
    let hist = ok(say(&b.core, &at, "carol", "!record"));
    assert!(hist.text().contains("1.S c1+"), "{}", hist.text());
}

#[test]
fn e3_hoyito_summary_and_hoyito_form() {
    let b = bench();
    let at = chan("h");
    start(&b.core, &at, "hoyito");
    let r = ok(say(&b.core, &at, "alice", "!sow a1"));
    assert_eq!(
        r.text().lines().next().unwrap(),
        "alice (South) sowed a1: 5 laps."
    );
    assert!(
        r.text().contains("@bob (North) to move: `!sow HOLE`"),
        "{}",
        r.text()
    );
    assert_eq!(
        position(&b.core, &at),
        "hoyito/2,7,1,6,1,6/6,6,1,0,6,6 n 0 0"
    );
}

#[test]
fn decline_withdraw_and_who_may_answer() {
    let b = bench();
    let at = chan("d");
    ok(say(&b.core, &at, "alice", "!new hoyito @bob"));
    let e = refused(say(&b.core, &at, "carol", "!accept"));
    assert_eq!(
        e,
        "only bob can accept alice's challenge; anyone may watch with `!board`"
    );
    let e = refused(say(&b.core, &at, "carol", "!decline"));
    assert!(
        e.contains("only bob (challenged) or alice (challenger)"),
        "{e}"
    );
    let e = refused(say(&b.core, &at, "alice", "!accept"));
    assert!(e.contains("cannot accept your own challenge"), "{e}");
    let e = refused(say(&b.core, &at, "carol", "!new katro"));
    assert!(
        e.contains("alice's challenge to Hoyito 2x6 is open here"),
        "{e}"
    );
    let r = ok(say(&b.core, &at, "bob", "!decline"));
    assert_eq!(r.text(), "bob declines alice's challenge.");
    let e = refused(say(&b.core, &at, "bob", "!accept"));
    assert!(e.contains("no challenge to accept"), "{e}");

    // Withdrawal, and an open challenge anyone may accept (sides at random).
    ok(say(&b.core, &at, "alice", "!new katro:4x4"));
    let r = ok(say(&b.core, &at, "alice", "!decline"));
    assert_eq!(r.text(), "alice withdraws the challenge.");
    let r = ok(say(&b.core, &at, "alice", "!new katro:4x4"));
    assert!(r.buttons[0].only.is_none());
    assert_eq!(r.buttons[1].only, Some(user("alice")));
    let e = refused(say(&b.core, &at, "carol", "!decline"));
    assert!(e.contains("only alice can withdraw"), "{e}");
    let r = ok(say(&b.core, &at, "carol", "!board"));
    assert_eq!(
        r.text(),
        "No game yet: alice offers a game of Katro 4x4 to anyone; `!accept` to play."
    );
    let r = ok(say(&b.core, &at, "carol", "!accept"));
    assert!(
        r.text().contains("alice (South) vs carol (North)")
            || r.text().contains("carol (South) vs alice (North)"),
        "{}",
        r.text()
    );
    let e = refused(say(&b.core, &at, "dave", "!accept"));
    assert!(e.contains("already started"), "{e}");
    let e = refused(say(&b.core, &at, "bob", "!new hoyito"));
    assert!(e.contains("a Katro 4x4 game is in play here"), "{e}");
    let e = refused(say(&b.core, &at, "alice", "!decline"));
    assert!(e.contains("ends by `!resign`"), "{e}");
    let e = refused(say(&b.core, &at, "bob", "!new katro @bob"));
    assert!(e.contains("a Katro 4x4 game is in play"), "{e}");
    let other = chan("other");
    let e = refused(say(&b.core, &other, "bob", "!new katro @bob"));
    assert!(e.contains("cannot challenge yourself"), "{e}");
}

#[test]
fn challenges_expire_by_the_clock() {
    let b = bench_with(Settings {
        challenge_expiry: Duration::from_secs(3600),
        ..Settings::default()
    });
    let at = chan("x");
    let r = ok(say(&b.core, &at, "alice", "!new katro @bob"));
    assert!(r.text().contains("expires in 1 h"), "{}", r.text());
    b.clock.advance(Duration::from_secs(3599));
    // Still open: a second challenge is refused.
    refused(say(&b.core, &at, "carol", "!new hoyito"));
    b.clock.advance(Duration::from_secs(1));
    let e = refused(say(&b.core, &at, "bob", "!accept"));
    assert_eq!(
        e,
        "alice's challenge expired at 2023-11-14 23:13 UTC and can no longer be accepted; \
         start a new one with `!new GAME [@opponent]`"
    );
    // Refused, so nothing changed: the same answer again, and the expired challenge
    // neither blocks a new one nor is counted as a game.
    assert_eq!(refused(say(&b.core, &at, "bob", "!accept")), e);
    assert_eq!(b.store.counts(), (1, 0));
    ok(say(&b.core, &at, "alice", "!new katro @bob"));
    // An expired challenge does not block a new one either, and `!board` says it expired.
    b.clock.advance(Duration::from_secs(7200));
    let board = ok(say(&b.core, &at, "erin", "!board"));
    assert!(
        board
            .text()
            .contains("challenge to bob (Katro 6x6) expired"),
        "{}",
        board.text()
    );
    let r = ok(say(&b.core, &at, "carol", "!new hoyito @dave"));
    assert!(
        r.text().starts_with("carol challenges @dave"),
        "{}",
        r.text()
    );
    ok(say(&b.core, &at, "dave", "!accept"));
}

#[test]
fn refused_moves_of_every_kind_change_nothing() {
    let b = bench();
    let at = chan("r");
    let e = refused(say(&b.core, &at, "alice", "!sow c1+"));
    assert_eq!(
        e,
        "there is no game in play here; start one with `!new GAME [@opponent]`"
    );
    ok(say(&b.core, &at, "alice", "!new katro @bob as south"));
    let e = refused(say(&b.core, &at, "alice", "!sow c1+"));
    assert!(e.contains("waiting for `!accept`"), "{e}");
    ok(say(&b.core, &at, "bob", "!accept"));
    let before = position(&b.core, &at);
    let cases = [
        ("carol", "!sow c1+", "you are not playing this game (alice (South) vs bob (North)); only the two players move"),
        ("bob", "!sow a6+", "it is alice's turn (South), not yours"),
        ("alice", "!sow", "`!sow` needs a hole: `!sow c1+`"),
        ("alice", "!sow zz", "bad move `zz`: `zz` is not a hole; expected a hole and a direction"),
        ("alice", "!sow g1+", "bad move `g1+`: g1 is off the katro board (columns a-f, rows 1-6)"),
        ("alice", "!sow a6+", "`a6+` is not a legal move: a6 is not South's hole"),
        ("alice", "!sow a2+", "`a2+` is not a legal move: a2 is not in your outermost row with seeds (K3): play from row 1"),
        ("alice", "!sow c1*", "bad move `c1*`"),
        ("alice", "!resignnow", "unknown command `!resignnow`"),
        ("carol", "!resign", "you are not playing this game"),
    ];
    for (who, text, expected) in cases {
        let e = refused(say(&b.core, &at, who, text));
        assert!(e.starts_with(expected), "{text}: {e}");
        assert_eq!(position(&b.core, &at), before, "{text} changed the board");
    }
    let e = refused(say(&b.core, &at, "alice", "!sow a6+"));
    assert!(
        e.ends_with("legal moves: a1+ a1- b1+ b1- c1+ c1- d1+ d1- e1+ e1- f1+ f1-"),
        "{e}"
    );
    let long = format!("!sow {}", "a".repeat(400));
    let e = refused(say(&b.core, &at, "alice", &long));
    assert!(e.contains("commands are at most 300"), "{e}");
    // Not addressed to the bot: silence.
    assert!(say(&b.core, &at, "alice", "c1+ is a nice move").is_empty());
    // An empty hole, in Hoyito after a1 (a1 was emptied... and refilled: d2 is empty).
    let h = chan("rh");
    start(&b.core, &h, "hoyito");
    ok(say(&b.core, &h, "alice", "!sow a1"));
    let e = refused(say(&b.core, &h, "bob", "!sow d2"));
    assert!(
        e.starts_with("`d2` is not a legal move: d2 is empty"),
        "{e}"
    );
    let e = refused(say(&b.core, &h, "bob", "!sow a2+"));
    assert!(
        e.starts_with("bad move `a2+`: Hoyito moves have no direction"),
        "{e}"
    );
}

/// Plays legal moves picked by `rng` until the game (or match) ends; returns the replies
/// of the moves. Asserts the attachment limit on every reply.
fn play_out(b: &Bench, at: &ChannelKey, rng: &mut StdRng, cap: usize) -> Vec<Reply> {
    let mut replies = Vec::new();
    for _ in 0..cap {
        let legal = b.core.legal_moves(at);
        if legal.is_empty() {
            return replies;
        }
        let mv = &legal[rng.gen_range(0..legal.len())];
        let who = mover(&b.core, at);
        let r = ok(say(&b.core, at, who, &format!("!sow {mv}")));
        let frames = b.painter.last_frames.load(Ordering::SeqCst);
        assert!(r.attachments.len() <= 10);
        if frames > 10 {
            assert_eq!(r.attachments[0].alt, format!("sheet of {frames}"));
            assert_eq!(r.attachments[1].filename, "board.png");
        }
        replies.push(r);
    }
    panic!("no end within {cap} moves");
}

fn full_game(game: &str, seed: u64) {
    let b = bench();
    let at = chan(game);
    start(&b.core, &at, game);
    let mut rng = StdRng::seed_from_u64(seed);
    let replies = play_out(&b, &at, &mut rng, 5000);
    let last = replies.last().unwrap();
    assert!(last.text().contains("Game over. "), "{}", last.text());
    assert!(last.mentions.contains(&user("alice")) && last.mentions.contains(&user("bob")));
    // The game is in the history; the channel is free; the last board is still shown.
    assert_eq!(b.store.counts(), (0, 1));
    let e = refused(say(&b.core, &at, "alice", "!sow a1"));
    assert!(e.contains("no game in play"), "{e}");
    let board = ok(say(&b.core, &at, "carol", "!board"));
    assert!(
        board
            .text()
            .starts_with("No game in play here. The last one"),
        "{}",
        board.text()
    );
    let hist = whole(say(&b.core, &at, "carol", "!record"), 1900);
    assert!(hist.contains("Game over. "), "{hist}");
    ok(say(&b.core, &at, "bob", "!new katro @alice"));
}

#[test]
fn full_katro_game_to_its_end() {
    full_game("katro", 1);
}

#[test]
fn full_katro_4x4_game_to_its_end() {
    full_game("katro:4x4", 2);
}

#[test]
fn full_hoyito_game_to_its_end() {
    full_game("hoyito", 3);
}

#[test]
fn full_hoyito_2x8_game_to_its_end() {
    full_game("hoyito:2x8", 4);
}

#[test]
fn hoyito_match_m1_m4_to_its_end() {
    let b = bench();
    let at = chan("m");
    start(&b.core, &at, "hoyito match");
    // Random play repeats a match's start within a few games (MX2 then ends it): this
    // seed's match ends by M4 after four games.
    let mut rng = StdRng::seed_from_u64(28);
    let replies = play_out(&b, &at, &mut rng, 20_000);
    let game_ends = replies
        .iter()
        .filter(|r| r.text().contains("of the match is over"))
        .count();
    assert!(game_ends >= 1);
    let starts: Vec<&Reply> = replies
        .iter()
        .filter(|r| r.text().contains("starts (M1-M3)"))
        .collect();
    assert_eq!(starts.len(), game_ends - 1);
    for s in &starts {
        assert_eq!(s.attachments.last().unwrap().filename, "next-game.png");
    }
    let last = replies.last().unwrap();
    assert!(
        last.text().contains("wins the match (M4)"),
        "{}",
        last.text()
    );
    let hist = whole(say(&b.core, &at, "carol", "!record"), 1900);
    assert!(hist.contains("Hoyito 2x6 match"), "{hist}");
    assert!(hist.contains("Match over after"), "{hist}");
    let last_game = format!("Game {game_ends}: ");
    assert!(hist.contains(&last_game), "{hist}");
    assert!(!hist.contains(&format!("Game {}: ", game_ends + 1)));
}

/// M4: a match that North wins in its first game by capturing all 48 seeds; the result
/// names what decided it, the loser's seeds in all (captures and reserve).
#[test]
fn m4_match_result_names_the_losers_seeds_in_all() {
    let b = bench();
    let at = chan("m4");
    start(&b.core, &at, "hoyito match");
    let mut last = None;
    for mv in ["f1", "e2", "f1", "f2", "e1", "a2", "c1", "a2"] {
        last = Some(ok(say(
            &b.core,
            &at,
            mover(&b.core, &at),
            &format!("!sow {mv}"),
        )));
    }
    let text = last.unwrap().text();
    assert!(
        text.contains(
            "\nMatch over after 1 game: bob (North) wins the match (M4): alice holds 0 seeds \
             in all (captured 0, reserve 0), fewer than four. Games won: alice 0, bob 1.\n"
        ),
        "{text}"
    );
}

#[test]
fn resign_ends_the_game_and_frees_the_channel() {
    let b = bench();
    let at = chan("z");
    start(&b.core, &at, "katro");
    ok(say(&b.core, &at, "alice", "!sow c1+"));
    // Resigning is not bound to the turn. Bob never moved: unrated (issue 12 item 6).
    let r = ok(say(&b.core, &at, "alice", "!resign"));
    let id = crate::archive::announced_id(&r.text());
    assert_eq!(
        r.text(),
        format!(
            "alice (South) resigns.\nGame over. bob (North) wins: resignation. Captured: South 2, \
             North 0.\nUnrated: the game ended before both sides had moved.\nGame id: `{id}` \
             (`!analyze ID` reviews it, `!history` lists this channel's games)."
        )
    );
    assert_eq!(r.mentions, vec![user("bob")]);
    assert_eq!(b.store.counts(), (0, 1));
    ok(say(&b.core, &at, "carol", "!new hoyito @bob"));
}

#[test]
fn contact_sheet_when_frames_exceed_the_limit() {
    let b = bench_with(Settings {
        max_attachments: 3,
        ..Settings::default()
    });
    let at = chan("cs");
    start(&b.core, &at, "katro");
    let r = ok(say(&b.core, &at, "alice", "!sow c1+"));
    let names: Vec<_> = r.attachments.iter().map(|a| a.filename.as_str()).collect();
    assert_eq!(names, vec!["frames.png", "board.png"]);
    assert_eq!(r.attachments[0].alt, "sheet of 7");
}

#[test]
fn custom_prefix_rules_and_help() {
    let b = bench_with(Settings {
        prefix: "?".into(),
        ..Settings::default()
    });
    let at = chan("p");
    assert!(say(&b.core, &at, "alice", "!help").is_empty());
    // Long: as many messages as it takes.
    let help = whole(say(&b.core, &at, "alice", "?help"), 1900);
    assert!(help.contains("`?sow HOLE[+|-]`"), "{help}");
    let r = ok(say(&b.core, &at, "alice", "?rules hoyito"));
    assert!(r.text().starts_with("Hoyito I"), "{}", r.text());
    let r = ok(say(&b.core, &at, "alice", "?rules"));
    assert!(r.text().contains("Katro") && r.text().contains("Hoyito"));
    let e = refused(say(&b.core, &at, "alice", "?rules chess"));
    assert_eq!(
        e,
        "no rules for `chess`: use `?rules katro` or `?rules hoyito`"
    );
    assert!(
        r.text().contains("against the AI: `?new GAME ai level N`"),
        "{}",
        r.text()
    );
    let e = refused(say(&b.core, &at, "alice", "?new katro ai level 9"));
    assert!(e.contains("AI level 9 does not exist"), "{e}");
}

/// Two `!sow` arrive together on one channel, from two threads: exactly one applies.
#[test]
fn racing_sows_apply_exactly_once() {
    let b = bench();
    for i in 0..300 {
        let at = chan(&format!("race-{i}"));
        start(&b.core, &at, "hoyito");
        let barrier = Barrier::new(2);
        let moves = ["!sow a1", if i % 2 == 0 { "!sow a1" } else { "!sow b1" }];
        let results: Vec<Vec<Reply>> = std::thread::scope(|s| {
            let handles: Vec<_> = moves
                .iter()
                .map(|m| {
                    let (core, at, barrier) = (&b.core, &at, &barrier);
                    s.spawn(move || {
                        barrier.wait();
                        say(core, at, "alice", m)
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let applied = results.iter().filter(|r| !r[0].is_error).count();
        let texts: Vec<String> = results.iter().map(|r| r[0].text()).collect();
        assert_eq!(applied, 1, "iteration {i}: {texts:?}");
        let loser = results.iter().find(|r| r[0].is_error).unwrap();
        assert!(
            loser[0]
                .text()
                .starts_with("it is bob's turn (North), not yours"),
            "{}",
            loser[0].text()
        );
        let stored = b.store.load(&at).unwrap().unwrap().record;
        let game = stored.play().unwrap().game();
        assert_eq!(game.moves().len(), 1, "iteration {i}");
    }
}

/// Issue 18 item 5: one rule for long replies. A record longer than
/// `max_reply_chars` is posted whole in several messages, each within the limit and
/// split between lines of moves (ten to a line), not cut to its last moves; `!help` and
/// `!rules` follow the same rule.
#[test]
fn long_replies_are_split_into_messages_and_nothing_is_left_out() {
    let b = bench_with(Settings {
        max_reply_chars: 300,
        ..Settings::default()
    });
    let at = chan("long");
    start(&b.core, &at, "katro");
    let mut played = Vec::new();
    for i in 0..40 {
        let legal = b.core.legal_moves(&at);
        let Some(mv) = legal.first().cloned() else {
            break;
        };
        let who = if i % 2 == 0 { "alice" } else { "bob" };
        if say(&b.core, &at, who, &format!("!sow {mv}"))[0].is_error {
            break;
        }
        played.push(mv);
    }
    assert!(played.len() > 20, "{played:?}");
    let replies = say(&b.core, &at, "carol", "!record");
    assert!(replies.len() >= 2, "{replies:?}");
    let hist = whole(replies.clone(), 300);
    // Every move, numbered, in order; each message after the first starts a line of
    // moves.
    let numbered: Vec<String> = played
        .iter()
        .enumerate()
        .map(|(i, m)| format!("{}.{} {m}", i + 1, if i % 2 == 0 { "S" } else { "N" }))
        .collect();
    let lines: Vec<String> = numbered.chunks(10).map(|l| l.join("  ")).collect();
    assert!(hist.ends_with(&lines.join("\n")), "{hist}");
    for r in &replies[1..] {
        let first = r
            .text()
            .split_whitespace()
            .next()
            .unwrap_or_default()
            .to_string();
        let (number, side) = first.split_once('.').unwrap_or_default();
        assert!(
            number.parse::<usize>().is_ok_and(|n| n % 10 == 1) && side == "S",
            "{}",
            r.text()
        );
    }
    // `!help` and `!rules` are split by the same rule, not cut or left whole.
    for cmd in ["!help", "!rules"] {
        let replies = say(&b.core, &at, "carol", cmd);
        assert!(replies.len() >= 2, "{cmd}: {replies:?}");
        let text = whole(replies, 300);
        let end = if cmd == "!help" {
            "Only the two players move, taking turns; anyone may look."
        } else {
            "unrated; it answers each move at once)."
        };
        assert!(text.ends_with(end), "{cmd}: {text}");
    }
}

/// Issue 11: markup a user types is echoed as inert text on every transport, never
/// rewritten into a date (Discord's `<t:..:R>`), and the core's own time markers cannot
/// be forged from chat: a refused `!board <t:99999999999999999:R>` has no time in it.
#[test]
fn markup_typed_in_a_command_is_echoed_as_inert_text() {
    use mancala_bot::core::api::{time_token, Segment};
    use mancala_bot::transport::discord::adapter::content;
    let b = bench();
    let at = chan("inert");
    start(&b.core, &at, "katro");
    let typed = "<t:99999999999999999:R>";
    let replies = say(&b.core, &at, "carol", &format!("!board {typed}"));
    let text = refused(replies.clone());
    assert!(text.contains(typed), "{text}");
    let segs = replies[0].body.segments();
    assert!(
        !segs.iter().any(|s| matches!(s, Segment::Time(_))),
        "{segs:?}"
    );
    assert!(replies[0].body.plain(0).contains(typed));
    // Echoed inside inline code, which Discord shows as typed.
    let discord = content(&replies[0].body);
    assert!(discord.contains("`<t:99999999999999999:R>`"), "{discord}");
    // Backticks typed to break out of the code span are dropped at the door (issue 12
    // item 3): the echo stays one code span.
    let replies = say(&b.core, &at, "carol", "!board `<t:1:R>` **x**");
    let discord = content(&replies[0].body);
    assert!(discord.ends_with("(got `<t:1:R> **x**`)"), "{discord}");
    // The core's private time marker typed into a command, or into a name, is dropped.
    let forged = time_token(86_400_000);
    for (author, line) in [
        ("carol", format!("!sow {forged}")),
        (forged.as_str(), "!sow a1+".to_string()),
    ] {
        let replies = say(&b.core, &at, author, &line);
        assert!(replies[0].is_error);
        let segs = replies[0].body.segments();
        assert!(
            !segs.iter().any(|s| matches!(s, Segment::Time(_))),
            "{segs:?}"
        );
    }
    // Mentions are typed too: the challenged player is a mention segment, and a name
    // with markup in it reaches Discord escaped.
    let at = chan("inert-names");
    let r = ok(say(&b.core, &at, "alice", "!new katro @**x**"));
    assert!(
        r.body.segments().contains(&Segment::Mention(user("**x**"))),
        "{:?}",
        r.body.segments()
    );
    assert!(
        content(&r.body).contains("@\\*\\*x\\*\\*"),
        "{}",
        content(&r.body)
    );
    // The core's own times stay typed: the first deadline of a timed game is a time.
    let at = chan("inert-timed");
    ok(say(&b.core, &at, "alice", "!new katro @bob as south 1d"));
    let r = ok(say(&b.core, &at, "bob", "!accept"));
    let deadline = b.clock.now_ms() + 86_400_000;
    assert!(
        r.body.segments().contains(&Segment::Time(deadline)),
        "{:?}",
        r.body.segments()
    );
    assert!(content(&r.body).contains(&format!("<t:{}:R>", deadline / 1000)));
}

/// Issue 18 item 5: counts of one read in the singular in the replies that count: the
/// AI's budget, a Swiss of one round, a tournament's one player, a standings' one point,
/// the one game of a rating.
#[test]
fn counts_of_one_read_in_the_singular() {
    let b = bench_with(Settings {
        ai_ms_per_move: 0,
        ai_max_nodes: Some(1),
        ..Settings::default()
    });
    let r = ok(say(
        &b.core,
        &chan("ai"),
        "alice",
        "!new katro ai level 1 as north",
    )
    .into_iter()
    .take(1)
    .collect());
    assert!(
        r.text().contains("up to 1 position per move"),
        "{}",
        r.text()
    );
    let lobby = chan("lobby");
    let r = ok(say_as(
        &b.core,
        &lobby,
        "org",
        "!tournament new one katro swiss 1 notime",
        true,
    ));
    assert_eq!(
        r.text(),
        "Tournament one created: Katro 6x6, Swiss, 1 round, no time limit. Registration is \
         open: `!tournament join one`; an organizer starts it with `!tournament start one`."
    );
    let r = ok(say(&b.core, &lobby, "alice", "!tournament join"));
    assert_eq!(r.text(), "alice joins one (1 player).");
    ok(say(&b.core, &lobby, "bob", "!tournament join"));
    let out = say_as(&b.core, &lobby, "org", "!tournament start", true);
    assert!(
        out[0]
            .text()
            .starts_with("one starts: 2 players, Swiss, 1 round. Seeds:"),
        "{}",
        out[0].text()
    );
    let room = out[1].to.clone().expect("the game's room");
    // Both sides move first: a game ended before both moved is unrated (issue 12 item 6).
    for _ in 0..2 {
        let mv = b.core.legal_moves(&room)[0].clone();
        let played = ["alice", "bob"]
            .iter()
            .any(|who| !say(&b.core, &room, who, &format!("!sow {mv}"))[0].is_error);
        assert!(played, "one of them was to move");
    }
    let out = say(&b.core, &room, "bob", "!resign");
    assert!(
        out.iter()
            .any(|r| r.text().contains("1. alice 1 pt (1-0-0)")),
        "{out:?}"
    );
    let r = ok(say(&b.core, &lobby, "alice", "!rating"));
    assert!(r.text().contains("(1 game: 1 won"), "{}", r.text());
}
