//! Live (real-time) clocks under a simulated clock: `!new ... 5m+3s` (Fischer: a bank
//! per player plus an increment per move), the clocks on the board after each move and
//! on `!board`, the flag to the millisecond (at the move's own time, before any tick),
//! the flag by the driver's wake-up index across a restart, and the parse errors.
//! RULES.md says nothing of time: the clock is the bot's (see `src/core/deadlines.rs`).

use std::sync::Arc;
use std::time::Duration;

use mancala_bot::core::api::{time_token, ChatCore};
use mancala_bot::core::{Clock, Core, ManualClock, Settings};
use mancala_bot::model::ChannelKey;
use mancala_bot::store::{LiveClock, SledStore, Store};

use crate::core_chat::{bench, chan, ok, refused, say, FakePainter};

const T0: u64 = 1_700_000_000_000;
const S: u64 = 1000;

/// The live clock of the game in `at`, as stored.
fn live(store: &dyn Store, at: &ChannelKey) -> (LiveClock, u64) {
    let r = store.load(at).unwrap().expect("a record").record;
    let t = r.timing().expect("a clock");
    (t.live.expect("a live clock"), t.deadline_ms)
}

fn wait(clock: &ManualClock, ms: u64) {
    clock.advance(Duration::from_millis(ms));
}

/// The increment is added to the mover's bank after his move, the time he took taken
/// off; the clocks show on the board after each move and on `!board` as they stand.
#[test]
fn live_clock_adds_the_increment_and_shows_both_clocks() {
    let b = bench();
    let at = chan("live");
    let r = ok(say(&b.core, &at, "alice", "!new katro @bob as south 5m+3s"));
    assert!(
        r.text()
            .contains("(alice plays South, live clock 5 min + 3 s per move)"),
        "{}",
        r.text()
    );
    let r = ok(say(&b.core, &at, "bob", "!accept"));
    assert!(
        r.text().contains(&format!(
            "Clocks: alice 5:00, bob 5:00 (5 min + 3 s per move); alice's flag falls {}.",
            time_token(T0 + 300 * S)
        )),
        "{}",
        r.text()
    );
    wait(&b.clock, 10 * S);
    let r = ok(say(&b.core, &at, "alice", "!sow c1+"));
    // 300 s - 10 s + 3 s = 293 s.
    assert!(
        r.text().contains(&format!(
            "Clocks: alice 4:53, bob 5:00 (5 min + 3 s per move); bob's flag falls {}.",
            time_token(T0 + 10 * S + 300 * S)
        )),
        "{}",
        r.text()
    );
    let (clock, deadline) = live(&*b.store, &at);
    assert_eq!(clock.banks_ms, [293 * S, 300 * S]);
    assert_eq!(clock.turn_ms, T0 + 10 * S);
    assert_eq!(deadline, T0 + 310 * S);
    // Bob's clock runs on `!board`: 61.5 s later he has 238.5 s, shown cut to 3:58.
    wait(&b.clock, 61_500);
    let r = ok(say(&b.core, &at, "carol", "!board"));
    assert!(
        r.text().contains("Clocks: alice 4:53, bob 3:58"),
        "{}",
        r.text()
    );
    let r = ok(say(&b.core, &at, "bob", "!sow a6+"));
    assert!(
        r.text().contains("Clocks: alice 4:53, bob 4:01"),
        "{}",
        r.text()
    );
    assert_eq!(live(&*b.store, &at).0.banks_ms, [293 * S, 241_500]);
}

/// The flag falls at the millisecond: one millisecond before it the move is played (and
/// the increment added to the 1 ms left), at it the move is refused and the player
/// loses on time, though no tick has run since the flag fell.
#[test]
fn live_flag_to_the_millisecond_at_the_moves_time() {
    let b = bench();
    let at = chan("flag");
    ok(say(&b.core, &at, "alice", "!new katro @bob as south 1m+2s"));
    ok(say(&b.core, &at, "bob", "!accept"));
    ok(say(&b.core, &at, "alice", "!sow c1+"));
    let (_, bob_flag) = live(&*b.store, &at);
    assert_eq!(bob_flag, T0 + 60 * S);
    wait(&b.clock, 60 * S - 1);
    let r = ok(say(&b.core, &at, "bob", "!sow a6+"));
    assert!(r.text().contains("bob (North) sowed a6+"), "{}", r.text());
    // 1 ms left, plus the 2 s increment.
    assert_eq!(live(&*b.store, &at).0.banks_ms, [62 * S, 2001]);
    ok(say(&b.core, &at, "alice", "!sow b1+"));
    let (clock, bob_flag) = live(&*b.store, &at);
    assert_eq!(clock.banks_ms, [64 * S, 2001]);
    assert_eq!(bob_flag, T0 + 60 * S - 1 + 2001);
    wait(&b.clock, 2001);
    assert_eq!(b.clock.now_ms(), bob_flag);
    let r = ok(say(&b.core, &at, "bob", "!sow b6+"));
    assert!(!r.text().contains("sowed"), "{}", r.text());
    assert!(
        r.text().starts_with(&format!(
            "bob (North) did not move by the deadline ({}).",
            time_token(bob_flag)
        )),
        "{}",
        r.text()
    );
    assert!(
        r.text().contains("Game over. alice (South) wins on time."),
        "{}",
        r.text()
    );
    assert!(b.store.load(&at).unwrap().is_none(), "the game is finished");
    let e = refused(say(&b.core, &at, "bob", "!sow b6+"));
    assert!(e.starts_with("there is no game in play here"), "{e}");
    // The finished game, lost on time, reads back from a backup.
    let mut out = Vec::new();
    mancala_bot::core::backup::export(&*b.store, &mut out).unwrap();
    if let Err(e) = mancala_bot::core::backup::read(&out[..]) {
        panic!("{e}");
    }
    // A rematch keeps the live clock.
    ok(say(&b.core, &at, "bob", "!rematch"));
    let r = b.store.load(&at).unwrap().unwrap().record;
    let ch = r.open_challenge().unwrap();
    assert_eq!(
        (
            ch.live.map(|c| (c.bank_ms, c.increment_ms)),
            ch.move_time_ms
        ),
        (Some((60 * S, 2 * S)), None)
    );
}

/// In a match, each game starts with both banks full; within a game the increments
/// add up.
#[test]
fn live_clock_in_a_match_refills_the_banks_for_each_game() {
    let b = bench();
    let at = chan("live-match");
    ok(say(
        &b.core,
        &at,
        "alice",
        "!new hoyito match @bob as south 5m+3s",
    ));
    ok(say(&b.core, &at, "bob", "!accept"));
    let mut moves = 0;
    loop {
        wait(&b.clock, S);
        let mv = b.core.legal_moves(&at)[0].clone();
        let who = match b.core.board(&at).unwrap().to_move() {
            mancala_rules::Side::South => "alice",
            mancala_rules::Side::North => "bob",
        };
        let r = ok(say(&b.core, &at, who, &format!("!sow {mv}")));
        moves += 1;
        if r.text().contains("Game 2 starts") {
            assert!(
                r.text().contains("Clocks: alice 5:00, bob 5:00"),
                "{}",
                r.text()
            );
            break;
        }
        assert!(moves < 500, "game 1 did not end");
        // Each move took 1 s and gave 3 s back.
        let (clock, _) = live(&*b.store, &at);
        assert_eq!(clock.banks_ms[if who == "alice" { 0 } else { 1 }] % 2000, 0);
    }
    let (clock, deadline) = live(&*b.store, &at);
    assert_eq!(clock.banks_ms, [300 * S, 300 * S]);
    assert_eq!(deadline, b.clock.now_ms() + 300 * S);
}

/// A core over the store in `dir`, with `clock`.
fn core_at(dir: &std::path::Path, clock: &Arc<ManualClock>) -> Core {
    let store = SledStore::open(&dir.join("store"), 8 << 20).unwrap();
    Core::new(
        Arc::new(store),
        Arc::new(FakePainter::default()),
        clock.clone(),
        Settings::default(),
    )
}

/// The flag falls by the driver's wake-up index even when the bot was down when it
/// fell: the first tick after the restart (at start-up) ends the game, to the
/// millisecond (nothing a millisecond before).
#[test]
fn live_flag_falls_by_the_wake_index_across_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(T0));
    let at = chan("restart");
    let core = core_at(dir.path(), &clock);
    ok(say(
        &core,
        &at,
        "alice",
        "!new hoyito @bob as south 2m unrated",
    ));
    ok(say(&core, &at, "bob", "!accept"));
    wait(&clock, 5 * S);
    ok(say(&core, &at, "alice", "!sow a1"));
    // No increment: bob's flag falls 2 min after alice's move; no reminder before it.
    wait(&clock, 120 * S - 1);
    assert!(core.tick().is_empty());
    drop(core);
    wait(&clock, 60 * S);
    let core = core_at(dir.path(), &clock);
    let out = core.tick();
    assert_eq!(out.len(), 1, "{out:?}");
    let text = out[0].1.text();
    assert!(
        text.starts_with(&format!(
            "bob (North) did not move by the deadline ({}).",
            time_token(T0 + 125 * S)
        )),
        "{text}"
    );
    assert!(
        text.contains("Game over. alice (South) wins on time."),
        "{text}"
    );
    assert!(core.tick().is_empty());
    let e = refused(say(&core, &at, "bob", "!sow b2"));
    assert!(e.starts_with("there is no game in play here"), "{e}");
}

/// The forms chess players type are accepted; anything else is refused with what is
/// allowed, and changes nothing.
#[test]
fn live_clock_forms_and_parse_errors() {
    let b = bench();
    let at = chan("forms");
    for (typed, shown) in [
        ("3+2", "live clock 3 min + 2 s per move"),
        ("10m", "live clock 10 min)"),
        ("5M+3S", "live clock 5 min + 3 s per move"),
        ("180m+60s", "live clock 180 min + 60 s per move"),
        ("1+0", "live clock 1 min)"),
    ] {
        let r = ok(say(
            &b.core,
            &at,
            "alice",
            &format!("!new katro @bob {typed}"),
        ));
        assert!(r.text().contains(shown), "{typed}: {}", r.text());
        ok(say(&b.core, &at, "alice", "!decline"));
    }
    for (typed, want) in [
        (
            "0m",
            "the live clock `0m` is out of range: the bank is 1 to 180 minutes, the \
             increment 0 to 60 seconds (e.g. `5m+3s`, `3+2`, `10m`); usage: `!new GAME",
        ),
        ("181m", "the live clock `181m` is out of range"),
        ("5m+61s", "the live clock `5m+61s` is out of range"),
        (
            "5m+x",
            "`5m+x` is not a live clock: minutes of bank, then `+` and seconds per move, \
             e.g. `5m+3s`, `3+2` or `10m` (1 to 180 min, 0 to 60 s)",
        ),
        ("5+", "`5+` is not a live clock"),
        (
            "5m+3s 2d",
            "one clock, please: a time per move (`12h`, `2d`, `notime`) or a live clock \
             (`5m+3s`), not both",
        ),
        ("2d 3+2", "one clock, please"),
        ("3+2 5m", "one clock, please"),
        ("ai 3+2", "live clocks are for games between players"),
    ] {
        let e = refused(say(&b.core, &at, "alice", &format!("!new katro {typed}")));
        assert!(e.starts_with(want), "{typed}: {e}");
        assert!(
            b.store.load(&at).unwrap().is_none(),
            "{typed} changed something"
        );
    }
    // A time per move stays a time per move.
    let r = ok(say(&b.core, &at, "alice", "!new katro @bob 12h"));
    assert!(r.text().contains("12 h per move"), "{}", r.text());
}

/// A draw agreed after the flag of the player to move fell comes too late: he loses on
/// time, though no tick has run.
#[test]
fn live_flag_beats_a_late_draw_agreement() {
    let b = bench();
    let at = chan("late-draw");
    ok(say(&b.core, &at, "alice", "!new katro @bob as south 1m"));
    ok(say(&b.core, &at, "bob", "!accept"));
    ok(say(&b.core, &at, "alice", "!sow c1+"));
    ok(say(&b.core, &at, "alice", "!draw"));
    wait(&b.clock, 60 * S);
    let r = ok(say(&b.core, &at, "bob", "!draw"));
    assert!(
        r.text().contains("Game over. alice (South) wins on time."),
        "{}",
        r.text()
    );
    assert!(!r.text().contains("Draw by agreement"), "{}", r.text());
}
