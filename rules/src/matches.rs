//! Hoyito match play (RULES.md M1-M4).

use crate::position::Outcome;
use crate::trace::Trace;
use crate::{Game, Hole, Move, ParseError, ParseKind, PlayError, Position, Side, Variant};

/// A Hoyito match: a series of games in which each player's captures refill his row
/// for the next game (M1), unfilled holes are closed (M2), the winner moves first (M3),
/// and a player left with fewer than four seeds loses the match (M4). A match may also
/// be played to a number of game wins or of games ([`MatchLength`], MX1), it ends when a
/// game would start from a start it already had ([`MatchEnding::Repetition`], MX2), and
/// a player may resign one game of it ([`Match::resign_game`], MX3).
///
/// ```
/// use mancala_rules::{Match, Variant};
/// let mut m = Match::new(Variant::HOYITO)?;
/// m.play_text("a1").unwrap();
/// assert_eq!(m.games_played(), 0);
/// assert_eq!(m.winner(), None);
/// # Ok::<(), mancala_rules::ParseError>(())
/// ```
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "serde_impl::MatchRepr"))]
pub struct Match {
    variant: Variant,
    game: Game,
    /// Who moved first in the current game (M3).
    first: Side,
    /// Seeds each player holds outside the board between games (M2).
    reserves: [u16; 2],
    /// Results of the finished games, in order.
    results: Vec<Outcome>,
    /// The match winner (M4), once decided.
    winner: Option<Side>,
    /// How long the match runs.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "MatchLength::is_seeds")
    )]
    length: MatchLength,
    /// How the match ended, once over (`None` in matches stored before endings were
    /// recorded: M4 or a resignation, see [`Match::ending`]).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    ending: Option<MatchEnding>,
    /// The start of every game of the match so far, the current one's last (matches
    /// stored before starts were recorded begin their list at their next game).
    #[cfg_attr(feature = "serde", serde(default))]
    starts: Vec<MatchStart>,
}

/// How long a match runs (MATCH-CHOICES.md MX1). Whatever the length, M4 ends the match when a
/// player cannot fill a single hole (no next game can be set up).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum MatchLength {
    /// RULES.md M4 only: until a player holds fewer than four seeds.
    #[default]
    Seeds,
    /// The first player to win this many games wins the match (drawn games count for
    /// no one).
    FirstTo(u8),
    /// Exactly this many games; the player who won more of them wins the match, and
    /// equal wins draw it (as equal captures draw a game, H8).
    Games(u8),
}

impl MatchLength {
    /// Whether this is the length of RULES.md (M4 alone).
    pub fn is_seeds(&self) -> bool {
        *self == MatchLength::Seeds
    }
}

/// Why a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum MatchEnding {
    /// M4: after a game a player held fewer than four seeds.
    Seeds,
    /// The length was reached: a player won the games asked for, or every game asked
    /// for was played.
    Length,
    /// MX2: the next game would have started from a start the match already had (same
    /// closed holes, same reserves, same mover): see [`Match::play`].
    Repetition,
    /// A player resigned the match.
    Resignation,
}

/// What a match game starts from (M1-M3): the closed holes, both reserves and the
/// player who moves first. Two games with the same start are the same game to begin
/// with, and a match that reaches one again would go round for ever.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MatchStart {
    /// The closed holes ([`Position::closed_mask`]).
    pub closed: u64,
    /// South's and North's reserves.
    pub reserves: [u16; 2],
    /// Who moves first.
    pub first: Side,
}

/// What one move of a match did.
#[derive(Clone, Debug)]
pub struct MatchMove {
    /// The move's trace in its game.
    pub trace: Trace,
    /// The finished game's outcome, when this move ended a game.
    pub game_over: Option<Outcome>,
}

impl Match {
    /// A new match on a Hoyito board.
    ///
    /// # Errors
    /// [`ParseError`] (kind `Variant`) for a Katro variant: match play is Hoyito's.
    pub fn new(variant: Variant) -> Result<Match, ParseError> {
        if variant.is_katro() {
            return Err(ParseError::new(
                ParseKind::Variant,
                &variant.to_string(),
                "match play (M1-M4) is for Hoyito",
            ));
        }
        Ok(Match {
            variant,
            game: Game::new(variant),
            first: Side::South,
            reserves: [0, 0],
            results: Vec::new(),
            winner: None,
            length: MatchLength::Seeds,
            ending: None,
            starts: vec![MatchStart {
                closed: 0,
                reserves: [0, 0],
                first: Side::South,
            }],
        })
    }

    /// A new match on a Hoyito board that runs for `length`.
    ///
    /// # Errors
    /// As [`Match::new`].
    pub fn with_length(variant: Variant, length: MatchLength) -> Result<Match, ParseError> {
        Ok(Match {
            length,
            ..Match::new(variant)?
        })
    }

    /// How long the match runs.
    pub fn length(&self) -> MatchLength {
        self.length
    }

    /// Whether the match is over (won, or drawn by its length or a repetition).
    pub fn is_over(&self) -> bool {
        self.winner.is_some() || self.ending.is_some()
    }

    /// Why the match ended, once over. Matches stored before endings were recorded
    /// answer [`MatchEnding::Resignation`] when the last game was resigned, else
    /// [`MatchEnding::Seeds`] (the only two endings there were).
    pub fn ending(&self) -> Option<MatchEnding> {
        if !self.is_over() {
            return None;
        }
        self.ending.or(Some(match self.results.last() {
            Some(Outcome::Win {
                reason: crate::EndReason::Resignation,
                ..
            }) => MatchEnding::Resignation,
            _ => MatchEnding::Seeds,
        }))
    }

    /// The starts of the match's games so far, in order (see [`MatchStart`]).
    pub fn starts(&self) -> &[MatchStart] {
        &self.starts
    }

    /// Resumes a match whose current game is `game` (a Hoyito game, possibly set up
    /// from a position string): `first` moved first in it (M3) and `reserves` are the
    /// seeds South and North keep beside the board (M2). A finished `game` is settled at
    /// once (M1-M4).
    ///
    /// # Errors
    /// [`ParseError`] (kind `Variant`) when `game` is a Katro game.
    pub fn resume(game: Game, first: Side, reserves: [u16; 2]) -> Result<Match, ParseError> {
        let mut m = Match::new(game.variant())?;
        m.game = game;
        m.first = first;
        m.reserves = reserves;
        m.starts = vec![MatchStart {
            closed: m.game.start().closed_mask(),
            reserves,
            first,
        }];
        let outcome = m.game.outcome();
        if outcome.is_over() {
            m.end_game(outcome);
        }
        Ok(m)
    }

    /// Who moved first in the current game (M3).
    pub fn first(&self) -> Side {
        self.first
    }

    /// The game in progress (or the last one, once the match is over).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Finished games.
    pub fn games_played(&self) -> usize {
        self.results.len()
    }

    /// The outcomes of the finished games, in order.
    pub fn results(&self) -> &[Outcome] {
        &self.results
    }

    /// Games won by `side`.
    pub fn wins(&self, side: Side) -> usize {
        self.results
            .iter()
            .filter(|o| o.winner() == Some(side))
            .count()
    }

    /// Seeds `side` keeps beside the board between games (M2).
    pub fn reserve(&self, side: Side) -> u16 {
        self.reserves[side.index()]
    }

    /// The match winner, once the match is over; `None` also for a drawn match
    /// ([`Match::is_over`] tells them apart).
    pub fn winner(&self) -> Option<Side> {
        self.winner
    }

    /// Parses and plays a move in the current game; see [`Match::play`].
    ///
    /// # Errors
    /// As [`Match::play`], and [`PlayError::Malformed`] for text that is not a move.
    pub fn play_text(&mut self, text: &str) -> Result<MatchMove, PlayError> {
        let mv = Move::parse(text, self.variant)?;
        self.play(mv)
    }

    /// Plays `mv` in the current game. When that ends the game, the next game is set up
    /// at once (M1-M3), unless the match is over: M4, its length, or a repetition (the
    /// next game would start from a start the match already had, see
    /// [`MatchEnding::Repetition`]).
    ///
    /// # Errors
    /// [`PlayError::GameOver`] once the match is over; else as [`Game::play`]; the match
    /// is then unchanged.
    pub fn play(&mut self, mv: Move) -> Result<MatchMove, PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        let trace = self.game.play(mv)?;
        let outcome = self.game.outcome();
        if !outcome.is_over() {
            return Ok(MatchMove {
                trace,
                game_over: None,
            });
        }
        self.end_game(outcome);
        Ok(MatchMove {
            trace,
            game_over: Some(outcome),
        })
    }

    /// `side` resigns the match: the other player wins it.
    pub fn resign(&mut self, side: Side) {
        if !self.is_over() {
            self.game.resign(side);
            self.results.push(self.game.outcome());
            self.winner = Some(side.other());
            self.ending = Some(MatchEnding::Resignation);
        }
    }

    /// `side` resigns the current game only (MX3): the other player wins it, each player
    /// keeps the seeds on his own row besides his captures (as H10 sweeps the rows),
    /// and the match goes on as after any game (M1-M4, the length, the repetition).
    /// The finished game's outcome; `None` once the match is over (nothing changes).
    pub fn resign_game(&mut self, side: Side) -> Option<Outcome> {
        if self.is_over() {
            return None;
        }
        self.game.resign(side);
        let outcome = self.game.outcome();
        self.end_game(outcome);
        Some(outcome)
    }

    /// The result the length gives after a finished game (MX1): `Some(winner)` (`None`
    /// inside: drawn) when the length is reached.
    fn length_reached(&self) -> Option<Option<Side>> {
        let [south, north] = Side::ALL.map(|s| self.wins(s));
        match self.length {
            MatchLength::Seeds => None,
            MatchLength::FirstTo(n) => Side::ALL
                .into_iter()
                .find(|&s| self.wins(s) >= usize::from(n))
                .map(Some),
            MatchLength::Games(n) if self.results.len() >= usize::from(n) => {
                Some(match south.cmp(&north) {
                    std::cmp::Ordering::Greater => Some(Side::South),
                    std::cmp::Ordering::Less => Some(Side::North),
                    std::cmp::Ordering::Equal => None,
                })
            }
            MatchLength::Games(_) => None,
        }
    }

    /// The winner of a match ended by a repetition (MX2), `None` for a draw. The match is
    /// scored as its length says: a match of RULES.md (M4 alone) by the seeds each
    /// player holds, as H10 scores a repeated game by the seeds each holds (H8, equal
    /// counts draw); a match to a number of wins or games by the games won, equal wins
    /// drawing (H8 again).
    fn repetition_winner(&self, totals: [u32; 2]) -> Option<Side> {
        let (south, north) = match self.length {
            MatchLength::Seeds => (totals[0] as usize, totals[1] as usize),
            _ => (self.wins(Side::South), self.wins(Side::North)),
        };
        match south.cmp(&north) {
            std::cmp::Ordering::Greater => Some(Side::South),
            std::cmp::Ordering::Less => Some(Side::North),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// Ends the match with `winner` (`None`: drawn) for `why`.
    fn end_match(&mut self, winner: Option<Side>, why: MatchEnding) {
        self.winner = winner;
        self.ending = Some(why);
    }

    /// M1-M4, the length (MX1) and the repeated start (MX2) after a finished game.
    fn end_game(&mut self, outcome: Outcome) {
        self.results.push(outcome);
        let pos = self.game.position();
        // Captures (the board is empty at a game's end: H7 took the last four, or H10
        // swept the rows into the stores) plus what each kept in reserve.
        let totals = Side::ALL
            .map(|s| pos.store(s) as u32 + pos.seeds_of(s) + self.reserves[s.index()] as u32);
        if let Some(loser) = Side::ALL.into_iter().find(|s| totals[s.index()] < 4) {
            return self.end_match(Some(loser.other()), MatchEnding::Seeds);
        }
        if let Some(winner) = self.length_reached() {
            return self.end_match(winner, MatchEnding::Length);
        }
        let (first, reserves) = (self.first, self.reserves);
        // M3: the winner moves first; after a draw, the one who moved second.
        self.first = outcome.winner().unwrap_or(self.first.other());
        let cols = self.variant.cols();
        let mut closed = 0u64;
        for side in Side::ALL {
            let total = totals[side.index()];
            let filled = (total / 4).min(cols as u32) as u8;
            self.reserves[side.index()] = (total - 4 * filled as u32) as u16;
            // M1: South fills from a1 rightward, North from the highest column of row 2.
            for k in filled..cols {
                let hole = match side {
                    Side::South => Hole::new(k, 0),
                    Side::North => Hole::new(cols - 1 - k, 1),
                };
                closed |= 1 << self.variant.index(hole);
            }
        }
        let start = MatchStart {
            closed,
            reserves: self.reserves,
            first: self.first,
        };
        if self.starts.contains(&start) {
            // The last game stays the match's game; its first mover and reserves too.
            (self.first, self.reserves) = (first, reserves);
            return self.end_match(self.repetition_winner(totals), MatchEnding::Repetition);
        }
        self.starts.push(start);
        self.game = Game::from_position(Position::hoyito_match_start(
            self.variant,
            closed,
            self.first,
        ));
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use super::*;

    /// A stored match as read, checked before it becomes a [`Match`]: its variant is a
    /// Hoyito board and its game is played on that board.
    #[derive(serde::Deserialize)]
    pub(super) struct MatchRepr {
        variant: Variant,
        game: Game,
        first: Side,
        reserves: [u16; 2],
        results: Vec<Outcome>,
        winner: Option<Side>,
        #[serde(default)]
        length: MatchLength,
        #[serde(default)]
        ending: Option<MatchEnding>,
        #[serde(default)]
        starts: Vec<MatchStart>,
    }

    impl TryFrom<MatchRepr> for Match {
        type Error = ParseError;

        fn try_from(r: MatchRepr) -> Result<Match, ParseError> {
            let m = Match::new(r.variant)?;
            if r.game.variant() != r.variant {
                return Err(ParseError::new(
                    ParseKind::Variant,
                    &r.game.variant().to_string(),
                    format!("the match's game is not on its board, {}", r.variant),
                ));
            }
            Ok(Match {
                game: r.game,
                first: r.first,
                reserves: r.reserves,
                results: r.results,
                winner: r.winner,
                length: r.length,
                ending: r.ending,
                starts: r.starts,
                ..m
            })
        }
    }
}
