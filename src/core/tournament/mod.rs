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
mod org_rooms;
mod organize;
mod pairing;
mod rounds;
mod tables;
mod views;

pub use decide::MAX_ENTRANTS;
pub use engine::{Entrant, Format, Pairing, Phase, Res, Round, Standing, Tournament};
pub use log::{Act, CheckIn, LogEntry, Pause};
pub(in crate::core) use org_rooms::RoomAct;
pub use tables::{berger, bracket};

/// Decides the `!tournament` subcommand `cmd` over `state`: the organizer tools in
/// `org_commands`, the others in `commands`.
///
/// # Errors
/// The subcommand's refusal; nothing is written then.
pub(in crate::core) fn decide_subcommand(
    state: &crate::core::decision::ChannelState,
    ctx: &crate::core::decision::Ctx<'_>,
    cmd: &crate::core::command::TourneyCommand,
) -> Result<crate::core::decision::Decision, crate::core::decision::Refusal> {
    match org_commands::handles(cmd) {
        true => org_commands::decide(state, ctx, cmd),
        false => commands::decide(state, ctx, cmd),
    }
}
