//! A record as stored (sled, PostgreSQL, backups): today's flat JSON, a status plus
//! optional fields. [`RecordWire`] is that shape; [`Record::try_from`] is the one
//! checked conversion from it (like shakmaty's `Setup` into a `Position`): every
//! record read passes through it, and an impossible state is refused with its
//! [`StateError`]. Writing borrows the record into the same shape, field for field,
//! so the bytes are those older builds wrote.

use mancala_rules::Side;
use serde::{Deserialize, Serialize};

use super::{
    AiSeat, Challenge, Finished, GameState, Play, Record, StateError, Status, Table, Timing,
    TourneyLink, Verdict,
};
use crate::model::{ChannelKey, GameKind, User};

/// A record as stored: the flat JSON every build has written, unchecked. Read one with
/// serde, then make it a [`Record`] with [`Record::try_from`].
#[derive(Clone, Debug, Deserialize)]
pub struct RecordWire {
    /// See [`Record::format_version`].
    pub format_version: u32,
    /// See [`Record::id`].
    pub id: String,
    /// See [`Record::at`].
    pub at: ChannelKey,
    /// See [`Record::kind`].
    pub kind: GameKind,
    /// Challenge, in play, or finished.
    pub status: Status,
    /// The challenge (kept once accepted).
    pub challenge: Option<Challenge>,
    /// South's player, once the challenge is accepted.
    pub south: Option<User>,
    /// North's player, once the challenge is accepted.
    pub north: Option<User>,
    /// The game or match, once the challenge is accepted.
    pub play: Option<Play>,
    /// See [`Table::earlier_games`].
    #[serde(default)]
    pub earlier_games: Vec<Vec<String>>,
    /// See [`Table::timing`].
    #[serde(default)]
    pub timing: Option<Timing>,
    /// See [`Record::rated`].
    #[serde(default)]
    pub rated: bool,
    /// See [`Finished::verdict`].
    #[serde(default)]
    pub verdict: Option<Verdict>,
    /// See [`Table::draw_offer`].
    #[serde(default)]
    pub draw_offer: Option<Side>,
    /// See [`Table::takeback_offer`].
    #[serde(default)]
    pub takeback_offer: Option<Side>,
    /// See [`Table::takebacks`].
    #[serde(default)]
    pub takebacks: u32,
    /// See [`Record::tournament`].
    #[serde(default)]
    pub tournament: Option<TourneyLink>,
    /// See [`Record::ai`].
    #[serde(default)]
    pub ai: Option<AiSeat>,
    /// See [`Record::created_ms`].
    pub created_ms: u64,
    /// See [`Record::updated_ms`].
    pub updated_ms: u64,
}

/// A record borrowed into the stored shape, fields in the order (and left out when
/// empty) as every build has written them.
#[derive(Serialize)]
struct WireRef<'a> {
    format_version: u32,
    id: &'a str,
    at: &'a ChannelKey,
    kind: &'a GameKind,
    status: Status,
    challenge: Option<&'a Challenge>,
    south: Option<&'a User>,
    north: Option<&'a User>,
    play: Option<&'a Play>,
    #[serde(skip_serializing_if = "is_empty")]
    earlier_games: &'a [Vec<String>],
    #[serde(skip_serializing_if = "Option::is_none")]
    timing: Option<&'a Timing>,
    rated: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    verdict: Option<Verdict>,
    #[serde(skip_serializing_if = "Option::is_none")]
    draw_offer: Option<Side>,
    #[serde(skip_serializing_if = "Option::is_none")]
    takeback_offer: Option<Side>,
    #[serde(skip_serializing_if = "is_zero")]
    takebacks: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    tournament: Option<&'a TourneyLink>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ai: Option<AiSeat>,
    created_ms: u64,
    updated_ms: u64,
}

fn is_empty(games: &&[Vec<String>]) -> bool {
    games.is_empty()
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl Serialize for Record {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let table = self.table();
        WireRef {
            format_version: self.format_version,
            id: &self.id,
            at: &self.at,
            kind: &self.kind,
            status: self.status(),
            challenge: self.challenge(),
            south: self.south(),
            north: self.north(),
            play: self.play(),
            earlier_games: self.earlier_games(),
            timing: table.and_then(|t| t.timing.as_ref()),
            rated: self.rated,
            verdict: self.verdict(),
            draw_offer: self.draw_offer(),
            takeback_offer: self.takeback_offer(),
            takebacks: table.map_or(0, |t| t.takebacks),
            tournament: self.tournament.as_ref(),
            ai: self.ai,
            created_ms: self.created_ms,
            updated_ms: self.updated_ms,
        }
        .serialize(s)
    }
}

impl TryFrom<RecordWire> for Record {
    type Error = StateError;

    /// The one checked conversion from the stored shape: a challenge holds its
    /// challenge and nothing of a game (players, clock, verdict, draw offer,
    /// tournament, AI seat); a game in play or finished holds its game and both
    /// players; a game in play has no result yet, a finished one has one.
    fn try_from(w: RecordWire) -> Result<Record, StateError> {
        let RecordWire {
            format_version,
            id,
            at,
            kind,
            status,
            challenge,
            south,
            north,
            play,
            earlier_games,
            timing,
            rated,
            verdict,
            draw_offer,
            takeback_offer,
            takebacks,
            tournament,
            ai,
            created_ms,
            updated_ms,
        } = w;
        let state = match (status, play) {
            (Status::Challenge, Some(_)) => return Err(StateError::ChallengeHoldsGame),
            (Status::Challenge, None) => {
                let Some(ch) = challenge else {
                    return Err(StateError::NoChallenge);
                };
                let game_field = [
                    (south.is_some(), "south"),
                    (north.is_some(), "north"),
                    (timing.is_some(), "timing"),
                    (!earlier_games.is_empty(), "earlier_games"),
                    (verdict.is_some(), "verdict"),
                    (draw_offer.is_some(), "draw_offer"),
                    (takeback_offer.is_some(), "takeback_offer"),
                    (takebacks > 0, "takebacks"),
                    (tournament.is_some(), "tournament"),
                    (ai.is_some(), "ai"),
                ];
                if let Some((_, field)) = game_field.iter().find(|(set, _)| *set) {
                    return Err(StateError::ChallengeWith(field));
                }
                GameState::Challenge(ch)
            }
            (_, None) => return Err(StateError::NoGame(status)),
            (_, Some(play)) => {
                let over = verdict.is_some() || play.is_over();
                match status {
                    Status::Playing if over => return Err(StateError::PlayingButOver),
                    Status::Finished if !over => return Err(StateError::FinishedButOngoing),
                    _ => {}
                }
                let (Some(south), Some(north)) = (south, north) else {
                    return Err(StateError::NoPlayers(status));
                };
                let table = Table {
                    south,
                    north,
                    play,
                    earlier_games,
                    timing,
                    draw_offer,
                    challenge,
                    takeback_offer,
                    takebacks,
                };
                if status == Status::Finished {
                    GameState::Finished(Finished::new(table, verdict)?)
                } else {
                    GameState::Playing(table)
                }
            }
        };
        Ok(Record {
            format_version,
            id,
            at,
            kind,
            rated,
            tournament,
            ai,
            created_ms,
            updated_ms,
            state,
        })
    }
}
