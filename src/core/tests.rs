//! Unit tests of the pure decisions (no store, no painter), and of the dispatcher over
//! the in-memory store: a decision on a stale state loses the compare-and-swap and is
//! decided again; two `!sow` racing in one channel apply once.

use std::sync::{Arc, Barrier};
use std::time::Duration;

use mancala_rules::{Position, Side, Trace, Variant};

use super::api::{ChatCore, Incoming};
use super::decision::{Change, ChannelState, Ctx, Decision, Refusal};
use super::painter::{BoardInfo, Frame, Painter};
use super::{dispatch, Core, ManualClock, Settings};
use crate::core::command::Command;
use crate::model::{ChannelKey, GameKind, User};
use crate::store::{MemoryStore, Play, Record, Status, Store, Verdict, Write};

const T0: u64 = 1_700_000_000_000;
const HOUR: u64 = 3_600_000;

fn user(name: &str) -> User {
    User {
        id: name.into(),
        name: name.into(),
    }
}

fn chan() -> ChannelKey {
    ChannelKey {
        community: "test".into(),
        channel: "general".into(),
    }
}

/// A Katro game in play, alice South (to move) and bob North, 1 hour per move from T0.
fn katro_in_play() -> Record {
    let kind = GameKind::single(Variant::KATRO);
    let play = Play::new(kind).expect("katro");
    Record::in_play(
        "g1".into(),
        chan(),
        kind,
        user("alice"),
        user("bob"),
        play,
        Some(HOUR),
        T0,
    )
}

/// `cmd` as sent by `who` at `now`, decided over `state` (the coin falls on South).
fn decide_as(state: &ChannelState, who: &str, now: u64, cmd: Command) -> Result<Decision, Refusal> {
    let settings = Settings::default();
    let at = chan();
    let author = user(who);
    let ctx = Ctx {
        at: &at,
        author: &author,
        organizer: false,
        locale: None,
        rooms_refused: None,
        now,
        settings: &settings,
        coin: Side::South,
    };
    dispatch::decide(state, &cmd, &ctx)
}

fn first_legal(r: &Record) -> String {
    let game = r.play().expect("in play").game();
    game.legal_moves()[0].to_string()
}

fn put_record(d: &Decision) -> &Record {
    match &d.change {
        Some(Change::Put(r)) => r,
        other => panic!("expected a put, got {other:?}"),
    }
}

fn finished_record(d: &Decision) -> &Record {
    match &d.change {
        Some(Change::Finish(r)) => r,
        other => panic!("expected a finish, got {other:?}"),
    }
}

#[test]
fn sow_legal_move_puts_the_game_with_the_move() {
    let r = katro_in_play();
    let mv = first_legal(&r);
    let state = ChannelState::with_record(r);
    let d = decide_as(&state, "alice", T0 + 1000, Command::Sow(mv.clone())).expect("legal");
    let next = put_record(&d);
    let game = next.play().expect("in play").game();
    assert_eq!(game.moves().len(), 1);
    assert_eq!(game.moves()[0].to_string(), mv);
    assert_eq!(next.updated_ms, T0 + 1000);
    // The clock restarts for the player to move.
    assert_eq!(next.timing().map(|t| t.deadline_ms), Some(T0 + 1000 + HOUR));
    assert_eq!(d.replies.len(), 1);
    assert!(d.texts()[0].starts_with("alice"), "{:?}", d.texts());
}

#[test]
fn sow_illegal_move_is_refused_with_the_legal_moves() {
    let state = ChannelState::with_record(katro_in_play());
    let Refusal(text) = decide_as(&state, "alice", T0, Command::Sow("z9".into())).unwrap_err();
    assert!(text.contains("legal moves:"), "{text}");
}

#[test]
fn sow_out_of_turn_and_by_an_onlooker_are_refused() {
    let r = katro_in_play();
    let mv = first_legal(&r);
    let state = ChannelState::with_record(r);
    let Refusal(text) = decide_as(&state, "bob", T0, Command::Sow(mv.clone())).unwrap_err();
    assert!(
        text.contains("it is alice's turn (South), not yours"),
        "{text}"
    );
    let Refusal(text) = decide_as(&state, "carol", T0, Command::Sow(mv)).unwrap_err();
    assert!(text.starts_with("you are not playing this game"), "{text}");
}

#[test]
fn accept_by_the_wrong_user_is_refused_and_by_the_challenged_one_starts_the_game() {
    let empty = ChannelState::default();
    let new = Command::New {
        kind: None,
        opponent: crate::core::command::Opponent::User(user("bob")),
        side: None,
        move_time: None,
        rated: true,
        live: None,
    };
    let d = decide_as(&empty, "alice", T0, new).expect("challenge");
    let Some(Change::Create(challenge)) = d.change else {
        panic!("a new record")
    };
    assert_eq!(challenge.status(), Status::Challenge);
    let state = ChannelState::with_record(challenge);
    let Refusal(text) = decide_as(&state, "carol", T0, Command::Accept).unwrap_err();
    assert!(
        text.starts_with("only bob can accept alice's challenge"),
        "{text}"
    );
    let Refusal(text) = decide_as(&state, "alice", T0, Command::Accept).unwrap_err();
    assert!(
        text.starts_with("you cannot accept your own challenge"),
        "{text}"
    );
    let d = decide_as(&state, "bob", T0 + 5, Command::Accept).expect("accepted");
    let game = put_record(&d);
    assert_eq!(game.status(), Status::Playing);
    // The coin fell on South for the challenger.
    assert_eq!(game.south().map(|u| u.id.as_str()), Some("alice"));
    assert_eq!(game.north().map(|u| u.id.as_str()), Some("bob"));
}

#[test]
fn accepting_an_expired_challenge_is_refused_and_changes_nothing() {
    let d = decide_as(
        &ChannelState::default(),
        "alice",
        T0,
        Command::New {
            kind: None,
            opponent: crate::core::command::Opponent::Anyone,
            side: Some(Side::North),
            move_time: None,
            rated: true,
            live: None,
        },
    )
    .expect("challenge");
    let Some(Change::Create(challenge)) = d.change else {
        panic!("a new record")
    };
    let later = T0 + Settings::default().challenge_expiry.as_millis() as u64;
    let e = decide_as(
        &ChannelState::with_record(challenge),
        "bob",
        later,
        Command::Accept,
    )
    .expect_err("refused");
    assert_eq!(
        e.0,
        "alice's challenge expired at 2023-11-15 22:13 UTC and can no longer be accepted; \
         start a new one with `!new GAME [@opponent]`"
    );
}

#[test]
fn resign_finishes_the_game_for_the_opponent() {
    let state = ChannelState::with_record(katro_in_play());
    let d = decide_as(
        &state,
        "bob",
        T0,
        Command::Resign(crate::core::command::Resign::Unsaid),
    )
    .expect("resigned");
    let next = finished_record(&d);
    assert_eq!(next.status(), Status::Finished);
    assert_eq!(
        next.result(),
        Some(crate::store::GameResult::Win(Side::South))
    );
    assert!(
        d.texts()[0].starts_with("bob (North) resigns."),
        "{:?}",
        d.texts()
    );
    let Refusal(text) = decide_as(
        &state,
        "carol",
        T0,
        Command::Resign(crate::core::command::Resign::Unsaid),
    )
    .unwrap_err();
    assert!(text.contains("only a player can resign"), "{text}");
}

#[test]
fn draw_offer_then_acceptance() {
    let state = ChannelState::with_record(katro_in_play());
    let d = decide_as(&state, "alice", T0, Command::Draw).expect("offered");
    let offered = put_record(&d).clone();
    assert_eq!(offered.draw_offer(), Some(Side::South));
    let state = ChannelState::with_record(offered);
    let Refusal(text) = decide_as(&state, "alice", T0, Command::Draw).unwrap_err();
    assert!(
        text.starts_with("you have already offered a draw"),
        "{text}"
    );
    let d = decide_as(&state, "bob", T0, Command::Draw).expect("accepted");
    let next = finished_record(&d);
    assert_eq!(next.verdict(), Some(Verdict::DrawAgreed));
    assert_eq!(next.draw_offer(), None);
}

#[test]
fn claim_before_the_deadline_is_refused_and_after_it_wins_on_time() {
    let state = ChannelState::with_record(katro_in_play());
    // alice (South) is to move; bob claims.
    let Refusal(text) = decide_as(&state, "bob", T0 + HOUR - 1, Command::Claim).unwrap_err();
    assert!(text.contains("deadline has not passed yet"), "{text}");
    let Refusal(text) = decide_as(&state, "alice", T0 + HOUR, Command::Claim).unwrap_err();
    assert!(text.starts_with("it is your move"), "{text}");
    let d = decide_as(&state, "bob", T0 + HOUR, Command::Claim).expect("claimed");
    let next = finished_record(&d);
    assert_eq!(
        next.verdict(),
        Some(Verdict::Timeout {
            winner: Side::North
        })
    );
    assert!(d.texts()[0].starts_with("alice (South) did not move by the deadline"));
}

#[test]
fn looking_commands_write_nothing() {
    let state = ChannelState::with_record(katro_in_play());
    for cmd in [Command::Board, Command::Moves, Command::History] {
        let d = decide_as(&state, "carol", T0, cmd).expect("shown");
        assert!(d.change.is_none());
        assert_eq!(d.replies.len(), 1);
    }
}

/// A painter that paints 1-byte frames, one per relay and capture and the last.
struct Dots;

impl Painter for Dots {
    fn position(&self, _: &Position, _: &BoardInfo) -> Frame {
        Frame {
            png: vec![0],
            alt: "board".into(),
        }
    }
    fn move_frames(&self, t: &Trace, _: &BoardInfo) -> Vec<Frame> {
        (0..t.relays() + t.captures() + 1)
            .map(|_| Frame {
                png: vec![0],
                alt: "frame".into(),
            })
            .collect()
    }
    fn contact_sheet(&self, _: &[Frame]) -> Frame {
        Frame {
            png: vec![0],
            alt: "sheet".into(),
        }
    }
    fn gif(&self, _: &[Frame]) -> Vec<u8> {
        vec![0]
    }
}

fn core_with_game() -> (Arc<Core>, Arc<MemoryStore>, Record) {
    let store = Arc::new(MemoryStore::new());
    let r = katro_in_play();
    assert!(store.write(&chan(), None, Write::Put(&r)).expect("write"));
    let core = Core::new(
        store.clone(),
        Arc::new(Dots),
        Arc::new(ManualClock::new(T0 + 1000)),
        Settings {
            reminders: vec![Duration::from_secs(600)],
            ..Settings::default()
        },
    );
    (Arc::new(core), store, r)
}

fn say(core: &Core, who: &str, text: &str) -> Vec<crate::core::api::Reply> {
    core.handle(&Incoming {
        at: chan(),
        author: user(who),
        text: text.into(),
        ..Incoming::default()
    })
}

#[test]
fn a_decision_on_a_stale_state_loses_the_write_and_the_dispatcher_decides_again() {
    let (core, store, r) = core_with_game();
    let mv = first_legal(&r);
    let stale = core
        .load_state(
            &chan(),
            (&user("alice"), &user("alice")),
            super::needs::Needs::default(),
            T0,
        )
        .expect("load");
    // alice moves through the dispatcher: the stored record changes.
    let replies = say(&core, "alice", &format!("!sow {mv}"));
    assert!(!replies[0].is_error, "{}", replies[0].text());
    // The same move decided on the state read before: the write is refused, nothing
    // changes, nothing is painted.
    let decision = decide_as(&stale, "alice", T0, Command::Sow(mv.clone())).expect("decided");
    assert!(core
        .apply(&chan(), &stale, decision)
        .expect("store")
        .is_none());
    let now = store.load(&chan()).expect("load").expect("record").record;
    assert_eq!(now.play().map(|p| p.game().moves().len()), Some(1));
    // Through the dispatcher the command is decided again on the new record: refused.
    let replies = say(&core, "alice", &format!("!sow {mv}"));
    assert!(replies[0].is_error);
    assert!(
        replies[0].text().contains("it is bob's turn"),
        "{}",
        replies[0].text()
    );
}

#[test]
fn two_racing_sows_in_one_channel_apply_once() {
    for _ in 0..20 {
        let (core, store, r) = core_with_game();
        let mv = first_legal(&r);
        let barrier = Arc::new(Barrier::new(2));
        let threads: Vec<_> = (0..2)
            .map(|_| {
                let (core, barrier, mv) = (core.clone(), barrier.clone(), mv.clone());
                std::thread::spawn(move || {
                    barrier.wait();
                    say(&core, "alice", &format!("!sow {mv}"))
                })
            })
            .collect();
        let results: Vec<_> = threads
            .into_iter()
            .map(|t| t.join().expect("no panic"))
            .collect();
        let applied = results.iter().filter(|r| !r[0].is_error).count();
        assert_eq!(applied, 1, "{results:?}");
        let rec = store.load(&chan()).expect("load").expect("record").record;
        assert_eq!(rec.play().map(|p| p.game().moves().len()), Some(1));
    }
}

/// Issue 12 item 6: a game is rated only once each side has moved; a match with a
/// finished game counts as moved by both.
#[test]
fn both_sides_moved_counts_the_movers_of_the_game() {
    let mut r = katro_in_play();
    let mut moved = Vec::new();
    for _ in 0..3 {
        moved.push(r.both_sides_moved());
        let mv = first_legal(&r);
        match r.play_mut() {
            Some(Play::Game(g)) => {
                g.play_text(&mv).expect("legal");
            }
            _ => unreachable!(),
        }
    }
    moved.push(r.both_sides_moved());
    assert_eq!(moved, vec![false, false, true, true]);
    // A resignation does not count as a move.
    let mut r = katro_in_play();
    if let Some(Play::Game(g)) = r.play_mut() {
        g.play_text("c1+").expect("legal");
        g.resign(Side::North);
    }
    assert!(!r.both_sides_moved());
}

/// `!takeback` against the AI while its answer is being searched: the answer, decided
/// over the position read before the takeback, loses the compare-and-swap, and the AI
/// is not to move in the position taken back.
#[test]
fn a_stale_ai_answer_cannot_land_after_a_takeback() {
    let store = Arc::new(MemoryStore::new());
    let kind = GameKind::single(Variant::KATRO);
    let seat = crate::store::AiSeat {
        side: Side::North,
        level: 2,
    };
    let challenge = crate::store::Challenge {
        challenger: user("alice"),
        opponent: Some(seat.user()),
        challenger_side: Some(Side::South),
        expires_ms: T0,
        move_time_ms: None,
        expiry_announced: false,
        live: None,
    };
    let play = Play::new(kind).expect("katro");
    let mut r = Record::ai_game("g1".into(), chan(), kind, seat, play, challenge, T0);
    if let Some(Play::Game(g)) = r.play_mut() {
        g.play_text("c1+").expect("legal");
    }
    assert!(store.write(&chan(), None, Write::Put(&r)).expect("write"));
    let core = Core::new(
        store.clone(),
        Arc::new(Dots),
        Arc::new(ManualClock::new(T0 + 1000)),
        Settings::default(),
    );
    let nobody = User::default();
    let stale = core
        .load_state(&chan(), (&nobody, &nobody), Default::default(), T0)
        .expect("load");
    let (sr, table) = (
        stale.record().expect("r"),
        stale.record().and_then(|r| r.playing()).expect("t"),
    );
    assert_eq!(
        super::vs_ai::ai_to_move(sr).map(|s| s.side),
        Some(Side::North)
    );
    let ai_mv = first_legal(sr);
    let settings = Settings::default();
    let answer = super::play::play_move(
        (sr, table),
        (Side::North, &stale.channel),
        &ai_mv,
        (T0 + 1000, None),
        &settings,
    )
    .expect("a legal answer");
    let replies = say(&core, "alice", "!takeback");
    assert_eq!(replies.len(), 1, "{replies:?}");
    assert!(!replies[0].is_error, "{}", replies[0].text());
    assert!(core
        .apply(&chan(), &stale, answer)
        .expect("store")
        .is_none());
    let now = store.load(&chan()).expect("load").expect("record").record;
    assert_eq!(now.play().map(|p| p.game().moves().len()), Some(0));
    assert_eq!(now.playing().map(|t| t.takebacks), Some(1));
    assert!(super::vs_ai::ai_to_move(&now).is_none());
}
