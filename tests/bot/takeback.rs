//! `!takeback`: asked in a casual game and accepted, declined, withdrawn or cancelled
//! by a move; at once against the AI's lower levels (both plies undone, the AI does not
//! answer again); refused in rated and tournament games, at AI level 5 and before any
//! move. Through the core, and through the console.

use std::process::Command;

use mancala_bot::core::api::ChatCore;
use mancala_bot::core::Settings;
use mancala_bot::model::ChannelKey;
use mancala_bot::store::{Record, SledStore, Store};

use crate::core_chat::{bench, bench_with, chan, ok, position, refused, say, say_as};

/// The start position of Katro 6x6, South to move.
const KATRO_START: &str =
    "katro/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2 s";

fn record(store: &SledStore, at: &ChannelKey) -> Record {
    store.load(at).unwrap().unwrap().record
}

/// alice (South) vs bob (North), unrated, no clock.
fn casual(core: &mancala_bot::core::Core, at: &ChannelKey) {
    ok(say(
        core,
        at,
        "alice",
        "!new katro @bob as south unrated notime",
    ));
    ok(say(core, at, "bob", "!accept"));
}

#[test]
fn a_takeback_asked_and_accepted_undoes_both_plies() {
    let b = bench();
    let at = chan("tb");
    casual(&b.core, &at);
    assert_eq!(position(&b.core, &at), KATRO_START);
    ok(say(&b.core, &at, "alice", "!sow c1+"));
    let after_alice = position(&b.core, &at);
    let reply_mv = b.core.legal_moves(&at)[0].clone();
    ok(say(&b.core, &at, "bob", &format!("!sow {reply_mv}")));
    // bob offers a draw: the takeback clears it.
    ok(say(&b.core, &at, "bob", "!draw"));
    let before = position(&b.core, &at);
    let r = ok(say(&b.core, &at, "alice", "!takeback"));
    assert_eq!(
        r.text(),
        format!(
            "alice asks to take back: c1+ (alice), {reply_mv} (bob). @bob: `!accept` or \
             `!decline`; any move cancels the request."
        )
    );
    assert_eq!(r.mentions.len(), 1);
    assert_eq!(r.mentions[0].name, "bob");
    // Asked, nothing undone yet; the asker cannot accept his own request.
    assert_eq!(position(&b.core, &at), before);
    let e = refused(say(&b.core, &at, "alice", "!accept"));
    assert_eq!(e, "you asked for this takeback; bob has to accept it");
    let e = refused(say(&b.core, &at, "alice", "!takeback"));
    assert_eq!(
        e,
        "you asked for a takeback already; bob has to answer (`!decline` withdraws it)"
    );
    let r = ok(say(&b.core, &at, "bob", "!accept"));
    assert_eq!(
        r.text(),
        format!(
            "bob accepts the takeback asked by alice.\nTaken back: c1+ (alice), {reply_mv} \
             (bob). Takebacks in this game: 1.\n@alice (South) to move: `!sow HOLE+` or \
             `!sow HOLE-`."
        )
    );
    assert_eq!(r.attachments.len(), 1);
    assert_eq!(r.attachments[0].filename, "board.png");
    assert_eq!(position(&b.core, &at), KATRO_START);
    let rec = record(&b.store, &at);
    assert_eq!(rec.playing().unwrap().takebacks, 1);
    assert_eq!(rec.takeback_offer(), None);
    assert_eq!(rec.draw_offer(), None);
    assert!(rec.had_takeback() && !rec.rated);
    assert!(rec.play().unwrap().game().moves().is_empty());
    let history = crate::core_chat::whole(say(&b.core, &at, "bob", "!record"), 2000);
    assert!(
        history.contains("\nTakebacks: 1 (so the game is unrated)\n"),
        "{history}"
    );
    // The game goes on from there: the same move again.
    ok(say(&b.core, &at, "alice", "!sow c1+"));
    assert_eq!(position(&b.core, &at), after_alice);
    // bob takes back his own move alone (alice has not answered since).
    let mv = b.core.legal_moves(&at)[0].clone();
    ok(say(&b.core, &at, "bob", &format!("!sow {mv}")));
    let r = ok(say(&b.core, &at, "bob", "!takeback"));
    assert!(r
        .text()
        .starts_with(&format!("bob asks to take back: {mv} (bob).")));
    ok(say(&b.core, &at, "alice", "!accept"));
    assert_eq!(position(&b.core, &at), after_alice);
    assert_eq!(record(&b.store, &at).playing().unwrap().takebacks, 2);
}

#[test]
fn a_takeback_declined_withdrawn_or_cancelled_by_a_move_changes_no_position() {
    let b = bench();
    let at = chan("tb");
    casual(&b.core, &at);
    ok(say(&b.core, &at, "alice", "!sow c1+"));
    let after = position(&b.core, &at);
    ok(say(&b.core, &at, "alice", "!takeback"));
    let r = ok(say(&b.core, &at, "bob", "!decline"));
    assert_eq!(
        r.text(),
        "bob declines the takeback asked by alice; the game goes on as it stands."
    );
    assert_eq!(position(&b.core, &at), after);
    assert_eq!(record(&b.store, &at).takeback_offer(), None);
    // Declined: nothing left to accept.
    let e = refused(say(&b.core, &at, "bob", "!accept"));
    assert!(e.starts_with("the game here has already started"), "{e}");
    ok(say(&b.core, &at, "alice", "!takeback"));
    let r = ok(say(&b.core, &at, "alice", "!decline"));
    assert_eq!(r.text(), "alice withdraws the takeback request.");
    assert_eq!(record(&b.store, &at).takeback_offer(), None);
    // A move cancels a pending request.
    ok(say(&b.core, &at, "alice", "!takeback"));
    let mv = b.core.legal_moves(&at)[0].clone();
    let r = ok(say(&b.core, &at, "bob", &format!("!sow {mv}")));
    assert!(
        r.text()
            .ends_with("\nThe pending takeback request is cancelled by this move."),
        "{}",
        r.text()
    );
    let moved = position(&b.core, &at);
    assert_ne!(moved, after);
    let e = refused(say(&b.core, &at, "bob", "!accept"));
    assert!(e.starts_with("the game here has already started"), "{e}");
    assert_eq!(position(&b.core, &at), moved);
    let rec = record(&b.store, &at);
    assert_eq!(rec.takeback_offer(), None);
    assert_eq!(rec.playing().unwrap().takebacks, 0);
    // An onlooker neither asks nor answers.
    let e = refused(say(&b.core, &at, "carol", "!takeback"));
    assert_eq!(
        e,
        "only the players (alice (South) vs bob (North)) can take back a move"
    );
}

/// Fast, reproducible AI: a node budget, no time limit.
fn ai_settings() -> Settings {
    Settings {
        ai_ms_per_move: 0,
        ai_max_nodes: Some(3000),
        ai_tt_mb: 1,
        ..Settings::default()
    }
}

#[test]
fn against_the_ai_at_level_2_both_plies_go_at_once_and_the_ai_does_not_answer_again() {
    let b = bench_with(ai_settings());
    let at = chan("ai");
    say(&b.core, &at, "alice", "!new katro ai level 2 as south 2d");
    let out = say(&b.core, &at, "alice", "!sow c1+");
    assert_eq!(out.len(), 2, "the move and the AI's answer: {out:?}");
    let ai_mv = record(&b.store, &at).play().unwrap().game().moves()[1].to_string();
    b.clock.advance(std::time::Duration::from_secs(3600));
    let out = say(&b.core, &at, "alice", "!takeback");
    // One reply: the AI does not answer the position taken back (it is alice's turn).
    let r = ok(out);
    let deadline =
        mancala_bot::core::api::time_token(1_700_000_000_000 + 3_600_000 + 48 * 3_600_000);
    assert_eq!(
        r.text(),
        format!(
            "alice takes a move back against the AI (allowed up to level 3).\nTaken back: \
             c1+ (alice), {ai_mv} (mancala-bot (level 2, casual)). Takebacks in this game: \
             1.\n@alice (South) to move: `!sow HOLE+` or `!sow HOLE-`. Deadline for alice: {} (48 h per move).",
            deadline
        )
    );
    assert_eq!(r.attachments.len(), 1);
    assert_eq!(position(&b.core, &at), KATRO_START);
    let rec = record(&b.store, &at);
    assert!(rec.had_takeback() && !rec.rated && rec.ai.is_some());
    assert_eq!(
        rec.timing().unwrap().deadline_ms,
        1_700_000_000_000 + 3_600_000 + 48 * 3_600_000
    );
    // Nothing owed to the AI: a look and a tick leave the position as it is.
    say(&b.core, &at, "alice", "!board");
    assert!(b.core.tick().is_empty());
    assert_eq!(position(&b.core, &at), KATRO_START);
    // The game goes on: the AI answers the next move again.
    let out = say(&b.core, &at, "alice", "!sow c1-");
    assert_eq!(out.len(), 2, "{out:?}");
    assert_eq!(
        record(&b.store, &at).play().unwrap().game().moves().len(),
        2
    );
}

#[test]
fn a_takeback_after_the_deadline_against_the_ai_is_the_forfeit() {
    let b = bench_with(ai_settings());
    let at = chan("late");
    say(&b.core, &at, "alice", "!new katro ai level 1 as south 1d");
    assert_eq!(say(&b.core, &at, "alice", "!sow c1+").len(), 2);
    b.clock.advance(std::time::Duration::from_secs(25 * 3600));
    let r = ok(say(&b.core, &at, "alice", "!takeback"));
    assert!(
        r.text()
            .starts_with("alice (South) did not move by the deadline"),
        "{}",
        r.text()
    );
    assert!(b.store.load(&at).unwrap().is_none(), "the game is over");
}

#[test]
fn refused_in_rated_and_tournament_games_at_level_5_and_before_any_move() {
    let b = bench_with(ai_settings());
    // Before any move (a casual game).
    let at = chan("casual");
    casual(&b.core, &at);
    let e = refused(say(&b.core, &at, "alice", "!takeback"));
    assert_eq!(
        e,
        "you have no move to take back in this game yet; `!moves` lists the legal moves"
    );
    // bob has not moved yet either, once alice has.
    ok(say(&b.core, &at, "alice", "!sow c1+"));
    let e = refused(say(&b.core, &at, "bob", "!takeback"));
    assert!(e.starts_with("you have no move to take back"), "{e}");
    // A rated game.
    let at = chan("rated");
    ok(say(
        &b.core,
        &at,
        "alice",
        "!new katro @bob as south notime",
    ));
    ok(say(&b.core, &at, "bob", "!accept"));
    ok(say(&b.core, &at, "alice", "!sow c1+"));
    let before = position(&b.core, &at);
    let e = refused(say(&b.core, &at, "alice", "!takeback"));
    assert_eq!(
        e,
        "no takebacks in a rated game: only unrated games allow them"
    );
    assert_eq!(position(&b.core, &at), before);
    assert_eq!(record(&b.store, &at).takeback_offer(), None);
    // The AI at level 5.
    let at = chan("master");
    say(
        &b.core,
        &at,
        "alice",
        "!new katro ai level 5 as south notime",
    );
    let out = say(&b.core, &at, "alice", "!sow c1+");
    assert_eq!(out.len(), 2);
    let before = position(&b.core, &at);
    let e = refused(say(&b.core, &at, "alice", "!takeback"));
    assert_eq!(
        e,
        "the AI allows takebacks up to level 3; this game is against level 5"
    );
    assert_eq!(position(&b.core, &at), before);
    assert!(!record(&b.store, &at).had_takeback());
    // A tournament game.
    let lobby = chan("lobby");
    ok(say_as(
        &b.core,
        &lobby,
        "org",
        "!tournament new cup katro roundrobin notime",
        true,
    ));
    ok(say(&b.core, &lobby, "p1", "!tournament join"));
    ok(say(&b.core, &lobby, "p2", "!tournament join"));
    say_as(&b.core, &lobby, "org", "!tournament start", true);
    let room = chan("tourney-cup-r1-b1");
    let rec = record(&b.store, &room);
    let south = rec.south().unwrap().name.clone();
    let mv = b.core.legal_moves(&room)[0].clone();
    ok(say(&b.core, &room, &south, &format!("!sow {mv}")));
    let e = refused(say(&b.core, &room, &south, "!takeback"));
    assert_eq!(e, "no takebacks in a tournament game");
    assert_eq!(
        record(&b.store, &room).play().unwrap().game().moves().len(),
        1
    );
}

/// Runs the console over `input` in `dir`.
fn console(dir: &std::path::Path, input: &str) -> String {
    let out = crate::piped::with_input(
        Command::new(env!("CARGO_BIN_EXE_mancala-bot"))
            .arg("console")
            .arg("--data")
            .arg(dir)
            .env_remove("DISCORD_TOKEN")
            .env("MANCALA_AI_ENDGAME_SEEDS", "12"),
        input,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn console_takeback_asked_accepted_and_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = console(
        dir.path(),
        "!new katro @bob as south unrated notime\n/as bob\n!accept\n/as alice\n!takeback\n\
         !sow c1+\n!takeback\n/as bob\n!accept\n!board\n/as alice\n/channel rated\n\
         !new katro @bob as south\n/as bob\n!accept\n/as alice\n!sow c1+\n!takeback\n",
    );
    assert!(
        out.contains(
            "bot (refused): you have no move to take back in this game yet; `!moves` lists \
             the legal moves"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "bot: alice asks to take back: c1+ (alice). @bob: `!accept` or `!decline`; any \
             move cancels the request."
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "bot: bob accepts the takeback asked by alice.\n     Taken back: c1+ \
             (alice). Takebacks in this game: 1."
        ),
        "{out}"
    );
    // The board after the takeback, and `!board`: the start position again.
    assert!(out.contains(&format!("Position: `{KATRO_START}`")), "{out}");
    assert!(
        out.contains("bot (refused): no takebacks in a rated game: only unrated games allow them"),
        "{out}"
    );
}

/// A takeback in a Hoyito match keeps the match's chosen length (it replays the match
/// from its start: a default match would forget `first-to 3`).
#[test]
fn a_takeback_in_a_match_keeps_its_length() {
    let b = bench_with(ai_settings());
    let at = chan("ai-match");
    ok(say(
        &b.core,
        &at,
        "alice",
        "!new hoyito first-to 3 ai level 1 as south 2d",
    ));
    let length = |b: &crate::core_chat::Bench| match record(&b.store, &at).play().unwrap() {
        mancala_bot::store::Play::Match(m) => m.length(),
        other => panic!("not a match: {other:?}"),
    };
    let before = length(&b);
    let mv = b.core.legal_moves(&at)[0].clone();
    let out = say(&b.core, &at, "alice", &format!("!sow {mv}"));
    assert_eq!(out.len(), 2, "the move and the AI's answer: {out:?}");
    ok(say(&b.core, &at, "alice", "!takeback"));
    let rec = record(&b.store, &at);
    assert!(rec.had_takeback());
    assert_eq!(rec.play().unwrap().game().moves().len(), 0);
    assert_eq!(length(&b), before);
    assert_ne!(before, mancala_rules::MatchLength::default());
}
