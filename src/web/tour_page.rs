//! `/t/ID`: a tournament's page. What it is (game, format, stage, organizer, time per
//! move), the games being played now, the standings with their tie-breaks, the
//! crosstable (round robin: each pair's score; Swiss: each round's opponent and
//! result) or the bracket (knockout), and every round with links to its games.
//!
//! Everything is read through the tournament's public fields and
//! [`Tournament::standings`]; nothing is computed here that the engine decides.

use maud::{html, Markup};

use super::directory::Directory;
use super::guard::Freshness;
use super::page_kit::{game_href, half_points, player_href, quarter_points, Found, Rendered};
use crate::core::text;
use crate::core::tournament::{Format, Pairing, Phase, Res, Round, Standing, Tournament};
use crate::i18n::Lang;
use crate::store::Store;

/// The page of the tournament whose public id is `id`; `None` when there is none or its
/// community's pages are off.
///
/// # Errors
/// The store's.
pub(crate) fn render(store: &dyn Store, dir: &Directory, id: &str, _lang: Lang) -> Found {
    let Some(t) = dir.tournament(store, id)? else {
        return Ok(None);
    };
    let site = super::site::settings(store, &t.home.community)?;
    if !site.web {
        return Ok(None);
    }
    let over = matches!(t.phase, Phase::Finished | Phase::Cancelled);
    Ok(Some(Rendered {
        title: t.name.clone(),
        content: content(&t, &site.public_id),
        fresh: if over {
            Freshness::Immutable
        } else {
            Freshness::Live
        },
        index: site.index,
    }))
}

/// The page's content; `community` is the public id of its community, for the players'
/// links.
pub(crate) fn content(t: &Tournament, community: &str) -> Markup {
    let standings = t.standings();
    html! {
        h1 { (t.name) }
        (about(t, community))
        @if t.phase == Phase::Running {
            (now_playing(t, community))
        }
        @if t.phase == Phase::Registration || t.rounds.is_empty() {
            (entrants(t, community))
        } @else {
            (standings_table(t, &standings, community))
            @match t.format {
                Format::RoundRobin => (round_robin_crosstable(t, &standings, community)),
                // A double round robin and an arena: each player's games round by round.
                Format::Swiss { .. } | Format::DoubleRoundRobin | Format::Arena { .. } => {
                    (swiss_crosstable(t, &standings, community))
                }
                Format::Knockout => (bracket(t, community)),
            }
            (rounds(t, community))
        }
        (organizer_log(t))
    }
}

/// The organizer's actions, newest first (issue 31: every one on the page too).
fn organizer_log(t: &Tournament) -> Markup {
    let entries = crate::core::tournament::log::entries(t);
    html! {
        @if !entries.is_empty() {
            section.log {
                h2 { (tr!("web-tour-log")) }
                ul {
                    @for (at, by, what) in &entries {
                        li { (text::date_text(*at)) " · " (by) ": " (what) }
                    }
                }
            }
        }
    }
}

/// The facts: game, format, stage, players, organizer, created, time per move, and the
/// community's page.
fn about(t: &Tournament, community: &str) -> Markup {
    let time = match t.move_time_ms {
        Some(ms) => tr!("tournament-per-move", duration = text::duration_text(ms)),
        None => tr!("tournament-no-time-limit"),
    };
    html! {
        dl.facts {
            dt { (tr!("web-tour-game")) } dd { (text::kind_name(t.kind)) }
            dt { (tr!("web-tour-format")) } dd { (t.format.to_string()) }
            dt { (tr!("web-tour-stage")) } dd { (phase_word(t)) }
            dt { (tr!("web-game-players")) } dd { (t.entrants.len()) }
            dt { (tr!("web-tour-organizer")) } dd { (t.organizer.name) }
            dt { (tr!("web-tour-created")) } dd { (text::date_text(t.created_ms)) }
            dt { (tr!("web-game-time-control")) } dd { (time) }
        }
        p { a href={ "/c/" (community) } { (tr!("web-community-link")) } }
    }
}

/// `registration open`, `round 2 of 5`, `finished`, `cancelled`.
fn phase_word(t: &Tournament) -> String {
    match t.phase {
        Phase::Registration => tr!("tournament-phase-registration"),
        Phase::Running => tr!(
            "web-tour-round-of",
            round = t.rounds.len(),
            total = t.total_rounds()
        ),
        Phase::Finished => tr!("tournament-phase-finished"),
        Phase::Cancelled => tr!("tournament-phase-cancelled"),
    }
}

/// A player's name, linked to his page when it can be.
fn player(t: &Tournament, e: usize, community: &str) -> Markup {
    let entrant = &t.entrants[e];
    let name = entrant.user.name.as_str();
    html! {
        @match player_href(community, name) {
            Some(href) => a href=(href) { (name) },
            None => (name),
        }
        @if entrant.withdrawn {
            " " span.muted { (tr!("tournament-withdrawn-mark")) }
        }
    }
}

/// The games of the round in play that have no result yet, with their links.
fn now_playing(t: &Tournament, community: &str) -> Markup {
    let Some(round) = t.current() else {
        return html! {};
    };
    let open: Vec<&Pairing> = round.pairings.iter().filter(|p| p.is_open()).collect();
    html! {
        section {
            h2 { (tr!("web-tour-now", round = round.number)) }
            @if open.is_empty() {
                p { (tr!("web-tour-round-done")) }
            } @else {
                ul {
                    @for p in open {
                        li { (pairing_line(t, round.number, p, community)) }
                    }
                }
            }
        }
    }
}

/// `1. alice – bob: 1-0 (game)` for one board.
fn pairing_line(t: &Tournament, round: u32, p: &Pairing, community: &str) -> Markup {
    html! {
        span.boardno { (p.board) ". " }
        (player(t, p.south, community))
        @match p.north {
            None => { " " span.muted { (tr!("web-tour-bye")) } }
            Some(n) => {
                " – " (player(t, n, community)) ": "
                (result_word(p))
                (game_links(t, round, p))
            }
        }
    }
}

/// The links to the games of board `p` of round `round`: `game`, or for a knockout
/// board that needed more after a draw, `game 1`, `game 2`, ... A game whose id is one
/// the pages do not serve (a guessable id of an older build) has no link.
fn game_links(t: &Tournament, round: u32, p: &Pairing) -> Markup {
    let ids = t.board_game_ids(round, p);
    let several = ids.len() > 1;
    html! {
        @for (i, id) in ids.iter().enumerate() {
            @if let Some(href) = game_href(id) {
                " " a.game href=(href) {
                    @if several { (tr!("web-tour-game-n", n = i + 1)) }
                    @else { (tr!("web-tour-game-link")) }
                }
            }
        }
    }
}

/// `1-0`, `0-1`, `½-½` (with `forfeit`), or where the game stands.
fn result_word(p: &Pairing) -> String {
    let score = match p.result {
        Some(Res::South) => "1-0",
        Some(Res::North) => "0-1",
        Some(Res::Draw) => "½-½",
        None if p.game_id.is_some() => return tr!("web-tour-playing"),
        None => return tr!("web-tour-waiting"),
    };
    if p.forfeit {
        format!("{score} ({})", tr!("web-tour-forfeit"))
    } else {
        score.to_string()
    }
}

/// Before the first round: the players registered, in seed order.
fn entrants(t: &Tournament, community: &str) -> Markup {
    html! {
        section {
            h2 { (tr!("web-game-players")) }
            @if t.entrants.is_empty() {
                p { (tr!("web-tour-no-players")) }
            } @else {
                ol {
                    @for e in 0..t.entrants.len() {
                        li { (player(t, e, community)) }
                    }
                }
            }
        }
    }
}

/// Each line's rank: shared by lines equal on everything the order compares
/// (points and both tie-breaks; a knockout: the round reached and being out).
fn ranks(t: &Tournament, standings: &[Standing]) -> Vec<usize> {
    let key = |s: &Standing| match t.format {
        Format::Knockout => (s.champion, s.reached, s.out as u32, 0),
        _ => (false, s.points, s.buchholz, s.sonneborn_berger),
    };
    let mut out = Vec::with_capacity(standings.len());
    for (i, s) in standings.iter().enumerate() {
        let shared = i > 0 && key(&standings[i - 1]) == key(s);
        out.push(if shared { out[i - 1] } else { i + 1 });
    }
    out
}

/// The standings: rank, player, points, W-D-L, Buchholz, Sonneborn-Berger (a knockout:
/// rank, player, how far he went).
fn standings_table(t: &Tournament, standings: &[Standing], community: &str) -> Markup {
    let knockout = t.format == Format::Knockout;
    let ranks = ranks(t, standings);
    html! {
        section {
            h2 { (tr!("web-tour-standings")) }
            div.scroll { table {
                thead { tr {
                    th { "#" } th { (tr!("tournament-col-player")) }
                    @if knockout {
                        th { (tr!("tournament-col-result")) }
                    } @else {
                        th { (tr!("tournament-col-points")) } th { (tr!("tournament-col-wdl")) }
                        th title=(tr!("web-tour-buchholz-about")) { (tr!("tournament-col-buchholz")) }
                        th title=(tr!("web-tour-sb-about")) { (tr!("tournament-col-sb")) }
                    }
                } }
                tbody {
                    @for (s, rank) in standings.iter().zip(&ranks) {
                        tr {
                            td { (rank) } td { (player(t, s.entrant, community)) }
                            @if knockout {
                                td { (knockout_word(s)) }
                            } @else {
                                @let [w, d, l] = s.won_drawn_lost;
                                td { (half_points(s.points)) } td { (w) "-" (d) "-" (l) }
                                td { (half_points(s.buchholz)) }
                                td { (quarter_points(s.sonneborn_berger)) }
                            }
                        }
                    }
                }
            } }
        }
    }
}

/// `champion`, `out in round 2`, `round 3` (still in).
fn knockout_word(s: &Standing) -> String {
    if s.champion {
        tr!("web-tour-champion")
    } else if s.out {
        tr!("web-tour-out-in", round = s.reached)
    } else {
        tr!("web-tour-in-round", round = s.reached)
    }
}

/// The games of `me` against `them`: (round, score for `me`: 2/1/0 half points, or
/// `None` while unplayed), in round order.
fn games_between(t: &Tournament, me: usize, them: usize) -> Vec<(u32, Option<u32>)> {
    let mut out = Vec::new();
    for r in &t.rounds {
        for p in &r.pairings {
            let Some(n) = p.north else { continue };
            let mine = if p.south == me && n == them {
                Res::South
            } else if n == me && p.south == them {
                Res::North
            } else {
                continue;
            };
            let score = p.result.map(|res| match res {
                Res::Draw => 1,
                r if r == mine => 2,
                _ => 0,
            });
            out.push((r.number, score));
        }
    }
    out
}

/// `1`, `½`, `0` for a score in half points; `…` while unplayed.
fn score_mark(score: Option<u32>) -> &'static str {
    match score {
        Some(2) => "1",
        Some(1) => "½",
        Some(_) => "0",
        None => "…",
    }
}

/// A round robin's crosstable: rows and columns in the order of the standings, each
/// cell the row player's scores against the column player.
fn round_robin_crosstable(t: &Tournament, standings: &[Standing], community: &str) -> Markup {
    let order: Vec<usize> = standings.iter().map(|s| s.entrant).collect();
    html! {
        section {
            h2 { (tr!("web-tour-crosstable")) }
            div.scroll { table.cross {
                thead { tr {
                    th { "#" } th { (tr!("tournament-col-player")) }
                    @for i in 1..=order.len() { th { (i) } }
                    th { (tr!("tournament-col-points")) }
                } }
                tbody {
                    @for (i, &me) in order.iter().enumerate() {
                        tr {
                            td { (i + 1) } td { (player(t, me, community)) }
                            @for &them in &order {
                                @if them == me {
                                    td.self { "×" }
                                } @else {
                                    td { @for (_, s) in games_between(t, me, them) { (score_mark(s)) " " } }
                                }
                            }
                            td { (half_points(standings[i].points)) }
                        }
                    }
                }
            } }
        }
    }
}

/// A Swiss crosstable: one row per player in the order of the standings, one column per
/// round: the opponent's rank, the side (S or N) and the result, or the bye.
fn swiss_crosstable(t: &Tournament, standings: &[Standing], community: &str) -> Markup {
    let mut rank_of = vec![0; t.entrants.len()];
    for (i, s) in standings.iter().enumerate() {
        rank_of[s.entrant] = i + 1;
    }
    let cell = |round: &Round, me: usize| -> String {
        let Some(p) = round.pairings.iter().find(|p| p.has(me)) else {
            return "–".to_string();
        };
        let Some(n) = p.north else {
            return tr!("web-tour-bye");
        };
        let (them, side, mine) = if p.south == me {
            (n, tr!("web-tour-side-south"), Res::South)
        } else {
            (p.south, tr!("web-tour-side-north"), Res::North)
        };
        let score = p.result.map(|r| match r {
            Res::Draw => 1,
            r if r == mine => 2,
            _ => 0,
        });
        format!("{}{side} {}", rank_of[them], score_mark(score))
    };
    html! {
        section {
            h2 { (tr!("web-tour-crosstable")) }
            p.muted { (tr!("web-tour-swiss-key")) }
            div.scroll { table.cross {
                thead { tr {
                    th { "#" } th { (tr!("tournament-col-player")) }
                    @for r in &t.rounds { th { (tr!("web-tour-round-short", round = r.number)) } }
                    th { (tr!("tournament-col-points")) }
                } }
                tbody {
                    @for (i, s) in standings.iter().enumerate() {
                        tr {
                            td { (i + 1) } td { (player(t, s.entrant, community)) }
                            @for r in &t.rounds { td { (cell(r, s.entrant)) } }
                            td { (half_points(s.points)) }
                        }
                    }
                }
            } }
        }
    }
}

/// A knockout's bracket: one column per round, each board's two players with the
/// winner marked, the rounds still to come as empty columns.
fn bracket(t: &Tournament, community: &str) -> Markup {
    let total = t.total_rounds().max(t.rounds.len() as u32);
    html! {
        section {
            h2 { (tr!("web-tour-bracket")) }
            div.scroll { div.bracket {
                @for number in 1..=total {
                    div.bracket-round {
                        h3 { (tr!("web-tour-round", round = number)) }
                        @if let Some(r) = t.rounds.iter().find(|r| r.number == number) {
                            @for p in &r.pairings {
                                div.bracket-game {
                                    (bracket_seat(t, p, Some(p.south), Res::South, community))
                                    (bracket_seat(t, p, p.north, Res::North, community))
                                    (game_links(t, number, p))
                                }
                            }
                        } @else {
                            p.muted { "…" }
                        }
                    }
                }
            } }
        }
    }
}

/// One seat of a bracket's board: the player (or the bye), marked when he went on.
fn bracket_seat(
    t: &Tournament,
    p: &Pairing,
    who: Option<usize>,
    side: Res,
    community: &str,
) -> Markup {
    let won = p.result == Some(side) || (p.north.is_none() && side == Res::South);
    html! {
        div class=(if won { "seat won" } else { "seat" }) {
            @match who {
                Some(e) => (player(t, e, community)),
                None => span.muted { (tr!("web-tour-bye")) },
            }
        }
    }
}

/// Every round, newest first, each board with its result and game link.
fn rounds(t: &Tournament, community: &str) -> Markup {
    html! {
        section {
            h2 { (tr!("web-tour-rounds")) }
            @for r in t.rounds.iter().rev() {
                h3 { (tr!("web-tour-round", round = r.number)) }
                ul {
                    @for p in &r.pairings {
                        li { (pairing_line(t, r.number, p, community)) }
                    }
                }
            }
        }
    }
}
