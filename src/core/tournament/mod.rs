//! Tournaments: the pure engine (pairings, standings, results: [`engine`]), the pure
//! decisions of the `!tournament` commands (`decide`) and their text (`views`), and the
//! commands that read a tournament once, write it back once and open its games
//! (`commands`).

mod commands;
mod decide;
pub mod engine;
mod views;

pub use engine::{
    berger, bracket, Entrant, Format, Pairing, Phase, Res, Round, Standing, Tournament,
};
