//! The states of a game record (issue 35 item 3): an open challenge, a game in play, a
//! finished game, each holding exactly what it has, and the transitions between them
//! ([`Record::accept`], [`Record::finish`]). A record in play always has both players
//! and its game; a finished one always has its result.

use std::fmt;

use mancala_rules::Side;

use super::{Challenge, GameResult, Play, Record, Status, Timing, Verdict};
use crate::model::User;

/// Where a record stands, with what that state holds.
#[derive(Clone, Debug)]
pub enum GameState {
    /// A challenge waits for `!accept` or `!decline`.
    Challenge(Challenge),
    /// The game (or match) is in play.
    Playing(Table),
    /// Over; the record lives in the history.
    Finished(Finished),
}

/// A game at the table: both players, the game itself and its clock; in play, or as it
/// ended (inside [`Finished`]).
#[derive(Clone, Debug)]
pub struct Table {
    /// South's player.
    pub south: User,
    /// North's player.
    pub north: User,
    /// The game or match.
    pub play: Play,
    /// Match play: the canonical moves of each finished game of the match, in order
    /// (the current game's moves are in [`Table::play`]).
    pub earlier_games: Vec<Vec<String>>,
    /// Correspondence timing, when the game has a time per move.
    pub timing: Option<Timing>,
    /// The side that offers a draw (`!draw`), until the other answers or moves. A
    /// finished game may keep the offer that stood when it ended.
    pub draw_offer: Option<Side>,
    /// The challenge that started the game, kept once accepted (`None` for games the
    /// bot pairs itself: tournaments).
    pub challenge: Option<Challenge>,
    /// The side that asks to take back its last move (`!takeback`), until the other
    /// answers or either side moves (casual games between people only).
    pub takeback_offer: Option<Side>,
    /// How many takebacks were made in this game: a game with one never counts for any
    /// rating or leaderboard (see [`Record::had_takeback`]).
    pub takebacks: u32,
}

/// A finished game: the table as it ended and its result, which it always has (the
/// verdict's, else the rules' outcome).
#[derive(Clone, Debug)]
pub struct Finished {
    table: Table,
    verdict: Option<Verdict>,
    result: GameResult,
}

/// An impossible record state, refused when a stored record is read
/// ([`Record::try_from`]), or a transition asked of a record in the wrong state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StateError {
    /// A challenge record holds a game.
    ChallengeHoldsGame,
    /// A challenge record without its challenge.
    NoChallenge,
    /// An open challenge with this field of a game set (`south`, `timing`, `ai` ...).
    ChallengeWith(&'static str),
    /// A game in play or finished without the game.
    NoGame(Status),
    /// A game in play or finished without both players.
    NoPlayers(Status),
    /// A game in play whose game is over, or that has a verdict.
    PlayingButOver,
    /// A finished game without a result: no verdict, and the rules have not ended it.
    FinishedButOngoing,
    /// A transition asked of a record in another state than the one it starts from.
    Transition {
        /// The state the transition needs.
        from: Status,
        /// The state the record is in.
        is: Status,
    },
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StateError::ChallengeHoldsGame => write!(f, "a challenge record holds a game"),
            StateError::NoChallenge => write!(f, "status challenge but no challenge"),
            StateError::ChallengeWith(field) => write!(
                f,
                "an open challenge with a {field}: only a game in play or finished has one"
            ),
            StateError::NoGame(s) => write!(f, "status {s} but no game"),
            StateError::NoPlayers(s) => write!(f, "status {s} without both players"),
            StateError::PlayingButOver => write!(f, "status playing but the game is over"),
            StateError::FinishedButOngoing => write!(f, "status finished but the game goes on"),
            StateError::Transition { from, is } => {
                write!(f, "the record is {is}, not {from}")
            }
        }
    }
}

impl std::error::Error for StateError {}

impl Table {
    /// The table of a game starting at `now`: no earlier games, no draw offer, no
    /// challenge, the clock started when there is a time per move.
    pub fn new(south: User, north: User, play: Play, move_time_ms: Option<u64>, now: u64) -> Table {
        Table {
            south,
            north,
            play,
            earlier_games: Vec::new(),
            timing: move_time_ms.map(|ms| Timing::started(ms, now)),
            draw_offer: None,
            challenge: None,
            takeback_offer: None,
            takebacks: 0,
        }
    }

    /// The player of `side`.
    pub fn player(&self, side: Side) -> &User {
        match side {
            Side::South => &self.south,
            Side::North => &self.north,
        }
    }

    /// `side` resigns the game (a match: the match).
    pub fn resign(&mut self, side: Side) {
        match &mut self.play {
            Play::Game(g) => g.resign(side),
            Play::Match(m) => m.resign(side),
        }
    }
}

impl Finished {
    /// `table` finished with `verdict`, or by the rules when `None`.
    ///
    /// # Errors
    /// [`StateError::FinishedButOngoing`]: no verdict and the rules have not ended the
    /// game.
    pub fn new(table: Table, verdict: Option<Verdict>) -> Result<Finished, StateError> {
        let result = match verdict {
            Some(v) => GameResult::of_verdict(v),
            None => GameResult::of_play(&table.play).ok_or(StateError::FinishedButOngoing)?,
        };
        Ok(Finished {
            table,
            verdict,
            result,
        })
    }

    /// The table as the game ended.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The result decided outside the rules (timeout, agreed draw, abort), if any.
    pub fn verdict(&self) -> Option<Verdict> {
        self.verdict
    }

    /// The result: the verdict's, else the rules' outcome.
    pub fn result(&self) -> GameResult {
        self.result
    }
}

/// Reading: what each state has, for code that only looks.
impl Record {
    /// Where the record stands.
    pub fn status(&self) -> Status {
        match self.state {
            GameState::Challenge(_) => Status::Challenge,
            GameState::Playing(_) => Status::Playing,
            GameState::Finished(_) => Status::Finished,
        }
    }

    /// The challenge: open, or kept once accepted.
    pub fn challenge(&self) -> Option<&Challenge> {
        match &self.state {
            GameState::Challenge(c) => Some(c),
            _ => self.table()?.challenge.as_ref(),
        }
    }

    /// The open challenge (a record in state challenge).
    pub fn open_challenge(&self) -> Option<&Challenge> {
        match &self.state {
            GameState::Challenge(c) => Some(c),
            _ => None,
        }
    }

    /// The table, in play or finished; `None` for a challenge.
    pub fn table(&self) -> Option<&Table> {
        match &self.state {
            GameState::Challenge(_) => None,
            GameState::Playing(t) => Some(t),
            GameState::Finished(f) => Some(f.table()),
        }
    }

    /// The table of a game in play.
    pub fn playing(&self) -> Option<&Table> {
        match &self.state {
            GameState::Playing(t) => Some(t),
            _ => None,
        }
    }

    /// The table of a game in play, to change it (a move, the clock, a draw offer).
    pub fn playing_mut(&mut self) -> Option<&mut Table> {
        match &mut self.state {
            GameState::Playing(t) => Some(t),
            _ => None,
        }
    }

    /// The game or match of a game in play, to change it.
    pub fn play_mut(&mut self) -> Option<&mut Play> {
        self.playing_mut().map(|t| &mut t.play)
    }

    /// The game or match, in play or finished.
    pub fn play(&self) -> Option<&Play> {
        self.table().map(|t| &t.play)
    }

    /// The clock, in play or finished, when the game has a time per move.
    pub fn timing(&self) -> Option<&Timing> {
        self.table()?.timing.as_ref()
    }

    /// The clock of a game in play, to change it.
    pub fn timing_mut(&mut self) -> Option<&mut Timing> {
        self.playing_mut()?.timing.as_mut()
    }

    /// The player of `side`, once the challenge is accepted.
    pub fn player(&self, side: Side) -> Option<&User> {
        self.table().map(|t| t.player(side))
    }

    /// Both players, South's then North's, once the challenge is accepted.
    pub fn players(&self) -> Option<[&User; 2]> {
        self.table().map(|t| [&t.south, &t.north])
    }

    /// South's player, once the challenge is accepted.
    pub fn south(&self) -> Option<&User> {
        self.player(Side::South)
    }

    /// North's player, once the challenge is accepted.
    pub fn north(&self) -> Option<&User> {
        self.player(Side::North)
    }

    /// The verdict of a finished game, if one decided it.
    pub fn verdict(&self) -> Option<Verdict> {
        match &self.state {
            GameState::Finished(f) => f.verdict(),
            _ => None,
        }
    }

    /// The side that offers a draw, if any.
    pub fn draw_offer(&self) -> Option<Side> {
        self.table()?.draw_offer
    }

    /// The side that asks for a takeback (`!takeback`), if any.
    pub fn takeback_offer(&self) -> Option<Side> {
        self.table()?.takeback_offer
    }

    /// Whether a move was ever taken back in this game: such a game is unrated,
    /// whatever [`Record::rated`] says.
    pub fn had_takeback(&self) -> bool {
        self.table().is_some_and(|t| t.takebacks > 0)
    }

    /// Match play: the moves of each finished game of the match (empty otherwise).
    pub fn earlier_games(&self) -> &[Vec<String>] {
        self.table().map_or(&[], |t| &t.earlier_games)
    }
}

/// Transitions: the only ways a record changes state.
impl Record {
    /// The open challenge accepted at `now`: `south` and `north` seated, `play` set up,
    /// the clock started when the challenge set a time per move or a live clock
    /// (wake-up not set); the challenge is kept.
    ///
    /// # Errors
    /// [`StateError::Transition`]: the record is not an open challenge (unchanged).
    pub fn accept(
        &mut self,
        south: User,
        north: User,
        play: Play,
        now: u64,
    ) -> Result<(), StateError> {
        let GameState::Challenge(ch) = &self.state else {
            return Err(self.not(Status::Challenge));
        };
        let mut table = Table::new(south, north, play, ch.move_time_ms, now);
        if let Some(control) = ch.live {
            // A live clock replaces the time per move (the parser allows one of them).
            table.timing = Some(Timing::live(control, now));
        }
        table.challenge = Some(ch.clone());
        self.state = GameState::Playing(table);
        self.updated_ms = now;
        Ok(())
    }

    /// The game in play finished at `now`: with `verdict`, or by the rules when `None`
    /// (the game or match is over). The clock no longer wakes the driver; an abort is
    /// unrated.
    ///
    /// # Errors
    /// [`StateError::Transition`]: the record is not in play;
    /// [`StateError::FinishedButOngoing`]: no verdict and the game goes on. Either
    /// way the record is unchanged.
    pub fn finish(&mut self, verdict: Option<Verdict>, now: u64) -> Result<(), StateError> {
        let GameState::Playing(table) = &self.state else {
            return Err(self.not(Status::Playing));
        };
        let mut table = table.clone();
        if let Some(t) = table.timing.as_mut() {
            t.wake_ms = None;
        }
        self.state = GameState::Finished(Finished::new(table, verdict)?);
        if verdict == Some(Verdict::Aborted) {
            self.rated = false;
        }
        self.updated_ms = now;
        Ok(())
    }

    fn not(&self, from: Status) -> StateError {
        StateError::Transition {
            from,
            is: self.status(),
        }
    }
}
