//! Pure translation between Discord models and the core's chat shapes.
//!
//! Nothing here touches the network: every function takes serenity models (as deserialized
//! from gateway payloads) and returns chat shapes or serenity builders, so the whole
//! translation is tested from recorded JSON payloads (`tests/data/discord/`).
//!
//! Conventions, shared with the core:
//! - **Channel key**: community = the guild id, or `dm` for direct messages; channel = the
//!   channel id. A thread has its own channel id, so a thread is its own channel.
//! - **Names**: a user's name is his server nickname, else his global display name, else
//!   his username.
//! - **Mentions in incoming text**: Discord's mention markup `<@id>` / `<@!id>` is rewritten
//!   to `@username` (the Discord username: one token, no spaces); the users themselves are
//!   in [`Incoming::mentions`], in the order they appear in the text. The mention that
//!   addresses the bot (mention-as-prefix) is removed and replaced by the prefix.
//! - **Reply text**: the core's typed segments ([`Body::segments`]): text with every
//!   character Discord reads as markup escaped (so `<t:1:R>` or `**x**` a user typed reads
//!   as typed), code as inline code, times as `<t:SECONDS:R>`.
//! - **Mentions in replies**: the core writes plain display names; when [`Reply::mentions`]
//!   is not empty, a final line with one `<@id>` ping per user is appended, and the
//!   message's allowed mentions name exactly those users (never @everyone, @here or roles).

use serenity::all::{
    ButtonStyle, ChannelId, CommandInteraction, ComponentInteraction, CreateActionRow,
    CreateAllowedMentions, CreateAttachment, CreateButton, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateMessage, Guild,
    GuildId, Member, Message, PartialMember, ResolvedOption, ResolvedValue, RoleId, UserId,
};

use crate::core::api::{Body, Button, Incoming, Reply, Segment};
use crate::core::command::slash::{self, SlashValue};
use crate::model::{ChannelKey, User};

/// Discord's limit on a message's text, in characters.
pub const MAX_CONTENT_CHARS: usize = 2000;
/// Discord's limit on files attached to one message.
pub const MAX_ATTACHMENTS: usize = 10;
/// Discord's limit on buttons in one action row.
const BUTTONS_PER_ROW: usize = 5;
/// Discord's limit on action rows in one message.
const MAX_ROWS: usize = 5;
/// Discord's limit on a component's custom id, in characters.
const MAX_CUSTOM_ID: usize = 100;
/// Marks the custom ids of this bot's buttons: `mb|ID|ONLY|COMMAND`.
const CUSTOM_ID_TAG: &str = "mb";
/// Community id of direct messages.
pub const DM_COMMUNITY: &str = "dm";

/// Whether a community is a Discord one: a guild id, or [`DM_COMMUNITY`]; the
/// communities the Discord transport drives in [`ChatCore::tick_where`].
///
/// [`ChatCore::tick_where`]: crate::core::api::ChatCore::tick_where
pub fn is_discord(community: &str) -> bool {
    community == DM_COMMUNITY || community.parse::<u64>().is_ok()
}

/// The channel key of a message or interaction: the guild (or [`DM_COMMUNITY`]) and the
/// channel or thread id.
pub fn channel_key(guild: Option<GuildId>, channel: serenity::all::ChannelId) -> ChannelKey {
    ChannelKey {
        community: guild.map_or_else(|| DM_COMMUNITY.to_string(), |g| g.get().to_string()),
        channel: channel.get().to_string(),
    }
}

/// A chat user from a Discord user and, in a guild, his member record (for the nickname).
pub fn chat_user(user: &serenity::all::User, nick: Option<&str>) -> User {
    let name = nick
        .filter(|n| !n.trim().is_empty())
        .map(str::to_string)
        .unwrap_or_else(|| user.display_name().to_string());
    User {
        id: user.id.get().to_string(),
        name,
    }
}

fn member_nick(member: Option<&PartialMember>) -> Option<&str> {
    member.and_then(|m| m.nick.as_deref())
}

/// Parses a user mention `<@123>` or `<@!123>` at the start of `s`: the user id and the
/// length of the markup in bytes.
fn parse_user_mention(s: &str) -> Option<(u64, usize)> {
    let rest = s.strip_prefix("<@")?;
    let rest_bang = rest.strip_prefix('!');
    let (digits_from, skip) = match rest_bang {
        Some(r) => (r, 3),
        None => (rest, 2),
    };
    let end = digits_from.find('>')?;
    let digits = &digits_from[..end];
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let id = digits.parse::<u64>().ok().filter(|&id| id != 0)?;
    Some((id, skip + end + 1))
}

/// Turns a message into the [`Incoming`] the core receives, or `None` when the message is
/// not addressed to the bot: it comes from a bot or a webhook, or it neither starts with
/// `prefix` nor with a mention of the bot (`bot`).
///
/// A message that starts with a mention of the bot (mention-as-prefix, which Discord
/// delivers even without the Message Content intent) is rewritten so that the core sees
/// a prefixed command: `@bot sow b3` and `@bot !sow b3` both become `!sow b3`; a bare
/// `@bot` becomes `!help`.
pub fn incoming_from_message(msg: &Message, bot: UserId, prefix: &str) -> Option<Incoming> {
    if msg.author.bot || msg.webhook_id.is_some() || msg.author.id == bot {
        return None;
    }
    let content = msg.content.trim();
    let addressed = parse_user_mention(content).filter(|&(id, _)| id == bot.get());
    let text = if let Some((_, len)) = addressed {
        let rest = content[len..].trim_start();
        if rest.is_empty() {
            format!("{prefix}help")
        } else if !prefix.is_empty() && rest.starts_with(prefix) {
            rest.to_string()
        } else {
            format!("{prefix}{rest}")
        }
    } else if !prefix.is_empty() && content.starts_with(prefix) {
        content.to_string()
    } else {
        return None;
    };
    let (text, mentions) = rewrite_mentions(&text, &msg.mentions);
    Some(Incoming {
        at: channel_key(msg.guild_id, msg.channel_id),
        author: chat_user(&msg.author, member_nick(msg.member.as_deref())),
        text,
        mentions,
        // MESSAGE_CREATE carries no permissions: the transport computes them from the
        // cached guild with [`message_is_organizer`].
        is_organizer: false,
    })
}

/// Whether the author of a guild message may organize events (see
/// [`Incoming::is_organizer`]): he holds the configured `organizer_role`, or his
/// server-wide permissions include Manage Server or Administrator (or he owns the
/// guild). The permissions are computed by serenity from `guild`'s roles (the cached
/// guild, filled by the GUILDS intent) and the roles of the message's partial member.
///
/// `false` for direct messages, for a message without member data, and when the guild is
/// not known (`None`, or another guild than the message's) and the role does not decide.
pub fn message_is_organizer(
    msg: &Message,
    guild: Option<&Guild>,
    organizer_role: Option<RoleId>,
) -> bool {
    let Some(member) = msg.member.as_deref() else {
        return false;
    };
    if has_role(&member.roles, organizer_role) {
        return true;
    }
    // serenity asserts that a member's embedded user is the author: never let a
    // malformed payload reach that assertion.
    if member.user.as_ref().is_some_and(|u| u.id != msg.author.id) {
        return false;
    }
    guild
        .filter(|g| msg.guild_id == Some(g.id))
        .is_some_and(|g| {
            let p = g.partial_member_permissions(msg.author.id, member);
            p.manage_guild() || p.administrator()
        })
}

/// Whether `roles` holds the configured organizer role (`None`: no role configured).
pub fn has_role(roles: &[RoleId], organizer_role: Option<RoleId>) -> bool {
    organizer_role.is_some_and(|r| roles.contains(&r))
}

/// Whether an interaction's member may organize events: the Manage Server or
/// Administrator permission (Discord sends the member's computed permissions with every
/// interaction), or the configured `organizer_role`.
pub fn member_is_organizer(member: Option<&Member>, organizer_role: Option<RoleId>) -> bool {
    is_organizer(member) || member.is_some_and(|m| has_role(&m.roles, organizer_role))
}

/// Rewrites `<@id>` markup of the users in `known` to `@username` and lists those users in
/// text order, each once. Markup of unknown users is left as it is.
fn rewrite_mentions(text: &str, known: &[serenity::all::User]) -> (String, Vec<User>) {
    let mut out = String::with_capacity(text.len());
    let mut mentions: Vec<User> = Vec::new();
    let mut rest = text;
    while let Some(pos) = rest.find("<@") {
        out.push_str(&rest[..pos]);
        let tail = &rest[pos..];
        match parse_user_mention(tail)
            .and_then(|(id, len)| known.iter().find(|u| u.id.get() == id).map(|u| (u, len)))
        {
            Some((user, len)) => {
                out.push('@');
                out.push_str(&user.name);
                let chat = chat_user(user, member_nick(user.member.as_deref()));
                if !mentions.iter().any(|m| m.id == chat.id) {
                    mentions.push(chat);
                }
                rest = &tail[len..];
            }
            None => {
                out.push_str("<@");
                rest = &tail[2..];
            }
        }
    }
    out.push_str(rest);
    (out, mentions)
}

/// The subcommand and the options of a slash-command interaction, each option's value
/// as the table's spelling takes it ([`SlashValue`]): numbers (a choice's index),
/// text, users (named by their Discord username, one word, with their nickname as
/// their chat name).
pub fn slash_values(
    interaction: &CommandInteraction,
) -> (Option<String>, Vec<(String, SlashValue)>) {
    let mut options = interaction.data.options();
    let mut sub = None;
    if let Some(ResolvedOption {
        name,
        value: ResolvedValue::SubCommand(nested),
        ..
    }) = options.first()
    {
        sub = Some(name.to_string());
        options = nested.clone();
    }
    let values = options
        .iter()
        .filter_map(|o| {
            let value = match &o.value {
                ResolvedValue::Integer(i) => SlashValue::Int(*i),
                ResolvedValue::String(s) => SlashValue::Text(s.to_string()),
                ResolvedValue::Autocomplete { value, .. } => SlashValue::Text(value.to_string()),
                ResolvedValue::Number(n) => SlashValue::Text(n.to_string()),
                ResolvedValue::Boolean(b) => SlashValue::Text(b.to_string()),
                ResolvedValue::User(user, member) => SlashValue::User {
                    handle: user.name.clone(),
                    user: chat_user(user, member.and_then(|m| m.nick.as_deref())),
                },
                _ => return None,
            };
            Some((o.name.to_string(), value))
        })
        .collect();
    (sub, values)
}

/// Turns a slash-command interaction into the chat command it stands for, from its
/// author, as the core's command table spells it ([`slash::spell`]): `/sow hole:b3+`
/// becomes `!sow b3+` (with `prefix` = `!`), `/new game:katro:4x6 opponent:@bob
/// side:north` becomes `!new katro:4x6 @bob as north` with Bob in the mentions,
/// `/new game:hoyito ai_level:2 casual` becomes `!new hoyito ai level 2`, `/tournament
/// withdraw user:@bob name:spring` becomes `!tournament withdraw @bob spring`.
/// All the logic stays in the core; this only spells the command.
pub fn incoming_from_command(interaction: &CommandInteraction, prefix: &str) -> Incoming {
    let (sub, values) = slash_values(interaction);
    let spelled = slash::spell(prefix, &interaction.data.name, sub.as_deref(), &values);
    Incoming {
        at: channel_key(interaction.guild_id, interaction.channel_id),
        author: chat_user(
            &interaction.user,
            interaction.member.as_ref().and_then(|m| m.nick.as_deref()),
        ),
        text: spelled.text,
        mentions: spelled.mentions,
        is_organizer: is_organizer(interaction.member.as_deref()),
    }
}

/// The command of a valid button press, from the presser, in the channel of the message
/// that carries the button.
pub fn incoming_from_press(press: &ComponentInteraction, command: String) -> Incoming {
    Incoming {
        at: channel_key(press.guild_id, press.channel_id),
        author: chat_user(
            &press.user,
            press.member.as_ref().and_then(|m| m.nick.as_deref()),
        ),
        text: command,
        mentions: Vec::new(),
        is_organizer: is_organizer(press.member.as_ref()),
    }
}

/// Whether an interaction's member has the Manage Server or Administrator permission
/// (Discord computes the member's permissions in the channel).
fn is_organizer(member: Option<&serenity::all::Member>) -> bool {
    member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_guild() || p.administrator())
}

/// The custom id of a button: `mb|ID|ONLY|COMMAND` (ONLY empty when anyone may press), so
/// that a press is understood without any state, even after a restart. `None` when it
/// would exceed Discord's 100 characters or the id holds a `|`.
pub fn button_custom_id(button: &Button) -> Option<String> {
    if button.id.contains('|') {
        return None;
    }
    let only = button.only.as_ref().map_or("", |u| u.id.as_str());
    if only.contains('|') {
        return None;
    }
    let id = format!("{CUSTOM_ID_TAG}|{}|{only}|{}", button.id, button.command);
    (id.chars().count() <= MAX_CUSTOM_ID).then_some(id)
}

/// What a button press means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Press {
    /// Not one of this bot's buttons: ignore it.
    NotOurs,
    /// Someone other than the button's only allowed user pressed it: answer the text to
    /// the presser alone (ephemeral); the core is not called.
    Refused(String),
    /// A valid press: the text command to hand to the core, from the presser.
    Command(String),
}

/// Decides what a press of the button with `custom_id` by `presser` (a Discord user id)
/// means.
pub fn press(custom_id: &str, presser: &str) -> Press {
    let mut parts = custom_id.splitn(4, '|');
    let (Some(CUSTOM_ID_TAG), Some(_id), Some(only), Some(command)) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Press::NotOurs;
    };
    if !only.is_empty() && only != presser {
        let who = if only.bytes().all(|b| b.is_ascii_digit()) {
            format!("<@{only}>")
        } else {
            only.to_string()
        };
        return Press::Refused(format!("Only {who} can press this button."));
    }
    Press::Command(command.to_string())
}

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

/// Splits `text` into pieces of at most `max` characters, at line ends where possible.
fn split_text(text: &str, max: usize) -> Vec<String> {
    let mut pieces = Vec::new();
    let mut current = String::new();
    let mut current_len = 0;
    for line in text.split_inclusive('\n') {
        let mut line = line;
        loop {
            let len = line.chars().count();
            if current_len + len <= max {
                current.push_str(line);
                current_len += len;
                break;
            }
            if current_len > 0 {
                pieces.push(std::mem::take(&mut current));
                current_len = 0;
                continue;
            }
            // A single line longer than `max`: cut it at a character boundary.
            let cut = line.char_indices().nth(max).map_or(line.len(), |(i, _)| i);
            pieces.push(line[..cut].to_string());
            line = &line[cut..];
        }
    }
    if current_len > 0 {
        pieces.push(current);
    }
    pieces
        .into_iter()
        .map(|p| p.trim_end_matches('\n').to_string())
        .filter(|p| !p.is_empty())
        .collect()
}

/// The Discord messages that carry one [`Reply`], in order.
///
/// - The text, with a last line of `<@id>` pings when the reply mentions users, is split
///   into messages of at most 2,000 characters at line ends.
/// - The files follow at most ten per message: the first ten ride on the last text
///   message, further ones on messages of their own.
/// - Buttons (up to 25, five per row) go on the last message; a button whose custom id
///   would be too long is left out (its text command is still in the text).
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
    let mut messages = text_messages(reply, &pings, ephemeral);
    attach_files(&mut messages, reply, &pings, ephemeral);
    attach_buttons(&mut messages, reply, &pings, ephemeral);
    messages
}

/// The text of `reply`, with a last line of `<@id>` pings, split into messages of at
/// most [`MAX_CONTENT_CHARS`] at line ends.
fn text_messages(reply: &Reply, pings: &[UserId], ephemeral: bool) -> Vec<OutMessage> {
    let mut text = content(&reply.body).trim_end().to_string();
    if !pings.is_empty() {
        let line = pings
            .iter()
            .map(|id| format!("<@{id}>"))
            .collect::<Vec<_>>()
            .join(" ");
        if !text.is_empty() {
            text.push('\n');
        }
        text.push_str(&line);
    }
    split_text(&text, MAX_CONTENT_CHARS)
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

/// The files of `reply`, at most [`MAX_ATTACHMENTS`] a message: the first ones on the
/// last text message, further ones on messages of their own.
fn attach_files(messages: &mut Vec<OutMessage>, reply: &Reply, pings: &[UserId], ephemeral: bool) {
    let files: Vec<CreateAttachment> = reply
        .attachments
        .iter()
        .map(|a| {
            let f = CreateAttachment::bytes(a.bytes.clone(), a.filename.clone());
            if a.alt.is_empty() {
                f
            } else {
                f.description(a.alt.clone())
            }
        })
        .collect();
    for (i, chunk) in files.chunks(MAX_ATTACHMENTS).enumerate() {
        match messages.last_mut() {
            Some(last) if i == 0 => last.files = chunk.to_vec(),
            _ => messages.push(OutMessage {
                files: chunk.to_vec(),
                pings: pings.to_vec(),
                ..OutMessage::text(String::new(), ephemeral)
            }),
        }
    }
}

/// The buttons of `reply` (five a row, at most five rows) on the last message; a
/// button whose custom id would be too long is left out (its command is in the text).
fn attach_buttons(
    messages: &mut Vec<OutMessage>,
    reply: &Reply,
    pings: &[UserId],
    ephemeral: bool,
) {
    let buttons: Vec<CreateButton> = reply
        .buttons
        .iter()
        .filter_map(|b| {
            let id = button_custom_id(b);
            if id.is_none() {
                tracing::warn!(button = %b.id, "button left out: custom id too long");
            }
            Some(
                CreateButton::new(id?)
                    .label(&b.label)
                    .style(button_style(&b.id)),
            )
        })
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
    /// The message.
    pub message: OutMessage,
}

/// The messages of all `replies` answering a command posted in `origin`, in order, each
/// with its destination: a reply whose [`Reply::to`] names another channel goes there
/// (never ephemeral: a channel message is public); every other reply goes to the origin,
/// with errors ephemeral when `ephemeral_errors`. A reply whose `to` is not a Discord
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
                .map(|message| Routed { to, message }),
        );
    }
    out
}

/// The messages of all `replies`, in order; see [`out_messages`].
pub fn all_out_messages(replies: &[Reply], ephemeral_errors: bool) -> Vec<OutMessage> {
    replies
        .iter()
        .flat_map(|r| out_messages(r, ephemeral_errors))
        .collect()
}

/// Keeps the autocomplete suggestions among `moves` that start with what the user typed
/// (`partial`, compared without case and spaces), at most 25 (Discord's limit).
pub fn complete(moves: &[String], partial: &str) -> Vec<String> {
    let want: String = partial
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect();
    moves
        .iter()
        .filter(|m| m.to_lowercase().starts_with(&want))
        .take(25)
        .cloned()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discord_drives_guilds_and_dms_only() {
        assert!(is_discord("900000000000000001"));
        assert!(is_discord(DM_COMMUNITY));
        assert!(!is_discord("!room:example.org"));
        assert!(!is_discord("console"));
    }

    #[test]
    fn mention_markup_parses() {
        assert_eq!(parse_user_mention("<@123> x"), Some((123, 6)));
        assert_eq!(parse_user_mention("<@!123>"), Some((123, 7)));
        assert_eq!(parse_user_mention("<@&123>"), None);
        assert_eq!(parse_user_mention("<@>"), None);
        assert_eq!(parse_user_mention("<@12"), None);
    }

    #[test]
    fn long_text_splits_at_line_ends() {
        let line = "x".repeat(1500);
        let text = format!("{line}\n{line}\n{}", "y".repeat(4500));
        let parts = split_text(&text, MAX_CONTENT_CHARS);
        assert_eq!(parts.len(), 5);
        assert!(parts.iter().all(|p| p.chars().count() <= MAX_CONTENT_CHARS));
        assert_eq!(parts.concat().len(), 1500 * 2 + 4500);
    }

    #[test]
    fn custom_id_round_trip_and_only_user() {
        let b = Button {
            id: "accept".into(),
            label: "Accept".into(),
            command: "!accept".into(),
            only: Some(User {
                id: "42".into(),
                name: "Bob".into(),
            }),
        };
        let id = button_custom_id(&b).unwrap();
        assert_eq!(id, "mb|accept|42|!accept");
        assert_eq!(press(&id, "42"), Press::Command("!accept".into()));
        assert_eq!(
            press(&id, "7"),
            Press::Refused("Only <@42> can press this button.".into())
        );
        assert_eq!(press("other:thing", "42"), Press::NotOurs);
        let anyone = Button { only: None, ..b };
        assert_eq!(
            press(&button_custom_id(&anyone).unwrap(), "7"),
            Press::Command("!accept".into())
        );
    }

    #[test]
    fn completion_filters_without_case_or_spaces() {
        let moves: Vec<String> = ["a1+", "b3+", "b3-"].map(String::from).to_vec();
        assert_eq!(complete(&moves, "B 3"), vec!["b3+", "b3-"]);
        assert_eq!(complete(&moves, ""), moves);
        assert!(complete(&moves, "z").is_empty());
    }
}
