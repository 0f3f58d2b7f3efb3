//! Moves and their notation (RULES.md N2, K4, K11, H3).

use core::fmt;

use crate::types::parse_hole;
use crate::{Dir, Hole, ParseError, ParseKind, ParseReason, Variant};

/// A move: small and `Copy` (5 bytes).
///
/// Canonical text (N2): Katro `c1+` / `c1-`, a K11 lone-seed step `b1^c2`, Hoyito `d1`.
///
/// ```
/// use mancala_rules::{Move, Variant, Dir, Hole};
/// let m = Move::parse("C1 -", Variant::KATRO).unwrap();
/// assert_eq!(m, Move::Sow { from: Hole::new(2, 0), dir: Dir::Minus });
/// assert_eq!(m.to_string(), "c1-");
/// assert_eq!(Move::parse("d1", Variant::HOYITO).unwrap().to_string(), "d1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Move {
    /// Katro: lift `from` and sow in direction `dir` (K3, K4).
    Sow {
        /// The start hole.
        from: Hole,
        /// The direction of every lap of the move.
        dir: Dir,
    },
    /// Katro K11: move the mover's lone seed from `from` one row inward to `to`.
    Step {
        /// The hole of the lone seed.
        from: Hole,
        /// The arrival hole, one row inward, same column or a neighbouring one.
        to: Hole,
    },
    /// Hoyito: lift `from` and sow along the one track (H2, H3).
    Hoyito {
        /// The start hole.
        from: Hole,
    },
}

impl Move {
    /// The hole the move lifts from.
    pub fn from(self) -> Hole {
        match self {
            Move::Sow { from, .. } | Move::Step { from, .. } | Move::Hoyito { from } => from,
        }
    }

    /// Parses move text for `variant` (N2): case-insensitive, spaces ignored; a bare
    /// Katro hole means `+`.
    ///
    /// Only the shape is checked here (that holes are on the board and the kind fits the
    /// game); whether the move is legal is for [`crate::Position::play`].
    ///
    /// # Errors
    /// [`ParseError`] naming the text: malformed, a hole off this board, a direction in
    /// Hoyito, a step in Hoyito.
    pub fn parse(text: &str, variant: Variant) -> Result<Move, ParseError> {
        let compact: String = text
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_ascii_lowercase();
        let kind = if variant.is_katro() {
            ParseKind::KatroMove
        } else {
            ParseKind::HoyitoMove
        };
        let err = |why: ParseReason| ParseError::new(kind, text, why);
        if compact.is_empty() {
            return Err(err(ParseReason::Empty));
        }
        let hole = |s: &str| -> Result<Hole, ParseError> {
            let h = parse_hole(s).ok_or_else(|| err(ParseReason::NotAHole(s.to_string())))?;
            if variant.contains(h) {
                Ok(h)
            } else {
                Err(err(ParseReason::OffBoard { hole: h, variant }))
            }
        };
        if let Some((a, b)) = compact.split_once('^') {
            if !variant.is_katro() {
                return Err(err(ParseReason::StepInHoyito));
            }
            return Ok(Move::Step {
                from: hole(a)?,
                to: hole(b)?,
            });
        }
        let (body, dir) = match compact.as_bytes()[compact.len() - 1] {
            b'+' => (&compact[..compact.len() - 1], Some(Dir::Plus)),
            b'-' => (&compact[..compact.len() - 1], Some(Dir::Minus)),
            _ => (compact.as_str(), None),
        };
        if body.ends_with(['+', '-']) {
            return Err(err(ParseReason::TwoDirections));
        }
        let from = hole(body)?;
        if variant.is_katro() {
            Ok(Move::Sow {
                from,
                dir: dir.unwrap_or(Dir::Plus),
            })
        } else if dir.is_some() {
            Err(err(ParseReason::DirectionInHoyito))
        } else {
            Ok(Move::Hoyito { from })
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Sow { from, dir } => write!(f, "{from}{}", dir.symbol()),
            Move::Step { from, to } => write!(f, "{from}^{to}"),
            Move::Hoyito { from } => write!(f, "{from}"),
        }
    }
}

/// Capacity of a [`MoveList`]: 12 Katro sowings (6 holes x 2 directions) plus 3 K11
/// steps, or 12 Hoyito holes.
pub const MAX_MOVES: usize = 16;

/// A fixed-capacity list of moves, no heap allocation. Iterates and derefs as a slice.
#[derive(Clone, Copy)]
pub struct MoveList {
    len: u8,
    moves: [Move; MAX_MOVES],
}

impl MoveList {
    /// An empty list.
    pub fn new() -> MoveList {
        MoveList {
            len: 0,
            moves: [Move::Hoyito {
                from: Hole::new(0, 0),
            }; MAX_MOVES],
        }
    }

    /// Appends a move.
    ///
    /// # Panics
    /// When the list already holds [`MAX_MOVES`] moves (no position has that many).
    pub fn push(&mut self, m: Move) {
        self.moves[self.len as usize] = m;
        self.len += 1;
    }

    /// Removes the move at `i`, replacing it with the last one (order not kept).
    ///
    /// # Panics
    /// When `i` is out of range.
    pub fn swap_remove(&mut self, i: usize) -> Move {
        assert!(i < self.len as usize, "index {i} out of range");
        let m = self.moves[i];
        self.len -= 1;
        self.moves[i] = self.moves[self.len as usize];
        m
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl core::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len as usize]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
