//! Tournaments: the pure engine (pairings, standings, results: [`engine`]) and the
//! `!tournament` commands that keep them in the store and open their games
//! (`commands`).

mod commands;
mod decide;
pub mod engine;

pub use engine::{
    berger, bracket, Entrant, Format, Pairing, Phase, Res, Round, Standing, Tournament,
};
