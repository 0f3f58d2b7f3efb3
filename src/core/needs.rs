//! What a channel command reads besides the channel's record: its read plan, declared
//! per command. Below the dispatcher that reads it and the handlers that commit with it.

use super::command::Command;

/// What a channel command reads besides the channel's record and settings (which every
/// command reads: the settings hold the channel's language), in the same batched read
/// (see [`ChannelState`]).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Needs {
    /// The last finished game, when the channel holds no game (or an expired challenge).
    pub last_finished: bool,
    /// Whether the player to move muted his reminders (a second read, after the
    /// record: only the driver's reminders need it).
    pub muted: bool,
    /// The author's preferences in the community (`!mute`).
    pub author: bool,
}

impl Needs {
    /// What `cmd` reads, or `None` when it is not a channel command (documents, help,
    /// rules).
    pub(super) fn of(cmd: &Command) -> Option<Needs> {
        let record = Needs::default();
        let shown = Needs {
            last_finished: true,
            ..record
        };
        let author = Needs {
            author: true,
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
            Command::Mute(_) => author,
            Command::SetAutoForfeit(_)
            | Command::SetHints(_)
            | Command::SetPictures(_)
            | Command::SetView(_)
            | Command::SetTheme(_)
            | Command::SetLanguage(_)
            | Command::Rules(_)
            | Command::Help => record,
            Command::Hint
            | Command::Analyze
            | Command::Rating(_)
            | Command::Leaderboard(_)
            | Command::Tournament(_) => return None,
        })
    }

    /// What the periodic driver reads for a due channel.
    pub(super) fn tick() -> Needs {
        Needs {
            muted: true,
            ..Needs::default()
        }
    }
}
