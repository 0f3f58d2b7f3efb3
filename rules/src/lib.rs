//! The rules of two mancala games, as the chat bot mancala-bot referees them:
//! **Katro** (Madagascar; 6x6, 4x6 and 4x4 boards) and **Hoyito I** (Dominican Republic;
//! 2x6 to 2x12, with match play). Rule ids (K3, H5, M2, N4, ...) refer to the project's
//! RULES.md.
//!
//! Pure: no I/O, no async. Everything is a small `Copy` value except the history types
//! ([`Game`], [`Match`], [`Trace`]).
//!
//! - [`Position`]: board, player to move, Hoyito stores; [`Position::legal_moves`],
//!   checked [`Position::play`] (the position is unchanged on error),
//!   [`Position::play_traced`] for every lap, relay, capture and casa; N4 strings.
//! - [`Move`] and [`Hole`]: N1/N2 notation.
//! - [`Game`]: history, K10/H10 repetition, captures so far; [`Match`]: M1-M4.
//!
//! ```
//! use mancala_rules::{Game, Outcome, Variant};
//!
//! let mut game = Game::new(Variant::KATRO);
//! let trace = game.play_text("c1+")?;           // RULES.md E1
//! assert_eq!(trace.relays(), 5);
//! assert_eq!(trace.captures(), 1);
//! assert_eq!(game.captured(mancala_rules::Side::South), 2);
//! assert_eq!(game.outcome(), Outcome::Ongoing);
//! assert!(game.play_text("c1+").is_err());      // North's turn: c1 is South's hole
//! # Ok::<(), mancala_rules::PlayError>(())
//! ```
#![deny(missing_docs)]
#![warn(unreachable_pub)]
#![forbid(unsafe_code)]

mod error;
mod game;
mod matches;
mod moves;
mod position;
#[cfg(feature = "serde")]
mod serde_impls;
mod trace;
mod types;
mod variant;

pub use error::{ParseError, ParseKind, ParseReason, PlayError, VariantError};
pub use game::Game;
pub use matches::{Match, MatchEnding, MatchLength, MatchMove, MatchStart};
pub use moves::{Move, MoveList, MAX_MOVES};
pub use position::{Children, EndReason, Outcome, Position, MAX_HOLES};
pub use trace::{Event, Trace, TraceEvent};
pub use types::{Dir, Hole, Side, MAX_COLS, MAX_ROWS};
pub use variant::{Variant, LAP_CAP};
