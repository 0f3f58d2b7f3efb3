use super::*;

#[test]
fn store_calls_are_labelled_by_the_current_command_and_restored_after() {
    let m = Metrics::new();
    m.store_read();
    in_command("sow", || {
        m.store_read();
        in_command(TICK, || m.store_write(true));
        assert_eq!(current_command(), "sow");
        m.store_write(false);
    });
    assert_eq!(current_command(), OTHER);
    // A panic inside the scope leaves the thread's label as it was.
    let _ = std::panic::catch_unwind(|| in_command("new", || panic!("boom")));
    assert_eq!(current_command(), OTHER);
    let text = m.encode(None);
    for line in [
        "mancala_store_reads_total{command=\"other\"} 1",
        "mancala_store_reads_total{command=\"sow\"} 1",
        "mancala_store_writes_total{command=\"sow\"} 1",
        "mancala_store_writes_total{command=\"tick\"} 1",
        "mancala_store_conflicts_total{command=\"tick\"} 1",
    ] {
        assert!(text.lines().any(|l| l == line), "{line} not in\n{text}");
    }
    assert!(!text.contains("mancala_store_conflicts_total{command=\"sow\"}"));
}

#[test]
fn the_text_is_prometheus_0_0_4_with_every_metric_named() {
    let m = Metrics::new();
    m.command_done("new", Outcome::Ok, Duration::from_millis(3));
    m.command_done("sow", Outcome::Refused, Duration::from_millis(1));
    m.ai_queued(1);
    m.ai_searched(Duration::from_millis(20));
    m.painted("move_frames", Duration::from_millis(5));
    m.transport_up("console", true);
    m.analysis_queued(2);
    m.picture_queued(3);
    m.picture_cache(true);
    m.picture_cache(false);
    m.picture_cache(false);
    m.picture_cache_bytes(4096);
    m.picture_refused("budget");
    let games = BTreeMap::from([("katro".to_string(), 2), ("hoyito match".to_string(), 1)]);
    let text = m.encode(Some(&games));
    assert_eq!(CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8");
    for line in [
        "# TYPE mancala_commands_total counter",
        "mancala_commands_total{command=\"new\",outcome=\"ok\"} 1",
        "mancala_commands_total{command=\"sow\",outcome=\"refused\"} 1",
        "# TYPE mancala_command_seconds histogram",
        "mancala_command_seconds_count{command=\"new\"} 1",
        "mancala_ai_queue_depth 1",
        "mancala_ai_search_seconds_count 1",
        "mancala_picture_seconds_count{picture=\"move_frames\"} 1",
        "mancala_transport_up{transport=\"console\"} 1",
        "mancala_analysis_queue_depth 2",
        "mancala_picture_queue_depth 3",
        "mancala_picture_cache_total{result=\"hit\"} 1",
        "mancala_picture_cache_total{result=\"miss\"} 2",
        "mancala_picture_cache_bytes 4096",
        "mancala_picture_refused_total{reason=\"budget\"} 1",
        "# TYPE mancala_games_active gauge",
        "mancala_games_active{game=\"katro\"} 2",
        "mancala_games_active{game=\"hoyito match\"} 1",
    ] {
        assert!(text.lines().any(|l| l == line), "{line} not in\n{text}");
    }
    assert!(!m.encode(None).contains("mancala_games_active"));
}
