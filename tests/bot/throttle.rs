//! Command rate limits per user and per channel (issue 16 item 2): one polite refusal,
//! then silence for the rest of the window; nothing changes for a refused command; the
//! window reopens as the clock moves.

use std::num::NonZeroU32;
use std::time::Duration;

use mancala_bot::core::throttle::RateLimits;
use mancala_bot::core::Settings;

use crate::core_chat::{bench_with, chan, ok, position, say, start};

#[test]
fn over_the_limit_one_refusal_then_silence_then_the_window_reopens() {
    let b = bench_with(Settings {
        rate_limits: RateLimits {
            per_user: NonZeroU32::new(4),
            per_channel: NonZeroU32::new(8),
        },
        ..Settings::default()
    });
    let at = chan("busy");
    start(&b.core, &at, "katro"); // alice 1, bob 1; the channel 2
    ok(say(&b.core, &at, "alice", "!board")); // alice 2; 3
    ok(say(&b.core, &at, "alice", "!moves")); // alice 3; 4
    ok(say(&b.core, &at, "alice", "!sow c1+")); // alice 4; 5
    let before = position(&b.core, &at);
    let out = say(&b.core, &at, "bob", "!sow b6+"); // bob 2; 6
    assert!(!out[0].is_error, "{}", out[0].text());
    let after_bob = position(&b.core, &at);
    assert_ne!(before, after_bob);
    // alice's fifth command within the minute: one refusal naming when to try again.
    let out = say(&b.core, &at, "alice", "!sow e1+");
    assert_eq!(out.len(), 1);
    assert!(out[0].is_error);
    let text = out[0].text();
    assert!(
        text.starts_with("you are sending commands faster than the bot takes them; nothing was changed. Try again in "),
        "{text}"
    );
    assert_eq!(position(&b.core, &at), after_bob, "nothing changed");
    // Then silence for the rest of the window, whatever she sends.
    for cmd in ["!sow d1+", "!board", "!help", "!nonsense"] {
        assert!(say(&b.core, &at, "alice", cmd).is_empty(), "{cmd}");
    }
    // Chatter that is not a command is not counted.
    assert!(say(&b.core, &at, "bob", "nice move").is_empty());
    // The channel's own limit: alice's refused commands did not count towards it, so
    // bob's next two bring it to 8. carol has said nothing yet: her share of the
    // channel (8 / 4 = 2) is hers, and her third command is refused for the channel.
    ok(say(&b.core, &at, "bob", "!board")); // 7
    ok(say(&b.core, &at, "bob", "!moves")); // 8
    ok(say(&b.core, &at, "carol", "!board"));
    ok(say(&b.core, &at, "carol", "!moves"));
    let out = say(&b.core, &at, "carol", "!board");
    assert!(
        out[0]
            .text()
            .starts_with("this channel is sending commands faster"),
        "{}",
        out[0].text()
    );
    // A minute later both windows are open again.
    b.clock.advance(Duration::from_secs(60));
    let mv = mancala_bot::core::api::ChatCore::legal_moves(&b.core, &at)[0].clone();
    ok(say(&b.core, &at, "alice", &format!("!sow {mv}")));
    assert_ne!(position(&b.core, &at), after_bob);
    ok(say(&b.core, &at, "carol", "!board"));
}

/// Issue 33: a user's limit is his, in every channel and community of the platform:
/// spreading commands over servers or rooms buys no more.
#[test]
fn a_user_limit_counts_every_community_together() {
    let b = bench_with(Settings {
        rate_limits: RateLimits {
            per_user: NonZeroU32::new(4),
            per_channel: None,
        },
        ..Settings::default()
    });
    let rooms: Vec<mancala_bot::model::ChannelKey> = (0..4)
        .map(|i| mancala_bot::model::ChannelKey {
            community: format!("!room{i}:example.org"),
            channel: format!("!room{i}:example.org"),
        })
        .collect();
    for at in &rooms {
        ok(say(&b.core, at, "@mallory:example.org", "!rules"));
    }
    let out = say(&b.core, &chan("other"), "@mallory:example.org", "!help");
    assert!(
        out[0].text().starts_with("you are sending commands faster"),
        "{}",
        out[0].text()
    );
    // Others are not touched.
    ok(say(&b.core, &rooms[0], "@alice:example.org", "!rules"));
}

/// Issue 33: three users flooding a channel cannot silence the rest of it.
#[test]
fn three_flooding_users_do_not_silence_a_channel() {
    let b = bench_with(Settings {
        rate_limits: RateLimits {
            per_user: NonZeroU32::new(30),
            per_channel: NonZeroU32::new(20),
        },
        ..Settings::default()
    });
    let at = chan("lobby");
    let mut refused = 0;
    for _ in 0..30 {
        for user in ["m1", "m2", "m3"] {
            let out = say(&b.core, &at, user, "!help");
            refused += usize::from(out.first().is_none_or(|r| r.is_error));
        }
    }
    assert!(
        refused >= 60,
        "the flood was limited: {refused} of 90 refused"
    );
    // Someone else still plays: a game is started and a move made.
    start(&b.core, &at, "katro");
    let before = position(&b.core, &at);
    let mv = mancala_bot::core::api::ChatCore::legal_moves(&b.core, &at)[0].clone();
    let mover = match b.core.board(&at).unwrap().to_move() {
        mancala_rules::Side::South => "alice",
        mancala_rules::Side::North => "bob",
    };
    ok(say(&b.core, &at, mover, &format!("!sow {mv}")));
    assert_ne!(position(&b.core, &at), before);
}

#[test]
fn without_limits_nothing_is_throttled() {
    let b = bench_with(Settings::default());
    let at = chan("calm");
    for _ in 0..200 {
        ok(say(&b.core, &at, "alice", "!rules"));
    }
}
