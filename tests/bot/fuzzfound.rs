//! Failures found by the fuzz test of the whole core (`tests/fuzz.rs`, issue 12 item 7),
//! each kept as the shortest transcript that showed it.

use mancala_bot::store::Store;

use crate::core_chat::{bench, chan, refused, say};

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
