//! The texts of replies: move summaries, results, dates; help and rule summaries in
//! [`help`].

use mancala_rules::{Event, Outcome, Side, Trace, Variant};

use crate::model::GameKind;

mod help;
pub use help::{command_help, help, hoyito_rules, katro_house_rule, katro_rules, rules_ai_line};

/// Who counts as an organizer, as refusals say it.
pub const ORGANIZERS: &str =
    "on Discord Manage Server or the organizer role, on Matrix room moderators";

/// A game kind as people say it: `Katro 6x6`, `Katro 4x4 with lone-seed steps`,
/// `Hoyito 2x8 match`.
pub fn kind_name(kind: GameKind) -> String {
    let v = kind.variant;
    let game = if v.is_katro() { "Katro" } else { "Hoyito" };
    let m = if kind.is_match { " match" } else { "" };
    let lone = if v.lone_steps() {
        " with lone-seed steps"
    } else {
        ""
    };
    format!("{game} {}x{}{lone}{m}", v.rows(), v.cols())
}

/// The one-line summary of a move, e.g.
/// `Alice (South) sowed c1+: 6 laps, captured 2 from b4.` Captures are the Katro
/// captures (K6b) and the Hoyito casas (H5, H6a); the last four (H7) and passes (H3) are
/// named as [`crate::core::text::event_text`] names them.
pub fn move_summary(player: &str, trace: &Trace) -> String {
    let mover = trace.before.to_move();
    format!(
        "{player} ({mover}) sowed {}: {}.",
        trace.mv,
        move_parts(trace).join(", ")
    )
}

/// What a move does, for [`move_summary`] and hints: its laps, then its captures and
/// casas, the last four and passes, e.g. `["6 laps", "captured 2 from b4"]`.
pub fn move_parts(trace: &Trace) -> Vec<String> {
    let laps = trace.laps;
    let mut parts = vec![count(laps as usize, "lap", "laps")];
    let casas: Vec<String> = trace
        .events
        .iter()
        .filter_map(|e| match e.event {
            Event::Casa { hole } => Some(hole.to_string()),
            _ => None,
        })
        .collect();
    for e in &trace.events {
        match e.event {
            Event::Capture { target, taken, .. } => {
                parts.push(format!("captured {taken} from {target}"))
            }
            Event::LastFour | Event::Pass { .. } => {
                parts.push(crate::core::text::event_text(&e.event))
            }
            Event::Relay { .. } | Event::Casa { .. } | Event::Stop { .. } => {}
        }
    }
    if !casas.is_empty() {
        let seeds = 4 * casas.len();
        let at = casas.join(", ");
        parts.insert(
            1,
            format!(
                "captured {seeds} in {} at {at}",
                if casas.len() == 1 { "casa" } else { "casas" }
            ),
        );
    }
    parts
}

/// The result of a finished game: `Alice (South) wins: no legal move (K9).` or
/// `Draw: third repetition (K10/H10).` `names` are South's and North's players.
pub fn outcome_text(outcome: Outcome, names: [&str; 2]) -> String {
    match outcome {
        Outcome::Ongoing => "The game goes on.".to_string(),
        Outcome::Win { winner, reason } => {
            format!("{} ({winner}) wins: {reason}.", names[winner.index()])
        }
        Outcome::Draw { reason } => format!("Draw: {reason}."),
    }
}

/// `Captured: South 12, North 8.`
pub fn captured_text(captured: [u32; 2]) -> String {
    format!(
        "Captured: {} {}, {} {}.",
        Side::South,
        captured[0],
        Side::North,
        captured[1]
    )
}

/// How to type a move in `variant`, with the prefix.
pub fn move_form(variant: Variant, prefix: &str) -> String {
    if variant.is_katro() {
        format!("`{prefix}sow HOLE+` or `{prefix}sow HOLE-`")
    } else {
        format!("`{prefix}sow HOLE`")
    }
}

/// A duration in words: `24 h`, `90 min`, `45 s`.
pub fn duration_text(ms: u64) -> String {
    let s = ms / 1000;
    if s >= 3600 && s % 3600 == 0 || s >= 36_000 {
        format!("{} h", s / 3600)
    } else if s >= 60 {
        format!("{} min", s / 60)
    } else {
        format!("{s} s")
    }
}

/// `n` and the noun: `1 game`, `2 games`, `0 games`.
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A UTC date and time, `2024-05-01 13:45 UTC`, from milliseconds since the Unix epoch;
/// past what a calendar date can say (the year 9999), `after 9999-12-31`.
pub fn date_text(ms: u64) -> String {
    i64::try_from(ms)
        .ok()
        .and_then(|ms| jiff::Timestamp::from_millisecond(ms).ok())
        .map_or_else(
            || "after 9999-12-31".to_string(),
            |t| t.strftime("%Y-%m-%d %H:%M UTC").to_string(),
        )
}

/// One line of text for an event, e.g. `relay 3 from e1`, `capture 2 from b4 at b3`.
pub fn event_text(e: &Event) -> String {
    match *e {
        Event::Relay { hole, lifted } => format!("relay {lifted} from {hole}"),
        Event::Capture {
            hole,
            target,
            taken,
        } => format!("capture {taken} from {target} at {hole}"),
        Event::Casa { hole } => format!("casa at {hole}"),
        Event::LastFour => "last four".to_string(),
        Event::Pass { player } => format!("{player} passes"),
        Event::Stop { hole } => format!("stop at {hole}"),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn counts_say_one_in_the_singular() {
        assert_eq!(super::count(1, "game", "games"), "1 game");
        assert_eq!(super::count(0, "game", "games"), "0 games");
        assert_eq!(super::count(2, "loss", "losses"), "2 losses");
    }
}
