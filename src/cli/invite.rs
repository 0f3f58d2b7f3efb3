//! `mancala-bot invite`: prints the URL that adds the bot to a Discord server, with the
//! scopes `bot applications.commands` and exactly the permissions the bot uses
//! ([`mancala_bot::transport::discord::invite`]). No network: the client id is read from
//! the token.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::bail;

use crate::cli::setup::load_config;
use mancala_bot::transport::discord::invite;

/// Arguments of `mancala-bot invite`.
#[derive(clap::Args, Debug, Default)]
pub struct InviteArgs {
    /// The TOML config file (its `[discord]` token, or the variable `discord.token_env`
    /// names); without it, $DISCORD_TOKEN.
    #[arg(long)]
    pub config: Option<PathBuf>,
}

/// Prints the invite URL of the configured bot on standard output.
///
/// # Errors
/// A bad config, no token (naming the variable to set), or a token that is not a bot
/// token.
pub fn main(args: InviteArgs) -> anyhow::Result<ExitCode> {
    let cfg = load_config(args.config.as_deref(), None)?;
    let Some((token, source)) = cfg.discord_token() else {
        bail!(
            "no Discord token: set ${} (or discord.token in the config file) to the bot's \
             token from the Developer Portal (your application -> Bot -> Reset Token)",
            cfg.discord.token_env
        );
    };
    match invite::url_for_token(&token) {
        Ok(url) => {
            println!("{url}");
            Ok(ExitCode::SUCCESS)
        }
        Err(why) => bail!("the Discord token from {source} is not a bot token: {why}"),
    }
}
