//! Tournaments: the pure engine (the stored tournament and its results: `engine`; the
//! standings: `standings`; the pairing of rounds: `pairing`; the knockout's bracket
//! and tie-break rule: `knockout`; arenas: `arena`), the pure
//! decisions of the `!tournament` commands (`decide`) and their text (`views`), and the
//! commands that read a tournament once, write it back once and open its games
//! (`commands`).

mod arena;
pub(in crate::core) mod commands;
mod decide;
mod driver;
pub(crate) mod engine;
mod info;
mod knockout;
mod pairing;
mod rounds;
mod standings;
mod tables;
mod views;

pub use arena::ArenaStep;
pub use decide::MAX_ENTRANTS;
pub use engine::{Entrant, Format, KnockoutTie, Pairing, Phase, Res, Round, Tournament};
pub use knockout::{TieStep, MAX_BOARD_GAMES};
pub use standings::Standing;

/// A time per move as the tournament replies say it: `24 h per move`, `no time limit`.
pub(in crate::core) fn time_words(ms: Option<u64>) -> String {
    views::time_text(ms)
}
pub use tables::{berger, bracket};
