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
mod game_ids;
mod info;
mod knockout;
mod links;
pub mod log;
mod org_commands;
mod org_rooms;
mod organize;
mod pairing;
mod rounds;
mod standings;
mod tables;
mod views;

pub use arena::ArenaStep;
pub use decide::MAX_ENTRANTS;
pub use engine::{Entrant, Format, KnockoutTie, Pairing, Phase, Res, Round, Tournament};
pub use knockout::{TieStep, MAX_BOARD_GAMES};
pub use log::{Act, CheckIn, LogEntry, Pause};
pub(in crate::core) use org_rooms::RoomAct;
pub use standings::Standing;

/// A time per move as the tournament replies say it: `24 h per move`, `no time limit`.
pub(in crate::core) fn time_words(ms: Option<u64>) -> String {
    views::time_text(ms)
}
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
