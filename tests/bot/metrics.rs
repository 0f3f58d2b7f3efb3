//! What the core records into its metrics: each command under its table name with its
//! outcome, every store call of a command labelled with it, the driver's as `tick`.

use std::sync::Arc;

use mancala_bot::core::api::ChatCore;
use mancala_bot::core::{Core, ManualClock, Settings};
use mancala_bot::metrics::Metrics;
use mancala_bot::store::{CountedStore, MemoryStore};

use crate::core_chat::{chan, say, FakePainter};

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

#[test]
fn commands_are_counted_under_their_table_names_with_every_store_call() {
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
