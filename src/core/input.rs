//! Chat input of any shape, made plain before the core reads it, and user text made
//! harmless before a reply shows it again.
//!
//! - [`command_text`]: a command as typed, in Unicode NFKC (fullwidth `！ｓｏｗ　Ｃ１`
//!   reads `!sow C1`), without invisible format characters (zero-width space, joiners,
//!   word joiner, byte order mark, bidi controls, soft hyphen, every other `Cf` and
//!   default-ignorable character), without control characters other than white space,
//!   and without backticks (the grammar has none; `` !sow `c1` `` copied from a code
//!   span reads `!sow c1`). The parser then folds the case of command words and holes
//!   (RULES.md N2).
//! - [`display_name`]: a user's name without control characters, bidi controls and
//!   other invisible characters (the zero-width joiner, variation selectors and tags of
//!   emoji stay), `@` written `＠` so that a name never reads as a ping, and `` ` ``
//!   written `ˋ` so that it never opens a code span.
//! - [`code`]: a word the user typed, echoed back in a refusal, as a code span of the
//!   core's text that it cannot close, cut short, with the same characters neutralised.
//!
//! [`crate::core::api::Incoming::sanitized`] applies the first two to every message at
//! the door, so the parser and every handler see the plain text.

use mancala_rules::{Hole, ParseKind, ParseReason, VariantError};
use unicode_normalization::UnicodeNormalization;

/// The longest user text [`code`] echoes, in characters (longer is cut with `…`).
pub const ECHO_CHARS: usize = 30;

/// The most bytes of a platform id (a community, a channel, a user): Matrix's limit for
/// its ids; Discord's snowflakes have at most 20 digits.
pub const PLATFORM_ID_BYTES: usize = 255;

/// What a platform id is, in the words refusals use ([`is_platform_id`]).
pub const PLATFORM_ID_RULE: &str = "1 to 255 bytes, no control or invisible characters";

/// Whether `id` is a platform id the bot keeps, the one definition shared by the
/// commands (the core's door, the console's `/channel`, the users [`platform_id`]
/// makes) and a backup's import: 1 to [`PLATFORM_ID_BYTES`] bytes, no control
/// character, no invisible one ([`is_invisible`]).
pub fn is_platform_id(id: &str) -> bool {
    (1..=PLATFORM_ID_BYTES).contains(&id.len())
        && !id.chars().any(|c| c.is_control() || is_invisible(c))
}

/// What keeps `id` from being a platform id ([`is_platform_id`]), in words (`has 256
/// bytes`, `has a control or invisible character`, `is empty`); `None` when it is one.
pub fn platform_id_fault(id: &str) -> Option<String> {
    if id.is_empty() {
        Some("is empty".into())
    } else if id.len() > PLATFORM_ID_BYTES {
        Some(format!("has {} bytes", id.len()))
    } else if id.chars().any(|c| c.is_control() || is_invisible(c)) {
        Some("has a control or invisible character".into())
    } else {
        None
    }
}

/// `id` as the bot keeps a platform id (a user's, from a transport or a mention): without
/// control or invisible characters, at most 255 bytes (cut at a character boundary), and
/// `?` when nothing is left. Real platform ids never have such characters; a made-up one
/// (a console mention such as `@al\u{200B}ice`) is stored as the backup check accepts it.
pub fn platform_id(id: &str) -> String {
    let mut out = String::with_capacity(id.len().min(PLATFORM_ID_BYTES));
    for c in id.chars().filter(|&c| !c.is_control() && !is_invisible(c)) {
        if out.len() + c.len_utf8() > PLATFORM_ID_BYTES {
            break;
        }
        out.push(c);
    }
    if out.is_empty() {
        out.push('?');
    }
    out
}

/// Whether `c` is invisible in text and must not take part in a command: a format
/// character (general category `Cf`, Unicode 15.1) or another default-ignorable code
/// point (combining grapheme joiner, Hangul fillers, variation selectors, tags).
pub fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{AD}'
            | '\u{34F}'
            | '\u{600}'..='\u{605}'
            | '\u{61C}'
            | '\u{6DD}'
            | '\u{70F}'
            | '\u{890}'..='\u{891}'
            | '\u{8E2}'
            | '\u{115F}'..='\u{1160}'
            | '\u{17B4}'..='\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{FFF0}'..='\u{FFFB}'
            | '\u{110BD}'
            | '\u{110CD}'
            | '\u{13430}'..='\u{1343F}'
            | '\u{1BCA0}'..='\u{1BCA3}'
            | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0000}'..='\u{E0FFF}'
    )
}

/// Whether `c` is a bidi control (LRM, RLM, ALM, the embeddings, overrides and
/// isolates): never kept anywhere.
fn is_bidi_control(c: char) -> bool {
    matches!(
        c,
        '\u{61C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
    )
}

/// The command a message that starts with a mention of the bot stands for, `rest`
/// being what follows the mention (mention-as-prefix, the same on every transport):
/// `@bot sow b3` and `@bot !sow b3` are `!sow b3` (with `prefix` `!`), a bare `@bot`
/// is `!help`.
pub fn after_bot_mention(rest: &str, prefix: &str) -> String {
    let rest = rest.trim_start();
    if rest.is_empty() {
        format!("{prefix}help")
    } else if !prefix.is_empty() && rest.starts_with(prefix) {
        rest.to_string()
    } else {
        format!("{prefix}{rest}")
    }
}

/// The text of a command as the parser reads it: NFKC, without invisible characters
/// ([`is_invisible`]), without control characters other than white space (which still
/// separates words), and without backticks, so that no word of it can close a code span
/// where a reply echoes it.
pub fn command_text(s: &str) -> String {
    s.nfkc()
        .filter(|&c| c != '`' && !is_invisible(c) && (c.is_whitespace() || !c.is_control()))
        .collect()
}

/// Whether `c` is kept in a name although invisible: the zero-width joiner, the
/// variation selectors and the tag characters that emoji are written with.
fn kept_in_names(c: char) -> bool {
    matches!(c, '\u{200D}' | '\u{FE00}'..='\u{FE0F}' | '\u{E0020}'..='\u{E007F}')
}

/// Most characters of a name as the bot shows and stores it (Discord allows 32; Matrix
/// display names have no limit): longer ones are cut, ending with `…`.
pub const NAME_CHARS: usize = 64;

/// `name` as replies show it (see the module): line breaks and other white space
/// controls become spaces, other controls and invisible characters go, `@` becomes `＠`
/// and `` ` `` becomes `ˋ`; trimmed, and cut to [`NAME_CHARS`]. `None` when nothing
/// visible is left.
pub fn display_name(name: &str) -> Option<String> {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        match c {
            '@' => out.push('\u{FF20}'),
            '`' => out.push('\u{2CB}'),
            c if c.is_whitespace() => out.push(' '),
            c if c.is_control() || is_bidi_control(c) => {}
            c if is_invisible(c) && !kept_in_names(c) => {}
            c => out.push(c),
        }
    }
    let trimmed = out.trim();
    if trimmed.chars().count() > NAME_CHARS {
        let head: String = trimmed.chars().take(NAME_CHARS - 1).collect();
        return Some(format!("{}…", head.trim_end()));
    }
    (!trimmed.is_empty()).then(|| trimmed.to_string())
}

/// `typed`, a word or words a user typed, as a code span of the core's text:
/// `` `c1x` ``. Controls and invisible characters go, white space becomes one space,
/// `` ` `` becomes `ˋ` (so the span cannot be closed early), `@` becomes `＠` (so it
/// cannot ping), and it is cut to [`ECHO_CHARS`] characters with `…`.
pub fn code(typed: &str) -> String {
    let mut out = String::from("`");
    let mut n = 0;
    let mut space = false;
    for c in typed.trim().chars() {
        let c = match c {
            c if c.is_whitespace() => {
                space = true;
                continue;
            }
            c if c.is_control() || is_invisible(c) => continue,
            '`' => '\u{2CB}',
            '@' => '\u{FF20}',
            c => c,
        };
        if n + usize::from(space) >= ECHO_CHARS {
            out.push('…');
            break;
        }
        if std::mem::take(&mut space) {
            out.push(' ');
            n += 1;
        }
        out.push(c);
        n += 1;
    }
    out.push('`');
    out
}

/// The rules' parse error `e` about `typed` (a command's text, without backticks), with
/// the typed text echoed by [`code`]: ``bad move `zz`: `zz` is not a hole; expected
/// ...``, all in the current language, the fault too.
pub fn parse_error(e: &mancala_rules::ParseError, typed: &str) -> String {
    let reason = reason_text(e.reason());
    let typed = code(typed);
    match e.kind() {
        ParseKind::Hole => tr!("input-bad-hole", typed = typed, reason = reason),
        ParseKind::KatroMove => tr!("input-bad-katro-move", typed = typed, reason = reason),
        ParseKind::HoyitoMove => tr!("input-bad-hoyito-move", typed = typed, reason = reason),
        ParseKind::Variant => tr!("input-bad-game", typed = typed, reason = reason),
        ParseKind::Position => tr!("input-bad-position", typed = typed, reason = reason),
    }
}

/// What is wrong with a parsed text, in the current language: the faults of moves and
/// game names as the locale words them (N1-N3, K1, H1); any other (positions, matches)
/// in the rules crate's English, with the pieces it quotes echoed by [`code`].
fn reason_text(reason: &ParseReason) -> String {
    match reason {
        ParseReason::Empty => tr!("input-reason-empty"),
        ParseReason::NotAHole(t) => tr!("input-reason-not-a-hole", text = code(t)),
        ParseReason::OffBoard { hole, variant } => tr!(
            "input-reason-off-board",
            hole = hole.to_string(),
            game = variant.to_string(),
            last = Hole::new(variant.cols() - 1, 0).col_letter().to_string(),
            rows = variant.rows(),
        ),
        ParseReason::StepInHoyito => tr!("input-reason-hoyito-step"),
        ParseReason::TwoDirections => tr!("input-reason-two-directions"),
        ParseReason::DirectionInHoyito => tr!("input-reason-hoyito-direction"),
        ParseReason::KatroSize => tr!("input-reason-katro-size"),
        ParseReason::HoyitoSize => tr!("input-reason-hoyito-size"),
        ParseReason::Board(VariantError::KatroBoard { rows, cols }) => {
            tr!("input-reason-katro-board", rows = *rows, cols = *cols)
        }
        ParseReason::Board(VariantError::HoyitoBoard { cols }) => {
            tr!("input-reason-hoyito-board", cols = *cols)
        }
        ParseReason::UnknownGame => tr!("input-reason-unknown-game"),
        other => other
            .to_string()
            .split('`')
            .enumerate()
            .map(|(i, piece)| {
                if i % 2 == 1 {
                    code(piece)
                } else {
                    piece.to_string()
                }
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every `Cf` character of Unicode 14 (the table of Python's `unicodedata`) is
    /// invisible to commands.
    #[test]
    fn platform_ids_lose_invisible_and_control_characters() {
        assert_eq!(platform_id("x-al\u{200B}i\u{200D}ce"), "x-alice");
        assert_eq!(platform_id("123456789012345678"), "123456789012345678");
        assert_eq!(platform_id("\u{200B}\n"), "?");
        assert_eq!(platform_id(&"é".repeat(200)).len(), 254);
    }

    #[test]
    fn every_format_character_is_invisible() {
        let cf = [
            (0xAD, 0xAD),
            (0x600, 0x605),
            (0x61C, 0x61C),
            (0x6DD, 0x6DD),
            (0x70F, 0x70F),
            (0x890, 0x891),
            (0x8E2, 0x8E2),
            (0x180E, 0x180E),
            (0x200B, 0x200F),
            (0x202A, 0x202E),
            (0x2060, 0x2064),
            (0x2066, 0x206F),
            (0xFEFF, 0xFEFF),
            (0xFFF9, 0xFFFB),
            (0x110BD, 0x110BD),
            (0x110CD, 0x110CD),
            (0x13430, 0x13438),
            (0x1BCA0, 0x1BCA3),
            (0x1D173, 0x1D17A),
            (0xE0001, 0xE0001),
            (0xE0020, 0xE007F),
        ];
        for (a, b) in cf {
            for u in a..=b {
                let c = char::from_u32(u).unwrap();
                assert!(is_invisible(c), "U+{u:04X}");
            }
        }
        for c in ['a', ' ', '!', 'é', '\u{3000}', '😀'] {
            assert!(!is_invisible(c), "{c:?}");
        }
    }

    /// RULES.md N2 (input may carry spaces and any case): fullwidth forms, the
    /// ideographic space and invisible characters read as plain ASCII.
    #[test]
    fn n2_command_text_is_nfkc_without_invisible_characters() {
        assert_eq!(command_text("!sow b\u{200B}1"), "!sow b1");
        assert_eq!(command_text("！ｓｏｗ　Ｂ１"), "!sow B1");
        assert_eq!(
            command_text("\u{FEFF}!s\u{00AD}ow \u{202E}c1\u{202C}\u{2066}+\u{2069}"),
            "!sow c1+"
        );
        assert_eq!(command_text("!sow\u{7}\u{1B}[31m c1"), "!sow[31m c1");
        assert_eq!(command_text("!new katro\n@bob"), "!new katro\n@bob");
        assert_eq!(command_text("`!sow `c1``"), "!sow c1");
    }

    #[test]
    fn display_names_lose_controls_and_cannot_ping_or_open_code() {
        assert_eq!(
            display_name("ev\u{202E}il\nname\u{7}").as_deref(),
            Some("evil name")
        );
        assert_eq!(display_name("@everyone").as_deref(), Some("＠everyone"));
        // At most NAME_CHARS characters, cut with an ellipsis.
        let long = display_name(&"사".repeat(200)).unwrap();
        assert_eq!(long.chars().count(), NAME_CHARS);
        assert!(long.ends_with('…'));
        let exact = "W".repeat(NAME_CHARS);
        assert_eq!(display_name(&exact).as_deref(), Some(exact.as_str()));
        assert_eq!(display_name("a`b").as_deref(), Some("aˋb"));
        assert_eq!(display_name("\u{202E}\u{200B} \n"), None);
        // Emoji sequences keep their joiner and presentation selector.
        assert_eq!(
            display_name("👩\u{200D}💻\u{FE0F}").as_deref(),
            Some("👩\u{200D}💻\u{FE0F}")
        );
    }

    #[test]
    fn parse_errors_echo_through_code() {
        let typed = "@here";
        let e = mancala_rules::Move::parse(typed, mancala_rules::Variant::HOYITO).unwrap_err();
        assert_eq!(
            parse_error(&e, typed),
            "bad move `＠here`: `＠here` is not a hole; expected a hole of your row, like `d1`"
        );
    }

    #[test]
    fn code_cannot_be_closed_ping_or_run_long() {
        assert_eq!(code("c1x"), "`c1x`");
        assert_eq!(code("a`b <@&12> @here"), "`aˋb <＠&12> ＠here`");
        assert_eq!(code(" a \n\t b\u{202E} "), "`a b`");
        assert_eq!(code(&"x".repeat(40)), format!("`{}…`", "x".repeat(30)));
        assert_eq!(code(""), "``");
    }
}
