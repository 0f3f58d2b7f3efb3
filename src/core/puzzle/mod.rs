//! Puzzles (issue 32): positions from analysed games where exactly one move wins clearly.
//!
//! - `set`: the shipped puzzle sets (`data/puzzles/*.json`, one per board, embedded in
//!   the binary), their file format and the checks every puzzle passes when loaded.

pub mod set;
