//! The Discord transport: serenity 0.12 + poise 0.7 over the [`ChatCore`].
//!
//! - **Prefix commands**: every message that starts with the core's prefix (needs the
//!   Message Content intent) or with a mention of the bot (works without it) becomes an
//!   [`Incoming`](crate::core::api::Incoming) ([`adapter::incoming_from_message`]).
//! - **Slash commands**, one for each command of the core's table ([`commands::all`]),
//!   with typed options (`/new` with choices for the game, side and AI level, `/sow`
//!   with autocomplete of the legal moves, `/tournament` with subcommands), are spelled
//!   as the same text commands by the table ([`adapter::incoming_from_command`]).
//! - **Buttons** (Accept/Decline) carry their command and their only allowed user in their
//!   custom id ([`adapter::press`]); anyone else gets an ephemeral refusal.
//!
//! - **Routing**: a reply with [`Reply::to`](crate::core::api::Reply::to) set is posted in that channel or thread, not
//!   where the command came from ([`adapter::routed_messages`]).
//! - **Tick**: one task per process calls [`ChatCore::tick`] once the first shard is ready
//!   and then every [`DiscordOptions::tick_every`] (reminders, timeouts, tournament rounds),
//!   posting each reply in its channel.
//! - **Rooms**: [`rooms::DiscordRooms`] opens a public thread for each tournament game.
//! - **Outages** (`link.rs`): one log line per change of the gateway's state and per
//!   retry, a capped back-off while Discord is unreachable (10 s doubling to 5 min), and
//!   readiness through [`DiscordOptions::link`].
//! - **Bad days** (`send`, issue 33): no second call to a channel Discord says is gone,
//!   out of sight or locked (one log line naming what is missing, a note to the players
//!   where one can go); an interaction's late answer posted in its channel; the thread
//!   cap pauses the rooms with a note to the organizer ([`rooms`]).
//! - **Invite** ([`invite`]): the invite URL with the permissions the bot uses, logged at
//!   start (and printed by `mancala-bot invite`).
//! - **Organizers** ([`Incoming::is_organizer`](crate::core::api::Incoming::is_organizer)): Manage Server or Administrator (for
//!   prefix messages computed from the cached guild's roles, for interactions sent by
//!   Discord), or the configured organizer role.
//!
//! The core is called in `spawn_blocking`. An interaction whose answer takes longer than
//! [`DiscordOptions::defer_after`] is deferred (well within Discord's 3 seconds) and
//! answered by a followup; a slow prefix command shows the typing indicator. Every message
//! allows pings of the reply's mentioned users only. The token is never logged: the
//! [`DiscordOptions`] `Debug` impl redacts it, and serenity keeps it out of its spans.

pub mod adapter;
mod call;
pub mod commands;
mod events;
mod interactions;
pub mod invite;
mod link;
pub mod rooms;
pub(crate) mod send;
mod ticker;
pub mod token;

use std::sync::Arc;
use std::time::Duration;

use anyhow::{bail, Context as _};
use serenity::all::{
    ClientBuilder, CreateAllowedMentions, GatewayError, GatewayIntents, GuildId, Http, HttpBuilder,
    HttpError, RoleId,
};

use crate::core::api::ChatCore;
use events::on_event;
pub(crate) use interactions::answer_command;
pub use link::{LinkFn, Reconnect};
use rooms::DiscordRooms;
use ticker::run_ticker;
use token::TokenSource;

/// The environment variable holding the bot token.
pub const TOKEN_VAR: &str = "DISCORD_TOKEN";

/// Error type of the poise framework.
pub type Error = anyhow::Error;
/// poise context of the slash commands.
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// Which shards this process runs (see serenity's sharding: each shard serves the guilds
/// with `(guild_id >> 22) % total == shard`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sharding {
    /// One shard (0 of 1): small bots.
    Single,
    /// As many shards as Discord recommends (`GET /gateway/bot`), all in this process.
    Auto,
    /// Shards `first..=last` of `total`: one process of a deployment split across
    /// processes, each with its own store.
    Range {
        /// First shard id run here.
        first: u32,
        /// Last shard id run here (inclusive).
        last: u32,
        /// Total number of shards of the whole deployment.
        total: u32,
    },
}

impl Sharding {
    /// Whether this process drives the Discord community `community` (a guild id, or
    /// [`adapter::DM_COMMUNITY`]): a guild whose shard, `(guild_id >> 22) % total`, is in
    /// this process's range; direct messages come to shard 0. With one store per
    /// process it changes nothing; over one shared database (PostgreSQL) it keeps each
    /// process's periodic driver to its own guilds.
    pub fn owns(&self, community: &str) -> bool {
        let Sharding::Range { first, last, total } = *self else {
            return true;
        };
        let shard = if community == adapter::DM_COMMUNITY {
            Some(0)
        } else {
            community
                .parse::<u64>()
                .ok()
                .map(|g| (g >> 22) % u64::from(total.max(1)))
        };
        shard.is_some_and(|s| (u64::from(first)..=u64::from(last)).contains(&s))
    }
}

/// Where the slash commands are registered when the bot connects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandRegistration {
    /// Globally (may take a while to appear in every guild).
    Global,
    /// In one guild only (appears at once; for testing a bot).
    Guild(u64),
    /// Not at all (they are already registered).
    Skip,
}

/// A change to serenity's HTTP client before it is built ([`DiscordOptions::http`]).
pub type HttpHook = Arc<dyn Fn(HttpBuilder) -> HttpBuilder + Send + Sync>;

/// How to run the Discord transport.
#[derive(Clone)]
pub struct DiscordOptions {
    /// The bot token (the config's, else the [`TOKEN_VAR`] environment variable: see
    /// `Config::discord_token`). Never logged.
    pub token: String,
    /// Where the token came from: named (never the token itself) when Discord refuses it.
    pub token_source: TokenSource,
    /// Which shards to run.
    pub sharding: Sharding,
    /// Send REST calls to this base URL instead of `https://discord.com` (an HTTP proxy
    /// such as twilight-http-proxy, or a fake Discord in tests), e.g. `http://127.0.0.1:3000`.
    /// serenity's own rate limiter is then off: it would send its calls past the proxy
    /// (to discord.com), and the proxy is the one that rate-limits.
    pub api_base: Option<String>,
    /// Ask for the privileged Message Content intent (needed for prefix commands;
    /// mention-as-prefix and slash commands work without it).
    pub message_content: bool,
    /// Where to register the slash commands.
    pub register: CommandRegistration,
    /// Defer an interaction (and show typing for a message) when the core has not answered
    /// after this long. Must stay well under Discord's 3 seconds; default 1.5 s.
    pub defer_after: Duration,
    /// A prefix command still running this long after the typing indicator gets a short
    /// note ("Thinking... (N games ahead in the AI's queue)"); default 4 s.
    pub note_after: Duration,
    /// How often the core's [`ChatCore::tick`] runs (besides once at start); default 60 s.
    pub tick_every: Duration,
    /// An interaction's answers that come later than this after it are posted as plain
    /// messages in its channel, not as followups: Discord takes followups for 15 minutes
    /// (then 401, code 50027); default 14 min, a minute's margin (issue 33).
    pub followup_within: Duration,
    /// Changes serenity's HTTP client before it is built, e.g. to give it a
    /// `reqwest::Client` with other root certificates or an egress proxy
    /// (`HttpBuilder::client`); serenity's rate limiter stays on unless
    /// [`DiscordOptions::api_base`] is set. `None`: serenity's defaults.
    pub http: Option<HttpHook>,
    /// Members with this role may organize events, whatever their permissions
    /// ([`Incoming::is_organizer`](crate::core::api::Incoming::is_organizer)); `None`: Manage Server or Administrator only.
    pub organizer_role: Option<u64>,
    /// The rooms the core opens tournament games in: [`run`] attaches the client's HTTP
    /// handle to them once the client is built. `None`: nothing to attach.
    pub rooms: Option<Arc<DiscordRooms>>,
    /// Notified once (`notify_one`) to close the shards and end [`run`]: the bot's
    /// shutdown. `None`: Ctrl-C does it.
    pub stop: Option<Arc<tokio::sync::Notify>>,
    /// Readiness (bug 6): called with `true` when every shard this process runs is
    /// connected (READY or RESUMED), and with `false` at start and whenever one is not
    /// (disconnected, reconnecting, Discord unreachable); only on a change. Called on the
    /// runtime's threads: it must not block. `None`: nobody is told.
    pub link: Option<Arc<dyn Fn(bool) + Send + Sync>>,
    /// The back-off while the gateway cannot be reached (default: unreachable after
    /// 10 s down, then 10 s between attempts, doubling to at most 5 min).
    pub reconnect: Reconnect,
}

impl DiscordOptions {
    /// Options with defaults: one shard, discord.com, Message Content
    /// intent on, global slash commands, deferral after 1.5 s, a thinking note 4 s
    /// later, a tick every 60 s, no organizer role, no rooms, no readiness callback,
    /// [`Reconnect::default`].
    pub fn new(token: impl Into<String>) -> Self {
        DiscordOptions {
            token: token.into(),
            token_source: TokenSource::Given,
            sharding: Sharding::Single,
            api_base: None,
            message_content: true,
            register: CommandRegistration::Global,
            defer_after: Duration::from_millis(1500),
            note_after: Duration::from_secs(4),
            tick_every: Duration::from_secs(60),
            followup_within: Duration::from_secs(14 * 60),
            http: None,
            organizer_role: None,
            rooms: None,
            stop: None,
            link: None,
            reconnect: Reconnect::default(),
        }
    }
}

impl std::fmt::Debug for DiscordOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DiscordOptions")
            .field("token", &"<redacted>")
            .field("token_source", &self.token_source)
            .field("sharding", &self.sharding)
            .field("api_base", &self.api_base)
            .field("message_content", &self.message_content)
            .field("register", &self.register)
            .field("defer_after", &self.defer_after)
            .field("note_after", &self.note_after)
            .field("tick_every", &self.tick_every)
            .field("followup_within", &self.followup_within)
            .field("http", &self.http.is_some())
            .field("organizer_role", &self.organizer_role)
            .field("rooms", &self.rooms.is_some())
            .field("stop", &self.stop.is_some())
            .field("link", &self.link.is_some())
            .field("reconnect", &self.reconnect)
            .finish()
    }
}

/// Caps the log level of the libraries that would print the token: at TRACE, tungstenite
/// prints every WebSocket frame (as text, and in hex), IDENTIFY and its token included.
/// Apply it to the bot's log filter after `RUST_LOG` so that no setting can log the token;
/// serenity itself keeps the token out of its logs at every level.
pub fn redact_log_filter(filter: tracing_subscriber::EnvFilter) -> tracing_subscriber::EnvFilter {
    ["tungstenite=debug", "tokio_tungstenite=debug"]
        .into_iter()
        .fold(filter, |f, d| {
            f.add_directive(d.parse().expect("a valid directive"))
        })
}

/// serenity's modules whose warnings during an outage repeat what [`link`] logs once per
/// change of state: the shard queuer ("Err starting shard", every 5 s), the shard
/// runners ("Error heartbeating", "Failed to resume") and the shard manager ("Failed to
/// cleanly shutdown shard"). Their errors still pass.
const OUTAGE_NOISE: [&str; 3] = [
    "serenity::gateway::bridge::shard_queuer=error",
    "serenity::gateway::bridge::shard_runner=error",
    "serenity::gateway::bridge::shard_manager=error",
];

/// The bot's log filter: [`redact_log_filter`], and serenity's outage noise (its shard
/// queuer, shard runners and shard manager) held back to errors unless `filter` names
/// serenity or asks for debug or trace output (bug 6): the transport's own lines say
/// when Discord is unreachable, and each retry.
pub fn log_filter(filter: tracing_subscriber::EnvFilter) -> tracing_subscriber::EnvFilter {
    let verbose = filter.to_string().contains("serenity")
        || filter
            .max_level_hint()
            .is_some_and(|l| l > tracing_subscriber::filter::LevelFilter::INFO);
    let filter = redact_log_filter(filter);
    if verbose {
        return filter;
    }
    OUTAGE_NOISE.into_iter().fold(filter, |f, d| {
        f.add_directive(d.parse().expect("a valid directive"))
    })
}

/// The state shared by every event handler and command.
pub struct Data {
    /// The core every command goes to.
    pub core: Arc<dyn ChatCore>,
    /// See [`DiscordOptions::defer_after`].
    pub defer_after: Duration,
    /// See [`DiscordOptions::note_after`].
    pub note_after: Duration,
    /// See [`DiscordOptions::followup_within`].
    pub followup_within: Duration,
    /// See [`DiscordOptions::organizer_role`].
    pub organizer_role: Option<RoleId>,
}

/// Runs the Discord transport until every shard has stopped (or Ctrl-C): connects with
/// `opts`, registers the slash commands, and hands every command to `core`.
///
/// # Errors
/// A token that cannot be a bot token ([`token::check_shape`]), a bad shard range, a
/// token Discord rejects (HTTP 401 before connecting, or gateway close code 4004: the
/// message names [`DiscordOptions::token_source`]), a privileged intent not switched on
/// (close code 4014, [`token::disallowed_intents`]), or another failure of the gateway
/// connection, with serenity's reason.
pub async fn run(opts: DiscordOptions, core: Arc<dyn ChatCore>) -> anyhow::Result<()> {
    check_options(&opts)?;
    tracing::info!(options = ?opts, "starting the Discord transport");
    // Discord's limits: the core splits the replies to guilds and DMs with them.
    core.declare_limits(adapter::is_discord, adapter::LIMITS);
    if let Ok(url) = invite::url_for_token(&opts.token) {
        tracing::info!("invite the bot to a server with {url}");
    }
    let mut http = HttpBuilder::new(&opts.token);
    if let Some(base) = &opts.api_base {
        // serenity's rate limiter sends its requests to discord.com whatever the proxy.
        http = http.proxy(base.clone()).ratelimiter_disabled(true);
    }
    if let Some(hook) = &opts.http {
        http = hook(http);
    }
    let http = http.build();
    verify_token(&http, &opts.token_source).await?;
    let mut intents =
        GatewayIntents::GUILDS | GatewayIntents::GUILD_MESSAGES | GatewayIntents::DIRECT_MESSAGES;
    if opts.message_content {
        intents |= GatewayIntents::MESSAGE_CONTENT;
    }
    let mut client = ClientBuilder::new_with_http(http, intents)
        .framework(framework(&opts, core))
        .await
        .context("building the Discord client")?;
    if let Some(rooms) = &opts.rooms {
        if !rooms.attach(client.http.clone(), tokio::runtime::Handle::current()) {
            tracing::warn!("the rooms were already attached to another Discord client");
        }
    }
    let (first, last, total) = shard_range(&opts.sharding, &client.http).await?;
    let watch = tokio::spawn(link::supervise(link::Watch {
        manager: client.shard_manager.clone(),
        gate: client.ws_url.clone(),
        shards: (first..=last).collect(),
        link: opts.link.clone(),
        reconnect: opts.reconnect,
    }));
    let (shards, stop_watch) = (client.shard_manager.clone(), watch.abort_handle());
    let stop = opts.stop.clone();
    tokio::spawn(async move {
        match stop {
            Some(stop) => stop.notified().await,
            None => {
                if tokio::signal::ctrl_c().await.is_err() {
                    return;
                }
            }
        }
        tracing::info!("closing the Discord shards");
        // The watch may hold the gateway URL's lock (see `link`): let it go first.
        stop_watch.abort();
        shards.shutdown_all().await;
    });
    // serenity's `start_shard_range` treats the range's end as the last shard
    // (inclusive), see `Client::start_connection`.
    let result = client.start_shard_range(first..last, total).await;
    watch.abort();
    if let Some(link) = &opts.link {
        link(false);
    }
    result.map_err(|e| gateway_error(e, &opts.token_source))
}

/// The shards `sharding` runs: (first, last, total). [`Sharding::Auto`] asks Discord
/// (`GET /gateway/bot`), as serenity's `start_autosharded` does.
async fn shard_range(sharding: &Sharding, http: &Http) -> anyhow::Result<(u32, u32, u32)> {
    Ok(match *sharding {
        Sharding::Single => (0, 0, 1),
        Sharding::Auto => {
            let total = http
                .get_bot_gateway()
                .await
                .context("asking Discord how many shards to run (GET /gateway/bot)")?
                .shards
                .max(1);
            (0, total - 1, total)
        }
        Sharding::Range { first, last, total } => (first, last, total),
    })
}

/// Asks Discord who the token belongs to (`GET /users/@me`) before connecting: a token
/// Discord rejects ends the start with [`token::rejected`] instead of shards retrying it
/// for ever. Other failures (network, Discord down) are logged and left to the gateway
/// connection, which retries.
async fn verify_token(http: &Http, source: &TokenSource) -> anyhow::Result<()> {
    match http.get_current_user().await {
        Ok(me) => {
            tracing::info!(user = %me.name, id = %me.id, "Discord accepted the token");
            Ok(())
        }
        Err(serenity::Error::Http(HttpError::UnsuccessfulRequest(r)))
            if r.status_code.as_u16() == 401 =>
        {
            bail!(token::rejected(source))
        }
        Err(e) => {
            tracing::warn!("could not check the Discord token before connecting: {e}");
            Ok(())
        }
    }
}

/// The message for a gateway failure: plain words for a rejected token (close code 4004)
/// and for intents not switched on (4013, 4014); serenity's reason otherwise.
fn gateway_error(e: serenity::Error, source: &TokenSource) -> anyhow::Error {
    match e {
        serenity::Error::Gateway(GatewayError::InvalidAuthentication) => {
            anyhow::anyhow!(token::rejected(source))
        }
        serenity::Error::Gateway(
            GatewayError::DisallowedGatewayIntents | GatewayError::InvalidGatewayIntents,
        ) => anyhow::anyhow!(token::disallowed_intents()),
        e => anyhow::Error::new(e).context("Discord gateway"),
    }
}

/// Refuses options that cannot work, before connecting.
fn check_options(opts: &DiscordOptions) -> anyhow::Result<()> {
    if let Err(why) = token::check_shape(&opts.token) {
        bail!(
            "the Discord token from {} is not a bot token: {why}",
            opts.token_source
        );
    }
    if let Sharding::Range { first, last, total } = opts.sharding {
        if total == 0 || first > last || last >= total {
            bail!("bad shard range {first}..={last} of {total}: need first <= last < total");
        }
    }
    if opts.tick_every.is_zero() {
        bail!("the tick interval must be longer than zero");
    }
    if opts.organizer_role == Some(0) {
        bail!("bad organizer role id 0: give the role's id (a snowflake), or leave it out");
    }
    if let Some(base) = &opts.api_base {
        if let Err(why) = super::base_url(base) {
            bail!("the Discord API base {why}");
        }
    }
    Ok(())
}

/// The poise framework: the slash commands, the central error handler, chat messages
/// through `on_event`, and the setup run on the first READY (commands registered, the ticker started).
fn framework(opts: &DiscordOptions, core: Arc<dyn ChatCore>) -> poise::Framework<Data, Error> {
    let ticker_core = core.clone();
    // Their help with the running settings (the host's prefix, the AI's default level).
    let commands = commands::all(&*core);
    let tick_every = opts.tick_every;
    let sharding = opts.sharding.clone();
    let data = Data {
        core,
        defer_after: opts.defer_after,
        note_after: opts.note_after,
        followup_within: opts.followup_within,
        organizer_role: opts.organizer_role.map(RoleId::new),
    };
    let register = opts.register.clone();
    poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands,
            on_error: |e| Box::pin(on_error(e)),
            event_handler: |fctx, event| Box::pin(on_event(fctx, event)),
            // Prefix commands are translated by `on_event`, not by poise.
            prefix_options: poise::PrefixFrameworkOptions {
                prefix: None,
                mention_as_prefix: false,
                ..Default::default()
            },
            initialize_owners: false,
            allowed_mentions: Some(no_pings()),
            ..Default::default()
        })
        // The builder's own flag overrides the options' one: both off, so poise never asks
        // Discord for the application's owners.
        .initialize_owners(false)
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                tracing::info!(
                    user = %ready.user.name,
                    id = %ready.user.id,
                    guilds = ready.guilds.len(),
                    "connected to Discord"
                );
                register_commands(ctx, &framework.options().commands, &register).await;
                // poise runs this setup once per framework, on the first READY of any
                // shard: one ticking task per process, however many shards it runs.
                tokio::spawn(run_ticker(
                    ctx.http.clone(),
                    ticker_core,
                    tick_every,
                    sharding,
                ));
                Ok(data)
            })
        })
        .build()
}

/// Registers the slash commands as `register` says; a failure is logged, not fatal
/// (chat commands still work).
async fn register_commands(
    ctx: &serenity::all::Context,
    cmds: &[poise::Command<Data, Error>],
    register: &CommandRegistration,
) {
    let done = match register {
        CommandRegistration::Global => poise::builtins::register_globally(ctx, cmds).await,
        CommandRegistration::Guild(g) => {
            poise::builtins::register_in_guild(ctx, cmds, GuildId::new(*g)).await
        }
        CommandRegistration::Skip => Ok(()),
    };
    match done {
        Ok(()) => tracing::info!(count = cmds.len(), ?register, "slash commands"),
        Err(e) => tracing::error!("registering the slash commands failed: {e}"),
    }
}

/// Allowed mentions that ping nobody (poise's own messages, e.g. argument errors).
fn no_pings() -> CreateAllowedMentions {
    CreateAllowedMentions::new().replied_user(false)
}

/// Central error handler: logs, and tells the user of a failed command.
async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().name, "command failed: {error:#}");
            let lang = crate::i18n::Lang::choose(None, ctx.locale());
            let reply = poise::CreateReply::default()
                .content(crate::i18n::with_lang(lang, || tr!("discord-failed-retry")))
                .ephemeral(true)
                .allowed_mentions(no_pings());
            if let Err(e) = ctx.send(reply).await {
                tracing::warn!("could not report the failure: {e}");
            }
        }
        poise::FrameworkError::EventHandler { error, event, .. } => {
            tracing::error!(event = event.snake_case_name(), "event failed: {error:#}");
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!("error while reporting an error: {e}");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::api::{Incoming, Reply};

    struct NoCore;
    impl ChatCore for NoCore {
        fn handle(&self, _: &Incoming) -> Vec<Reply> {
            Vec::new()
        }
        fn legal_moves(&self, _: &crate::model::ChannelKey) -> Vec<String> {
            Vec::new()
        }
        fn prefix(&self) -> &str {
            "!"
        }
        fn command_help(&self, _: &str) -> Vec<String> {
            Vec::new()
        }
    }

    /// A token of the right shape (user id 800000000000000001).
    const GOOD_TOKEN: &str = "ODAwMDAwMDAwMDAwMDAwMDAx.Gfake0.s3cr3t-t0k3n-n0t-t0-b3-l0gg3d";

    #[test]
    fn a_shard_range_owns_its_guilds_and_shard_zero_the_direct_messages() {
        // Guild ids whose shard of 4 is 0, 1, 2 and 3: (id >> 22) % 4.
        let guild = |shard: u64| ((1_000u64 * 4 + shard) << 22).to_string();
        let range = Sharding::Range {
            first: 1,
            last: 2,
            total: 4,
        };
        let owned: Vec<bool> = (0..4).map(|s| range.owns(&guild(s))).collect();
        assert_eq!(owned, [false, true, true, false]);
        assert!(!range.owns(adapter::DM_COMMUNITY));
        let zero = Sharding::Range {
            first: 0,
            last: 0,
            total: 4,
        };
        assert!(zero.owns(adapter::DM_COMMUNITY) && zero.owns(&guild(0)));
        assert!(!zero.owns("console") && !zero.owns("!room:example.org"));
        assert!(Sharding::Single.owns(&guild(3)) && Sharding::Auto.owns(&guild(2)));
    }

    #[test]
    fn serenitys_outage_noise_is_held_back_unless_asked_for() {
        use tracing_subscriber::EnvFilter;
        let quiet = log_filter(EnvFilter::new("warn")).to_string();
        assert!(quiet.contains("shard_queuer=error"), "{quiet}");
        for asked in ["warn,serenity=info", "debug"] {
            let f = log_filter(EnvFilter::new(asked)).to_string();
            assert!(!f.contains("shard_queuer=error"), "{f}");
            assert!(f.contains("tungstenite=debug"), "still redacted: {f}");
        }
    }

    #[test]
    fn debug_output_redacts_the_token() {
        let shown = format!("{:?}", DiscordOptions::new("abc.def.secret-part"));
        assert!(!shown.contains("secret-part"), "{shown}");
        assert!(shown.contains("<redacted>"));
    }

    #[tokio::test]
    async fn bad_options_fail_before_any_connection() {
        let core: Arc<dyn ChatCore> = Arc::new(NoCore);
        let err = run(DiscordOptions::new(" "), core.clone())
            .await
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "the Discord token from the Discord options is not a bot token: it is empty"
        );
        let opts = DiscordOptions {
            token_source: TokenSource::Env("DISCORD_TOKEN".into()),
            ..DiscordOptions::new("hello world")
        };
        let err = run(opts, core.clone()).await.unwrap_err().to_string();
        assert!(
            err.starts_with("the Discord token from $DISCORD_TOKEN is not a bot token: it has"),
            "{err}"
        );
        for (first, last, total) in [(2, 1, 4), (0, 4, 4), (0, 0, 0)] {
            let opts = DiscordOptions {
                sharding: Sharding::Range { first, last, total },
                ..DiscordOptions::new(GOOD_TOKEN)
            };
            let err = run(opts, core.clone()).await.unwrap_err().to_string();
            assert!(err.starts_with("bad shard range"), "{err}");
        }
        let opts = DiscordOptions {
            tick_every: Duration::ZERO,
            ..DiscordOptions::new(GOOD_TOKEN)
        };
        let err = run(opts, core.clone()).await.unwrap_err().to_string();
        assert!(err.contains("tick interval"), "{err}");
        let opts = DiscordOptions {
            organizer_role: Some(0),
            ..DiscordOptions::new(GOOD_TOKEN)
        };
        let err = run(opts, core.clone()).await.unwrap_err().to_string();
        assert!(err.contains("organizer role"), "{err}");
    }
}
