//! Pure conversions between Matrix message content and the core's shapes: the text of
//! an incoming `m.text` (pills turned into `@user:server` tokens, the mentioned users in
//! order), and the HTML of an outgoing `m.notice` (`@Name` of a mentioned user turned
//! into a pill, `` `code` `` into `<code>`). No network here, so it is unit-tested.

use crate::core::api::TransportLimits;
use crate::core::api::{plain_time, Body, Segment};

/// The homeserver's limit on an event, in bytes of its JSON (Matrix spec, "Size limits":
/// 65,536 bytes including the envelope).
pub(super) const MAX_EVENT_BYTES: usize = 65_536;

/// Most bytes of an image's caption (its alt text): well under [`MAX_EVENT_BYTES`]
/// with the event's other fields, whatever the script.
pub(super) const MAX_CAPTION_BYTES: usize = 16_384;

// A caption leaves more than half of the event for its other fields.
const _: () = assert!(MAX_CAPTION_BYTES < MAX_EVENT_BYTES / 2);

/// What Matrix takes in one reply, as the transport declares it to the core
/// ([`crate::core::api::ChatCore::declare_limits`]); Matrix's own, not Discord's:
/// - 4,000 characters of text: a notice carries its text twice (`body`, and
///   `formatted_body` in HTML), and a character costs at most 8 bytes of JSON in the two
///   together (`"` is `\"` and `&quot;`; an emoji 4 bytes each), so 4,000 characters
///   take at most 32,000 bytes: under half of `MAX_EVENT_BYTES` (65,536), the rest for
///   pills, times and the event's envelope.
/// - 10 pictures: each is an event of its own (`m.image`); ten a reply, as on Discord,
///   so that a move's frames do not flood a room (more become a contact sheet).
/// - 50 MiB a file: Synapse's default `max_upload_size`; a homeserver may set less (its
///   `m.upload.size`), which the transport does not read yet.
/// - 4,096 characters of alt text: `MAX_CAPTION_BYTES` over 4, the most bytes of a
///   character, so any such caption is sent whole.
pub const LIMITS: TransportLimits = TransportLimits {
    chars_per_message: 4_000,
    attachments_per_message: 10,
    bytes_per_file: 50 << 20,
    alt_text_chars: MAX_CAPTION_BYTES / 4,
};

/// The caption of an image: its alt text, cut at a character boundary to
/// [`MAX_CAPTION_BYTES`] when longer, saying how much was left out.
pub(super) fn caption(alt: &str) -> String {
    if alt.len() <= MAX_CAPTION_BYTES {
        return alt.to_string();
    }
    let note_room = 80;
    let mut end = MAX_CAPTION_BYTES - note_room;
    while !alt.is_char_boundary(end) {
        end -= 1;
    }
    let left = alt[end..].chars().count();
    format!("{}... ({left} more characters not shown)", &alt[..end])
}

/// The prefix of a Matrix permalink to a user (a "pill" in HTML).
const MATRIX_TO: &str = "https://matrix.to/#/";

/// A pill found in a message's HTML: the user it links and the text shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Pill {
    /// The linked Matrix user id, `@alice:example.org`.
    pub user_id: String,
    /// The text of the link (usually the display name), tags removed, entities decoded.
    pub label: String,
}

/// True for a string shaped like a Matrix user id: `@localpart:server`, no spaces.
pub(super) fn looks_like_user_id(s: &str) -> bool {
    let Some(rest) = s.strip_prefix('@') else {
        return false;
    };
    match rest.split_once(':') {
        Some((local, server)) => {
            !local.is_empty()
                && !server.is_empty()
                && !s.chars().any(|c| c.is_whitespace() || c == '<' || c == '>')
        }
        None => false,
    }
}

/// Decodes the percent escapes of a URL fragment (`%40alice%3Aexample.org`); invalid
/// escapes are kept as written.
fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok();
            if let Some(b) = hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                out.push(b);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Decodes the HTML entities Matrix clients write (`&amp; &lt; &gt; &quot; &#39;`).
fn unescape_html(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&#x27;", "'")
        .replace("&amp;", "&")
}

/// Escapes text for HTML.
pub(super) fn escape_html(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Removes tags, keeping the text between them.
fn strip_tags(s: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in s.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

/// The user pills of a message's HTML body, in order: `<a href="https://matrix.to/#/
/// @bob:example.org">Bob</a>`. Links to rooms or events are skipped.
pub(super) fn pills(html: &str) -> Vec<Pill> {
    let mut found = Vec::new();
    let mut rest = html;
    while let Some(start) = rest.find("<a ") {
        rest = &rest[start + 3..];
        let Some(tag_end) = rest.find('>') else {
            break;
        };
        let attrs = &rest[..tag_end];
        let after = &rest[tag_end + 1..];
        let Some(close) = after.find("</a>") else {
            break;
        };
        let label = unescape_html(&strip_tags(&after[..close]));
        rest = &after[close + 4..];
        let Some(href_at) = attrs.find("href=") else {
            continue;
        };
        let href = &attrs[href_at + 5..];
        let quote = href.chars().next();
        let href = match quote {
            Some(q @ ('"' | '\'')) => href[1..].split(q).next().unwrap_or(""),
            _ => href.split_whitespace().next().unwrap_or(""),
        };
        let href = unescape_html(href);
        let Some(target) = href.strip_prefix(MATRIX_TO) else {
            continue;
        };
        let target = percent_decode(target.split(['?', '/']).next().unwrap_or(""));
        if looks_like_user_id(&target) {
            found.push(Pill {
                user_id: target,
                label: label.trim().to_string(),
            });
        }
    }
    found
}

/// The command text and the mentioned user ids of an incoming `m.text`.
///
/// `body` is the plain body, `html` the HTML body if the message has one, `declared` the
/// user ids of its `m.mentions`, `own_id` the bot's user id. The text is the body with
/// each pill's label (a display name, which may have spaces) replaced by the user id, so
/// that the command grammar sees one `@user:server` token per mention. The mentions are
/// the pills in order, then plain user ids typed in the body, then the declared mentions
/// not seen yet except the bot itself (a client adds the bot there when one answers one
/// of its messages); each user once.
pub(super) fn incoming_text(
    body: &str,
    html: Option<&str>,
    declared: &[String],
    own_id: &str,
) -> (String, Vec<String>) {
    let mut text = body.to_string();
    let mut ids: Vec<String> = Vec::new();
    let push = |ids: &mut Vec<String>, id: &str| {
        if !ids.iter().any(|i| i == id) {
            ids.push(id.to_string());
        }
    };
    for p in html.map(pills).unwrap_or_default() {
        if !p.label.is_empty() && !p.label.starts_with('@') && p.label != p.user_id {
            if let Some(at) = text.find(&p.label) {
                text.replace_range(at..at + p.label.len(), &p.user_id);
            }
        }
        push(&mut ids, &p.user_id);
    }
    for word in text.split_whitespace() {
        let word = word.trim_end_matches([',', '.', ';', '!', '?', ')']);
        let word = word.strip_suffix(':').unwrap_or(word);
        if looks_like_user_id(word) {
            push(&mut ids, word);
        }
    }
    for id in declared {
        if id != own_id && looks_like_user_id(id) {
            push(&mut ids, id);
        }
    }
    (text, ids)
}

/// The HTML body of a notice of `body`: its text escaped with line breaks as `<br>` and
/// `@Name` of each `(user_id, name)` in `mentions` as a pill linking the user (the longest
/// names first, so that `@Ann Lee` wins over `@Ann`); code as `<code>`; times written out
/// relative to `now_ms` ([`crate::core::api::plain_time`]).
pub(super) fn notice_html(body: &Body, now_ms: u64, mentions: &[(String, String)]) -> String {
    let mut sorted: Vec<&(String, String)> = mentions
        .iter()
        .filter(|(id, name)| looks_like_user_id(id) && !name.is_empty())
        .collect();
    sorted.sort_by_key(|(_, name)| std::cmp::Reverse(name.len()));
    let lines = |s: &str| escape_html(s).replace('\n', "<br>");
    let mut out = String::new();
    for seg in body.segments() {
        match seg {
            Segment::Text(t) => out.push_str(&pill_names(&lines(&t), &sorted)),
            Segment::Code(c) => {
                out.push_str("<code>");
                out.push_str(&lines(&c));
                out.push_str("</code>");
            }
            Segment::Time(ms) => out.push_str(&lines(&plain_time(ms, now_ms))),
            Segment::Mention(u) if looks_like_user_id(&u.id) && !u.name.is_empty() => {
                out.push_str(&pill(&u.id, &escape_html(&u.name)));
            }
            Segment::Mention(u) => {
                out.push('@');
                out.push_str(&escape_html(&u.name));
            }
            // A room links to itself (its id is all a reply knows of it).
            Segment::Channel(at) => out.push_str(&format!(
                "<a href=\"{MATRIX_TO}{}\">{}</a>",
                escape_html(&at.channel),
                escape_html(&at.channel)
            )),
            // The core writes only http(s) URLs; escaped all the same.
            Segment::Link { url, label } => out.push_str(&format!(
                "<a href=\"{}\">{}</a>",
                escape_html(&url),
                escape_html(&label)
            )),
        }
    }
    out
}

/// The pill of the user `id` showing `escaped_name` (already HTML-escaped).
fn pill(id: &str, escaped_name: &str) -> String {
    format!(
        "<a href=\"{MATRIX_TO}{}\">{escaped_name}</a>",
        escape_html(id)
    )
}

/// Replaces `@Name` by pills in already-escaped HTML text, one pass over the text so a
/// pill's own text is never replaced again.
fn pill_names(html: &str, mentions: &[&(String, String)]) -> String {
    let mut out = String::new();
    let mut rest = html;
    'outer: while let Some(at) = rest.find('@') {
        out.push_str(&rest[..at]);
        let tail = &rest[at + 1..];
        for (id, name) in mentions {
            let escaped = escape_html(name);
            if tail.starts_with(&escaped) {
                out.push_str(&pill(id, &escaped));
                rest = &tail[escaped.len()..];
                continue 'outer;
            }
        }
        out.push('@');
        rest = tail;
    }
    out.push_str(rest);
    out
}

/// How an attachment is posted, by its file name's extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// A PNG picture (`m.image`, `image/png`).
    Png,
    /// An animated GIF (`m.image`, `image/gif`), posted only when enabled.
    Gif,
    /// Anything else (`m.file`, `application/octet-stream`).
    File,
}

/// The [`Kind`] of the attachment named `filename`.
pub(super) fn kind(filename: &str) -> Kind {
    let lower = filename.to_ascii_lowercase();
    if lower.ends_with(".png") {
        Kind::Png
    } else if lower.ends_with(".gif") {
        Kind::Gif
    } else {
        Kind::File
    }
}

/// Whether a community is a Matrix room (room ids start with `!`): the communities the
/// Matrix transport drives in [`crate::core::api::ChatCore::tick_where`].
pub fn is_matrix(community: &str) -> bool {
    community.starts_with('!')
}

/// The channel of a Matrix room: the room id as both community and channel.
pub fn channel_key(room_id: &str) -> crate::model::ChannelKey {
    crate::model::ChannelKey {
        community: room_id.to_string(),
        channel: room_id.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pills_are_found_in_order_with_their_labels() {
        let html = "<a href=\"https://matrix.to/#/@bob:localhost\">Bob Smith</a> and \
                    <a href='https://matrix.to/#/%40ann%3Aexample.org?via=x'>A&amp;nn</a> \
                    <a href=\"https://matrix.to/#/!room:localhost\">a room</a> \
                    <a href=\"https://example.org\">site</a>";
        assert_eq!(
            pills(html),
            vec![
                Pill {
                    user_id: "@bob:localhost".into(),
                    label: "Bob Smith".into()
                },
                Pill {
                    user_id: "@ann:example.org".into(),
                    label: "A&nn".into()
                },
            ]
        );
        assert!(pills("<a href=\"https://matrix.to/#/@bob:localhost\">unclosed").is_empty());
    }

    /// The archive's channels: a room links to itself, its id escaped.
    #[test]
    fn rooms_link_in_notices() {
        let body = Body::new(format!(
            "in {}",
            crate::core::api::channel_token(&channel_key("!r<1>:x.org"))
        ));
        assert_eq!(
            notice_html(&body, 0, &[]),
            "in <a href=\"https://matrix.to/#/!r&lt;1&gt;:x.org\">!r&lt;1&gt;:x.org</a>"
        );
    }

    #[test]
    fn incoming_text_turns_pills_into_user_ids() {
        let (text, ids) = incoming_text(
            "!new hoyito Bob Smith as south",
            Some(
                "!new hoyito <a href=\"https://matrix.to/#/@bob:localhost\">Bob Smith</a> as south",
            ),
            &["@bob:localhost".into()],
            "@mancala:localhost",
        );
        assert_eq!(text, "!new hoyito @bob:localhost as south");
        assert_eq!(ids, vec!["@bob:localhost".to_string()]);
    }

    #[test]
    fn incoming_text_finds_typed_ids_and_skips_the_bot_in_declared_mentions() {
        let (text, ids) = incoming_text(
            "!new katro @carl:localhost, please",
            None,
            &["@mancala:localhost".into(), "@dan:localhost".into()],
            "@mancala:localhost",
        );
        assert_eq!(text, "!new katro @carl:localhost, please");
        assert_eq!(ids, vec!["@carl:localhost", "@dan:localhost"]);
        let (_, ids) = incoming_text("!board", None, &[], "@mancala:localhost");
        assert!(ids.is_empty());
        assert!(!looks_like_user_id("@nocolon"));
        assert!(!looks_like_user_id("bob:localhost"));
        assert!(!looks_like_user_id("@:localhost"));
    }

    /// A game page's link (issue "Web companion") is a link; the plain body has
    /// `label: url`.
    #[test]
    fn notice_html_links_a_game_page() {
        let body = Body::new(format!(
            "Game over.\n{}",
            crate::core::api::link_token(
                "https://games.example.org/g/ab0cd1ef?a=1&b=\"",
                "Page <x>"
            )
        ));
        assert_eq!(
            notice_html(&body, 0, &[]),
            "Game over.<br><a href=\"https://games.example.org/g/ab0cd1ef?a=1&amp;b=&quot;\">\
             Page &lt;x&gt;</a>"
        );
        assert_eq!(
            body.plain(0),
            "Game over.\nPage <x>: https://games.example.org/g/ab0cd1ef?a=1&b=\""
        );
    }

    #[test]
    fn notice_html_pills_mentions_and_codes_commands() {
        let html = notice_html(
            &Body::new("@Bob Smith (North) to move: `!sow HOLE`.\n<b> & @Bob"),
            0,
            &[
                ("@bob:localhost".into(), "Bob Smith".into()),
                ("@b:localhost".into(), "Bob".into()),
            ],
        );
        assert_eq!(
            html,
            "<a href=\"https://matrix.to/#/@bob:localhost\">Bob Smith</a> (North) to move: \
             <code>!sow HOLE</code>.<br>&lt;b&gt; &amp; \
             <a href=\"https://matrix.to/#/@b:localhost\">Bob</a>"
        );
        // Not a mentioned user: left as text.
        assert_eq!(notice_html(&Body::new("@Eve wins"), 0, &[]), "@Eve wins");
        // A mention the core wrote is a pill when the id is a Matrix user's, else text.
        let eve = |id: &str| crate::model::User {
            id: id.into(),
            name: "Eve <3".into(),
        };
        let body = Body::new(format!(
            "{} and {} win",
            crate::core::api::mention_token(&eve("@eve:localhost")),
            crate::core::api::mention_token(&eve("console-eve"))
        ));
        assert_eq!(
            notice_html(&body, 0, &[]),
            "<a href=\"https://matrix.to/#/@eve:localhost\">Eve &lt;3</a> and @Eve &lt;3 win"
        );
        // A time the core wrote is a date; one a user typed stays inert text.
        let body = Body::new(format!(
            "due {} <t:99999999999999999:R>",
            crate::core::api::time_token(86_400_000)
        ));
        assert_eq!(
            notice_html(&body, 0, &[]),
            "due 1970-01-02 00:00 UTC (in 24 h) &lt;t:99999999999999999:R&gt;"
        );
    }

    /// The homeserver's 64 KiB event limit: the longest caption and the longest notice
    /// (a reply of Matrix's [`LIMITS`], 4,000 characters: the core splits longer ones)
    /// stay well within it in any script, markup escaped.
    #[test]
    fn captions_and_notices_fit_in_a_matrix_event() {
        for unit in ["a", "🐢", "<", "\"", "مس", "&", "\n"] {
            let alt = unit.repeat(100_000);
            let c = caption(&alt);
            assert!(c.len() <= MAX_CAPTION_BYTES, "{}", c.len());
            assert!(c.ends_with("more characters not shown)"));
            assert!(alt.starts_with(c.split("...").next().unwrap()));
            for chars in [2000, LIMITS.chars_per_message] {
                let text: String = unit.chars().cycle().take(chars).collect();
                let html = notice_html(&Body::new(text.clone()), 0, &[]);
                let event = serde_json::json!({"msgtype": "m.notice", "body": text,
                    "format": "org.matrix.custom.html", "formatted_body": html});
                let bytes = serde_json::to_vec(&event).unwrap().len();
                assert!(bytes < MAX_EVENT_BYTES / 2, "{unit}: {bytes} bytes");
            }
            // Any alt text of the declared length is a caption sent whole.
            let alt: String = unit.chars().cycle().take(LIMITS.alt_text_chars).collect();
            assert_eq!(caption(&alt), alt);
        }
        assert_eq!(caption("board after c1+"), "board after c1+");
    }

    #[test]
    fn kinds_by_extension() {
        assert_eq!(kind("board.png"), Kind::Png);
        assert_eq!(kind("MOVE.GIF"), Kind::Gif);
        assert_eq!(kind("game.txt"), Kind::File);
    }

    #[test]
    fn percent_decoding_keeps_bad_escapes() {
        assert_eq!(percent_decode("%40a%3Ab"), "@a:b");
        assert_eq!(percent_decode("100%"), "100%");
        assert_eq!(percent_decode("%zz"), "%zz");
        assert_eq!(percent_decode("%é%"), "%é%");
    }
}
