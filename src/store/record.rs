//! The record of one channel's game: kind, players, the game itself, status, clock and
//! the challenge that started it, as the store keeps it (JSON, versioned by
//! [`FORMAT_VERSION`]).

use mancala_rules::{Game, Match, Outcome, Side};
use serde::{Deserialize, Serialize};

use crate::model::{ChannelKey, GameKind, LiveControl, User};
use crate::store::keys::DocKey;
use crate::store::StoreError;

mod state;
mod wire;

pub use state::{Finished, GameState, StateError, Table};
pub use wire::RecordWire;

/// The record format written by this build. Records carry it so that later versions can
/// migrate them; a record with a newer version is refused with a clear error.
pub const FORMAT_VERSION: u32 = 1;

/// Where a record stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// A challenge waits for `!accept` or `!decline`.
    Challenge,
    /// The game (or match) is in play.
    Playing,
    /// Over; the record lives in the history.
    Finished,
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Status::Challenge => "challenge",
            Status::Playing => "playing",
            Status::Finished => "finished",
        })
    }
}

/// An open challenge (`!new`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Challenge {
    /// Who issued it.
    pub challenger: User,
    /// Who may accept it; `None`: anyone but the challenger.
    pub opponent: Option<User>,
    /// The side the challenger asked for (`as south|north`); `None`: drawn at random.
    pub challenger_side: Option<Side>,
    /// When it expires, in milliseconds since the Unix epoch.
    pub expires_ms: u64,
    /// The time per move of the game (correspondence play), in milliseconds; `None`:
    /// no deadlines.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_time_ms: Option<u64>,
    /// The live clock of the game (`!new ... 5m+3s`), instead of a time per move;
    /// absent in challenges written before live clocks existed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub live: Option<LiveControl>,
    /// The periodic driver has announced in the channel that the challenge expired
    /// unanswered: it is announced once, and the record leaves the wake index.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub expiry_announced: bool,
}

/// The clock of a correspondence game in play: the deadline of the player to move and
/// the reminders already sent for it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Timing {
    /// Time per move, in milliseconds: each move sets the next deadline this far ahead.
    /// With a live clock (field `live`), the bank each player started with.
    pub move_time_ms: u64,
    /// When the player to move runs out of time, in milliseconds since the Unix epoch.
    pub deadline_ms: u64,
    /// The reminder points (milliseconds before the deadline) already handled for this
    /// deadline: sent, or skipped because the player muted reminders or the point had
    /// passed. Never sent twice; cleared by the next move.
    #[serde(default)]
    pub reminded: Vec<u64>,
    /// The deadline passed and the players were told (the opponent may `!claim`).
    #[serde(default)]
    pub timed_out: bool,
    /// When the periodic driver must next look at this game (the next reminder point or
    /// the deadline); `None`: nothing left to do. The store indexes it ([`crate::store::Store::due`]).
    #[serde(default)]
    pub wake_ms: Option<u64>,
    /// How far this turn's deadline was pushed by the vacations of the player to move
    /// (`!vacation`), or by a tournament organizer (`!tournament extend`), in
    /// milliseconds; cleared by the next move. The turn began at
    /// `deadline_ms - move_time_ms - paused_ms`.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub paused_ms: u64,
    /// The end (milliseconds since the Unix epoch) of the last vacation whose pause was
    /// added to this turn's deadline, so that each is added once; cleared by the next
    /// move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vacation_applied: Option<u64>,
    /// A live clock's banks, when the game has one: then [`Timing::deadline_ms`] is
    /// when the bank of the player to move runs out (his flag falls), and no reminder
    /// is sent. Absent in records written before live clocks existed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub live: Option<LiveClock>,
    /// The clock is stopped (its tournament is paused, `!tournament pause`): the player
    /// to move has this many milliseconds left, and his deadline restarts from them at
    /// `!tournament resume`. While set, no deadline passes and the driver does not wake
    /// for the game ([`Timing::wake_ms`] is `None`); [`Timing::deadline_ms`] is stale.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub held_ms: Option<u64>,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// The banks of a live clock (Fischer): what each player had left when the current
/// turn began, and when it began. The player to move has
/// `banks_ms[to_move] - (now - turn_ms)` left; his flag falls at `turn_ms +
/// banks_ms[to_move]` ([`Timing::deadline_ms`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveClock {
    /// The bank and increment asked for.
    pub control: LiveControl,
    /// South's and North's banks at the start of the current turn, in milliseconds.
    pub banks_ms: [u64; 2],
    /// When the current turn began (the previous move, or the game's start), in
    /// milliseconds since the Unix epoch.
    pub turn_ms: u64,
}

impl LiveClock {
    /// The clock of a game starting at `now`: both banks full, the first turn begun.
    pub fn started(control: LiveControl, now: u64) -> LiveClock {
        LiveClock {
            control,
            banks_ms: [control.bank_ms; 2],
            turn_ms: now,
        }
    }

    /// What `side` has left at `now` (the bank of the player to move runs from
    /// [`LiveClock::turn_ms`]; the other's stands still), never below 0.
    pub fn left_ms(
        &self,
        side: mancala_rules::Side,
        to_move: mancala_rules::Side,
        now: u64,
    ) -> u64 {
        let bank = self.banks_ms[side.index()];
        if side == to_move {
            bank.saturating_sub(now.saturating_sub(self.turn_ms))
        } else {
            bank
        }
    }

    /// `side` moved at `now` (before his flag fell): his bank loses the time he took and
    /// gains the increment; the next turn begins at `now`.
    pub fn moved(&mut self, side: mancala_rules::Side, now: u64) {
        let left = self.left_ms(side, side, now);
        self.banks_ms[side.index()] = left.saturating_add(self.control.increment_ms);
        self.turn_ms = now;
    }
}

/// A result decided outside the rules of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The player to move let his deadline pass: `winner` wins on time (claimed, or
    /// forfeited automatically).
    Timeout {
        /// The side that wins.
        winner: Side,
    },
    /// The players agreed a draw (`!draw` offered and accepted).
    DrawAgreed,
    /// Aborted before both sides had moved (`!abort`): no result, unrated.
    Aborted,
    /// A tournament organizer decided the result (`!tournament adjudicate`, or a round
    /// closed with `!tournament next-round adjudicate`): `winner` wins, `None` drawn.
    Adjudicated {
        /// The side that wins; `None`: drawn.
        winner: Option<Side>,
    },
}

/// The result of a finished game, whatever ended it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    /// This side won.
    Win(Side),
    /// Drawn.
    Draw,
    /// No result (aborted).
    NoResult,
}

/// The seat of the AI in a game against it (`!new GAME ai [level N]`): which side it
/// plays and how strongly. Its player ([`Record::south`] or [`Record::north`]) is the
/// user [`AiSeat::user`] returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AiSeat {
    /// The side the AI plays.
    pub side: Side,
    /// Its level, 1 (beginner) to 5 (master); see [`mancala_ai::level_name`].
    pub level: u8,
}

impl AiSeat {
    /// The AI as a player: id `ai:LEVEL`, name `mancala-bot (level 3, club)`.
    pub fn user(self) -> User {
        User {
            id: format!("ai:{}", self.level),
            name: format!(
                "mancala-bot (level {}, {})",
                self.level,
                mancala_ai::level_name(self.level).unwrap_or("?")
            ),
        }
    }
}

/// The tournament a game belongs to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TourneyLink {
    /// The tournament's store key ([`DocKey::Tour`]).
    pub key: DocKey,
    /// The round, from 1.
    pub round: u32,
    /// The board of the round, from 1.
    pub board: u32,
}

/// The game itself: a single game, or a Hoyito match.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Play {
    /// One game (Katro or Hoyito).
    Game(Game),
    /// A Hoyito match (M1-M4).
    Match(Match),
}

impl Play {
    /// A fresh game or match of `kind`.
    ///
    /// # Errors
    /// When `kind` asks for a match on a Katro board (match play is Hoyito's).
    pub fn new(kind: GameKind) -> Result<Play, mancala_rules::ParseError> {
        Ok(if kind.is_match {
            Play::Match(Match::with_length(kind.variant, kind.length)?)
        } else {
            Play::Game(Game::new(kind.variant))
        })
    }

    /// The game in play (a match's current game, or its last one once over).
    pub fn game(&self) -> &Game {
        match self {
            Play::Game(g) => g,
            Play::Match(m) => m.game(),
        }
    }

    /// Whether the game, or the whole match, is over.
    pub fn is_over(&self) -> bool {
        match self {
            Play::Game(g) => g.outcome().is_over(),
            Play::Match(m) => m.is_over(),
        }
    }

    /// The final result: a single game's outcome, or `Win` for the match winner, `Draw`
    /// for a drawn match (a length or a repetition, see [`mancala_rules::MatchEnding`]),
    /// with the reason of the last game. `Ongoing` while in play.
    pub fn result(&self) -> Outcome {
        match self {
            Play::Game(g) => g.outcome(),
            Play::Match(m) if !m.is_over() => Outcome::Ongoing,
            Play::Match(m) => match m.results().last() {
                Some(Outcome::Win { reason, .. } | Outcome::Draw { reason }) => match m.winner() {
                    Some(winner) => Outcome::Win {
                        winner,
                        reason: *reason,
                    },
                    None => Outcome::Draw { reason: *reason },
                },
                _ => Outcome::Ongoing,
            },
        }
    }
}

/// Everything stored about one channel's game: what every state has (id, channel, kind,
/// rating, tournament link, AI seat, timestamps) and its [`GameState`], which holds
/// exactly what that state has. Stored as today's flat JSON ([`RecordWire`]); reading it
/// goes through one checked conversion ([`Record::try_from`]) that refuses impossible
/// states ([`StateError`]).
#[derive(Clone, Debug, Deserialize)]
#[serde(try_from = "RecordWire")]
pub struct Record {
    /// The record format ([`FORMAT_VERSION`] when written by this build).
    pub format_version: u32,
    /// The game id, unique within a store: the history key of the finished game.
    pub id: String,
    /// The channel the game is played in.
    pub at: ChannelKey,
    /// What is played.
    pub kind: GameKind,
    /// Whether the result counts for the ratings: games between two people, not against
    /// the AI, not aborted. Records written before ratings existed read as `false`.
    pub rated: bool,
    /// The tournament pairing this game is, if any (never on an open challenge).
    pub tournament: Option<TourneyLink>,
    /// The AI's seat, in a game against the AI (always unrated; never on an open
    /// challenge).
    pub ai: Option<AiSeat>,
    /// Created (the challenge), milliseconds since the Unix epoch.
    pub created_ms: u64,
    /// Last changed, milliseconds since the Unix epoch.
    pub updated_ms: u64,
    /// Challenge, in play, or finished, with what each has.
    pub state: GameState,
}

impl Timing {
    /// The clock of a game whose first move starts at `now`: the deadline one time per
    /// move ahead (saturating: a time per move near [`u64::MAX`] gives the latest
    /// deadline, never an overflow), no reminder handled yet, no wake-up set (the core
    /// sets it from its reminder settings).
    pub fn started(move_time_ms: u64, now: u64) -> Timing {
        Timing {
            move_time_ms,
            deadline_ms: now.saturating_add(move_time_ms),
            reminded: Vec::new(),
            timed_out: false,
            wake_ms: None,
            paused_ms: 0,
            vacation_applied: None,
            live: None,
            held_ms: None,
        }
    }

    /// The live clock of a game whose first move starts at `now`: both banks full, the
    /// flag of the player to move one bank ahead, no wake-up set (see
    /// [`Timing::started`]). [`Timing::move_time_ms`] holds the bank (no reminders are
    /// sent in a live game).
    pub fn live(control: LiveControl, now: u64) -> Timing {
        Timing {
            live: Some(LiveClock::started(control, now)),
            ..Timing::started(control.bank_ms, now)
        }
    }
}

impl Record {
    /// The fields every state has, for a record created at `now`.
    fn with_state(
        id: String,
        at: ChannelKey,
        kind: GameKind,
        rated: bool,
        now: u64,
        state: GameState,
    ) -> Record {
        Record {
            format_version: FORMAT_VERSION,
            id,
            at,
            kind,
            rated,
            tournament: None,
            ai: None,
            created_ms: now,
            updated_ms: now,
            state,
        }
    }

    /// An open challenge in `at`: no players, no game yet. `id` may be empty when the
    /// core's dispatcher gives the id at writing.
    pub fn new_challenge(
        id: String,
        at: ChannelKey,
        kind: GameKind,
        challenge: Challenge,
        rated: bool,
        now: u64,
    ) -> Record {
        Record::with_state(id, at, kind, rated, now, GameState::Challenge(challenge))
    }

    /// A game in play from `now` between `south` and `north`, rated, with its clock
    /// started when it has a time per move (wake-up not set, see [`Timing::started`]);
    /// no challenge.
    #[allow(clippy::too_many_arguments)]
    pub fn in_play(
        id: String,
        at: ChannelKey,
        kind: GameKind,
        south: User,
        north: User,
        play: Play,
        move_time_ms: Option<u64>,
        now: u64,
    ) -> Record {
        let table = Table::new(south, north, play, move_time_ms, now);
        Record::with_state(id, at, kind, true, now, GameState::Playing(table))
    }

    /// A game against the AI in its `seat`, started at once by `challenge` (whose
    /// challenger is the human): unrated, in play from `now`.
    pub fn ai_game(
        id: String,
        at: ChannelKey,
        kind: GameKind,
        seat: AiSeat,
        play: Play,
        challenge: Challenge,
        now: u64,
    ) -> Record {
        let human = challenge.challenger.clone();
        // The challenge names the AI (in the channel's language); else its plain name.
        let ai = challenge.opponent.clone().unwrap_or_else(|| seat.user());
        let (south, north) = match seat.side {
            Side::North => (human, ai),
            Side::South => (ai, human),
        };
        let mut table = Table::new(south, north, play, challenge.move_time_ms, now);
        table.challenge = Some(challenge);
        Record {
            ai: Some(seat),
            ..Record::with_state(id, at, kind, false, now, GameState::Playing(table))
        }
    }

    /// The game of a tournament pairing (`link`), rated, in play from `now`.
    #[allow(clippy::too_many_arguments)]
    pub fn tournament_game(
        id: String,
        at: ChannelKey,
        kind: GameKind,
        south: User,
        north: User,
        play: Play,
        move_time_ms: Option<u64>,
        link: TourneyLink,
        now: u64,
    ) -> Record {
        Record {
            tournament: Some(link),
            ..Record::in_play(id, at, kind, south, north, play, move_time_ms, now)
        }
    }

    /// The side `user` plays, if he is one of the human players: the AI's side
    /// ([`Record::ai`]) belongs to no chat user, whatever his id.
    pub fn side_of(&self, user: &User) -> Option<Side> {
        Side::ALL.into_iter().find(|&s| {
            self.ai.is_none_or(|a| a.side != s) && self.player(s).is_some_and(|p| p.id == user.id)
        })
    }

    /// Whether `side` is played by the AI.
    pub fn is_ai(&self, side: Side) -> bool {
        self.ai.is_some_and(|a| a.side == side)
    }

    /// The final result: a finished game's ([`Finished::result`]); in play, the rules'
    /// outcome once they ended it (before [`Record::finish`]); `None` while the game
    /// goes on and for a challenge.
    pub fn result(&self) -> Option<GameResult> {
        match &self.state {
            GameState::Challenge(_) => None,
            GameState::Playing(t) => GameResult::of_play(&t.play),
            GameState::Finished(f) => Some(f.result()),
        }
    }

    /// Whether each side has made a move: a game one side never moved in is unrated
    /// however it ended, and can be aborted while in play. A match in which a game has
    /// been finished counts as moved by both. Replays the current game's moves from its
    /// start up to the first move of the second side.
    pub fn both_sides_moved(&self) -> bool {
        let Some(play) = self.play() else {
            return false;
        };
        if let Play::Match(m) = play {
            if m.games_played() > 0 {
                return true;
            }
        }
        let game = play.game();
        let mut replay = Game::from_position(game.start());
        let mut moved = [false; 2];
        for &mv in game.moves() {
            moved[replay.position().to_move().index()] = true;
            if moved == [true, true] {
                return true;
            }
            if replay.play(mv).is_err() {
                break;
            }
        }
        false
    }

    /// When the periodic driver must next look at this record: a game in play's
    /// [`Timing::wake_ms`]; an open challenge's expiry, until the driver has announced
    /// it ([`Challenge::expiry_announced`]). The store keeps an index of it.
    pub fn wake_ms(&self) -> Option<u64> {
        match &self.state {
            GameState::Playing(t) => t.timing.as_ref().and_then(|t| t.wake_ms),
            GameState::Challenge(c) => (!c.expiry_announced).then_some(c.expires_ms),
            GameState::Finished(_) => None,
        }
    }
}

impl GameResult {
    /// The result the rules gave `play`: `None` while it goes on.
    pub fn of_play(play: &Play) -> Option<GameResult> {
        match play.result() {
            Outcome::Ongoing => None,
            Outcome::Win { winner, .. } => Some(GameResult::Win(winner)),
            Outcome::Draw { .. } => Some(GameResult::Draw),
        }
    }

    /// The result a verdict decides.
    pub fn of_verdict(verdict: Verdict) -> GameResult {
        match verdict {
            Verdict::Timeout { winner } => GameResult::Win(winner),
            Verdict::DrawAgreed => GameResult::Draw,
            Verdict::Aborted => GameResult::NoResult,
            Verdict::Adjudicated { winner: Some(w) } => GameResult::Win(w),
            Verdict::Adjudicated { winner: None } => GameResult::Draw,
        }
    }
}

/// A stored record's bytes decoded; `key` names it in the error.
///
/// # Errors
/// [`StoreError::Read`]: not JSON of a record, or written by a newer format version.
pub(super) fn decode(key: &str, bytes: &[u8]) -> Result<Record, StoreError> {
    #[derive(serde::Deserialize)]
    struct Head {
        format_version: u32,
    }
    let head: Head = serde_json::from_slice(bytes).map_err(|e| unreadable(key, e))?;
    known_version(key, head.format_version)?;
    serde_json::from_slice(bytes).map_err(|e| unreadable(key, e))
}

/// The error of the record `key` whose bytes are not JSON of a record.
fn unreadable(key: &str, e: serde_json::Error) -> StoreError {
    StoreError::Read {
        key: key.to_string(),
        reason: e.to_string(),
    }
}

/// Refuses the record `key` written by a newer format version than this build's.
fn known_version(key: &str, format_version: u32) -> Result<(), StoreError> {
    if format_version <= FORMAT_VERSION {
        return Ok(());
    }
    Err(StoreError::Read {
        key: key.to_string(),
        reason: format!(
            "format version {format_version} is newer than this build's {FORMAT_VERSION}; upgrade mancala-bot"
        ),
    })
}

/// Where the record stored as `bytes` was played: its `at` alone, the rest of the JSON
/// skipped unread (its moves are not replayed); `key` names it in the error.
///
/// # Errors
/// As [`decode`].
pub(super) fn decode_at(key: &str, bytes: &[u8]) -> Result<ChannelKey, StoreError> {
    #[derive(serde::Deserialize)]
    struct Head {
        format_version: u32,
        at: ChannelKey,
    }
    let head: Head = serde_json::from_slice(bytes).map_err(|e| unreadable(key, e))?;
    known_version(key, head.format_version)?;
    Ok(head.at)
}

/// A record's stored bytes (JSON).
pub(super) fn encode(r: &Record) -> Vec<u8> {
    serde_json::to_vec(r).expect("a record always serializes")
}

/// Whether the stored bytes `old` hold the record whose bytes are `new`: the same bytes,
/// or the same record once decoded and encoded again (written by an older build with
/// fields in another order or left to their defaults). An unreadable `old` is a
/// different record.
pub(super) fn same_record(old: &[u8], new: &[u8]) -> bool {
    old == new || decode("", old).is_ok_and(|r| encode(&r) == new)
}

/// Whether the stored document `old` holds the document `new`: the same bytes, or the
/// same JSON value (keys in another order).
pub(super) fn same_doc(old: &[u8], new: &[u8]) -> bool {
    old == new
        || matches!(
            (
                serde_json::from_slice::<serde_json::Value>(old),
                serde_json::from_slice::<serde_json::Value>(new)
            ),
            (Ok(a), Ok(b)) if a == b
        )
}

#[cfg(test)]
mod tests;
