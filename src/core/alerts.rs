//! Turn alerts (`!notify`): once a command has passed the turn to a person other than
//! its author, that player is told as he chose: pinged in the move's reply (the
//! default), sent a direct message naming the game and linking its channel, or not at
//! all. His choice is a document of his own ([`PlayerPrefs::notify`]), read after the
//! command's write, when the record says who is to move: the alert is a follow-up of the
//! command, counted apart ([`crate::metrics::FOLLOW_UP`]), like the AI's answer.

use mancala_rules::Position;

use super::api::{channel_token, mention_token, time_token, Reply};
use super::{Core, Notify, PlayerPrefs};
use crate::model::User;
use crate::store::keys::DocKey;
use crate::store::{docs, Record, Status};

/// What says whether a command passed the turn: the game, whether it is in play, and
/// its position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::core) struct Turn(Option<(String, Status, Option<Position>)>);

impl Turn {
    /// The turn of `record` (`None`: the channel holds no game).
    pub(in crate::core) fn of(record: Option<&Record>) -> Turn {
        Turn(record.map(|r| {
            let pos = r.play().map(|p| p.game().position());
            (r.id.clone(), r.status(), pos)
        }))
    }
}

/// The person to move in `record`, when a game between two people is in play.
fn person_to_move(record: &Record) -> Option<&User> {
    if record.status() != Status::Playing || record.ai.is_some() {
        return None;
    }
    let side = record.play()?.game().position().to_move();
    record.player(side)
}

impl Core {
    /// `replies` to a command of `author` whose channel went from `before` to `after`,
    /// with the turn alert of the player to move when the command passed him the turn
    /// ([`Notify`]): his ping left out, and a direct message added for `dm`.
    ///
    /// A store failure reading his choice leaves the replies as they are (the ping, the
    /// default), logged: the move itself is written.
    pub(in crate::core) fn alert_turn(
        &self,
        author: &User,
        before: &Turn,
        after: Option<&Record>,
        replies: &mut Vec<Reply>,
    ) {
        let Some(record) = after else { return };
        let Some(player) = person_to_move(record) else {
            return;
        };
        if player.id == author.id || Turn::of(after) == *before {
            return;
        }
        let key = DocKey::player(&record.at.community, player);
        let mode = crate::metrics::in_command(crate::metrics::FOLLOW_UP, || {
            docs::load::<PlayerPrefs>(&*self.store, &key)
        });
        let mode = match mode {
            Ok(doc) => doc.value.notify,
            Err(e) => {
                tracing::warn!(error = %e, "reading a player's turn alert setting failed");
                return;
            }
        };
        if mode == Notify::Mention {
            return;
        }
        // `off` and `digest`: named without a ping; `dm`: told directly too.
        for r in replies.iter_mut() {
            r.mentions.retain(|u| u.id != player.id);
        }
        if mode == Notify::Dm {
            replies.push(direct_alert(record, player));
        }
    }
}

/// The name of `user`'s opponent in `record` (empty before the challenge is accepted).
pub(super) fn opponent_name(record: &Record, user: &str) -> String {
    record
        .players()
        .and_then(|ps| ps.into_iter().find(|u| u.id != user))
        .map_or_else(String::new, |u| u.name.clone())
}

/// The direct message telling `player` it is his turn in `record`: the game, the
/// opponent, the channel (a link), the game's id and the deadline, if any.
fn direct_alert(record: &Record, player: &User) -> Reply {
    let opponent = opponent_name(record, &player.id);
    let mut text = tr!(
        "notify-turn",
        player = mention_token(player),
        game = super::text::kind_name(record.kind),
        opponent = opponent,
        channel = channel_token(&record.at),
        id = record.id.as_str()
    );
    if let Some(t) = record
        .timing()
        .filter(|t| !t.timed_out && t.held_ms.is_none())
    {
        text.push('\n');
        text.push_str(&tr!(
            "notify-turn-deadline",
            due = time_token(t.deadline_ms)
        ));
    }
    Reply {
        body: text.into(),
        to: Some(record.at.clone()),
        direct: Some(player.clone()),
        ..Reply::default()
    }
}
