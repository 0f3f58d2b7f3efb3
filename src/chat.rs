//! The transport-agnostic shapes every transport (Discord, Matrix, console) speaks to the
//! core: an incoming chat message or command, and the reply to post.
//!
//! Data flows one way: a transport turns a platform event into an [`Incoming`], the core
//! answers with [`Reply`]s, the transport posts them.

/// A chat user, as the transport knows him.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct User {
    /// Stable platform id (Discord snowflake, Matrix user id, console name).
    pub id: String,
    /// Display name, for text replies and board labels.
    pub name: String,
}

/// Where a message was posted: a community (Discord guild, Matrix server/room set, the
/// console) and a channel in it (a Discord channel or thread, a Matrix room).
#[derive(
    Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct ChannelKey {
    /// Community id; records are keyed by it first, so a sharded deployment can give each
    /// process the communities it owns.
    pub community: String,
    /// Channel id within the community.
    pub channel: String,
}

/// One incoming chat message addressed to the bot.
#[derive(Clone, Debug)]
pub struct Incoming {
    /// Where it was posted.
    pub at: ChannelKey,
    /// Who posted it.
    pub author: User,
    /// The message text, prefix included (`!sow b3`).
    pub text: String,
    /// Users mentioned in the message, in order.
    pub mentions: Vec<User>,
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
}
