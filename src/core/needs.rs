//! What a command reads besides the channel's record and settings: its read plan,
//! declared by its entry in the command table ([`crate::core::command::table`]).
//! Below the table, the dispatcher that reads it and the handlers that decide over it.

/// What a channel command reads besides the channel's record and settings (which every
/// command reads: the settings hold the channel's language), in the same batched read
/// (see [`ChannelState`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Needs {
    /// The last finished game, when the channel holds no game (or an expired challenge).
    pub last_finished: bool,
    /// Whether the player to move muted his reminders (a second read, after the
    /// record: only the driver's reminders need it).
    pub muted: bool,
    /// The author's preferences in the community (`!mute`).
    pub author: bool,
    /// The community's rating tables (`!rating`, `!leaderboard`).
    pub ratings: bool,
    /// The rating history of the command's subject: the user mentioned first, else
    /// the author (`!rating [@user]`).
    pub rating_history: bool,
    /// The tournaments of the community a command here means (`!tournament`).
    pub tournaments: bool,
    /// The community's vacations (`!vacation`, and whatever consults a clock they
    /// pause: `!sow`, `!claim`, `!board`, the driver).
    pub vacations: bool,
    /// The author's games in the community, with the record of each (`!games`).
    pub games: bool,
    /// The game named by the command's id argument, from any channel of the
    /// community (`!game ID`, `!record ID`, `!analyze ID`).
    pub by_id: bool,
    /// The last games finished in the channel, with their records (`!history`).
    pub channel_log: bool,
    /// The indexes of games of the author and of the people the channel's record
    /// names: a command that may start a game (`!accept`, `!new GAME ai`) writes the
    /// start into them without a second read.
    pub indexes: bool,
    /// The puzzles of the command's subject (the user mentioned first, else the author)
    /// in the community (issue 32: `!puzzle`, and `!sow`, which may answer one).
    pub puzzles: bool,
}

impl Needs {
    /// What the periodic driver reads for a due channel.
    pub(crate) fn tick() -> Needs {
        Needs {
            muted: true,
            vacations: true,
            ..Needs::default()
        }
    }
}
