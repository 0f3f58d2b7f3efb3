//! Long replies and the limits of the platform they are posted on: what the transports
//! declared they can post in one message ([`TransportLimits`], kept by community in
//! `Declared`), and the one splitter that cuts a reply's text into messages within
//! them ([`Body::split`], [`Reply::split`]).
//!
//! Each transport owns its platform's numbers (Discord's in
//! `transport::discord::adapter::LIMITS`, Matrix's in `transport::matrix::LIMITS`, the
//! console's [`TransportLimits::UNBOUNDED`]) and declares them to the core
//! ([`super::api::ChatCore::declare_limits`]); the core only knows the numbers it is
//! told (issue 35).

use std::sync::RwLock;

use super::api::{
    Body, Reply, TransportLimits, CHANNEL_OPEN, LINK_OPEN, MENTION_OPEN, TIME_CLOSE, TIME_OPEN,
};
use super::Core;
use crate::model::ChannelKey;

/// Which communities a transport drives (`is_discord`, `is_matrix`, the console's).
pub(crate) type Owns = fn(&str) -> bool;

/// The limits the transports of a process declared, each with the communities it drives
/// (its `owns`): the latest declaration that owns a community is the one in force there.
#[derive(Default)]
pub(crate) struct Declared(RwLock<Vec<(Owns, TransportLimits)>>);

impl Declared {
    /// Records `limits` for the communities `owns` is true for, before the earlier ones.
    pub(crate) fn declare(&self, owns: Owns, limits: TransportLimits) {
        let mut all = self.0.write().unwrap_or_else(|e| e.into_inner());
        all.insert(0, (owns, limits));
    }

    /// The limits in force in `community`: [`TransportLimits::UNBOUNDED`] where no
    /// transport declared any.
    pub(crate) fn of(&self, community: &str) -> TransportLimits {
        let all = self.0.read().unwrap_or_else(|e| e.into_inner());
        all.iter()
            .find(|(owns, _)| owns(community))
            .map_or(TransportLimits::UNBOUNDED, |&(_, limits)| limits)
    }
}

impl Core {
    /// The limits a reply posted in `at` keeps to: its transport's
    /// ([`super::api::ChatCore::declare_limits`]), within the host's settings
    /// ([`super::Settings::max_reply_chars`], [`super::Settings::max_attachments`]); at
    /// least 2 attachments (a contact sheet and the final board).
    pub fn limits_at(&self, at: &ChannelKey) -> TransportLimits {
        let platform = self.transports.of(&at.community);
        TransportLimits {
            chars_per_message: platform
                .chars_per_message
                .min(self.settings.max_reply_chars),
            attachments_per_message: platform
                .attachments_per_message
                .min(self.settings.max_attachments)
                .max(2),
            ..platform
        }
    }

    /// The one rule for long replies: each reply whose text is longer than the limit of
    /// the channel it goes to ([`Core::limits_at`]: its [`Reply::to`], else `at`) becomes
    /// several messages ([`Reply::split`]), every reply alike (`!help`, `!rules`,
    /// `!history`, standings, the driver's notices), so that nothing is cut.
    pub(super) fn split_long(&self, at: &ChannelKey, replies: Vec<Reply>) -> Vec<Reply> {
        replies
            .into_iter()
            .flat_map(|r| {
                let max = self
                    .limits_at(r.to.as_ref().unwrap_or(at))
                    .chars_per_message;
                r.split(max)
            })
            .collect()
    }
}

impl Body {
    /// This text as pieces of at most `max` characters each (as the core writes them: a
    /// time or mention marker counts its own characters), in order, nothing left out:
    /// the one rule for long replies ([`Reply::split`]). A piece ends at the last line
    /// break that fits; a longer line is cut at the last run of two spaces that fits
    /// (between the moves of a record), else at a space, else anywhere; never inside a
    /// time or mention marker, and never inside a `` `code` `` span (a fenced block is
    /// spans too) when a cut outside code fits: a span that straddles the limit starts
    /// the next piece. Only a span longer than a whole piece is cut, at a line break, a
    /// space or anywhere in it, and then it is closed at the end of one piece and opened
    /// again at the start of the next. `max` below 8 counts as 8.
    pub fn split(&self, max: usize) -> Vec<Body> {
        let max = max.max(8);
        let mut out = Vec::new();
        let mut rest = self.raw().trim_end().to_string();
        while rest.chars().count() > max {
            let (piece, next) = cut_piece(&rest, max);
            if !piece.trim().is_empty() {
                out.push(Body::new(piece));
            }
            rest = next;
        }
        if !rest.trim().is_empty() || out.is_empty() {
            out.push(Body::new(rest));
        }
        out
    }
}

/// Where a piece may end, for one kind of place (outside or inside a code span): byte
/// indices in the text, the last of each kind that fits.
#[derive(Default)]
struct Cuts {
    newline: Option<usize>,
    /// Before a run of two spaces (between the moves of a record).
    double: Option<usize>,
    space: Option<usize>,
    anywhere: Option<usize>,
}

impl Cuts {
    /// The best of them: a line break, else two spaces, else a space, else anywhere.
    fn best(&self) -> Option<usize> {
        self.newline
            .or(self.double)
            .or(self.space)
            .or(self.anywhere)
    }
}

/// Where a piece of at most `max` characters may end in `s` (see [`Body::split`]): the
/// piece, and the rest (with the separator dropped and a code span cut in two reopened).
fn cut_piece(s: &str, max: usize) -> (String, String) {
    let (mut outside, mut inside) = (Cuts::default(), Cuts::default());
    let (mut in_marker, mut in_code) = (false, false);
    // Where the open code span's backtick is: a cut in code leaves some code before it.
    let mut code_from = 0;
    let mut prev = '\0';
    for (k, (i, c)) in s.char_indices().enumerate() {
        // The piece before `i` has `k` characters, plus a closing backtick in code.
        if k + usize::from(in_code) > max {
            break;
        }
        if !in_marker && k > 0 && (!in_code || k > code_from + 1) {
            let cuts = if in_code { &mut inside } else { &mut outside };
            cuts.anywhere = Some(i);
            match c {
                '\n' => cuts.newline = Some(i),
                ' ' if prev == ' ' => cuts.double = Some(i - 1),
                ' ' => cuts.space = Some(i),
                _ => {}
            }
        }
        match c {
            TIME_OPEN | MENTION_OPEN | CHANNEL_OPEN | LINK_OPEN => in_marker = true,
            TIME_CLOSE => in_marker = false,
            '`' if !in_marker => {
                in_code = !in_code;
                code_from = k;
            }
            _ => {}
        }
        prev = c;
    }
    let (at, code) = outside
        .best()
        .map(|at| (at, false))
        // Only a code span longer than a piece, from the piece's start, is cut.
        .or_else(|| inside.best().map(|at| (at, true)))
        // A marker longer than a piece: it goes whole, whatever its length.
        .unwrap_or_else(|| {
            let end = s
                .find(TIME_CLOSE)
                .map_or(s.len(), |e| e + TIME_CLOSE.len_utf8());
            (end, false)
        });
    let mut piece = s[..at].trim_end().to_string();
    let mut next = s[at..].trim_start_matches([' ', '\n']).to_string();
    if code {
        piece.push('`');
        next.insert(0, '`');
    }
    (piece, next)
}

impl Reply {
    /// This reply as messages whose text is at most `max_chars` characters each
    /// ([`Body::split`]), so that a long reply (`!help`, `!history`, a tournament's
    /// standings) is posted whole in several messages rather than cut. Every message
    /// keeps the reply's channel ([`Reply::to`], [`Reply::direct`]) and error flag; the attachments,
    /// buttons and pings ride on the last one, under the end of the text.
    pub fn split(self, max_chars: usize) -> Vec<Reply> {
        let mut bodies = self.body.split(max_chars);
        let Some(last) = bodies.pop() else {
            return vec![self];
        };
        let mut out: Vec<Reply> = bodies
            .into_iter()
            .map(|body| Reply {
                body,
                is_error: self.is_error,
                to: self.to.clone(),
                direct: self.direct.clone(),
                lang: self.lang,
                ..Reply::default()
            })
            .collect();
        out.push(Reply { body: last, ..self });
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::api::{mention_token, Attachment, Segment};
    use crate::model::User;

    fn user(name: &str) -> User {
        User {
            id: name.to_lowercase(),
            name: name.into(),
        }
    }

    /// The text of `pieces` without white space, to compare with the whole's.
    fn letters(pieces: &[Body]) -> String {
        pieces
            .iter()
            .map(|b| b.as_core_text())
            .collect::<String>()
            .replace(['`', ' ', '\n'], "")
    }

    /// Issue 18 item 5: one rule for long replies, split into pieces of at most the
    /// limit at line breaks, else between the moves of a record (two spaces), else at
    /// a space; nothing is left out, no marker is cut and code spans stay closed.
    #[test]
    fn long_bodies_split_at_lines_then_moves_and_keep_everything() {
        assert_eq!(Body::new("short").split(100), vec![Body::new("short")]);
        assert_eq!(
            Body::new("line one\nline two\nline three").split(20),
            vec![Body::new("line one\nline two"), Body::new("line three")]
        );
        let moves: Vec<String> = (1..=40)
            .map(|i| format!("{i}.{} c1+", if i % 2 == 1 { "S" } else { "N" }))
            .collect();
        let record = Body::new(moves.join("  "));
        let pieces = record.split(60);
        assert!(pieces.len() > 1);
        for p in &pieces {
            let t = p.as_core_text();
            assert!(t.chars().count() <= 60, "{t}");
            // Each piece starts with a move number and ends with a move.
            assert!(t.starts_with(|c: char| c.is_ascii_digit()), "{t}");
            assert!(t.ends_with("c1+"), "{t}");
        }
        let joined: Vec<String> = pieces.iter().map(Body::as_core_text).collect();
        assert_eq!(joined.join("  "), moves.join("  "));
        // A long code span is closed and reopened; a marked name is never cut.
        let long = Body::new(format!(
            "Position: `{}` for {} now",
            "4,".repeat(40),
            mention_token(&user("Ann Marie Lee"))
        ));
        let pieces = long.split(30);
        for p in &pieces {
            let t = p.as_core_text();
            assert!(t.chars().count() <= 30, "{t}");
            assert_eq!(t.matches('`').count() % 2, 0, "{t}");
        }
        assert_eq!(letters(&pieces), letters(&[long]));
        assert!(pieces.iter().any(|p| p
            .segments()
            .contains(&Segment::Mention(user("Ann Marie Lee")))));
    }

    /// A long reply keeps its channel and error flag in every message; its pictures,
    /// buttons and pings come with the last.
    #[test]
    fn split_replies_carry_attachments_and_pings_on_the_last() {
        let reply = Reply {
            body: Body::new(format!("{}\n{}", "a".repeat(50), "b".repeat(50))),
            attachments: vec![Attachment {
                filename: "board.png".into(),
                bytes: Vec::new(),
                alt: String::new(),
            }],
            mentions: vec![user("Bob")],
            is_error: true,
            to: Some(crate::model::ChannelKey::default()),
            ..Reply::default()
        };
        let parts = reply.split(60);
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[0].text(), "a".repeat(50));
        assert!(parts[0].attachments.is_empty() && parts[0].mentions.is_empty());
        assert!(parts.iter().all(|p| p.is_error && p.to.is_some()));
        assert_eq!(parts[1].text(), "b".repeat(50));
        assert_eq!(parts[1].attachments.len(), 1);
        assert_eq!(parts[1].mentions, vec![user("Bob")]);
    }

    /// Issue 35: a code span that straddles the limit is not cut when a cut outside
    /// code fits: the piece ends before it and the span starts the next one, whole;
    /// every piece within the limit, the text whole when put back together.
    #[test]
    fn a_code_span_straddling_the_limit_moves_whole_to_the_next_piece() {
        let cases = [
            // A line break inside the span (a board drawn in code) is no place to cut.
            ("Board:\n`row one\nrow two\nrow three`", 30),
            // No space outside code: cut just before the span, not at a space in it.
            ("x:`!tournament new spring`", 25),
            ("Play `!new katro ai 3` now", 18),
        ];
        for (text, max) in cases {
            let body = Body::new(text);
            let pieces = body.split(max);
            assert!(pieces.len() > 1, "{text}");
            for p in &pieces {
                let t = p.as_core_text();
                assert!(t.chars().count() <= max, "{t}");
                // Each span is whole in one piece: no piece closes a span it did not open.
                assert_eq!(t.matches('`').count() % 2, 0, "{t}");
            }
            let spans: Vec<Segment> = pieces.iter().flat_map(Body::segments).collect();
            let code = |segs: Vec<Segment>| -> Vec<Segment> {
                segs.into_iter()
                    .filter(|s| matches!(s, Segment::Code(_)))
                    .collect()
            };
            assert_eq!(code(spans), code(body.segments()), "{text}");
            assert_eq!(letters(&pieces), letters(&[body]), "{text}");
        }
        assert_eq!(
            Body::new("x:`!tournament new spring`").split(25),
            vec![Body::new("x:"), Body::new("`!tournament new spring`")]
        );
    }

    /// The old Discord splitter's case, now the core's: lines of 1,500 characters and
    /// a line of 4,500 give five pieces within 2,000, nothing lost.
    #[test]
    fn long_text_splits_at_line_ends() {
        let line = "x".repeat(1500);
        let text = format!("{line}\n{line}\n{}", "y".repeat(4500));
        let parts = Body::new(text).split(2000);
        assert_eq!(parts.len(), 5);
        let parts: Vec<String> = parts.iter().map(Body::as_core_text).collect();
        assert!(parts.iter().all(|p| p.chars().count() <= 2000));
        assert_eq!(parts.concat().len(), 1500 * 2 + 4500);
    }

    /// Each platform its own numbers: the latest declaration owning a community is in
    /// force there, within the host's bound; elsewhere there is none but the host's.
    #[test]
    fn declared_limits_apply_to_their_communities_only() {
        let declared = Declared::default();
        let small = TransportLimits {
            chars_per_message: 100,
            ..TransportLimits::UNBOUNDED
        };
        declared.declare(|c| c.starts_with('!'), small);
        assert_eq!(declared.of("!room:x"), small);
        assert_eq!(declared.of("123"), TransportLimits::UNBOUNDED);
        let smaller = TransportLimits {
            chars_per_message: 50,
            ..small
        };
        declared.declare(|c| c == "!room:x", smaller);
        assert_eq!(declared.of("!room:x"), smaller);
        assert_eq!(declared.of("!other:x"), small);
    }
}
