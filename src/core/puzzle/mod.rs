//! Puzzles (issue 32): positions from analysed games where exactly one move wins clearly.
//!
//! - `set`: the shipped puzzle sets (`data/puzzles/*.json`, one per board, embedded in
//!   the binary), their file format and the checks every puzzle passes when loaded.
//! - `book`: the puzzles a core serves ([`crate::core::Settings::puzzles`], the shipped
//!   sets by default), the pick near a rating and the daily pick.
//! - `record`: a player's puzzles in a community (one document): the Glicko-2 puzzle
//!   rating per family, the puzzles solved, failed and skipped, the streaks, the open
//!   puzzle.
//! - `words`: the texts the replies and the daily puzzle's web page share.
//!
//! The commands themselves are in `core::puzzler`.

pub mod book;
pub mod record;
pub mod set;
pub mod words;

pub use book::{DailySource, PuzzleBook};
pub use record::Puzzler;
