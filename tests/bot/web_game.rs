//! A game's web page and files (`/g/ID`, `.json`, `.gif`, `/state`, pictures) through
//! the router (`oneshot`, no socket): the community gate, hostile ids and names, the
//! CSP nonce, the page's language, the live state's ETag, and the JSON download read
//! back by `import` and `replay`.

use axum::body::Body;
use axum::http::{header, HeaderMap, Request, StatusCode};
use axum::Router;
use mancala_bot::core::api::ChatCore;
use mancala_bot::metrics::{Health, Metrics};
use mancala_bot::model::ChannelKey;
use mancala_bot::store::{Record, Store};
use mancala_bot::web::{routes, WebState};
use mancala_rules::{Game, Variant};
use tower::ServiceExt;

use crate::core_chat::{bench, chan, say, say_as, Bench};

/// The router of the pages over `b`'s store and painter.
pub fn app(b: &Bench) -> Router {
    routes(state_of(b))
}

/// The listener's state over `b`'s store and painter.
pub fn state_of(b: &Bench) -> WebState {
    let metrics = Metrics::global();
    WebState {
        store: Some(b.store.clone()),
        painter: Some(b.painter.clone()),
        ..WebState::bare(Health::new(metrics.clone()), metrics)
    }
}

/// An answer: status, headers, body as text.
pub struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: String,
    pub bytes: Vec<u8>,
}

impl Answer {
    fn header(&self, name: header::HeaderName) -> &str {
        self.headers
            .get(name)
            .map_or("", |v| v.to_str().unwrap_or(""))
    }
}

/// `GET path` with `headers`.
pub async fn get(app: &Router, path: &str, headers: &[(&str, &str)]) -> Answer {
    let mut req = Request::get(path);
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let res = app
        .clone()
        .oneshot(req.body(Body::empty()).unwrap())
        .await
        .unwrap();
    let status = res.status();
    let headers = res.headers().clone();
    let bytes = axum::body::to_bytes(res.into_body(), 1 << 26)
        .await
        .unwrap()
        .to_vec();
    Answer {
        status,
        headers,
        body: String::from_utf8_lossy(&bytes).into_owned(),
        bytes,
    }
}

/// Every reply of `text` from `author` in `at` is no refusal.
#[track_caller]
pub fn fine(b: &Bench, at: &ChannelKey, author: &str, text: &str) {
    for r in say(&b.core, at, author, text) {
        assert!(!r.is_error, "{text}: refused: {}", r.text());
    }
}

/// The record of the game in `at` (in play).
pub fn record_in(b: &Bench, at: &ChannelKey) -> Record {
    b.store.load(at).unwrap().unwrap().record
}

/// `alice` (South) and `bob` start a Katro game in `at`: its id.
pub fn start(b: &Bench, at: &ChannelKey, (south, north): (&str, &str)) -> String {
    fine(
        b,
        at,
        south,
        &format!("!new katro @{north} as south notime"),
    );
    fine(b, at, north, "!accept");
    record_in(b, at).id
}

/// A line of `plies` legal Katro moves that does not end the game (a seeded random
/// playout, the first seed that lasts).
pub fn long_line(plies: usize) -> Vec<String> {
    for seed in 1u64.. {
        let mut game = Game::new(Variant::KATRO);
        let mut x = seed;
        let mut line = Vec::new();
        while line.len() < plies && !game.outcome().is_over() {
            let legal = game.legal_moves();
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let mv = legal[(x >> 33) as usize % legal.len()];
            line.push(mv.to_string());
            game.play(mv).unwrap();
        }
        if line.len() == plies && !game.outcome().is_over() {
            return line;
        }
    }
    unreachable!()
}

/// The moves `line` played in `at`, each by the player to move.
pub fn play_line(b: &Bench, at: &ChannelKey, line: &[String]) {
    for mv in line {
        let r = record_in(b, at);
        let side = r.play().unwrap().game().position().to_move();
        let who = r.player(side).unwrap().name.clone();
        fine(b, at, &who, &format!("!sow {mv}"));
    }
}

/// The pages of the community of `at` turned on by an organizer.
pub fn web_on(b: &Bench, at: &ChannelKey, mode: &str) {
    for r in say_as(&b.core, at, "orga", &format!("!set web {mode}"), true) {
        assert!(!r.is_error, "{}", r.text());
    }
}

/// A finished game of 6 moves in `#a`, pages on: its id.
pub fn finished_game(b: &Bench) -> String {
    let at = chan("a");
    web_on(b, &at, "on");
    let id = start(b, &at, ("alice", "bob"));
    play_line(b, &at, &long_line(6));
    fine(b, &at, "alice", "!resign");
    id
}

/// The seeds of each hole the page's board shows (`data-hole`, `data-seeds`), in
/// order, and its `data-ply`.
pub fn board_shown(html: &str) -> (usize, Vec<(String, String)>) {
    let ply = attr(&html[html.find("id=\"board\"").unwrap()..], "data-ply")
        .parse()
        .unwrap();
    let mut holes = Vec::new();
    let mut rest = html;
    while let Some(i) = rest.find("data-hole=\"") {
        rest = &rest[i..];
        holes.push((attr(rest, "data-hole"), attr(rest, "data-seeds")));
        rest = &rest[1..];
    }
    (ply, holes)
}

/// The value of the first `name="..."` in `s`.
fn attr(s: &str, name: &str) -> String {
    let start = s.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
    s[start..start + s[start..].find('"').unwrap()].to_string()
}

/// The seeds of each hole of the position after `moves`, as [`board_shown`] lists them
/// (North's row first, each from column a).
pub fn board_after(moves: &[String]) -> Vec<(String, String)> {
    let mut game = Game::new(Variant::KATRO);
    for m in moves {
        game.play_text(m).unwrap();
    }
    let pos = game.position();
    let v = pos.variant();
    let mut out = Vec::new();
    for row in (0..v.rows()).rev() {
        for col in 0..v.cols() {
            let h = mancala_rules::Hole::new(col, row);
            let seeds = pos.seeds(h).map_or("x".into(), |s| s.to_string());
            out.push((h.to_string(), seeds));
        }
    }
    out
}

#[tokio::test]
async fn a_finished_game_shows_its_players_moves_board_and_result() {
    let b = bench();
    let id = finished_game(&b);
    let page = get(&app(&b), &format!("/g/{id}"), &[]).await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(
        page.header(header::CONTENT_TYPE),
        "text/html; charset=utf-8"
    );
    let html = &page.body;
    assert!(
        html.starts_with("<!DOCTYPE html><html lang=\"en\">"),
        "{html}"
    );
    assert!(html.contains("name=\"viewport\""));
    assert!(html.contains(">alice<") && html.contains(">bob<"));
    // Display names only: no platform id.
    assert!(!html.contains("id-alice") && !html.contains("id-bob"));
    assert!(html.contains("Katro 6x6, game "));
    assert!(html.contains("resign"), "how it ended: {html}");
    let line = long_line(6);
    for mv in &line {
        assert!(html.contains(&format!(">{mv}</a>")), "{mv} listed");
    }
    let (ply, holes) = board_shown(html);
    assert_eq!(ply, 6);
    assert_eq!(holes, board_after(&line));
    assert!(html.contains(&format!("src=\"/g/{id}/6.png?lang=en\"")));
    assert!(html.contains(&format!("href=\"/g/{id}.json\"")));
    assert!(html.contains(&format!("href=\"/g/{id}.gif?lang=en\"")));
    assert!(html.contains("<meta name=\"robots\" content=\"noindex, nofollow\">"));
}

#[tokio::test]
async fn pages_that_are_off_answer_exactly_as_an_unknown_game() {
    let b = bench();
    let at = chan("a");
    let id = start(&b, &at, ("alice", "bob"));
    let app = app(&b);
    let unknown = get(&app, "/g/zzzzzzzz", &[]).await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    for path in ["", ".json", ".gif", "/state", "/0.png", "/chart.png"] {
        let off = get(&app, &format!("/g/{id}{path}"), &[]).await;
        assert_eq!(off.status, StatusCode::NOT_FOUND, "{path}");
        let other = get(&app, &format!("/g/zzzzzzzz{path}"), &[]).await;
        assert_eq!(
            off.body.replace(&id, "zzzzzzzz"),
            other.body,
            "{path}: the same answer as an unknown game"
        );
    }
    web_on(&b, &at, "on");
    assert_eq!(
        get(&app, &format!("/g/{id}"), &[]).await.status,
        StatusCode::OK
    );
    web_on(&b, &at, "off");
    assert_eq!(
        get(&app, &format!("/g/{id}"), &[]).await.status,
        StatusCode::NOT_FOUND
    );
    // Only an organizer turns them on.
    let r = say_as(&b.core, &at, "alice", "!set web on", false);
    assert!(r[0].is_error, "{}", r[0].text());
    assert_eq!(
        get(&app, &format!("/g/{id}"), &[]).await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn malformed_and_hostile_addresses_are_404() {
    let b = bench();
    let id = finished_game(&b);
    let app = app(&b);
    let upper = id.to_uppercase();
    let paths = [
        format!("/g/{upper}"),
        "/g/1700000000000-3".to_string(),
        "/g/..%2F..%2Fetc%2Fpasswd".to_string(),
        "/g/%3Cscript%3E".to_string(),
        format!("/g/{id}/..%2F..%2Fstore"),
        format!("/g/{id}/7.png"),
        format!("/g/{id}/06.png"),
        format!("/g/{id}/-1.png"),
        format!("/g/{id}/999999999.png"),
        format!("/g/{id}.exe"),
        format!("/g/{id}/state.json"),
        "/g/".to_string(),
        "/g".to_string(),
        "/nothing".to_string(),
    ];
    for p in &paths {
        let a = get(&app, p, &[]).await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{p}");
        assert!(a.body.contains("Page not found"), "{p}");
        assert!(!a.body.contains("<script"), "{p}");
    }
    // The 404 page's language links never point at another site.
    let a = get(&app, "//evil.example/x", &[]).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND);
    assert!(!a.body.contains("href=\"//evil"), "{}", a.body);
    assert!(a.body.contains("href=\"?lang=fr\""), "{}", a.body);
}

#[tokio::test]
async fn a_hostile_display_name_is_text() {
    let b = bench();
    let at = chan("a");
    web_on(&b, &at, "on");
    let evil = "<script>alert(1)</script>\"'&";
    fine(&b, &at, "alice", "!new katro @bob as south notime");
    // bob's name as the platform gives it, with markup in it.
    let replies = b.core.handle(&mancala_bot::core::api::Incoming {
        at: at.clone(),
        author: mancala_bot::model::User {
            id: "id-bob".into(),
            name: evil.into(),
        },
        text: "!accept".into(),
        mentions: vec![],
        is_organizer: false,
        locale: None,
    });
    assert!(replies.iter().all(|r| !r.is_error));
    let id = record_in(&b, &at).id;
    let page = get(&app(&b), &format!("/g/{id}"), &[]).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(!page.body.contains("<script>alert"), "{}", page.body);
    assert!(page
        .body
        .contains("&lt;script&gt;alert(1)&lt;/script&gt;&quot;'&amp;"));
    let state = get(&app(&b), &format!("/g/{id}/state"), &[]).await;
    let v: serde_json::Value = serde_json::from_str(&state.body).unwrap();
    assert!(v["status"].as_str().unwrap().contains("alice"));
}

#[tokio::test]
async fn every_html_answer_has_a_fresh_nonce_that_its_script_carries() {
    let b = bench();
    let id = finished_game(&b);
    let app = app(&b);
    let mut nonces = Vec::new();
    for _ in 0..2 {
        let page = get(&app, &format!("/g/{id}"), &[]).await;
        let csp = page.header(header::CONTENT_SECURITY_POLICY).to_string();
        let nonce = csp
            .split("'nonce-")
            .nth(1)
            .and_then(|s| s.split('\'').next())
            .unwrap()
            .to_string();
        assert!(
            csp.starts_with("default-src 'none'; script-src 'nonce-"),
            "{csp}"
        );
        for part in [
            "style-src 'self'",
            "img-src 'self' data:",
            "connect-src 'self'",
            "base-uri 'none'",
            "frame-ancestors 'none'",
        ] {
            assert!(csp.contains(part), "{csp}");
        }
        assert!(page.body.contains(&format!(
            "<script src=\"/static/replay.js\" nonce=\"{nonce}\" defer>"
        )));
        // Every executable script carries it (the data block is not executed).
        assert_eq!(
            page.body.matches("<script").count(),
            page.body.matches(&format!("nonce=\"{nonce}\"")).count() + 1
        );
        assert_eq!(page.header(header::X_CONTENT_TYPE_OPTIONS), "nosniff");
        assert_eq!(page.header(header::REFERRER_POLICY), "no-referrer");
        assert!(!page.body.contains("style=\""), "no inline style");
        nonces.push(nonce);
    }
    assert_ne!(nonces[0], nonces[1]);
    let css = get(&app, "/static/site.css", &[]).await;
    assert_eq!(css.status, StatusCode::OK);
    assert!(css.body.contains("prefers-color-scheme: dark"));
    assert_eq!(css.header(header::CONTENT_SECURITY_POLICY), "");
    let js = get(&app, "/static/replay.js", &[]).await;
    assert_eq!(
        js.header(header::CONTENT_TYPE),
        "text/javascript; charset=utf-8"
    );
}

#[tokio::test]
async fn the_language_is_the_query_then_the_header_then_the_channel() {
    let b = bench();
    let id = finished_game(&b);
    let app = app(&b);
    let lang = |a: &Answer| attr(&a.body, "lang");
    let g = format!("/g/{id}");
    assert_eq!(lang(&get(&app, &g, &[]).await), "en");
    let fr = get(
        &app,
        &g,
        &[("accept-language", "de, fr-CA;q=0.8, en;q=0.5")],
    )
    .await;
    assert_eq!(lang(&fr), "fr");
    assert!(fr.body.contains("Joueurs"));
    let ru = get(&app, &format!("{g}?lang=ru"), &[("accept-language", "fr")]).await;
    assert_eq!(lang(&ru), "ru");
    assert!(ru.body.contains("Игроки"));
    assert_eq!(lang(&get(&app, &format!("{g}?lang=xx"), &[]).await), "en");
    // The channel's language when the reader asks none the bot speaks.
    for r in say_as(&b.core, &chan("a"), "orga", "!set language es", true) {
        assert!(!r.is_error);
    }
    let es = get(&app, &g, &[("accept-language", "de")]).await;
    assert_eq!(lang(&es), "es");
    assert!(es.body.contains("Jugadores"));
    // A 404 never takes the channel's language (it would tell the game exists).
    let missing = get(&app, "/g/zzzzzzzz", &[("accept-language", "ru")]).await;
    assert_eq!(lang(&missing), "ru");
}

#[tokio::test]
async fn the_live_state_answers_304_until_a_move_lands() {
    let b = bench();
    let at = chan("a");
    web_on(&b, &at, "on");
    let id = start(&b, &at, ("alice", "bob"));
    let app = app(&b);
    let url = format!("/g/{id}/state");
    let first = get(&app, &url, &[]).await;
    assert_eq!(first.status, StatusCode::OK);
    let etag = first.header(header::ETAG).to_string();
    assert!(etag.starts_with('"') && etag.ends_with('"'), "{etag}");
    let v: serde_json::Value = serde_json::from_str(&first.body).unwrap();
    assert_eq!(v["plies"].as_array().unwrap().len(), 1);
    assert_eq!(v["finished"], false);
    let same = get(&app, &url, &[("if-none-match", &etag)]).await;
    assert_eq!(same.status, StatusCode::NOT_MODIFIED);
    assert!(same.body.is_empty());
    let line = long_line(1);
    play_line(&b, &at, &line);
    let moved = get(&app, &url, &[("if-none-match", &etag)]).await;
    assert_eq!(moved.status, StatusCode::OK);
    assert_ne!(moved.header(header::ETAG), etag);
    let v: serde_json::Value = serde_json::from_str(&moved.body).unwrap();
    assert_eq!(v["plies"][1]["m"], line[0].as_str());
    let page = get(&app, &format!("/g/{id}"), &[]).await;
    assert!(page.body.contains("\"live\":true"));
    assert!(page.body.contains("bob (North) to move"), "{}", page.body);
}

#[tokio::test]
async fn the_json_download_is_read_back_by_import_and_replay() {
    let b = bench();
    let id = finished_game(&b);
    let json = get(&app(&b), &format!("/g/{id}.json"), &[]).await;
    assert_eq!(json.status, StatusCode::OK);
    assert_eq!(json.header(header::CONTENT_TYPE), "application/json");
    assert!(json
        .header(header::CONTENT_DISPOSITION)
        .contains(&format!("{id}.json")));
    assert!(!json.body.contains("id-alice") && !json.body.contains("id-bob"));
    // `import` into a fresh data directory takes it.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.json");
    std::fs::write(&file, &json.body).unwrap();
    let data = dir.path().join("data");
    let bin = env!("CARGO_BIN_EXE_mancala-bot");
    let out = std::process::Command::new(bin)
        .args(["import", "--data"])
        .arg(&data)
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let store = mancala_bot::store::SledStore::open(&data.join("store"), 8 << 20).unwrap();
    let back = store.finished(&id).unwrap().expect("imported");
    let original = b.store.finished(&id).unwrap().unwrap();
    let moves = |r: &Record| -> Vec<String> {
        let g = r.play().unwrap().game();
        g.moves().iter().map(|m| m.to_string()).collect()
    };
    assert_eq!(moves(&back), moves(&original));
    assert_eq!(
        back.player(mancala_rules::Side::South).unwrap().name,
        "alice"
    );
    assert_eq!(back.player(mancala_rules::Side::South).unwrap().id, "south");
    // `replay` plays its moves: every one legal, the same final position.
    let out = std::process::Command::new(bin)
        .arg("replay")
        .arg("katro")
        .args(moves(&back))
        .arg("--json")
        .output()
        .unwrap();
    assert!(out.status.success());
    let last: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&out.stdout).lines().last().unwrap()).unwrap();
    let start = original.play().unwrap().game();
    let mut g = Game::from_position(start.start());
    for m in start.moves() {
        g.play(*m).unwrap();
    }
    assert_eq!(last["position"], g.position().to_string());
}

#[tokio::test]
async fn pictures_gif_and_chart_are_drawn_by_the_painter() {
    let b = bench();
    let id = finished_game(&b);
    let app = app(&b);
    for ply in 0..=6 {
        let png = get(&app, &format!("/g/{id}/{ply}.png"), &[]).await;
        assert_eq!(png.status, StatusCode::OK, "{ply}");
        assert_eq!(png.header(header::CONTENT_TYPE), "image/png");
        assert!(png.bytes.starts_with(b"\x89PNG"));
        assert_eq!(png.header(header::CACHE_CONTROL), "public, max-age=86400");
    }
    let gif = get(&app, &format!("/g/{id}.gif"), &[]).await;
    assert_eq!(gif.status, StatusCode::OK);
    assert_eq!(gif.header(header::CONTENT_TYPE), "image/gif");
}

#[tokio::test]
async fn index_opt_in_drops_noindex() {
    let b = bench();
    let id = finished_game(&b);
    web_on(&b, &chan("a"), "index");
    let page = get(&app(&b), &format!("/g/{id}"), &[]).await;
    assert!(!page.body.contains("noindex"), "{}", page.body);
    web_on(&b, &chan("a"), "noindex");
    let page = get(&app(&b), &format!("/g/{id}"), &[]).await;
    assert!(page.body.contains("noindex"));
}

/// The figure of the issue: a 60-move game's page, pictures aside, stays small.
#[tokio::test]
async fn a_sixty_move_page_is_small() {
    let b = bench();
    let at = chan("a");
    web_on(&b, &at, "on");
    let id = start(&b, &at, ("alice", "bob"));
    play_line(&b, &at, &long_line(60));
    let page = get(&app(&b), &format!("/g/{id}"), &[]).await;
    let kb = page.bytes.len() as f64 / 1024.0;
    eprintln!("page of a 60-move game: {kb:.1} KB");
    assert!(kb <= 200.0, "{kb} KB");
    let (ply, holes) = board_shown(&page.body);
    assert_eq!(ply, 60);
    assert_eq!(holes, board_after(&long_line(60)));
}

/// The links of `replies` (`Segment::Link`), as (url, label).
fn links(replies: &[mancala_bot::core::api::Reply]) -> Vec<(String, String)> {
    replies
        .iter()
        .flat_map(|r| r.body.segments())
        .filter_map(|s| match s {
            mancala_bot::core::api::Segment::Link { url, label } => Some((url, label)),
            _ => None,
        })
        .collect()
}

#[tokio::test]
async fn replies_link_the_game_page_at_start_end_and_board_where_pages_are_on() {
    let b = crate::core_chat::bench_with(mancala_bot::core::Settings {
        public_url: Some("https://games.example.org/mancala/".into()),
        ..Default::default()
    });
    let at = chan("a");
    // Pages off: no link anywhere.
    fine(&b, &at, "alice", "!new katro @bob as south notime");
    let start_off = say(&b.core, &at, "bob", "!accept");
    assert_eq!(links(&start_off), vec![]);
    assert_eq!(links(&say(&b.core, &at, "bob", "!board")), vec![]);
    fine(&b, &at, "alice", "!resign");
    web_on(&b, &at, "on");
    fine(&b, &at, "alice", "!new katro @bob as south notime");
    let started = say(&b.core, &at, "bob", "!accept");
    let id = record_in(&b, &at).id;
    let url = format!("https://games.example.org/mancala/g/{id}");
    let link = vec![(url.clone(), "Game page".to_string())];
    assert_eq!(links(&started), link, "at the start");
    assert!(started[0]
        .body
        .plain(0)
        .ends_with(&format!("\nGame page: {url}")));
    assert_eq!(links(&say(&b.core, &at, "alice", "!board")), link, "!board");
    assert_eq!(
        links(&say(&b.core, &at, "bob", "!resign")),
        link,
        "at the end"
    );
    // The last game's !board links it too; the page itself answers.
    assert_eq!(links(&say(&b.core, &at, "alice", "!board")), link);
    assert_eq!(
        get(&app(&b), &format!("/g/{id}"), &[]).await.status,
        StatusCode::OK
    );
    // In French, the label is French.
    for r in say_as(&b.core, &at, "orga", "!set language fr", true) {
        assert!(!r.is_error);
    }
    assert_eq!(
        links(&say(&b.core, &at, "alice", "!board"))[0].1,
        "Page de la partie"
    );
}

/// The community's web settings (`site/COMMUNITY`) go through `export` and `import`
/// like every other document.
#[tokio::test]
async fn the_web_setting_is_backed_up_and_restored() {
    let b = bench();
    let id = finished_game(&b);
    web_on(&b, &chan("a"), "index");
    let mut out = Vec::new();
    mancala_bot::core::backup::export(&*b.store, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    // The community's public id (its pages' address) goes with them.
    let site = text
        .lines()
        .find(|l| l.starts_with(r#"{"doc":"site/guild-1","#))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        site.contains(r#""index":true"#) && site.contains(r#""web":true"#),
        "{site}"
    );
    assert!(site.contains(r#""public_id":""#), "{site}");
    let backup = mancala_bot::core::backup::read(text.as_bytes()).unwrap();
    let fresh = bench();
    mancala_bot::core::backup::import(&*fresh.store, &backup).unwrap();
    let page = get(&app(&fresh), &format!("/g/{id}"), &[]).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(!page.body.contains("noindex"));
}

/// A finished game with its `!analyze` review stored shows the review and its chart on
/// its page (K7 of the AI crate: `d1-` misses an 18-seed capture).
#[tokio::test]
async fn a_stored_analysis_is_on_the_page() {
    use mancala_bot::model::GameKind;
    use mancala_bot::store::{Play, Write};
    let b = crate::core_chat::bench_with(mancala_bot::core::Settings {
        ai_ms_per_move: 0,
        ai_max_nodes: Some(20_000),
        ..Default::default()
    });
    let at = chan("reviewed");
    web_on(&b, &at, "on");
    let start: mancala_rules::Position = "katro:4x4/1,0,0,1/1,0,0,0/8,0,0,0/5,5,5,6 s"
        .parse()
        .unwrap();
    let mut game = Game::from_position(start);
    game.play_text("d1-").unwrap();
    let mut r = Record::in_play(
        "ab0cd1ef".into(),
        at.clone(),
        GameKind::single(start.variant()),
        crate::core_chat::user("alice"),
        crate::core_chat::user("bob"),
        Play::Game(game),
        None,
        1_700_000_000_000,
    );
    assert!(b.store.write(&at, None, Write::Put(&r)).unwrap());
    let v = b.store.load(&at).unwrap().unwrap().version;
    let at_ms = r.updated_ms;
    r.finish(Some(mancala_bot::store::Verdict::Aborted), at_ms)
        .unwrap();
    assert!(b.store.write(&at, Some(&v), Write::Finish(&r)).unwrap());
    let before = get(&app(&b), "/g/ab0cd1ef", &[]).await;
    assert_eq!(before.status, StatusCode::OK);
    assert!(!before.body.contains("analysis.png"));
    fine(&b, &at, "carol", "!analyze");
    let page = get(&app(&b), "/g/ab0cd1ef", &[]).await;
    assert!(page.body.contains("<h2>Analysis</h2>"), "{}", page.body);
    assert!(
        page.body.contains("Review of game ab0cd1ef"),
        "{}",
        page.body
    );
    assert!(page.body.contains("blunder"), "{}", page.body);
    assert!(page
        .body
        .contains("src=\"/g/ab0cd1ef/analysis.png?lang=en\""));
}

/// HEAD answers as GET without a body; other methods are refused; an open challenge
/// (no game yet) has no page.
#[tokio::test]
async fn head_other_methods_and_open_challenges() {
    let b = bench();
    let id = finished_game(&b);
    let app = app(&b);
    let res = app
        .clone()
        .oneshot(
            Request::head(format!("/g/{id}"))
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.headers().contains_key(header::CONTENT_SECURITY_POLICY));
    let body = axum::body::to_bytes(res.into_body(), 1 << 20)
        .await
        .unwrap();
    assert!(body.is_empty());
    let res = app
        .clone()
        .oneshot(
            Request::post(format!("/g/{id}"))
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::METHOD_NOT_ALLOWED);
    let at = chan("c");
    fine(&b, &at, "carol", "!new katro @dave");
    let challenge = record_in(&b, &at).id;
    assert!(!challenge.is_empty());
    let a = get(&app, &format!("/g/{challenge}"), &[]).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND);
}
