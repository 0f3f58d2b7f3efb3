//! The pause of a tournament end to end through the core, with a fake clock: every
//! clock stops (no deadline passes, nothing is forfeited, no round is paired), moves
//! stay allowed without the clock running, each clock restarts with the time its
//! player had left, and the driver stops a clock that missed the pause.

use std::time::Duration;

use mancala_bot::core::api::ChatCore;
use mancala_bot::core::tournament::{Act, Res};
use mancala_bot::store::Store;

use crate::core_chat::{bench, chan, ok, refused, say};
use crate::organize::{acts, deadline, held, load, org, room, started, texts, HOUR};

#[test]
fn a_pause_stops_every_clock_and_the_resume_restarts_each_with_its_time_left() {
    let b = bench();
    let lobby = chan("hall");
    let t = started(&b, &lobby, "cup");
    let (board1, board2) = (room(&t, 1), room(&t, 2));
    b.clock.advance(Duration::from_millis(2 * HOUR));
    let e = refused(say(&b.core, &lobby, "p1", "!tournament pause"));
    assert!(e.starts_with("only the organizers of cup"), "{e}");
    let e = refused(org(&b, &lobby, "!tournament resume"));
    assert_eq!(e, "cup is not paused");
    let out = org(&b, &lobby, "!tournament pause");
    assert!(
        texts(&out).starts_with("cup is paused by org: every clock is stopped"),
        "{}",
        texts(&out)
    );
    assert!(out.iter().any(|r| r.to.as_ref() == Some(&board1)
        && r.text()
            .contains("The clock is stopped while the tournament is paused: p1 has 22 h left.")));
    assert_eq!(held(&b, &board1), Some(22 * HOUR));
    assert_eq!(held(&b, &board2), Some(22 * HOUR));
    let e = refused(org(&b, &lobby, "!tournament pause"));
    assert_eq!(e, "cup is already paused");
    let r = ok(say(&b.core, &lobby, "p1", "!tournament"));
    assert!(
        r.text()
            .contains("cup: Katro 4x4, round robin, 4 players, round 1, paused"),
        "{}",
        r.text()
    );
    let e = refused(org(&b, &lobby, "!tournament next-round"));
    assert!(e.starts_with("cup is paused"), "{e}");

    // Three days pass: nothing is forfeited, no round paired, nothing announced.
    b.clock.advance(Duration::from_millis(72 * HOUR));
    let ticked = b.core.tick();
    assert!(ticked.is_empty(), "{ticked:?}");
    assert!(!b.store_is_empty(&board1) && !b.store_is_empty(&board2));
    let e = refused(say(&b.core, &board1, "p4", "!claim"));
    assert!(e.starts_with("The clock is stopped"), "{e}");
    // A move during the pause: the clock does not run; the opponent waits with a
    // whole time per move.
    let mv = b.core.legal_moves(&board1)[0].clone();
    let moved = say(&b.core, &board1, "p1", &format!("!sow {mv}"));
    assert!(moved.iter().all(|r| !r.is_error), "{moved:?}");
    assert_eq!(held(&b, &board1), Some(24 * HOUR));

    b.clock.advance(Duration::from_millis(HOUR));
    let out = org(&b, &lobby, "!tournament resume");
    assert!(
        texts(&out).starts_with(
            "cup resumes (org, after a pause of 73 h): every clock restarts with the time \
             its player had left."
        ),
        "{}",
        texts(&out)
    );
    let now = 1_700_000_000_000 + 75 * HOUR;
    assert_eq!(held(&b, &board2), None);
    assert_eq!(deadline(&b, &board2), now + 22 * HOUR);
    assert_eq!(deadline(&b, &board1), now + 24 * HOUR);
    let t = load(&b, "cup");
    assert_eq!(t.paused, None);
    assert_eq!(
        acts(&t)[acts(&t).len() - 2..],
        [
            Act::Paused,
            Act::Resumed {
                paused_ms: 73 * HOUR
            }
        ]
    );
    // Board 2's clock runs out 22 h after the resume, not before.
    b.clock.advance(Duration::from_millis(22 * HOUR - 60_000));
    b.core.tick();
    assert!(!b.store_is_empty(&board2));
    b.clock.advance(Duration::from_millis(120_000));
    b.core.tick();
    assert!(b.store_is_empty(&board2), "lost on time after the resume");
    assert!(!b.store_is_empty(&board1));
}

/// Games that end during a pause count, but the next round waits for the resume; an
/// extension during the pause adds to the time left.
#[test]
fn a_round_finished_during_a_pause_is_paired_at_the_resume() {
    let b = bench();
    let lobby = chan("hall");
    let t = started(&b, &lobby, "cup");
    let (board1, board2) = (room(&t, 1), room(&t, 2));
    org(&b, &lobby, "!tournament pause");
    assert_eq!(held(&b, &board2), Some(24 * HOUR));
    org(&b, &lobby, "!tournament extend 2 2h");
    assert_eq!(held(&b, &board2), Some(26 * HOUR));
    let out = say(&b.core, &board1, "p4", "!resign");
    assert!(out.iter().all(|r| !r.is_error), "{out:?}");
    let t = load(&b, "cup");
    assert_eq!(t.rounds[0].pairings[0].result, Some(Res::South));
    assert_eq!(t.rounds.len(), 1);
    let out = say(&b.core, &board2, "p3", "!resign");
    assert!(out.iter().all(|r| !r.is_error), "{out:?}");
    b.core.tick();
    assert_eq!(
        load(&b, "cup").rounds.len(),
        1,
        "no round paired while paused"
    );
    let out = org(&b, &lobby, "!tournament resume");
    assert!(
        texts(&out).contains("Round 2 of cup begins."),
        "{}",
        texts(&out)
    );
    assert_eq!(load(&b, "cup").rounds.len(), 2);
}

/// A game whose clock missed the pause (a crash between the tournament's write and the
/// game's) is stopped by the driver's next pass, with the time left when the pause
/// began; one that missed the resume is restarted.
#[test]
fn the_driver_stops_a_clock_that_missed_the_pause() {
    use mancala_bot::store::{GameOp, Op};
    let b = bench();
    let lobby = chan("hall");
    let t = started(&b, &lobby, "cup");
    let board1 = room(&t, 1);
    b.clock.advance(Duration::from_millis(5 * HOUR));
    org(&b, &lobby, "!tournament pause");
    assert_eq!(held(&b, &board1), Some(19 * HOUR));
    // Undo the stop, as if it had never been written.
    let stored = b.store.load(&board1).unwrap().unwrap();
    let mut r = stored.record.clone();
    let c = r.timing_mut().unwrap();
    c.held_ms = None;
    c.wake_ms = Some(c.deadline_ms);
    let mut ops = [Op::Game {
        at: board1.clone(),
        expected: Some(stored.version.clone()),
        change: GameOp::Put(r),
    }];
    assert!(b.store.commit(&mut ops).unwrap());
    b.clock.advance(Duration::from_millis(HOUR));
    let out = b.core.tick();
    assert!(
        out.iter()
            .any(|(at, r)| *at == board1 && r.text().starts_with("cup is paused.")),
        "{out:?}"
    );
    assert_eq!(
        held(&b, &board1),
        Some(19 * HOUR),
        "left at the pause's start"
    );
    // Nothing passes while paused, however long.
    b.clock.advance(Duration::from_millis(100 * HOUR));
    b.core.tick();
    assert!(!b.store_is_empty(&board1));
}
