//! The transport-agnostic shapes every transport (Discord, Matrix, console) speaks to the
//! core: an incoming chat message or command, and the reply to post.
//!
//! Data flows one way: a transport turns a platform event into an [`Incoming`], the core
//! answers with [`Reply`]s, the transport posts them.

/// A chat user, as the transport knows him.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct User {
    /// Stable platform id (Discord snowflake, Matrix user id, console name).
    pub id: String,
    /// Display name, for text replies and board labels.
    pub name: String,
}

/// Where a message was posted: a community (Discord guild, Matrix server/room set, the
/// console) and a channel in it (a Discord channel or thread, a Matrix room).
#[derive(
    Clone,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
)]
pub struct ChannelKey {
    /// Community id; records are keyed by it first, so a sharded deployment can give each
    /// process the communities it owns.
    pub community: String,
    /// Channel id within the community.
    pub channel: String,
}

/// One incoming chat message addressed to the bot.
#[derive(Clone, Debug, Default)]
pub struct Incoming {
    /// Where it was posted.
    pub at: ChannelKey,
    /// Who posted it.
    pub author: User,
    /// The message text, prefix included (`!sow b3`).
    pub text: String,
    /// Users mentioned in the message, in order.
    pub mentions: Vec<User>,
    /// The author may organize events in this community: create, start and cancel
    /// tournaments, change channel settings (`!set`). Discord: the Manage Server
    /// permission or the configured organizer role; the console: on unless switched off
    /// with `/organizer off`. Default `false`.
    pub is_organizer: bool,
}

/// A file to attach to a reply (a board PNG, a GIF, a contact sheet).
#[derive(Clone, Debug)]
pub struct Attachment {
    /// File name with extension, e.g. `frame-01.png`.
    pub filename: String,
    /// The file's bytes.
    pub bytes: Vec<u8>,
    /// Text alternative for screen readers and logs.
    pub alt: String,
}

/// A button under a reply (Discord components; other transports show the command).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    /// Custom id sent back when pressed, e.g. `accept`.
    pub id: String,
    /// Label shown.
    pub label: String,
    /// The equivalent text command, for transports without buttons (`!accept`).
    pub command: String,
    /// Only this user may press it; `None`: anyone.
    pub only: Option<User>,
}

/// One message the core wants posted in the channel it answers.
#[derive(Clone, Debug, Default)]
pub struct Reply {
    /// The text (plain, may contain mentions written as the transport renders them via
    /// [`Reply::mentions`]).
    ///
    /// Points in time are written as the token `<t:SECONDS:R>` (seconds since the Unix
    /// epoch; see [`time_token`]), which is Discord's own timestamp markup: Discord shows
    /// it as is ("in 2 days", in the reader's time zone); every other transport rewrites
    /// it with [`plain_times`].
    pub text: String,
    /// Images and files, in order.
    pub attachments: Vec<Attachment>,
    /// Users this reply pings. Transports allow pings to these users only: never
    /// @everyone, @here or roles.
    pub mentions: Vec<User>,
    /// Buttons to show.
    pub buttons: Vec<Button>,
    /// True for error replies (a refused command): transports may show them only to the
    /// author (Discord ephemeral) when the command came as an interaction.
    pub is_error: bool,
    /// Where to post it: `None` (the default) is the channel the command came from;
    /// `Some` is another channel of the same community, e.g. the room of a tournament
    /// game that a `!tournament start` opened (see [`Rooms`]).
    pub to: Option<ChannelKey>,
}

/// The token that stands for the point in time `ms` (milliseconds since the Unix epoch)
/// in a reply text: `<t:SECONDS:R>`, Discord's relative timestamp markup.
pub fn time_token(ms: u64) -> String {
    format!("<t:{}:R>", ms / 1000)
}

/// `text` with every [`time_token`] written out for transports without timestamp
/// markup: `2024-05-01 13:45 UTC (in 23 h)`, relative to `now_ms`.
pub fn plain_times(text: &str, now_ms: u64) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("<t:") {
        out.push_str(&rest[..i]);
        let tail = &rest[i + 3..];
        let parsed = tail.find(":R>").and_then(|j| {
            let secs: u64 = tail[..j].parse().ok()?;
            Some((secs, j))
        });
        match parsed {
            Some((secs, j)) => {
                let ms = secs * 1000;
                // To the nearest minute: a reply printed a moment after it was made still
                // reads "in 24 h".
                let minute = |d: u64| (d + 30_000) / 60_000 * 60_000;
                let rel = if ms >= now_ms {
                    format!(
                        "in {}",
                        crate::bot::text::duration_text(minute(ms - now_ms))
                    )
                } else {
                    format!(
                        "{} ago",
                        crate::bot::text::duration_text(minute(now_ms - ms))
                    )
                };
                out.push_str(&format!("{} ({rel})", crate::bot::text::date_text(ms)));
                rest = &tail[j + 3..];
            }
            None => {
                out.push_str("<t:");
                rest = tail;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Opens a room (a Discord thread, a Matrix room, a console channel) for a game the core
/// starts by itself: a tournament pairing. The transport implements it and hands it to
/// the core with [`crate::bot::Core::set_rooms`]; without one, the core uses the channel
/// named `name` in the home channel's community (what the console does).
///
/// The core calls it from within [`ChatCore::handle`] or [`ChatCore::tick`], that is on
/// a blocking thread: a transport may block on its HTTP call there.
pub trait Rooms: Send + Sync {
    /// Opens a room called `name` (e.g. `tourney-spring-r1-b2`) under the channel `home`
    /// (where the tournament was created), and returns its key.
    ///
    /// # Errors
    /// Why the room could not be opened (missing permission, rate limit); the core then
    /// tries again at a later tick.
    fn open(&self, home: &ChannelKey, name: &str) -> Result<ChannelKey, String>;

    /// Whether rooms can be opened for tournaments created in `home`; `Err`: why not, to
    /// tell the organizer (the core refuses `tournament new` then). Default: they can.
    ///
    /// # Errors
    /// The reason, as the refusal says it.
    fn can_open(&self, home: &ChannelKey) -> Result<(), String> {
        let _ = home;
        Ok(())
    }
}

/// What every transport calls. The core implements it; transports are written against
/// the trait so that their tests can use a fake core.
pub trait ChatCore: Send + Sync + 'static {
    /// Handles one message and returns the replies to post in its channel, in order.
    /// Messages not addressed to the bot (no prefix) give no reply.
    ///
    /// Blocking: it reads and writes the store and renders images, so async transports
    /// call it from `tokio::task::spawn_blocking`.
    fn handle(&self, msg: &Incoming) -> Vec<Reply>;

    /// The canonical legal moves of the game in `at` (empty when there is none), for
    /// slash-command autocomplete.
    fn legal_moves(&self, at: &ChannelKey) -> Vec<String>;

    /// The command prefix of text commands, e.g. `!`.
    fn prefix(&self) -> &str;

    /// The periodic driver of correspondence play: transports call it about once a
    /// minute (and once at start). It sends the reminders that have come due, handles
    /// deadlines that have passed (forfeits, timeout notices), and resumes tournaments
    /// (results, next rounds), all from the store, so that a deadline that passed while
    /// the bot was down is handled at the first tick. Returns the messages to post, each
    /// with its channel. Blocking, like [`ChatCore::handle`].
    fn tick(&self) -> Vec<(ChannelKey, Reply)> {
        self.tick_where(&|_| true)
    }

    /// [`ChatCore::tick`] for the communities (guilds, rooms) for which `owns` is true
    /// only: each transport of a process drives its own, so that with Discord and Matrix
    /// in one process neither takes (and drops) what is due in the other's. This is the
    /// one to implement; `tick` calls it for every community.
    fn tick_where(&self, owns: &(dyn Fn(&str) -> bool + Sync)) -> Vec<(ChannelKey, Reply)> {
        let _ = owns;
        Vec::new()
    }
}
