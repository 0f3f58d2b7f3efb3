//! Game variants and their names (RULES.md N3, K1, H1).

use core::fmt;
use core::str::FromStr;

use crate::types::MAX_COLS;
use crate::{Hole, ParseError, ParseKind, ParseReason, Side, VariantError, MAX_HOLES};

/// The lap cap of K8 and H9: a sowing that has not ended after this many laps is endless.
pub const LAP_CAP: u32 = 10_000;

/// Which game, on which board, with which optional rules.
///
/// Names (N3): `katro` (6x6), `katro:4x6`, `katro:4x4`, `hoyito` (2x6), `hoyito:2xN`
/// for N from 6 to 12. `katro:6x6` and `hoyito:2x6` are accepted and print as the short
/// names. The K11 lone-seed steps are not part of the name: set
/// [`Variant::with_lone_steps`].
///
/// Only the boards of N3 can be built: outside this crate a variant comes from the
/// constants, a name ([`str::parse`], serde), or [`Variant::katro`] and
/// [`Variant::hoyito`], which refuse any other board with a [`VariantError`]; the
/// variants' fields can be read in patterns but not written:
///
/// ```compile_fail
/// use mancala_rules::Variant;
/// let v = Variant::Katro { rows: 5, cols: 200, lone_steps: false };
/// ```
///
/// ```
/// use mancala_rules::Variant;
/// let v: Variant = "hoyito:2x8".parse().unwrap();
/// assert_eq!((v.rows(), v.cols()), (2, 8));
/// assert_eq!("katro".parse::<Variant>().unwrap().to_string(), "katro");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Katro (K1-K11): `rows` x `cols` holes, 6x6, 4x6 or 4x4.
    #[non_exhaustive]
    Katro {
        /// Rows: 6 (default) or 4.
        rows: u8,
        /// Columns: 6 (default) or 4 (only with 4 rows).
        cols: u8,
        /// K11 lone-seed steps allowed (off by default).
        lone_steps: bool,
    },
    /// Hoyito I (H1-H10) on 2 x `cols`, `cols` 6..=12.
    #[non_exhaustive]
    Hoyito {
        /// Holes per row, 6 (default) to 12.
        cols: u8,
    },
}

impl Variant {
    /// Katro 6x6, no lone-seed steps (K1).
    pub const KATRO: Variant = Variant::Katro {
        rows: 6,
        cols: 6,
        lone_steps: false,
    };
    /// Hoyito I on 2x6 (H1).
    pub const HOYITO: Variant = Variant::Hoyito { cols: 6 };

    /// Katro on `rows` x `cols` (K1: 6x6, 4x6 or 4x4), without lone-seed steps.
    ///
    /// # Errors
    /// [`VariantError::KatroBoard`] for any other board.
    pub const fn katro(rows: u8, cols: u8) -> Result<Variant, VariantError> {
        match (rows, cols) {
            (6, 6) | (4, 6) | (4, 4) => Ok(Variant::Katro {
                rows,
                cols,
                lone_steps: false,
            }),
            _ => Err(VariantError::KatroBoard { rows, cols }),
        }
    }

    /// Hoyito I on 2 x `cols` (H1: 6 to 12 holes per row).
    ///
    /// # Errors
    /// [`VariantError::HoyitoBoard`] for any other number of holes.
    pub const fn hoyito(cols: u8) -> Result<Variant, VariantError> {
        if cols >= 6 && cols <= 12 {
            Ok(Variant::Hoyito { cols })
        } else {
            Err(VariantError::HoyitoBoard { cols })
        }
    }

    /// Number of rows: 6 or 4 (Katro), 2 (Hoyito).
    #[inline]
    pub fn rows(self) -> u8 {
        match self {
            Variant::Katro { rows, .. } => rows,
            Variant::Hoyito { .. } => 2,
        }
    }

    /// Number of columns.
    #[inline]
    pub fn cols(self) -> u8 {
        match self {
            Variant::Katro { cols, .. } | Variant::Hoyito { cols } => cols,
        }
    }

    /// Number of holes on the board.
    #[inline]
    pub fn holes(self) -> usize {
        self.rows() as usize * self.cols() as usize
    }

    /// True for Katro.
    #[inline]
    pub fn is_katro(self) -> bool {
        matches!(self, Variant::Katro { .. })
    }

    /// The default seeds per hole: 2 for Katro (K1), 4 for Hoyito (H1).
    pub fn default_seeds(self) -> u8 {
        if self.is_katro() {
            2
        } else {
            4
        }
    }

    /// The same variant with the K11 lone-seed steps switched on or off (no effect on
    /// Hoyito).
    pub fn with_lone_steps(self, on: bool) -> Variant {
        match self {
            Variant::Katro { rows, cols, .. } => Variant::Katro {
                rows,
                cols,
                lone_steps: on,
            },
            v => v,
        }
    }

    /// Whether K11 lone-seed steps are allowed.
    #[inline]
    pub fn lone_steps(self) -> bool {
        matches!(
            self,
            Variant::Katro {
                lone_steps: true,
                ..
            }
        )
    }

    /// Whether `hole` lies on this board.
    #[inline]
    pub fn contains(self, hole: Hole) -> bool {
        hole.col < self.cols() && hole.row < self.rows()
    }

    /// The owner of a row (0-based): Katro K1 gives each player half the rows, Hoyito H1
    /// gives South row 1 and North row 2.
    #[inline]
    pub fn owner_of_row(self, row: u8) -> Side {
        if row < self.rows() / 2 {
            Side::South
        } else {
            Side::North
        }
    }

    /// The rows (0-based) of `side`, from his outer row (his own edge) inward (K2, §1).
    #[inline]
    pub fn rows_of(self, side: Side) -> impl DoubleEndedIterator<Item = u8> + Clone {
        let half = self.rows() / 2;
        let rows = self.rows();
        (0..half).map(move |i| match side {
            Side::South => i,
            Side::North => rows - 1 - i,
        })
    }

    /// The board index of `hole` (row-major from a1). Only meaningful when
    /// [`Variant::contains`] holds.
    #[inline]
    pub fn index(self, hole: Hole) -> usize {
        hole.row as usize * self.cols() as usize + hole.col as usize
    }

    /// The hole at board index `i` (inverse of [`Variant::index`]).
    #[inline]
    pub fn hole(self, i: usize) -> Hole {
        // A table rather than a division: the sowing engine asks at every lap's end.
        match HOLES.get(self.cols() as usize).and_then(|t| t.get(i)) {
            Some(&h) => h,
            None => {
                // Not reached by a board of N3. `max(1)`: no panic path, so the call
                // compiles away where its result is unused (the quiet sowing observer).
                let c = (self.cols() as usize).max(1);
                Hole::new((i % c) as u8, (i / c) as u8)
            }
        }
    }
}

/// [`Variant::hole`] by number of columns (0 to 12), then board index.
static HOLES: [[Hole; MAX_HOLES]; MAX_COLS as usize + 1] = {
    let mut t = [[Hole::new(0, 0); MAX_HOLES]; MAX_COLS as usize + 1];
    let mut c = 1;
    while c <= MAX_COLS as usize {
        let mut i = 0;
        while i < MAX_HOLES {
            t[c][i] = Hole::new((i % c) as u8, (i / c) as u8);
            i += 1;
        }
        c += 1;
    }
    t
};

impl Default for Variant {
    fn default() -> Self {
        Variant::KATRO
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Variant::Katro {
                rows: 6, cols: 6, ..
            } => f.write_str("katro"),
            Variant::Katro { rows, cols, .. } => write!(f, "katro:{rows}x{cols}"),
            Variant::Hoyito { cols: 6 } => f.write_str("hoyito"),
            Variant::Hoyito { cols } => write!(f, "hoyito:2x{cols}"),
        }
    }
}

impl FromStr for Variant {
    type Err = ParseError;

    /// Parses a game name (N3), case-insensitive.
    ///
    /// # Errors
    /// [`ParseError`] for any other name or size.
    fn from_str(s: &str) -> Result<Variant, ParseError> {
        let t = s.trim().to_ascii_lowercase();
        let err = |why: ParseReason| ParseError::new(ParseKind::Variant, s, why);
        let (name, size) = match t.split_once(':') {
            Some((n, z)) => (n, Some(z)),
            None => (t.as_str(), None),
        };
        let size_err = |e: VariantError| err(ParseReason::Board(e));
        match (name, size) {
            ("katro", None) => Ok(Variant::KATRO),
            ("katro", Some(z)) => {
                let (r, c) = z
                    .split_once('x')
                    .and_then(|(r, c)| Some((r.parse::<u8>().ok()?, c.parse::<u8>().ok()?)))
                    .ok_or_else(|| err(ParseReason::KatroSize))?;
                Variant::katro(r, c).map_err(size_err)
            }
            ("hoyito", None) => Ok(Variant::HOYITO),
            ("hoyito", Some(z)) => {
                let n = z
                    .strip_prefix("2x")
                    .and_then(|n| n.parse::<u8>().ok())
                    .ok_or_else(|| err(ParseReason::HoyitoSize))?;
                Variant::hoyito(n).map_err(size_err)
            }
            _ => Err(err(ParseReason::UnknownGame)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// N3, K1, H1: the constructors give exactly the boards of the names, and refuse
    /// every other shape with a typed error.
    #[test]
    fn n3_constructors_build_only_the_named_boards() {
        for rows in 0..=u8::MAX {
            for cols in [0, 1, 4, 5, 6, 7, 12, 13, 200, u8::MAX] {
                match Variant::katro(rows, cols) {
                    Ok(v) => {
                        assert!(matches!((rows, cols), (6, 6) | (4, 6) | (4, 4)));
                        assert_eq!(v.to_string().parse::<Variant>(), Ok(v));
                    }
                    Err(e) => assert_eq!(e, VariantError::KatroBoard { rows, cols }),
                }
            }
            match Variant::hoyito(rows) {
                Ok(v) => {
                    assert!((6..=12).contains(&rows));
                    assert_eq!((v.rows(), v.cols()), (2, rows));
                }
                Err(e) => assert_eq!(e, VariantError::HoyitoBoard { cols: rows }),
            }
        }
        assert_eq!(
            Variant::katro(5, 5).unwrap_err().to_string(),
            "Katro boards are 6x6, 4x6 and 4x4 (K1), not 5x5"
        );
        assert_eq!(
            Variant::hoyito(13).unwrap_err().to_string(),
            "Hoyito boards have 6 to 12 holes per row (H1), not 13"
        );
        assert_eq!(
            "katro:9x9".parse::<Variant>().unwrap_err().to_string(),
            "bad game `katro:9x9`: Katro boards are 6x6, 4x6 and 4x4 (K1), not 9x9; expected \
             `katro`, `katro:4x6`, `katro:4x4`, `hoyito` or `hoyito:2xN` with N from 6 to 12"
        );
    }
}
