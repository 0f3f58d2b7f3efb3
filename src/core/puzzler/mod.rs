//! The puzzle commands (issue 32), pure handlers as every command's, over the puzzles
//! of [`crate::core::puzzle`]:
//!
//! - `give`: `!puzzle [GAME] | daily | skip | stats [@user]`;
//! - `answer`: the `!sow` that answers an open puzzle.

mod answer;
mod give;

pub(in crate::core) use answer::{answer, takes_move};
pub(in crate::core) use give::puzzle;
