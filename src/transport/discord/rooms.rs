//! Rooms for the games the core starts by itself (tournament pairings): a public thread
//! per game in the channel where the tournament was created ([`DiscordRooms`]).
//!
//! The core is built before the Discord client, and the client's HTTP handle exists only
//! once the client is built; so the rooms start detached and [`super::run`] attaches the
//! HTTP handle (and the runtime) right after building the client: core -> rooms -> HTTP,
//! no cycle.
//!
//! When the server has reached Discord's cap on active threads (issue 33: code 160006,
//! 160007 for announcement channels), the games wait: [`Rooms::open`] fails, and the core
//! tries again at a later tick (a game's room is its own channel, so the games cannot
//! share the home channel). The organizer gets one note in the home channel, and no
//! thread is asked for in that server for [`DiscordRooms::pause_when_full`] (every call
//! would be refused the same way).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use serenity::all::{
    AutoArchiveDuration, Channel, ChannelId, ChannelType, CreateThread, Http, HttpError, UserId,
};
use tokio::runtime::Handle;

use super::adapter::OutMessage;
use super::send::{deliver_to, patiently, Closed};
use crate::core::api::{RoomSpec, Rooms};
use crate::model::{ChannelKey, User};

/// Discord's limits on a thread name, in characters.
const NAME_CHARS: std::ops::RangeInclusive<usize> = 2..=100;

/// Opens a tournament game's room as a public thread (auto-archived after a week without
/// messages) in the home channel, or, when the home channel is itself a thread, in that
/// thread's parent channel. Needs the Create Public Threads permission there (and Send
/// Messages in Threads to post in it).
pub struct DiscordRooms {
    link: OnceLock<(Arc<Http>, Handle)>,
    timeout: Duration,
    /// Servers (communities) at Discord's cap on active threads, until when no thread
    /// is asked for there.
    full: Mutex<HashMap<String, Instant>>,
    /// See [`DiscordRooms::pause_when_full`].
    pause: Duration,
}

impl Default for DiscordRooms {
    fn default() -> Self {
        DiscordRooms::new()
    }
}

impl DiscordRooms {
    /// Detached rooms (every [`Rooms::open`] fails until [`DiscordRooms::attach`]); each
    /// open waits at most 30 s for Discord; 5 minutes without asking for threads in a
    /// server at Discord's cap.
    pub fn new() -> Self {
        DiscordRooms {
            link: OnceLock::new(),
            timeout: Duration::from_secs(30),
            full: Mutex::new(HashMap::new()),
            pause: Duration::from_secs(5 * 60),
        }
    }

    /// How long no thread is asked for in a server after Discord answered that it has
    /// reached its cap on active threads (threads are archived after a week without
    /// messages, or by a moderator): [`Rooms::open`] fails at once meanwhile.
    #[must_use]
    pub fn pause_when_full(mut self, pause: Duration) -> Self {
        self.pause = pause;
        self
    }

    /// `Some(reason)` while `community` is within a pause after the cap was reached.
    fn still_full(&self, community: &str) -> Option<String> {
        let full = self.full.lock().unwrap_or_else(|p| p.into_inner());
        let until = *full.get(community)?;
        let left = until.checked_duration_since(Instant::now())?;
        Some(format!(
            "the server is at Discord's cap on active threads; asking again in {} s",
            left.as_secs()
        ))
    }

    /// Records that `community` is at the cap; whether it was not already (a new
    /// episode: the organizer is told).
    fn mark_full(&self, community: &str) -> bool {
        let mut full = self.full.lock().unwrap_or_else(|p| p.into_inner());
        let now = Instant::now();
        let was = full.get(community).is_some_and(|&t| t > now);
        full.insert(community.to_string(), now + self.pause);
        !was
    }

    /// Gives the rooms the client's HTTP handle and the runtime its calls run on. Only
    /// the first call counts; returns whether this one did.
    pub fn attach(&self, http: Arc<Http>, runtime: Handle) -> bool {
        self.link.set((http, runtime)).is_ok()
    }

    /// Whether [`DiscordRooms::attach`] has been called.
    pub fn is_attached(&self) -> bool {
        self.link.get().is_some()
    }
}

/// `name` cut to Discord's 100 characters, padded to its 2-character minimum.
pub fn thread_name(name: &str) -> String {
    let mut n: String = name.trim().chars().take(*NAME_CHARS.end()).collect();
    while n.chars().count() < *NAME_CHARS.start() {
        n.push('-');
    }
    n
}

impl Rooms for DiscordRooms {
    /// Creates the thread called `room.name` and returns its key (same community as
    /// `home`). Nobody is invited: anyone who sees the channel sees a public thread,
    /// and the players are pinged by the game's first message.
    ///
    /// Blocking: called by the core on a blocking thread, it runs the HTTP call as a task
    /// on the client's runtime and waits for it on a channel (never `block_on`, which
    /// would panic if ever called on a runtime thread), at most 30 s.
    ///
    /// # Errors
    /// Not attached yet, `home` not a Discord channel, Discord refused (the reason, e.g.
    /// missing permissions, or the server's cap on active threads: then the organizer,
    /// the last of `room.invite`, gets a note in `home`), the server was at the cap
    /// moments ago (no call), or no answer in time.
    fn open(&self, home: &ChannelKey, room: &RoomSpec) -> Result<ChannelKey, String> {
        let (http, runtime) = self
            .link
            .get()
            .ok_or("the Discord client is not connected yet")?;
        let home_id = super::adapter::channel_id(home)
            .ok_or_else(|| format!("{:?} is not a Discord channel id", home.channel))?;
        if let Some(why) = self.still_full(&home.community) {
            return Err(why);
        }
        let name = thread_name(&room.name);
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        let task_http = http.clone();
        runtime.spawn(async move {
            let _ = tx.send(open_thread(&task_http, home_id, name).await);
        });
        let opened = rx
            .recv_timeout(self.timeout)
            .map_err(|_| format!("Discord did not open the room within {:?}", self.timeout))?;
        let id = match opened {
            Ok(id) => id,
            Err(Refused::Full(why)) => {
                tracing::warn!(%home_id, "{why}: the games wait for threads");
                if self.mark_full(&home.community) {
                    let note = full_note(room.invite.last(), &room.name);
                    let http = http.clone();
                    runtime.spawn(async move {
                        let sent = deliver_to(home_id, &note, |m| {
                            let http = http.clone();
                            async move { home_id.send_message(&http, m.to_message()).await }
                        });
                        if let Err(e) = sent.await {
                            tracing::warn!(%home_id, "posting the note on threads failed: {e}");
                        }
                    });
                }
                return Err(why);
            }
            Err(Refused::Other(why)) => return Err(why),
        };
        Ok(ChannelKey {
            community: home.community.clone(),
            channel: id.get().to_string(),
        })
    }
}

/// Why a thread was not opened.
enum Refused {
    /// The server is at Discord's cap on active threads (160006, 160007).
    Full(String),
    /// Any other reason.
    Other(String),
}

/// Whether `e` says the server has reached its cap on active threads: code 160006
/// (160007 for announcement threads).
fn is_full(e: &serenity::Error) -> bool {
    matches!(e, serenity::Error::Http(HttpError::UnsuccessfulRequest(r))
        if matches!(r.error.code, 160006 | 160007))
}

/// Whether the thread may be opened in `home`'s parent after `e`: not when Discord
/// said the server is full, the channel is gone or closed to the bot, or asked to wait.
fn worth_the_parent(e: &serenity::Error) -> bool {
    let limited = matches!(e, serenity::Error::Http(HttpError::UnsuccessfulRequest(r))
        if r.status_code.as_u16() == 429);
    !is_full(e) && Closed::of(e).is_none() && !limited
}

/// The note to the organizer (pinged) when the thread for `room` could not be opened
/// because the server is at the cap.
fn full_note(organizer: Option<&User>, room: &str) -> OutMessage {
    let id = organizer
        .and_then(|u| u.id.parse::<u64>().ok())
        .filter(|&id| id != 0);
    let who = id.map_or_else(String::new, |id| format!("<@{id}>"));
    let mut note = OutMessage::text(
        tr!(
            "discord-threads-full",
            organizer = who,
            room = room.to_string()
        ),
        false,
    );
    note.pings = id.map(UserId::new).into_iter().collect();
    note
}

/// `POST /channels/{home}/threads` for a public thread called `name`; when `home` turns
/// out to be a thread (threads cannot hold threads), once more in its parent channel.
async fn open_thread(http: &Http, home: ChannelId, name: String) -> Result<ChannelId, Refused> {
    let builder = || {
        CreateThread::new(name.clone())
            .kind(ChannelType::PublicThread)
            .auto_archive_duration(AutoArchiveDuration::OneWeek)
    };
    let first = match patiently(|| home.create_thread(http, builder())).await {
        Ok(thread) => {
            tracing::info!(thread = %thread.id, %home, %name, "opened a game room");
            return Ok(thread.id);
        }
        Err(e) => e,
    };
    let cannot = |at: ChannelId, e: &serenity::Error| {
        let why = format!("cannot open the thread {name:?} in channel {at}: {e}");
        if is_full(e) {
            Refused::Full(why)
        } else {
            Refused::Other(why)
        }
    };
    if !worth_the_parent(&first) {
        return Err(cannot(home, &first));
    }
    if let Ok(Channel::Guild(c)) = home.to_channel(http).await {
        if let (Some(_), Some(parent)) = (&c.thread_metadata, c.parent_id) {
            return match patiently(|| parent.create_thread(http, builder())).await {
                Ok(thread) => {
                    tracing::info!(thread = %thread.id, %parent, %name, "opened a game room");
                    Ok(thread.id)
                }
                Err(e) => Err(cannot(parent, &e)),
            };
        }
    }
    Err(cannot(home, &first))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(name: &str) -> RoomSpec {
        RoomSpec {
            name: name.into(),
            invite: Vec::new(),
        }
    }

    #[test]
    fn thread_names_fit_discords_limits() {
        assert_eq!(thread_name("tourney-spring-r1-b2"), "tourney-spring-r1-b2");
        assert_eq!(thread_name(&"x".repeat(150)).chars().count(), 100);
        assert_eq!(thread_name("a"), "a-");
    }

    #[test]
    fn detached_rooms_refuse_with_a_reason() {
        let rooms = DiscordRooms::new();
        let home = ChannelKey {
            community: "1".into(),
            channel: "2".into(),
        };
        let err = rooms.open(&home, &spec("tourney-x-r1-b1")).unwrap_err();
        assert!(err.contains("not connected"), "{err}");
        assert!(!rooms.is_attached());
    }

    #[test]
    fn a_home_that_is_no_discord_channel_is_refused_without_a_call() {
        let rt = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let rooms = DiscordRooms::new();
        assert!(rooms.attach(Arc::new(Http::new("t")), rt.handle().clone()));
        assert!(!rooms.attach(Arc::new(Http::new("u")), rt.handle().clone()));
        let home = ChannelKey {
            community: "1".into(),
            channel: "lobby".into(),
        };
        let err = rooms.open(&home, &spec("tourney-x-r1-b1")).unwrap_err();
        assert_eq!(err, "\"lobby\" is not a Discord channel id");
    }
}
