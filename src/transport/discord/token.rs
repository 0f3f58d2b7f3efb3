//! What can be told about a Discord bot token before connecting, and the plain messages
//! for a token or an intent that Discord refuses (issue 18). No message here ever
//! contains the token: only where it came from ([`TokenSource`]).

use std::fmt;

use base64::Engine as _;

/// Where the token was read from, for messages that must name it without showing it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TokenSource {
    /// The `token` setting of the config's `[discord]` section.
    Config,
    /// The named environment variable (`discord.token_env`, default `DISCORD_TOKEN`).
    Env(String),
    /// Given by a program (tests, a library user).
    Given,
}

impl fmt::Display for TokenSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TokenSource::Config => f.write_str("discord.token"),
            TokenSource::Env(var) => write!(f, "${var}"),
            TokenSource::Given => f.write_str("the Discord options"),
        }
    }
}

/// Why a string cannot be a bot token (see [`check_shape`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenShapeError {
    /// Empty, or only spaces.
    Empty,
    /// Spaces or other characters a token never has (it is base64url and dots).
    BadCharacters,
    /// Not three parts separated by dots.
    NotThreeParts,
    /// The first part is not the base64 of a user id (17 to 20 digits).
    NotAUserId,
    /// The second or third part is too short to be a timestamp or a signature.
    TooShort,
}

impl fmt::Display for TokenShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TokenShapeError::Empty => "it is empty",
            TokenShapeError::BadCharacters => {
                "it has characters a bot token never has (only letters, digits, `-`, `_` and \
                 two dots)"
            }
            TokenShapeError::NotThreeParts => "a bot token is three parts separated by dots",
            TokenShapeError::NotAUserId => {
                "its first part is not a bot's user id (this may be a client secret or a \
                 public key, not the token)"
            }
            TokenShapeError::TooShort => "its second or third part is too short",
        })
    }
}

impl std::error::Error for TokenShapeError {}

/// Checks that `token` has the shape of a Discord bot token: an optional `Bot ` prefix,
/// then three base64url parts separated by dots, the first the base64 of the bot's user id
/// (17 to 20 decimal digits), the second (the timestamp) at least 4 characters, the third
/// (the signature) at least 20. A token of this shape may still be refused by Discord.
///
/// # Errors
/// The first fault found, as a [`TokenShapeError`] (which never contains the token).
pub fn check_shape(token: &str) -> Result<(), TokenShapeError> {
    let token = token.trim();
    let token = token.strip_prefix("Bot ").unwrap_or(token);
    if token.is_empty() {
        return Err(TokenShapeError::Empty);
    }
    let allowed = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.');
    if !token.chars().all(allowed) {
        return Err(TokenShapeError::BadCharacters);
    }
    let parts: Vec<&str> = token.split('.').collect();
    let [id, stamp, signature] = parts.as_slice() else {
        return Err(TokenShapeError::NotThreeParts);
    };
    let digits = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(id.trim_end_matches('='))
        .map_err(|_| TokenShapeError::NotAUserId)?;
    if !(17..=20).contains(&digits.len()) || !digits.iter().all(u8::is_ascii_digit) {
        return Err(TokenShapeError::NotAUserId);
    }
    if stamp.len() < 4 || signature.len() < 20 {
        return Err(TokenShapeError::TooShort);
    }
    Ok(())
}

/// The bot's user id, read from the token's first part (the base64 of its decimal
/// digits), without asking Discord.
///
/// # Errors
/// As [`check_shape`]: the token has not the shape of a bot token.
pub fn user_id(token: &str) -> Result<u64, TokenShapeError> {
    check_shape(token)?;
    let token = token.trim();
    let token = token.strip_prefix("Bot ").unwrap_or(token);
    let first = token.split('.').next().unwrap_or_default();
    let digits = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(first.trim_end_matches('='))
        .map_err(|_| TokenShapeError::NotAUserId)?;
    std::str::from_utf8(&digits)
        .ok()
        .and_then(|d| d.parse().ok())
        .ok_or(TokenShapeError::NotAUserId)
}

/// The message for a token Discord refused (HTTP 401, or gateway close code 4004).
pub fn rejected(source: &TokenSource) -> String {
    format!(
        "Discord rejected the bot token from {source} (401 Unauthorized): it was reset or \
         mistyped. Copy a new one from the Developer Portal (your application -> Bot -> Reset \
         Token) into {source}."
    )
}

/// The message for gateway close code 4014 (a privileged intent not switched on) or 4013
/// (intents Discord does not know).
pub fn disallowed_intents() -> String {
    "Discord refused the Message Content intent (gateway close code 4014): switch on \
     \"Message Content Intent\" in the Developer Portal (your application -> Bot -> \
     Privileged Gateway Intents), or set discord.message_content = false to use mentions \
     (`@mancala-bot sow b3`) and slash commands only."
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shape of a real token (user id 800000000000000001; the rest made up).
    const GOOD: &str = "ODAwMDAwMDAwMDAwMDAwMDAx.Gfake0.s3cr3t-t0k3n-n0t-t0-b3-l0gg3d";

    #[test]
    fn token_shapes() {
        assert_eq!(check_shape(GOOD), Ok(()));
        assert_eq!(check_shape(&format!("Bot {GOOD}")), Ok(()));
        assert_eq!(check_shape(&format!(" {GOOD}\n")), Ok(()));
        assert_eq!(user_id(&format!("Bot {GOOD}")), Ok(800000000000000001));
        assert_eq!(user_id("abc.def.ghi"), Err(TokenShapeError::NotAUserId));
        let cases = [
            ("", TokenShapeError::Empty),
            ("   ", TokenShapeError::Empty),
            ("hello world", TokenShapeError::BadCharacters),
            ("hello", TokenShapeError::NotThreeParts),
            ("a.b", TokenShapeError::NotThreeParts),
            ("a.b.c.d", TokenShapeError::NotThreeParts),
            // Three dotted parts of the wrong shape.
            ("abc.def.ghi", TokenShapeError::NotAUserId),
            (
                "aGVsbG8.Gfake0.s3cr3t-t0k3n-n0t-t0-b3-l0gg3d",
                TokenShapeError::NotAUserId,
            ),
            (
                "ODAwMDAwMDAwMDAwMDAwMDAx.G.s3cr3t-t0k3n-n0t-t0-b3-l0gg3d",
                TokenShapeError::TooShort,
            ),
            (
                "ODAwMDAwMDAwMDAwMDAwMDAx.Gfake0.short",
                TokenShapeError::TooShort,
            ),
        ];
        for (token, want) in cases {
            assert_eq!(check_shape(token), Err(want), "{token:?}");
        }
    }

    #[test]
    fn messages_name_the_source_never_the_token() {
        let m = rejected(&TokenSource::Env("DISCORD_TOKEN".into()));
        assert!(m.contains("from $DISCORD_TOKEN (401 Unauthorized)"), "{m}");
        assert!(rejected(&TokenSource::Config).contains("from discord.token"));
        for e in [TokenShapeError::Empty, TokenShapeError::NotAUserId] {
            assert!(!e.to_string().contains("ODAw"));
        }
        assert!(disallowed_intents().contains("4014"));
    }
}
