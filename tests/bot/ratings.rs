//! Issue 12 item 6: honest ratings. Glicko-2 as Glickman defines it: a player's
//! deviation grows for every rating period (`[ratings] period_days`, 7 by default) he
//! sat out, wherever his rating is shown and before his next game is applied, so that a
//! player who comes back after a long time is provisional again.

use std::time::Duration;

use mancala_bot::core::ratings::{self, table_key, PlayerRating, RatingTable};
use mancala_bot::store::Store;

use crate::core_chat::{bench, chan, ok, say, start, user};

const WEEK: Duration = Duration::from_secs(7 * 86_400);

/// RD 50 and volatility 0.06 after 100 idle periods: sqrt((50/173.7178)^2 + 100 *
/// 0.06^2) * 173.7178.
const RD_AFTER_100: f64 = 115.602_918_013_614_17;

#[test]
fn returning_player_is_provisional_again_after_idle_rating_periods() {
    let b = bench();
    let now = 1_700_000_000_000;
    let mut table = RatingTable::default();
    for (name, rating) in [("alice", 1600.0), ("bob", 1500.0)] {
        let mut p = PlayerRating::new(user(name));
        (p.rating, p.deviation, p.won_drawn_lost, p.last_ms) = (rating, 50.0, [1, 0, 0], now);
        table.players.insert(user(name).id, p);
    }
    let bytes = serde_json::to_vec(&table).unwrap();
    assert!(b
        .store
        .write_doc(&table_key("guild-1", "katro"), None, Some(&bytes))
        .unwrap());
    let lobby = chan("lobby");
    let r = ok(say(&b.core, &lobby, "carol", "!rating @alice"));
    assert_eq!(
        r.text(),
        "alice: Katro 1600 ±50 (1 game: 1 won, 0 drawn, 0 lost); Hoyito unrated."
    );
    // 100 weeks away: 100 periods of 7 days grow RD 50 to 115.6, above the provisional
    // limit of 110.
    b.clock.advance(WEEK * 100);
    let r = ok(say(&b.core, &lobby, "carol", "!rating @alice"));
    assert_eq!(
        r.text(),
        "alice: Katro 1600? ±116 provisional (1 game: 1 won, 0 drawn, 0 lost); Hoyito unrated."
    );
    let r = ok(say(&b.core, &lobby, "carol", "!leaderboard katro"));
    assert_eq!(
        r.text(),
        "Katro leaderboard (? = provisional):\n1. alice 1600? ±116 (1 game)\n2. bob 1500? ±116 (1 game)"
    );
    // The next game is applied from the grown deviations.
    let at = chan("back");
    start(&b.core, &at, "katro notime");
    for (who, mv) in [("alice", "c1+"), ("bob", "a6+")] {
        ok(say(&b.core, &at, who, &format!("!sow {mv}")));
    }
    ok(say(&b.core, &at, "bob", "!resign"));
    let history = ratings::history(&*b.store, "guild-1", "katro", &user("alice")).unwrap();
    assert_eq!(history.len(), 1);
    let h = &history[0];
    assert_eq!(h.before.0, 1600.0);
    assert!((h.before.1 - RD_AFTER_100).abs() < 1e-9, "{:?}", h.before);
    let (r, rd, _) = ratings::rating_period(
        (1600.0, RD_AFTER_100, 0.06),
        &[((1500.0, RD_AFTER_100, 0.06), 1.0)],
        0.5,
    );
    assert!(
        (h.after.0 - r).abs() < 1e-9 && (h.after.1 - rd).abs() < 1e-9,
        "{h:?}"
    );
    // Played again: no longer idle, the deviation is the game's.
    let t = ratings::table(&*b.store, "guild-1", "katro").unwrap();
    assert_eq!(t.players[&user("alice").id].deviation, h.after.1);
    assert!(b.store.unsettled().unwrap().is_empty());
}

/// Issue 14 item 4: `!rating` carries the rating history as a chart: one series per
/// family played, a point before the first rated game and after each; the alt text
/// says it in words. A player with no rated game gets the text alone.
#[test]
fn rating_answers_with_a_history_chart() {
    use std::sync::Arc;
    let store = Arc::new(mancala_bot::store::MemoryStore::new());
    let clock = Arc::new(mancala_bot::core::ManualClock::new(1_700_000_000_000));
    let core = mancala_bot::core::Core::new(
        store,
        Arc::new(mancala_bot::render::Renderer::new()),
        clock.clone(),
        mancala_bot::core::Settings::default(),
    );
    let at = chan("rated");
    for loser in ["bob", "alice"] {
        // A player's rating entries sort by time, then by game id (random): games
        // finished a minute apart, as real games are.
        clock.advance(std::time::Duration::from_secs(60));
        start(&core, &at, "katro");
        ok(say(&core, &at, "alice", "!sow c1+"));
        ok(say(&core, &at, "bob", "!sow a6+"));
        ok(say(&core, &at, loser, "!resign"));
    }
    let r = ok(say(&core, &at, "carol", "!rating @alice"));
    assert_eq!(r.attachments.len(), 1, "{}", r.text());
    let chart = &r.attachments[0];
    assert_eq!(chart.filename, "rating.png");
    let img = image::load_from_memory(&chart.bytes).unwrap();
    assert_eq!((img.width(), img.height()), (800, 360));
    assert!(
        chart
            .alt
            .starts_with("Chart, alice: rating history. Katro: from 1500 to ")
            && chart.alt.contains("over 2 rated games"),
        "{}",
        chart.alt
    );
    assert!(!chart.alt.contains("Hoyito"), "{}", chart.alt);
    let none = ok(say(&core, &at, "carol", "!rating"));
    assert!(none.attachments.is_empty(), "carol has no rated game");
}
