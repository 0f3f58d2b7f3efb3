//! The shapes of "one read, one write": what the dispatcher loads for a command
//! ([`ChannelState`]), what a command handler decides from it ([`Decision`] or
//! [`Refusal`]), and the replies it asks for ([`Draft`], whose [`Picture`]s are painted
//! only once the write has succeeded).
//!
//! A handler is a pure function of (state, command, [`Ctx`]): it never reads or writes
//! the store and never paints. The dispatcher ([`crate::core::Core`]) loads the state,
//! calls the handler, writes the [`Change`] with one compare-and-swap, decides again on
//! the reloaded state when another write came first, and then runs what follows a
//! finished game (ratings, tournament) and paints the pictures. So a lost race changes
//! nothing and paints nothing, and a handler can be tested without a store.

use mancala_rules::{Position, Side, Trace};

use crate::core::api::Reply;
use crate::core::painter::BoardInfo;
use crate::core::ratings::{RatingChange, RatingTable};
use crate::core::{ChannelSettings, PlayerPrefs, Settings};
use crate::model::{ChannelKey, User};
use crate::store::docs::Doc;
use crate::store::keys::DocKey;
use crate::store::{Record, Stored};

/// Everything a channel command decides from, loaded once per attempt.
///
/// Only what the command reads is loaded (see `Core::load_state`): the channel settings
/// when a passed deadline may forfeit the game, the last finished game when the channel
/// holds no game to show. Only the channel's record is compared when writing: the other
/// parts are read as they were, as before this shape.
#[derive(Clone, Debug, Default)]
pub(super) struct ChannelState {
    /// The channel's record (a challenge or a game in play) with its stored version.
    pub stored: Option<Stored>,
    /// The last game finished in the channel, when the command shows or repeats it
    /// (`!board`, `!history`, `!replay`, `!rematch`) and the channel holds no game.
    pub last_finished: Option<Record>,
    /// The last game finished in the channel, whatever it holds now, when the command
    /// reads it (`!analyze` reviews it during the next game too).
    pub last_played: Option<Record>,
    /// The channel's settings (`!set`), for a move (how it is shown) and when a deadline
    /// has passed in its game (they say whether it forfeits); the defaults otherwise.
    pub channel: ChannelSettings,
    /// The stored bytes of the channel's settings (`None`: never set), to compare
    /// against when a command changes them (`!set`).
    pub channel_version: Option<Vec<u8>>,
    /// The community's web settings (`!set web`) with their stored bytes: whether
    /// replies link a game's page, and what `!set web` compares against.
    pub site: Doc<crate::core::SiteSettings>,
    /// Whether the player to move muted his reminders (the driver's reminders only).
    pub muted: bool,
    /// The author's preferences in this community (`!mute`), with their stored bytes;
    /// the defaults when the command does not read them.
    pub author: Doc<PlayerPrefs>,
    /// The community's rating tables, one per family of [`crate::core::ratings::FAMILIES`]
    /// (`!rating`, `!leaderboard`); empty when the command does not read them.
    pub ratings: [RatingTable; 2],
    /// The tournament documents of the community whose tournaments the command means
    /// (`tournament_community`), with their bytes (`!tournament`).
    pub tournaments: Vec<(DocKey, Vec<u8>)>,
    /// The community whose tournaments a command here means: the channel's own, or the
    /// tournament's of the game this room holds (or held last), as for every room the
    /// bot opens on Matrix.
    pub tournament_community: String,
    /// The rating history of the command's subject (the user mentioned first, else the
    /// author), oldest first, one per family (`!rating`).
    pub rating_history: [Vec<RatingChange>; 2],
    /// The community's vacations (`!vacation`) with their stored bytes, when the
    /// command reads them; the defaults (nobody on vacation) otherwise.
    pub vacations: Doc<crate::core::prefs::Vacations>,
    /// The author's games in the community (`!games`): the index and the record of
    /// each of its games.
    pub games: crate::core::listing::Archive,
    /// The game the command's id argument names, if the community has it (`!game ID`).
    pub by_id: Option<Record>,
    /// The last games finished in the channel (`!history`).
    pub channel_log: crate::core::listing::Archive,
    /// The indexes of games of the author and of the people the record names, with
    /// their bytes (`None`: absent), when the command may start a game.
    pub indexes: Vec<(DocKey, Option<Vec<u8>>)>,
    /// The author's puzzles in the community, with their stored bytes, when the
    /// command reads them (issue 32); the defaults otherwise.
    pub puzzles: Doc<crate::core::puzzle::Puzzler>,
    /// The puzzles of the command's subject (the user it mentions first), when it is
    /// not the author and the command reads puzzles (`!puzzle stats @user`).
    pub subject_puzzles: Option<(User, crate::core::puzzle::Puzzler)>,
}

impl ChannelState {
    #[cfg(test)]
    /// A state holding `record` as the channel's record, with a version made up for
    /// tests (no store compares it).
    pub(super) fn with_record(record: Record) -> ChannelState {
        ChannelState {
            stored: Some(Stored {
                record,
                version: crate::store::Version::detached(),
            }),
            ..ChannelState::default()
        }
    }

    /// The channel's record, if any.
    pub(super) fn record(&self) -> Option<&Record> {
        self.stored.as_ref().map(|s| &s.record)
    }
}

/// The circumstances of a command: who, where, when, and the core's settings.
#[derive(Clone, Copy, Debug)]
pub(super) struct Ctx<'a> {
    /// The channel.
    pub at: &'a ChannelKey,
    /// Who sent the command.
    pub author: &'a User,
    /// Whether the author is an organizer where he wrote (see
    /// [`crate::core::api::Incoming::is_organizer`]).
    pub organizer: bool,
    /// The platform's locale of the message answered, if it gave one.
    pub locale: Option<&'a str>,
    /// Why the transport cannot open rooms for a tournament here, when it cannot
    /// (`!tournament new` is refused then).
    pub rooms_refused: Option<&'a str>,
    /// Now, in milliseconds since the Unix epoch (one reading per attempt).
    pub now: u64,
    /// The core's settings.
    pub settings: &'a Settings,
    /// A fair coin tossed by the dispatcher for each attempt: the side of a challenger
    /// (or of a player of the AI) who named none. A handler stays a pure function of its
    /// inputs; tests choose the side.
    pub coin: Side,
}

impl Ctx<'_> {
    /// The command prefix, e.g. `!`.
    pub(super) fn p(&self) -> &str {
        &self.settings.prefix
    }
}

/// A refused command: the text of the one error reply; nothing changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Refusal(pub String);

/// `Err(Refusal(text))`.
pub(super) fn refuse<T>(text: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal(text.into()))
}

/// The one write a decision asks for, to the channel's record.
#[derive(Clone, Debug)]
pub(super) enum Change {
    /// A new record where the channel holds none (or an expired challenge): the
    /// store gives it a fresh game id as it writes it ([`crate::store::GameOp::Create`]),
    /// so that the handler needs no store.
    Create(Record),
    /// Store this record as the channel's.
    Put(Record),
    /// The game is over: move it to the history. The dispatcher then applies it to the
    /// ratings and to its tournament, and appends the rating line to the first reply.
    Finish(Record),
    /// Remove the channel's record (a declined or expired challenge).
    Remove,
}

/// A document a decision writes: `value` at `key` if it still holds `expected` (the
/// bytes read, `None`: absent), in the same compare-and-swap as the channel's record.
#[derive(Clone, Debug)]
pub(super) struct DocWrite {
    /// The document.
    pub key: DocKey,
    /// Its bytes as read.
    pub expected: Option<Vec<u8>>,
    /// Its new bytes (JSON).
    pub value: Vec<u8>,
}

impl DocWrite {
    /// `value` as JSON at `key`, which held `expected` when read.
    pub(super) fn of<T: serde::Serialize>(
        key: DocKey,
        expected: Option<Vec<u8>>,
        value: &T,
    ) -> DocWrite {
        DocWrite {
            key,
            expected,
            value: serde_json::to_vec(value).expect("documents always serialize"),
        }
    }
    /// The store's write of this document, in a commit of the dispatcher.
    pub(crate) fn into_op(self) -> crate::store::Op {
        crate::store::Op::Doc {
            key: self.key,
            expected: self.expected,
            value: Some(self.value),
        }
    }
}

/// What follows a tournament command's write in the tournament's other channels: each
/// game there changes through the dispatcher of its own channel, as a command of the
/// driver (a tournament never writes a game itself).
#[derive(Clone, Debug)]
pub(super) enum FollowUp {
    /// The tournament `key` started: open its first round's rooms and games, then
    /// announce it (the announcement names the rooms).
    Started(DocKey),
    /// `user` withdrew from the tournament `key`: resign his game in play (its room
    /// and id), then pair the next round if the current one is complete.
    Withdrawn {
        /// The tournament.
        key: DocKey,
        /// His game in play, if any: its room and id.
        game: Option<(ChannelKey, String)>,
        /// Who withdrew.
        user: User,
    },
    /// The tournament `name` was cancelled: abort its games in play (room and id),
    /// then say how many were.
    Cancelled {
        /// Its name, for the reply.
        name: String,
        /// Its games in play.
        games: Vec<(ChannelKey, String)>,
    },
    /// An organizer's act on one game of a tournament, run in the game's room.
    Organize(Box<crate::core::tournament::RoomAct>),
    /// The clocks of the tournament's games in play follow its pause or resume, then
    /// the next round is paired if due.
    Clocks(DocKey),
    /// A challenge made in a channel that plays each game in a room of its own (`!set
    /// threads on`): open the room, then create the challenge there with its replies.
    GameRoom(Box<GameRoom>),
}

/// A challenge waiting for its room ([`FollowUp::GameRoom`]).
#[derive(Clone, Debug)]
pub(in crate::core) struct GameRoom {
    /// The challenge, its channel still the one it was made in.
    pub record: Record,
    /// Its replies, posted in the room.
    pub replies: Vec<Draft>,
    /// The room to open: its name and who is asked in.
    pub spec: crate::core::api::RoomSpec,
}

/// What a command decided: the writes (none for a command that only looks) and the
/// replies to post once they succeeded.
#[derive(Clone, Debug, Default)]
pub(super) struct Decision {
    /// The write of the channel's record; `None`: it stays as read.
    pub change: Option<Change>,
    /// The documents written with it, in the same compare-and-swap.
    pub docs: Vec<DocWrite>,
    /// What runs after the write, in other channels, each a command of its own.
    pub follow: Vec<FollowUp>,
    /// The replies, in order.
    pub replies: Vec<Draft>,
}

impl Decision {
    /// Replies only, no write.
    pub(super) fn look(replies: Vec<Draft>) -> Decision {
        Decision {
            replies,
            ..Decision::default()
        }
    }

    /// `change` with its replies.
    pub(super) fn write(change: Change, replies: Vec<Draft>) -> Decision {
        Decision {
            change: Some(change),
            replies,
            ..Decision::default()
        }
    }

    /// Replies and the documents `docs`, no change to the channel's record.
    pub(super) fn docs(docs: Vec<DocWrite>, replies: Vec<Draft>) -> Decision {
        Decision {
            docs,
            replies,
            ..Decision::default()
        }
    }

    #[cfg(test)]
    /// The text of every reply, for tests and logs.
    pub(super) fn texts(&self) -> Vec<String> {
        self.replies.iter().map(|d| d.reply.text()).collect()
    }
}

/// A reply as decided: everything but its pictures, which the dispatcher paints after
/// the write, in order, into [`Reply::attachments`].
#[derive(Clone, Debug, Default)]
pub(super) struct Draft {
    /// The reply, without attachments.
    pub reply: Reply,
    /// The pictures to attach.
    pub pictures: Vec<Picture>,
}

impl Draft {
    /// A plain text reply.
    pub(super) fn text(text: impl Into<String>) -> Draft {
        Draft {
            reply: Reply {
                body: text.into().into(),
                ..Reply::default()
            },
            pictures: Vec::new(),
        }
    }

    /// A reply with `body`, `pictures` and `mentions`.
    pub(super) fn new(body: String, pictures: Vec<Picture>, mentions: Vec<User>) -> Draft {
        Draft {
            reply: Reply {
                body: body.into(),
                mentions,
                ..Reply::default()
            },
            pictures,
        }
    }
}

/// A picture a reply asks for (see [`crate::core::painter::Painter`]).
#[derive(Clone, Debug)]
pub(super) enum Picture {
    /// The board `pos`, as `board.png`.
    Board {
        /// The position.
        pos: Position,
        /// Its labels.
        info: BoardInfo,
    },
    /// The pictures of a move in `style`: every frame within the attachment limit (or
    /// the contact sheet and the final board), the sheet and the final board, the final
    /// board with the path, or the GIF; then the `extra` boards under their file names.
    Move {
        /// The move.
        trace: Trace,
        /// Its labels.
        info: BoardInfo,
        /// Boards after the frames, e.g. `next-game.png` when a match goes on.
        extra: Vec<(String, Position, BoardInfo)>,
        /// Which pictures of the move (the channel's `!set pictures`).
        style: crate::core::show::PictureStyle,
    },
    /// The summary chart of a finished game, `summary.png`, when the painter draws
    /// charts (issue 14 item 4).
    Summary(crate::core::painter::LineChart),
    /// A player's rating history (`!rating`), as `rating.png`.
    Rating(crate::core::painter::LineChart),
    /// A table (a tournament's standings or crosstable), as the file `name`.
    Table {
        /// The table.
        table: crate::core::painter::TablePicture,
        /// Its file name.
        name: &'static str,
    },
    /// The move as an animated GIF, `move.gif`; painting it appends `, in N frames.` to
    /// the reply's text (the number of frames is the painter's).
    Replay {
        /// The move.
        trace: Trace,
        /// Its labels.
        info: BoardInfo,
    },
}

impl Picture {
    /// Draws this picture's boards in the colours of `theme` (charts keep theirs).
    pub(super) fn set_theme(&mut self, theme: crate::core::show::Theme) {
        match self {
            Picture::Board { info, .. } | Picture::Replay { info, .. } => info.theme = theme,
            Picture::Move { info, extra, .. } => {
                info.theme = theme;
                for (_, _, i) in extra {
                    i.theme = theme;
                }
            }
            Picture::Summary(_) | Picture::Rating(_) | Picture::Table { .. } => {}
        }
    }
}
