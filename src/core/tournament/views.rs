//! The text of tournaments: the list, the start, pairings and standings. Pure.

use super::{Format, Phase, Res, Tournament};
use crate::core::painter::TablePicture;
use crate::core::text;

/// `!tournament` with no action: one line per tournament of the community.
pub(super) fn list_text(all: &[Tournament], p: &str) -> String {
    if all.is_empty() {
        return tr!("tournament-list-empty", p = p);
    }
    let lines: Vec<String> = all
        .iter()
        .map(|t| {
            let about = format!(
                "{}, {}, {}, {}",
                text::kind_name(t.kind),
                format_text(t),
                players_text(t.entrants.len()),
                phase_word(t)
            );
            text::colon(&t.name, &about)
        })
        .collect();
    format!("{}\n{}", tr!("tournament-list"), lines.join("\n"))
}

/// The format with its options: `Swiss, 5 rounds, accelerated`, `knockout`.
pub(super) fn format_text(t: &Tournament) -> String {
    match t.format {
        Format::Swiss { .. } if t.accelerated => {
            format!("{}, {}", t.format, tr!("tournament-accelerated-word"))
        }
        _ => t.format.to_string(),
    }
}

/// The time per move of its games: `24 h per move`, `no time limit`.
pub(super) fn time_text(ms: Option<u64>) -> String {
    match ms {
        Some(ms) => tr!("tournament-per-move", duration = text::duration_text(ms)),
        None => tr!("tournament-no-time-limit"),
    }
}

/// `1 player`, `5 players`.
pub(super) fn players_text(n: usize) -> String {
    tr!("tournament-players", count = n)
}

/// Where `t` stands, in a few words: `registration open`, `round 2`, `finished`,
/// `cancelled`.
pub(super) fn phase_word(t: &Tournament) -> String {
    match t.phase {
        Phase::Registration => tr!("tournament-phase-registration"),
        Phase::Running if t.paused.is_some() => {
            tr!("tournament-phase-paused", round = t.rounds.len())
        }
        // An arena's rounds are its pairings of free players: no round to name.
        Phase::Running if matches!(t.format, Format::Arena { .. }) => {
            tr!("tournament-phase-arena")
        }
        Phase::Running => tr!("tournament-phase-running", round = t.rounds.len()),
        Phase::Finished => tr!("tournament-phase-finished"),
        Phase::Cancelled => tr!("tournament-phase-cancelled"),
    }
}

/// The refusal of a command `t` is not at the stage for: `spring has not started yet: 3
/// players have joined; an organizer starts it with `!tournament start spring``, or
/// that it is running, over or cancelled.
pub(super) fn phase_refusal(t: &Tournament, p: &str) -> String {
    let name = &t.name;
    match t.phase {
        Phase::Registration => tr!(
            "tournament-not-started",
            name = name,
            count = t.entrants.len(),
            p = p
        ),
        Phase::Running => tr!(
            "tournament-running",
            name = name,
            round = t.rounds.len(),
            p = p
        ),
        Phase::Finished => tr!("tournament-over-refusal", name = name, p = p),
        Phase::Cancelled => tr!("tournament-was-cancelled", name = name),
    }
}

/// `Spring starts: 4 players, round robin, 3 rounds. Seeds: 1. alice, 2. bob, ...`.
pub(super) fn started_text(t: &Tournament) -> String {
    tr!(
        "tournament-started",
        name = &t.name,
        players = players_text(t.entrants.len()),
        format = match t.format {
            // Swiss names its rounds already; an arena has a window, not rounds.
            Format::Swiss { .. } | Format::Arena { .. } => format_text(t),
            _ => format!(
                "{}, {}",
                t.format,
                tr!("tournament-rounds", count = t.total_rounds())
            ),
        },
        seeds = t
            .entrants
            .iter()
            .enumerate()
            .map(|(i, e)| format!("{}. {}", i + 1, e.user.name))
            .collect::<Vec<_>>()
            .join(", "),
    )
}

/// The current round's pairings and results (or where each game is played); an
/// arena's: its games in play, every pairing's.
pub(super) fn pairings_text(t: &Tournament) -> String {
    let Some(round) = t.current() else {
        return tr!("tournament-not-started-yet", name = &t.name);
    };
    if matches!(t.format, Format::Arena { .. }) {
        return arena_games_text(t);
    }
    let name = |e: usize| t.entrants[e].user.name.as_str();
    let mut lines = vec![tr!(
        "tournament-pairings-title",
        name = &t.name,
        round = round.number
    )];
    for p in &round.pairings {
        lines.push(match p.north {
            None => tr!("tournament-bye", board = p.board, player = name(p.south)),
            Some(n) => {
                let res = match p.result {
                    None => match &p.room {
                        Some(room) => tr!("tournament-playing-in", room = &room.channel),
                        None => tr!("tournament-waiting-room"),
                    },
                    Some(r) => score(r).to_string(),
                };
                let res = board_games(p, res);
                tr!(
                    "tournament-pairing",
                    board = p.board,
                    south = name(p.south),
                    north = name(n),
                    result = res,
                    forfeit = p.forfeit
                )
            }
        });
    }
    lines.join("\n")
}

/// An arena's games in play, one line each, and when its window closes.
fn arena_games_text(t: &Tournament) -> String {
    let name = |e: usize| t.entrants[e].user.name.as_str();
    let mut lines = vec![tr!(
        "tournament-arena-title",
        name = &t.name,
        end = t.arena_end_ms().map(text::date_text).unwrap_or_default()
    )];
    for p in t.rounds.iter().flat_map(|r| &r.pairings) {
        let (Some(n), true) = (p.north, p.is_open()) else {
            continue;
        };
        let place = match &p.room {
            Some(room) => tr!("tournament-playing-in", room = &room.channel),
            None => tr!("tournament-waiting-room"),
        };
        lines.push(tr!(
            "tournament-arena-game",
            south = name(p.south),
            north = name(n),
            place = place
        ));
    }
    if lines.len() == 1 {
        lines.push(tr!("tournament-arena-none"));
    }
    lines.join("\n")
}

/// `1-0`, `0-1`, `½-½`: a result from South's side.
fn score(r: Res) -> &'static str {
    match r {
        Res::South => "1-0",
        Res::North => "0-1",
        Res::Draw => "½-½",
    }
}

/// A board's result `res`, preceded by the games a knockout board played before its
/// last (from the board's South's side, as its result is): `½-½, 1-0`; `(higher seed)`
/// after a result given by the tie-break rule.
fn board_games(p: &super::Pairing, res: String) -> String {
    if p.games.len() < 2 && !p.by_rule && (p.games.is_empty() || p.result.is_some()) {
        return res;
    }
    let mut shown: Vec<&str> = p.games.iter().map(|r| score(*r)).collect();
    if p.result.is_some() && !p.by_rule {
        // The last game is the board's result.
        shown.pop();
    }
    let mut out = shown.join(", ");
    if !out.is_empty() {
        out.push_str(", ");
    }
    if p.by_rule {
        out.push_str(&tr!("tournament-by-rule", result = res));
    } else {
        out.push_str(&res);
    }
    out
}

/// The standings (points, Buchholz, Sonneborn-Berger; a knockout: the round each
/// player won or lost in, or is playing),
/// or who registered before the start.
pub(super) fn standings_text(t: &Tournament) -> String {
    if t.phase == Phase::Registration {
        return tr!(
            "tournament-registered",
            name = &t.name,
            players = if t.entrants.is_empty() {
                tr!("tournament-registered-nobody")
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
    let games = t
        .rounds
        .iter()
        .flat_map(|r| &r.pairings)
        .filter(|p| p.north.is_some() && p.result.is_some())
        .count();
    let when = match (done, t.rounds.len()) {
        // An arena: the games played so far.
        _ if matches!(t.format, Format::Arena { .. }) => {
            tr!("tournament-when-arena", count = games)
        }
        (0, n) => tr!("tournament-when-first", round = n),
        (d, n) if d < n => tr!("tournament-when-between", done = d, round = n),
        (d, _) => tr!("tournament-when-after", done = d),
    };
    let mut lines = vec![match t.phase {
        Phase::Finished => tr!(
            "tournament-standings-title-final",
            name = &t.name,
            when = when
        ),
        Phase::Cancelled => tr!(
            "tournament-standings-title-cancelled",
            name = &t.name,
            when = when
        ),
        _ => tr!("tournament-standings-title", name = &t.name, when = when),
    }];
    let knockout = t.format == Format::Knockout;
    for s in &t.standings() {
        let e = &t.entrants[s.entrant];
        let [w, d, l] = s.won_drawn_lost;
        let line = if matches!(t.format, Format::Arena { .. }) {
            tr!(
                "tournament-standing-arena",
                rank = s.rank_line(),
                player = &e.user.name,
                points = s.points,
                won = w,
                drawn = d,
                lost = l,
                streak = if s.streak { "yes" } else { "no" }
            )
        } else if knockout {
            tr!(
                "tournament-standing-knockout",
                rank = s.rank_line(),
                player = &e.user.name,
                result = knockout_line(t, s)
            )
        } else {
            tr!(
                "tournament-standing",
                rank = s.rank_line(),
                player = &e.user.name,
                // Half points: `1.5` (and one point picks the singular).
                points = f64::from(s.points) / 2.0,
                won = w,
                drawn = d,
                lost = l,
                buchholz = half_points(s.buchholz),
                sb = quarter_points(s.sonneborn_berger)
            )
        };
        lines.push(if e.withdrawn {
            format!("{line} {}", tr!("tournament-withdrawn-mark"))
        } else {
            line
        });
    }
    lines.join("\n")
}

/// `alice wins`; a knockout's winner `k1 wins the final (round 3) against k2`.
pub(super) fn winner_text(t: &Tournament, winner: &crate::model::User) -> String {
    let Some(p) = t.knockout_final() else {
        return tr!("tournament-winner", winner = &winner.name);
    };
    let round = knockout_round(t, t.rounds.len() as u32);
    let against = [Some(p.south), p.north]
        .into_iter()
        .flatten()
        .map(|e| &t.entrants[e].user)
        .find(|u| u.id != winner.id);
    match against {
        Some(other) => {
            let text = tr!(
                "tournament-winner-final",
                winner = &winner.name,
                round = round,
                other = &other.name
            );
            if p.forfeit {
                format!("{text} {}", tr!("tournament-forfeit-mark"))
            } else {
                text
            }
        }
        None => tr!("tournament-winner", winner = &winner.name),
    }
}

/// Round `n` of a knockout, named by what it is: `the final (round 3)`, `the
/// semi-final (round 2)`, `the quarter-final (round 1)`, `round 1`.
pub(super) fn knockout_round(t: &Tournament, n: u32) -> String {
    match t.total_rounds().saturating_sub(n) {
        0 => tr!("tournament-stage-final", round = n),
        1 => tr!("tournament-stage-semi", round = n),
        2 => tr!("tournament-stage-quarter", round = n),
        _ => tr!("tournament-stage-round", round = n),
    }
}

/// Where a knockout's entrant stands: `won the final (round 3)`, `lost the final (round
/// 3)`, `lost in the semi-final (round 2)`, or, still in, `in the final (round 3)`.
fn knockout_line(t: &Tournament, s: &super::Standing) -> String {
    let round = knockout_round(t, s.reached);
    if s.champion {
        tr!("tournament-ko-won", stage = round)
    } else if s.out && t.total_rounds() == s.reached {
        tr!("tournament-ko-lost", stage = round)
    } else if s.out {
        tr!("tournament-ko-lost-in", stage = round)
    } else {
        tr!("tournament-ko-in", stage = round)
    }
}

/// The standings as a table picture (issue 14 item 4), and for a round robin (single or
/// double) of at most
/// [`CROSSTABLE_MAX`] entrants its crosstable; nothing before the start.
pub(super) fn standings_tables(t: &Tournament) -> Vec<TablePicture> {
    if t.phase == Phase::Registration {
        return Vec::new();
    }
    let knockout = t.format == Format::Knockout;
    let standings = t.standings();
    let name = |e: usize| {
        let en = &t.entrants[e];
        if en.withdrawn {
            format!("{} {}", en.user.name, tr!("tournament-withdrawn-mark"))
        } else {
            en.user.name.clone()
        }
    };
    let arena = matches!(t.format, Format::Arena { .. });
    let header: Vec<String> = if knockout {
        vec![
            "#".to_string(),
            tr!("tournament-col-player"),
            tr!("tournament-col-result"),
        ]
    } else {
        let mut h = vec![
            "#".to_string(),
            tr!("tournament-col-player"),
            tr!("tournament-col-points"),
            tr!("tournament-col-wdl"),
        ];
        if !arena {
            h.extend([tr!("tournament-col-buchholz"), tr!("tournament-col-sb")]);
        }
        h
    };
    let rows = standings
        .iter()
        .map(|s| {
            let [w, d, l] = s.won_drawn_lost;
            let mut row = vec![s.rank_text(), name(s.entrant)];
            if knockout {
                row.push(knockout_line(t, s));
            } else if arena {
                // Arena points are whole points.
                row.push(s.points.to_string());
                row.push(format!("{w}-{d}-{l}"));
            } else {
                row.push(half_points(s.points));
                row.push(format!("{w}-{d}-{l}"));
                row.push(half_points(s.buchholz));
                row.push(quarter_points(s.sonneborn_berger));
            }
            row
        })
        .collect();
    let mut out = vec![TablePicture {
        title: tr!("tournament-table-standings", name = &t.name),
        header,
        rows,
    }];
    if t.is_round_robin() && t.entrants.len() <= CROSSTABLE_MAX {
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
    let mut header = vec!["#".to_string(), tr!("tournament-col-player")];
    header.extend((1..=order.len()).map(|n| n.to_string()));
    header.push(tr!("tournament-col-points"));
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
            let mut row = vec![standings[i].rank_text(), t.entrants[me].user.name.clone()];
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
        title: tr!("tournament-table-crosstable", name = &t.name),
        header,
        rows,
    }
}

/// Sonneborn-Berger, kept in quarter points ((2 x win + 1 x draw) x half points), as
/// `3`, `1.5`, `0.25`, `2.75` (with the language's decimal sign): no more decimals than
/// the value has, like [`half_points`].
fn quarter_points(q: u32) -> String {
    let sign = crate::i18n::current().decimal_sign();
    match q % 4 {
        0 => format!("{}", q / 4),
        2 => format!("{}{sign}5", q / 4),
        r => format!("{}{sign}{}", q / 4, r * 25),
    }
}

fn half_points(p: u32) -> String {
    if p.is_multiple_of(2) {
        format!("{}", p / 2)
    } else {
        format!("{}{}5", p / 2, crate::i18n::current().decimal_sign())
    }
}

#[cfg(test)]
mod tests {
    use super::{half_points, quarter_points};

    /// Tie-breaks read with no more decimals than they have, in the text and the table.
    #[test]
    fn points_show_only_the_decimals_they_have() {
        let quarters: Vec<String> = (0..=9).map(quarter_points).collect();
        assert_eq!(
            quarters,
            ["0", "0.25", "0.5", "0.75", "1", "1.25", "1.5", "1.75", "2", "2.25"]
        );
        assert_eq!([half_points(0), half_points(3)], ["0", "1.5"]);
    }

    /// Tie-breaks are written with the language's decimal sign, as the points are
    /// (`Buchholz 0,5, SB 0,25` in French; they were `0.5` in every language).
    #[test]
    fn points_are_written_with_the_languages_decimal_sign() {
        use crate::i18n::{with_lang, Lang};
        let fr = with_lang(Lang::Fr, || [half_points(3), quarter_points(1)]);
        assert_eq!(fr, ["1,5", "0,25"]);
        let ru = with_lang(Lang::Ru, || quarter_points(6));
        assert_eq!(ru, "1,5");
    }
}
