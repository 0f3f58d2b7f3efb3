//! `!vacation`: a player's vacation pauses their clock in unrated correspondence games
//! (no reminder, no timeout, no `!claim`, shown by `!board`); once it is over their
//! deadline is the vacation's end plus the time he had left. The yearly allowance, and
//! the refusals of bad days. Through the core, and through the console.

use std::process::Command;
use std::time::Duration;

use mancala_bot::core::api::{time_token, ChatCore, Reply};
use mancala_bot::core::Clock;
use mancala_bot::model::ChannelKey;
use mancala_bot::store::keys::DocKey;
use mancala_bot::store::Store;

use crate::core_chat::{bench, chan, ok, refused, say};

const T0: u64 = 1_700_000_000_000;
const H: u64 = 3_600_000;

fn tick_in(core: &mancala_bot::core::Core, at: &ChannelKey) -> Vec<Reply> {
    core.tick()
        .into_iter()
        .map(|(k, r)| {
            assert_eq!(&k, at, "a reply for another channel: {}", r.text());
            r
        })
        .collect()
}

#[test]
fn a_vacation_pauses_the_deadline_refuses_claims_then_the_time_left_runs() {
    let b = bench();
    let at = chan("corr");
    let to = |t: u64| b.clock.advance(Duration::from_millis(t - b.clock.now_ms()));
    ok(say(
        &b.core,
        &at,
        "alice",
        "!new katro @bob as south unrated 2d",
    ));
    ok(say(&b.core, &at, "bob", "!accept"));
    ok(say(&b.core, &at, "alice", "!sow c1+"));
    // bob's deadline: T0 + 48 h; a day later he leaves for a week, a day before it.
    to(T0 + 24 * H);
    let r = ok(say(&b.core, &at, "bob", "!vacation 7d"));
    assert_eq!(
        r.text(),
        "bob is on vacation until 2023-11-22 22:13 UTC: the clocks of unrated \
         correspondence games here are stopped until then. 7 of 14 days left this year."
    );
    let r = ok(say(&b.core, &at, "alice", "!board"));
    assert!(
        r.text()
            .ends_with("\nbob is on vacation until 2023-11-22 22:13 UTC: their clock is stopped."),
        "{}",
        r.text()
    );
    // His deadline passes during the vacation: no notice, no claim.
    to(T0 + 50 * H);
    assert!(tick_in(&b.core, &at).is_empty());
    let e = refused(say(&b.core, &at, "alice", "!claim"));
    assert_eq!(
        e,
        "bob is on vacation until 2023-11-22 22:13 UTC: their clock is stopped, no claim before then"
    );
    // The vacation ends at T0 + 192 h: he has the day he had left, to T0 + 216 h, and
    // the driver reminds him of it.
    to(T0 + 192 * H);
    let rem = tick_in(&b.core, &at);
    assert_eq!(rem.len(), 1, "{rem:?}");
    assert!(
        rem[0]
            .text()
            .starts_with("@bob, your move (North) in Katro 6x6"),
        "{}",
        rem[0].text()
    );
    assert!(rem[0].text().contains(&time_token(T0 + 216 * H)));
    let rec = b.store.load(&at).unwrap().unwrap().record;
    let t = rec.timing().unwrap();
    assert_eq!(t.deadline_ms, T0 + 216 * H);
    assert_eq!(t.paused_ms, 168 * H);
    assert_eq!(t.vacation_applied, Some(T0 + 192 * H));
    assert!(!ok(say(&b.core, &at, "alice", "!board"))
        .text()
        .contains("on vacation"));
    to(T0 + 193 * H);
    let e = refused(say(&b.core, &at, "alice", "!claim"));
    assert_eq!(
        e,
        format!(
            "bob's deadline has not passed yet: {}; `!claim` after it",
            time_token(T0 + 216 * H)
        )
    );
    to(T0 + 216 * H);
    let r = ok(say(&b.core, &at, "alice", "!claim"));
    assert!(
        r.text()
            .starts_with("bob (North) did not move by the deadline"),
        "{}",
        r.text()
    );
}

/// Where a passed deadline forfeits by itself, a move made after the vacation, before
/// the driver wrote the push, is a move, not a forfeit; the driver forfeits nothing
/// during it.
#[test]
fn after_a_vacation_a_move_in_an_autoforfeit_channel_is_played() {
    let b = bench();
    let at = chan("auto");
    ok(crate::core_chat::say_as(
        &b.core,
        &at,
        "org",
        "!set autoforfeit on",
        true,
    ));
    ok(say(
        &b.core,
        &at,
        "alice",
        "!new katro @bob as south unrated 2d",
    ));
    ok(say(&b.core, &at, "bob", "!accept"));
    ok(say(&b.core, &at, "alice", "!sow c1+"));
    b.clock.advance(Duration::from_millis(24 * H));
    ok(say(&b.core, &at, "bob", "!vacation 7d"));
    b.clock.advance(Duration::from_millis(48 * H));
    assert!(tick_in(&b.core, &at).is_empty());
    b.clock.advance(Duration::from_millis(121 * H));
    let mv = b.core.legal_moves(&at)[0].clone();
    let r = ok(say(&b.core, &at, "bob", &format!("!sow {mv}")));
    assert!(
        r.text().starts_with(&format!("bob (North) sowed {mv}")),
        "{}",
        r.text()
    );
    let rec = b.store.load(&at).unwrap().unwrap().record;
    assert_eq!(rec.play().unwrap().game().moves().len(), 2);
}

/// Two vacations in one turn, the first never seen by the driver: the turn gets both.
#[test]
fn every_vacation_of_a_turn_counts_even_one_no_driver_saw() {
    let b = bench();
    let at = chan("week");
    ok(say(
        &b.core,
        &at,
        "alice",
        "!new katro @bob as south unrated 7d",
    ));
    ok(say(&b.core, &at, "bob", "!accept"));
    ok(say(&b.core, &at, "alice", "!sow c1+"));
    b.clock.advance(Duration::from_millis(H));
    ok(say(&b.core, &at, "bob", "!vacation 1d"));
    b.clock.advance(Duration::from_millis(47 * H));
    ok(say(&b.core, &at, "bob", "!vacation 2d"));
    // bob's deadline: T0 + 7 d, plus 1 d, plus 2 d.
    b.clock.advance(Duration::from_millis((7 * 24 + 1) * H));
    let e = refused(say(&b.core, &at, "alice", "!claim"));
    assert_eq!(
        e,
        format!(
            "bob's deadline has not passed yet: {}; `!claim` after it",
            time_token(T0 + 10 * 24 * H)
        )
    );
    b.clock.advance(Duration::from_millis(23 * H));
    let r = ok(say(&b.core, &at, "alice", "!claim"));
    assert!(
        r.text().starts_with("bob (North) did not move"),
        "{}",
        r.text()
    );
}

#[test]
fn a_vacation_does_not_pause_a_rated_game() {
    let b = bench();
    let at = chan("rated");
    ok(say(&b.core, &at, "alice", "!new katro @bob as south 2d"));
    ok(say(&b.core, &at, "bob", "!accept"));
    ok(say(&b.core, &at, "alice", "!sow c1+"));
    ok(say(&b.core, &at, "bob", "!vacation 7d"));
    b.clock.advance(Duration::from_millis(49 * H));
    let r = ok(say(&b.core, &at, "alice", "!claim"));
    assert!(
        r.text().starts_with("bob (North) did not move"),
        "{}",
        r.text()
    );
}

#[test]
fn the_yearly_allowance_and_bad_days_are_refused_with_what_is_allowed() {
    let b = bench();
    let at = chan("lobby");
    let r = ok(say(&b.core, &at, "alice", "!vacation"));
    assert_eq!(
        r.text(),
        "You are not on vacation; 14 of 14 vacation days left this year. `!vacation 7d` \
         starts one, `!vacation off` ends it."
    );
    for (bad, got) in [
        ("!vacation 0d", "`0d`"),
        ("!vacation 400d", "`400d`"),
        ("!vacation soon", "`soon`"),
        ("!vacation 3 days", "`3 days`"),
    ] {
        let e = refused(say(&b.core, &at, "alice", bad));
        assert_eq!(
            e,
            format!("`!vacation` takes days from 1d to 365d, or `off` (got {got})")
        );
    }
    let e = refused(say(&b.core, &at, "alice", "!vacation off"));
    assert_eq!(e, "you are not on vacation; `!vacation 7d` starts one");
    let e = refused(say(&b.core, &at, "alice", "!vacation 15d"));
    assert_eq!(
        e,
        "15 days are more than you have left: 14 of 14 vacation days this year"
    );
    assert!(b
        .store
        .doc(&DocKey::vacations("guild-1"))
        .unwrap()
        .is_none());
    let r = ok(say(&b.core, &at, "alice", "!vacation 10d"));
    assert!(
        r.text().ends_with(" 4 of 14 days left this year."),
        "{}",
        r.text()
    );
    let e = refused(say(&b.core, &at, "alice", "!vacation 2d"));
    assert_eq!(
        e,
        "you are on vacation until 2023-11-24 22:13 UTC already; `!vacation off` ends it"
    );
    let r = ok(say(&b.core, &at, "alice", "!vacation"));
    assert_eq!(
        r.text(),
        "alice is on vacation until 2023-11-24 22:13 UTC; 4 of 14 vacation days left this \
         year."
    );
    // Back after 3 days: the 7 whole days not taken return.
    b.clock.advance(Duration::from_millis(72 * H));
    let r = ok(say(&b.core, &at, "alice", "!vacation off"));
    assert_eq!(
        r.text(),
        "The vacation of alice ends now: the clocks run again. 11 days left this year."
    );
    let e = refused(say(&b.core, &at, "alice", "!vacation 12d"));
    assert_eq!(
        e,
        "12 days are more than you have left: 11 of 14 vacation days this year"
    );
    ok(say(&b.core, &at, "alice", "!vacation 11d"));
    b.clock.advance(Duration::from_millis(11 * 24 * H));
    let e = refused(say(&b.core, &at, "alice", "!vacation 1d"));
    assert_eq!(
        e,
        "1 day is more than you have left: 0 of 14 vacation days this year"
    );
    // bob's allowance is his own.
    ok(say(&b.core, &at, "bob", "!vacation 14d"));
    // A new year, a new allowance (T0 is 2023-11-14; 40 days later it is 2024).
    b.clock.advance(Duration::from_millis(40 * 24 * H));
    let r = ok(say(&b.core, &at, "alice", "!vacation"));
    assert!(
        r.text()
            .starts_with("You are not on vacation; 14 of 14 vacation days left"),
        "{}",
        r.text()
    );
}

#[test]
fn console_vacation_started_shown_and_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = crate::piped::with_input(
        Command::new(env!("CARGO_BIN_EXE_mancala-bot"))
            .arg("console")
            .arg("--data")
            .arg(dir.path())
            .env_remove("DISCORD_TOKEN")
            .env("MANCALA_AI_ENDGAME_SEEDS", "12"),
        "!vacation 0d\n!vacation 7d\n!vacation\n!vacation 30d\n/wait 2h\n!vacation off\n",
    );
    assert!(out.status.success());
    let out = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.contains("bot (refused): `!vacation` takes days from 1d to 365d, or `off` (got `0d`)"),
        "{out}"
    );
    assert!(
        out.contains(
            ": the clocks of unrated correspondence games here are stopped until then. 7 of 14 \
             days left this year."
        ),
        "{out}"
    );
    assert!(
        out.contains("; 7 of 14 vacation days left this year."),
        "{out}"
    );
    assert!(
        out.contains("bot (refused): you are on vacation until "),
        "{out}"
    );
    // Ended 2 h later: the day begun counts, the 6 whole days left return.
    assert!(
        out.contains(
            "bot: The vacation of alice ends now: the clocks run again. 13 days left this year."
        ),
        "{out}"
    );
}

/// `!games` shows a deadline as the vacation leaves it: paused while the player to move
/// is away (it showed the deadline of the record, passed or not), then pushed by the
/// time the vacation took, as `!board` and the driver have it.
#[test]
fn games_shows_a_paused_clock_then_the_pushed_deadline() {
    let b = bench();
    let at = chan("corr");
    let to = |t: u64| b.clock.advance(Duration::from_millis(t - b.clock.now_ms()));
    ok(say(
        &b.core,
        &at,
        "alice",
        "!new katro @bob as south unrated 2d",
    ));
    ok(say(&b.core, &at, "bob", "!accept"));
    ok(say(&b.core, &at, "alice", "!sow c1+"));
    to(T0 + 24 * H);
    ok(say(&b.core, &at, "bob", "!vacation 7d"));
    let away = ok(say(&b.core, &chan("elsewhere"), "bob", "!games")).text();
    assert!(
        away.contains(&format!(
            "your move, on vacation until {}: that clock waits",
            time_token(T0 + 192 * H)
        )),
        "{away}"
    );
    assert!(!away.contains(&time_token(T0 + 48 * H)), "{away}");
    // Back at T0 + 192 h with the day he had left: due at T0 + 216 h.
    to(T0 + 192 * H);
    let back = ok(say(&b.core, &at, "alice", "!games")).text();
    assert!(
        back.contains(&format!("bob to move, due {}", time_token(T0 + 216 * H))),
        "{back}"
    );
}

/// A move that passes the turn to a player on vacation says that his clock waits and
/// until when, not the deadline the record holds (which the vacation pushes).
#[test]
fn a_move_to_a_player_on_vacation_says_his_clock_waits() {
    let b = bench();
    let at = chan("corr");
    ok(say(
        &b.core,
        &at,
        "alice",
        "!new katro @bob as south unrated 2d",
    ));
    ok(say(&b.core, &at, "bob", "!accept"));
    ok(say(&b.core, &at, "bob", "!vacation 3d"));
    let r = ok(say(&b.core, &at, "alice", "!sow c1+"));
    let text = r.text();
    assert!(text.contains("bob is on vacation until "), "{text}");
    assert!(!text.contains("Deadline for bob"), "{text}");
}
