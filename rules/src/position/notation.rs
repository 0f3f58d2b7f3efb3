//! Notation N4: a position as a string (`katro/2,2,.../... s`,
//! `hoyito/4,4,.../... s 0 0`), printed by `Display` and parsed and validated by
//! `FromStr`. Hole and move notation (N1, N2) lives in `crate::types` and `crate::moves`,
//! game names (N3) in `crate::variant`.

use core::fmt;
use core::str::{FromStr, SplitWhitespace};

use super::Position;
use crate::{Hole, ParseError, ParseKind, Side, Variant};

impl fmt::Display for Position {
    /// The N4 position string, e.g. `hoyito/4,4,4,4,4,4/4,4,4,4,4,4 s 0 0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.variant)?;
        for r in 0..self.variant.rows() {
            f.write_str("/")?;
            for c in 0..self.variant.cols() {
                if c > 0 {
                    f.write_str(",")?;
                }
                let h = Hole::new(c, r);
                if self.is_closed(h) {
                    f.write_str("x")?;
                } else {
                    write!(f, "{}", self.board[self.variant.index(h)])?;
                }
            }
        }
        write!(f, " {}", self.to_move.letter())?;
        if !self.variant.is_katro() {
            write!(f, " {} {}", self.stores[0], self.stores[1])?;
        }
        Ok(())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}

impl FromStr for Position {
    type Err = ParseError;

    /// Parses and validates an N4 position string; reports the first fault.
    ///
    /// Checks: the game name (N3), the number of rows and of holes per row, each count
    /// (0-255; `x` only in Hoyito), the player to move (`s`/`n`), the two stores (Hoyito
    /// only), and the seed total: Katro 1-4 seeds per hole on average exactly (K1: the
    /// total never changes), Hoyito board plus stores equal to four per open hole (H1, M2)
    /// and a multiple of four in play (H7).
    ///
    /// # Errors
    /// [`ParseError`] naming the text and the first fault.
    fn from_str(s: &str) -> Result<Position, ParseError> {
        let err = |why: String| ParseError::new(ParseKind::Position, s, why);
        let mut parts = s.split_whitespace();
        let layout = parts.next().ok_or_else(|| err("empty".into()))?;
        let mut p = parse_layout(layout, &err)?;
        p.to_move = match parts.next() {
            Some("s") | Some("S") => Side::South,
            Some("n") | Some("N") => Side::North,
            Some(t) => return Err(err(format!("player to move `{t}` is not `s` or `n`"))),
            None => return Err(err("missing the player to move (`s` or `n`)".into())),
        };
        if p.variant.is_katro() {
            check_katro_rest(&p, &mut parts, &err)?;
        } else {
            parse_hoyito_stores(&mut p, &mut parts, &err)?;
        }
        Ok(p)
    }
}

/// The game name and rows of an N4 layout (`katro/2,2,2,2,2,2/...`): a position with
/// those seeds and closed holes, South to move, empty stores.
fn parse_layout<E>(layout: &str, err: &E) -> Result<Position, ParseError>
where
    E: Fn(String) -> ParseError,
{
    let mut fields = layout.split('/');
    let name = fields.next().unwrap_or("");
    let variant: Variant = name
        .parse()
        .map_err(|e: ParseError| err(format!("unknown game `{name}`: {}", e.reason())))?;
    let rows: Vec<&str> = fields.collect();
    if rows.len() != variant.rows() as usize {
        return Err(err(format!(
            "{} rows given, {variant} has {}",
            rows.len(),
            variant.rows()
        )));
    }
    let mut p = Position::start(variant, 0);
    for (r, row) in rows.iter().enumerate() {
        parse_row(&mut p, r, row, err)?;
    }
    Ok(p)
}

/// Row `r` (0-based) of an N4 layout into `p`: comma-separated seed counts, `x` for a
/// closed hole (Hoyito only, M2).
fn parse_row<E>(p: &mut Position, r: usize, row: &str, err: &E) -> Result<(), ParseError>
where
    E: Fn(String) -> ParseError,
{
    let variant = p.variant;
    let cells: Vec<&str> = row.split(',').collect();
    if cells.len() != variant.cols() as usize {
        return Err(err(format!(
            "row {} has {} holes, {variant} has {}",
            r + 1,
            cells.len(),
            variant.cols()
        )));
    }
    for (c, cell) in cells.iter().enumerate() {
        let i = variant.index(Hole::new(c as u8, r as u8));
        if *cell == "x" || *cell == "X" {
            if variant.is_katro() {
                return Err(err(format!(
                    "closed hole at {} but Katro has no closed holes",
                    variant.hole(i)
                )));
            }
            p.closed |= 1 << i;
        } else {
            p.board[i] = cell.parse().map_err(|_| {
                err(format!(
                    "`{cell}` at {} is not a seed count from 0 to 255",
                    variant.hole(i)
                ))
            })?;
        }
    }
    Ok(())
}

/// Katro: nothing may follow the player to move (no stores), and the board holds 1-4
/// seeds per hole on average exactly (K1: the total never changes).
fn check_katro_rest<E>(
    p: &Position,
    rest: &mut SplitWhitespace<'_>,
    err: &E,
) -> Result<(), ParseError>
where
    E: Fn(String) -> ParseError,
{
    let variant = p.variant;
    let total = p.board_total();
    if let Some(extra) = rest.next() {
        return Err(err(format!(
            "unexpected `{extra}`: Katro positions have no stores"
        )));
    }
    let holes = variant.holes() as u32;
    if !total.is_multiple_of(holes) || !(1..=4).contains(&(total / holes)) {
        return Err(err(format!(
            "{total} seeds on the board; {variant} holds {}, {}, {} or {} (1-4 per hole, K1)",
            holes,
            2 * holes,
            3 * holes,
            4 * holes
        )));
    }
    Ok(())
}

/// Hoyito: the two stores after the player to move and nothing more, then the seed
/// total: board plus stores four per open hole (H1, M2), a multiple of four in play (H7).
fn parse_hoyito_stores<E>(
    p: &mut Position,
    rest: &mut SplitWhitespace<'_>,
    err: &E,
) -> Result<(), ParseError>
where
    E: Fn(String) -> ParseError,
{
    let variant = p.variant;
    let total = p.board_total();
    for side in Side::ALL {
        let t = rest.next().ok_or_else(|| {
            err(format!(
                "missing {side}'s store (Hoyito positions end with two stores)"
            ))
        })?;
        p.stores[side.index()] = t
            .parse()
            .map_err(|_| err(format!("{side}'s store `{t}` is not a number")))?;
    }
    if let Some(extra) = rest.next() {
        return Err(err(format!("unexpected `{extra}` after the stores")));
    }
    let open = (variant.holes() - p.closed.count_ones() as usize) as u32;
    let all = total + p.stores[0] as u32 + p.stores[1] as u32;
    if all != 4 * open {
        return Err(err(format!(
            "board and stores hold {all} seeds; with {open} open holes they must hold {} (4 per open hole)",
            4 * open
        )));
    }
    if !total.is_multiple_of(4) {
        return Err(err(format!(
            "{total} seeds in play is not a multiple of four (H7)"
        )));
    }
    Ok(())
}
