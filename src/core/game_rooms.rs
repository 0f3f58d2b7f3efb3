//! A room of its own for each game (`!set threads on`, issue 34): a challenge made in
//! such a channel is created in a room the bot opens for it (a Discord thread under the
//! channel, a Matrix room the players are invited to, a console channel named after the
//! game), so that one channel holds many games. The decision is pure
//! ([`in_own_room`]); opening the room is I/O, done after it ([`Core::open_game_room`])
//! by the transport's [`Rooms`](crate::core::api::Rooms), then the challenge is written
//! there by the dispatcher, as any command's write.

use super::api::{channel_token, Incoming, Reply, RoomSpec};
use super::decision::{Change, Ctx, Decision, Draft, FollowUp, GameRoom, Refusal};
use super::needs::Needs;
use super::{shapes, Core};
use crate::model::{ChannelKey, User};
use crate::store::Record;

/// Longest name of a game's room, in characters (Discord takes 100 for a thread).
const ROOM_NAME_CHARS: usize = 60;

/// The decision of a challenge made in a channel with rooms per game: nothing written
/// here, the room opened after ([`FollowUp::GameRoom`]) with `record` and `reply` in it.
pub(super) fn in_own_room(
    ctx: &Ctx<'_>,
    record: Record,
    reply: Draft,
    opponent: Option<User>,
) -> Decision {
    let invite: Vec<User> = [Some(ctx.author.clone()), opponent]
        .into_iter()
        .flatten()
        .collect();
    let name = room_name(&record, &invite);
    let room = GameRoom {
        record,
        replies: vec![reply],
        spec: RoomSpec { name, invite },
    };
    Decision {
        follow: vec![FollowUp::GameRoom(Box::new(room))],
        ..Decision::default()
    }
}

/// The room's name: the game and its players, `katro-alice-vs-bob` (`katro-alice` for an
/// open challenge), in lower-case letters, digits and `-` only, at most
/// [`ROOM_NAME_CHARS`]: a name any platform takes as it is.
fn room_name(record: &Record, players: &[User]) -> String {
    let names: Vec<&str> = players.iter().map(|u| u.name.as_str()).collect();
    let raw = format!("{} {}", record.kind.variant, names.join(" vs "));
    let mut out = String::new();
    for c in raw.chars().flat_map(char::to_lowercase) {
        let c = if c.is_alphanumeric() { c } else { '-' };
        if c == '-' && (out.is_empty() || out.ends_with('-')) {
            continue;
        }
        out.push(c);
    }
    let out: String = out.chars().take(ROOM_NAME_CHARS).collect();
    out.trim_end_matches('-').to_string()
}

impl Core {
    /// Opens the room of a challenge made in `home` ([`FollowUp::GameRoom`]) and creates
    /// the challenge there; the replies: where the game is, in `home`, then the
    /// challenge's, in the room. A room that cannot be opened is an error reply in
    /// `home`, and nothing is created.
    pub(super) fn open_game_room(&self, room: GameRoom) -> Vec<Reply> {
        let GameRoom {
            mut record,
            replies,
            spec,
        } = room;
        let home = record.at.clone();
        let at = match self.open_room(&home, &spec) {
            Ok(at) => at,
            Err(why) => {
                tracing::warn!(error = %why, "cannot open a game's room");
                return vec![super::error_reply(tr!(
                    "threads-room-failed",
                    why = why,
                    p = self.settings.prefix.as_str()
                ))];
            }
        };
        // The room looks and speaks like the channel the game was challenged in.
        self.inherit_settings(&home, &at);
        record.at = at.clone();
        let challenger = spec.invite.first().cloned().unwrap_or_default();
        let msg = Incoming {
            at: at.clone(),
            author: challenger.clone(),
            ..Incoming::default()
        };
        let mut decide = |state: &super::decision::ChannelState, _: &Ctx<'_>| {
            if state.record().is_some() {
                return Err(Refusal(tr!("threads-room-taken")));
            }
            Ok(Decision::write(
                Change::Create(record.clone()),
                replies.clone(),
            ))
        };
        let made = match self.commit(&at, &msg, Needs::default(), &mut decide) {
            Ok(made) => made,
            Err(super::Fail::Refuse(text)) => return vec![super::error_reply(text)],
            Err(super::Fail::Store(e)) => {
                tracing::error!(error = %e, "store failure creating a game in its room");
                return vec![super::error_reply(super::store_failure_text(&e))];
            }
            Err(super::Fail::Conflict | super::Fail::Busy) => {
                return vec![super::error_reply(tr!("busy-retry"))]
            }
        };
        let note = tr!(
            "threads-game-in",
            player = challenger.name.as_str(),
            room = channel_token(&at)
        );
        let mut out = vec![super::text_reply(note)];
        out.extend(made.into_iter().map(|r| Reply {
            to: Some(at.clone()),
            ..r
        }));
        out
    }

    /// Opens the room `spec` under `home` with the transport's [`Rooms`], or, without
    /// one (the console), takes the first free channel of its name in `home`'s
    /// community. A room a backup could not restore is refused as a room that did not
    /// open (issue 33: the same shapes as import's).
    ///
    /// # Errors
    /// Why the room could not be opened, in English (for the logs and the reply).
    ///
    /// [`Rooms`]: crate::core::api::Rooms
    pub(super) fn open_room(
        &self,
        home: &ChannelKey,
        spec: &RoomSpec,
    ) -> Result<ChannelKey, String> {
        let opened = match self.rooms() {
            Some(rooms) => rooms.open(home, spec),
            None => self.free_channel(&home.community, &spec.name),
        };
        opened.and_then(|r| match shapes::place_fault(&r) {
            Some((part, id, fault)) => Err(format!("the room's {part} id {id:?} {fault}")),
            None if !shapes::room_fits(&home.community, &r) => Err(format!(
                "the room {}/{} is not in the community {}, {}",
                r.community,
                r.channel,
                home.community,
                shapes::OWN_ROOM_RULE
            )),
            None => Ok(r),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::GameKind;
    use crate::store::Challenge;

    fn user(name: &str) -> User {
        User {
            id: name.into(),
            name: name.into(),
        }
    }

    #[test]
    fn room_names_are_plain_lower_case_words() {
        let challenge = Challenge {
            challenger: user("Zoé K."),
            opponent: Some(user("bob/../x")),
            challenger_side: None,
            expires_ms: 0,
            move_time_ms: None,
            expiry_announced: false,
            live: None,
        };
        let kind = GameKind::single("hoyito:2x8".parse().unwrap());
        let r = Record::new_challenge(
            String::new(),
            ChannelKey::default(),
            kind,
            challenge,
            false,
            0,
        );
        let name = room_name(&r, &[user("Zoé K."), user("bob/../x")]);
        assert_eq!(name, "hoyito-2x8-zoé-k-vs-bob-x");
        let long = user(&"n".repeat(200));
        assert_eq!(room_name(&r, &[long]).chars().count(), ROOM_NAME_CHARS);
    }
}
