//! Legal moves: the checks of one move (K3, K11, H3, M2) and the generation of
//! every legal move (K8/H9 lap cap included), with or without the positions they lead to.

use super::sow::Quiet;
use super::track::Track;
use super::Position;
use crate::{Dir, Hole, Move, MoveList, PlayError, Side, Variant};

impl Position {
    /// Checks everything about `mv` except the lap cap (K8/H9).
    pub(super) fn check_shape(&self, mv: Move) -> Result<(), PlayError> {
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
        on_board(v, from)?;
        check_kind(mv, v)?;
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
            Move::Step { to, .. } => self.check_step(from, to)?,
            Move::Hoyito { .. } => {}
        }
        Ok(())
    }

    /// K11: the rest of [`Position::check_shape`] for a lone-seed step from `from` (on
    /// the board, the mover's, open and not empty) to `to`.
    fn check_step(&self, from: Hole, to: Hole) -> Result<(), PlayError> {
        let me = self.to_move;
        on_board(self.variant, to)?;
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
                reason: "a lone-seed step (K11) goes one row inward, straight or diagonally",
            });
        }
        Ok(())
    }

    /// Moves that pass [`Position::check_shape`], in canonical order (hole by column,
    /// then `+` before `-`, then K11 steps).
    fn candidates(&self) -> MoveList {
        let mut list = MoveList::new();
        self.each_candidate(|m| {
            list.push(m);
            false
        });
        list
    }

    /// Gives each move of [`Position::candidates`] in turn to `f`, until `f` returns
    /// true; returns whether it did. No list is built: move generation and the H3
    /// check run at every node of a search.
    #[inline]
    fn each_candidate(&self, mut f: impl FnMut(Move) -> bool) -> bool {
        let v = self.variant;
        let me = self.to_move;
        if self.swept {
            return false;
        }
        match v {
            Variant::Katro { .. } => {
                let Some(row) = self.start_row(me) else {
                    return false;
                };
                let mut first_col = None;
                for col in 0..v.cols() {
                    let from = Hole::new(col, row);
                    if self.board[v.index(from)] > 0 {
                        first_col.get_or_insert(col);
                        if f(Move::Sow {
                            from,
                            dir: Dir::Plus,
                        }) || f(Move::Sow {
                            from,
                            dir: Dir::Minus,
                        }) {
                            return true;
                        }
                    }
                }
                if v.lone_steps() && self.seeds_of(me) == 1 {
                    // The start row holds the lone seed, so `first_col` is its column.
                    let from = Hole::new(first_col.unwrap_or(0), row);
                    let to_row = match me {
                        Side::South => row + 1,
                        Side::North => row.wrapping_sub(1),
                    };
                    if to_row < v.rows() && v.owner_of_row(to_row) == me {
                        for col in from.col.saturating_sub(1)..=(from.col + 1).min(v.cols() - 1) {
                            if f(Move::Step {
                                from,
                                to: Hole::new(col, to_row),
                            }) {
                                return true;
                            }
                        }
                    }
                }
            }
            Variant::Hoyito { .. } => {
                let row = if me == Side::South { 0 } else { 1 };
                for col in 0..v.cols() {
                    let from = Hole::new(col, row);
                    let i = v.index(from);
                    if self.board[i] > 0 && self.closed & (1 << i) == 0 && f(Move::Hoyito { from })
                    {
                        return true;
                    }
                }
            }
        }
        false
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
        let mut out = Children::new();
        self.children_into(&mut out);
        out
    }

    /// As [`Position::children`], into `out` (its earlier content is replaced): a
    /// search keeps one buffer per ply and reuses it, rather than filling and copying a
    /// new one at every node.
    pub fn children_into(&self, out: &mut Children) {
        out.len = 0;
        self.each_candidate(|m| {
            // Sown in place; an endless move's slot is taken by the next candidate.
            let slot = &mut out.items[out.len as usize];
            *slot = (m, *self);
            if slot.1.sow(m, &mut Quiet).is_ok() {
                slot.1.finish_move(&mut Quiet);
                out.len += 1;
            }
            false
        });
    }

    /// Gives each legal move, with the position it leads to, to `f` in canonical order
    /// until `f` returns true; returns whether it did. Each move is sown only when its
    /// turn comes: a search that stops at the first good move sows no other.
    #[inline]
    pub fn each_child(&self, mut f: impl FnMut(Move, &Position) -> bool) -> bool {
        self.each_candidate(|m| {
            let mut p = *self;
            // An endless move (K8/H9) is no child: skipped.
            p.sow(m, &mut Quiet).is_ok() && {
                p.finish_move(&mut Quiet);
                f(m, &p)
            }
        })
    }

    /// Whether `side` would have a legal move if it were his turn.
    pub(super) fn has_legal_move(&self, side: Side) -> bool {
        // Most Hoyito positions have a move seen to end in its first lap, with no
        // sowing (H3 runs after every move); only without one are the candidates sown
        // against the lap cap (K8/H9).
        if let Variant::Hoyito { cols } = self.variant {
            let mut slot = None;
            let track = Track::hoyito(self.variant, self.closed, &mut slot);
            let row = if side == Side::South {
                0
            } else {
                cols as usize
            };
            let quick = !self.swept
                && (row..row + cols as usize).any(|i| {
                    self.board[i] > 0
                        && self.closed & (1 << i) == 0
                        && self.ends_in_first_lap(track, i)
                });
            if quick {
                return true;
            }
        }
        if self.variant.is_katro() && self.katro_ends_in_first_lap(side) {
            return true;
        }
        let mut p = *self;
        p.to_move = side;
        p.each_candidate(|m| {
            let mut q = p;
            q.sow(m, &mut Quiet).is_ok()
        })
    }

    /// Whether one of `side`'s Katro sowings (K3) surely ends in its first lap, so is
    /// legal (K8) without being sown: its seeds go less than once round his track (K2),
    /// so its last one falls into a hole no earlier seed of the lap reached, and that
    /// hole is empty (K6a: the move ends there). `false` means "not known". The K9
    /// check after every move asks this; most positions answer here.
    fn katro_ends_in_first_lap(&self, side: Side) -> bool {
        let Some(row) = self.start_row(side) else {
            return false;
        };
        let v = self.variant;
        let tracks = [Dir::Plus, Dir::Minus].map(|d| Track::katro(v, side, d));
        (0..v.cols()).any(|col| {
            let i = v.index(Hole::new(col, row));
            self.board[i] > 0
                && tracks.iter().any(|t| {
                    self.first_lap_last_hole(t, i)
                        .is_some_and(|h| self.board[h] == 0)
                })
        })
    }

    /// Where the last seed of a sowing from board index `i` along `track` falls, when
    /// the seeds go less than once round (so that no earlier seed of the lap reached
    /// that hole); `None` for a longer lap.
    #[inline]
    fn first_lap_last_hole(&self, track: &Track, i: usize) -> Option<usize> {
        let n = self.board[i] as usize;
        if n >= track.len() {
            return None;
        }
        // Less than two rounds from the start: a subtraction, not a division.
        let mut at = track.pos_of[i] as usize + n;
        if at >= track.len() {
            at -= track.len();
        }
        Some(track.holes[at] as usize)
    }

    /// Whether sowing the Hoyito hole of board index `i` (open, not empty) surely
    /// ends in its first lap along `track`, so is legal (H9) without being sown: its
    /// seeds go less than once round the track, so its last one falls into a hole no
    /// earlier seed of the lap reached, and that hole is empty (H6b) or holds three
    /// (H6a; a casa in passing or H7 on the way changes neither). `false` means "not
    /// known", not "endless".
    #[inline]
    fn ends_in_first_lap(&self, track: &Track, i: usize) -> bool {
        self.first_lap_last_hole(track, i)
            .is_some_and(|last| matches!(self.board[last], 0 | 3))
    }

    /// Whether `mv` is legal here; agrees with [`Position::legal_moves`].
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check_shape(mv).is_ok() && {
            let mut p = *self;
            p.sow(mv, &mut Quiet).is_ok()
        }
    }
}

/// `hole` is on the board of `v`.
fn on_board(v: Variant, hole: Hole) -> Result<(), PlayError> {
    if v.contains(hole) {
        Ok(())
    } else {
        Err(PlayError::OffBoard { hole })
    }
}

/// The kind of `mv` suits the game: a sowing (`c1+`) in Katro, or a K11 step where
/// those are played; a hole (`d1`) in Hoyito.
fn check_kind(mv: Move, v: Variant) -> Result<(), PlayError> {
    match (mv, v) {
        (Move::Sow { .. }, Variant::Katro { .. })
        | (Move::Hoyito { .. }, Variant::Hoyito { .. }) => Ok(()),
        (
            Move::Step { .. },
            Variant::Katro {
                lone_steps: false, ..
            },
        ) => Err(PlayError::WrongKind {
            reason: "lone-seed steps (K11) are not played in this game",
        }),
        (Move::Step { .. }, Variant::Katro { .. }) => Ok(()),
        (_, Variant::Katro { .. }) => Err(PlayError::WrongKind {
            reason: "a Katro move is a hole and a direction, like c1+",
        }),
        (_, Variant::Hoyito { .. }) => Err(PlayError::WrongKind {
            reason: "a Hoyito move is a hole, like d1",
        }),
    }
}

/// Legal moves with their resulting positions; see [`Position::children`].
#[derive(Clone, Copy)]
pub struct Children {
    len: u8,
    items: [(Move, Position); crate::moves::MAX_MOVES],
}

impl Children {
    /// No children; a buffer for [`Position::children_into`].
    pub fn new() -> Children {
        Children {
            len: 0,
            items: [(
                Move::Hoyito {
                    from: Hole::new(0, 0),
                },
                Position::new(Variant::HOYITO),
            ); crate::moves::MAX_MOVES],
        }
    }
}

impl Default for Children {
    fn default() -> Self {
        Children::new()
    }
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

    /// `each_child` gives exactly the children of `children`, in the same order, and
    /// stops at the first for which its function returns true; along random games of
    /// every game and board, K11 steps and closed holes (M2) included.
    #[test]
    fn each_child_gives_the_children_in_order_and_stops_when_told() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let v = |name: &str| name.parse::<Variant>().unwrap();
        let starts = [
            Position::new(v("katro")),
            Position::new(v("katro:4x4")).with_lone_steps(true),
            Position::new(v("katro:4x6")),
            Position::new(v("hoyito")),
            Position::hoyito_match_start(v("hoyito:2x12"), 0b101 << 12, Side::North),
        ];
        for start in starts {
            let mut p = start;
            for _ in 0..3000 {
                let all = p.children();
                let mut seen = Vec::new();
                p.each_child(|m, c| {
                    seen.push((m, *c));
                    false
                });
                assert_eq!(seen.len(), all.len(), "{p}");
                assert!(seen.iter().zip(all.iter()).all(|(a, b)| a == b), "{p}");
                if let Some(stop) = all.len().checked_sub(1).map(|n| n / 2) {
                    let mut calls = 0;
                    assert!(p.each_child(|_, _| {
                        calls += 1;
                        calls == stop + 1
                    }));
                    assert_eq!(calls, stop + 1);
                }
                if all.is_empty() {
                    p = start;
                    continue;
                }
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                p = all[x as usize % all.len()].1;
            }
        }
    }

    /// K6a/K8: where the Katro shortcut of `has_legal_move` says a sowing ends in its
    /// first lap, one of the side's moves does end after one lap; and it answers for
    /// most positions, along random games on every Katro board.
    #[test]
    fn katro_first_lap_shortcut_finds_a_move_that_ends_in_one_lap() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let (mut asked, mut answered) = (0, 0);
        for name in ["katro", "katro:4x6", "katro:4x4"] {
            let v: Variant = name.parse().unwrap();
            for seeds in 1..=4 {
                for _ in 0..20 {
                    let mut p = Position::with_seeds(v, seeds).unwrap();
                    for _ in 0..150 {
                        for side in Side::ALL {
                            let mut q = p;
                            q.to_move = side;
                            asked += 1;
                            if p.katro_ends_in_first_lap(side) {
                                answered += 1;
                                let one_lap = q.candidates().iter().any(|&m| {
                                    let mut r = q;
                                    matches!(r.sow(m, &mut Quiet), Ok(1))
                                });
                                assert!(one_lap, "{q}");
                            }
                        }
                        let Some(next) = super::super::random_child(&p, &mut x) else {
                            break;
                        };
                        p = next;
                    }
                }
            }
        }
        assert!(answered * 2 > asked, "{answered} of {asked}");
    }

    /// H9: the first-lap shortcut of `has_legal_move` answers as sowing every candidate
    /// would, along random Hoyito games on every board, closed holes (M2) included.
    #[test]
    fn has_legal_move_agrees_with_sowing_every_candidate() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut rand = |n: usize| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % n as u64) as usize
        };
        for cols in 6..=12u8 {
            let v = Variant::hoyito(cols).unwrap();
            for game in 0..40 {
                let closed = if game % 2 == 0 { 0 } else { 0b1001 << cols };
                let mut p = Position::hoyito_match_start(v, closed, Side::South);
                for _ in 0..200 {
                    for side in Side::ALL {
                        let mut q = p;
                        q.to_move = side;
                        let slow = q.candidates().iter().any(|&m| {
                            let mut r = q;
                            r.sow(m, &mut Quiet).is_ok()
                        });
                        assert_eq!(p.has_legal_move(side), slow, "{p}");
                    }
                    let ch = p.children();
                    if ch.is_empty() {
                        break;
                    }
                    p = ch[rand(ch.len())].1;
                }
            }
        }
    }
}
