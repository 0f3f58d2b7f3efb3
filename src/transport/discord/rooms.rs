//! Rooms for the games the core starts by itself (tournament pairings): a public thread
//! per game in the channel where the tournament was created ([`DiscordRooms`]).
//!
//! The core is built before the Discord client, and the client's HTTP handle exists only
//! once the client is built; so the rooms start detached and [`super::run`] attaches the
//! HTTP handle (and the runtime) right after building the client: core -> rooms -> HTTP,
//! no cycle.

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use serenity::all::{AutoArchiveDuration, Channel, ChannelId, ChannelType, CreateThread, Http};
use tokio::runtime::Handle;

use crate::core::api::{RoomSpec, Rooms};
use crate::model::ChannelKey;

/// Discord's limits on a thread name, in characters.
const NAME_CHARS: std::ops::RangeInclusive<usize> = 2..=100;

/// Opens a tournament game's room as a public thread (auto-archived after a week without
/// messages) in the home channel, or, when the home channel is itself a thread, in that
/// thread's parent channel. Needs the Create Public Threads permission there (and Send
/// Messages in Threads to post in it).
pub struct DiscordRooms {
    link: OnceLock<(Arc<Http>, Handle)>,
    timeout: Duration,
}

impl Default for DiscordRooms {
    fn default() -> Self {
        DiscordRooms::new()
    }
}

impl DiscordRooms {
    /// Detached rooms (every [`Rooms::open`] fails until [`DiscordRooms::attach`]); each
    /// open waits at most 30 s for Discord.
    pub fn new() -> Self {
        DiscordRooms {
            link: OnceLock::new(),
            timeout: Duration::from_secs(30),
        }
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
    /// missing permissions), or no answer in time.
    fn open(&self, home: &ChannelKey, room: &RoomSpec) -> Result<ChannelKey, String> {
        let (http, runtime) = self
            .link
            .get()
            .ok_or("the Discord client is not connected yet")?;
        let home_id = super::adapter::channel_id(home)
            .ok_or_else(|| format!("{:?} is not a Discord channel id", home.channel))?;
        let name = thread_name(&room.name);
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        let http = http.clone();
        runtime.spawn(async move {
            let _ = tx.send(open_thread(&http, home_id, name).await);
        });
        let id = rx
            .recv_timeout(self.timeout)
            .map_err(|_| format!("Discord did not open the room within {:?}", self.timeout))??;
        Ok(ChannelKey {
            community: home.community.clone(),
            channel: id.get().to_string(),
        })
    }
}

/// `POST /channels/{home}/threads` for a public thread called `name`; when `home` turns
/// out to be a thread (threads cannot hold threads), once more in its parent channel.
async fn open_thread(http: &Http, home: ChannelId, name: String) -> Result<ChannelId, String> {
    let builder = || {
        CreateThread::new(name.clone())
            .kind(ChannelType::PublicThread)
            .auto_archive_duration(AutoArchiveDuration::OneWeek)
    };
    let first = match home.create_thread(http, builder()).await {
        Ok(thread) => {
            tracing::info!(thread = %thread.id, %home, %name, "opened a game room");
            return Ok(thread.id);
        }
        Err(e) => e,
    };
    if let Ok(Channel::Guild(c)) = home.to_channel(http).await {
        if let (Some(_), Some(parent)) = (&c.thread_metadata, c.parent_id) {
            return match parent.create_thread(http, builder()).await {
                Ok(thread) => {
                    tracing::info!(thread = %thread.id, %parent, %name, "opened a game room");
                    Ok(thread.id)
                }
                Err(e) => Err(format!(
                    "cannot open the thread {name:?} in channel {parent}: {e}"
                )),
            };
        }
    }
    Err(format!(
        "cannot open the thread {name:?} in channel {home}: {first}"
    ))
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
