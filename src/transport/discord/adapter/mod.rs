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
//!   in [`Incoming::mentions`](crate::core::api::Incoming::mentions), in the order they appear in the text. The mention that
//!   addresses the bot (mention-as-prefix) is removed and replaced by the prefix.
//! - **Reply text**: the core's typed segments ([`Body::segments`](crate::core::api::Body::segments)): text with every
//!   character Discord reads as markup escaped (so `<t:1:R>` or `**x**` a user typed reads
//!   as typed), code as inline code, times as `<t:SECONDS:R>`.
//! - **Mentions in replies**: the core writes plain display names; when [`Reply::mentions`](crate::core::api::Reply::mentions)
//!   is not empty, a final line with one `<@id>` ping per user is appended, and the
//!   message's allowed mentions name exactly those users (never @everyone, @here or roles).

mod buttons;
mod incoming;
mod outgoing;

pub use buttons::{button_custom_id, press, Press};
pub use incoming::{
    has_role, incoming_from_command, incoming_from_message, incoming_from_press,
    member_is_organizer, message_is_organizer, slash_values,
};
pub use outgoing::{
    channel_id, content, discord_files, out_messages, routed_messages, OutMessage, Routed,
};

use serenity::all::GuildId;

use crate::core::api::TransportLimits;
use crate::model::{ChannelKey, User};

/// What Discord takes in one message, as the transport declares it to the core
/// ([`crate::core::api::ChatCore::declare_limits`]): 2,000 characters of content, ten
/// files, 10 MiB of files (servers without boosts), 1,024 characters of a file's
/// description (Discord's API reference, "Create Message" and "Attachment Object").
pub const LIMITS: TransportLimits = TransportLimits {
    chars_per_message: MAX_CONTENT_CHARS,
    attachments_per_message: MAX_ATTACHMENTS,
    bytes_per_file: MAX_UPLOAD_BYTES,
    alt_text_chars: MAX_DESCRIPTION_CHARS,
};
/// Discord's limit on a message's text, in characters.
pub const MAX_CONTENT_CHARS: usize = 2000;
/// Discord's limit on files attached to one message.
pub const MAX_ATTACHMENTS: usize = 10;
/// Discord's limit on the bytes of all files of one message (10 MiB, servers without
/// boosts).
pub const MAX_UPLOAD_BYTES: usize = 10 << 20;
/// Discord's limit on an attachment's description (its alt text), in characters.
pub const MAX_DESCRIPTION_CHARS: usize = 1024;
/// Discord's limit on a link button's URL, in characters.
pub const MAX_BUTTON_URL_CHARS: usize = 512;
/// Discord's limit on a button's label, in characters.
pub const MAX_LABEL_CHARS: usize = 80;
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
    use super::incoming::parse_user_mention;
    use super::*;
    use crate::core::api::Button;

    #[test]
    fn discord_drives_guilds_and_dms_only() {
        assert!(is_discord("900000000000000001"));
        assert!(is_discord(DM_COMMUNITY));
        assert!(!is_discord("!room:example.org"));
        assert!(!is_discord("console"));
    }

    /// The archive's channels: a Discord channel links to itself, another id is text.
    #[test]
    fn channels_link_on_discord() {
        let at = |c: &str| crate::model::ChannelKey {
            community: "900000000000000001".into(),
            channel: c.into(),
        };
        let body = crate::core::api::Body::new(format!(
            "in {} and {}",
            crate::core::api::channel_token(&at("900000000000000002")),
            crate::core::api::channel_token(&at("<b>"))
        ));
        assert_eq!(
            outgoing::content(&body),
            "in <#900000000000000002> and #\\<b>"
        );
    }

    #[test]
    fn mention_markup_parses() {
        assert_eq!(parse_user_mention("<@123> x"), Some((123, 6)));
        assert_eq!(parse_user_mention("<@!123>"), Some((123, 7)));
        assert_eq!(parse_user_mention("<@&123>"), None);
        assert_eq!(parse_user_mention("<@>"), None);
        assert_eq!(parse_user_mention("<@12"), None);
    }

    /// Issue 35: Discord relies on the core's one splitter. A reply the core already cut
    /// at 2,000 characters whose escaping makes it longer is split again within
    /// Discord's limit, never inside a code span, nothing lost; the pings ride on the
    /// last message.
    #[test]
    fn escaped_text_is_split_again_by_the_core_splitter() {
        // Escaped, `a*b ` is five characters: the first code span straddles 2,000.
        let text = format!("{}`!sow b3` or `!sow c4` now", "a*b ".repeat(399));
        let reply = crate::core::api::Reply {
            body: crate::core::api::Body::new(text),
            mentions: vec![User {
                id: "42".into(),
                name: "Bob".into(),
            }],
            ..Default::default()
        };
        let messages = out_messages(&reply, false);
        assert!(messages.len() >= 2, "{}", messages.len());
        for m in &messages {
            assert!(m.content.chars().count() <= MAX_CONTENT_CHARS);
            assert_eq!(m.content.matches('`').count() % 2, 0, "{}", m.content);
        }
        let all: String = messages.iter().map(|m| m.content.as_str()).collect();
        assert_eq!(all.matches("a\\*b").count(), 399);
        assert!(all.contains("`!sow b3`") && all.contains("`!sow c4`"));
        assert!(messages.last().unwrap().content.ends_with("now\n<@42>"));
    }

    /// The old splitter's case through the messages: five of them, nothing lost.
    #[test]
    fn long_text_splits_at_line_ends() {
        let line = "x".repeat(1500);
        let text = format!("{line}\n{line}\n{}", "y".repeat(4500));
        let reply = crate::core::api::Reply {
            body: crate::core::api::Body::new(text),
            ..Default::default()
        };
        let parts: Vec<String> = out_messages(&reply, false)
            .into_iter()
            .map(|m| m.content)
            .collect();
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
