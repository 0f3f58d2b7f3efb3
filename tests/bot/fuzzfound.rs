//! Failures found by the fuzz test of the whole core (`tests/fuzz.rs`, issue 12 item 7),
//! each kept as the shortest transcript that showed it.

use mancala_bot::core::Settings;
use mancala_bot::store::Store;

use crate::core_chat::{bench, bench_with, chan, refused, say};

/// `!new ... TIME` whose last character is wider than one byte (a combining accent
/// typed after `2`) panicked: the time's unit was cut at the last byte, inside the
/// character. Now it is read as no time at all, and the command is refused.
#[test]
fn a_time_ending_in_a_multibyte_character_is_refused_not_a_panic() {
    let b = bench();
    let at = chan("fuzz-time");
    for typed in [
        "!new hoyito @bob 2\u{301}",
        "!new katro 12\u{1F600}",
        "!new katro é",
    ] {
        let e = refused(say(&b.core, &at, "alice", typed));
        assert!(!e.is_empty(), "{typed:?}");
    }
    assert!(b.store.load(&at).unwrap().is_none());
}

/// A usage error longer than `max_reply_chars` (`!new as` with its usage and the forms
/// of GAME and TIME: 271 characters) went out whole: parse errors skipped the one rule
/// for long replies. Now it is split like every other reply.
#[test]
fn a_long_usage_error_is_split_like_every_reply() {
    let b = bench_with(Settings {
        max_reply_chars: 200,
        ..Settings::default()
    });
    let at = chan("fuzz-usage");
    let replies = say(&b.core, &at, "alice", "!new as");
    assert!(replies.len() > 1, "{replies:?}");
    for r in &replies {
        assert!(r.is_error);
        assert!(r.text().chars().count() <= 200, "{}", r.text());
    }
    let whole: String = replies
        .iter()
        .map(|r| r.text())
        .collect::<Vec<_>>()
        .join(" ");
    assert!(whole.starts_with("`as` needs a side"), "{whole}");
    assert!(whole.contains("`notime`"), "{whole}");
}
