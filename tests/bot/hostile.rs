//! Issue 12 item 3: chat input of any shape. Commands are read in NFKC without invisible
//! or control characters (RULES.md N2: input is case-insensitive and may carry spaces),
//! and what a user typed is echoed back as an inert code span, names without controls,
//! never a ping.

use mancala_bot::core::api::{ChatCore, Incoming, Segment};
use mancala_bot::model::User;

use crate::core_chat::{bench, chan, ok, position, refused, say, start};

/// The reply to alice's first move `!sow c1+` in a fresh Katro game.
const C1_PLUS: &str =
    "alice (South) sowed c1+: 7 laps, captured 2 from b4.\n@bob (North) to move: `!sow HOLE+` or \
     `!sow HOLE-`.";

/// N2: `!sow` with a zero-width space, a byte order mark, a soft hyphen or bidi controls
/// inside its words plays the move those words spell, and so does the fullwidth form
/// with an ideographic space.
#[test]
fn n2_sow_with_invisible_or_fullwidth_characters_plays_the_move() {
    let b = bench();
    let reference = chan("plain");
    start(&b.core, &reference, "katro notime");
    let plain = ok(say(&b.core, &reference, "alice", "!sow c1+"));
    assert_eq!(plain.text(), C1_PLUS);
    for (i, typed) in [
        "!sow c\u{200B}1",
        "\u{FEFF}!s\u{AD}ow \u{202E}C1\u{202C}\u{2066}+\u{2069}",
        "！ｓｏｗ　Ｃ１",
        "！ＳＯＷ　ｃ１＋",
        "!sow c\u{200D}1\u{2060}+\u{200E}",
        "!sow `c1+`",
    ]
    .into_iter()
    .enumerate()
    {
        let at = chan(&format!("shape-{i}"));
        start(&b.core, &at, "katro notime");
        let r = ok(say(&b.core, &at, "alice", typed));
        assert_eq!(r.text(), C1_PLUS, "{typed:?}");
        assert_eq!(
            position(&b.core, &at),
            position(&b.core, &reference),
            "{typed:?}"
        );
    }
}

/// What a user typed comes back as one code span it cannot close, with `@` made inert,
/// and a refusal changes nothing.
#[test]
fn echoed_arguments_are_inert_code_and_never_ping() {
    let b = bench();
    let at = chan("echo");
    start(&b.core, &at, "hoyito");
    let before = position(&b.core, &at);
    for (typed, expected) in [
        (
            "!board @everyone",
            "`!board` takes no arguments (got `＠everyone`)",
        ),
        (
            "!moves <@&123> @here",
            "`!moves` takes no arguments (got `<＠&123> ＠here`)",
        ),
        (
            "!sow @here",
            "bad move `＠here`: `＠here` is not a hole; expected a hole of your row, like `d1`; \
             legal moves: a1 b1 c1 d1 e1 f1",
        ),
        (
            "!sow a1\u{202E}x",
            "bad move `a1x`: `a1x` is not a hole; expected a hole of your row, like `d1`; legal \
             moves: a1 b1 c1 d1 e1 f1",
        ),
        (
            "!rules @everyone\u{7}",
            "no rules for `＠everyone`: use `!rules katro` or `!rules hoyito`",
        ),
        (
            "!new chess@here",
            "bad game `chess＠here`: unknown game; expected `katro`, `katro:4x6`, `katro:4x4`, \
             `hoyito` or `hoyito:2xN` with N from 6 to 12, or `hoyito match`; usage: `!new GAME \
             [@opponent | ai [level N]] [as south|north] [TIME] [unrated]`",
        ),
    ] {
        let replies = say(&b.core, &at, "alice", typed);
        let e = refused(replies.clone());
        assert!(e.starts_with(expected), "{typed:?}: {e}");
        assert!(replies[0].mentions.is_empty(), "{typed:?}");
        for seg in replies[0].body.segments() {
            if let Segment::Text(t) = seg {
                assert!(
                    !t.contains('@') || t.contains("[@opponent"),
                    "{typed:?}: {t:?}"
                );
            }
        }
        assert_eq!(
            position(&b.core, &at),
            before,
            "{typed:?} changed the board"
        );
    }
    let e = refused(say(&b.core, &at, "alice", &format!("!{}", "x".repeat(50))));
    assert!(
        e.starts_with(&format!(
            "unknown command `!{}…`; commands: ",
            "x".repeat(29)
        )),
        "{e}"
    );
}

/// Display names lose their control, bidi and invisible characters and cannot ping or
/// open a code span; a name of nothing visible is replaced by the user's id.
#[test]
fn display_names_lose_controls_and_cannot_ping() {
    let b = bench();
    let at = chan("names");
    let say_as_user = |author: User, text: &str| {
        b.core.handle(&Incoming {
            at: at.clone(),
            author,
            text: text.into(),
            ..Incoming::default()
        })
    };
    let r = ok(say_as_user(
        User {
            id: "u1".into(),
            name: "ev\u{202E}il\n# @everyone`".into(),
        },
        "!new katro",
    ));
    assert_eq!(
        r.text(),
        "evil # ＠everyoneˋ offers a game of Katro 6x6 (sides drawn at random, 72 h per move): \
         anyone may `!accept` (expires in 24 h); `!decline` withdraws it."
    );
    let r = ok(say_as_user(
        User {
            id: "u2".into(),
            name: "\u{202E}\u{200B}\u{7}".into(),
        },
        "!accept",
    ));
    assert!(
        r.text()
            .starts_with("u2 accepts evil # ＠everyoneˋ's challenge"),
        "{}",
        r.text()
    );
}
