//! Positions, legal moves and the sowing engine of both games.

use core::fmt;

use crate::{Dir, Hole, Move, MoveList, ParseError, ParseKind, PlayError, Side, Variant};

mod notation;
mod sow;
mod track;

use sow::Quiet;

/// Board capacity: the largest board has 36 holes (Katro 6x6); Hoyito 2x12 has 24.
pub const MAX_HOLES: usize = 36;

/// A position: the board, the closed holes, the Hoyito stores and the player to move.
///
/// A small `Copy` value (56 bytes) with no heap data. Positions reached by [`play`]
/// are always consistent; positions parsed from strings (N4) are validated.
///
/// Katro keeps no stores: captured seeds are sown on at once (K6b), so the seed total
/// on the board never changes. What each Katro player has taken so far is counted by
/// [`crate::Game`].
///
/// ```
/// use mancala_rules::{Position, Variant, Move};
/// let start = Position::new(Variant::KATRO);
/// let after = start.play(Move::parse("c1+", Variant::KATRO)?)?;
/// assert_eq!(
///     after.to_string(),
///     "katro/0,3,1,0,1,4/3,0,3,3,1,4/3,0,3,3,3,3/2,0,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2 n"
/// );
/// // A refused move leaves the position as it was (it is a Copy value).
/// assert!(after.play(Move::parse("a1", Variant::KATRO)?).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// [`play`]: Position::play
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    variant: Variant,
    to_move: Side,
    /// H10: the board was swept into the stores because neither player could move.
    swept: bool,
    /// Seeds per hole, row-major from a1; holes past the board are 0.
    board: [u8; MAX_HOLES],
    /// Bit `i` set: hole index `i` is closed (M2, Hoyito match play).
    closed: u64,
    /// Hoyito captures of South and North (H1, H8); always 0 in Katro.
    stores: [u16; 2],
}

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
    /// The start position of `variant` with its default seeds per hole (K1: 2, H1: 4),
    /// South to move.
    pub fn new(variant: Variant) -> Position {
        Position::start(variant, variant.default_seeds())
    }

    fn start(variant: Variant, seeds: u8) -> Position {
        let mut board = [0; MAX_HOLES];
        board[..variant.holes()].fill(seeds);
        Position {
            variant,
            to_move: Side::South,
            swept: false,
            board,
            closed: 0,
            stores: [0, 0],
        }
    }

    /// The start position with `seeds` per hole (K1 allows 1-4 in Katro; Hoyito is
    /// always played with 4, H1/H7).
    ///
    /// # Errors
    /// [`ParseError`] (kind `Variant`) when `seeds` is outside what the game allows.
    pub fn with_seeds(variant: Variant, seeds: u8) -> Result<Position, ParseError> {
        let ok = if variant.is_katro() {
            (1..=4).contains(&seeds)
        } else {
            seeds == 4
        };
        if ok {
            Ok(Position::start(variant, seeds))
        } else {
            Err(ParseError::new(
                ParseKind::Variant,
                &format!("{variant} with {seeds} seeds per hole"),
                "Katro takes 1 to 4 seeds per hole (K1), Hoyito 4 (H1)",
            ))
        }
    }

    /// A Hoyito start position for a match game (M1, M2): every open hole holds four
    /// seeds, the holes whose bit is set in `closed` (bit `i` = board index `i`, see
    /// [`Variant::index`]) are closed; `first` moves first (M3).
    pub(crate) fn hoyito_match_start(variant: Variant, closed: u64, first: Side) -> Position {
        let mut p = Position::start(variant, 4);
        for i in 0..variant.holes() {
            if closed & (1 << i) != 0 {
                p.board[i] = 0;
            }
        }
        p.closed = closed;
        p.to_move = first;
        p
    }

    /// The same position with the K11 lone-seed steps switched on or off (Katro).
    pub fn with_lone_steps(mut self, on: bool) -> Position {
        self.variant = self.variant.with_lone_steps(on);
        self
    }

    /// The game and board.
    #[inline]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The player to move.
    #[inline]
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Seeds in `hole`; `None` when it is off the board.
    pub fn seeds(&self, hole: Hole) -> Option<u8> {
        self.variant
            .contains(hole)
            .then(|| self.board[self.variant.index(hole)])
    }

    /// Whether `hole` is closed for this game (M2).
    pub fn is_closed(&self, hole: Hole) -> bool {
        self.variant.contains(hole) && self.closed & (1 << self.variant.index(hole)) != 0
    }

    /// Hoyito seeds captured by `side` in this game (0 in Katro).
    pub fn store(&self, side: Side) -> u16 {
        self.stores[side.index()]
    }

    /// Seeds on `side`'s half of the board.
    pub fn seeds_of(&self, side: Side) -> u32 {
        self.variant.rows_of(side).map(|r| self.row_sum(r)).sum()
    }

    /// Seeds on the whole board.
    pub fn board_total(&self) -> u32 {
        self.board.iter().map(|&s| s as u32).sum()
    }

    /// The seeds of row `row` (0-based), column a first.
    pub fn row(&self, row: u8) -> &[u8] {
        let c = self.variant.cols() as usize;
        &self.board[row as usize * c..(row as usize + 1) * c]
    }

    fn row_sum(&self, row: u8) -> u32 {
        self.row(row).iter().map(|&s| s as u32).sum()
    }

    /// The owner of `hole` (K1, H1).
    pub fn owner(&self, hole: Hole) -> Side {
        self.variant.owner_of_row(hole.row)
    }

    /// Katro: `side`'s front row (K7): his innermost row holding any seed; `None` when he
    /// has no seed.
    pub fn front_row(&self, side: Side) -> Option<u8> {
        self.variant
            .rows_of(side)
            .rev()
            .find(|&r| self.row_sum(r) > 0)
    }

    /// Katro K3: `side`'s outermost row holding any seed; `None` when he has no seed.
    fn start_row(&self, side: Side) -> Option<u8> {
        self.variant.rows_of(side).find(|&r| self.row_sum(r) > 0)
    }

    // ----- legality -----------------------------------------------------------------

    /// Checks everything about `mv` except the lap cap (K8/H9).
    fn check_shape(&self, mv: Move) -> Result<(), PlayError> {
        let v = self.variant;
        let me = self.to_move;
        let over = match v {
            Variant::Katro { .. } => self.seeds_of(me) == 0,
            Variant::Hoyito { .. } => self.swept || self.board_total() == 0,
        };
        if over {
            return Err(PlayError::GameOver);
        }
        let from = mv.from();
        let on_board = |h: Hole| {
            if v.contains(h) {
                Ok(())
            } else {
                Err(PlayError::OffBoard { hole: h })
            }
        };
        on_board(from)?;
        match (mv, v) {
            (Move::Sow { .. }, Variant::Katro { .. })
            | (Move::Hoyito { .. }, Variant::Hoyito { .. }) => {}
            (
                Move::Step { .. },
                Variant::Katro {
                    lone_steps: false, ..
                },
            ) => {
                return Err(PlayError::WrongKind {
                    reason: "lone-seed steps (K11) are not played in this game",
                })
            }
            (Move::Step { .. }, Variant::Katro { .. }) => {}
            (_, Variant::Katro { .. }) => {
                return Err(PlayError::WrongKind {
                    reason: "a Katro move is a hole and a direction, like c1+",
                })
            }
            (_, Variant::Hoyito { .. }) => {
                return Err(PlayError::WrongKind {
                    reason: "a Hoyito move is a hole, like d1",
                })
            }
        }
        if self.owner(from) != me {
            return Err(PlayError::NotYourHole {
                hole: from,
                mover: me,
            });
        }
        if self.is_closed(from) {
            return Err(PlayError::ClosedHole { hole: from });
        }
        if self.board[v.index(from)] == 0 {
            return Err(PlayError::EmptyHole { hole: from });
        }
        match mv {
            Move::Sow { .. } => {
                // Non-empty `from` on our side, so there is a start row.
                let must_row = self.start_row(me).unwrap_or(from.row);
                if from.row != must_row {
                    return Err(PlayError::WrongRow {
                        hole: from,
                        must_row,
                    });
                }
            }
            Move::Step { to, .. } => {
                on_board(to)?;
                if self.seeds_of(me) != 1 {
                    return Err(PlayError::WrongKind {
                        reason: "a lone-seed step (K11) needs exactly one seed on your side",
                    });
                }
                let inward = match me {
                    Side::South => from.row + 1 == to.row,
                    Side::North => to.row + 1 == from.row,
                };
                if !inward || self.owner(to) != me || from.col.abs_diff(to.col) > 1 {
                    return Err(PlayError::WrongKind {
                        reason:
                            "a lone-seed step (K11) goes one row inward, straight or diagonally",
                    });
                }
            }
            Move::Hoyito { .. } => {}
        }
        Ok(())
    }

    /// Moves that pass [`Position::check_shape`], in canonical order (hole by column,
    /// then `+` before `-`, then K11 steps).
    fn candidates(&self) -> MoveList {
        let mut list = MoveList::new();
        let v = self.variant;
        let me = self.to_move;
        if self.swept {
            return list;
        }
        match v {
            Variant::Katro { .. } => {
                let Some(row) = self.start_row(me) else {
                    return list;
                };
                for col in 0..v.cols() {
                    let from = Hole::new(col, row);
                    if self.board[v.index(from)] > 0 {
                        list.push(Move::Sow {
                            from,
                            dir: Dir::Plus,
                        });
                        list.push(Move::Sow {
                            from,
                            dir: Dir::Minus,
                        });
                    }
                }
                if v.lone_steps() && self.seeds_of(me) == 1 {
                    let from = Hole::new(list[0].from().col, row);
                    let to_row = match me {
                        Side::South => row + 1,
                        Side::North => row.wrapping_sub(1),
                    };
                    if to_row < v.rows() && v.owner_of_row(to_row) == me {
                        for col in from.col.saturating_sub(1)..=(from.col + 1).min(v.cols() - 1) {
                            list.push(Move::Step {
                                from,
                                to: Hole::new(col, to_row),
                            });
                        }
                    }
                }
            }
            Variant::Hoyito { .. } => {
                let row = if me == Side::South { 0 } else { 1 };
                for col in 0..v.cols() {
                    let from = Hole::new(col, row);
                    let i = v.index(from);
                    if self.board[i] > 0 && self.closed & (1 << i) == 0 {
                        list.push(Move::Hoyito { from });
                    }
                }
            }
        }
        list
    }

    /// The moves that pass every rule but the lap cap (K3, K11, H3, M2): the legal moves
    /// plus any endless ones (K8/H9). Cheap (no sowing); for random playouts that try a
    /// move and drop it when [`Position::play`] refuses it as endless.
    pub fn pseudo_legal_moves(&self) -> MoveList {
        self.candidates()
    }

    /// The legal moves of the player to move, in canonical order: every candidate of
    /// K3/K11/H3 whose sowing ends within the lap cap (K8/H9). Empty when the game is
    /// over or the player to move has none.
    ///
    /// Each candidate is sown on a copy of the board (no heap allocation).
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        for &m in self.candidates().iter() {
            let mut p = *self;
            if p.sow(m, &mut Quiet).is_ok() {
                list.push(m);
            }
        }
        list
    }

    /// Each legal move with the position it leads to, so that a search can play a
    /// generated move without sowing it again.
    pub fn children(&self) -> Children {
        let mut out = Children {
            len: 0,
            items: [(
                Move::Hoyito {
                    from: Hole::new(0, 0),
                },
                *self,
            ); crate::moves::MAX_MOVES],
        };
        for &m in self.candidates().iter() {
            let mut p = *self;
            if p.sow(m, &mut Quiet).is_ok() {
                p.finish_move(&mut Quiet);
                out.items[out.len as usize] = (m, p);
                out.len += 1;
            }
        }
        out
    }

    /// Whether `side` would have a legal move if it were his turn.
    fn has_legal_move(&self, side: Side) -> bool {
        let mut p = *self;
        p.to_move = side;
        p.candidates().iter().any(|&m| {
            let mut q = p;
            q.sow(m, &mut Quiet).is_ok()
        })
    }

    /// Whether `mv` is legal here; agrees with [`Position::legal_moves`].
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check_shape(mv).is_ok() && {
            let mut p = *self;
            p.sow(mv, &mut Quiet).is_ok()
        }
    }

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

/// Legal moves with their resulting positions; see [`Position::children`].
#[derive(Clone, Copy)]
pub struct Children {
    len: u8,
    items: [(Move, Position); crate::moves::MAX_MOVES],
}

impl core::ops::Deref for Children {
    type Target = [(Move, Position)];
    fn deref(&self) -> &[(Move, Position)] {
        &self.items[..self.len as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A position is a small `Copy` value (issue target: a few dozen bytes).
    #[test]
    fn position_is_small() {
        assert!(
            core::mem::size_of::<Position>() <= 64,
            "{}",
            core::mem::size_of::<Position>()
        );
        assert!(
            core::mem::size_of::<Move>() <= 8,
            "{}",
            core::mem::size_of::<Move>()
        );
    }
}
