//! The text of how a tournament is played: `!tournament info` (one line per topic, so
//! that a topic is added as one more line), its format with options, and the
//! announcement of what a knockout's tie-break rule did. Pure.

use super::views::{format_text, time_text};
use super::{Format, KnockoutTie, TieStep, Tournament};
use crate::core::text;

/// The rule of the format that players must know before they join, if it has one: a
/// knockout's tie-break rule, a Swiss's accelerated first round.
pub(super) fn format_rule(t: &Tournament) -> Option<String> {
    match t.format {
        Format::Knockout => Some(tr!(
            "tournament-info-ties",
            rule = t.knockout_ties.describe()
        )),
        Format::Swiss { .. } if t.accelerated => Some(tr!("tournament-info-accelerated")),
        Format::Arena { minutes } => Some(match t.arena_end_ms() {
            Some(end) => tr!("tournament-info-arena-until", end = text::date_text(end)),
            None => tr!(
                "tournament-info-arena",
                duration = text::duration_text(u64::from(minutes) * 60_000)
            ),
        }),
        _ => None,
    }
}

/// `!tournament info`: the format and time control, who runs it and where it stands,
/// how the standings are ranked, the format's rule (see [`format_rule`]) and the rules
/// its games are played under (`p`: the command prefix), one line each.
pub(super) fn info_text(t: &Tournament, p: &str) -> String {
    let mut lines = vec![
        tr!(
            "tournament-info-head",
            name = &t.name,
            kind = text::kind_name(t.kind),
            format = format_text(t),
            time = time_text(t.move_time_ms)
        ),
        tr!(
            "tournament-info-who",
            organizer = &t.organizer.name,
            phase = super::views::phase_word(t),
            players = super::views::players_text(t.entrants.len())
        ),
        standings_rule(t),
    ];
    lines.extend(format_rule(t));
    lines.push(tr!(
        "tournament-info-rules",
        p = p,
        game = if t.kind.variant.is_katro() {
            "katro"
        } else {
            "hoyito"
        }
    ));
    lines.join("\n")
}

/// How the standings rank players, by format.
fn standings_rule(t: &Tournament) -> String {
    match t.format {
        Format::Knockout => tr!("tournament-info-standings-knockout"),
        Format::Swiss { .. } => tr!("tournament-info-standings-swiss"),
        Format::RoundRobin | Format::DoubleRoundRobin => tr!("tournament-info-standings"),
        Format::Arena { .. } => tr!("tournament-info-standings-arena"),
    }
}

/// The announcement, in the home channel, of what the tie-break rule did to board
/// `board` of round `round` after its drawn game; `None` when it did nothing.
pub(super) fn tie_text(t: &Tournament, round: u32, board: u32) -> Option<String> {
    let step = t.tie_step(round, board)?;
    let p = t
        .rounds
        .iter()
        .find(|r| r.number == round)?
        .pairings
        .iter()
        .find(|p| p.board == board)?;
    let name = |e: usize| t.entrants[e].user.name.clone();
    let (south, north) = p.game_sides(p.next_game())?;
    Some(match step {
        TieStep::Rematch => tr!(
            "tournament-tie-rematch",
            board = board,
            south = name(south),
            north = name(north)
        ),
        TieStep::Decider { n, move_time_ms } => tr!(
            "tournament-tie-decider",
            board = board,
            south = name(south),
            north = name(north),
            n = n,
            time = time_text(move_time_ms)
        ),
        TieStep::Seed { winner, drawn } => tr!(
            "tournament-tie-seed",
            board = board,
            winner = name(winner),
            drawn = drawn,
            rule = if t.knockout_ties == KnockoutTie::Seed {
                tr!("tournament-tie-seed-rule")
            } else {
                tr!("tournament-tie-seed-cap", drawn = drawn)
            }
        ),
    })
}
