//! The cast of the core fuzz: its users, channels, communities and settings.

use std::time::Duration;

use mancala_bot::core::Settings;
use mancala_bot::model::{ChannelKey, GameKind, User};
use mancala_rules::Variant;

/// The users: (id, display name, handle written after `@`). Odd names on purpose: bidi
/// controls, backticks and `@everyone`, a user whose id is the AI's, two users with one
/// name.
pub(crate) const USERS: [(&str, &str, &str); 7] = [
    ("u-alice", "alice", "alice"),
    ("u-bob", "Bob", "bob"),
    ("u-carol", "Carol \u{202E}lorac", "carol"),
    ("u-dave", "`dave` @everyone", "dave"),
    ("ai:1", "mancala-bot (level 1, beginner)", "ai1"),
    ("u-alice2", "alice", "alice2"),
    ("u/eve%2F\u{E000}", "eve\u{E002}", "eve"),
];

/// The fixed channels: three in one community, one in another (named like a Matrix
/// room), and one named like a tournament room. Other tournament rooms are added as
/// they appear in the store.
pub(crate) const CHANNELS: [(&str, &str); 5] = [
    ("g1", "c1"),
    ("g1", "c2"),
    ("g1", "c3"),
    ("m:ex.org", "!c1:ex.org"),
    // Where a tournament `cup` plays its first board, once it starts.
    ("g1", "tourney-cup-r1-b1"),
];

pub(crate) const COMMUNITIES: [&str; 2] = ["g1", "m:ex.org"];

pub(crate) fn user(i: usize) -> User {
    let (id, name, _) = USERS[i % USERS.len()];
    User {
        id: id.into(),
        name: name.into(),
    }
}

/// The user `@handle` names: one of [`USERS`], else a stranger.
pub(crate) fn mentioned(handle: &str) -> User {
    match USERS.iter().find(|u| u.2 == handle) {
        Some(&(id, name, _)) => User {
            id: id.into(),
            name: name.into(),
        },
        None => User {
            id: format!("x-{handle}"),
            name: handle.into(),
        },
    }
}

pub(crate) fn fixed_channel(i: usize) -> ChannelKey {
    let (community, channel) = CHANNELS[i % CHANNELS.len()];
    ChannelKey {
        community: community.into(),
        channel: channel.into(),
    }
}

pub(crate) const PREFIXES: [&str; 4] = ["!", "!", "?", "mb!"];

/// The settings of a case: the AI at level 1 under a tiny node budget (no time limit,
/// so that it is fast and reproducible); the rest varied by `choice`.
pub(crate) fn settings(choice: u8) -> Settings {
    let c = choice as usize;
    let hour = Duration::from_secs(3600);
    Settings {
        prefix: PREFIXES[c % PREFIXES.len()].into(),
        default_game: [
            GameKind::single(Variant::KATRO),
            GameKind::single("katro:4x4".parse().unwrap()),
            GameKind::single(Variant::HOYITO),
            GameKind {
                variant: Variant::HOYITO,
                is_match: true,
                length: mancala_rules::MatchLength::Seeds,
            },
        ][(c / 4) % 4],
        challenge_expiry: [hour, 24 * hour][(c / 16) % 2],
        default_move_time: [Some(72 * hour), None, Some(hour)][(c / 32) % 3],
        reminders: [vec![24 * hour, hour], vec![], vec![hour / 10]][(c / 3) % 3].clone(),
        max_attachments: [10, 2][(c / 2) % 2],
        max_reply_chars: [1900, 200][(c / 5) % 2],
        max_command_chars: [300, 100][(c / 7) % 2],
        ai_level: 1,
        ai_ms_per_move: 0,
        ai_tt_mb: 1,
        ai_max_nodes: Some([40, 200][(c / 11) % 2]),
        ..Settings::default()
    }
}
