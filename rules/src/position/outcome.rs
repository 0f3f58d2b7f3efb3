//! How a position stands: ongoing, won or drawn, and why (K9, H7, H8, H10).

use core::fmt;

use super::Position;
use crate::{Side, Variant};

/// How a position stands (K9, H7, H8, H10). Repetition (K10, H10) needs the game's
/// history and is decided by [`crate::Game`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Outcome {
    /// The game goes on.
    Ongoing,
    /// `winner` won.
    Win {
        /// The winner.
        winner: Side,
        /// Why the game ended.
        reason: EndReason,
    },
    /// Drawn.
    Draw {
        /// Why the game ended.
        reason: EndReason,
    },
}

impl Outcome {
    /// True unless [`Outcome::Ongoing`].
    pub fn is_over(self) -> bool {
        !matches!(self, Outcome::Ongoing)
    }

    /// The winner, if any.
    pub fn winner(self) -> Option<Side> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            _ => None,
        }
    }

    /// The §6 JSON `result`: `None` while ongoing, else `"south"`, `"north"` or `"draw"`.
    pub fn result_name(self) -> Option<&'static str> {
        match self {
            Outcome::Ongoing => None,
            Outcome::Win { winner, .. } => Some(winner.name()),
            Outcome::Draw { .. } => Some("draw"),
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum EndReason {
    /// K9: the player to move has no legal move (Katro); he loses.
    NoLegalMove,
    /// K10/H10: a position occurred for the third time.
    Repetition,
    /// H10: neither player has a legal move; rows were added to the captures.
    Stalemate,
    /// H7/H8: every seed has been captured; the larger capture wins.
    AllCaptured,
    /// A player resigned (decided outside the rules, recorded by [`crate::Game`]).
    Resignation,
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndReason::NoLegalMove => "no legal move (K9)",
            EndReason::Repetition => "third repetition (K10/H10)",
            EndReason::Stalemate => "neither player can move (H10)",
            EndReason::AllCaptured => "all seeds captured (H7/H8)",
            EndReason::Resignation => "resignation",
        })
    }
}

impl Position {
    /// How the position stands (K9, H7, H8, H10; repetition is the game's business).
    ///
    /// Katro: the player to move loses when he has no legal move (K9). Hoyito: over when
    /// the board is empty (every seed captured, H7, or swept by H10); the larger store
    /// wins (H8). A parsed Hoyito position in which the player to move cannot move but
    /// his opponent can is `Ongoing`: [`crate::Game`] makes the pass (H3).
    pub fn outcome(&self) -> Outcome {
        match self.variant {
            Variant::Katro { .. } => {
                if self.has_legal_move(self.to_move) {
                    Outcome::Ongoing
                } else {
                    Outcome::Win {
                        winner: self.to_move.other(),
                        reason: EndReason::NoLegalMove,
                    }
                }
            }
            Variant::Hoyito { .. } => {
                if self.board_total() == 0 {
                    let reason = if self.swept {
                        EndReason::Stalemate
                    } else {
                        EndReason::AllCaptured
                    };
                    self.score_outcome(reason)
                } else if !self.has_legal_move(Side::South) && !self.has_legal_move(Side::North) {
                    let mut p = *self;
                    p.sweep();
                    p.score_outcome(EndReason::Stalemate)
                } else {
                    Outcome::Ongoing
                }
            }
        }
    }

    /// H8: the larger store wins; equal stores draw.
    fn score_outcome(&self, reason: EndReason) -> Outcome {
        let [s, n] = self.stores;
        match s.cmp(&n) {
            core::cmp::Ordering::Greater => Outcome::Win {
                winner: Side::South,
                reason,
            },
            core::cmp::Ordering::Less => Outcome::Win {
                winner: Side::North,
                reason,
            },
            core::cmp::Ordering::Equal => Outcome::Draw { reason },
        }
    }
}
