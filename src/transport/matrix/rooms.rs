//! Rooms for the games the core starts by itself (tournament pairings): a Matrix room
//! per game ([`MatrixRooms`]), which the bot creates, names after the tournament, round
//! and board, and invites both players and the organizer to; in the home room's trusted
//! spaces (`Trust::admits_space`: a space that lists the home room back, and that the
//! configuration allows), and encrypted when the home room is. The bot leaves it once
//! the game has been over for the grace period.
//!
//! Like Discord's rooms, they start detached: the core is built before the Matrix client
//! exists, and [`super::MatrixBot::start`] attaches the client and its runtime (again at
//! each start, so a restarted transport's rooms use its new client).

use std::sync::{Arc, RwLock};
use std::time::Duration;

use matrix_sdk::deserialized_responses::SyncOrStrippedState;
use matrix_sdk::ruma::api::client::room::create_room;
use matrix_sdk::ruma::api::client::state::get_state_event_for_key;
use matrix_sdk::ruma::events::room::encryption::RoomEncryptionEventContent;
use matrix_sdk::ruma::events::space::child::SpaceChildEventContent;
use matrix_sdk::ruma::events::space::parent::SpaceParentEventContent;
use matrix_sdk::ruma::events::{InitialStateEvent, StateEventType, SyncStateEvent};
use matrix_sdk::ruma::serde::Raw;
use matrix_sdk::ruma::{OwnedRoomId, OwnedServerName, OwnedUserId, RoomId, UserId};
use matrix_sdk::{Client, Room, RoomState};
use tokio::runtime::Handle;

use super::format::channel_key;
use super::trust::{Trust, MODERATOR_LEVEL};
use crate::core::api::{RoomSpec, Rooms};
use crate::model::ChannelKey;

/// Opens a tournament game's room on Matrix (see the module): a private room (invited
/// members only, history visible to members) named `room.name`.
#[derive(Debug)]
pub struct MatrixRooms {
    link: RwLock<Option<(Client, Handle, Arc<Trust>)>>,
    /// How long a room is kept after its game ended.
    grace: Duration,
    /// How long one call may take.
    timeout: Duration,
}

impl MatrixRooms {
    /// Detached rooms (every [`Rooms::open`] fails until [`MatrixRooms::attach`]) that
    /// are left `grace` after their game ended; each call waits at most 60 s for the
    /// homeserver.
    pub fn new(grace: Duration) -> Self {
        MatrixRooms {
            link: RwLock::new(None),
            grace,
            timeout: Duration::from_secs(60),
        }
    }

    /// Gives the rooms the logged-in client, the runtime its calls run on and the
    /// spaces it may list rooms in; a later call (the transport started again) replaces
    /// them.
    pub fn attach(&self, client: Client, runtime: Handle, trust: Arc<Trust>) {
        *self.link.write().unwrap_or_else(|e| e.into_inner()) = Some((client, runtime, trust));
    }

    /// Runs `job` on the client's runtime and waits for it, at most `self.timeout`
    /// (called by the core on a blocking thread: never `block_on`).
    fn call<T, F>(&self, what: &str, job: impl FnOnce(Client, Arc<Trust>) -> F) -> Result<T, String>
    where
        T: Send + 'static,
        F: std::future::Future<Output = Result<T, String>> + Send + 'static,
    {
        let (client, runtime, trust) = self
            .link
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
            .ok_or("the Matrix client is not connected yet")?;
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        let fut = job(client, trust);
        runtime.spawn(async move {
            let _ = tx.send(fut.await);
        });
        rx.recv_timeout(self.timeout)
            .map_err(|_| format!("the homeserver did not {what} within {:?}", self.timeout))?
    }
}

/// The Matrix room of a channel key, if it names one.
fn room_id(key: &ChannelKey) -> Result<OwnedRoomId, String> {
    RoomId::parse(&key.channel).map_err(|_| format!("{:?} is not a Matrix room id", key.channel))
}

impl Rooms for MatrixRooms {
    /// Creates the room and returns its key (the new room is its own community, as every
    /// Matrix room; the game's rating still counts in the tournament's community).
    ///
    /// # Errors
    /// Not attached yet, `home` not a room the bot is in, the homeserver refused, or no
    /// answer in time.
    fn open(&self, home: &ChannelKey, room: &RoomSpec) -> Result<ChannelKey, String> {
        let home = room_id(home)?;
        let spec = room.clone();
        let id = self.call("open the room", move |client, trust| async move {
            open_room(&client, &trust, &home, &spec).await
        })?;
        Ok(channel_key(id.as_str()))
    }

    fn can_open(&self, home: &ChannelKey) -> Result<(), String> {
        room_id(home).map(|_| ())
    }

    fn close_after_ms(&self) -> Option<u64> {
        Some(self.grace.as_millis() as u64)
    }

    /// Leaves the room (a room the bot is no longer in is closed already).
    fn close(&self, room: &ChannelKey) -> Result<(), String> {
        let id = room_id(room)?;
        self.call("leave the room", move |client, _| async move {
            match client.get_room(&id) {
                Some(r) if r.state() == RoomState::Joined || r.state() == RoomState::Invited => {
                    r.leave()
                        .await
                        .map_err(|e| format!("cannot leave {id}: {e}"))?;
                    tracing::info!(room = %id, "Matrix: left a finished game's room");
                    Ok(())
                }
                _ => Ok(()),
            }
        })
    }
}

/// Creates the game's room (see [`MatrixRooms`]), then gives the organizer moderator
/// rights there and lists the room in the home room's spaces (both best effort: the
/// room is usable without them).
async fn open_room(
    client: &Client,
    trust: &Trust,
    home: &RoomId,
    spec: &RoomSpec,
) -> Result<OwnedRoomId, String> {
    let home_room = client
        .get_room(home)
        .ok_or_else(|| format!("the bot is not in the home room {home}"))?;
    let encrypted = home_room
        .latest_encryption_state()
        .await
        .map_err(|e| format!("cannot tell whether {home} is encrypted: {e}"))?
        .is_encrypted();
    let spaces = trusted_spaces(client, trust, &home_room).await;
    let own = client.user_id().map(ToOwned::to_owned);
    let invite = invitees(spec, own.as_deref());
    let mut req = create_room::v3::Request::new();
    req.name = Some(spec.name.clone());
    req.invite = invite.clone();
    req.preset = Some(create_room::v3::RoomPreset::PrivateChat);
    req.initial_state = initial_state(encrypted, &spaces)?;
    let room = client
        .create_room(req)
        .await
        .map_err(|e| format!("cannot create the room {:?}: {e}", spec.name))?;
    let id = room.room_id().to_owned();
    tracing::info!(room = %id, name = %spec.name, encrypted, "Matrix: opened a game room");
    if let Some(organizer) = spec.invite.get(2).and_then(|u| UserId::parse(&u.id).ok()) {
        moderator(client, &room, &organizer).await;
    }
    for (space, via) in &spaces {
        list_in_space(client, space, &id, via).await;
    }
    Ok(id)
}

/// The Matrix users of `spec.invite`, without the bot itself, duplicates, or ids that are
/// no Matrix user ids.
fn invitees(spec: &RoomSpec, own: Option<&UserId>) -> Vec<OwnedUserId> {
    let mut out: Vec<OwnedUserId> = Vec::new();
    for u in &spec.invite {
        if let Ok(id) = UserId::parse(&u.id) {
            if Some(id.as_ref()) != own && !out.contains(&id) {
                out.push(id);
            }
        }
    }
    out
}

/// The new room's initial state: encryption when the home room is encrypted, and an
/// `m.space.parent` for each space of the home room.
fn initial_state(
    encrypted: bool,
    spaces: &[(OwnedRoomId, Vec<OwnedServerName>)],
) -> Result<Vec<Raw<matrix_sdk::ruma::events::AnyInitialStateEvent>>, String> {
    let bad = |e: serde_json::Error| format!("cannot write the room's state: {e}");
    let mut state = Vec::new();
    if encrypted {
        let ev = InitialStateEvent::with_empty_state_key(
            RoomEncryptionEventContent::with_recommended_defaults(),
        );
        state.push(Raw::new(&ev).map_err(bad)?.cast());
    }
    for (space, via) in spaces {
        let ev = InitialStateEvent::new(space.clone(), SpaceParentEventContent::new(via.clone()));
        state.push(Raw::new(&ev).map_err(bad)?.cast());
    }
    Ok(state)
}

/// The spaces `room` says it belongs to (`m.space.parent` with a non-empty `via`), each
/// with its `via` servers.
async fn parent_spaces(room: &Room) -> Vec<(OwnedRoomId, Vec<OwnedServerName>)> {
    let Ok(events) = room
        .get_state_events_static::<SpaceParentEventContent>()
        .await
    else {
        return Vec::new();
    };
    events
        .into_iter()
        .filter_map(|raw| match raw.deserialize().ok()? {
            SyncOrStrippedState::Sync(SyncStateEvent::Original(ev)) => {
                Some((ev.state_key, ev.content.via))
            }
            SyncOrStrippedState::Stripped(ev) => Some((ev.state_key, ev.content.via?)),
            _ => None,
        })
        .filter(|(_, via)| !via.is_empty())
        .collect()
}

/// The home room's parent spaces that [`Trust::admits_space`]: each claimed by the home
/// room's `m.space.parent`, joined by the bot, listing the home room back with an
/// `m.space.child` (non-empty `via`), and allowed by the configuration. A room moderator
/// may name any space as the parent; one that does not say so back is left alone, with
/// a warning.
async fn trusted_spaces(
    client: &Client,
    trust: &Trust,
    home: &Room,
) -> Vec<(OwnedRoomId, Vec<OwnedServerName>)> {
    let mut out = Vec::new();
    for (space, via) in parent_spaces(home).await {
        let lister = match client.get_room(&space) {
            Some(r) if r.state() == RoomState::Joined => child_lister(&r, home.room_id()).await,
            _ => None,
        };
        if trust.admits_space(space.as_str(), lister.as_ref().map(|u| u.as_str())) {
            out.push((space, via));
        } else {
            tracing::warn!(home = %home.room_id(), %space, listed_back = lister.is_some(), "Matrix: the home room names a space that does not list it back, or that matrix.allow does not allow; game rooms are not listed there");
        }
    }
    out
}

/// Who sent `space`'s `m.space.child` for `child` (with a non-empty `via`); `None` when
/// the space does not list it.
async fn child_lister(space: &Room, child: &RoomId) -> Option<OwnedUserId> {
    let raw = space
        .get_state_event_static_for_key::<SpaceChildEventContent, _>(child)
        .await
        .ok()??;
    match raw.deserialize().ok()? {
        SyncOrStrippedState::Sync(SyncStateEvent::Original(ev)) if !ev.content.via.is_empty() => {
            Some(ev.sender)
        }
        _ => None,
    }
}

/// Gives `user` the moderator level in `room`, so that the organizer is one there too:
/// the room's power levels as the homeserver has them (the new room's state may not have
/// come down the sync yet), with `user` at [`MODERATOR_LEVEL`]. A refusal is logged.
async fn moderator(client: &Client, room: &Room, user: &UserId) {
    let set = async {
        let req = get_state_event_for_key::v3::Request::new(
            room.room_id().to_owned(),
            StateEventType::RoomPowerLevels,
            String::new(),
        );
        let resp = client.send(req).await.map_err(|e| e.to_string())?;
        let mut levels: serde_json::Value =
            serde_json::from_str(resp.event_or_content.get()).map_err(|e| e.to_string())?;
        levels["users"][user.as_str()] = serde_json::json!(MODERATOR_LEVEL);
        room.send_state_event_raw("m.room.power_levels", "", levels)
            .await
            .map_err(|e| e.to_string())
    };
    if let Err(e) = set.await {
        tracing::warn!(room = %room.room_id(), %user, error = %e, "Matrix: cannot make the organizer a moderator");
    }
}

/// Adds the game's room to `space` (`m.space.child`); needs the bot to have that right
/// in the space, so a refusal is logged and the room stays outside it.
async fn list_in_space(client: &Client, space: &RoomId, room: &RoomId, via: &[OwnedServerName]) {
    let Some(space_room) = client.get_room(space) else {
        tracing::warn!(%space, "Matrix: the bot is not in the tournament's space");
        return;
    };
    let content = SpaceChildEventContent::new(via.to_vec());
    if let Err(e) = space_room
        .send_state_event_for_key(&room.to_owned(), content)
        .await
    {
        tracing::warn!(%space, %room, error = %e, "Matrix: cannot list the game room in its space");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::User;

    fn spec(ids: &[&str]) -> RoomSpec {
        RoomSpec {
            name: "tourney-cup-r1-b1".into(),
            invite: ids
                .iter()
                .map(|id| User {
                    id: id.to_string(),
                    name: id.to_string(),
                })
                .collect(),
        }
    }

    #[test]
    fn invitees_are_matrix_users_once_and_never_the_bot() {
        let bot = UserId::parse("@bot:hs").unwrap();
        let got = invitees(
            &spec(&["@a:hs", "@b:hs", "@a:hs", "@bot:hs", "123456"]),
            Some(&bot),
        );
        let want: Vec<OwnedUserId> = ["@a:hs", "@b:hs"]
            .iter()
            .map(|s| UserId::parse(*s).unwrap())
            .collect();
        assert_eq!(got, want);
    }

    #[test]
    fn detached_rooms_refuse_with_a_reason() {
        let rooms = MatrixRooms::new(Duration::from_secs(3600));
        let home = channel_key("!home:hs");
        let err = rooms.open(&home, &spec(&["@a:hs"])).unwrap_err();
        assert!(err.contains("not connected"), "{err}");
        assert_eq!(rooms.close_after_ms(), Some(3_600_000));
        assert_eq!(
            rooms.can_open(&ChannelKey {
                community: "1".into(),
                channel: "2".into()
            }),
            Err("\"2\" is not a Matrix room id".into())
        );
    }

    #[test]
    fn the_state_of_an_encrypted_room_in_a_space() {
        let space = RoomId::parse("!space:hs").unwrap();
        let via = vec![OwnedServerName::try_from("hs").unwrap()];
        let state = initial_state(true, &[(space, via)]).unwrap();
        let kinds: Vec<String> = state
            .iter()
            .map(|r| r.get_field::<String>("type").unwrap().unwrap())
            .collect();
        assert_eq!(kinds, ["m.room.encryption", "m.space.parent"]);
        assert!(initial_state(false, &[]).unwrap().is_empty());
    }
}
