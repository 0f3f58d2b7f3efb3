//! The bot's invite URL ("Ready to host": print it at start and with `mancala-bot
//! invite`): the OAuth2 authorize link with the scopes `bot applications.commands` and
//! exactly the permissions the transport uses ([`permissions`]).

use serenity::all::Permissions;

use super::token::{self, TokenShapeError};

/// The OAuth2 scopes: `bot` (join the server as a bot user) and `applications.commands`
/// (the slash commands of [`super::commands`]).
pub const SCOPES: &str = "bot applications.commands";

/// The permissions the transport uses, each for the calls named:
///
/// - View Channels: seeing the messages of a channel (prefix commands arrive as
///   MESSAGE_CREATE only from channels the bot can see) and reading the home channel
///   before opening a thread in its parent ([`super::rooms`], `GET /channels/{id}`).
/// - Send Messages: every channel post (`POST /channels/{id}/messages`: replies to
///   prefix commands, tick replies, replies routed elsewhere, the "Thinking..." note)
///   and the typing indicator (`POST /channels/{id}/typing`).
/// - Send Messages in Threads: the same posts inside threads, where every tournament game
///   is played ([`super::rooms`]) and where members may send commands.
/// - Create Public Threads: a tournament game's room (`POST /channels/{id}/threads`,
///   [`super::rooms::DiscordRooms`]).
/// - Attach Files: the board pictures and animations of a move (multipart posts; without
///   it the text is posted alone, `super::send::pictures_failed_note`).
///
/// Not needed: answers to slash commands and buttons go through the interaction's own
/// webhook (no permission); the bot adds nobody to threads (players are pinged by the
/// game's first message), sends no embeds, reactions or message replies, and reads no
/// history.
pub fn permissions() -> Permissions {
    Permissions::VIEW_CHANNEL
        | Permissions::SEND_MESSAGES
        | Permissions::SEND_MESSAGES_IN_THREADS
        | Permissions::CREATE_PUBLIC_THREADS
        | Permissions::ATTACH_FILES
}

/// The invite URL of the bot whose client (application) id is `client_id`: Discord's
/// `oauth2/authorize` with [`permissions`] and [`SCOPES`].
pub fn url(client_id: u64) -> String {
    format!(
        "https://discord.com/oauth2/authorize?client_id={client_id}&permissions={}&scope={}",
        permissions().bits(),
        SCOPES.replace(' ', "%20")
    )
}

/// [`url()`] for the bot of `token` (its user id, read from the token's first part: a bot's
/// user id is its application's client id). No network.
///
/// # Errors
/// The token has not the shape of a bot token ([`token::check_shape`]).
pub fn url_for_token(token: &str) -> Result<String, TokenShapeError> {
    token::user_id(token).map(url)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_permissions_are_the_five_the_bot_uses() {
        // 1024 + 2048 + 32768 + 2^35 + 2^38.
        assert_eq!(permissions().bits(), 309_237_681_152);
        assert_eq!(
            url(800_000_000_000_000_001),
            "https://discord.com/oauth2/authorize?client_id=800000000000000001\
             &permissions=309237681152&scope=bot%20applications.commands"
        );
    }

    #[test]
    fn a_token_that_is_no_bot_token_gives_no_url() {
        assert_eq!(url_for_token("hello"), Err(TokenShapeError::NotThreeParts));
    }
}
