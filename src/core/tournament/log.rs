//! The organizer's log of a tournament (`!tournament log`): every organizer action,
//! with who and when, kept in the tournament itself (the newest [`MAX_LOG`]), and the
//! state the organizer tools leave in it (a pause, a check-in). Pure data and text.

use serde::{Deserialize, Serialize};

use super::{Res, Tournament};
use crate::core::api::time_token;
use crate::core::text;
use crate::model::User;

/// Most entries a tournament's log keeps: the oldest go first.
pub const MAX_LOG: usize = 200;

/// A pause of a running tournament (`!tournament pause`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pause {
    /// When it began, milliseconds since the Unix epoch: each game's clock keeps what
    /// the player to move had left then.
    pub since_ms: u64,
}

/// The check-in before the start (`!tournament checkin open`): at the start, the
/// players who did not check in are removed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckIn {
    /// When check-in closes (later check-ins are refused), milliseconds since the Unix
    /// epoch; `None`: open until the start.
    pub until_ms: Option<u64>,
    /// The user ids of the players checked in.
    pub checked: Vec<String>,
}

/// One organizer action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "act")]
pub enum Act {
    /// The tournament started.
    Started,
    /// The tournament was cancelled.
    Cancelled,
    /// A game's result was decided (`adjudicate`).
    Adjudicated {
        /// Its round.
        round: u32,
        /// Its board.
        board: u32,
        /// The result.
        result: Res,
        /// Why, as the organizer wrote it.
        reason: String,
    },
    /// A game's current move was given more time (`extend`).
    Extended {
        /// Its round.
        round: u32,
        /// Its board.
        board: u32,
        /// How much more, milliseconds.
        by_ms: u64,
    },
    /// The clocks stopped (`pause`).
    Paused,
    /// The clocks restarted (`resume`) after a pause of `paused_ms`.
    Resumed {
        /// How long the pause lasted, milliseconds.
        paused_ms: u64,
    },
    /// The round was closed by the organizer (`next-round`), its unfinished games
    /// adjudicated by the stated rule.
    RoundClosed {
        /// The round closed.
        round: u32,
        /// How many unfinished games it adjudicated.
        adjudicated: u32,
    },
    /// A player was taken out (`kick`).
    Kicked {
        /// His name.
        player: String,
        /// Why, if said.
        reason: Option<String>,
    },
    /// Check-in opened (`checkin open`).
    CheckInOpened {
        /// When it closes, if it does before the start.
        until_ms: Option<u64>,
    },
    /// The players who had not checked in, removed at the start.
    NoShowsRemoved {
        /// Their names.
        players: Vec<String>,
    },
}

/// One line of the log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LogEntry {
    /// When, milliseconds since the Unix epoch.
    pub at_ms: u64,
    /// Who.
    pub by: User,
    /// What.
    pub act: Act,
}

impl Tournament {
    /// Appends `act` by `by` at `at_ms` to the log, dropping the oldest entries beyond
    /// [`MAX_LOG`].
    pub fn log_act(&mut self, by: &User, at_ms: u64, act: Act) {
        self.log.push(LogEntry {
            at_ms,
            by: by.clone(),
            act,
        });
        if self.log.len() > MAX_LOG {
            let extra = self.log.len() - MAX_LOG;
            self.log.drain(..extra);
        }
    }
}

/// `1-0`, `0-1`, `½-½`.
pub(super) fn score(res: Res) -> &'static str {
    match res {
        Res::South => "1-0",
        Res::North => "0-1",
        Res::Draw => "½-½",
    }
}

/// What one entry says, without who and when.
fn act_text(act: &Act) -> String {
    match act {
        Act::Started => tr!("tournament-log-started"),
        Act::Cancelled => tr!("tournament-log-cancelled"),
        Act::Adjudicated {
            round,
            board,
            result,
            reason,
        } => tr!(
            "tournament-log-adjudicated",
            round = *round,
            board = *board,
            score = score(*result),
            reason = reason.as_str()
        ),
        Act::Extended {
            round,
            board,
            by_ms,
        } => tr!(
            "tournament-log-extended",
            round = *round,
            board = *board,
            duration = text::duration_text(*by_ms)
        ),
        Act::Paused => tr!("tournament-log-paused"),
        Act::Resumed { paused_ms } => tr!(
            "tournament-log-resumed",
            duration = text::duration_text(*paused_ms)
        ),
        Act::RoundClosed { round, adjudicated } => tr!(
            "tournament-log-round-closed",
            round = *round,
            count = *adjudicated
        ),
        Act::Kicked { player, reason } => match reason {
            Some(reason) => tr!(
                "tournament-log-kicked-why",
                player = player.as_str(),
                reason = reason.as_str()
            ),
            None => tr!("tournament-log-kicked", player = player.as_str()),
        },
        Act::CheckInOpened { until_ms } => match until_ms {
            Some(until) => tr!("tournament-log-checkin-until", time = time_token(*until)),
            None => tr!("tournament-log-checkin"),
        },
        Act::NoShowsRemoved { players } => tr!(
            "tournament-log-no-shows",
            count = players.len(),
            players = players.join(", ")
        ),
    }
}

/// The log's entries, newest first, for the tournament's web page: when
/// (milliseconds since the Unix epoch), who (a display name) and what, in words in the
/// current language.
pub fn entries(t: &Tournament) -> Vec<(u64, String, String)> {
    t.log
        .iter()
        .rev()
        .map(|e| (e.at_ms, e.by.name.clone(), act_text(&e.act)))
        .collect()
}

/// `!tournament log`: the header, then the entries newest first, as many as fit in
/// `max_chars` (the older ones counted in a last line).
pub(super) fn log_text(t: &Tournament, max_chars: usize) -> String {
    if t.log.is_empty() {
        return tr!("tournament-log-empty", name = &t.name);
    }
    let mut out = tr!("tournament-log-head", name = &t.name, count = t.log.len());
    // Room for the line that counts what is left out.
    let budget = max_chars.saturating_sub(80);
    for (shown, e) in t.log.iter().rev().enumerate() {
        let line = tr!(
            "tournament-log-line",
            time = time_token(e.at_ms),
            by = e.by.name.as_str(),
            what = act_text(&e.act)
        );
        if out.chars().count() + 1 + line.chars().count() > budget {
            out.push('\n');
            out.push_str(&tr!("tournament-log-older", count = t.log.len() - shown));
            return out;
        }
        out.push('\n');
        out.push_str(&line);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn org() -> User {
        User {
            id: "o".into(),
            name: "org".into(),
        }
    }

    /// A tournament stored before the organizer tools (no `paused`, `checkin`, `log`)
    /// still loads, as not paused, without check-in, with an empty log; one that never
    /// used them is stored as before.
    #[test]
    fn tournaments_stored_before_the_tools_load() {
        let mut old = serde_json::to_value(Tournament::default()).unwrap();
        let fields = old.as_object_mut().unwrap();
        for k in ["paused", "checkin", "log"] {
            assert!(!fields.contains_key(k), "{k} written when unused");
        }
        fields.insert("name".into(), "cup".into());
        let t: Tournament = serde_json::from_value(old).unwrap();
        assert_eq!((t.paused, t.checkin, t.log.len()), (None, None, 0));
        assert_eq!(t.name, "cup");
    }

    #[test]
    fn the_log_keeps_the_newest_entries_and_shows_what_fits_newest_first() {
        let mut t = Tournament {
            name: "cup".into(),
            ..Tournament::default()
        };
        for i in 0..(MAX_LOG as u64 + 50) {
            t.log_act(
                &org(),
                i,
                Act::Extended {
                    round: 1,
                    board: 1,
                    by_ms: 60_000,
                },
            );
        }
        assert_eq!(t.log.len(), MAX_LOG);
        assert_eq!(t.log[0].at_ms, 50, "the oldest went first");
        let text = log_text(&t, 1_000);
        assert!(text.chars().count() <= 1_000, "{}", text.len());
        let lines: Vec<&str> = text.lines().collect();
        assert!(
            lines[1].starts_with(&time_token(MAX_LOG as u64 + 49)),
            "{text}"
        );
        let shown = lines.len() - 2;
        assert_eq!(
            *lines.last().unwrap(),
            tr!("tournament-log-older", count = MAX_LOG - shown)
        );
    }
}
