//! Small value types: sides, holes, directions (RULES.md section 1 and N1).

use core::fmt;

/// A player: South moves first and sits at row 1; North sits at the last row (RULES.md §1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Side {
    /// The first player, owner of row 1 (and 2, 3 on Katro 6x6).
    South,
    /// The second player, owner of the last row(s).
    North,
}

impl Side {
    /// Both sides, South first; `Side::ALL[side.index()] == side`.
    pub const ALL: [Side; 2] = [Side::South, Side::North];

    /// The other player.
    #[inline]
    pub fn other(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// 0 for South, 1 for North: the index into per-side arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// `"south"` or `"north"`, as in the JSON trace (RULES.md §6).
    pub fn name(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }

    /// The N4 to-move letter: `s` or `n`.
    pub fn letter(self) -> char {
        match self {
            Side::South => 's',
            Side::North => 'n',
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::South => "South",
            Side::North => "North",
        })
    }
}

/// A hole, named like a chess square (RULES.md N1): column `a`.. from South's left,
/// row 1.. from South's edge. Both fields are 0-based: `Hole::new(2, 0)` is `c1`.
///
/// A `Hole` on its own is not tied to a board size; [`crate::Position`] checks that a
/// hole lies on its board. Parsing accepts columns `a`-`l` and rows 1-6 (the largest
/// boards, Hoyito 2x12 and Katro 6x6), case-insensitive.
///
/// ```
/// use mancala_rules::Hole;
/// let h: Hole = "C1".parse().unwrap();
/// assert_eq!(h, Hole::new(2, 0));
/// assert_eq!(h.to_string(), "c1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hole {
    /// Column, 0-based (`a` = 0).
    pub col: u8,
    /// Row, 0-based (row 1 = 0).
    pub row: u8,
}

/// Largest number of columns of any board (Hoyito 2x12).
pub const MAX_COLS: u8 = 12;
/// Largest number of rows of any board (Katro 6x6).
pub const MAX_ROWS: u8 = 6;

impl Hole {
    /// The hole at 0-based column `col` and row `row`.
    #[inline]
    pub const fn new(col: u8, row: u8) -> Hole {
        Hole { col, row }
    }

    /// The column letter, `a` for column 0.
    pub fn col_letter(self) -> char {
        (b'a' + self.col) as char
    }
}

impl fmt::Display for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.col_letter(), self.row + 1)
    }
}

impl core::str::FromStr for Hole {
    type Err = crate::ParseError;

    /// Parses `c1` (case-insensitive, spaces ignored).
    ///
    /// # Errors
    /// [`crate::ParseError`] naming the text when it is not a column letter `a`-`l`
    /// followed by a row number 1-6.
    fn from_str(s: &str) -> Result<Hole, crate::ParseError> {
        let compact: String = s.chars().filter(|c| !c.is_whitespace()).collect();
        parse_hole(&compact.to_ascii_lowercase())
            .ok_or_else(|| crate::ParseError::new(crate::ParseKind::Hole, s, "not a hole"))
    }
}

/// Parses a lower-case, space-free hole name; `None` when malformed.
pub(crate) fn parse_hole(s: &str) -> Option<Hole> {
    let mut chars = s.chars();
    let c = chars.next()?;
    if !c.is_ascii_lowercase() {
        return None;
    }
    let col = c as u8 - b'a';
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let row: u8 = digits.parse().ok()?;
    if col >= MAX_COLS || row == 0 || row > MAX_ROWS {
        return None;
    }
    Some(Hole::new(col, row - 1))
}

/// A Katro sowing direction (RULES.md K4): `+` sows along the outer row toward the
/// mover's right, `-` toward his left. Hoyito has a single direction (H2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Dir {
    /// Toward the mover's right along his outer row.
    Plus,
    /// Toward the mover's left along his outer row.
    Minus,
}

impl Dir {
    /// `'+'` or `'-'`.
    pub fn symbol(self) -> char {
        match self {
            Dir::Plus => '+',
            Dir::Minus => '-',
        }
    }
}
