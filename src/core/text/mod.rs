//! The texts of replies: move summaries, results, help, rule summaries, dates.

use mancala_rules::{Event, Outcome, Side, Trace, Variant};

use crate::core::command::table::{join_words, CommandDef};
use crate::model::GameKind;

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

/// `!help`, with the prefix and the AI's default level: the lines of
/// [`command_help`] for every command of the table
/// ([`crate::core::command::table::COMMANDS`]), between an introduction and the rule of
/// turns.
pub fn help(p: &str, default_level: u8) -> String {
    let mut lines = vec!["Mancala referee: Katro and Hoyito I, one game per channel.".to_string()];
    for def in crate::core::command::table::COMMANDS {
        lines.extend(command_help(def, p, default_level));
    }
    lines.push("Only the two players move, each on his turn; anyone may look.".to_string());
    lines.join("\n")
}

/// The lines of `!help` for one command: one for each way to call it, with its aliases,
/// whether it is for organizers, and what it does; then one listing its subcommands.
pub fn command_help(def: &CommandDef, p: &str, default_level: u8) -> Vec<String> {
    let levels = crate::core::command::ai_levels_text();
    let fill = |text: &str| {
        text.replace("{p}", p)
            .replace("{levels}", &levels)
            .replace("{default}", &default_level.to_string())
    };
    let mut lines = Vec::new();
    for (i, form) in def.help.iter().enumerate() {
        let mut line = format!("`{p}{}`", join_words(def.name, form.args));
        if i == 0 && !def.aliases.is_empty() {
            let aliases: Vec<String> = def.aliases.iter().map(|a| format!("`{p}{a}`")).collect();
            line.push_str(&format!(" (or {})", aliases.join(", ")));
        }
        if def.organizers_only {
            line.push_str(" (organizers)");
        }
        lines.push(format!("{line}: {}.", fill(form.text)));
    }
    let subs: Vec<String> = def
        .subs
        .iter()
        .filter(|s| !s.bare)
        .map(|s| {
            let mut sub = format!("`{}`", join_words(s.name, s.args));
            if s.organizers_only {
                sub.push_str(" (organizers)");
            }
            if !s.help.is_empty() {
                sub.push(' ');
                sub.push_str(&fill(s.help));
            }
            sub
        })
        .collect();
    if !subs.is_empty() {
        lines.push(format!("`{p}{} ...`: {}.", def.name, subs.join("; ")));
    }
    lines
}

/// The line `!rules` ends with: how to practise the rules against the AI.
pub fn rules_ai_line(p: &str, game: &str) -> String {
    format!(
        "Practise against the AI: `{p}new {game} ai level N` (1 beginner to 5 master, unrated; \
         it answers each move at once)."
    )
}

/// `!rules katro`.
pub const KATRO_RULES: &str = "Katro (Madagascar): 6x6 board (also 4x6, 4x4), 2 seeds per hole; \
each player owns his half (South rows 1-3). You sow only on your half, serpentine: along your \
outer row, back along the next, round to the start (K2). Start from your outermost row with \
seeds (K3), in either direction, `+` to your right or `-` to your left (K4). If the last seed \
falls in an occupied hole you lift it all and sow on (relay, K6c). If that hole is in your \
front row and the opponent's front-row hole in the same column has seeds, you capture them and \
sow them on with your hole's seeds (K6b, K7). A player with no move loses (K9); a third \
repetition draws (K10).";

/// The line of `!rules katro` on the K11 house rule, with the prefix `p`.
pub fn katro_house_rule(p: &str) -> String {
    format!(
        "House rule, chosen when the game is created (`{p}new katro lone`): a player with one \
         seed left may step it one row inward, straight or diagonally (`{p}sow b1^b2`), \
         capturing as a sowing would (K11)."
    )
}

/// `!rules hoyito`.
pub const HOYITO_RULES: &str = "Hoyito I (Dominican Republic): 2 rows of 6 (up to 12) holes, 4 \
seeds each; South owns row 1. Lift any hole of your row and sow anticlockwise round the whole \
board (H2, H3). Any hole a dropped seed makes exactly four is a casa: you capture those four at \
once (H5, H6a). A last seed in an occupied hole relays (H6c); in an empty one the move ends \
(H6b). When four seeds are left in play the capturer takes them (H7); more captured seeds wins \
(H8). A match (M1-M4) refills each row from the captures, closes the holes left unfilled, and \
ends when a player has fewer than four seeds.";

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
