//! Hoyito match play (RULES.md M1-M4).

use crate::position::Outcome;
use crate::trace::Trace;
use crate::{Game, Hole, Move, ParseError, ParseKind, PlayError, Position, Side, Variant};

/// A Hoyito match: a series of games in which each player's captures refill his row
/// for the next game (M1), unfilled holes are closed (M2), the winner moves first (M3),
/// and a player left with fewer than four seeds loses the match (M4).
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
        })
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

    /// The match winner (M4), once the match is over.
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
    /// at once (M1-M3), unless the match is over (M4).
    ///
    /// # Errors
    /// [`PlayError::GameOver`] once the match is over; else as [`Game::play`]; the match
    /// is then unchanged.
    pub fn play(&mut self, mv: Move) -> Result<MatchMove, PlayError> {
        if self.winner.is_some() {
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
        if self.winner.is_none() {
            self.game.resign(side);
            self.results.push(self.game.outcome());
            self.winner = Some(side.other());
        }
    }

    /// M1-M4 after a finished game.
    fn end_game(&mut self, outcome: Outcome) {
        self.results.push(outcome);
        let pos = self.game.position();
        // Captures (the board is empty at a game's end: H7 took the last four, or H10
        // swept the rows into the stores) plus what each kept in reserve.
        let totals = Side::ALL
            .map(|s| pos.store(s) as u32 + pos.seeds_of(s) + self.reserves[s.index()] as u32);
        if let Some(loser) = Side::ALL.into_iter().find(|s| totals[s.index()] < 4) {
            self.winner = Some(loser.other());
            return;
        }
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
                ..m
            })
        }
    }
}
