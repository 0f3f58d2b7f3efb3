//! Tournaments: the pure engine (the stored tournament, results and standings:
//! `engine`; the pairing of rounds: `pairing`), the pure
//! decisions of the `!tournament` commands (`decide`) and their text (`views`), and the
//! commands that read a tournament once, write it back once and open its games
//! (`commands`).

pub(in crate::core) mod commands;
mod decide;
pub(crate) mod engine;
pub mod log;
mod org_commands;
mod organize;
mod pairing;
mod rounds;
mod tables;
mod views;

pub use decide::MAX_ENTRANTS;
pub use engine::{Entrant, Format, Pairing, Phase, Res, Round, Standing, Tournament};
pub use log::{Act, CheckIn, LogEntry, Pause};
pub(in crate::core) use org_commands::RoomAct;
pub use tables::{berger, bracket};
