//! The HTML of a game's page (`/g/ID`): the players with their ratings before and after,
//! the time control, the result, the board at any move with a step-through replay
//! (buttons and the arrow keys, [`super::game::REPLAY_JS`]), the moves, the pictures of
//! the move shown, the seed chart, the analysis when one was made, and the downloads.
//!
//! The board is HTML: each hole carries its name and seeds (`data-hole="c1"
//! data-seeds="2"`) and the board the ply it shows (`data-ply`), so that the page reads
//! without pictures and tests read the position shown. The positions of the replay are
//! in the page as JSON (`<script type="application/json" id="game-data">`), which the
//! script reads; without the script the page shows the last position and every move.

use std::sync::Arc;

use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use mancala_rules::Side;
use maud::{html, Markup, PreEscaped};

use super::game_view::{hole_name, review_of, Found, GameView, PlyView, REPLAY_JS_PATH};
use super::layout::{shell, CspNonce, Page, PageLang};
use super::match_view::MatchView;
use super::WebState;
use crate::core::ratings::{family, RatingChange};
use crate::core::review_store::StoredReview;
use crate::core::text;
use crate::i18n::{with_lang, Lang};
use crate::store::keys::{DocKey, DocPrefix};
use crate::store::{Record, Status, Store};

/// The rating change of each side in the rated game `r` (`None` for a side without
/// one: unrated, the AI, an older game).
pub(super) fn rating_changes(store: &dyn Store, r: &Record) -> [Option<RatingChange>; 2] {
    Side::ALL.map(|side| {
        if !r.rated || r.is_ai(side) {
            return None;
        }
        let user = r.player(side)?;
        let prefix = DocPrefix::RatingLog {
            community: r.at.community.clone(),
            family: family(r.kind).to_string(),
            user: user.id.clone(),
        };
        let entries = store.docs(&prefix).ok()?;
        entries
            .into_iter()
            .filter(|(k, _)| matches!(k, DocKey::RatingLog { entry, .. } if entry.ends_with(&format!("-{}", r.id))))
            .find_map(|(_, v)| serde_json::from_slice::<RatingChange>(&v).ok())
    })
}

/// What the page reads besides the record: ratings and the analysis.
pub(super) struct Extras {
    /// Each side's rating change (see [`rating_changes`]).
    pub(super) ratings: [Option<RatingChange>; 2],
    /// The stored analysis, if one was made and matches the game.
    pub(super) review: Option<StoredReview>,
}

impl Extras {
    /// The ratings of `found`'s game, read from `store`, and its analysis from the
    /// bytes read with it (blocks: call it off the async threads).
    pub(super) fn of(store: &dyn Store, found: &Found) -> Extras {
        let r = &found.record;
        Extras {
            ratings: rating_changes(store, r),
            review: found.analysis.as_deref().and_then(|b| review_of(b, r)),
        }
    }
}

/// `/g/ID` of a game in play (a finished game's page comes from
/// [`super::finished_page`]): drawn at each request, `no-cache`.
pub(crate) async fn page(
    state: &Arc<WebState>,
    found: Found,
    lang: PageLang,
    nonce: &CspNonce,
    path: &str,
) -> Response {
    let Some(store) = state.store.clone() else {
        return super::layout::not_found(PageLang::default(), nonce, path);
    };
    let read = tokio::task::spawn_blocking(move || {
        let extras = Extras::of(&*store, &found);
        (found, extras)
    });
    let Ok((found, extras)) = read.await else {
        return super::layout::not_found(lang, nonce, path);
    };
    let lang = lang.or(found.language);
    let body = with_lang(lang, || render(&found, &extras, lang, nonce, path));
    let mut res = body.into_response();
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    res
}

/// The whole page, in the current language.
pub(super) fn render(
    found: &Found,
    extras: &Extras,
    lang: Lang,
    nonce: &CspNonce,
    path: &str,
) -> Markup {
    let r = &found.record;
    let Some(view) = GameView::of(r) else {
        return html! {};
    };
    let title = tr!(
        "web-game-title",
        kind = view.kind.as_str(),
        id = r.id.as_str()
    );
    let page = Page {
        title: &title,
        lang,
        index: found.site.index,
        nonce,
        path,
    };
    let last = view.plies.len() - 1;
    let live = !view.finished;
    let matched = super::match_view::of(r);
    let current = matched
        .as_ref()
        .and_then(|m| m.games.iter().position(|g| g.current));
    let content = html! {
        h1 { (title) }
        (facts(r, &view, extras))
        h2 { (tr!("web-game-board")) }
        @if live { p.status.live { (tr!("web-game-live")) } }
        // Who is to move (the script keeps it up to date); the result is above.
        p.status #status aria-live="polite" { @if live { (view.status) } }
        (board(&view, last, current))
        (controls(last))
        @if let Some(m) = &matched { (super::match_page::games(m, &view.names)) }
        h2 { (tr!("web-game-moves")) }
        (moves(&view, last))
        h2 { (tr!("web-game-pictures")) }
        p { img.picture #ply-picture loading="lazy" src={ "/g/" (r.id) "/" (last) ".png?lang=" (lang.code()) }
            alt=(tr!("web-game-pictures")); }
        h2 { (tr!("web-game-chart")) }
        p { img.picture loading="lazy" src={ "/g/" (r.id) "/chart.png?lang=" (lang.code()) } alt=(tr!("web-game-chart")); }
        @if let Some(review) = &extras.review { (analysis(r, review, lang)) }
        h2 { (tr!("web-game-download")) }
        p.downloads {
            a href={ "/g/" (r.id) ".json" } download { (tr!("web-game-json")) }
            a href={ "/g/" (r.id) ".gif?lang=" (lang.code()) } { (tr!("web-game-gif")) }
        }
        script type="application/json" #game-data { (PreEscaped(data_json(&view, matched.as_ref(), lang))) }
        script src=(REPLAY_JS_PATH) nonce=(nonce.0) defer {}
    };
    shell(&page, content)
}

/// The data of the script: the positions, whether to poll, the words it writes; a
/// match's games (see [`super::match_page::games_json`]). Serialized straight from
/// this struct (no JSON tree built first: the page is drawn often).
#[derive(serde::Serialize)]
struct ScriptData<'a> {
    id: &'a str,
    live: bool,
    lang: &'static str,
    plies: &'a [PlyView],
    ply_label: String,
    start_label: String,
    games_done: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    games: Option<serde_json::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    game: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    game_label: Option<String>,
}

/// The data of the script as JSON. `<` is written `\u003c` (and `>`, `&` likewise) so
/// that no text can close the script element.
fn data_json(view: &GameView, matched: Option<&MatchView>, lang: Lang) -> String {
    let data = ScriptData {
        id: &view.id,
        live: !view.finished,
        lang: lang.code(),
        plies: &view.plies,
        ply_label: tr!("web-game-ply", ply = "%1", total = "%2"),
        start_label: tr!("web-game-start-position"),
        games_done: view.games_done,
        games: matched.map(super::match_page::games_json),
        game: matched.and_then(|m| m.games.iter().position(|g| g.current)),
        game_label: matched.map(|_| tr!("web-match-game", n = "%1")),
    };
    let json = serde_json::to_string(&data).unwrap_or_default();
    if !json.contains(['<', '>', '&']) {
        return json;
    }
    json.replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

/// The players, ratings, time control, start and result.
fn facts(r: &Record, view: &GameView, extras: &Extras) -> Markup {
    let rating = |c: &Option<RatingChange>| {
        c.as_ref().map(|c| {
            format!(
                "{} → {}",
                c.before.0.round() as i64,
                c.after.0.round() as i64
            )
        })
    };
    let captured = view.plies.last().map_or([0, 0], |p| p.captured);
    let has_ratings = extras.ratings.iter().any(Option::is_some);
    html! {
        h2 { (tr!("web-game-players")) }
        table.players {
            thead { tr {
                th { (tr!("web-game-side")) }
                th { (tr!("web-game-player")) }
                @if has_ratings { th { (tr!("web-game-rating")) } }
                th { (tr!("web-game-captured")) }
            } }
            tbody {
                @for side in Side::ALL {
                    tr {
                        td class=(side.name()) { (text::side_name(side)) }
                        td.player { (view.names[side.index()]) }
                        @if has_ratings {
                            td.rating { (rating(&extras.ratings[side.index()]).unwrap_or_default()) }
                        }
                        td #{ "captured-" (side.name()) } { (captured[side.index()]) }
                    }
                }
            }
        }
        dl.facts {
            dt { (tr!("web-game-started")) } dd { (text::date_text(r.created_ms)) }
            dt { (tr!("web-game-time-control")) } dd { (time_control(r)) }
            @if let Some(t) = &r.tournament {
                dt { (tr!("web-game-tournament")) }
                dd { (tour_name(&t.key)) ", " (tr!("web-game-round", round = t.round, board = t.board)) }
            }
            dt { (tr!("web-game-result")) }
            dd #result { @if r.status() == Status::Finished { (view.status) } @else { (tr!("web-game-in-progress")) } }
        }
    }
}

/// The tournament's name as its key keeps it.
fn tour_name(key: &DocKey) -> String {
    match key {
        DocKey::Tour { name, .. } => name.clone(),
        other => other.to_string(),
    }
}

/// The time control in words: the live clock's, the time per move, or none.
fn time_control(r: &Record) -> String {
    match r.timing() {
        Some(t) => match &t.live {
            Some(live) => text::live_control_text(live.control),
            None => tr!(
                "web-game-per-move",
                time = text::duration_text(t.move_time_ms)
            ),
        },
        None => tr!("web-game-no-clock"),
    }
}

/// The board at ply `ply`: North's rows on top, the column letters below; in a match,
/// `game` is the index of the game shown (`data-game`, from 1).
fn board(view: &GameView, ply: usize, game: Option<usize>) -> Markup {
    let shown: &PlyView = &view.plies[ply];
    html! {
        div.board-wrap {
            div.board #board data-ply=(ply) data-game=[game.map(|g| g + 1)]
                data-rows=(view.rows) data-cols=(view.cols)
                role="img" aria-label=(tr!("web-game-board")) {
                div.side.north { (text::side_name(Side::North)) ": " (view.names[1]) }
                @for row in (0..view.rows).rev() {
                    div.row {
                        span.label.rownum aria-hidden="true" { (row + 1) }
                        @for col in 0..view.cols {
                            (hole(shown, row, col))
                        }
                    }
                }
                div.row aria-hidden="true" {
                    span.label.rownum {}
                    @for col in 0..view.cols {
                        span.label { (char::from(b'a' + col)) }
                    }
                }
                div.side.south { (text::side_name(Side::South)) ": " (view.names[0]) }
            }
        }
    }
}

/// One hole of `shown`.
fn hole(shown: &PlyView, row: u8, col: u8) -> Markup {
    let name = hole_name(row, col);
    let seeds = shown.board[usize::from(row)][usize::from(col)];
    let moved = shown.from.as_deref() == Some(name.as_str());
    let class = match seeds {
        None => "hole closed",
        Some(0) => "hole empty",
        Some(_) => "hole",
    };
    let class = if moved {
        format!("{class} moved")
    } else {
        class.to_string()
    };
    html! {
        span class=(class) data-hole=(name) data-seeds=(seeds.map_or(String::from("x"), |s| s.to_string()))
            title=(name) { (seeds.map_or(String::new(), |s| s.to_string())) }
    }
}

/// The replay's buttons and where it stands.
fn controls(last: usize) -> Markup {
    html! {
        div.controls {
            button type="button" #first disabled[last == 0] { "« " (tr!("web-game-first")) }
            button type="button" #back disabled[last == 0] { "◀ " (tr!("web-game-back")) }
            button type="button" #forward disabled { (tr!("web-game-forward")) " ▶" }
            button type="button" #last disabled { (tr!("web-game-last")) " »" }
            span #ply-label aria-live="polite" {
                @if last == 0 { (tr!("web-game-start-position")) }
                @else { (tr!("web-game-ply", ply = last, total = last)) }
            }
        }
    }
}

/// The moves, each a link to its position (`#ply-N`).
fn moves(view: &GameView, last: usize) -> Markup {
    html! {
        ol.moves #moves {
            @for (i, p) in view.plies.iter().enumerate().skip(1) {
                li {
                    a href={ "#ply-" (i) } data-ply=(i) aria-current=[(i == last).then_some("true")] {
                        (p.mv.as_deref().unwrap_or(""))
                    }
                }
            }
        }
    }
}

/// The stored analysis: its text as the chat reply has it, and its chart.
fn analysis(r: &Record, review: &StoredReview, lang: Lang) -> Markup {
    let text = crate::core::review_text(r, &review.review(), review.nodes);
    html! {
        h2 { (tr!("web-game-analysis")) }
        @for line in text.lines() {
            p { (code_spans(line)) }
        }
        p { img.picture loading="lazy" src={ "/g/" (r.id) "/analysis.png?lang=" (lang.code()) } alt=(tr!("web-game-analysis")); }
    }
}

/// `line` with its `` `code` `` spans as `<code>`, everything escaped.
fn code_spans(line: &str) -> Markup {
    html! {
        @for (i, part) in line.split('`').enumerate() {
            @if i % 2 == 1 { code { (part) } } @else { (part) }
        }
    }
}
