//! Incoming: Discord messages, slash commands and button presses as the core's
//! [`Incoming`], with mentions rewritten and the author's organizer rights.

use serenity::all::{
    CommandInteraction, ComponentInteraction, Guild, Member, Message, PartialMember,
    ResolvedOption, ResolvedValue, RoleId, UserId,
};

use super::{channel_key, chat_user};
use crate::core::api::Incoming;
use crate::core::command::slash::{self, SlashValue};
use crate::model::User;

fn member_nick(member: Option<&PartialMember>) -> Option<&str> {
    member.and_then(|m| m.nick.as_deref())
}

/// Parses a user mention `<@123>` or `<@!123>` at the start of `s`: the user id and the
/// length of the markup in bytes.
pub(super) fn parse_user_mention(s: &str) -> Option<(u64, usize)> {
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
        crate::core::input::after_bot_mention(&content[len..], prefix)
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
        // MESSAGE_CREATE carries no permissions and no locale: the transport takes
        // them from the cached guild ([`message_is_organizer`], its preferred locale).
        is_organizer: false,
        locale: None,
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
/// as the table's spelling takes it (`SlashValue`): numbers (a choice's index),
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
/// author, as the core's command table spells it (`slash::spell`): `/sow hole:b3+`
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
        // The user's own locale: the reply to a slash command is in his language.
        locale: Some(interaction.locale.clone()),
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
        locale: Some(press.locale.clone()),
    }
}

/// Whether an interaction's member has the Manage Server or Administrator permission
/// (Discord computes the member's permissions in the channel).
fn is_organizer(member: Option<&serenity::all::Member>) -> bool {
    member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_guild() || p.administrator())
}
