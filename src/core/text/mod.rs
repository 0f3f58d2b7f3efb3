//! The texts of replies: move summaries, results, help, rule summaries, dates.

use mancala_rules::{Event, Outcome, Side, Trace, Variant};

use crate::model::GameKind;

/// Who counts as an organizer, as refusals say it.
pub const ORGANIZERS: &str =
    "on Discord Manage Server or the organizer role, on Matrix room moderators";

/// A game kind as people say it: `Katro 6x6`, `Hoyito 2x8 match`.
pub fn kind_name(kind: GameKind) -> String {
    let v = kind.variant;
    let game = if v.is_katro() { "Katro" } else { "Hoyito" };
    let m = if kind.is_match { " match" } else { "" };
    format!("{game} {}x{}{m}", v.rows(), v.cols())
}

/// The one-line summary of a move, e.g.
/// `Alice (South) sowed c1+: 6 laps, captured 2 from b4.` Captures are the Katro
/// captures (K6b) and the Hoyito casas (H5, H6a); the last four (H7) and passes (H3) are
/// named as [`crate::core::text::event_text`] names them.
pub fn move_summary(player: &str, trace: &Trace) -> String {
    let mover = trace.before.to_move();
    let laps = trace.laps;
    let mut parts = vec![format!("{laps} lap{}", if laps == 1 { "" } else { "s" })];
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
                "captured {seeds} in casa{} at {at}",
                if casas.len() == 1 { "" } else { "s" }
            ),
        );
    }
    format!(
        "{player} ({mover}) sowed {}: {}.",
        trace.mv,
        parts.join(", ")
    )
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

/// `!help`, with the prefix and the AI's default level.
pub fn help(p: &str, default_level: u8) -> String {
    let levels = crate::core::command::ai_levels_text();
    let default = default_level;
    format!(
        "Mancala referee: Katro (Madagascar) and Hoyito I (Dominican Republic), one game per channel.\n\
`{p}new GAME [@opponent] [as south|north] [TIME]`: challenge someone (or anyone); GAME is katro, katro:4x6, katro:4x4, hoyito, hoyito:2xN (N 6-12) or `hoyito match`; TIME per move like `12h` or `2d`, or `notime`.\n\
`{p}new GAME ai [level N] [as south|north] [TIME]`: play the bot's AI at once, unrated; levels {levels} (default {default}); it answers each of your moves.\n\
`{p}accept` / `{p}decline`: answer a challenge (the challenger withdraws with `{p}decline`).\n\
`{p}sow HOLE[+|-]` (or `{p}s`): your move, e.g. `{p}sow c1+` in Katro, `{p}sow d1` in Hoyito.\n\
`{p}board`: the board, position and whose turn it is. `{p}moves`: the legal moves.\n\
`{p}resign`, `{p}history` (the game record), `{p}replay` (the last move as an animated GIF), `{p}rules [katro|hoyito]`, `{p}help`.\n\
`{p}draw` (offer or accept), `{p}abort` (before both sides moved), `{p}claim` (win when the opponent's deadline passed), `{p}rematch`, `{p}mute`/`{p}unmute` (your reminders), `{p}set autoforfeit on|off` (organizers).\n\
`{p}rating [@user]`, `{p}leaderboard [katro|hoyito]`: Glicko-2 ratings (`?`: provisional).\n\
`{p}tournament new NAME GAME roundrobin|swiss ROUNDS|knockout [TIME]` (organizers), then `join`, `leave`, `start`, `pairings`, `standings`, `withdraw @user`, `cancel` [NAME].\n\
Only the two players move, each on his turn; anyone may look."
    )
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
