//! `/c/ID/p/NAME`: a player of one community, found by his display name: his rating in
//! each game family with its chart, his recent games (the archive's index,
//! `games/COMMUNITY/USER`, linked to their pages) and his tournaments.
//!
//! Only display names are shown, never a platform's user id. A name is looked for among
//! the community's rated players and tournament entrants, exactly first, then ignoring
//! case; when several people share it, the one who played last is shown.

use std::collections::HashMap;

use mancala_rules::Side;
use maud::{html, Markup};

use super::chart::rating_chart;
use super::directory::Directory;
use super::guard::Freshness;
use super::page_kit::{
    family_name, game_href, half_points, now_ms, player_href, shown_rating, Found, Rendered,
};
use crate::core::ratings::{self, RatingTable, FAMILIES};
use crate::core::text;
use crate::core::tournament::{Phase, Tournament};
use crate::model::User;
use crate::store::keys::{DocKey, DocPrefix};
use crate::store::{GameResult, Got, Read, Record, Store, StoreError};

/// The page of `name` in the community whose public id is `id`; `None` when there is
/// no such community (or its pages are off) or no such player in it.
///
/// # Errors
/// The store's.
pub(crate) fn render(store: &dyn Store, dir: &Directory, id: &str, name: &str) -> Found {
    let Some((community, site)) = dir.community(store, id)? else {
        return Ok(None);
    };
    if !site.web {
        return Ok(None);
    }
    let tables: Vec<RatingTable> = FAMILIES
        .iter()
        .map(|fam| ratings::table(store, &community, fam))
        .collect::<Result<_, _>>()?;
    let tours: Vec<Tournament> = store
        .docs(&DocPrefix::Tours(community.clone()))?
        .into_iter()
        .filter_map(|(_, bytes)| serde_json::from_slice(&bytes).ok())
        .collect();
    let Some(user) = find(&tables, &tours, name) else {
        return Ok(None);
    };
    let games = recent_games(store, &community, &user)?;
    let mut rated = Vec::new();
    for (fam, table) in FAMILIES.iter().zip(&tables) {
        if let Some(p) = table.players.get(&user.id) {
            let history = ratings::history(store, &community, fam, &user)?;
            rated.push((*fam, p.clone(), history));
        }
    }
    let now = now_ms();
    let content = html! {
        h1 { (user.name) }
        section {
            h2 { (tr!("web-player-ratings")) }
            @if rated.is_empty() {
                p.muted { (tr!("web-player-unrated")) }
            }
            @for (fam, p, history) in &rated {
                @let (p, rating, provisional) = shown_rating(p, now);
                @let [w, d, l] = p.won_drawn_lost;
                h3 { (family_name(fam)) ": " (rating) }
                p {
                    (tr!("web-player-record", won = w, drawn = d, lost = l))
                    @if provisional { " " span.muted { (tr!("web-player-provisional")) } }
                }
                (rating_chart(history, &tr!("web-player-chart", game = family_name(fam))))
            }
        }
        (games_section(&games, &user, id))
        (tournaments_section(&tours, &user))
    };
    Ok(Some(Rendered {
        title: user.name.clone(),
        content,
        fresh: Freshness::Live,
        index: site.index,
    }))
}

/// The person named `name`: among the rated players and the tournament entrants, exact
/// names first, then any case; of several, the one who played a rated game last.
fn find(tables: &[RatingTable], tours: &[Tournament], name: &str) -> Option<User> {
    let mut people: HashMap<&str, (&User, u64)> = HashMap::new();
    for p in tables.iter().flat_map(|t| t.players.values()) {
        let e = people.entry(&p.user.id).or_insert((&p.user, 0));
        e.1 = e.1.max(p.last_ms);
    }
    for e in tours.iter().flat_map(|t| &t.entrants) {
        people.entry(&e.user.id).or_insert((&e.user, 0));
    }
    let pick = |same: &dyn Fn(&str) -> bool| {
        people
            .values()
            .filter(|(u, _)| same(&u.name))
            .max_by_key(|(u, last)| (*last, u.id.as_str()))
            .map(|(u, _)| (*u).clone())
    };
    let lower = name.to_lowercase();
    pick(&|n| n == name).or_else(|| pick(&|n| n.to_lowercase() == lower))
}

/// The records of the player's index of games (`games/COMMUNITY/USER`): games in play
/// and the last finished, newest first.
fn recent_games(
    store: &dyn Store,
    community: &str,
    user: &User,
) -> Result<Vec<Record>, StoreError> {
    let got = store.read(&[Read::Archive(DocKey::games(community, user))])?;
    Ok(match got.into_iter().next() {
        Some(Got::Archive { records, .. }) => records.into_iter().flatten().collect(),
        _ => Vec::new(),
    })
}

/// The recent games: date, game, opponent (linked), result, the game's page.
fn games_section(games: &[Record], user: &User, community: &str) -> Markup {
    html! {
        section {
            h2 { (tr!("web-player-games")) }
            @if games.is_empty() {
                p.muted { (tr!("web-player-no-games")) }
            } @else {
                div.scroll { table {
                    thead { tr {
                        th { (tr!("web-col-date")) } th { (tr!("web-tour-game")) }
                        th { (tr!("web-col-opponent")) } th { (tr!("tournament-col-result")) }
                        th {}
                    } }
                    tbody {
                        @for r in games {
                            @let side = r.side_of(user);
                            @let opponent = side.and_then(|s| r.player(s.other()));
                            tr {
                                td { (text::date_text(r.updated_ms)) }
                                td { (text::kind_name(r.kind)) }
                                td { @match opponent {
                                    Some(o) => @match player_href(community, &o.name) {
                                        Some(href) => a href=(href) { (o.name) },
                                        None => (o.name),
                                    },
                                    None => "–",
                                } }
                                td { (result_word(r, side)) }
                                td { @if let Some(href) = game_href(&r.id) {
                                    a href=(href) { (tr!("web-tour-game-link")) }
                                } }
                            }
                        }
                    }
                } }
            }
        }
    }
}

/// `won`, `lost`, `draw`, `no result`, or `in progress`.
fn result_word(r: &Record, side: Option<Side>) -> String {
    match (r.result(), side) {
        (Some(GameResult::Win(w)), Some(me)) if w == me => tr!("archive-result-won"),
        (Some(GameResult::Win(_)), _) => tr!("archive-result-lost"),
        (Some(GameResult::Draw), _) => tr!("archive-result-draw"),
        (Some(GameResult::NoResult), _) => tr!("archive-result-none"),
        (None, _) => tr!("web-game-in-progress"),
    }
}

/// The tournaments he entered, newest first: name (linked), rank of how many, points.
fn tournaments_section(tours: &[Tournament], user: &User) -> Markup {
    let mut mine: Vec<(&Tournament, usize)> = tours
        .iter()
        .filter_map(|t| t.entrant(user).map(|e| (t, e)))
        .collect();
    mine.sort_by_key(|(t, _)| std::cmp::Reverse(t.created_ms));
    html! {
        section {
            h2 { (tr!("web-player-tournaments")) }
            @if mine.is_empty() {
                p.muted { (tr!("web-player-no-tournaments")) }
            } @else {
                ul {
                    @for (t, e) in mine {
                        li {
                            @if t.public_id.is_empty() { (t.name) } @else {
                                a href={ "/t/" (t.public_id) } { (t.name) }
                            }
                            ": " (standing_word(t, e))
                        }
                    }
                }
            }
        }
    }
}

/// `3rd of 8, 4 points` as `place 3 of 8, 4 points`; before the start, `registered`.
fn standing_word(t: &Tournament, e: usize) -> String {
    if t.phase == Phase::Registration || t.rounds.is_empty() {
        return tr!("web-player-registered");
    }
    let standings = t.standings();
    let Some(place) = standings.iter().position(|s| s.entrant == e) else {
        return String::new();
    };
    tr!(
        "web-player-place",
        place = place + 1,
        total = standings.len(),
        points = half_points(standings[place].points)
    )
}
