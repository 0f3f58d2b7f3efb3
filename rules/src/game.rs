//! A game with its history: repetition (K10, H10), captures so far, resignation.

use rustc_hash::FxHashMap;

use crate::position::{EndReason, Outcome};
use crate::trace::{Event, Trace};
use crate::{Move, MoveList, PlayError, Position, Side, Variant};

/// Room made up front in a new game for its moves and positions seen (about 17 KB), so
/// that a game of typical length (random Katro games average about 130 plies) grows
/// them rarely: growing was a tenth of a self-play ply's cost.
const TYPICAL_PLIES: usize = 128;

/// A game: its start position, the moves played, and everything derived from them.
///
/// Adds to [`Position`] what needs the history: K10/H10 repetition (a position, board
/// and player to move, occurring for the third time), the seeds each Katro player has
/// taken so far, resignation, and the H3 pass of a set-up position whose player to move
/// cannot move.
///
/// ```
/// use mancala_rules::{Game, Move, Variant, Outcome};
/// let mut g = Game::new(Variant::HOYITO);
/// let trace = g.play_text("a1")?;
/// assert_eq!(trace.relays(), 4);
/// assert_eq!(g.outcome(), Outcome::Ongoing);
/// assert_eq!(g.moves().len(), 1);
/// # Ok::<(), mancala_rules::PlayError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    /// The H3 pass made on a set-up start position, if any.
    opening: Option<Event>,
    moves: Vec<Move>,
    position: Position,
    seen: FxHashMap<Position, u8>,
    captured: [u32; 2],
    outcome: Outcome,
}

impl Game {
    /// A new game of `variant` from its start position.
    pub fn new(variant: Variant) -> Game {
        Game::from_position(Position::new(variant))
    }

    /// A game starting from `start` (for instance a parsed N4 string). A Hoyito player to
    /// move who cannot move passes at once (H3); see [`Game::opening_event`].
    pub fn from_position(start: Position) -> Game {
        let mut position = start;
        let opening = position.settle_traced();
        let mut g = Game {
            start,
            opening,
            moves: Vec::with_capacity(TYPICAL_PLIES),
            position,
            seen: FxHashMap::with_capacity_and_hasher(TYPICAL_PLIES, Default::default()),
            captured: [0, 0],
            outcome: Outcome::Ongoing,
        };
        g.seen.insert(position, 1);
        g.outcome = position.outcome();
        g
    }

    /// The position the game started from (before any opening pass).
    pub fn start(&self) -> Position {
        self.start
    }

    /// The H3 pass made on the start position, if its player to move could not move.
    pub fn opening_event(&self) -> Option<Event> {
        self.opening
    }

    /// The current position.
    pub fn position(&self) -> Position {
        self.position
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The game's variant.
    pub fn variant(&self) -> Variant {
        self.position.variant()
    }

    /// How the game stands.
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// Seeds `side` has captured: Katro, taken from the opponent so far (§6 `captured`);
    /// Hoyito, his store.
    pub fn captured(&self, side: Side) -> u32 {
        if self.variant().is_katro() {
            self.captured[side.index()]
        } else {
            self.position.store(side) as u32
        }
    }

    /// The legal moves of the player to move; empty once the game is over.
    pub fn legal_moves(&self) -> MoveList {
        if self.outcome.is_over() {
            MoveList::new()
        } else {
            self.position.legal_moves()
        }
    }

    /// Parses `text` (N2) and plays it; see [`Game::play`].
    ///
    /// # Errors
    /// [`PlayError::Malformed`] for text that is not a move, else as [`Game::play`].
    pub fn play_text(&mut self, text: &str) -> Result<Trace, PlayError> {
        let mv = Move::parse(text, self.variant())?;
        self.play(mv)
    }

    /// Plays `mv` and returns its trace. On error the game is unchanged.
    ///
    /// After the move: a third occurrence of the position ends the game (K10: drawn;
    /// H10: each player adds his row to his captures, then H8); otherwise the position's
    /// outcome holds (K9, H7, H8, H10).
    ///
    /// # Errors
    /// [`PlayError::GameOver`] once the game has ended, else as [`Position::play`].
    pub fn play(&mut self, mv: Move) -> Result<Trace, PlayError> {
        if self.outcome.is_over() {
            return Err(PlayError::GameOver);
        }
        let mut trace = self.position.play_traced(mv)?;
        if self.variant().is_katro() {
            let mover = trace.before.to_move().index();
            for e in &trace.events {
                if let Event::Capture { taken, .. } = e.event {
                    self.captured[mover] += taken as u32;
                }
            }
        }
        self.settle(&mut trace.after, mv);
        Ok(trace)
    }

    /// Plays `mv` as [`Game::play`] does, without recording its trace: the same game,
    /// several times faster (for self-play and analysis, which need no pictures).
    ///
    /// # Errors
    /// As [`Game::play`]; the game is unchanged then.
    pub fn advance(&mut self, mv: Move) -> Result<(), PlayError> {
        if self.outcome.is_over() {
            return Err(PlayError::GameOver);
        }
        let mut after = self.position.play(mv)?;
        if self.variant().is_katro() {
            // Katro sows on the mover's own half only (K2), so his side gains exactly
            // the seeds he captured (K6b, K11).
            let mover = self.position.to_move();
            let gained = after
                .seeds_of(mover)
                .saturating_sub(self.position.seeds_of(mover));
            self.captured[mover.index()] += gained;
        }
        self.settle(&mut after, mv);
        Ok(())
    }

    /// Records the position `after` reached by `mv`: a third occurrence ends the game
    /// (K10 draws; H10 sweeps the rows into the stores and scores by H8), else the
    /// position's own outcome holds.
    fn settle(&mut self, after: &mut Position, mv: Move) {
        let count = self.seen.entry(*after).or_insert(0);
        *count += 1;
        if *count >= 3 {
            if !self.variant().is_katro() {
                after.sweep();
            }
            self.outcome = match after.outcome().winner() {
                Some(winner) if !self.variant().is_katro() => Outcome::Win {
                    winner,
                    reason: EndReason::Repetition,
                },
                _ => Outcome::Draw {
                    reason: EndReason::Repetition,
                },
            };
        } else {
            self.outcome = after.outcome();
        }
        self.position = *after;
        self.moves.push(mv);
    }

    /// `side` resigns: the other player wins. No effect once the game is over.
    pub fn resign(&mut self, side: Side) {
        if !self.outcome.is_over() {
            self.outcome = Outcome::Win {
                winner: side.other(),
                reason: EndReason::Resignation,
            };
        }
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use super::*;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// Stored form: the start and the moves; everything else is replayed on load, so a
    /// stored game is checked against the rules every time it is read.
    #[derive(Serialize, Deserialize)]
    struct GameRepr {
        start: Position,
        moves: Vec<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        resigned: Option<Side>,
    }

    impl Serialize for Game {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let resigned = match self.outcome {
                Outcome::Win {
                    winner,
                    reason: EndReason::Resignation,
                } => Some(winner.other()),
                _ => None,
            };
            GameRepr {
                start: self.start,
                moves: self.moves.iter().map(|m| m.to_string()).collect(),
                resigned,
            }
            .serialize(s)
        }
    }

    impl<'de> Deserialize<'de> for Game {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
            let r = GameRepr::deserialize(d)?;
            let mut g = Game::from_position(r.start);
            let variant = g.variant();
            for (i, m) in r.moves.iter().enumerate() {
                // Checked as `play` checks, without traces (`advance`: a stored game is
                // read more often than it is drawn).
                Move::parse(m, variant)
                    .map_err(PlayError::from)
                    .and_then(|mv| g.advance(mv))
                    .map_err(|e| serde::de::Error::custom(format!("move {} `{m}`: {e}", i + 1)))?;
            }
            if let Some(side) = r.resigned {
                g.resign(side);
            }
            Ok(g)
        }
    }
}
