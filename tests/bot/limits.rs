//! Issue 35: each transport declares what its platform takes in one message, and the
//! core splits a reply with the limits of the channel's transport (within the host's
//! `max_reply_chars`), never inside a code span.

use mancala_bot::core::api::{Body, ChatCore, Reply, TransportLimits};
use mancala_bot::core::Settings;
use mancala_bot::model::ChannelKey;
use mancala_bot::transport::{discord, matrix};

use crate::core_chat::{bench_with, say, start, whole};

fn at(community: &str) -> ChannelKey {
    ChannelKey {
        community: community.into(),
        channel: "c".into(),
    }
}

/// One long reply (a record of 600 moves, ten to a line) goes in pieces of at most 2,000
/// characters on Discord and 4,000 on Matrix: different split points, the same text.
#[test]
fn discord_and_matrix_split_the_same_reply_at_their_own_limits() {
    let moves: Vec<String> = (1..=600).map(|i| format!("{i}.S c1+")).collect();
    let lines: Vec<String> = moves.chunks(10).map(|l| l.join("  ")).collect();
    let reply = Reply {
        body: Body::new(format!(
            "Moves:\n`{}`\n{}",
            "4,".repeat(30),
            lines.join("\n")
        )),
        ..Reply::default()
    };
    let on = |limits: TransportLimits| {
        let parts = reply.clone().split(limits.chars_per_message);
        whole(parts.clone(), limits.chars_per_message);
        parts.iter().map(Reply::text).collect::<Vec<_>>()
    };
    let (d, m) = (on(discord::adapter::LIMITS), on(matrix::LIMITS));
    assert!(d.len() > m.len() && m.len() > 1, "{} {}", d.len(), m.len());
    assert_ne!(d[0], m[0]);
    assert_eq!(d.join("\n"), reply.text());
    assert_eq!(m.join("\n"), reply.text());
}

/// The core splits a reply with the limits of the transport its channel belongs to:
/// `!help` in a community of a transport that takes 500 characters comes in more
/// messages than in one of a transport that takes 1,000, and whole on the console
/// (which declared no bound); the same text everywhere.
#[test]
fn the_core_splits_with_the_limits_of_the_channels_transport() {
    let b = bench_with(Settings {
        max_reply_chars: usize::MAX,
        ..Settings::default()
    });
    let chars = |n| TransportLimits {
        chars_per_message: n,
        ..TransportLimits::UNBOUNDED
    };
    b.core.declare_limits(|c| c == "small", chars(500));
    b.core.declare_limits(|c| c == "large", chars(1000));
    b.core
        .declare_limits(|c| c == "console", TransportLimits::UNBOUNDED);
    let small = say(&b.core, &at("small"), "alice", "!help");
    let large = say(&b.core, &at("large"), "alice", "!help");
    let console = say(&b.core, &at("console"), "alice", "!help");
    assert_eq!(console.len(), 1);
    assert!(small.len() > large.len() && large.len() > 1);
    let all = console[0].text();
    let flat = |s: String| s.replace(['\n', ' '], "");
    assert_eq!(flat(whole(small, 500)), flat(all.clone()));
    assert_eq!(flat(whole(large, 1000)), flat(all));
    assert_eq!(b.core.limits_at(&at("small")).chars_per_message, 500);
    // Elsewhere only the host's settings bound a reply.
    let elsewhere = b.core.limits_at(&at("elsewhere"));
    assert_eq!(elsewhere.chars_per_message, usize::MAX);
    assert_eq!(elsewhere.attachments_per_message, 10);
}

/// The host's `max_reply_chars` bounds every transport's limit, and a transport's
/// attachment limit sends a move's frames as a contact sheet as the host's does.
#[test]
fn the_host_bounds_the_transport_and_the_transport_bounds_pictures() {
    let b = bench_with(Settings {
        max_reply_chars: 300,
        ..Settings::default()
    });
    b.core.declare_limits(matrix::is_matrix, matrix::LIMITS);
    b.core.declare_limits(
        |c| c == "few",
        TransportLimits {
            attachments_per_message: 3,
            ..TransportLimits::UNBOUNDED
        },
    );
    let m = at("!room:example.org");
    assert_eq!(b.core.limits_at(&m).chars_per_message, 300);
    let help = say(&b.core, &m, "alice", "!help");
    assert!(help.len() > 1);
    whole(help, 300);
    let few = at("few");
    start(&b.core, &few, "katro");
    let r = say(&b.core, &few, "alice", "!sow c1+");
    let names: Vec<_> = r[0]
        .attachments
        .iter()
        .map(|a| a.filename.as_str())
        .collect();
    assert_eq!(names, vec!["frames.png", "board.png"]);
}
