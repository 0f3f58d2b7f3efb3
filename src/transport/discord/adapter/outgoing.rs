//! Outgoing: the core's replies as Discord messages within Discord's limits (content,
//! files, buttons), the text's markup escaped, and the channel each goes to.

use serenity::all::{
    ButtonStyle, ChannelId, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton,
    CreateInteractionResponse, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    CreateMessage, UserId,
};

use super::{
    button_custom_id, BUTTONS_PER_ROW, MAX_ATTACHMENTS, MAX_BUTTON_URL_CHARS, MAX_CONTENT_CHARS,
    MAX_DESCRIPTION_CHARS, MAX_LABEL_CHARS, MAX_ROWS, MAX_UPLOAD_BYTES,
};
use crate::core::api::{Attachment, Body, Reply, Segment};
use crate::model::ChannelKey;

/// One Discord message to post, built from (a part of) a [`Reply`]. Convert it with
/// [`OutMessage::to_message`], [`OutMessage::to_response`] or [`OutMessage::to_followup`].
#[derive(Clone, Debug)]
pub struct OutMessage {
    /// The text, at most [`MAX_CONTENT_CHARS`] characters; may be empty when files follow.
    pub content: String,
    /// The files, at most [`MAX_ATTACHMENTS`].
    pub files: Vec<CreateAttachment>,
    /// Button rows.
    pub components: Vec<CreateActionRow>,
    /// The only users this message may ping.
    pub pings: Vec<UserId>,
    /// Show only to the interaction's user (error replies to interactions).
    pub ephemeral: bool,
}

impl OutMessage {
    /// A plain text message that pings nobody.
    pub fn text(content: impl Into<String>, ephemeral: bool) -> Self {
        OutMessage {
            content: content.into(),
            files: Vec::new(),
            components: Vec::new(),
            pings: Vec::new(),
            ephemeral,
        }
    }

    /// This message without its files, `note` added as its last line (within
    /// [`MAX_CONTENT_CHARS`]: the text is cut at a character boundary to make room).
    pub fn without_files(&self, note: &str) -> OutMessage {
        let room = MAX_CONTENT_CHARS.saturating_sub(note.chars().count() + 1);
        let mut content: String = self.content.chars().take(room).collect();
        if !content.is_empty() {
            content.push('\n');
        }
        content.push_str(note);
        OutMessage {
            content,
            files: Vec::new(),
            ..self.clone()
        }
    }

    /// The allowed mentions of every message: the listed users, nothing parsed from the
    /// text (so no @everyone, @here, roles or other users), no reply ping.
    pub fn allowed_mentions(&self) -> CreateAllowedMentions {
        CreateAllowedMentions::new()
            .users(self.pings.iter().copied())
            .replied_user(false)
    }

    /// As a channel message (prefix commands).
    pub fn to_message(&self) -> CreateMessage {
        let mut m = CreateMessage::new()
            .allowed_mentions(self.allowed_mentions())
            .add_files(self.files.iter().cloned());
        if !self.content.is_empty() {
            m = m.content(&self.content);
        }
        if !self.components.is_empty() {
            m = m.components(self.components.clone());
        }
        m
    }

    /// As the message of an interaction's initial response.
    pub fn to_response_message(&self) -> CreateInteractionResponseMessage {
        let mut m = CreateInteractionResponseMessage::new()
            .allowed_mentions(self.allowed_mentions())
            .add_files(self.files.iter().cloned());
        if self.ephemeral {
            m = m.ephemeral(true);
        }
        if !self.content.is_empty() {
            m = m.content(&self.content);
        }
        if !self.components.is_empty() {
            m = m.components(self.components.clone());
        }
        m
    }

    /// As an interaction's initial response (`CHANNEL_MESSAGE_WITH_SOURCE`).
    pub fn to_response(&self) -> CreateInteractionResponse {
        CreateInteractionResponse::Message(self.to_response_message())
    }

    /// As an interaction followup (after a deferral or a first response).
    pub fn to_followup(&self) -> CreateInteractionResponseFollowup {
        let mut m = CreateInteractionResponseFollowup::new()
            .allowed_mentions(self.allowed_mentions())
            .add_files(self.files.iter().cloned());
        if self.ephemeral {
            m = m.ephemeral(true);
        }
        if !self.content.is_empty() {
            m = m.content(&self.content);
        }
        if !self.components.is_empty() {
            m = m.components(self.components.clone());
        }
        m
    }
}

/// The Discord markdown of a reply's text (see the module's conventions).
pub fn content(body: &Body) -> String {
    let mut out = String::new();
    for seg in body.segments() {
        match seg {
            Segment::Text(t) => escape_markdown(&t, &mut out),
            Segment::Code(c) => {
                out.push('`');
                out.push_str(&c);
                out.push('`');
            }
            Segment::Time(ms) => out.push_str(&format!("<t:{}:R>", ms / 1000)),
            Segment::Mention(u) => {
                out.push('@');
                escape_markdown(&u.name, &mut out);
            }
            // A channel id Discord knows links to the channel; any other is text.
            Segment::Channel(at)
                if !at.channel.is_empty() && at.channel.bytes().all(|b| b.is_ascii_digit()) =>
            {
                out.push_str(&format!("<#{}>", at.channel));
            }
            Segment::Channel(at) => {
                out.push('#');
                escape_markdown(&at.channel, &mut out);
            }
            // A link button under the message ([`link_buttons`]) when Discord takes
            // its address; else the address in text.
            Segment::Link { url, .. } if link_fits(&url) => {}
            Segment::Link { url, label } => {
                escape_markdown(&label, &mut out);
                out.push_str(": <");
                out.push_str(&url);
                out.push('>');
            }
        }
    }
    out
}

/// Appends `text` to `out` with a backslash before every character that Discord's
/// markdown or its `<...>` markup (mentions, channels, emoji, timestamps) would read:
/// emphasis, code, spoilers, links and `<` anywhere; headings, quotes and list marks at
/// the start of a line.
fn escape_markdown(text: &str, out: &mut String) {
    let mut line_start = out.is_empty() || out.ends_with('\n');
    for c in text.chars() {
        let anywhere = matches!(c, '\\' | '*' | '_' | '~' | '|' | '`' | '<' | '[' | ']');
        if anywhere || (line_start && matches!(c, '#' | '>' | '-')) {
            out.push('\\');
        }
        out.push(c);
        line_start = c == '\n';
    }
}

/// The Discord markdown of `body` ([`content`]) in pieces of at most `max` characters,
/// cut by the core's one splitter ([`Body::split`]: at line ends, never inside a code
/// span or a time). The core already split the reply at Discord's limit
/// ([`super::LIMITS`]); a piece that escaping made longer than `max` (a backslash before
/// each `*`, `_`, ...) is split again with a smaller bound until it fits.
fn rendered_pieces(body: &Body, max: usize) -> Vec<String> {
    let mut out = Vec::new();
    for piece in body.split(max) {
        let text = content(&piece).trim_end().to_string();
        let len = text.chars().count();
        // Below the splitter's least piece, 8, nothing can grow past Discord's 2,000.
        if len <= max || max <= 8 {
            out.push(text);
            continue;
        }
        // Shorter in the ratio the escaping grew it: a few rounds at most, each bound
        // below the last.
        let core_len = piece.as_core_text().chars().count();
        let smaller = (core_len * max / len).min(max - 1).max(8);
        out.extend(rendered_pieces(&piece, smaller));
    }
    out.retain(|p| !p.is_empty());
    out
}

/// The Discord messages that carry one [`Reply`], in order.
///
/// - The text, with a last line of `<@id>` pings when the reply mentions users, is split
///   into messages of at most 2,000 characters by the core's splitter ([`Body::split`]:
///   at line ends, never inside a code span); the notes and the pings go on the last
///   one, or on one of their own when it has no room left.
/// - The files follow at most ten and 10 MiB per message: the first ones ride on the last
///   text message, further ones on messages of their own. An alt text longer than
///   Discord's 1,024 characters is cut at a word, saying so, and kept whole in a `.txt`
///   file beside its picture ([`discord_files`]); a file over 10 MiB is left out, and the
///   text says so.
/// - Buttons (up to 25, five per row, labels cut to 80 characters) go on the last
///   message; a button whose custom id would be too long is left out (its text command is
///   still in the text).
/// - Every message allows pings of [`Reply::mentions`] only.
/// - `ephemeral_errors`: an error reply is shown to its author only (interactions).
///
/// An empty reply (no text, files or buttons) gives no message.
pub fn out_messages(reply: &Reply, ephemeral_errors: bool) -> Vec<OutMessage> {
    let pings: Vec<UserId> = reply
        .mentions
        .iter()
        .filter_map(|u| u.id.parse::<u64>().ok().filter(|&id| id != 0))
        .map(UserId::new)
        .collect();
    let ephemeral = ephemeral_errors && reply.is_error;
    let (files, notes) = discord_files(&reply.attachments);
    let mut messages = text_messages(reply, &notes, &pings, ephemeral);
    attach_files(&mut messages, files, &pings, ephemeral);
    attach_buttons(&mut messages, reply, &pings, ephemeral);
    messages
}

/// The text of `reply`, then `notes` (one line each), then a line of `<@id>` pings, in
/// messages of at most [`MAX_CONTENT_CHARS`] ([`rendered_pieces`]).
fn text_messages(
    reply: &Reply,
    notes: &[String],
    pings: &[UserId],
    ephemeral: bool,
) -> Vec<OutMessage> {
    let mut pieces = rendered_pieces(&reply.body, MAX_CONTENT_CHARS);
    let mut tail: Vec<String> = notes.to_vec();
    if !pings.is_empty() {
        let line = pings
            .iter()
            .map(|id| format!("<@{id}>"))
            .collect::<Vec<_>>()
            .join(" ");
        tail.push(line);
    }
    tail.retain(|l| !l.is_empty());
    if !tail.is_empty() {
        // Notes and pings are plain lines: the splitter cuts them at line ends.
        let tail = Body::new(tail.join("\n")).split(MAX_CONTENT_CHARS);
        for t in tail.iter().map(Body::as_core_text) {
            match pieces.last_mut() {
                Some(last) if last.chars().count() + 1 + t.chars().count() <= MAX_CONTENT_CHARS => {
                    last.push('\n');
                    last.push_str(&t);
                }
                _ => pieces.push(t),
            }
        }
    }
    pieces
        .into_iter()
        .map(|content| OutMessage {
            content,
            files: Vec::new(),
            components: Vec::new(),
            pings: pings.to_vec(),
            ephemeral,
        })
        .collect()
}

/// The files of a reply as Discord takes them, and notes for the text about files left
/// out: each attachment with its alt text as the description, cut to Discord's 1,024
/// characters at a word when longer (ending "... (whole text in NAME)") with the whole
/// text as `NAME` (the picture's name with `.txt`) right after it; a file over
/// [`MAX_UPLOAD_BYTES`] is left out with a note naming it and its size.
pub fn discord_files(attachments: &[Attachment]) -> (Vec<CreateAttachment>, Vec<String>) {
    let mut files = Vec::new();
    let mut notes = Vec::new();
    for a in attachments {
        if a.bytes.len() > MAX_UPLOAD_BYTES {
            notes.push(tr!(
                "discord-file-too-large",
                file = &a.filename,
                size = crate::i18n::decimal_arg(a.bytes.len() as f64 / (1 << 20) as f64, 1),
                max = MAX_UPLOAD_BYTES >> 20
            ));
            continue;
        }
        let file = CreateAttachment::bytes(a.bytes.clone(), a.filename.clone());
        if a.alt.chars().count() <= MAX_DESCRIPTION_CHARS {
            files.push(if a.alt.is_empty() {
                file
            } else {
                file.description(a.alt.clone())
            });
            continue;
        }
        let stem = a.filename.rsplit_once('.').map_or(&*a.filename, |(s, _)| s);
        let text_name = format!("{stem}.txt");
        let suffix = tr!("discord-alt-cut", file = &text_name);
        let cut = cut_at_word(&a.alt, MAX_DESCRIPTION_CHARS - suffix.chars().count());
        files.push(file.description(format!("{cut}{suffix}")));
        files.push(
            CreateAttachment::bytes(a.alt.clone().into_bytes(), text_name.clone())
                .description(tr!("discord-alt-file", file = &a.filename)),
        );
    }
    (files, notes)
}

/// The longest start of `text` of at most `max` characters that ends at a word (at a
/// character boundary when the first word is longer), without trailing spaces.
fn cut_at_word(text: &str, max: usize) -> &str {
    let end = text.char_indices().nth(max).map_or(text.len(), |(i, _)| i);
    let head = &text[..end];
    if end == text.len() {
        return head;
    }
    match head.rfind(char::is_whitespace) {
        Some(i) if i > 0 => head[..i].trim_end(),
        _ => head,
    }
}

/// `files` in order, at most [`MAX_ATTACHMENTS`] and [`MAX_UPLOAD_BYTES`] a message: the
/// first ones on the last text message, further ones on messages of their own.
fn attach_files(
    messages: &mut Vec<OutMessage>,
    files: Vec<CreateAttachment>,
    pings: &[UserId],
    ephemeral: bool,
) {
    let mut groups: Vec<Vec<CreateAttachment>> = Vec::new();
    let mut bytes = 0;
    for f in files {
        let fits = groups
            .last()
            .is_some_and(|g| g.len() < MAX_ATTACHMENTS && bytes + f.data.len() <= MAX_UPLOAD_BYTES);
        if !fits {
            groups.push(Vec::new());
            bytes = 0;
        }
        bytes += f.data.len();
        groups.last_mut().expect("a group").push(f);
    }
    for (i, group) in groups.into_iter().enumerate() {
        match messages.last_mut() {
            Some(last) if i == 0 => last.files = group,
            _ => messages.push(OutMessage {
                files: group,
                pings: pings.to_vec(),
                ..OutMessage::text(String::new(), ephemeral)
            }),
        }
    }
}

/// Whether Discord takes `url` as a link button's: http(s), at most
/// [`MAX_BUTTON_URL_CHARS`] characters (else the text carries it).
fn link_fits(url: &str) -> bool {
    (url.starts_with("https://") || url.starts_with("http://"))
        && url.chars().count() <= MAX_BUTTON_URL_CHARS
}

/// The link buttons of `reply`'s links ([`Segment::Link`]) that Discord takes: style
/// Link, the label cut to [`MAX_LABEL_CHARS`].
fn link_buttons(reply: &Reply) -> Vec<CreateButton> {
    reply
        .body
        .segments()
        .into_iter()
        .filter_map(|s| match s {
            Segment::Link { url, label: text } if link_fits(&url) => {
                Some(CreateButton::new_link(url).label(label(&text)))
            }
            _ => None,
        })
        .collect()
}

/// The buttons of `reply` (five a row, at most five rows) on the last message, its
/// links first (link buttons); a button whose custom id would be too long is left out
/// (its command is in the text).
fn attach_buttons(
    messages: &mut Vec<OutMessage>,
    reply: &Reply,
    pings: &[UserId],
    ephemeral: bool,
) {
    let links = link_buttons(reply);
    let buttons: Vec<CreateButton> = links
        .into_iter()
        .chain(reply.buttons.iter().filter_map(|b| {
            let id = button_custom_id(b);
            if id.is_none() {
                tracing::warn!(button = %b.id, "button left out: custom id too long");
            }
            Some(
                CreateButton::new(id?)
                    .label(label(&b.label))
                    .style(button_style(&b.id)),
            )
        }))
        .take(BUTTONS_PER_ROW * MAX_ROWS)
        .collect();
    if buttons.is_empty() {
        return;
    }
    let rows: Vec<CreateActionRow> = buttons
        .chunks(BUTTONS_PER_ROW)
        .map(|c| CreateActionRow::Buttons(c.to_vec()))
        .collect();
    match messages.last_mut() {
        Some(last) => last.components = rows,
        None => messages.push(OutMessage {
            components: rows,
            pings: pings.to_vec(),
            ..OutMessage::text(String::new(), ephemeral)
        }),
    }
}

/// A button's label within Discord's [`MAX_LABEL_CHARS`], cut with an ellipsis.
fn label(text: &str) -> String {
    if text.chars().count() <= MAX_LABEL_CHARS {
        return text.to_string();
    }
    let head: String = text.chars().take(MAX_LABEL_CHARS - 1).collect();
    format!("{head}…")
}

fn button_style(id: &str) -> ButtonStyle {
    match id {
        "accept" => ButtonStyle::Success,
        "decline" => ButtonStyle::Danger,
        _ => ButtonStyle::Secondary,
    }
}

/// The Discord channel of a [`ChannelKey`], or `None` when its channel is not a Discord
/// id (a snowflake: a non-zero integer).
pub fn channel_id(key: &ChannelKey) -> Option<ChannelId> {
    key.channel
        .parse::<u64>()
        .ok()
        .filter(|&id| id != 0)
        .map(ChannelId::new)
}

/// One Discord message to post, and where.
#[derive(Clone, Debug)]
pub struct Routed {
    /// `None`: the channel the command came from (for an interaction, its response or
    /// followups); `Some`: another channel or thread ([`Reply::to`]), as a channel message.
    pub to: Option<ChannelId>,
    /// A direct message to this user ([`Reply::direct`]), in his DM channel; `to` is
    /// `None` then.
    pub dm: Option<UserId>,
    /// The message.
    pub message: OutMessage,
}

/// The messages of all `replies` answering a command posted in `origin`, in order, each
/// with its destination: a reply whose [`Reply::to`] names another channel goes there
/// (never ephemeral: a channel message is public); every other reply goes to the origin,
/// with errors ephemeral when `ephemeral_errors`; a direct message ([`Reply::direct`])
/// goes to its user's DM channel. A reply whose `to` is not a Discord
/// channel id cannot be posted: it is left out with a warning. See [`out_messages`].
///
/// The periodic tick uses it too, with `origin` = the channel each reply is for.
pub fn routed_messages(
    replies: &[Reply],
    origin: &ChannelKey,
    ephemeral_errors: bool,
) -> Vec<Routed> {
    let mut out = Vec::new();
    for reply in replies {
        if let Some(user) = &reply.direct {
            let Some(dm) = user.id.parse::<u64>().ok().filter(|&id| id != 0) else {
                tracing::warn!("direct message left out: not a Discord user");
                continue;
            };
            let dm = Some(UserId::new(dm));
            let messages = out_messages(reply, false).into_iter();
            out.extend(messages.map(|message| Routed {
                to: None,
                dm,
                message,
            }));
            continue;
        }
        let to = match &reply.to {
            Some(key) if key != origin => match channel_id(key) {
                Some(id) => Some(id),
                None => {
                    tracing::warn!(to = ?key, "reply left out: not a Discord channel");
                    continue;
                }
            },
            _ => None,
        };
        out.extend(
            out_messages(reply, ephemeral_errors && to.is_none())
                .into_iter()
                .map(|message| Routed {
                    to,
                    dm: None,
                    message,
                }),
        );
    }
    out
}
