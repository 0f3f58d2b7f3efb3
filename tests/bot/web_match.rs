//! A Hoyito match's page (`/g/ID`, "Web companion" issue): every game of the match with
//! its result, its moves and its positions (the board at any ply of any game), and the
//! match's score; and the kept pages of finished games (`crate::web::page_cache`):
//! the same `ETag` with a fresh nonce each time, 304, and the community's switch and
//! settings applied at the next request.

use axum::http::{header, StatusCode};
use mancala_bot::core::api::ChatCore;
use mancala_bot::model::ChannelKey;
use mancala_rules::{Game, Hole, Side};
use serde_json::Value;

use crate::core_chat::{bench, chan, ok, say, Bench};
use crate::web_game::{app, board_shown, finished_game, get, record_in, state_of, web_on};

/// Who is to move in the match in `at`.
fn mover(b: &Bench, at: &ChannelKey) -> String {
    let r = record_in(b, at);
    let side = r.play().unwrap().game().position().to_move();
    r.player(side).unwrap().name.clone()
}

/// The first legal move, in turn, until a game of the match ends.
fn play_out_game(b: &Bench, at: &ChannelKey) {
    for _ in 0..2000 {
        let mv = b.core.legal_moves(at)[0].clone();
        let who = mover(b, at);
        let r = ok(say(&b.core, at, &who, &format!("!sow {mv}")));
        if r.text().contains("of the match is over") {
            return;
        }
    }
    panic!("the game did not end");
}

/// `n` first legal moves, in turn.
fn play(b: &Bench, at: &ChannelKey, n: usize) {
    for _ in 0..n {
        let mv = b.core.legal_moves(at)[0].clone();
        let who = mover(b, at);
        ok(say(&b.core, at, &who, &format!("!sow {mv}")));
    }
}

/// The page's replay data (`<script type="application/json" id="game-data">`).
fn data(html: &str) -> Value {
    let at = html.find("id=\"game-data\"").unwrap();
    let start = at + html[at..].find('>').unwrap() + 1;
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).unwrap()
}

/// The board of a replay position (`b`: rows from 1, each from column a) as
/// [`board_shown`] lists the holes (the top row first).
pub fn holes_of(ply: &Value) -> Vec<(String, String)> {
    let rows = ply["b"].as_array().unwrap();
    let mut out = Vec::new();
    for (r, row) in rows.iter().enumerate().rev() {
        for (c, seeds) in row.as_array().unwrap().iter().enumerate() {
            let name = Hole::new(c as u8, r as u8).to_string();
            let seeds = seeds.as_u64().map_or("x".to_string(), |s| s.to_string());
            out.push((name, seeds));
        }
    }
    out
}

/// A match of alice (South) and bob, first to 2: game 1 played out, game 2 resigned by
/// its loser after a move (M3 set its start: a hole closed, M2), game 3 begun.
pub fn three_games(b: &Bench) -> (ChannelKey, String) {
    let at = chan("match");
    web_on(b, &at, "on");
    ok(say(
        &b.core,
        &at,
        "alice",
        "!new hoyito first-to 2 @bob as south notime",
    ));
    ok(say(&b.core, &at, "bob", "!accept"));
    let id = record_in(b, &at).id;
    play_out_game(b, &at);
    play(b, &at, 1);
    // The player behind in games resigns game 2, so that the match goes on (1-1).
    let r = record_in(b, &at);
    let mancala_bot::store::Play::Match(m) = r.play().unwrap() else {
        panic!("a match")
    };
    let leader = if m.wins(Side::South) > 0 {
        "alice"
    } else {
        "bob"
    };
    ok(say(&b.core, &at, leader, "!resign game"));
    play(b, &at, 2);
    (at, id)
}

#[tokio::test]
async fn a_match_page_shows_every_game_its_moves_positions_and_the_score() {
    let b = bench();
    let (at, id) = three_games(&b);
    let record = record_in(&b, &at);
    let earlier = record.earlier_games().to_vec();
    assert_eq!(earlier.len(), 2);
    let page = get(&app(&b), &format!("/g/{id}"), &[]).await;
    assert_eq!(page.status, StatusCode::OK);
    let html = &page.body;
    assert!(html.contains("<h2>Match</h2>"), "{html}");
    assert!(
        html.contains("id=\"match-score\" data-south=\"1\" data-north=\"1\" data-draws=\"0\""),
        "{html}"
    );
    assert!(html.contains("alice 1 – 1 bob"), "{html}");
    // Each game listed with its result and every move a link to its position.
    for (g, moves) in earlier.iter().enumerate() {
        let n = g + 1;
        assert!(
            html.contains(&format!("<strong>Game {n}</strong>: ")),
            "{html}"
        );
        for (j, mv) in moves.iter().enumerate() {
            let link = format!("data-game=\"{n}\" data-ply=\"{}\">{mv}</a>", j + 1);
            assert!(html.contains(&link), "{link}");
        }
    }
    assert!(html.contains("resignation"), "game 2's result: {html}");
    assert!(
        html.contains("<strong>Game 3</strong>: in progress") || html.contains("Game 3</strong>")
    );
    // The board shows the current game (3) at its last position.
    assert!(
        html.contains("id=\"board\" data-ply=\"2\" data-game=\"3\""),
        "{html}"
    );
    let (ply, holes) = board_shown(html);
    assert_eq!(ply, 2);
    // The replay data: every game's positions, the current one's as the board's.
    let d = data(html);
    let games = d["games"].as_array().unwrap();
    assert_eq!(games.len(), 3);
    assert_eq!(d["game"], 2);
    assert_eq!(games[2]["plies"], d["plies"]);
    assert_eq!(holes_of(&games[2]["plies"][2]), holes);
    // Game 1 starts from the board's start: each ply is the rules' position.
    let mut g1 = Game::new(record.play().unwrap().game().variant());
    let plies = games[0]["plies"].as_array().unwrap();
    assert_eq!(plies.len(), earlier[0].len() + 1);
    for (k, mv) in earlier[0].iter().enumerate() {
        g1.play_text(mv).unwrap();
        let shown = &plies[k + 1];
        assert_eq!(shown["m"], mv.as_str());
        let pos = g1.position();
        for r in 0..2u8 {
            for c in 0..6u8 {
                let want = pos.seeds(Hole::new(c, r)).map(u64::from);
                let got = shown["b"][usize::from(r)][usize::from(c)].as_u64();
                if !pos.is_closed(Hole::new(c, r)) {
                    assert_eq!(got, want, "game 1, ply {}, {}", k + 1, Hole::new(c, r));
                }
            }
        }
    }
    // Game 2 starts where game 1 left (M1-M3): a hole closed, shown as `x`.
    let start2 = holes_of(&games[1]["plies"][0]);
    assert!(start2.iter().any(|(_, s)| s == "x"), "{start2:?}");
    assert_eq!(
        games[1]["plies"].as_array().unwrap().len(),
        earlier[1].len() + 1
    );
    assert!(games[1]["result"].as_str().unwrap().contains("resignation"));
    // The live state tells how many games are over (the page reloads when it changes).
    let state = get(&app(&b), &format!("/g/{id}/state"), &[]).await;
    let v: Value = serde_json::from_str(&state.body).unwrap();
    assert_eq!(v["games_done"], 2);
}

#[tokio::test]
async fn a_single_games_page_has_no_match_section() {
    let b = bench();
    let id = finished_game(&b);
    let page = get(&app(&b), &format!("/g/{id}"), &[]).await;
    assert!(!page.body.contains("match-games") && !page.body.contains("data-game"));
    assert!(data(&page.body).get("games").is_none());
}

/// The nonce of the answer's Content-Security-Policy.
fn csp_nonce(a: &crate::web_game::Answer) -> String {
    let csp = a.headers[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
    let start = csp.find("'nonce-").unwrap() + 7;
    csp[start..start + csp[start..].find('\'').unwrap()].to_string()
}

#[tokio::test]
async fn a_finished_games_page_is_kept_with_one_tag_and_a_fresh_nonce_each_time() {
    let b = bench();
    let id = finished_game(&b);
    let state = state_of(&b);
    let pages = state.pages.clone();
    let app = mancala_bot::web::routes(state);
    let path = format!("/g/{id}");
    let first = get(&app, &path, &[]).await;
    assert_eq!(first.status, StatusCode::OK);
    assert_eq!(pages.len(), 1, "kept");
    let second = get(&app, &path, &[]).await;
    let tag = first.headers[header::ETAG].to_str().unwrap().to_string();
    assert_eq!(second.headers[header::ETAG], tag.as_str());
    assert_eq!(second.headers[header::CACHE_CONTROL], "no-cache");
    let (n1, n2) = (csp_nonce(&first), csp_nonce(&second));
    assert_ne!(n1, n2);
    assert!(
        second.body.contains(&format!("nonce=\"{n2}\"")),
        "{}",
        second.body
    );
    assert!(!second.body.contains(&n1) && !second.body.contains("placeholder"));
    // The same page but for its nonces.
    assert_eq!(first.body.replace(&n1, &n2), second.body);
    let again = get(&app, &path, &[("if-none-match", &tag)]).await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    assert!(again.body.is_empty());
    // Another language is another page, with its own tag.
    let fr = get(&app, &format!("{path}?lang=fr"), &[]).await;
    assert!(fr.body.contains("<html lang=\"fr\">"));
    assert_ne!(fr.headers[header::ETAG], tag.as_str());
    assert_eq!(pages.len(), 2);
    // The community's choices apply at the next request: indexed, then off.
    let at = chan("a");
    web_on(&b, &at, "index");
    let indexed = get(&app, &path, &[]).await;
    assert!(!indexed.body.contains("noindex"), "{}", indexed.body);
    assert_ne!(indexed.headers[header::ETAG], tag.as_str());
    web_on(&b, &at, "off");
    let off = get(&app, &path, &[]).await;
    assert_eq!(off.status, StatusCode::NOT_FOUND);
    let unknown = get(&app, "/g/zzzzzzzz", &[]).await;
    assert_eq!(off.body.replace(&id, "zzzzzzzz"), unknown.body);
    let stale = get(&app, &path, &[("if-none-match", &tag)]).await;
    assert_eq!(
        stale.status,
        StatusCode::NOT_FOUND,
        "no 304 for a page that is off"
    );
    web_on(&b, &at, "on");
    assert_eq!(get(&app, &path, &[]).await.status, StatusCode::OK);
    // A game in play is never kept.
    let live = crate::web_game::start(&b, &chan("live"), ("carol", "dave"));
    web_on(&b, &chan("live"), "on");
    let before = pages.len();
    let page = get(&app, &format!("/g/{live}"), &[]).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.headers.get(header::ETAG).is_none());
    assert_eq!(pages.len(), before);
}
