//! Plain-text board diagrams, for the console transport, logs and `replay`.

use mancala_rules::{Hole, Position};

use crate::core::text::side_name;

/// Draws `pos` as an ASCII diagram seen from South's side (row 1 at the bottom), with
/// column letters and row numbers (RULES.md N1), a line between the two halves, closed
/// holes (M2) as `x`, the Hoyito stores, and who is to move (or the position's result,
/// K9/H8, once it is over). The words are in the current language ([`crate::i18n`]).
///
/// ```
/// use mancala_rules::{Position, Variant};
/// let text = mancala_bot::render::ascii::board(&Position::new(Variant::HOYITO));
/// assert!(text.contains("2 |  4  4  4  4  4  4 |"));
/// assert!(text.ends_with("South to move.\n"));
/// ```
pub fn board(pos: &Position) -> String {
    let mut out = diagram(pos);
    out.push_str(&match pos.outcome() {
        mancala_rules::Outcome::Ongoing => {
            tr!("view-side-to-move", side = side_name(pos.to_move()))
        }
        mancala_rules::Outcome::Win { winner, .. } => {
            tr!("diagram-won", side = side_name(winner))
        }
        mancala_rules::Outcome::Draw { .. } => tr!("diagram-drawn"),
    });
    out.push('\n');
    out
}

/// [`board`] without its last line (who is to move or the result).
pub fn diagram(pos: &Position) -> String {
    let v = pos.variant();
    let cols = v.cols();
    let mut out = String::new();
    let letters: String = (0..cols)
        .map(|c| format!("{:>3}", (b'a' + c) as char))
        .collect();
    let rule = format!("    +{}-+\n", "-".repeat(3 * cols as usize));
    out.push_str(&format!("     {letters}\n"));
    out.push_str(&rule);
    for row in (0..v.rows()).rev() {
        let cells: String = (0..cols)
            .map(|c| {
                let h = Hole::new(c, row);
                if pos.is_closed(h) {
                    "  x".to_string()
                } else {
                    format!("{:>3}", pos.seeds(h).unwrap_or(0))
                }
            })
            .collect();
        let side = v.owner_of_row(row);
        let note = if row == v.rows() - 1 || row == 0 {
            let store = if v.is_katro() {
                String::new()
            } else {
                format!(
                    ", {}",
                    tr!("picture-stats-hoyito", captured = pos.store(side))
                )
            };
            format!("  {}{store}", side_name(side))
        } else {
            String::new()
        };
        out.push_str(&format!("{:>3} |{cells} |{note}\n", row + 1));
        if row == v.rows() / 2 {
            out.push_str(&rule);
        }
    }
    out.push_str(&rule);
    out.push_str(&format!("     {letters}\n"));
    out
}
