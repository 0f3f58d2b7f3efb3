//! The transport-agnostic shapes every transport (Discord, Matrix, console) speaks to the
//! core: an incoming chat message or command, and the reply to post.
//!
//! Data flows one way: a transport turns a platform event into an [`Incoming`], the core
//! answers with [`Reply`]s, the transport posts them.

use crate::core::input;
use crate::model::{ChannelKey, User};

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
    /// The platform's locale for this message (BCP 47, e.g. `fr`, `es-419`): on Discord
    /// the interaction's locale for a slash command, the server's preferred locale for
    /// a message; `None` where the platform tells none. The reply's language follows it
    /// unless the channel chose one (`!set language`).
    pub locale: Option<String>,
}

impl Incoming {
    /// Who the command reads for: its author, and its subject (the user mentioned
    /// first, else the author: `!rating @bob` reads bob's history).
    pub(crate) fn reader(&self) -> (&User, &User) {
        (&self.author, self.mentions.first().unwrap_or(&self.author))
    }

    /// This message as the core reads it, the one place where chat input is made plain:
    /// the core's private markers ([`sanitize`]) removed from its text and from every
    /// name in it, so that nothing a user sends can be read back as the core's own
    /// markup; the text normalised ([`input::command_text`]: NFKC, no invisible or
    /// control characters); every name cleaned ([`input::display_name`]: no controls or
    /// bidi characters, a backtick written `ˋ` (U+02CB) so that a name never opens or
    /// closes a code span, `@` written `＠`), or the user's id when nothing visible is
    /// left of it.
    pub fn sanitized(&self) -> Incoming {
        let user = |u: &User| {
            let id = input::platform_id(&sanitize(&u.id));
            User {
                name: input::display_name(&sanitize(&u.name)).unwrap_or_else(|| id.clone()),
                id,
            }
        };
        Incoming {
            at: self.at.clone(),
            author: user(&self.author),
            text: input::command_text(&sanitize(&self.text)),
            mentions: self.mentions.iter().map(user).collect(),
            is_organizer: self.is_organizer,
            locale: self.locale.clone(),
        }
    }
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

/// One piece of a reply's text, typed so that each transport renders it its own way and
/// nothing a user typed can turn into markup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Segment {
    /// Plain text (may hold line breaks): transports escape it for their markup, so
    /// `<t:1:R>`, `**x**` or `<b>` typed by a user read as typed.
    Text(String),
    /// A command, move or position string: Discord and Matrix show it as inline code,
    /// the console between backticks.
    Code(String),
    /// A point in time, in milliseconds since the Unix epoch: Discord shows it relative
    /// in the reader's time zone (`<t:SECONDS:R>`), the others as a UTC date and the time
    /// from now ([`Body::plain`]).
    Time(u64),
    /// A player addressed by name: `@Name` in text, a pill linking the user on Matrix.
    /// Whom a reply pings is [`Reply::mentions`], not this.
    Mention(User),
    /// A channel of the community, named where a game is played (`!games`): a channel
    /// link on Discord, a room link on Matrix, `#channel` in text.
    Channel(ChannelKey),
    /// A link to a web page (a game's page, issue "Web companion"): a link button on
    /// Discord, a link on Matrix, `label: url` in text. Only the core writes one
    /// ([`link_token`]); `url` is an absolute http(s) URL.
    Link {
        /// The address.
        url: String,
        /// What the link says (`Game page`).
        label: String,
    },
}

/// Opens the core's own marker of a point in time inside a [`Body`]'s text: private-use
/// characters that [`sanitize`] removes from everything users send, so that only the
/// core can write one.
pub(super) const TIME_OPEN: char = '\u{E000}';
/// Closes a time or mention marker (see [`TIME_OPEN`]).
pub(super) const TIME_CLOSE: char = '\u{E001}';
/// Opens the core's marker of a mentioned user: `MENTION_OPEN id MENTION_SEP name
/// TIME_CLOSE` (see [`mention_token`]).
pub(super) const MENTION_OPEN: char = '\u{E002}';
/// Separates a mentioned user's id from his name (see [`MENTION_OPEN`]), and a linked
/// channel's community from its channel (see [`CHANNEL_OPEN`]).
const MENTION_SEP: char = '\u{E003}';
/// Opens the core's marker of a channel: `CHANNEL_OPEN community MENTION_SEP channel
/// TIME_CLOSE` (see [`channel_token`]).
pub(super) const CHANNEL_OPEN: char = '\u{E004}';
/// Opens the core's marker of a link: `LINK_OPEN url MENTION_SEP label TIME_CLOSE` (see
/// [`link_token`]).
pub(super) const LINK_OPEN: char = '\u{E005}';
/// Every private-use character the core's markers are made of.
const MARKERS: [char; 6] = [
    TIME_OPEN,
    TIME_CLOSE,
    MENTION_OPEN,
    MENTION_SEP,
    CHANNEL_OPEN,
    LINK_OPEN,
];

/// The core's marker of the point in time `ms` (milliseconds since the Unix epoch) in a
/// reply text: it becomes a [`Segment::Time`] when the text becomes a [`Body`].
pub fn time_token(ms: u64) -> String {
    format!("{TIME_OPEN}{ms}{TIME_CLOSE}")
}

/// The core's marker of `user`, addressed by name, in a reply text: it becomes a
/// [`Segment::Mention`] when the text becomes a [`Body`].
pub fn mention_token(user: &User) -> String {
    format!(
        "{MENTION_OPEN}{}{MENTION_SEP}{}{TIME_CLOSE}",
        sanitize(&user.id),
        sanitize(&user.name)
    )
}

/// The core's marker of the channel `at` in a reply text: it becomes a
/// [`Segment::Channel`] when the text becomes a [`Body`].
pub fn channel_token(at: &ChannelKey) -> String {
    format!(
        "{CHANNEL_OPEN}{}{MENTION_SEP}{}{TIME_CLOSE}",
        sanitize(&at.community),
        sanitize(&at.channel)
    )
}

/// The core's marker of a link to `url` saying `label` in a reply text: it becomes a
/// [`Segment::Link`] when the text becomes a [`Body`].
pub fn link_token(url: &str, label: &str) -> String {
    format!(
        "{LINK_OPEN}{}{MENTION_SEP}{}{TIME_CLOSE}",
        sanitize(url),
        sanitize(label)
    )
}

/// `s` without the characters the core uses to mark times and mentions in its own text
/// ([`time_token`], [`mention_token`]): applied to everything users send before the
/// core reads it.
pub fn sanitize(s: &str) -> std::borrow::Cow<'_, str> {
    if s.contains(MARKERS) {
        std::borrow::Cow::Owned(s.replace(MARKERS, ""))
    } else {
        std::borrow::Cow::Borrowed(s)
    }
}

/// Text gathered for the next [`Segment::Text`] or [`Segment::Code`].
#[derive(Default)]
struct Piece {
    text: String,
    /// Between backticks.
    code: bool,
}

impl Piece {
    /// Ends the piece: its text (without stray markers) as a segment, unless empty.
    fn flush(&mut self, out: &mut Vec<Segment>) {
        let text = sanitize(&self.text).into_owned();
        self.text.clear();
        if !text.is_empty() {
            out.push(if self.code {
                Segment::Code(text)
            } else {
                Segment::Text(text)
            });
        }
    }
}

/// The segment of one marker's contents (between its opening character and
/// [`TIME_CLOSE`]), `None` when it is not one the core writes.
fn marker(open: char, inner: &str) -> Option<Segment> {
    match open {
        TIME_OPEN => inner.parse().ok().map(Segment::Time),
        LINK_OPEN => {
            let (url, label) = inner.split_once(MENTION_SEP)?;
            Some(Segment::Link {
                url: url.to_string(),
                label: label.to_string(),
            })
        }
        CHANNEL_OPEN => {
            let (community, channel) = inner.split_once(MENTION_SEP)?;
            Some(Segment::Channel(ChannelKey {
                community: community.to_string(),
                channel: channel.to_string(),
            }))
        }
        _ => {
            let (id, name) = inner.split_once(MENTION_SEP)?;
            Some(Segment::Mention(User {
                id: id.to_string(),
                name: name.to_string(),
            }))
        }
    }
}

/// The text of a [`Reply`], as the core writes it: its own words with `` `code` `` spans
/// and [`time_token`]s, from which [`Body::segments`] gives the typed pieces. User input
/// reaches it only through [`sanitize`], so it can hold no time marker; backticks a user
/// typed can only move where code spans start and end, and every segment is escaped by
/// the transport that renders it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Body(String);

impl Body {
    /// The body of the core's text `s` (see [`Body`]).
    pub fn new(s: impl Into<String>) -> Body {
        Body(s.into())
    }

    /// Appends more of the core's text.
    pub fn push_str(&mut self, s: &str) {
        self.0.push_str(s);
    }

    /// The core's text with mentions written `@Name`, code between backticks and times
    /// as their [`time_token`] markers: for tests and logs; transports render
    /// [`Body::segments`].
    pub fn as_core_text(&self) -> String {
        self.written(time_token)
    }

    /// The core's text as written, markers and backticks included (for the splitter,
    /// [`Body::split`]).
    pub(super) fn raw(&self) -> &str {
        &self.0
    }

    /// Whether there is no text, or only white space.
    pub fn is_blank(&self) -> bool {
        self.0.trim().is_empty()
    }

    /// The typed pieces, in order; adjacent pieces of one kind are not merged. The
    /// core's markers are read first, so a backtick inside a marked name does not start
    /// a code span.
    pub fn segments(&self) -> Vec<Segment> {
        let mut out = Vec::new();
        let mut piece = Piece::default();
        let mut rest = self.0.as_str();
        while let Some(i) = rest.find(['`', TIME_OPEN, MENTION_OPEN, CHANNEL_OPEN, LINK_OPEN]) {
            piece.text.push_str(&rest[..i]);
            let c = rest[i..].chars().next().unwrap_or('`');
            let after = &rest[i + c.len_utf8()..];
            if c == '`' {
                piece.flush(&mut out);
                piece.code = !piece.code;
                rest = after;
                continue;
            }
            // A stray opener (no closing character) is dropped with the other markers.
            let Some(close) = after.find(TIME_CLOSE) else {
                rest = after;
                continue;
            };
            piece.flush(&mut out);
            out.extend(marker(c, &after[..close]));
            rest = &after[close + TIME_CLOSE.len_utf8()..];
        }
        piece.text.push_str(rest);
        piece.flush(&mut out);
        out
    }

    /// The text for transports without markup (console, plain bodies): code between
    /// backticks, times as `2024-05-01 13:45 UTC (in 23 h)` relative to `now_ms`.
    pub fn plain(&self, now_ms: u64) -> String {
        self.written(|ms| plain_time(ms, now_ms))
    }

    /// The text with code between backticks, mentions as `@Name` and each time as
    /// `time` writes it.
    fn written(&self, time: impl Fn(u64) -> String) -> String {
        let mut out = String::with_capacity(self.0.len());
        for seg in self.segments() {
            match seg {
                Segment::Text(t) => out.push_str(&t),
                Segment::Code(c) => {
                    out.push('`');
                    out.push_str(&c);
                    out.push('`');
                }
                Segment::Time(ms) => out.push_str(&time(ms)),
                Segment::Mention(u) => {
                    out.push('@');
                    out.push_str(&u.name);
                }
                Segment::Channel(at) => {
                    out.push('#');
                    out.push_str(&at.channel);
                }
                Segment::Link { url, label } => {
                    out.push_str(&label);
                    out.push_str(": ");
                    out.push_str(&url);
                }
            }
        }
        out
    }
}

impl From<String> for Body {
    fn from(s: String) -> Body {
        Body(s)
    }
}

impl From<&str> for Body {
    fn from(s: &str) -> Body {
        Body(s.to_string())
    }
}

/// `ms` written out for transports without timestamp markup: `2024-05-01 13:45 UTC (in
/// 23 h)`, relative to `now_ms`, to the nearest minute (a reply printed a moment after it
/// was made still reads "in 24 h"; within half a minute, "now"), in the current language
/// ([`Reply::plain`]).
pub fn plain_time(ms: u64, now_ms: u64) -> String {
    let minute = |d: u64| d.saturating_add(30_000) / 60_000 * 60_000;
    let rel = if minute(ms.abs_diff(now_ms)) == 0 {
        // Within half a minute either way: not "in 0 s" (a deadline met by the driver
        // in the same minute).
        tr!("time-now")
    } else if ms >= now_ms {
        tr!(
            "time-in",
            span = crate::core::text::duration_text(minute(ms - now_ms))
        )
    } else {
        tr!(
            "time-ago",
            span = crate::core::text::duration_text(minute(now_ms - ms))
        )
    };
    format!("{} ({rel})", crate::core::text::date_text(ms))
}

/// One message the core wants posted in the channel it answers.
#[derive(Clone, Debug)]
pub struct Reply {
    /// The text: typed segments ([`Body::segments`]) each transport renders its own way.
    /// Mentioned players are written as their display names; [`Reply::mentions`] says
    /// whom to ping.
    pub body: Body,
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
    /// Sent to this user alone, as a direct message (a turn alert, `!notify dm`):
    /// Discord's DM channel, a Matrix direct room, a console line; then `to` is the
    /// channel the message is about. `None` (the default): a channel message.
    pub direct: Option<User>,
    /// The language the reply is written in: [`Reply::default`] takes the language of
    /// the command being answered ([`crate::i18n::with_lang`]). Transports without
    /// timestamps of their own write the reply's times in it ([`Reply::plain`]).
    pub lang: crate::i18n::Lang,
}

impl Default for Reply {
    /// An empty reply in the current language ([`crate::i18n::current`]).
    fn default() -> Reply {
        Reply {
            body: Body::default(),
            attachments: Vec::new(),
            mentions: Vec::new(),
            buttons: Vec::new(),
            is_error: false,
            to: None,
            direct: None,
            lang: crate::i18n::current(),
        }
    }
}

impl Reply {
    /// The text for transports without markup ([`Body::plain`]), its times in the
    /// reply's language: `2024-05-01 13:45 UTC (in 23 h)`, `(dans 23 h)`.
    pub fn plain(&self, now_ms: u64) -> String {
        crate::i18n::with_lang(self.lang, || self.body.plain(now_ms))
    }

    /// The core's text of this reply ([`Body::as_core_text`]), for tests and logs.
    pub fn text(&self) -> String {
        self.body.as_core_text()
    }
}

/// What one platform takes in one message: the numbers a transport declares to the core
/// ([`ChatCore::declare_limits`]), so that the core cuts replies and chooses
/// pictures for the platform the command came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TransportLimits {
    /// Longest text of one message, in characters as the core writes them (a time or
    /// mention marker counts its own characters). The core splits a longer reply into
    /// several messages ([`Reply::split`]), at most the host's `max_reply_chars`.
    pub chars_per_message: usize,
    /// Most files one reply may carry: the core sends a move's frames as a contact sheet
    /// beyond it (never fewer than 2, the sheet and the final board).
    pub attachments_per_message: usize,
    /// The largest upload, in bytes, one message's files may take together: the
    /// transport leaves out a file past it and says so in the text.
    pub bytes_per_file: usize,
    /// Longest text alternative (alt text) of one picture, in characters: the transport
    /// shortens a longer one, saying where the whole text is.
    pub alt_text_chars: usize,
}

impl TransportLimits {
    /// No limit of the platform's own (the console; a core no transport declared to):
    /// only the host's settings bound a reply.
    pub const UNBOUNDED: TransportLimits = TransportLimits {
        chars_per_message: usize::MAX,
        attachments_per_message: usize::MAX,
        bytes_per_file: usize::MAX,
        alt_text_chars: usize::MAX,
    };
}

impl Default for TransportLimits {
    /// [`TransportLimits::UNBOUNDED`].
    fn default() -> TransportLimits {
        TransportLimits::UNBOUNDED
    }
}

/// What a tournament game's room is to be: its name and who is asked in.
#[derive(Clone, Debug, PartialEq)]
pub struct RoomSpec {
    /// The room's name, `tourney-NAME-rR-bB` (tournament, round, board).
    pub name: String,
    /// Who is asked in: South's player, North's player, then the organizer. A transport
    /// whose rooms are open to all (Discord threads) may ignore it.
    pub invite: Vec<User>,
}

/// Opens a room (a Discord thread, a Matrix room, a console channel) for a game the core
/// starts by itself: a tournament pairing. The transport implements it and hands it to
/// the core with [`crate::core::Core::set_rooms`]; without one, the core uses the channel
/// named after the room in the home channel's community (what the console does).
///
/// The core calls it from within [`ChatCore::handle`] or [`ChatCore::tick`], that is on
/// a blocking thread: a transport may block on its HTTP call there.
pub trait Rooms: Send + Sync {
    /// Opens the room `room` under the channel `home` (where the tournament was
    /// created), and returns its key.
    ///
    /// # Errors
    /// Why the room could not be opened (missing permission, rate limit); the core then
    /// tries again at a later tick.
    fn open(&self, home: &ChannelKey, room: &RoomSpec) -> Result<ChannelKey, String>;

    /// Whether rooms can be opened for tournaments created in `home`; `Err`: why not, to
    /// tell the organizer (the core refuses `tournament new` then). Default: they can.
    ///
    /// # Errors
    /// The reason, as the refusal says it.
    fn can_open(&self, home: &ChannelKey) -> Result<(), String> {
        let _ = home;
        Ok(())
    }

    /// How long, in milliseconds, a room [`Rooms::open`] opened is kept after its game
    /// has ended (or its tournament has), before the core asks to [`Rooms::close`] it.
    /// `None` (the default): rooms are never closed (Discord archives idle threads by
    /// itself).
    fn close_after_ms(&self) -> Option<u64> {
        None
    }

    /// Closes a room [`Rooms::open`] opened, whose game has ended: the bot leaves it.
    /// Called once per room, by the periodic driver; a room already left is `Ok`.
    ///
    /// # Errors
    /// Why it could not be closed now; the core tries again at a later tick.
    fn close(&self, room: &ChannelKey) -> Result<(), String> {
        let _ = room;
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

    /// The lines of `!help` for the command `name` of the command table (empty for a
    /// name not in it), in the current language, with the running settings: the host's
    /// prefix and the AI's default level, not the defaults. Slash commands take their
    /// help text from it (issue 35).
    fn command_help(&self, name: &str) -> Vec<String>;

    /// Declares what the platform of a transport takes in one message
    /// ([`TransportLimits`]: characters, attachments, upload bytes, alt text), for the
    /// communities `owns` is true for (the ones that transport drives, as in
    /// [`ChatCore::tick_where`]): the core splits the replies it posts there, and picks
    /// their pictures, within them. Each transport calls it once as it starts; a later
    /// declaration comes before earlier ones. Where none was declared, only the host's
    /// settings bound a reply. Default: ignored (a fake core).
    fn declare_limits(&self, owns: fn(&str) -> bool, limits: TransportLimits) {
        let _ = (owns, limits);
    }

    /// The periodic driver of correspondence play: transports call it about once a
    /// minute (and once at start). It sends the reminders that have come due, handles
    /// deadlines that have passed (forfeits, timeout notices), announces challenges that
    /// expired unanswered (once each), plays the AI's moves still owed (after a restart
    /// or a full search queue), and drives the tournaments on the store's list (results,
    /// next rounds, rooms opened, and finished games' rooms closed after their grace),
    /// all from the store, so that a deadline that passed while the bot was down is
    /// handled at the first tick. Returns the messages to post, each with its channel.
    /// Blocking, like [`ChatCore::handle`]; nothing while the bot is shutting down.
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

    /// Games waiting for one of the AI's searchers now, beyond those searching: what a
    /// transport says when a command has taken long ("thinking, N games ahead").
    /// Default: none.
    fn ai_waiting(&self) -> usize {
        0
    }

    /// A pass for handling one event (a message, an interaction) from its arrival to its
    /// last reply sent, so that a shutdown waits for it; `None` when the bot is shutting
    /// down and takes no new command (the event is dropped unanswered: the platform no
    /// longer delivers to this process). Default: always a pass nobody waits for.
    fn enter(&self) -> Option<crate::core::intake::Pass> {
        Some(crate::core::intake::Pass::untracked())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_writes_its_plain_times_in_its_own_language() {
        let due = 1_700_000_000_000 + 3 * 3_600_000;
        let text = format!("deadline {}", time_token(due));
        let fr = crate::i18n::with_lang(crate::i18n::Lang::Fr, || Reply {
            body: Body::new(text.clone()),
            ..Reply::default()
        });
        let en = Reply {
            body: Body::new(text),
            ..Reply::default()
        };
        // Read outside any language: each reply keeps the one it was made in.
        assert_eq!(
            fr.plain(1_700_000_000_000),
            "deadline 15 nov. 2023 à 01:13 UTC (dans 3 h)"
        );
        assert_eq!(
            en.plain(1_700_000_000_000),
            "deadline 2023-11-15 01:13 UTC (in 3 h)"
        );
        let parts = fr.split(20);
        assert!(parts.iter().all(|r| r.lang == crate::i18n::Lang::Fr));
    }

    fn user(name: &str) -> User {
        User {
            id: name.to_lowercase(),
            name: name.into(),
        }
    }

    /// A marked name or time is read before code spans: a backtick inside a mention
    /// neither opens a code span nor leaks into the rest of the text.
    #[test]
    fn markers_are_read_before_code_spans() {
        let body = Body::new(format!(
            "{} to move: `!sow HOLE`, due {}.",
            mention_token(&user("x`y")),
            time_token(60_000)
        ));
        assert_eq!(
            body.segments(),
            vec![
                Segment::Mention(user("x`y")),
                Segment::Text(" to move: ".into()),
                Segment::Code("!sow HOLE".into()),
                Segment::Text(", due ".into()),
                Segment::Time(60_000),
                Segment::Text(".".into()),
            ]
        );
        assert_eq!(
            body.plain(0),
            "@x`y to move: `!sow HOLE`, due 1970-01-01 00:01 UTC (in 1 min)."
        );
    }

    /// A channel marker is a segment of its own (the archive's `!games`): `#channel` in
    /// plain text, whatever its name holds; a forged one is removed at the door.
    #[test]
    fn channel_markers_are_segments() {
        let at = ChannelKey {
            community: "g".into(),
            channel: "a`b".into(),
        };
        let body = Body::new(format!("in {}: `{}`", channel_token(&at), "x"));
        assert_eq!(
            body.segments(),
            vec![
                Segment::Text("in ".into()),
                Segment::Channel(at.clone()),
                Segment::Text(": ".into()),
                Segment::Code("x".into()),
            ]
        );
        assert_eq!(body.plain(0), "in #a`b: `x`");
        assert_eq!(sanitize(&channel_token(&at)), "ga`b");
    }

    /// Markers typed by a user are removed at the door, and names lose their backticks.
    #[test]
    fn incoming_markers_are_removed_and_names_cannot_open_code() {
        let forged = format!("!sow {}", time_token(5));
        let msg = Incoming {
            author: User {
                id: "a`b".into(),
                name: format!("a`b{}", mention_token(&user("z"))),
            },
            text: forged,
            ..Incoming::default()
        };
        let clean = msg.sanitized();
        assert_eq!(clean.text, "!sow 5");
        assert_eq!(clean.author.name, "a\u{2CB}bzz");
        assert_eq!(clean.author.id, "a`b");
        assert_eq!(
            Body::new("a \u{E000}12 stray").segments(),
            vec![Segment::Text("a 12 stray".into())]
        );
    }
}
