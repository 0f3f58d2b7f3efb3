//! The text of tournaments: the list, the start, pairings and standings. Pure.

use super::{Format, Phase, Res, Tournament};
use crate::core::painter::TablePicture;
use crate::core::text;

/// `!tournament` with no action: one line per tournament of the community.
pub(super) fn list_text(all: &[Tournament], p: &str) -> String {
    if all.is_empty() {
        return format!(
            "No tournaments here yet. Organizers: `{p}tournament new NAME GAME \
             roundrobin|swiss ROUNDS|knockout [TIME]`."
        );
    }
    let lines: Vec<String> = all
        .iter()
        .map(|t| {
            format!(
                "{}: {}, {}, {}, {}",
                t.name,
                text::kind_name(t.kind),
                t.format,
                text::count(t.entrants.len(), "player", "players"),
                phase_word(t)
            )
        })
        .collect();
    format!("Tournaments:\n{}", lines.join("\n"))
}

/// Where `t` stands, in a few words: `registration open`, `round 2`, `finished`,
/// `cancelled`.
pub(super) fn phase_word(t: &Tournament) -> String {
    match t.phase {
        Phase::Registration => "registration open".to_string(),
        Phase::Running => format!("round {}", t.rounds.len()),
        Phase::Finished => "finished".to_string(),
        Phase::Cancelled => "cancelled".to_string(),
    }
}

/// The refusal of a command `t` is not at the stage for: `spring has not started yet: 3
/// players have joined; an organizer starts it with `!tournament start spring``, or
/// that it is running, over or cancelled.
pub(super) fn phase_refusal(t: &Tournament, p: &str) -> String {
    let name = &t.name;
    match t.phase {
        Phase::Registration => format!(
            "{name} has not started yet: {} joined so far; an organizer starts it with \
             `{p}tournament start {name}`",
            match t.entrants.len() {
                0 => "nobody has".to_string(),
                1 => "1 player has".to_string(),
                n => format!("{n} players have"),
            }
        ),
        Phase::Running => format!(
            "{name} is running (round {}): registration is closed; \
             `{p}tournament pairings {name}` shows the round in play",
            t.rounds.len()
        ),
        Phase::Finished => {
            format!("{name} is over; `{p}tournament standings {name}` shows the final standings")
        }
        Phase::Cancelled => format!("{name} was cancelled"),
    }
}

/// `Spring starts: 4 players, round robin, 3 rounds. Seeds: 1. alice, 2. bob, ...`.
pub(super) fn started_text(t: &Tournament) -> String {
    format!(
        "{} starts: {}, {}. Seeds: {}.",
        t.name,
        text::count(t.entrants.len(), "player", "players"),
        match t.format {
            // Swiss names its rounds already.
            Format::Swiss { .. } => t.format.to_string(),
            _ => format!(
                "{}, {}",
                t.format,
                text::count(t.total_rounds() as usize, "round", "rounds")
            ),
        },
        t.entrants
            .iter()
            .enumerate()
            .map(|(i, e)| format!("{}. {}", i + 1, e.user.name))
            .collect::<Vec<_>>()
            .join(", "),
    )
}

/// The current round's pairings and results (or where each game is played).
pub(super) fn pairings_text(t: &Tournament) -> String {
    let Some(round) = t.current() else {
        return format!("{} has not started yet.", t.name);
    };
    let name = |e: usize| t.entrants[e].user.name.as_str();
    let mut lines = vec![format!("{} round {}:", t.name, round.number)];
    for p in &round.pairings {
        lines.push(match p.north {
            None => format!("{}. {} has a bye", p.board, name(p.south)),
            Some(n) => {
                let res = match p.result {
                    None => match &p.room {
                        Some(room) => format!("playing in #{}", room.channel),
                        None => "waiting for its room".to_string(),
                    },
                    Some(Res::South) => "1-0".to_string(),
                    Some(Res::North) => "0-1".to_string(),
                    Some(Res::Draw) => "½-½".to_string(),
                };
                format!(
                    "{}. {} (South) vs {} (North): {res}{}",
                    p.board,
                    name(p.south),
                    name(n),
                    if p.forfeit { " (forfeit)" } else { "" }
                )
            }
        });
    }
    lines.join("\n")
}

/// The standings (points, Buchholz, Sonneborn-Berger; a knockout: the round each
/// player won or lost in, or is playing),
/// or who registered before the start.
pub(super) fn standings_text(t: &Tournament) -> String {
    if t.phase == Phase::Registration {
        return format!(
            "{} has not started; registered: {}.",
            t.name,
            if t.entrants.is_empty() {
                "nobody yet".to_string()
            } else {
                t.entrants
                    .iter()
                    .map(|e| e.user.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        );
    }
    // Rounds whose games are all over; the round being played is named apart.
    let done = t
        .rounds
        .iter()
        .filter(|r| r.pairings.iter().all(|p| !p.is_open()))
        .count();
    let when = match (done, t.rounds.len()) {
        (0, n) => format!("round {n} in play"),
        (d, n) if d < n => format!("after round {d}, round {n} in play"),
        (d, _) => format!("after round {d}"),
    };
    let mut lines = vec![format!(
        "{} standings, {when}{}:",
        t.name,
        match t.phase {
            Phase::Finished => " (final)",
            Phase::Cancelled => " (cancelled)",
            _ => "",
        }
    )];
    let knockout = t.format == Format::Knockout;
    for (i, s) in t.standings().iter().enumerate() {
        let e = &t.entrants[s.entrant];
        let [w, d, l] = s.won_drawn_lost;
        lines.push(if knockout {
            format!(
                "{}. {}: {}{}",
                i + 1,
                e.user.name,
                knockout_line(t, s),
                if e.withdrawn { " (withdrawn)" } else { "" }
            )
        } else {
            format!(
                "{}. {} {} {} ({w}-{d}-{l}), Buchholz {}, SB {}{}",
                i + 1,
                e.user.name,
                half_points(s.points),
                if s.points == 2 { "pt" } else { "pts" },
                half_points(s.buchholz),
                // Quarter points: SB is (2 x win + 1 x draw) x half points.
                {
                    let q = s.sonneborn_berger;
                    if q % 4 == 0 {
                        format!("{}", q / 4)
                    } else {
                        format!("{:.2}", f64::from(q) / 4.0)
                    }
                },
                if e.withdrawn { " (withdrawn)" } else { "" }
            )
        });
    }
    lines.join("\n")
}

/// `alice wins`; a knockout's winner `k1 wins the final (round 3) against k2`.
pub(super) fn winner_text(t: &Tournament, winner: &crate::model::User) -> String {
    let Some(p) = t.knockout_final() else {
        return format!("{} wins", winner.name);
    };
    let round = knockout_round(t, t.rounds.len() as u32);
    let against = [Some(p.south), p.north]
        .into_iter()
        .flatten()
        .map(|e| &t.entrants[e].user)
        .find(|u| u.id != winner.id);
    match against {
        Some(other) => format!(
            "{} wins {round} against {}{}",
            winner.name,
            other.name,
            if p.forfeit { " (forfeit)" } else { "" }
        ),
        None => format!("{} wins", winner.name),
    }
}

/// Round `n` of a knockout, named by what it is: `the final (round 3)`, `the
/// semi-final (round 2)`, `the quarter-final (round 1)`, `round 1`.
pub(super) fn knockout_round(t: &Tournament, n: u32) -> String {
    match t.total_rounds().saturating_sub(n) {
        0 => format!("the final (round {n})"),
        1 => format!("the semi-final (round {n})"),
        2 => format!("the quarter-final (round {n})"),
        _ => format!("round {n}"),
    }
}

/// Where a knockout's entrant stands: `won the final (round 3)`, `lost the final (round
/// 3)`, `lost in the semi-final (round 2)`, or, still in, `in the final (round 3)`.
fn knockout_line(t: &Tournament, s: &super::Standing) -> String {
    let round = knockout_round(t, s.reached);
    if s.champion {
        format!("won {round}")
    } else if s.out && t.total_rounds() == s.reached {
        format!("lost {round}")
    } else if s.out {
        format!("lost in {round}")
    } else {
        format!("in {round}")
    }
}

/// The standings as a table picture (issue 14 item 4), and for a round robin of at most
/// [`CROSSTABLE_MAX`] entrants its crosstable; nothing before the start.
pub(super) fn standings_tables(t: &Tournament) -> Vec<TablePicture> {
    if t.phase == Phase::Registration {
        return Vec::new();
    }
    let knockout = t.format == Format::Knockout;
    let standings = t.standings();
    let name = |e: usize| {
        let en = &t.entrants[e];
        let out = if en.withdrawn { " (withdrawn)" } else { "" };
        format!("{}{out}", en.user.name)
    };
    let header: Vec<String> = if knockout {
        vec!["#", "Player", "Result"]
    } else {
        vec!["#", "Player", "Points", "W-D-L", "Buchholz", "SB"]
    }
    .into_iter()
    .map(String::from)
    .collect();
    let rows = standings
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let [w, d, l] = s.won_drawn_lost;
            let mut row = vec![(i + 1).to_string(), name(s.entrant)];
            if knockout {
                row.push(knockout_line(t, s));
            } else {
                row.push(half_points(s.points));
                row.push(format!("{w}-{d}-{l}"));
                row.push(half_points(s.buchholz));
                row.push(format!("{:.2}", f64::from(s.sonneborn_berger) / 4.0));
            }
            row
        })
        .collect();
    let mut out = vec![TablePicture {
        title: format!("{} standings", t.name),
        header,
        rows,
    }];
    if t.format == Format::RoundRobin && t.entrants.len() <= CROSSTABLE_MAX {
        out.push(crosstable(t, &standings));
    }
    out
}

/// Round robins up to this many entrants get a crosstable picture.
const CROSSTABLE_MAX: usize = 16;

/// The crosstable of a round robin: each entrant's score against each other (`1`, `½`,
/// `0` per game), in the order of the standings.
fn crosstable(t: &Tournament, standings: &[super::Standing]) -> TablePicture {
    let order: Vec<usize> = standings.iter().map(|s| s.entrant).collect();
    let mut header = vec!["#".to_string(), "Player".to_string()];
    header.extend((1..=order.len()).map(|n| n.to_string()));
    header.push("Points".to_string());
    let score = |me: usize, them: usize| -> String {
        let games = t.rounds.iter().flat_map(|r| &r.pairings).filter_map(|p| {
            let north = p.north?;
            let res = p.result?;
            let mine = match (p.south == me, north == me) {
                (true, _) if north == them => res == Res::South,
                (_, true) if p.south == them => res == Res::North,
                _ => return None,
            };
            Some(if res == Res::Draw {
                "½"
            } else if mine {
                "1"
            } else {
                "0"
            })
        });
        games.collect::<Vec<_>>().join(" ")
    };
    let rows = order
        .iter()
        .enumerate()
        .map(|(i, &me)| {
            let mut row = vec![(i + 1).to_string(), t.entrants[me].user.name.clone()];
            row.extend(order.iter().map(|&them| {
                if them == me {
                    "×".to_string()
                } else {
                    score(me, them)
                }
            }));
            row.push(half_points(standings[i].points));
            row
        })
        .collect();
    TablePicture {
        title: format!("{} crosstable", t.name),
        header,
        rows,
    }
}

fn half_points(p: u32) -> String {
    if p % 2 == 0 {
        format!("{}", p / 2)
    } else {
        format!("{}.5", p / 2)
    }
}
