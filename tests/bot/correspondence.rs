//! Correspondence play under a simulated clock: deadlines in the replies, reminders
//! (each point once, muted players skipped), timeouts claimed or forfeited by the
//! periodic driver, across restarts; abort, draw, rematch; ratings after each game.

use std::sync::Arc;
use std::time::Duration;

use mancala_bot::core::api::{plain_time, time_token, ChatCore, Reply};
use mancala_bot::core::{Core, ManualClock, Settings};
use mancala_bot::model::ChannelKey;
use mancala_bot::store::SledStore;

use crate::core_chat::{bench_with, chan, ok, refused, say, say_as, start, user, FakePainter};
use mancala_bot::store::{Store, Write};

const T0: u64 = 1_700_000_000_000;
const H: u64 = 3_600_000;

/// A data directory and a clock that outlive the cores opened on them (restarts).
struct Env {
    dir: tempfile::TempDir,
    clock: Arc<ManualClock>,
}

impl Env {
    fn new() -> Env {
        Env {
            dir: tempfile::tempdir().unwrap(),
            clock: Arc::new(ManualClock::new(T0)),
        }
    }

    /// A core over the store of the directory (the previous core must be dropped).
    fn core(&self) -> Core {
        let store = SledStore::open(&self.dir.path().join("store"), 8 << 20).unwrap();
        Core::new(
            Arc::new(store),
            Arc::new(FakePainter::default()),
            self.clock.clone(),
            Settings::default(),
        )
    }

    fn advance_h(&self, hours: f64) {
        self.clock
            .advance(Duration::from_millis((hours * H as f64) as u64));
    }
}

fn tick_in(core: &Core, at: &ChannelKey) -> Vec<Reply> {
    core.tick()
        .into_iter()
        .map(|(k, r)| {
            assert_eq!(&k, at, "a reply for another channel: {}", r.text());
            r
        })
        .collect()
}

#[test]
fn deadlines_reminders_claim_and_ratings_across_a_restart() {
    let env = Env::new();
    let at = chan("corr");
    let core = env.core();
    let r = ok(say(&core, &at, "alice", "!new katro @bob as south 2d"));
    assert!(
        r.text().contains("alice plays South, 48 h per move"),
        "{}",
        r.text()
    );
    let r = ok(say(&core, &at, "bob", "!accept"));
    let deadline = T0 + 48 * H;
    assert!(
        r.text().contains(&format!(
            "Deadline for alice: {} (48 h per move).",
            time_token(deadline)
        )),
        "{}",
        r.text()
    );
    assert_eq!(plain_time(deadline, T0), "2023-11-16 22:13 UTC (in 48 h)");
    // Within half a minute either way it is "now" (not "in 0 s"); from 10 h the span
    // is rounded to the hour, not cut.
    assert_eq!(
        plain_time(deadline, deadline - 20_000),
        "2023-11-16 22:13 UTC (now)"
    );
    assert_eq!(
        plain_time(deadline, deadline + 29_000),
        "2023-11-16 22:13 UTC (now)"
    );
    assert_eq!(
        plain_time(deadline, deadline - (47 * 60 - 1) * 60_000),
        "2023-11-16 22:13 UTC (in 47 h)"
    );
    // Nothing due before the 24 h point.
    env.advance_h(23.9);
    assert!(core.tick().is_empty());
    env.advance_h(0.2);
    let rem = tick_in(&core, &at);
    assert_eq!(rem.len(), 1, "{rem:?}");
    assert!(
        rem[0]
            .text()
            .starts_with("@alice, your move (South) in Katro 6x6"),
        "{}",
        rem[0].text()
    );
    assert!(
        rem[0].text().contains(&time_token(deadline)),
        "{}",
        rem[0].text()
    );
    assert_eq!(rem[0].mentions, vec![user("alice")]);
    // Never twice for the same point.
    assert!(core.tick().is_empty());
    env.advance_h(1.0);
    assert!(core.tick().is_empty());

    // Each move restarts the clock of the other, whose deadline shows in the reply.
    ok(say(&core, &at, "alice", "!sow c1+"));
    ok(say(&core, &at, "bob", "!sow a6+"));
    let r = ok(say(&core, &at, "alice", "!sow b1+"));
    let bob_deadline = env.clock_now() + 48 * H;
    assert!(
        r.text()
            .contains(&format!("Deadline for bob: {}", time_token(bob_deadline))),
        "{}",
        r.text()
    );
    // Bob cannot claim, alice cannot claim before the deadline.
    let e = refused(say(&core, &at, "bob", "!claim"));
    assert!(
        e.starts_with("it is your move; only alice could claim, once your deadline"),
        "{e}"
    );
    let e = refused(say(&core, &at, "alice", "!claim"));
    assert!(e.starts_with("bob's deadline has not passed yet"), "{e}");
    let e = refused(say(&core, &at, "carol", "!claim"));
    assert!(e.starts_with("you are not playing this game"), "{e}");

    // The bot goes down for three days: both reminder points and the deadline pass.
    drop(core);
    env.advance_h(72.0);
    let core = env.core();
    let out = tick_in(&core, &at);
    // One message: the timeout notice (the missed reminders are not sent late).
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(
        out[0]
            .text()
            .starts_with("@bob (North) did not move by the deadline"),
        "{}",
        out[0].text()
    );
    assert!(
        out[0].text().contains("@alice may `!claim` the win"),
        "{}",
        out[0].text()
    );
    assert!(core.tick().is_empty());

    // Late, bob hears that his deadline has passed and alice may claim.
    let e = refused(say(&core, &at, "bob", "!claim"));
    assert!(
        e.starts_with("it is your move and your deadline (")
            && e.contains("has passed: only alice can claim the win; move now to play on"),
        "{e}"
    );

    // Another restart before the claim: the game and its timeout are still there.
    drop(core);
    let core = env.core();
    assert!(core.tick().is_empty());
    let r = ok(say(&core, &at, "alice", "!claim"));
    assert!(
        r.text()
            .contains("bob (North) did not move by the deadline"),
        "{}",
        r.text()
    );
    assert!(
        r.text().contains("Game over. alice (South) wins on time."),
        "{}",
        r.text()
    );
    // Glicko-2 from 1500/350 each: 1662.3 and 1337.7, RD 290.3.
    assert!(
        r.text()
            .contains("Ratings (Katro): alice 1500 → 1662, bob 1500 → 1338."),
        "{}",
        r.text()
    );
    let r = ok(say(&core, &at, "carol", "!rating @alice"));
    assert_eq!(
        r.text(),
        "alice: Katro 1662? ±290 provisional (1 game: 1 won, 0 drawn, 0 lost, last change +162); \
         Hoyito unrated."
    );
    let r = ok(say(&core, &at, "carol", "!leaderboard katro"));
    assert_eq!(
        r.text(),
        "Katro leaderboard (? = provisional):\n1. alice 1662? ±290 (1 game)\n2. bob 1338? ±290 (1 game)"
    );
    let r = ok(say(&core, &at, "bob", "!record"));
    assert!(
        r.text().contains("alice (South) wins on time"),
        "{}",
        r.text()
    );

    // Rematch: sides swapped, same time per move.
    let e = refused(say(&core, &at, "carol", "!rematch"));
    assert!(e.starts_with("only the players of the last game"), "{e}");
    let r = ok(say(&core, &at, "bob", "!rematch"));
    assert!(r.text().contains("bob plays South"), "{}", r.text());
    assert_eq!(r.mentions, vec![user("alice")]);
    // Like any challenge, it carries alice's Accept and Decline buttons.
    let buttons: Vec<(&str, Option<&str>)> = r
        .buttons
        .iter()
        .map(|b| (b.command.as_str(), b.only.as_ref().map(|u| u.name.as_str())))
        .collect();
    assert_eq!(
        buttons,
        [("!accept", Some("alice")), ("!decline", Some("alice"))]
    );
    // Issue 18: alice asking for the rematch too accepts bob's offer.
    let r = ok(say(&core, &at, "alice", "!rematch"));
    assert!(
        r.text().contains("bob (South) vs alice (North)"),
        "{}",
        r.text()
    );
    assert!(r.text().contains("(48 h per move)"), "{}", r.text());
}

impl Env {
    fn clock_now(&self) -> u64 {
        use mancala_bot::core::Clock;
        self.clock.now_ms()
    }
}

#[test]
fn muted_players_get_no_reminders_and_a_missed_point_is_sent_once() {
    let env = Env::new();
    let core = env.core();
    let at = chan("mute");
    ok(say(&core, &at, "alice", "!new hoyito @bob as south 2d"));
    ok(say(&core, &at, "alice", "!mute"));
    ok(say(&core, &at, "bob", "!accept"));
    env.advance_h(30.0);
    assert!(core.tick().is_empty(), "alice muted her reminders");
    ok(say(&core, &at, "alice", "!unmute"));
    ok(say(&core, &at, "alice", "!sow a1"));
    // Bob: both points (24 h and 1 h before) pass while no tick runs: one reminder.
    env.advance_h(47.5);
    let out = tick_in(&core, &at);
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(
        out[0].text().starts_with("@bob, your move (North)"),
        "{}",
        out[0].text()
    );
    assert!(core.tick().is_empty());
    // A time per move shorter than a reminder point skips that point.
    let at2 = chan("short");
    ok(say(&core, &at2, "carol", "!new katro @dave as south 12h"));
    ok(say(&core, &at2, "dave", "!accept"));
    env.advance_h(10.0);
    let out: Vec<_> = core.tick().into_iter().filter(|(k, _)| *k == at2).collect();
    assert!(out.is_empty(), "{out:?}");
    env.advance_h(1.5);
    let out: Vec<_> = core.tick().into_iter().filter(|(k, _)| *k == at2).collect();
    assert_eq!(out.len(), 1, "the 1 h point: {out:?}");
}

#[test]
fn autoforfeit_channel_forfeits_a_deadline_passed_while_down() {
    let env = Env::new();
    let at = chan("auto");
    let core = env.core();
    let e = refused(say(&core, &at, "alice", "!set autoforfeit on"));
    assert!(e.starts_with("only organizers"), "{e}");
    let r = ok(say_as(&core, &at, "mod", "!set autoforfeit on", true));
    assert!(r.text().starts_with("Auto-forfeit is on"), "{}", r.text());
    ok(say(&core, &at, "alice", "!new katro @bob as south 1d"));
    ok(say(&core, &at, "bob", "!accept"));
    ok(say(&core, &at, "alice", "!sow c1+"));
    drop(core);
    env.advance_h(25.0);
    let core = env.core();
    let out = tick_in(&core, &at);
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(
        out[0]
            .text()
            .contains("Game over. alice (South) wins on time."),
        "{}",
        out[0].text()
    );
    // Bob never moved: a win on time then is not rated (as an abort then would not be).
    assert!(
        out[0]
            .text()
            .contains("Unrated: the game ended before both sides had moved."),
        "{}",
        out[0].text()
    );
    assert!(core.tick().is_empty());
    let e = refused(say(&core, &at, "bob", "!sow a6+"));
    assert!(e.starts_with("there is no game in play here"), "{e}");
    let r = ok(say(&core, &at, "carol", "!board"));
    assert!(r.text().contains("wins on time"), "{}", r.text());

    // A move after the deadline, before any tick, loses on time there too.
    ok(say(&core, &at, "alice", "!new katro @bob as south 1d"));
    ok(say(&core, &at, "bob", "!accept"));
    env.advance_h(24.5);
    let r = ok(say(&core, &at, "alice", "!sow c1+"));
    assert!(
        r.text()
            .starts_with("alice (South) did not move by the deadline"),
        "{}",
        r.text()
    );
    assert!(
        r.text().contains("bob (North) wins on time"),
        "{}",
        r.text()
    );
    assert!(core.tick().is_empty());

    // Without a time per move there are no deadlines at all.
    ok(say(&core, &at, "alice", "!new katro @bob notime"));
    let r = ok(say(&core, &at, "bob", "!accept"));
    assert!(!r.text().contains("Deadline"), "{}", r.text());
    env.advance_h(1000.0);
    assert!(core.tick().is_empty());
    let e = refused(say(&core, &at, "alice", "!claim"));
    assert!(e.contains("no time per move"), "{e}");
}

/// Each transport drives only its own communities: a tick for one guild leaves what is
/// due in another for that one's own tick (not taken and dropped).
#[test]
fn tick_where_leaves_other_communities_due() {
    let env = Env::new();
    let core = env.core();
    let mine = chan("mine");
    let theirs = ChannelKey {
        community: "!room:example.org".into(),
        channel: "!room:example.org".into(),
    };
    for at in [&mine, &theirs] {
        ok(say(&core, at, "alice", "!new katro @bob as south 1d"));
        ok(say(&core, at, "bob", "!accept"));
    }
    // Past the deadline: each game has its timeout notice.
    env.advance_h(25.0);
    let first = core.tick_where(&|c: &str| c == mine.community);
    assert_eq!(first.len(), 1, "{first:?}");
    assert_eq!(first[0].0, mine);
    let second = core.tick_where(&|c: &str| c.starts_with('!'));
    assert_eq!(second.len(), 1, "{second:?}");
    assert_eq!(second[0].0, theirs);
    assert!(core.tick().is_empty());
}

#[test]
fn abort_draw_and_unrated_results() {
    let env = Env::new();
    let core = env.core();
    let at = chan("ad");
    ok(say(&core, &at, "alice", "!new katro @bob as south"));
    ok(say(&core, &at, "bob", "!accept"));
    ok(say(&core, &at, "alice", "!sow c1+"));
    let e = refused(say(&core, &at, "carol", "!abort"));
    assert!(e.starts_with("you are not playing"), "{e}");
    // One side has moved: still abortable.
    let r = ok(say(&core, &at, "bob", "!abort"));
    let id = crate::archive::announced_id(&r.text());
    assert_eq!(
        r.text(),
        format!(
            "bob aborts the game (alice (South) vs bob (North)): no result, unrated.\n\
             Game id: `{id}` (`!analyze ID` reviews it, `!history` lists this channel's games)."
        )
    );
    let r = ok(say(&core, &at, "carol", "!rating @bob"));
    assert_eq!(r.text(), "bob: Katro unrated; Hoyito unrated.");

    ok(say(&core, &at, "alice", "!new hoyito @bob as south"));
    ok(say(&core, &at, "bob", "!accept"));
    ok(say(&core, &at, "alice", "!sow a1"));
    ok(say(&core, &at, "bob", "!draw"));
    let e = refused(say(&core, &at, "bob", "!draw"));
    assert!(e.starts_with("you have already offered a draw"), "{e}");
    ok(say(&core, &at, "bob", "!sow a2"));
    // Both have moved: no abort any more.
    let e = refused(say(&core, &at, "alice", "!abort"));
    assert!(e.starts_with("both sides have moved"), "{e}");
    // A move of the offering side keeps his offer.
    let r = ok(say(&core, &at, "alice", "!draw"));
    assert!(r.text().contains("Draw by agreement"), "{}", r.text());
    assert!(
        r.text()
            .contains("Ratings (Hoyito): alice 1500 → 1500, bob 1500 → 1500."),
        "{}",
        r.text()
    );
    let r = ok(say(&core, &at, "carol", "!rating @alice"));
    assert!(r.text().contains("Hoyito 1500? ±290"), "{}", r.text());
    assert!(r.text().contains("0 won, 1 drawn, 0 lost"), "{}", r.text());
}

/// Issue 18 item 4: an open challenge that expires unanswered is announced in its
/// channel by the periodic driver, as a passed deadline is, pinging the challenger:
/// exactly once, whether ticks run concurrently or after a restart; `!board` still
/// shows it expired and `!new` replaces it.
#[test]
fn expired_challenges_are_announced_once_across_concurrent_ticks_and_a_restart() {
    let env = Env::new();
    let (named, open) = (chan("named"), chan("open"));
    let core = env.core();
    ok(say(&core, &named, "alice", "!new katro @bob"));
    env.advance_h(1.0);
    ok(say(&core, &open, "carol", "!new hoyito:2x8 notime"));
    assert!(core.tick().is_empty(), "nothing has expired yet");
    // alice's challenge (24 h) has expired, carol's (an hour younger) not yet.
    env.advance_h(23.5);
    let out = core.tick();
    assert_eq!(out.len(), 1, "{out:?}");
    let (at, r) = &out[0];
    assert_eq!(at, &named);
    assert_eq!(
        r.text(),
        format!(
            "@alice: your challenge to bob (Katro 6x6) was not accepted by its expiry ({}). \
             Start a new one with `!new GAME [@opponent]`.",
            time_token(T0 + 24 * H)
        )
    );
    assert_eq!(r.mentions, vec![user("alice")]);
    assert!(core.tick().is_empty(), "announced once");
    // Eight ticks at once when carol's expires: one announcement between them.
    env.advance_h(1.0);
    let core = Arc::new(core);
    let barrier = Arc::new(std::sync::Barrier::new(8));
    let handles: Vec<_> = (0..8)
        .map(|_| {
            let (core, barrier) = (core.clone(), barrier.clone());
            std::thread::spawn(move || {
                barrier.wait();
                core.tick()
            })
        })
        .collect();
    let out: Vec<(ChannelKey, Reply)> = handles
        .into_iter()
        .flat_map(|h| h.join().unwrap())
        .collect();
    assert_eq!(out.len(), 1, "{out:?}");
    assert_eq!(out[0].0, open);
    assert_eq!(
        out[0].1.text(),
        format!(
            "@carol: your open challenge (Hoyito 2x8) was not accepted by its expiry ({}). \
             Start a new one with `!new GAME [@opponent]`.",
            time_token(T0 + 25 * H)
        )
    );
    // After a restart, nothing is announced again.
    drop(Arc::into_inner(core).expect("the ticking threads are done"));
    let core = env.core();
    assert!(
        core.tick().is_empty(),
        "not announced again after a restart"
    );
    let r = ok(say(&core, &named, "dave", "!board"));
    assert_eq!(
        r.text(),
        "No game here: alice's challenge to bob (Katro 6x6) expired; start one with \
         `!new GAME [@opponent]`."
    );
    ok(say(&core, &named, "bob", "!new katro @alice"));
    assert!(core.tick().is_empty());
}

/// Issue 12 item 4: a clock with a time per move near `u64::MAX` (which settings
/// of `Duration::MAX`, or a record that got into the store some other way, can
/// hold) never overflows: the challenge's expiry, the deadline of the next move and the
/// driver's reminders saturate, and the moves, ticks, `!board`, `!claim` and
/// `!rematch` that follow answer without a panic.
#[test]
fn huge_move_time_saturates_on_the_next_move_and_tick_instead_of_overflowing() {
    let settings = Settings {
        challenge_expiry: Duration::MAX,
        default_move_time: Some(Duration::MAX),
        reminders: vec![Duration::MAX, Duration::from_secs(3600)],
        ..Settings::default()
    };
    let b = bench_with(settings);
    let at = chan("huge");
    start(&b.core, &at, "katro");
    let r = b.store.load(&at).unwrap().unwrap().record;
    let t = r.timing().unwrap();
    assert_eq!((t.move_time_ms, t.deadline_ms), (u64::MAX, u64::MAX));
    assert_eq!(r.challenge().unwrap().expires_ms, u64::MAX);
    let moved = ok(say(&b.core, &at, "alice", "!sow c1+")).text();
    assert!(moved.contains("Deadline for bob"), "{moved}");
    assert!(b.core.tick().is_empty());
    ok(say(&b.core, &at, "carol", "!board"));
    // A record with the largest time per move and a deadline about to pass, as a hand
    // edit could leave it: the next move and ticks saturate.
    let mut stored = b.store.load(&at).unwrap().unwrap();
    if let Some(t) = stored.record.timing_mut() {
        t.deadline_ms = u64::MAX - 1;
        t.reminded.clear();
        t.wake_ms = Some(0);
    }
    assert!(b
        .store
        .write(&at, Some(&stored.version), Write::Put(&stored.record))
        .unwrap());
    b.core.tick();
    ok(say(&b.core, &at, "bob", "!sow a6+"));
    b.clock.advance(Duration::MAX);
    let notices = b.core.tick();
    assert!(
        notices
            .iter()
            .any(|(_, r)| r.text().contains("did not move by the deadline")),
        "{notices:?}"
    );
    let claimed = say(&b.core, &at, "bob", "!claim");
    assert!(!claimed[0].is_error, "{}", claimed[0].text());
    ok(say(&b.core, &at, "alice", "!rematch"));
    b.clock.advance(Duration::MAX);
    b.core.tick();
    refused(say(&b.core, &at, "alice", "!accept"));
}
