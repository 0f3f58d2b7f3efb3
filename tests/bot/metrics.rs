//! What the core records into its metrics: each command under its table name with its
//! outcome, every store call of a command labelled with it, the driver's as `tick`.

use std::sync::Arc;

use mancala_bot::core::api::ChatCore;
use mancala_bot::core::{Core, ManualClock, Settings};
use mancala_bot::metrics::Metrics;
use mancala_bot::store::{CountedStore, MemoryStore};

use crate::core_chat::{chan, say, say_as, FakePainter};

/// The samples of `metrics` as (`name{labels}`, value).
fn samples(metrics: &Metrics) -> Vec<(String, f64)> {
    metrics
        .encode(None)
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.rsplit_once(' '))
        .map(|(s, v)| (s.to_string(), v.parse().unwrap()))
        .collect()
}

fn value(samples: &[(String, f64)], series: &str) -> f64 {
    samples
        .iter()
        .find(|(s, _)| s == series)
        .map_or(0.0, |&(_, v)| v)
}

/// The sum of the samples of `metric` (any labels).
fn total(samples: &[(String, f64)], metric: &str) -> f64 {
    samples
        .iter()
        .filter(|(s, _)| s.split('{').next() == Some(metric))
        .map(|(_, v)| v)
        .sum()
}

/// A core over a memory store whose every call is counted into the metrics returned.
fn counted_core() -> (Core, Arc<Metrics>) {
    let metrics = Arc::new(Metrics::new());
    let store = Arc::new(CountedStore::new(
        Arc::new(MemoryStore::new()),
        metrics.clone(),
    ));
    let core = Core::with_metrics(
        store,
        Arc::new(FakePainter::default()),
        Arc::new(ManualClock::new(1_700_000_000_000)),
        Settings::default(),
        metrics.clone(),
    );
    (core, metrics)
}

#[test]
fn commands_are_counted_under_their_table_names_with_every_store_call() {
    let (core, metrics) = counted_core();
    let at = chan("general");
    say(&core, &at, "alice", "!new katro @bob as south");
    say(&core, &at, "bob", "!accept");
    say(&core, &at, "alice", "!s c1+");
    say(&core, &at, "alice", "!sow c1+");
    say(&core, &at, "alice", "!TOP katro");
    say(&core, &at, "alice", "!nonsense here");
    say(&core, &at, "alice", "just chatting");
    let s = samples(&metrics);
    for (command, outcome, n) in [
        ("new", "ok", 1.0),
        ("accept", "ok", 1.0),
        ("sow", "ok", 1.0),
        // Not alice's turn any more.
        ("sow", "refused", 1.0),
        ("leaderboard", "ok", 1.0),
        ("unknown", "refused", 1.0),
    ] {
        let series =
            format!("mancala_commands_total{{command=\"{command}\",outcome=\"{outcome}\"}}");
        assert_eq!(value(&s, &series), n, "{series}: {s:?}");
    }
    // Six commands, nothing for plain chat.
    assert_eq!(total(&s, "mancala_commands_total"), 6.0);
    assert_eq!(total(&s, "mancala_command_seconds_count"), 6.0);
    // One batched read and one compare-and-swap per command (issue 35); the refused
    // `!sow` read and wrote nothing.
    for (command, reads, writes) in [
        ("new", 1.0, 1.0),
        ("accept", 1.0, 1.0),
        ("sow", 2.0, 1.0),
        ("leaderboard", 1.0, 0.0),
    ] {
        let r = format!("mancala_store_reads_total{{command=\"{command}\"}}");
        let w = format!("mancala_store_writes_total{{command=\"{command}\"}}");
        assert_eq!(value(&s, &r), reads, "{r}: {s:?}");
        assert_eq!(value(&s, &w), writes, "{w}: {s:?}");
    }
    // Every store call was made inside a command: none is left unlabelled.
    assert_eq!(
        value(&s, "mancala_store_reads_total{command=\"other\"}"),
        0.0
    );
    assert_eq!(
        value(&s, "mancala_store_writes_total{command=\"other\"}"),
        0.0
    );
    assert_eq!(total(&s, "mancala_store_conflicts_total"), 0.0);
    // The move's pictures were painted and timed.
    assert!(total(&s, "mancala_picture_seconds_count") >= 1.0, "{s:?}");
    core.tick_where(&|_| true);
    let s = samples(&metrics);
    assert!(value(&s, "mancala_store_reads_total{command=\"tick\"}") >= 1.0);
    assert_eq!(
        value(&s, "mancala_store_reads_total{command=\"other\"}"),
        0.0
    );
    core.legal_moves(&at);
    let s = samples(&metrics);
    assert_eq!(
        value(&s, "mancala_store_reads_total{command=\"other\"}"),
        1.0
    );
}

/// Store reads and writes of one command, under its label (issue 35).
fn calls(metrics: &Metrics, label: &str) -> (f64, f64) {
    let s = samples(metrics);
    (
        value(
            &s,
            &format!("mancala_store_reads_total{{command=\"{label}\"}}"),
        ),
        value(
            &s,
            &format!("mancala_store_writes_total{{command=\"{label}\"}}"),
        ),
    )
}

/// Every kind of command makes one batched read and at most one write (issue 35), as
/// `/metrics` counts them. Two read a second time, after the first, what depends on it:
/// a move that finishes a rated game (its rating table and tournament, written in the
/// same one write) and `!analyze` (a stored review, under the game's id). What follows a
/// write in other channels (a tournament's games) and the AI's answers are commands of
/// their own (`follow-up`, `ai-move`).
#[test]
fn every_command_kind_reads_once_and_writes_at_most_once() {
    let (core, metrics) = counted_core();
    let at = chan("general");
    let mut table = Vec::new();
    let mut step = |who: &str, text: &str, label: &str, want: (f64, f64)| {
        let before = calls(&metrics, label);
        let organizer = who == "org";
        let r = say_as(&core, &at, who, text, organizer);
        let after = calls(&metrics, label);
        let got = (after.0 - before.0, after.1 - before.1);
        table.push(format!("{text}: {} read(s), {} write(s)", got.0, got.1));
        assert_eq!(got, want, "{text}: {r:?}");
    };
    step("alice", "!help", "help", (1.0, 0.0));
    step("alice", "!help sow", "help", (1.0, 0.0));
    step("alice", "!rules", "rules", (1.0, 0.0));
    step("bob", "!notify dm", "notify", (1.0, 1.0));
    step("bob", "!notify", "notify", (1.0, 0.0));
    step(
        "alice",
        "!new katro @bob as south notime",
        "new",
        (1.0, 1.0),
    );
    step("bob", "!accept", "accept", (1.0, 1.0));
    step("alice", "!board", "board", (1.0, 0.0));
    step("alice", "!moves", "moves", (1.0, 0.0));
    // Each move passes the turn to a person: his turn alert's mode is read after the
    // move's write, as a follow-up (issue 34).
    let alerts = calls(&metrics, "follow-up");
    for who in ["alice", "bob"] {
        let mv = core.legal_moves(&at)[0].clone();
        step(who, &format!("!sow {mv}"), "sow", (1.0, 1.0));
    }
    let alerts = (
        calls(&metrics, "follow-up").0 - alerts.0,
        calls(&metrics, "follow-up").1 - alerts.1,
    );
    assert_eq!(alerts, (2.0, 0.0));
    step("alice", "!history", "history", (1.0, 0.0));
    step("alice", "!record", "record", (1.0, 0.0));
    step("alice", "!games", "games", (1.0, 0.0));
    let id = core
        .store()
        .load(&at)
        .unwrap()
        .expect("a game in play")
        .record
        .id;
    step("carol", &format!("!game {id}"), "game", (1.0, 0.0));
    step("carol", &format!("!record {id}"), "record", (1.0, 0.0));
    step("carol", "!game nonsense", "game", (1.0, 0.0));
    step("alice", "!hint", "hint", (1.0, 0.0));
    step("alice", "!mute", "mute", (1.0, 1.0));
    step("alice", "!unmute", "unmute", (1.0, 1.0));
    step("org", "!set theme dark", "set", (1.0, 1.0));
    step("alice", "!claim", "claim", (1.0, 0.0));
    step("bob", "!draw", "draw", (1.0, 1.0));
    // The draw accepted: the game, both ratings and history entries in one write.
    step("alice", "!draw", "draw", (2.0, 1.0));
    step("alice", "!replay", "replay", (1.0, 0.0));
    step("alice", "!rating", "rating", (1.0, 0.0));
    step("alice", "!leaderboard", "leaderboard", (1.0, 0.0));
    step("alice", "!analyze", "analyze", (2.0, 1.0));
    // By its id: the stored review read again, nothing written.
    step("carol", &format!("!analyze {id}"), "analyze", (2.0, 0.0));
    step("carol", &format!("!game {id}"), "game", (1.0, 0.0));
    step("alice", "!history", "history", (1.0, 0.0));
    step("alice", "!rematch", "rematch", (1.0, 1.0));
    step("bob", "!decline", "decline", (1.0, 1.0));
    step("alice", "!new katro @bob notime", "new", (1.0, 1.0));
    step("bob", "!accept", "accept", (1.0, 1.0));
    step("alice", "!abort", "abort", (1.0, 1.0));
    // Takebacks in a casual game: asked, declined, asked, accepted; then vacations.
    step(
        "alice",
        "!new katro @bob as south unrated 2d",
        "new",
        (1.0, 1.0),
    );
    step("bob", "!accept", "accept", (1.0, 1.0));
    step("alice", "!sow c1+", "sow", (1.0, 1.0));
    step("alice", "!takeback", "takeback", (1.0, 1.0));
    step("bob", "!decline", "decline", (1.0, 1.0));
    step("alice", "!takeback", "takeback", (1.0, 1.0));
    step("bob", "!accept", "accept", (1.0, 1.0));
    step("bob", "!vacation 3d", "vacation", (1.0, 1.0));
    step("bob", "!vacation", "vacation", (1.0, 0.0));
    step("alice", "!board", "board", (1.0, 0.0));
    step("alice", "!claim", "claim", (1.0, 0.0));
    step("bob", "!vacation off", "vacation", (1.0, 1.0));
    step("alice", "!abort", "abort", (1.0, 1.0));
    // Against the AI (level 1): the takeback is made at once.
    step(
        "alice",
        "!new katro ai level 1 as south notime",
        "new",
        (1.0, 1.0),
    );
    step("alice", "!sow c1+", "sow", (1.0, 1.0));
    step("alice", "!takeback", "takeback", (1.0, 1.0));
    step("alice", "!resign", "resign", (1.0, 1.0));
    step(
        "org",
        "!tournament new cup katro roundrobin notime",
        "tournament",
        (1.0, 1.0),
    );
    step("p1", "!tournament join", "tournament", (1.0, 1.0));
    step("p2", "!tournament join cup", "tournament", (1.0, 1.0));
    step("org", "!tournament start", "tournament", (1.0, 1.0));
    step("alice", "!tournament standings", "tournament", (1.0, 0.0));
    step("alice", "!tournament", "tournament", (1.0, 0.0));
    step("alice", "!frobnicate", "unknown", (1.0, 0.0));
    // The tournament's games were opened after its write, as commands of their own.
    assert!(calls(&metrics, "follow-up").1 >= 1.0);
    eprintln!("{}", table.join("\n"));
}
