//! What a channel command reads besides the channel's record: its read plan, declared
//! per command. Below the dispatcher that reads it and the handlers that commit with it.

use super::command::Command;

/// What a channel command reads besides the channel's record (see [`ChannelState`]).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Needs {
    /// The last finished game, when the channel holds no game (or an expired challenge).
    pub last_finished: bool,
    /// The channel's settings, when the game's deadline has passed.
    pub channel: bool,
    /// The channel's settings in any case: how boards and moves are shown (`!set
    /// pictures`, `view`, `theme`).
    pub shown: bool,
    /// Whether the player to move muted his reminders.
    pub muted: bool,
}

impl Needs {
    /// What `cmd` reads, or `None` when it is not a channel command (documents, help,
    /// rules).
    pub(super) fn of(cmd: &Command) -> Option<Needs> {
        // Every channel command may answer with a board: the channel's settings say how.
        let record = Needs {
            shown: true,
            ..Needs::default()
        };
        let shown = Needs {
            last_finished: true,
            ..record
        };
        Some(match cmd {
            Command::New { .. }
            | Command::Accept
            | Command::Decline
            | Command::Moves
            | Command::Resign
            | Command::Claim
            | Command::Abort
            | Command::Draw
            | Command::Sow(_) => record,
            Command::Board | Command::History | Command::Replay | Command::Rematch => shown,
            Command::Rules(_)
            | Command::Help
            | Command::Mute(_)
            | Command::SetAutoForfeit(_)
            | Command::SetHints(_)
            | Command::SetPictures(_)
            | Command::SetView(_)
            | Command::SetTheme(_)
            | Command::SetLanguage(_)
            | Command::Hint
            | Command::Analyze
            | Command::Rating(_)
            | Command::Leaderboard(_)
            | Command::Tournament(_) => return None,
        })
    }

    /// What the periodic driver reads for a due channel.
    pub(super) fn tick() -> Needs {
        Needs {
            last_finished: false,
            channel: true,
            shown: false,
            muted: true,
        }
    }
}
