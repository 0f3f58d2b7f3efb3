//! `/c/ID`: a community's page: a leaderboard per game family (Katro, Hoyito) and its
//! tournaments, newest first, each linked to its page.
//!
//! The ratings are shown as the chat's `!leaderboard` shows them at the time of the
//! request: the deviation grown by the rating periods sat out, `?` when provisional,
//! with the default `[ratings]` settings (the pages do not read the bot's
//! configuration).

use maud::{html, Markup};

use super::directory::Directory;
use super::guard::Freshness;
use super::page_kit::{family_name, now_ms, player_href, shown_rating, Found, Rendered};
use crate::core::ratings::{self, PlayerRating, FAMILIES};
use crate::core::text;
use crate::core::tournament::Tournament;
use crate::store::keys::DocPrefix;
use crate::store::{Store, StoreError};

/// The most players a leaderboard lists.
pub(crate) const LEADERBOARD_MAX: usize = 50;

/// The page of the community whose public id is `id`; `None` when there is none or its
/// pages are off.
///
/// # Errors
/// The store's.
pub(crate) fn render(store: &dyn Store, dir: &Directory, id: &str) -> Found {
    let Some((community, site)) = dir.community(store, id)? else {
        return Ok(None);
    };
    if !site.web {
        return Ok(None);
    }
    let now = now_ms();
    let mut boards = Vec::new();
    for fam in FAMILIES {
        let table = ratings::table(store, &community, fam)?;
        let mut players: Vec<PlayerRating> = table
            .players
            .into_values()
            .filter(|p| p.games() > 0)
            .collect();
        players.sort_by(|a, b| b.rating.total_cmp(&a.rating));
        players.truncate(LEADERBOARD_MAX);
        boards.push((fam, players));
    }
    let mut tours = community_tournaments(store, &community)?;
    // Tournaments stored before public ids get theirs from the directory's scan.
    if tours.iter().any(|t| t.public_id.is_empty()) && dir.refresh(store)? {
        tours = community_tournaments(store, &community)?;
    }
    tours.sort_by_key(|t: &Tournament| std::cmp::Reverse(t.created_ms));
    let content = html! {
        h1 { (tr!("web-community-title")) }
        @for (fam, players) in &boards {
            (leaderboard(fam, players, id, now))
        }
        (tournaments(&tours))
    };
    Ok(Some(Rendered {
        title: tr!("web-community-title"),
        content,
        fresh: Freshness::Live,
        index: site.index,
    }))
}

/// The tournaments of `community` (unreadable ones left out).
fn community_tournaments(
    store: &dyn Store,
    community: &str,
) -> Result<Vec<Tournament>, StoreError> {
    Ok(store
        .docs(&DocPrefix::Tours(community.to_string()))?
        .into_iter()
        .filter_map(|(_, bytes)| serde_json::from_slice(&bytes).ok())
        .collect())
}

/// One family's leaderboard: rank, player (linked), rating, games.
fn leaderboard(fam: &str, players: &[PlayerRating], community: &str, now: u64) -> Markup {
    html! {
        section {
            h2 { (tr!("web-community-leaderboard", game = family_name(fam))) }
            @if players.is_empty() {
                p.muted { (tr!("web-community-no-ratings")) }
            } @else {
                div.scroll { table {
                    thead { tr {
                        th { "#" } th { (tr!("tournament-col-player")) }
                        th { (tr!("web-game-rating")) } th { (tr!("web-col-games")) }
                    } }
                    tbody {
                        @for (i, p) in players.iter().enumerate() {
                            @let (p, rating, _) = shown_rating(p, now);
                            tr {
                                td { (i + 1) }
                                td { @match player_href(community, &p.user.name) {
                                    Some(href) => a href=(href) { (p.user.name) },
                                    None => (p.user.name),
                                } }
                                td { (rating) } td { (p.games()) }
                            }
                        }
                    }
                } }
            }
        }
    }
}

/// The community's tournaments, newest first: name (linked), game, format, players,
/// stage.
fn tournaments(tours: &[Tournament]) -> Markup {
    html! {
        section {
            h2 { (tr!("web-community-tournaments")) }
            @if tours.is_empty() {
                p.muted { (tr!("web-community-no-tournaments")) }
            } @else {
                ul {
                    @for t in tours {
                        li {
                            @if t.public_id.is_empty() {
                                (t.name)
                            } @else {
                                a href={ "/t/" (t.public_id) } { (t.name) }
                            }
                            ": " (text::kind_name(t.kind)) ", " (t.format.to_string()) ", "
                            (tr!("tournament-players", count = t.entrants.len())) ", "
                            (stage(t))
                        }
                    }
                }
            }
        }
    }
}

/// `registration open`, `round 2`, `finished`, `cancelled`.
fn stage(t: &Tournament) -> String {
    use crate::core::tournament::Phase;
    match t.phase {
        Phase::Registration => tr!("tournament-phase-registration"),
        Phase::Running => tr!("tournament-phase-running", round = t.rounds.len()),
        Phase::Finished => tr!("tournament-phase-finished"),
        Phase::Cancelled => tr!("tournament-phase-cancelled"),
    }
}
